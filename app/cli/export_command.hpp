// SPDX-License-Identifier: MIT
#pragma once

// `sslm export FILE --to mjcf --out F`: a mechanism file in another tool's format. MJCF
// (MuJoCo 2.2) now; urdf and sdf are refused as not supported yet (exit code 2). Prints what
// was mapped, approximated and dropped; never writes over FILE, and writes nothing on an
// error.

#include <string>

#include <CLI/CLI.hpp>

namespace sslm::cli {

struct ExportOptions {
    std::string file;
    std::string to;
    std::string out;
};

/// Adds the `export` subcommand to `app`, writing into `options`.
CLI::App* addExportCommand(CLI::App& app, ExportOptions& options);

/// Runs it; returns the process exit code (kExitOk or kExitBadInput).
int runExport(const ExportOptions& options);

} // namespace sslm::cli
