// SPDX-License-Identifier: MIT
#pragma once

// Mass properties of a closed triangle mesh filled with a uniform density: volume, centre of
// mass and inertia tensor about it, by the divergence theorem over the mesh's triangles (the
// polyhedral mass properties of Mirtich 1996, in Eberly's form: the volume integrals of 1, x,
// y, z, x², y², z², xy, yz, zx as sums over the faces). Exact for the polyhedron the mesh
// describes, up to rounding. The mesh must be closed and consistently oriented with outward
// normals; otherwise the result would be meaningless and a message says what to fix.

#include <filesystem>
#include <optional>
#include <string>

#include <Eigen/Core>

#include "core/interop/triangle_mesh.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

struct MeshMassProperties {
    double volume = 0;                                    ///< m³ (in the mesh's length unit³)
    double mass = 0;                                      ///< kg: density × volume
    Eigen::Vector3d com = Eigen::Vector3d::Zero();        ///< centre of mass, mesh frame
    Eigen::Matrix3d inertiaCom = Eigen::Matrix3d::Zero(); ///< I = ∫(‖r‖²1 − r rᵀ)dm about com
};

struct MeshMassPropertiesResult {
    std::optional<MeshMassProperties> properties;
    std::string error; ///< names `source`, the problem and the fix

    bool ok() const { return properties.has_value(); }
};

/// The mass properties of `mesh` at `density` (kg/m³, > 0). Refused, with `source` named in
/// the message: an empty mesh, an open one (an edge not shared by exactly two triangles), an
/// inconsistently oriented one (two triangles traverse a shared edge in the same direction),
/// an inside-out one (negative volume: flip the normals) and a flat one (zero volume).
MeshMassPropertiesResult
meshMassProperties(const TriangleMesh& mesh, double density, const std::string& source);

/// The mass properties, in the body frame, of a body's mesh visual filled at `density`
/// (kg/m³): the mesh read from `file` (the visual's file, resolved), scaled, turned and moved
/// as the visual places it. Errors as readMesh and meshMassProperties give them.
MeshMassPropertiesResult
visualMassProperties(const VisualSpec& visual, const std::filesystem::path& file, double density);

} // namespace sslm
