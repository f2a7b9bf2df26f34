// SPDX-License-Identifier: MIT
#pragma once

// What a run that writes its samples as CSV (sslm simulate, sslm inverse) reports at its end: the
// stream of its summary, the shaking line, the --summary-json file and the exit code.

#include <iosfwd>
#include <string>

#include "core/dynamics/shaking_wrench.hpp"

namespace sslm::cli {

/// Ends a run's CSV `csv` (finishCsv, its error on `err`) and gives the stream of the run's
/// summary: standard output when the CSV went to the file `csvPath`, else standard error (the CSV
/// has standard output). Null when the CSV was not all written.
std::ostream*
summaryStreamAfterCsv(std::ostream& csv, const std::string& csvPath, std::ostream& err);

/// "shaking force RMS … N (peak …), shaking moment RMS … N·m (peak …)", 4 significant digits.
std::string shakingText(const ShakingStatistics& shaking);

/// Writes `json` as it is to the file `path` (truncated); false, with "PATH: error: cannot write
/// the summary" on `err`, when it cannot.
bool writeSummaryFile(const std::string& path, const std::string& json, std::ostream& err);

/// The exit code of a finished run: kExitOk when it is `ok`; else, with "PATH: error: the WHAT
/// stopped MESSAGE" on `err`, kExitInternal when it was `cancelled` and kExitBadInput otherwise.
int runExitCode(bool ok,
                bool cancelled,
                const std::string& message,
                const std::string& path,
                const char* what,
                std::ostream& err);

} // namespace sslm::cli
