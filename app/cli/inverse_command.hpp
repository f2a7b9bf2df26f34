// SPDX-License-Identifier: MIT
#pragma once

// `sslm inverse FILE [--speed COORD=OMEGA]... [--motion COORD=LAW]... [--t-end T] [--sample S]
// [--method subsystem|system|traditional] [--cut J8,J9,J10] [--out results.csv]
// [--summary-json FILE] [--quiet]`: inverse dynamics (core/inverse/inverse_run.hpp) of the
// file's mechanism with its driven coordinates following prescribed motions from the file's
// assembled initial pose. Without --speed/--motion the file's actuated coordinates turn at
// their initial rates. Writes, per sample, t, q.<coord>…, qd.<coord>…, tau.<driven>…, the cut
// multipliers lambda.<cut>.x/.y (.normal/.moment for a prismatic cut) and the reaction at every
// joint, reaction.<joint>.x/.y (+ .moment for a prismatic joint), as CSV to --out or stdout;
// progress on stderr; a summary on stdout when the CSV goes to a file, else on stderr (as
// `sslm simulate`). `sslm simulate --forced-from` reads the CSV back.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/cli/run_output_options.hpp"

namespace sslm::cli {

struct InverseOptions : RunOutputOptions {
    std::string file;
    std::vector<std::string> speeds;  ///< "COORD=OMEGA" (rad/s or m/s)
    std::vector<std::string> motions; ///< "COORD=LAW", e.g. "theta1=cycloidal:1.57:0.5"
    std::optional<double> tEnd;
    std::optional<double> sampleInterval;
    std::string method = "subsystem";
    std::optional<std::string> cuts;
};

/// Adds the `inverse` subcommand to `app`, writing into `options`.
CLI::App* addInverseCommand(CLI::App& app, InverseOptions& options);

/// Runs it; returns the process exit code (kExitOk, or kExitBadInput for a bad file, option or
/// motion and for a run stopped by a pose that cannot be assembled or solved).
int runInverse(const InverseOptions& options);

} // namespace sslm::cli
