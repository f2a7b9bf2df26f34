// SPDX-License-Identifier: MIT
#pragma once

// `sslm modes FILE [--hold COORD=VALUE]... [--time T] [--cut J4] [--json]`: the vibration
// modes (core/statics/vibration_modes.hpp) about the equilibrium nearest the file's assembled
// initial pose (the held coordinates locked): each mode's natural frequency (Hz), ω², damping
// ratio and shape in the free minimal coordinates, the damped eigenvalues, and the reduced
// mass, stiffness and damping with the accuracy of their differences. --json prints the object
// core/statics/statics_report.hpp describes. Exit 2 when there is no equilibrium near the start
// or the pose is singular.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace sslm::cli {

struct ModesCommandOptions {
    std::string file;
    std::vector<std::string> holds; ///< "COORD=VALUE"
    double time = 0;
    std::optional<std::string> cuts;
    bool json = false;
};

/// Adds the `modes` subcommand to `app`, writing into `options`.
CLI::App* addModesCommand(CLI::App& app, ModesCommandOptions& options);

/// Runs it; returns the process exit code.
int runModes(const ModesCommandOptions& options);

} // namespace sslm::cli
