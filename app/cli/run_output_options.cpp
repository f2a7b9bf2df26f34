// SPDX-License-Identifier: MIT
#include "app/cli/run_output_options.hpp"

#include "app/cli/moment_point_option.hpp"

namespace sslm::cli {

void addRunOutputOptions(CLI::App* command,
                         RunOutputOptions& options,
                         const std::string& summaryContents) {
    command->add_option("--out", options.out, "CSV file to write (default: standard output)");
    command->add_option("--summary-json", options.summaryJson,
                        "Also write the run's summary (" + summaryContents +
                            ") as a JSON object to this file");
    addMomentPointOption(command, options.momentAbout);
    command->add_flag("--quiet", options.quiet, "No progress and no summary on the terminal");
}

} // namespace sslm::cli
