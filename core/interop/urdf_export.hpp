// SPDX-License-Identifier: MIT
#pragma once

// MechanismSpec → URDF text: the spanning tree as links and joints, and the cut joints as
// URDF+ <loop> elements (Chignoli, Slotine, Wensing, Kim 2024), a universal cut as the
// <constraint> element proposed to urdfdom (it has the second axis a <loop> lacks). importUrdf()
// reads it back as the same mechanism.
//
// The mapping (the converse of urdf_import.hpp):
//  * a planar mechanism is first lifted into the x–z plane, z up (planar_lift.hpp), where
//    URDF's gravity (−z) is its "down", and imports back as the planar mechanism;
//  * the ground is the root link "ground"; each body a link whose frame is parallel to W at
//    q = 0 (as the body frame) with its origin at the body's tree joint (URDF's joint axis
//    passes through the child link's origin), so its points, COM and visuals are shifted by
//    that point; the mass properties are the body's with its counterweights folded in;
//  * each tree joint a joint from its tree parent: revolute → continuous (with end stops:
//    revolute with <limit lower upper>), prismatic → prismatic (URDF requires a <limit>: the
//    stops' bounds, else ±1e9 m), a missing bound ±1e9 and effort and velocity 0 (URDF
//    requires them; reported), the stops' stiffness and restitution not written (reported
//    when they are not SSLM's defaults, which the reader assumes), its axis negated when the
//    tree runs against the joint's own parent → child sense, so the coordinate keeps its
//    sign; a spring-damper's damping plus the viscous friction as <dynamics damping> (the
//    same law; reported), the Coulomb friction as <dynamics friction>; a universal,
//    cylindrical or spherical
//    tree joint as a chain through massless links "<joint>__link1", "<joint>__link2" at its
//    point, each URDF joint named after one of its coordinates: two perpendicular continuous
//    joints (exact), a prismatic and a continuous joint on one axis (exact), three continuous
//    joints about x, y, z (a gimbal, singular where the second angle is ±90°, reported);
//    importUrdf() reads such a chain back as the one joint;
//  * each cut a <loop> (revolute, prismatic, cylindrical, spherical) or <constraint>
//    (universal) between its two sides' links, with its point on each side and its axis;
//  * visuals (meshes as written in the spec: relative paths resolve from the URDF's folder;
//    boxes, cylinders, spheres) with their colour.
// Not written: the initial state (the file's pose is q = 0), gravity other than −9.81 m/s²
// along z (URDF has none), actuators, loads, two-point springs and cylinders, traced points
// and the points no joint uses, springs' stiffness, a cut's stops and friction, coordinate
// names that differ from their joint's (URDF names only joints), solver settings. Each is
// said in the result.

#include "core/interop/mechanism_export.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// Writes `spec` as URDF with loop closures. Errors: the spec is not valid, or its cuts do not
/// leave a spanning tree.
ExportResult exportUrdf(const MechanismSpec& spec);

} // namespace sslm
