// SPDX-License-Identifier: MIT
#pragma once

// Reads the CSV that `sslm inverse` writes back as a DriveHistory for a forced run: the t,
// q.<coord> and qd.<coord> columns of every coordinate of `model` and the tau.<coord> columns
// of the driven ones (other columns are ignored).

#include <optional>
#include <ostream>
#include <string>

#include "core/inverse/forced_drive.hpp"
#include "core/model/model.hpp"

namespace sslm::cli {

/// The history in `path`, or empty with the reason on `err` (the file, its line and column, and
/// what to do) when the file cannot be read or does not fit `model`.
std::optional<DriveHistory>
readDriveHistory(const std::string& path, const Model& model, std::ostream& err);

} // namespace sslm::cli
