// SPDX-License-Identifier: MIT
#pragma once

// The per-body terms the planar tree algorithms build on (tree_dynamics: CRBA and
// Newton–Euler), in the planar spatial algebra about the ground origin Wo: twists
// [ω, v_Wo], wrenches [moment about Wo, force], both in the ground frame.

#include <Eigen/Core>

#include "core/kinematics/motion_space.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "core/spatial/planar.hpp"

namespace sslm::body_terms {

/// Body inertia about Wo as (m (kg), h_x, h_y (kg·m; h = m·c), I_o (kg·m²)), c the COM in W.
inline Eigen::Vector4d inertiaAboutOrigin(const Body& body, const Eigen::Vector2d& com) {
    const double m = body.mass;
    return {m, m * com.x(), m * com.y(), body.inertiaCom() + m * com.squaredNorm()};
}

/// The wrench body b needs at q̈ = 0, W⁰ = [c × F, F] with F = m(a_com − g): gravity and the
/// velocity products (no moment about the COM: α = 0 and ω × Iω = 0 in the plane). `arm` is
/// the COM's offset from the body origin in W. Precondition: updateVelocities.
inline Eigen::Vector3d
biasWrench(const Model& model, const Workspace& ws, int b, const Eigen::Vector2d& arm) {
    const Body& body = model.bodies[b];
    const Eigen::Vector3d& origin = ws.position[b];
    const Eigen::Vector2d com(origin.x() + arm.x(), origin.y() + arm.y());
    // the COM's velocity v_o + ω × c and its acceleration a_o + ω × v_c (twists about Wo)
    const Workspace::Vec6& v = ws.twist[b];
    const Workspace::Vec6& a = ws.biasAcceleration[b];
    const double w = v(2);
    const double vx = v(3) - w * com.y();
    const double vy = v(4) + w * com.x();
    const Eigen::Vector2d aCom(a(3) - w * vy, a(4) + w * vx);
    return PlanarSpace::wrenchAt(com, body.mass * (aCom - PlanarSpace::gravity(model)));
}

} // namespace sslm::body_terms
