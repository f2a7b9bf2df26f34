// SPDX-License-Identifier: MIT
#pragma once

// `sslm equilibrium FILE [--hold COORD=VALUE]... [--all] [--time T] [--cut J4] [--json]` and
// `sslm equilibrium FILE --sweep COORD=FROM:TO:N [--hold ...] [--out curve.csv]`: where the
// file's mechanism rests (core/statics/static_equilibrium.hpp), from its assembled initial pose,
// under gravity, springs, loads, stops and the actuators' forces at time T (0 by default), with
// the --hold coordinates locked: every coordinate, the residual, the stiffness eigenvalues and
// stability, the holding efforts and the joint reactions; --all lists the distinct equilibria
// from a spread of starting poses (unstable ones too). --sweep writes the holding-effort curve
// (core/statics/holding_effort.hpp) as CSV, columns as core/statics/statics_report.hpp names
// them. Exit 2 when there is no equilibrium near the start, a hold cannot be held, or the pose
// is singular.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace sslm::cli {

struct EquilibriumCommandOptions {
    std::string file;
    std::vector<std::string> holds; ///< "COORD=VALUE"
    std::optional<std::string> sweep;
    double time = 0;
    bool all = false;
    std::optional<std::string> cuts;
    bool json = false;
    std::string out; ///< --sweep's CSV; empty: stdout
};

/// Adds the `equilibrium` subcommand to `app`, writing into `options`.
CLI::App* addEquilibriumCommand(CLI::App& app, EquilibriumCommandOptions& options);

/// Runs it; returns the process exit code.
int runEquilibrium(const EquilibriumCommandOptions& options);

} // namespace sslm::cli
