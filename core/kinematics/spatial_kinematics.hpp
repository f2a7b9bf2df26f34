// SPDX-License-Identifier: MIT
#pragma once

// Tree kinematics of a spatial model: body rotations and origins, twists and bias
// accelerations (q̈ = 0, no gravity) in W about Wo (spatial_algebra.hpp), by one pass over the
// bodies in tree order.
//
// Joint kinematics (side A = the spec's parent, B = its child; E the joint rotation):
// R_B = R_A·E(q), and the joint points coincide, x_B = x_A + s·R_A·u for a slide s along u.
// Revolute: E = Rot(u, q). Prismatic: E = 1, s = q. Cylindrical: E = Rot(u, q₀), s = q₁.
// Universal: E = Rot(a₁, q₀)·Rot(a₂, q₁), a₁ fixed in A, a₂ in B. Spherical: E = the unit
// quaternion, ω the relative angular velocity in A's frame. A tree that runs B → A uses Eᵀ.

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// The joint rotation E (R_B = R_A·E) of tree joint `joint` at positions q.
Eigen::Matrix3d
jointRotation(const Model& model, const Joint& joint, const Eigen::Ref<const Eigen::VectorXd>& q);

/// Body poses for positions q (model.positionSize()): ws.rotation, position3, jointPoint3,
/// and the motion subspace columns ws.motionSubspace6 (with their carriers).
void updateSpatialPositions(const Model& model,
                            Workspace& ws,
                            const Eigen::Ref<const Eigen::VectorXd>& q);

/// Body twists and bias accelerations for rates v (model.nq()). Precondition:
/// updateSpatialPositions.
void updateSpatialVelocities(const Model& model,
                             Workspace& ws,
                             const Eigen::Ref<const Eigen::VectorXd>& v);

/// World position (m) of the point p_B (m, body frame) of `body`.
Eigen::Vector3d spatialPointPosition(const Workspace& ws, int body, const Eigen::Vector3d& p_B);

/// World velocity (m/s) of the point p_B of `body`. Precondition: updateSpatialVelocities.
Eigen::Vector3d spatialPointVelocity(const Workspace& ws, int body, const Eigen::Vector3d& p_B);

} // namespace sslm
