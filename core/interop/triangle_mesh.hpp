// SPDX-License-Identifier: MIT
#pragma once

// Triangle meshes read from STL (ASCII and binary) and Wavefront OBJ files: the CAD shapes of
// bodies, and the solids whose mass properties mass_properties.hpp computes. Our own small
// readers: vertices that repeat exactly are merged, so that a mesh's edges tell whether it is
// closed. Units are the file's (a CAD export in mm needs scaling by the caller).

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

namespace sslm {

/// Vertices and triangles (three vertex indices each, counter-clockwise seen from outside for
/// an outward-facing mesh).
struct TriangleMesh {
    std::vector<Eigen::Vector3d> vertices;
    std::vector<std::array<int, 3>> triangles;
};

/// A mesh, or the reason it could not be read (naming the file, the line or byte, and the fix).
struct MeshReadResult {
    std::optional<TriangleMesh> mesh;
    std::string error;

    bool ok() const { return mesh.has_value(); }
};

/// Reads an STL file: binary when its size is 84 + 50 × the triangle count in its header,
/// ASCII ("solid … facet … vertex x y z …") otherwise.
MeshReadResult readStl(const std::filesystem::path& path);

/// Parses STL bytes (binary or ASCII, as readStl); `source` names them in messages.
MeshReadResult parseStl(std::string_view bytes, const std::string& source);

/// Reads a Wavefront OBJ file: `v x y z` and `f a b c …` lines (polygons are fanned into
/// triangles; `a/t/n` and negative indices are understood); everything else is ignored.
MeshReadResult readObj(const std::filesystem::path& path);

/// Parses OBJ text, as readObj; `source` names it in messages.
MeshReadResult parseObj(std::string_view text, const std::string& source);

/// Whether readMesh reads the file's extension (.stl, .obj, and what Assimp reads: .dae,
/// .ply, .gltf, …; any case).
bool isDrawnMeshFormat(const std::filesystem::path& path);

/// readStl or readObj by the file's extension (.stl, .obj, any case), else readMeshWithAssimp
/// (assimp_mesh.hpp) for the formats Assimp reads; another extension is an error that names
/// it.
MeshReadResult readMesh(const std::filesystem::path& path);

} // namespace sslm
