// SPDX-License-Identifier: MIT
#pragma once

// Loop-closure constraints at the cut joints, one algorithm for both motion spaces
// (motion_space.hpp). A = the cut's parent side, B = its child side; x_A, x_B the joint points
// in W; axes in W turn with their body. The rows of a cut, by its type (joint_kinds.hpp:
// constraintRowCount), planar (seed 000 eqs. 9, 13):
// - revolute (2 rows):    e_k·(x_A − x_B) for the world axes e_x, e_y (m);
// - prismatic (2 rows):   n_A·(x_A − x_B), n_A = ẑ × axis the guide normal (m), then
//                         φ_A − φ_B + offset (rad);
// and spatial:
// - spherical (3 rows):   e_k·(x_A − x_B) for e_x, e_y, e_z;
// - universal (4 rows):   the same 3, then a₁·a₂ (first axis fixed in A, second in B);
// - revolute (5 rows):    the same 3, then n₁·u_B and n₂·u_B, n₁, n₂ ⟂ u fixed in A;
// - cylindrical (4 rows): n₁·(x_B − x_A), n₂·(x_B − x_A), n₁·u_B, n₂·u_B;
// - prismatic (5 rows):   the cylindrical 4, then n₁·n₂_B (no turn about the axis).
// A revolute cut of a spherical loop (spherical_loops.hpp) keeps its two axis rows alone
// (Joint::firstRow = 3, rowCount = 2): its bodies turn about one point, so its points meet
// when its axes do.
// Each row is differentiated through the two bodies' twists, Φ̇ = G_A·V_A + G_B·V_B, and G_A
// is a wrench on A: with M q̈ = φ + Jᵀλ, Σ λ_r G_A,r is the wrench that B exerts on A at the
// cut (the point rows' λ is that force in N, W; a planar prismatic cut's λ is the normal force
// along n_A (N) then the moment (N·m)) and B receives −Σ λ_r G_A,r. All derivatives are
// analytic.

#include <array>
#include <vector>

#include <Eigen/Core>

#include "core/kinematics/motion_space.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// Φ(q) into ws.phi. Precondition: updatePositions.
const Eigen::VectorXd& constraintResidual(const Model& model, Workspace& ws);

/// J = ∂Φ/∂q̇ into ws.J; only each loop's path columns are non-zero (the others stay zero from
/// the Workspace's construction). Precondition: updatePositions.
const Eigen::MatrixXd& constraintJacobian(const Model& model, Workspace& ws);

/// J̇q̇ into ws.Jdot_qd, so that J q̈ + J̇q̇ = Φ̈. Precondition: updateVelocities.
const Eigen::VectorXd& constraintBias(const Model& model, Workspace& ws);

/// A cut's most constraint rows (a spatial revolute or prismatic joint).
constexpr int kMostConstraintRows = 5;

/// The wrenches on side A (W, about Wo) of a unit multiplier on each constraint row of joint
/// `joint`, cut or not, into `out`; returns their count. The rows above applied to any joint
/// give a basis of the wrenches it can transmit besides its driving forces (side B receives
/// the opposite). Precondition: updatePositions, and the joint's constraints hold (an
/// assembled pose).
template <class Space>
int jointConstraintWrenches(const Model& model,
                            const Workspace& ws,
                            int joint,
                            std::array<typename Space::Wrench, kMostConstraintRows>& out);

/// The wrench on side B (W, about Wo) of a unit generalized force on the joint's k-th
/// coordinate (a moment about a turning axis, a force along a sliding one, at B's joint point);
/// side A receives the opposite. Precondition: updatePositions.
template <class Space>
typename Space::Wrench
jointCoordinateWrench(const Model& model, const Workspace& ws, int joint, int k);

/// A cut's reaction: the force and moment that side B exerts on side A (side B receives the
/// opposite), in W; a planar reaction lies in the XY plane with its moment about z.
struct CutReaction {
    /// N. A revolute cut's point rows' λ; a planar prismatic cut's normal force λ₀·n_A.
    Eigen::Vector3d force = Eigen::Vector3d::Zero();
    /// N·m, about `point`: a planar prismatic cut's λ₁; 0 for a planar revolute.
    Eigen::Vector3d moment = Eigen::Vector3d::Zero();
    /// Where the force acts (m): side A's joint point, or side B's point on the guide of a
    /// planar prismatic cut.
    Eigen::Vector3d point = Eigen::Vector3d::Zero();
};

/// Where joint j's reaction acts and its moment is taken (m, W): side A's joint point, or side
/// B's point on the guide of a planar prismatic joint (CutReaction::point, and the same for a
/// tree joint's reaction). Precondition: updatePositions.
Eigen::Vector3d reactionPoint(const Model& model, const Workspace& ws, int j);

/// Every cut's reaction (Model::cuts order) from the multipliers λ (all rows) into `out`,
/// which must hold model.nLoops() entries. Precondition: updatePositions at the state λ
/// belongs to.
void cutReactions(const Model& model,
                  const Workspace& ws,
                  const Eigen::Ref<const Eigen::VectorXd>& lambda,
                  std::vector<CutReaction>& out);

} // namespace sslm
