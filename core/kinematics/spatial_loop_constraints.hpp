// SPDX-License-Identifier: MIT
#pragma once

// Loop-closure constraints of a spatial model at its cut joints (A = the joint's parent side,
// B = its child side; x_A, x_B the joint points in W; axes in W turn with their body):
// - spherical (3 rows):   e_k·(x_A − x_B) for the world axes e_x, e_y, e_z;
// - universal (4 rows):   the same 3, then a₁·a₂ (first axis fixed in A, second in B);
// - revolute (5 rows):    the same 3, then n₁·u_B and n₂·u_B, n₁, n₂ ⟂ u fixed in A;
// - cylindrical (4 rows): n₁·(x_B − x_A), n₂·(x_B − x_A), n₁·u_B, n₂·u_B;
// - prismatic (5 rows):   the cylindrical 4, then n₁·n₂_B (no turn about the axis).
// Each row is differentiated through the two bodies' twists, Φ̇ = G_A·V_A + G_B·V_B, and G_A
// is a wrench on A: with M q̈ = φ + Jᵀλ, Σ λ_r G_A,r is the wrench that B exerts on A at the
// cut (the point rows' λ is that force in N, W) and B receives −Σ λ_r G_A,r.

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// Φ(q) of a spatial model into ws.phi. Precondition: updateSpatialPositions.
void spatialConstraintResidual(const Model& model, Workspace& ws);

/// J = ∂Φ/∂v into ws.J. Precondition: updateSpatialPositions.
void spatialConstraintJacobian(const Model& model, Workspace& ws);

/// J̇v into ws.Jdot_qd. Precondition: updateSpatialVelocities.
void spatialConstraintBias(const Model& model, Workspace& ws);

/// The wrench on side A (W, about Wo) of a unit multiplier on constraint row `row` of joint
/// `joint`, cut or not: the rows above applied to any joint give a basis of the wrenches it
/// can transmit besides its driving forces (side B receives the opposite). Precondition:
/// updateSpatialPositions, and the joint's constraints hold (an assembled pose).
Eigen::Matrix<double, 6, 1>
jointConstraintWrench(const Model& model, const Workspace& ws, int joint, int row);

/// The wrench on side B (W, about Wo) of a unit generalized force on the joint's k-th
/// coordinate (a moment about a turning axis, a force along a sliding one); side A receives the
/// opposite. Precondition: updateSpatialPositions.
Eigen::Matrix<double, 6, 1>
jointCoordinateWrench(const Model& model, const Workspace& ws, int joint, int k);

/// A cut's reaction as a force and a moment that side B exerts on side A.
struct CutWrench {
    Eigen::Vector3d force = Eigen::Vector3d::Zero();  ///< N, W
    Eigen::Vector3d moment = Eigen::Vector3d::Zero(); ///< N·m, W, about `point`
    Eigen::Vector3d point = Eigen::Vector3d::Zero();  ///< side A's joint point (m, W)
};

/// The reaction of loop i's cut from the multipliers λ (all rows). Precondition:
/// updateSpatialPositions at the state λ belongs to.
CutWrench cutReactionWrench(const Model& model,
                            const Workspace& ws,
                            int loop,
                            const Eigen::Ref<const Eigen::VectorXd>& lambda);

} // namespace sslm
