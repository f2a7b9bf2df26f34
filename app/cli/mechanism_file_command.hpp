// SPDX-License-Identifier: MIT
#pragma once

// The shape every verb that reads one mechanism file shares: its subcommand and the required
// FILE argument, with one help text for it.

#include <string>

#include <CLI/CLI.hpp>

namespace sslm::cli {

/// Adds the subcommand `name` with `description` to `app`, taking the mechanism file (.json)
/// as its required FILE argument into `file`; the verb adds its own options to the result.
CLI::App* addMechanismFileCommand(CLI::App& app,
                                  const std::string& name,
                                  const std::string& description,
                                  std::string& file);

} // namespace sslm::cli
