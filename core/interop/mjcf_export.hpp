// SPDX-License-Identifier: MIT
#pragma once

// MechanismSpec (planar version 1 or spatial version 2) → MJCF text for MuJoCo 2.2.
//
// The model is written at the mechanism's assembled initial state, MJCF's own convention
// ("the model is defined in a configuration where its equality constraints hold": MuJoCo
// stores a <connect>'s anchor on body2 from the pose at qpos0):
//  * the spanning tree as nested bodies, each body's frame our body frame at that pose (so
//    inertias and points keep their components); a tree joint sits at its point on the child
//    with its axis as seen from the child at that pose: revolute → hinge, prismatic → slide,
//    cylindrical → hinge + slide, universal → two hinges in one body (MuJoCo composes them in
//    order, first axis fixed in the parent, second in the child), spherical → ball;
//  * each hinge's and slide's `ref` is the coordinate's assembled value, so qpos is our
//    coordinate (rad or m) and qpos0 the assembled pose; a ball's qpos is the turn from the
//    assembled pose (identity there);
//  * masses, COMs and full inertia tensors (planar bodies: Ixx = Iyy = Izz = I, only Izz acts
//    in the plane), gravity, contacts disabled, spring-dampers of tree joints as stiffness,
//    springref and damping (viscous friction added to the damping: the same law), Coulomb
//    friction as frictionloss, end stops as limited="true" range (a missing bound ±1e9; their
//    stiffness and restitution are not written: MuJoCo's limit is a soft constraint, reported);
//    force actuators on hinges and slides as <motor> (gear 1; the force signal itself is not
//    carried: MuJoCo's ctrl is set at run time); traced points as sites;
//  * two-point springs as spatial tendons between two sites with stiffness, springlength and
//    damping (a preload P folded into springlength = rest length + P/stiffness, the same force
//    law, reported); cylinders and loads are dropped (MJCF's actuators and applied forces are
//    set at run time);
//  * the initial state as the keyframe "initial" (qpos, qvel);
//  * visuals as geoms of group 1 that never collide and weigh nothing (inertiafromgeom is
//    off), meshes as <mesh> assets with the files as the spec writes them (make them relative
//    to the output's folder first: MuJoCo resolves them from there);
//  * each cut joint as equality constraints, made stiff (solimp 0.9999; solref: a time constant
//    of two time steps at critical damping, with option timestep the file's solver step but at
//    most 1e-4 s, as MuJoCo's loops drift with that time constant): a
//    spherical cut is one <connect>; a revolute cut two <connect>s at two points of its axis
//    ("<cut>" and "<cut>_axis"), exact (in a planar mechanism "<cut>" alone is exact and
//    "<cut>_axis", redundant in the plane, is written inactive to mark the axis, so that MuJoCo
//    solves no redundant rows); a universal cut a <connect> and a spatial tendon between
//    a site L along the first axis on one side and L along the second axis on the other, held
//    at its assembled length √2·L by a tendon equality, exact (the distance is √2·L exactly
//    when the axes are perpendicular). Prismatic and cylindrical cuts have no MJCF equality:
//    they get a guide body in A (1e-6 of the lightest body's mass) sliding along the axis, to
//    which B is welded (prismatic) or pinned on the axis by two <connect>s (cylindrical), the
//    nearest MJCF form, reported as approximated (the guide adds its mass, and MuJoCo softens
//    the constraint by the guide's large inverse weight).
// Planar mechanisms are written in the x–y plane with hinge axes ±z.

#include "core/interop/mechanism_export.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// Writes `spec` as MJCF. Errors: the spec does not compile or its initial state does not
/// assemble.
ExportResult exportMjcf(const MechanismSpec& spec);

} // namespace sslm
