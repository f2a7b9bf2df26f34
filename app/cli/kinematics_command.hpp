// SPDX-License-Identifier: MIT
#pragma once

// `sslm kinematics FILE --input NAME --from A --to B --steps N [--degrees] [--cut ...]
// [--out FILE]`: position analysis over a sweep of one input coordinate, from the assembled
// initial state and keeping its assembly branch. Writes CSV: the input (in the unit of --from
// and --to), every coordinate (rad or m), each traced point's x and y (m), σ_min(J_dep) and a
// 0/1 toggle flag.

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace sslm::cli {

struct KinematicsOptions {
    std::string file;
    std::string input;
    double from = 0;
    double to = 0;
    int steps = 0;
    bool degrees = false;
    std::optional<std::string> cuts;   ///< raw --cut value
    std::string out;                   ///< empty: stdout
    std::optional<std::string> branch; ///< raw --branch value
};

/// Adds the `kinematics` subcommand to `app`, writing into `options`.
CLI::App* addKinematicsCommand(CLI::App& app, KinematicsOptions& options);

/// Runs it; returns the process exit code (kExitOk or kExitBadInput).
int runKinematics(const KinematicsOptions& options);

} // namespace sslm::cli
