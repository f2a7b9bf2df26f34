// SPDX-License-Identifier: MIT
#pragma once

// Import of another tool's model file by its extension: .urdf (URDF) and .xml, .mjcf (MJCF)
// now; .sdf and .world are recognised and refused as not supported yet.

#include <filesystem>
#include <optional>
#include <string>

#include "core/interop/import_report.hpp"

namespace sslm {

/// The importer's name for a file ("urdf", "mjcf", "sdformat"), or empty when the extension is not
/// known at all. `supported` says whether this version imports it.
std::string importFormatOf(const std::filesystem::path& path, bool& supported);

/// Imports `path` by its extension. An unknown or not yet supported extension is an error that
/// says which formats are read.
ImportResult importMechanism(const std::filesystem::path& path);

} // namespace sslm
