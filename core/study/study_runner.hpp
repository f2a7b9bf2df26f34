// SPDX-License-Identifier: MIT
#pragma once

// Running a study (study_spec.hpp) into its table: one CSV row per run,
//   run, <parameter>…, <metric>…, ok, error
// (run: the run's index; ok: 1 or 0; error: why a run failed, quoted; numbers in the shortest
// form that reads back to the same double). Rows are appended as runs finish and flushed, so an
// interrupted study keeps what finished; run again on the same table, it skips the runs there
// and runs the rest. A finished study's table is sorted by run.

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/study/study_spec.hpp"

namespace sslm {

/// The table's header line (no newline).
std::string studyHeader(const Study& study);

/// Computes run `index` and returns its row (no newline), `ok` (if given) whether it succeeded.
/// Never throws: a run that fails is a row with ok = 0 and the error.
std::string studyRow(const Study& study, long index, bool* ok = nullptr);

/// The rows of `runs` computed on `threads` threads (0: every core), in the order of `runs`.
std::vector<std::string> studyRows(const Study& study, const std::vector<long>& runs, int threads);

/// The runs already in the table at `path` (none when it does not exist), after dropping a
/// last line cut short by an interruption. Throws std::runtime_error when the file's header is
/// not this study's (another study's table).
std::vector<long> finishedRuns(const Study& study, const std::filesystem::path& path);

/// Appends rows (each without its newline) to the table at `path`, writing the header first
/// when the file is new, and flushes; throws std::runtime_error when it cannot write.
void appendStudyRows(const Study& study,
                     const std::filesystem::path& path,
                     const std::vector<std::string>& rows);

/// Rewrites the table at `path` with its rows sorted by run (atomically).
void sortStudyTable(const std::filesystem::path& path);

struct StudyProgress {
    long total = 0;   ///< runs in the study
    long done = 0;    ///< runs in the table, skipped ones included
    long failed = 0;  ///< of the runs computed now, those with ok = 0
    long skipped = 0; ///< runs found in the table at the start
};

/// Called after each run (from a worker thread, one at a time); false cancels: the runs under
/// way finish and are written, the others are left for a later resume.
using StudyProgressCallback = std::function<bool(const StudyProgress&)>;

struct StudyOutcome {
    StudyProgress progress;
    bool cancelled = false;
    double wallSeconds = 0;
};

/// Runs the study's runs that are not in the table at `path` yet on `threads` threads (0: every
/// core), appending each row as it finishes, then sorts the table unless cancelled.
StudyOutcome runStudy(const Study& study,
                      const std::filesystem::path& path,
                      int threads,
                      const StudyProgressCallback& progress = {});

} // namespace sslm
