// SPDX-License-Identifier: MIT
#pragma once

// `sslm study SPEC.json [--out F.csv] [--threads N] [--quiet]`: a parameter study
// (core/study/study_spec.hpp) on every core of this machine. Each run's row (parameters,
// metrics, ok, error) is appended to the table as it finishes; run again, the same command
// skips the runs already in the table, so an interrupted study (Ctrl+C) resumes where it
// stopped. Progress on stderr; exit code 0 when the study is complete (failed runs are rows),
// 2 for a bad study file, 130 when interrupted.

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace sslm::cli {

struct StudyOptions {
    std::string file;
    std::string out; ///< overrides the study's "output"
    int threads = 0; ///< 0: every core
    bool quiet = false;
};

/// Adds the `study` subcommand to `app`, writing into `options`.
CLI::App* addStudyCommand(CLI::App& app, StudyOptions& options);

/// Runs it; returns the process exit code.
int runStudyCommand(const StudyOptions& options);

} // namespace sslm::cli
