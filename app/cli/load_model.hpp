// SPDX-License-Identifier: MIT
#pragma once

// What the CLI verbs share: exit codes, the --cut option's syntax, and loading + compiling a
// mechanism file with every diagnostic printed to stderr under the file's name.

#include <chrono>
#include <fstream>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/model.hpp"
#include "core/util/text.hpp"

namespace sslm::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1; ///< a bug: an exception reached main
inline constexpr int kExitBadInput = 2; ///< bad file, cut set, coordinate, or no assembly

/// Progress lines on stderr start after this much wall time (s), then repeat at most this often.
inline constexpr double kProgressSeconds = 1.0;

/// A number for messages and summaries: 4 significant digits.
std::string shortNumber(double value);

/// Help text of the --cut option, shared by the verbs.
inline constexpr const char* kCutHelp =
    "Cut joints, comma-separated (e.g. J8,J9,J10), overriding the file's; 'auto' asks for the "
    "automatic choice";

/// Help text of the --branch option, shared by the verbs.
inline constexpr const char* kBranchHelp =
    "Assembly branch per loop, comma-separated in loop order (sslm info lists the loops and the "
    "branch of each): +1 or -1 takes that root of a closed-form loop (+1, -1, +2, ... +4, -4 "
    "for the 8 of an elbow arm), 0 the one nearest the file's guess; e.g. -1 or +1,0,-1";

/// Parses the --branch value "+1,0,-1" into an assembly mode; empty, with the reason in
/// `error`, when an item is not +1, -1 or 0.
std::optional<AssemblyMode> parseBranchList(const std::string& text, std::string& error);

/// Splits the --cut value "J8,J9,J10" into names (blanks trimmed); "auto" gives an empty list,
/// which asks the compiler for its own choice.
std::vector<std::string> parseCutList(const std::string& text);

/// Loads `path` and compiles it with the cuts of the --cut option's text (parseCutList; unset:
/// the file's own). Warnings and errors go to `err`, one line each, prefixed with the path.
/// Returns null when there is an error.
std::shared_ptr<const Model>
loadModel(const std::string& path, const std::optional<std::string>& cutOption, std::ostream& err);

/// The file's assembled initial state, or empty with the reason on `err` (prefixed with
/// `path`) when it cannot be assembled.
std::optional<InitialState>
assembleOrExplain(const Model& model, const std::string& path, std::ostream& err);

/// Re-assembles `state` (positions and the dependent rates) with the --branch mode, holding
/// `independent`. False, with the reason on `err` (prefixed with `path`), when the mode names
/// more loops than there are, asks a branch of a loop without a closed form, or does not close.
bool assembleOnBranch(const Model& model,
                      InitialState& state,
                      const std::vector<int>& independent,
                      const AssemblyMode& mode,
                      const std::string& path,
                      std::ostream& err);

/// Where a verb writes its CSV: the file `path` (truncated), or standard output when `path` is
/// empty.
class CsvOutput {
public:
    /// Opens the output; false, with the reason on `err`, when the file cannot be opened.
    bool open(const std::string& path, std::ostream& err);
    /// The output, once open() has succeeded.
    std::ostream& stream() { return *m_stream; }

private:
    std::ofstream m_file;
    std::ostream* m_stream = nullptr;
};

/// Progress of a long run on stderr: after kProgressSeconds of wall time, and then at most that
/// often, "\rsslm VERB: t = … of … s (…%), … s elapsed"; the line is ended when the object goes.
class ProgressLine {
public:
    /// `verb` names the command ("simulate"); `tEnd` the run's end (s); quiet shows nothing.
    ProgressLine(const char* verb, double tEnd, bool quiet);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;
    /// The run reached t (s); prints when it is time to.
    void update(double t);

private:
    const char* m_verb;
    double m_tEnd;
    bool m_quiet;
    std::chrono::steady_clock::time_point m_start;
    double m_next;
    bool m_shown = false;
};

/// Runs `run()` with callbacks.shouldContinue showing the run's time on a ProgressLine (verb,
/// tEnd, quiet) and always going on; shouldContinue is cleared and the line ended before the
/// result is returned.
template <class Callbacks, class Run>
auto runWithProgressLine(const char* verb, double tEnd, bool quiet, Callbacks& callbacks, Run run) {
    ProgressLine progress(verb, tEnd, quiet);
    callbacks.shouldContinue = [&progress](double t) {
        progress.update(t);
        return true;
    };
    auto result = run();
    callbacks.shouldContinue = nullptr;
    return result;
}

/// Flushes the CSV stream; false, with "PATH: error: writing the CSV failed" on `err` (PATH
/// "stdout" when empty), when it did not all get written.
bool finishCsv(std::ostream& out, const std::string& path, std::ostream& err);

/// Comma-separated list of `names` ("a, b, c"), shared with core.
using text::joinNames;

} // namespace sslm::cli
