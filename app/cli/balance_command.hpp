// SPDX-License-Identifier: MIT
#pragma once

// `sslm balance FILE --body ID[:mass=A:B,x=A:B,y=A:B,z=A:B]... --out NEW.json [options]`:
// counterweights on the named bodies that minimise a weighted objective of the RMS shaking
// force, the RMS shaking moment and the RMS (or peak) driving torque over one cycle of the
// prescribed input motion (core/balance/counterweight_balance.hpp). Writes the mechanism with
// the counterweights as a new file, never over FILE; reports each term before and after, the
// evaluations and the time (--json: one object). Progress lines on stderr; Ctrl+C stops and
// writes nothing (exit 130); --max-evals and --max-time stop and write the best found so far.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/balance/counterweight_balance.hpp"

namespace sslm::cli {

struct BalanceOptions {
    std::string file;
    std::vector<double> momentAbout; ///< --moment-about: X,Y or X,Y,Z (m, W)
    std::vector<std::string> bodies; ///< "ID" or "ID:mass=A:B,x=A:B,y=A:B,z=A:B"
    std::optional<std::string> mass; ///< "MIN:MAX" kg for every body; default 0:its own mass
    std::optional<double> reach;     ///< m: positions within ±reach; default the body's size
    /// The objective's weights, the mass limit and the optimiser's limits, set straight from
    /// their options; the core's defaults. The rest is filled in by runBalance.
    BalanceSettings optimiser;
    std::string torque = "rms";
    std::string algorithm = "bobyqa";
    std::vector<std::string> speeds;
    std::vector<std::string> motions;
    std::optional<double> period;
    std::optional<double> sampleInterval;
    std::optional<std::string> cuts;
    std::string out;
    bool json = false;
    bool quiet = false;
};

/// Adds the `balance` subcommand to `app`, writing into `options`.
CLI::App* addBalanceCommand(CLI::App& app, BalanceOptions& options);

/// Runs it; returns the process exit code: kExitOk (also when nothing improves or a limit
/// stops it), kExitBadInput for a bad file, option or failed run, 130 when interrupted.
int runBalance(const BalanceOptions& options);

} // namespace sslm::cli
