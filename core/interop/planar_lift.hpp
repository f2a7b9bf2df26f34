// SPDX-License-Identifier: MIT
#pragma once

// A planar mechanism (version 1) written as the spatial one (version 2) it is, for the formats
// that only know 3-D (URDF, SDFormat): the converse of planarFromSpatial()
// (planar_recognition.hpp), which reads such a file back as the planar mechanism.
//
// The plane is W's x–z plane, z up (as CAD exports draw a linkage, and as URDF's gravity, −z,
// expects): the planar X is x, the planar Y is z, so the plane's normal X × Y is −y and
// planarFromSpatial() finds the same X and Y again. Revolute axes are −y, prismatic axes lie in
// the plane, gravity (gx, gy) becomes (gx, 0, gy), and a body's drawing frame (x, y, z out of the
// plane) turns the same way (Rx(π/2)). A planar joint's offset turns its child's frame
// at q = 0; spatial body frames are all parallel to W there, so each body's points, COM,
// counterweights and visuals are turned by its angle at q = 0 along the spanning tree (the
// sum of the offsets from the ground). A coordinate keeps its name and meaning (q = 0 is the
// same pose), so the initial state, actuators and traced points carry over unchanged. The
// planar moment of inertia I becomes the tensor diag(I, I, I) (only Izz acts in the plane; the
// others are a stand-in that keeps the tensor physical).

#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// The spatial mechanism of a planar `spec` (a spatial one is returned unchanged). Throws
/// std::invalid_argument when the spec does not compile (the compiler's first message) or a
/// prismatic cut's offset disagrees with the tree's angles at q = 0 (which a spatial prismatic
/// joint cannot hold), naming the joint.
MechanismSpec spatialFromPlanar(const MechanismSpec& spec);

} // namespace sslm
