// SPDX-License-Identifier: MIT
#include "app/cli/mechanism_file_command.hpp"

namespace sslm::cli {

CLI::App* addMechanismFileCommand(CLI::App& app,
                                  const std::string& name,
                                  const std::string& description,
                                  std::string& file) {
    CLI::App* cmd = app.add_subcommand(name, description);
    cmd->add_option("FILE", file, "Mechanism file (.json)")->required();
    return cmd;
}

} // namespace sslm::cli
