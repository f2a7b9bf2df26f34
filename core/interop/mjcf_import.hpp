// SPDX-License-Identifier: MIT
#pragma once

// MJCF → MechanismSpec (spatial, file version 2), through MuJoCo's own parser and compiler
// (mj_loadXML → mjModel, MuJoCo 2.2), so that defaults, classes, includes, <frame>s,
// orientations in any notation and inertias computed from geoms read as MuJoCo reads them.
//
// The mapping, from the compiled model at its qpos0:
//  * the world body and every body welded to it are the ground; a body with joints is a body
//    of the mechanism, and bodies welded to it (no joint) merge their mass properties into it
//    (masses added, COM the mass-weighted mean, inertia by the parallel-axis theorem);
//  * each body frame is parallel to the ground at qpos0 with its origin at the MuJoCo body's
//    origin; COM and inertia (body_ipos, body_iquat, body_inertia) are turned into it;
//  * joints: hinge → revolute, slide → prismatic, ball → spherical; two hinges with
//    perpendicular axes through one point in one body → universal; a hinge and a slide on one
//    axis → cylindrical; a free joint or any other combination is an error. A coordinate is
//    qpos − qpos0 (rad or m), named after its joint;
//  * joint stiffness (about qpos_spring) and damping → the joint's spring_damper;
//    frictionloss → its Coulomb friction; a limited hinge's or slide's range → its end stops
//    (range − qpos0; MuJoCo's soft limit has no stiffness of its own, its solref is a time
//    constant and damping ratio scaled by the inertia behind the joint, so SSLM's stop
//    stiffness 1e5 and restitution 0.5 stand, reported as approximated); on multi-axis joints
//    these are dropped;
//  * a spatial tendon between exactly two sites with stiffness or damping → a two-point spring
//    between the sites (stiffness, springlength as the rest length, damping: MuJoCo's passive
//    tendon force is SSLM's spring law); other tendons are dropped;
//  * equality <connect> → a spherical cut joint at its anchor; two <connect>s between the same
//    two bodies, or a <connect> "X" and an inactive <connect> "X_axis" (sslm export's planar
//    form) → a revolute cut joint about the line through their anchors; a <connect> plus a
//    tendon equality holding a spatial tendon between two sites on the same two bodies at
//    √2 times their lever (sslm export's form of a universal cut) → a universal cut joint;
//    <weld> is refused (it would make the loop rigid); joint and other tendon equalities are
//    dropped;
//  * gravity from opt.gravity; the initial state from the first keyframe when there is one
//    (qpos − qpos0 and qvel), else qpos0 at rest;
//  * geoms (box, sphere, cylinder, capsule, mesh) are kept by reference in the report's
//    visuals; their contacts, sensors and every actuator but a plain <motor> on a hinge or
//    slide are dropped.

#include <filesystem>

#include "core/interop/import_report.hpp"

namespace sslm {

/// Imports an MJCF file. MuJoCo's refusal (its message names the element and the line), a free
/// joint, an unsupported joint combination, a weld equality or a moving body without mass is
/// an error naming the file, the element and the fix. `loopNote`: whether it adds Grübler's
/// count on the loops (import_report.hpp).
ImportResult importMjcf(const std::filesystem::path& path, LoopNote loopNote = LoopNote::Gruebler);

} // namespace sslm
