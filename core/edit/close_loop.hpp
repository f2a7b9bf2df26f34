// SPDX-License-Identifier: MIT
#pragma once

// Closing a loop by hand: a joint between two bodies of a tree (a URDF imported without its
// closures, say), at a point on each side, made a cut joint. Points can be existing ones or new
// ones given in their body's frame. The tree's inputs no longer all hold once the loop closes,
// so the initial independent coordinates and rates become the assembly guess (the pose is kept)
// and the inputs are left for the user to choose. No Qt.

#include <optional>
#include <string>

#include <Eigen/Core>

#include "core/edit/drawing.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// One side of the closure: a body ("ground" for the ground) and a point on it, existing or,
/// when `newPoint` is set, added with that position (m, the body frame; planar: z ignored).
struct ClosureSide {
    std::string body;
    std::string point;
    std::optional<Eigen::Vector3d> newPoint;
};

struct LoopClosure {
    std::string name; ///< the new joint's name; empty: "closure<n>"
    JointType type = JointType::Spherical;
    ClosureSide parent;
    ClosureSide child;
    /// Spatial revolute, prismatic or cylindrical axis, or a universal's first (W at q = 0);
    /// planar prismatic: its x and y in the parent's frame. Normalised here.
    Eigen::Vector3d axis = Eigen::Vector3d::UnitZ();
    Eigen::Vector3d axis2 = Eigen::Vector3d::UnitY(); ///< universal: the second axis
};

/// Adds the closure to `spec` as a cut joint. Refused, with `spec` unchanged, for an unknown
/// body, a missing or duplicate point, a joint name in use, both sides on one body, a joint
/// type the space does not have, or a zero axis. `note` receives what else changed (the
/// inputs moved to the assembly guess).
EditError closeLoop(MechanismSpec& spec, const LoopClosure& closure, std::string* note = nullptr);

} // namespace sslm
