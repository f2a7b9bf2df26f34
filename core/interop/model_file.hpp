// SPDX-License-Identifier: MIT
#pragma once

// Reading another tool's model file whole before it is parsed, shared by the importers: a file
// that cannot be read, or that is larger than any model file, is an error naming it.

#include <filesystem>
#include <optional>
#include <string>

#include "core/util/diagnostic.hpp"

namespace sslm {

/// The largest model file read (64 MB): URDF and SDFormat files are a few kB to a few MB.
inline constexpr std::uintmax_t kMaxModelFileBytes = 64u << 20;

/// The text of `path`, or nothing with the reason in `diagnostics`; `kind` names the format in
/// the hint ("a URDF file").
std::optional<std::string>
readModelFile(const std::filesystem::path& path, const std::string& kind, Diagnostics& diagnostics);

} // namespace sslm
