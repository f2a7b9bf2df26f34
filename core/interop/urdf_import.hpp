// SPDX-License-Identifier: MIT
#pragma once

// URDF → MechanismSpec (spatial, file version 2), through Debian's urdfdom for the tree and
// TinyXML2 for what urdfdom does not read: loop closures as URDF+ <loop> elements (Chignoli,
// Slotine, Wensing, Kim 2024) and as the <constraint> element proposed to urdfdom
// (ros/urdfdom #264), and the line numbers of error messages.
//
// The mapping:
//  * the root link is the ground; links joined by fixed joints are merged into one body with
//    their mass properties combined (parallel-axis theorem);
//  * each link's inertial (mass, COM, inertia tensor of the inertial frame rotated by its rpy)
//    goes into its body's frame, which is parallel to the ground frame at q = 0 (the file
//    format's convention) with its origin at the link's origin;
//  * revolute and continuous joints become revolute joints, prismatic ones prismatic, their
//    axes in ground directions at q = 0; the file's pose at q = 0 is the initial state;
//  * a chain of joints through links that carry nothing (no mass, no visual, one joint on)
//    and meet at one point is the joint it spells: two perpendicular hinges a universal joint,
//    a slide and a hinge on one axis a cylindrical one, three mutually perpendicular hinges a
//    spherical one (as exportUrdf writes them; named after the first such link, less its
//    "__link1"; the hinges' names become the coordinates' names);
//  * each <loop> and <constraint> becomes a cut joint (revolute, continuous, prismatic,
//    cylindrical, universal, spherical/ball);
//  * Extended URDF (a YAML file of the same name beside it, extended_urdf.hpp): a 3d closure
//    becomes a spherical cut at its frames; a 6d closure welds its two frames' bodies into one,
//    and the joint that made the second body closes the loop as its cut; joint_type SPHERICAL,
//    CARDAN (about the joint frame's x, then y) and FIXED change those joints; name_mot names
//    the inputs;
//  * gravity is −9.81 m/s² along z (ROS's convention; URDF has no gravity).
//  * a revolute or prismatic joint's <limit lower upper> becomes its end stops (JointLimitsSpec)
//    with SSLM's stop stiffness 1e5 and restitution 0.5, which URDF has not (reported as
//    approximated); a bound at or beyond ±1e9 is none (joint_extras.hpp), bounds without
//    travel (lower ≥ upper) are dropped; <dynamics friction> becomes the Coulomb friction and
//    <dynamics damping> the spring-damper's damping, as before (the same law as viscous
//    friction, −c·q̇); on the hinges of a chain read as a universal, cylindrical or
//    spherical joint they are dropped.
// Effort and velocity limits, mimic joints, collisions, transmissions and <gazebo> blocks are
// reported as dropped; visuals (meshes found from package://, file:// or relative paths;
// boxes, cylinders, spheres) become the bodies' visuals.

#include <filesystem>
#include <string>
#include <string_view>

#include "core/interop/extended_urdf.hpp"
#include "core/interop/import_report.hpp"

namespace sslm {

/// Imports a URDF file. Malformed XML, an unknown or unsupported joint type, a loop element
/// that names no link, or a link that moves without mass is an error naming the file, the line
/// and the element, with the fix. `loopNote`: whether it adds Grübler's count on the loops
/// (import_report.hpp).
ImportResult importUrdf(const std::filesystem::path& path, LoopNote loopNote = LoopNote::Gruebler);

/// Imports URDF text; `source` names it in messages (a file name); `extended`, when given, is
/// the Extended URDF YAML that closes its loops (extended_urdf.hpp; importUrdf reads it from
/// beside the file).
ImportResult importUrdfText(std::string_view text,
                            const std::string& source,
                            const ExtendedUrdf* extended = nullptr,
                            LoopNote loopNote = LoopNote::Gruebler);

} // namespace sslm
