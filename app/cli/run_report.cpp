// SPDX-License-Identifier: MIT
#include "app/cli/run_report.hpp"

#include <fstream>
#include <iostream>

#include "app/cli/load_model.hpp"

namespace sslm::cli {

std::ostream*
summaryStreamAfterCsv(std::ostream& csv, const std::string& csvPath, std::ostream& err) {
    if (!finishCsv(csv, csvPath, err)) {
        return nullptr;
    }
    return csvPath.empty() ? &std::cerr : &std::cout;
}

std::string shakingText(const ShakingStatistics& shaking) {
    return "shaking force RMS " + shortNumber(shaking.force().rms) + " N (peak " +
           shortNumber(shaking.force().peak) + "), shaking moment RMS " +
           shortNumber(shaking.moment().rms) + " N·m (peak " + shortNumber(shaking.moment().peak) +
           ")";
}

bool writeSummaryFile(const std::string& path, const std::string& json, std::ostream& err) {
    std::ofstream out(path, std::ios::out | std::ios::trunc);
    out << json;
    if (!out) {
        err << path << ": error: cannot write the summary\n";
        return false;
    }
    return true;
}

int runExitCode(bool ok,
                bool cancelled,
                const std::string& message,
                const std::string& path,
                const char* what,
                std::ostream& err) {
    if (ok) {
        return kExitOk;
    }
    err << path << ": error: the " << what << " stopped " << message << '\n';
    return cancelled ? kExitInternal : kExitBadInput;
}

} // namespace sslm::cli
