// SPDX-License-Identifier: MIT
#pragma once

// `sslm generate ladder --cells L [--out F.json]` and `sslm generate stewart [--out F.json]`:
// writes a generated mechanism file, the spatial ladder of seed 003 §4.3 with the numbers of
// shared/spec/spatial.md (masses scaled so that every ladder moves like one 2-DOF Hooke
// pendulum) or the 6-UPS Stewart-Gough platform of stewartPlatformSpec(). Without --out the
// file goes to standard output. Exit code 0, or 2 for bad options or an unwritable file.

#include <string>

#include <CLI/CLI.hpp>

namespace sslm::cli {

struct GenerateOptions {
    std::string family; ///< "ladder" or "stewart"
    int cells = 0;      ///< ladder only; 0 when not given
    std::string out;    ///< empty: standard output
};

/// Adds the `generate` subcommand to `app`, writing into `options`.
CLI::App* addGenerateCommand(CLI::App& app, GenerateOptions& options);

/// Runs it; returns the process exit code (kExitOk or kExitBadInput).
int runGenerate(const GenerateOptions& options);

} // namespace sslm::cli
