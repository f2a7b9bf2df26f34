// SPDX-License-Identifier: MIT
#pragma once

// Triangle meshes from the formats Debian's Open Asset Import Library reads (libassimp-dev):
// COLLADA (.dae, what ROS packages and the SolidWorks/Onshape URDF exporters ship), PLY, glTF,
// 3DS, OFF and others. The scene's node transforms are applied, polygons triangulated, and
// vertices that repeat exactly are merged (so a mesh's edges tell whether it is closed).
// COLLADA's <unit> is honoured; its up axis is not applied (ROS's tools leave a Z_UP file as it
// is drawn, in the link's frame).

#include <filesystem>

#include "core/interop/triangle_mesh.hpp"

namespace sslm {

/// Whether Assimp reads files with this extension (any case).
bool assimpReads(const std::filesystem::path& path);

/// Reads every triangle of the file's scene, in the scene's root frame (m when the file says
/// its unit, else the file's numbers). A file Assimp cannot read, or one with no triangle, is
/// an error naming the file and Assimp's reason.
MeshReadResult readMeshWithAssimp(const std::filesystem::path& path);

} // namespace sslm
