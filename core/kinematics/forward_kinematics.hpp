// SPDX-License-Identifier: MIT
#pragma once

// Tree kinematics of the spanning tree: body poses, twists and velocity-product (bias)
// accelerations, by one pass over the bodies in tree order (O(n)), written once for both motion
// spaces over each space's joint step, and the positions, velocities and accelerations of
// points fixed on bodies. A body's pose is its rotation and origin in W, a planar body's also
// its angle about z; twists are in W about Wo (spatial_algebra.hpp). The planar kernel's 2-D
// point functions are PlanarSpace's (motion_space.hpp).
//
// Spatial joint kinematics (side A = the spec's parent, B = its child; E the joint rotation):
// R_B = R_A·E(q), and the joint points coincide, x_B = x_A + s·R_A·u for a slide s along u.
// Revolute: E = Rot(u, q). Prismatic: E = 1, s = q. Cylindrical: E = Rot(u, q₀), s = q₁.
// Universal: E = Rot(a₁, q₀)·Rot(a₂, q₁), a₁ fixed in A, a₂ in B. Spherical: E = the unit
// quaternion, ω the relative angular velocity in A's frame. A tree that runs B → A uses Eᵀ.

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// Body poses for positions q (nq(): nv, plus one per spherical joint's quaternion;
/// rad or m): ws.rotation, position, angle (planar), jointPoint and the motion subspace columns
/// ws.motionSubspace with their carriers.
void updatePositions(const Model& model, Workspace& ws, const Eigen::Ref<const Eigen::VectorXd>& q);

/// Body twists ws.twist and bias accelerations ws.biasAcceleration (d/dt twist at q̈ = 0, no
/// gravity; both about Wo) for rates qd (nv; rad/s or m/s). Precondition: updatePositions for
/// the same q.
void updateVelocities(const Model& model,
                      Workspace& ws,
                      const Eigen::Ref<const Eigen::VectorXd>& qd);

/// Where joint `joint` acts in W (m): its pin for a revolute joint, its B-side point for a
/// prismatic one (where its reaction is drawn). Precondition: updatePositions.
Eigen::Vector3d jointPoint(const Model& model, const Workspace& ws, int joint);

/// ∂p/∂q (2 × nv) of the point p_B (m, body frame) of a planar model's `body`: non-zero only in
/// the columns of the body's tree ancestors' joints. Precondition: updatePositions.
void pointJacobian(const Model& model,
                   const Workspace& ws,
                   int body,
                   const Eigen::Vector2d& p_B,
                   Eigen::Ref<Eigen::MatrixXd> out);

/// The relative coordinate of any joint: a tree joint's (first) coordinate, an angle (rad) as
/// the 2π-representative nearest `reference`; a planar cut joint's read off the body poses, the
/// angle φ_B − φ_A − offset of a revolute (nearest `reference`), the slide (m) of a prismatic.
/// A spatial cut joint has none (compile() refuses joint forces on one): not to be called for
/// it. Precondition: updatePositions.
double jointValue(const Model& model, const Workspace& ws, int joint, double reference = 0.0);

/// The rate of jointValue (rad/s or m/s); as there, not for a spatial cut joint.
/// Precondition: updateVelocities.
double jointRate(const Model& model, const Workspace& ws, int joint);

/// ∂(jointValue)/∂q (nv) of any joint into `out`: a unit vector for a tree joint, the loop-path
/// combination for a cut joint. Generalized force of a joint force f is f·out.
/// Precondition: updatePositions.
void jointValueGradient(const Model& model,
                        const Workspace& ws,
                        int joint,
                        Eigen::Ref<Eigen::VectorXd> out);

/// The joint rotation E (R_B = R_A·E) of a spatial model's tree joint `joint` at positions q.
Eigen::Matrix3d
jointRotation(const Model& model, const Joint& joint, const Eigen::Ref<const Eigen::VectorXd>& q);

/// World position (m) of the point p_B (m, body frame) of `body`. Precondition:
/// updatePositions.
Eigen::Vector3d pointPosition(const Workspace& ws, int body, const Eigen::Vector3d& p_B);

/// World velocity (m/s) of the point p_B (m, body frame) of `body`. Precondition:
/// updateVelocities.
Eigen::Vector3d pointVelocity(const Workspace& ws, int body, const Eigen::Vector3d& p_B);

} // namespace sslm
