// SPDX-License-Identifier: MIT
#pragma once

// A joint's editable properties in a drawing: its type, its spring/damper and its actuator.
// Changing the type keeps the drawn pose: a revolute becomes a prismatic joint whose axis is
// the parent's x-axis (q = 0 m where drawn); a prismatic becomes a revolute joint pinned at the
// child's point, which gets a partner point on the parent (or a ground pivot) where it is
// drawn. A coordinate named by the editor's pattern follows the type (theta3 ↔ x3). Numbers in
// the old type's units do not carry over: the initial rate and the spring/damper go, and an
// actuator stays with a zero force. Units: m, rad, N, N·m; the prismatic axis angle is in the
// parent's frame. No Qt.

#include <optional>
#include <string>

#include "core/edit/drawing.hpp"

namespace sslm {

struct JointProperties {
    JointType type = JointType::Revolute;
    double axisAngle = 0; ///< prismatic: the axis's angle in the parent's frame (rad)
    std::optional<SpringDamperSpec> springDamper; ///< empty: none
    std::optional<ActuatorSpec> actuator;         ///< empty: none; its `joint` is ignored
};

/// The properties of `joint`, if it exists.
std::optional<JointProperties> jointProperties(const Drawing& drawing, const std::string& joint);

/// Sets a joint's type, prismatic axis, spring/damper and actuator as one edit; the drawing is
/// unchanged when the reason is returned.
EditError
setJointProperties(Drawing& drawing, const std::string& joint, const JointProperties& properties);

/// The joints with an end at `point`, in the spec's order.
std::vector<std::string> jointsAt(const Drawing& drawing, const JointEnd& point);

} // namespace sslm
