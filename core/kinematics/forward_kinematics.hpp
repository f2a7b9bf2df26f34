// SPDX-License-Identifier: MIT
#pragma once

// Tree kinematics of the spanning tree: body poses, twists and velocity-product (bias)
// accelerations, by one pass over the bodies in tree order (O(n)), and the positions,
// velocities and accelerations of points fixed on bodies.

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// Body poses for coordinates q (nq; rad or m). Fills ws.angle, cos/sinAngle, origin,
/// jointPoint, jointDirection. A spatial model: updateSpatialPositions (positionSize entries).
void updatePositions(const Model& model, Workspace& ws, const Eigen::Ref<const Eigen::VectorXd>& q);

/// Body angular velocities, origin velocities and bias accelerations (the accelerations at
/// q̈ = 0) for rates qd (nq; rad/s or m/s). Precondition: updatePositions for the same q.
/// A spatial model: updateSpatialVelocities.
void updateVelocities(const Model& model,
                      Workspace& ws,
                      const Eigen::Ref<const Eigen::VectorXd>& qd);

/// World position (m) of the point p_B (m, body frame) of `body`.
Eigen::Vector2d pointPosition(const Workspace& ws, int body, const Eigen::Vector2d& p_B);

/// Where joint `joint` acts in W (m): its pin for a revolute joint, its B-side point for a
/// prismatic one (where its reaction is drawn). Precondition: updatePositions.
Eigen::Vector2d jointPoint(const Model& model, const Workspace& ws, int joint);

/// World velocity (m/s) of the point p_B of `body`. Precondition: updateVelocities.
Eigen::Vector2d pointVelocity(const Workspace& ws, int body, const Eigen::Vector2d& p_B);

/// World acceleration (m/s²) at q̈ = 0 of the point p_B of `body`. Precondition:
/// updateVelocities.
Eigen::Vector2d pointBiasAcceleration(const Workspace& ws, int body, const Eigen::Vector2d& p_B);

/// ∂p/∂q (2 × nq) of the point p_B of `body`: non-zero only in the columns of the body's tree
/// ancestors' joints. Precondition: updatePositions.
void pointJacobian(const Model& model,
                   const Workspace& ws,
                   int body,
                   const Eigen::Vector2d& p_B,
                   Eigen::Ref<Eigen::MatrixXd> out);

/// The relative coordinate of any joint (tree or cut) read off the current body poses: the
/// angle φ_B − φ_A − offset (rad, the 2π-representative nearest `reference`) of a revolute, the
/// slide (m) of a prismatic. A spatial model's tree joint: its first coordinate as in q (not
/// wrapped); a spatial cut joint has none here (0). Precondition: updatePositions.
double jointValue(const Model& model, const Workspace& ws, int joint, double reference = 0.0);

/// The relative rate of any joint (rad/s or m/s). Precondition: updateVelocities.
double jointRate(const Model& model, const Workspace& ws, int joint);

/// ∂(jointValue)/∂q (nq) of any joint into `out`: a unit vector for a tree joint, the loop-path
/// combination for a cut joint. Generalized force of a joint force f is f·out.
/// Precondition: updatePositions.
void jointValueGradient(const Model& model,
                        const Workspace& ws,
                        int joint,
                        Eigen::Ref<Eigen::VectorXd> out);

} // namespace sslm
