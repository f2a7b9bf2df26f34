// SPDX-License-Identifier: MIT
#pragma once

// SDFormat → MechanismSpec (spatial, file version 2), through Debian's libsdformat 12 for the
// model and TinyXML2 for a first pass that checks the XML, the joint types and the links the
// joints name, with line numbers.
//
// The mapping:
//  * one <model>, alone or as the one model of a <world> (whose gravity it takes; SDFormat's
//    default −9.81 m/s² along z otherwise);
//  * the links joined to "world" (and links welded to them by fixed joints) are the ground;
//    links joined by fixed joints are merged into one body with their mass properties
//    combined (link_group.hpp), in a body frame parallel to W at the file's pose with its
//    origin at the first link's origin;
//  * revolute and continuous joints become revolute joints, prismatic ones prismatic,
//    universal ones universal, ball joints spherical; axes in ground directions at the file's
//    pose, which is the initial state (every coordinate 0 there);
//  * SDFormat lets a link have several parent joints: the joints are taken in file order and
//    each one that closes a loop of the ones before becomes a cut joint (`cuts`);
//  * <frame> elements attached to links become named points of their bodies;
//  * damping and spring stiffness become the joint's spring-damper; a revolute or prismatic
//    joint's <limit> its end stops (bounds within ±1e9: libsdformat's default ±1e16 is none;
//    <stiffness> when given, else SSLM's 1e5 rather than SDFormat's 1e8; restitution SSLM's
//    0.5, as <dissipation> is a damping coefficient that gives none; reported as
//    approximated) and its <dynamics><friction> the Coulomb friction; on universal and ball
//    joints these are dropped, as are effort and velocity limits, collisions, sensors, lights
//    and plugins; visuals are kept by reference in the report.

#include <filesystem>
#include <string>
#include <string_view>

#include "core/interop/import_report.hpp"

namespace sslm {

/// Imports an SDFormat file (.sdf, .world). Malformed XML, an unknown or unsupported joint
/// type, a joint that names a missing link, or a link that moves without mass is an error
/// naming the file, the line and the element, with the fix. `loopNote`: whether it adds
/// Grübler's count on the loops (import_report.hpp).
ImportResult importSdf(const std::filesystem::path& path, LoopNote loopNote = LoopNote::Gruebler);

/// Imports SDFormat text; `source` names it in messages (a file name).
ImportResult importSdfText(std::string_view text,
                           const std::string& source,
                           LoopNote loopNote = LoopNote::Gruebler);

} // namespace sslm
