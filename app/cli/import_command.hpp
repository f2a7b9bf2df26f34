// SPDX-License-Identifier: MIT
#pragma once

// `sslm import FILE --out F.json [--json] [--keep-spatial]`: another tool's model file as a
// mechanism file. The format comes from the extension: URDF (.urdf, with URDF+ <loop> and
// <constraint> closures), SDFormat (.sdf, .world) and MJCF (.xml, .mjcf, through MuJoCo 2.2's
// parser). A planar linkage drawn in 3-D is written as a planar mechanism unless
// --keep-spatial. Prints what was mapped, approximated and dropped (or one JSON object), and
// writes the mechanism; a malformed file gets exit code 2 with the file, line and element
// named, and nothing is written.

#include <string>

#include <CLI/CLI.hpp>

namespace sslm::cli {

struct ImportOptions {
    std::string file;
    std::string out;
    bool json = false;
    bool keepSpatial = false;
};

/// Adds the `import` subcommand to `app`, writing into `options`.
CLI::App* addImportCommand(CLI::App& app, ImportOptions& options);

/// Runs it; returns the process exit code (kExitOk or kExitBadInput).
int runImport(const ImportOptions& options);

} // namespace sslm::cli
