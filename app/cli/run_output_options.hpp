// SPDX-License-Identifier: MIT
#pragma once

// Where a run's results go, the options `simulate` and `inverse` share: the CSV, the summary
// file, the point the shaking moment is taken about, and whether the terminal shows progress.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace sslm::cli {

struct RunOutputOptions {
    std::string out;                 ///< --out: the CSV; empty: stdout
    std::string summaryJson;         ///< --summary-json; empty: none
    std::vector<double> momentAbout; ///< --moment-about: X,Y or X,Y,Z (m, W)
    bool quiet = false;              ///< --quiet
};

/// Adds --out, --summary-json (its object holding `summaryContents`, e.g. "settings, steps"),
/// --moment-about and --quiet to `command`, read into `options`.
void addRunOutputOptions(CLI::App* command,
                         RunOutputOptions& options,
                         const std::string& summaryContents);

} // namespace sslm::cli
