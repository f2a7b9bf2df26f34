// SPDX-License-Identifier: MIT
#pragma once

// The per-body terms both tree algorithms build on (tree_dynamics: CRBA and Newton–Euler;
// articulated_body: ABA), in the planar spatial algebra about the ground origin Wo: twists
// [ω, v_Wo], wrenches [moment about Wo, force], both in the ground frame.

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "core/spatial/planar.hpp"

namespace sslm::body_terms {

/// S_k: the twist [ω, v_Wo] of body b per unit rate of its tree joint (±1 about the pivot for a
/// revolute, the slide direction for a prismatic). Precondition: updatePositions.
inline Eigen::Vector3d motionSubspace(const Model& model, const Workspace& ws, int b) {
    const Joint& joint = model.joints[model.bodies[b].treeJoint];
    if (joint.type == JointType::Revolute) {
        const Eigen::Vector2d& p = ws.jointPoint[b];
        return joint.treeSign * Eigen::Vector3d(1.0, p.y(), -p.x());
    }
    return {0.0, ws.jointDirection[b].x(), ws.jointDirection[b].y()};
}

/// Wrench [moment about Wo (N·m), force (N)] of a force acting at a point (m, W).
inline Eigen::Vector3d wrenchOf(const Eigen::Vector2d& point, const Eigen::Vector2d& force) {
    return {planar::cross(point, force), force.x(), force.y()};
}

/// Body inertia about Wo as (m (kg), h_x, h_y (kg·m; h = m·c), I_o (kg·m²)), c the COM in W.
inline Eigen::Vector4d inertiaAboutOrigin(const Body& body, const Eigen::Vector2d& com) {
    const double m = body.mass;
    return {m, m * com.x(), m * com.y(), body.inertiaCom + m * com.squaredNorm()};
}

/// The same as a 3 × 3 matrix in [ω, v_Wo] coordinates: [I_o −h_y h_x; −h_y m 0; h_x 0 m].
inline Eigen::Matrix3d inertiaMatrix(const Eigen::Vector4d& inertia) {
    const double m = inertia[0];
    const double hx = inertia[1];
    const double hy = inertia[2];
    Eigen::Matrix3d matrix;
    matrix << inertia[3], -hy, hx, -hy, m, 0.0, hx, 0.0, m;
    return matrix;
}

/// The wrench body b needs at q̈ = 0, W⁰ = [c × F, F] with F = m(a_com − g): gravity and the
/// velocity products (no moment about the COM: α = 0 and ω × Iω = 0 in the plane). `arm` is
/// the COM's offset from the body origin in W. Precondition: updateVelocities.
inline Eigen::Vector3d
biasWrench(const Model& model, const Workspace& ws, int b, const Eigen::Vector2d& arm) {
    const Body& body = model.bodies[b];
    const Eigen::Vector2d aCom = ws.biasAcceleration[b] - ws.omega[b] * ws.omega[b] * arm;
    return wrenchOf(ws.origin[b] + arm, body.mass * (aCom - model.gravity));
}

} // namespace sslm::body_terms
