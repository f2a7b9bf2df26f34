// SPDX-License-Identifier: MIT
#pragma once

// Import of another tool's model file by its extension: .urdf (URDF), .sdf and .world
// (SDFormat), .xml and .mjcf (MJCF).
// A 3-D file whose mechanism moves in one plane (all revolute axes parallel, prismatic ones
// along the plane) is written as a planar mechanism (planar_recognition.hpp) unless the caller
// keeps it spatial; a spatial one whose loops have redundant closure equations at the file's
// pose gets a warning naming the loop and the fix.

#include <filesystem>
#include <optional>
#include <string>

#include "core/interop/import_report.hpp"

namespace sslm {

struct MechanismImportOptions {
    /// Keep a planar mechanism drawn in 3-D spatial (version 2) instead of writing it planar.
    bool keepSpatial = false;
};

/// Imports `path` by its extension (modelFormatOf), recognises a planar mechanism
/// (recognisePlanarOrRedundant) and, when the file names no inputs, chooses them at its pose
/// (import_inputs.hpp). An unknown or not yet supported extension is an error that says which
/// formats are read.
ImportResult importMechanism(const std::filesystem::path& path,
                             const MechanismImportOptions& options = {});

/// What importMechanism does after the format's importer: the planar recognition (unless
/// options.keepSpatial) and the report of redundant loops, applied to `result` in place;
/// `source` names the file in warnings. It adds to what the reader said: importMechanism has
/// the readers leave out Grübler's count (LoopNote::None), which this supersedes.
void recognisePlanarOrRedundant(ImportResult& result,
                                const std::string& source,
                                const MechanismImportOptions& options);

} // namespace sslm
