// SPDX-License-Identifier: MIT
#pragma once

// Planar mechanisms in 3-D files. A URDF or SDFormat export of a planar linkage (a CAD model
// drawn in the x–z plane, say) imports as a spatial mechanism whose joint axes are all
// parallel; the spatial kernel cannot simulate it when it has loops (their closure equations
// are redundant in space). planarFromSpatial() recognises such a mechanism and writes it as the
// planar (version 1) mechanism it is; loopRedundancy() finds the redundant closure equations of
// a spatial mechanism that is not planar, at its file pose, and names the loops.

#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/interop/import_report.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// The outcome of planarFromSpatial.
struct PlanarRecognition {
    /// The planar mechanism, when every joint is a revolute about the plane's normal or a
    /// prismatic along the plane; empty otherwise.
    std::optional<MechanismSpec> planar;
    /// The plane (set with `planar`; also set when only the joints' axes are parallel).
    std::optional<ImportPlane> plane;
    std::string reason;                   ///< why it is not planar (empty when it is)
    std::vector<ImportItem> mapped;       ///< what became what (the swapped sides)
    std::vector<ImportItem> approximated; ///< what the plane leaves out (offsets, gravity)
};

/// Recognises a spatial mechanism whose motion stays in one plane: every revolute joint's axis
/// is parallel to one normal n and every prismatic joint's axis perpendicular to it (any other
/// joint type, or a spatial spec with no joints, is not planar). Then the planar mechanism has
/// in-plane axes X, Y with X × Y = n chosen so that "up" stays up: Y is the projection of −g
/// (of world z when g is parallel to n or zero, of world y when z is too) and X points along
/// +x (else +y). For a CAD export in the x–z plane with z up: X = x, Y = z, n = −y.
/// Points, COMs and gravity are projected onto the plane; the inertia is nᵀ I n about the COM;
/// the out-of-plane offsets and gravity are reported. A revolute joint whose axis is −n gets its
/// sides swapped so that its coordinate keeps the file's sense (and value). Body frames are
/// parallel to (X, Y) at the file's pose, which stays q = 0.
PlanarRecognition planarFromSpatial(const MechanismSpec& spatial);

/// Redundant closure equations of one loop at the file's pose.
struct LoopRedundancy {
    std::string cut;               ///< the cut joint that closes the loop
    std::vector<std::string> loop; ///< the loop's joints, from the cut's first side round
    int rows = 0;                  ///< the cut's constraint rows
    int redundant = 0;             ///< how many of them repeat the others
    std::vector<std::string>
        which; ///< the redundant directions, e.g. "translation along (0, 1, 0)"
};

/// The cut joints of a spatial mechanism whose constraint rows are redundant at the file's pose
/// (every coordinate 0): the rank of the cut-joint constraint Jacobian, cut by cut (a cut is
/// redundant when its rows raise the rank of those before it by less than their number). The
/// Jacobian is built from the joints' points and axes at that pose (twists of the tree joints),
/// with no kernel call that could stop at a singular matrix. Empty for a planar spec or one
/// without cuts.
std::vector<LoopRedundancy> loopRedundancy(const MechanismSpec& spatial);

} // namespace sslm
