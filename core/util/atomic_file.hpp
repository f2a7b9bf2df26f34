// SPDX-License-Identifier: MIT
#pragma once

// Replacing a file in one step, so that a reader never sees it half written.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace sslm {

/// Writes `bytes` to a new temporary file beside `path` (same folder, so the rename stays on one
/// file system), flushes it to disk, and renames it over `path`. On failure the old file is
/// untouched, the temporary file removed, and the reason returned for a message that names the
/// file, e.g. "the folder 'out' does not exist".
std::optional<std::string> writeFileAtomically(const std::filesystem::path& path,
                                               std::string_view bytes);

} // namespace sslm
