// SPDX-License-Identifier: MIT
#include "app/cli/study_command.hpp"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <iostream>

#include "app/cli/load_model.hpp"
#include "core/study/study_runner.hpp"

namespace sslm::cli {

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void onInterrupt(int) {
    g_interrupted = true;
}

} // namespace

CLI::App* addStudyCommand(CLI::App& app, StudyOptions& options) {
    CLI::App* cmd = app.add_subcommand(
        "study", "Parameter study on every core: one table row per run; resumes an "
                 "interrupted table");
    cmd->add_option("SPEC", options.file, "Study file (.json; see docs/python.md)")->required();
    cmd->add_option("--out", options.out,
                    "Table to write (CSV), overriding the study's \"output\"");
    cmd->add_option("--threads", options.threads, "Threads (default 0: every core)");
    cmd->add_flag("--quiet", options.quiet, "No progress and no summary on the terminal");
    return cmd;
}

int runStudyCommand(const StudyOptions& options) {
    std::optional<Study> study;
    try {
        study = loadStudy(options.file);
    } catch (const std::exception& e) {
        std::cerr << options.file << ": error: " << e.what() << '\n';
        return kExitBadInput;
    }
    const std::string out = options.out.empty() ? study->output : options.out;
    if (out.empty()) {
        std::cerr << options.file << ": error: the study has no \"output\"; pass --out F.csv\n";
        return kExitBadInput;
    }
    if (options.threads < 0) {
        std::cerr << "sslm study: error: --threads must be 0 (every core) or more\n";
        return kExitBadInput;
    }

    g_interrupted = false;
    const auto previous = std::signal(SIGINT, onInterrupt);
    const auto start = std::chrono::steady_clock::now();
    double nextReport = kProgressSeconds;
    bool shown = false;
    StudyOutcome outcome;
    try {
        outcome = runStudy(*study, out, options.threads, [&](const StudyProgress& p) {
            const double elapsed =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (!options.quiet && elapsed >= nextReport) {
                nextReport = elapsed + kProgressSeconds;
                std::fprintf(stderr, "\rsslm study: %ld of %ld runs (%ld failed), %.1f s elapsed",
                             p.done, p.total, p.failed, elapsed);
                shown = true;
            }
            return !g_interrupted;
        });
    } catch (const std::exception& e) {
        std::signal(SIGINT, previous);
        std::cerr << (shown ? "\n" : "") << "sslm study: error: " << e.what() << '\n';
        return kExitBadInput;
    }
    std::signal(SIGINT, previous);
    if (shown) {
        std::fputc('\n', stderr);
    }
    const StudyProgress& p = outcome.progress;
    const long ran = p.done - p.skipped;
    if (!options.quiet || outcome.cancelled) {
        std::cout << "sslm study: " << ran << " runs in " << shortNumber(outcome.wallSeconds)
                  << " s ("
                  << shortNumber(outcome.wallSeconds > 0
                                     ? static_cast<double>(ran) / outcome.wallSeconds
                                     : 0.0)
                  << " runs/s), " << p.failed << " failed";
        if (p.skipped > 0) {
            std::cout << ", " << p.skipped << " already in the table";
        }
        std::cout << "; " << p.done << " of " << p.total << " runs in " << out << '\n';
    }
    if (outcome.cancelled) {
        std::cerr << "sslm study: interrupted; run the same command again to resume\n";
        return 130;
    }
    return kExitOk;
}

} // namespace sslm::cli
