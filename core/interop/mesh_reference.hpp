// SPDX-License-Identifier: MIT
#pragma once

// Where a model file's mesh reference points on this machine: URDF's "package://pkg/…" and
// SDFormat's "model://name/…" are looked up in the source file's folder and its ancestors (a
// ROS package or model directory holding the file), "file://" and plain paths are taken
// relative to the source file's folder.

#include <filesystem>
#include <optional>
#include <string>

#include "core/interop/import_report.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

struct MeshReference {
    /// The absolute path the reference resolves to; empty when a package or model could not
    /// be found.
    std::filesystem::path path;
    bool exists = false; ///< the file is there
    std::string note;    ///< how it was resolved, or why not, for the import report
};

/// Resolves `reference` (as written in `sourceFile`).
MeshReference resolveMeshReference(const std::string& reference,
                                   const std::filesystem::path& sourceFile);

/// `file` written relative to `folder` when it lies below it or near it (the mechanism file's
/// folder), else absolute; generic ('/') separators.
std::string relativeMeshPath(const std::filesystem::path& file,
                             const std::filesystem::path& folder);

/// The file format's visual of a shape read from `sourceFile` (pose in the body frame, rpy from
/// its rotation), a mesh's reference resolved: absolute when found, else kept as written.
/// `note` says what became of it for the import report; `drawn` whether the view can draw it
/// (found, and STL or OBJ).
VisualSpec visualOf(const VisualShape& shape,
                    const std::filesystem::path& sourceFile,
                    std::string& note,
                    bool& drawn);

/// Rewrites the mesh files of the spec's visuals (relative ones taken from `fromFolder`, the
/// folder of the file they were read from; empty if all are absolute) so that they resolve
/// from `toFolder`, where the spec is about to be saved; an empty `toFolder` makes them
/// absolute (a document in memory, which may be saved anywhere).
void rebaseVisualFiles(MechanismSpec& spec,
                       const std::filesystem::path& fromFolder,
                       const std::filesystem::path& toFolder);

} // namespace sslm
