// SPDX-License-Identifier: MIT
#pragma once

// `sslm info FILE [--cut ...] [--branch ...] [--modes] [--json]`: the structure of a mechanism
// as SSLM sees it — loops, cut joints, subsystems, the block patterns of J (Koul et al. 2014,
// eq. 26) and of the GICM (eqs. 31–32) — and its assembled initial pose: DOF, closure
// residual, smallest singular value; with --modes every assembly mode at the file's inputs.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace sslm::cli {

struct InfoOptions {
    std::string file;
    std::optional<std::string> cuts; ///< raw --cut value
    bool json = false;
    std::optional<std::string> branch; ///< raw --branch value
    bool modes = false;                ///< --modes: list the assembly modes
};

/// Adds the `info` subcommand to `app`, writing into `options`.
CLI::App* addInfoCommand(CLI::App& app, InfoOptions& options);

/// Runs it; returns the process exit code (kExitOk or kExitBadInput).
int runInfo(const InfoOptions& options);

} // namespace sslm::cli
