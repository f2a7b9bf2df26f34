// SPDX-License-Identifier: MIT
#include "core/study/study_runner.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "core/sim/sample_csv.hpp"
#include "core/study/run_table.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/diagnostic.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

/// A CSV field in quotes, quotes doubled and line breaks as "; ".
std::string csvQuoted(const std::string& text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"') {
            out += "\"\"";
        } else if (c == '\n' || c == '\r') {
            if (out.size() > 1 && out.back() != ' ') {
                out += "; ";
            }
        } else {
            out += c;
        }
    }
    while (out.size() > 1 && (out.back() == ' ' || out.back() == ';')) {
        out.pop_back();
    }
    return out + '"';
}

/// Runs `work` on min(threads, jobs) threads, this one included (threads ≤ 0: one per core).
template <class Work> void runOnThreads(int threads, std::size_t jobs, const Work& work) {
    const int wanted =
        threads > 0 ? threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    const int n = std::min<int>(wanted, static_cast<int>(std::max<std::size_t>(jobs, 1)));
    std::vector<std::thread> pool;
    for (int t = 1; t < n; ++t) {
        pool.emplace_back(work);
    }
    work();
    for (std::thread& thread : pool) {
        thread.join();
    }
}

/// Whether the file at `path` is missing or empty.
bool isEmptyFile(const std::filesystem::path& path) {
    std::error_code ec;
    return !std::filesystem::exists(path, ec) || std::filesystem::file_size(path, ec) == 0;
}

/// The run index at the start of a table row; -1 when it is not a number.
long runOfRow(const std::string& row) {
    try {
        std::size_t used = 0;
        const long run = std::stol(row, &used);
        return used > 0 && used < row.size() && row[used] == ',' ? run : -1;
    } catch (const std::exception&) {
        return -1;
    }
}

/// The lines of a file, and whether the last one was complete.
std::vector<std::string> readLines(const std::filesystem::path& path, bool& lastComplete) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::vector<std::string> lines = text::split(buffer.str(), '\n');
    lastComplete = lines.back().empty(); // after the last line break
    if (lastComplete) {
        lines.pop_back();
    }
    return lines;
}

/// Replaces the file at `path` by `lines`, each ended by a line break.
void writeLines(const std::filesystem::path& path, const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) {
        text += line + '\n';
    }
    if (const auto error = writeFileAtomically(path, text)) {
        throw std::runtime_error(path.string() + ": " + *error);
    }
}

} // namespace

std::string studyHeader(const Study& study) {
    std::string header = "run";
    for (const StudyParameter& p : study.parameters) {
        header += "," + p.name;
    }
    for (const StudyMetric& m : study.metrics) {
        header += "," + m.text;
    }
    return header + ",ok,error";
}

std::string studyRow(const Study& study, long index, bool* ok) {
    std::string row = std::to_string(index);
    const std::vector<double> values = study.valuesOf(index);
    for (const double x : values) {
        row += ',';
        appendCsvNumber(row, x);
    }
    std::string error;
    std::vector<double> metrics;
    try {
        ParameterDocument document = study.base;
        for (std::size_t i = 0; i < values.size(); ++i) {
            document.set(study.parameters[i].name, values[i]);
        }
        const LoadResult loaded = document.spec();
        if (!loaded.ok()) {
            error = "invalid mechanism: " + formatDiagnostics(loaded.diagnostics);
        } else {
            const RunTable table = runTable(*loaded.spec, study.run);
            if (!table.ok()) {
                error = table.error;
            } else {
                for (const StudyMetric& metric : study.metrics) {
                    metrics.push_back(evaluateMetric(metric, table));
                }
            }
        }
    } catch (const std::exception& e) {
        error = e.what();
        metrics.clear();
    }
    for (std::size_t m = 0; m < study.metrics.size(); ++m) {
        row += ',';
        if (error.empty()) {
            appendCsvNumber(row, metrics[m]);
        }
    }
    if (ok != nullptr) {
        *ok = error.empty();
    }
    return row + (error.empty() ? std::string(",1,") : ",0," + csvQuoted(error));
}

