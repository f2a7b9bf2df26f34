// SPDX-License-Identifier: MIT
#pragma once

// The other tools' model formats that sslm imports and exports, by one name each: the readers'
// reports, the writers' results, the command line and the GUI all use this enum and its
// spelling ("urdf", "sdformat", "mjcf"); what users type ("--to sdf", a file's extension) is
// read into it here.

#include <filesystem>
#include <optional>
#include <string_view>

namespace sslm {

enum class ModelFormat {
    Urdf,     ///< URDF, with URDF+ loop closures and Extended URDF's YAML beside it
    Sdformat, ///< SDFormat (.sdf, .world)
    Mjcf,     ///< MuJoCo's MJCF (.xml, .mjcf)
};

/// The format's one spelling: "urdf", "sdformat", "mjcf".
const char* modelFormatName(ModelFormat format);

/// The format's name for people: "URDF", "SDFormat", "MJCF".
const char* modelFormatTitle(ModelFormat format);

/// A format as users name it, in any case: its spelling, or "sdf" for SDFormat (the CLI's
/// `--to sdf`); nothing for any other name.
std::optional<ModelFormat> modelFormatNamed(std::string_view name);

/// The format of a model file by its extension, in any case: .urdf; .sdf and .world; .xml and
/// .mjcf. Nothing for any other extension.
std::optional<ModelFormat> modelFormatOf(const std::filesystem::path& path);

} // namespace sslm
