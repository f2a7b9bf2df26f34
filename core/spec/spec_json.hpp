// SPDX-License-Identifier: MIT
#pragma once

// Reading and writing mechanism files: versioned JSON ("format": "sslm-mechanism", "version": 1
// for a planar mechanism, 2 for a spatial one), documented in docs/file-format.md. Errors name
// the JSON path and the fix.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/spec/mechanism_spec.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm {

inline constexpr const char* kFormatName = "sslm-mechanism";
/// The version of a planar mechanism's file (MotionSpace::Planar).
inline constexpr int kPlanarFormatVersion = 1;
/// The version of a spatial mechanism's file (MotionSpace::Spatial).
inline constexpr int kSpatialFormatVersion = 2;
/// The newest version this program reads; newer files are refused.
inline constexpr int kFormatVersion = kSpatialFormatVersion;
/// Files larger than this are refused before parsing (a mechanism file is a few kB).
inline constexpr std::uintmax_t kMaxFileBytes = 16u * 1024u * 1024u;

struct LoadResult {
    std::optional<MechanismSpec> spec; ///< set when there is no error
    Diagnostics diagnostics;           ///< errors and warnings, JSON paths in `where`

    bool ok() const { return spec.has_value(); }
};

/// Parses a mechanism from JSON text.
LoadResult parseMechanismJson(std::string_view text);

/// Reads and parses a file; a missing, unreadable or oversized file is a diagnostic too.
LoadResult loadMechanismFile(const std::filesystem::path& path);

/// Serialises losslessly: parseMechanismJson(toJson(s)).spec == s.
std::string toJson(const MechanismSpec& spec);

/// Writes atomically (temporary file in the same folder, then rename); on failure the old file
/// is untouched and the error message is returned.
std::optional<std::string> saveMechanismFile(const MechanismSpec& spec,
                                             const std::filesystem::path& path);

} // namespace sslm