std::vector<std::string> studyRows(const Study& study, const std::vector<long>& runs, int threads) {
    std::vector<std::string> rows(runs.size());
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i = next++; i < runs.size(); i = next++) {
            rows[i] = studyRow(study, runs[i]);
        }
    };
    runOnThreads(threads, runs.size(), work);
    return rows;
}

std::vector<long> finishedRuns(const Study& study, const std::filesystem::path& path) {
    if (isEmptyFile(path)) {
        return {};
    }
    bool lastComplete = true;
    std::vector<std::string> lines = readLines(path, lastComplete);
    if (lines.empty() || lines.front() != studyHeader(study)) {
        throw std::runtime_error(path.string() + " holds another table (its header is not \"" +
                                 studyHeader(study) + "\"); choose another output or delete it");
    }
    if (!lastComplete) {
        // the interrupted run's row was cut short: drop it, it runs again
        lines.pop_back();
        writeLines(path, lines);
    }
    std::vector<long> runs;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        if (const long run = runOfRow(lines[i]); run >= 0) {
            runs.push_back(run);
        }
    }
    std::sort(runs.begin(), runs.end());
    runs.erase(std::unique(runs.begin(), runs.end()), runs.end());
    return runs;
}

void appendStudyRows(const Study& study,
                     const std::filesystem::path& path,
                     const std::vector<std::string>& rows) {
    const bool fresh = isEmptyFile(path);
    std::ofstream out(path, std::ios::out | std::ios::app | std::ios::binary);
    if (fresh) {
        out << studyHeader(study) << '\n';
    }
    for (const std::string& row : rows) {
        out << row << '\n';
    }
    out.flush();
    if (!out) {
        throw std::runtime_error(path.string() + ": cannot write the study's table");
    }
}

void sortStudyTable(const std::filesystem::path& path) {
    bool lastComplete = true;
    std::vector<std::string> lines = readLines(path, lastComplete);
    if (lines.empty()) {
        return;
    }
    std::stable_sort(
        lines.begin() + 1, lines.end(),
        [](const std::string& a, const std::string& b) { return runOfRow(a) < runOfRow(b); });
    writeLines(path, lines);
}

StudyOutcome runStudy(const Study& study,
                      const std::filesystem::path& path,
                      int threads,
                      const StudyProgressCallback& progress) {
    const auto start = std::chrono::steady_clock::now();
    StudyOutcome outcome;
    const std::vector<long> finished = finishedRuns(study, path);
    std::vector<long> pending;
    for (long run = 0; run < study.runCount(); ++run) {
        if (!std::binary_search(finished.begin(), finished.end(), run)) { // finished is sorted
            pending.push_back(run);
        }
    }
    outcome.progress.total = study.runCount();
    outcome.progress.skipped = outcome.progress.total - static_cast<long>(pending.size());
    outcome.progress.done = outcome.progress.skipped;
    appendStudyRows(study, path, {}); // the header of a new table

    std::mutex lock;
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    std::exception_ptr failure;
    const auto work = [&] {
        for (std::size_t i = next++; i < pending.size() && !cancelled; i = next++) {
            bool ok = false;
            const std::string row = studyRow(study, pending[i], &ok);
            const std::lock_guard<std::mutex> guard(lock);
            try {
                appendStudyRows(study, path, {row});
            } catch (...) {
                failure = std::current_exception();
                cancelled = true;
                return;
            }
            ++outcome.progress.done;
            outcome.progress.failed += ok ? 0 : 1;
            if (progress && !progress(outcome.progress)) {
                cancelled = true;
            }
        }
    };
    runOnThreads(threads, pending.size(), work);
    if (failure) {
        std::rethrow_exception(failure);
    }
    outcome.cancelled = cancelled;
    if (!outcome.cancelled) {
        sortStudyTable(path);
    }
    outcome.wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return outcome;
}

} // namespace sslm
