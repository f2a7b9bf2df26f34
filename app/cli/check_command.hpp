// SPDX-License-Identifier: MIT
#pragma once

// `sslm check FILE [--json]`: the Studio's Check panel on the command line, for files that may
// not be finished (a drawing saved half-way): DOF by Grübler's count and by the rank of J, the
// independent loops, whether the initial state assembles, and every problem with the bodies
// and joints it is about and its fix. Exit code 0 when it is ready to simulate, 2 otherwise.

#include <string>

#include <CLI/CLI.hpp>

namespace sslm::cli {

struct CheckOptions {
    std::string file;
    bool json = false;
};

/// Adds the `check` subcommand to `app`, writing into `options`.
CLI::App* addCheckCommand(CLI::App& app, CheckOptions& options);

/// Runs it; returns the process exit code (kExitOk or kExitBadInput).
int runCheck(const CheckOptions& options);

} // namespace sslm::cli
