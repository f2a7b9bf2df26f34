// SPDX-License-Identifier: MIT
#pragma once

// MechanismSpec → SDFormat 1.9 text: a <world> with the mechanism's gravity and one <model>
// holding the whole joint graph, loops included (SDFormat lets a link have several parent
// joints). importSdf() reads it back as the same mechanism.
//
// The mapping (the converse of sdf_import.hpp):
//  * each body is a link posed at its body frame's origin at q = 0, unturned (the file format's
//    body frames are parallel to W there), with its mass, COM and inertia tensor (the uniform
//    one of its shape when the spec leaves it empty); the ground is "world";
//  * each joint is a joint of its type (revolute, prismatic, universal, ball) posed at its
//    child side's point, its axes in that (unturned) frame; the spec's non-cut joints come
//    first and its cuts last, so that the importer cuts the same joints; a joint whose child
//    side is the ground is written with its sides swapped (axis negated, or a universal
//    joint's axes exchanged) because SDFormat's child must be a link;
//  * a single-axis joint's spring-damper becomes its <dynamics> (the viscous friction added
//    to <damping>: the same law), its Coulomb friction <dynamics><friction>, its end stops
//    <limit> with <lower>, <upper> and <stiffness> (a missing bound left to SDFormat's
//    ±1e16; the restitution, which SDFormat has not, reported), cut joints' too;
//  * the body points no joint uses become <frame> elements named "<body>.<point>".
//  * visuals (meshes as the spec writes them: relative paths resolve from the file's folder;
//    boxes, cylinders, spheres) with their poses and colours; the ground's on a link "ground"
//    welded to the world;
//  * a planar mechanism is first lifted into the x–z plane, z up (planar_lift.hpp).
// Not written: actuators, loads, two-point springs and cylinders, traced points, the initial
// state, solver settings, counterweights (model them as links with fixed joints to write
// them). A cut that is open at q = 0 is
// written closed at its child side's point.

#include "core/interop/mechanism_export.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// Writes `spec` as SDFormat. Errors: a cylindrical joint (SDFormat has none), naming it, or a
/// planar spec that cannot be lifted (planar_lift.hpp).
ExportResult exportSdf(const MechanismSpec& spec);

} // namespace sslm
