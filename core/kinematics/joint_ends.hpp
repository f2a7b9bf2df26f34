// SPDX-License-Identifier: MIT
#pragma once

// A joint's two ends, as the closed-form loop solvers walk a loop from body to body: the body on
// the other side, whether it touches a body, and its point on a body.

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace sslm {

/// The body `joint` joins to `body` (which is one of its two).
inline int otherBody(const Joint& joint, int body) {
    return joint.bodyA == body ? joint.bodyB : joint.bodyA;
}

/// Whether `joint` has an end on `body`.
inline bool touches(const Joint& joint, int body) {
    return joint.bodyA == body || joint.bodyB == body;
}

/// The point of `joint` on `body` (body frame, m).
inline const Eigen::Vector3d& pointOn(const Joint& joint, int body) {
    return joint.bodyA == body ? joint.p_A : joint.p_B;
}

} // namespace sslm
