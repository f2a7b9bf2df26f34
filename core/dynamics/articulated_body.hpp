// SPDX-License-Identifier: MIT
#pragma once

// Recursive O(n) forward dynamics of the spanning tree (the cut-open mechanism) under joint
// forces and the cut reactions λ: Featherstone's articulated-body algorithm (ABA) in the
// planar spatial algebra of tree_dynamics.hpp (about the ground origin Wo, ground frame:
// twists [ω, v_Wo], wrenches [moment about Wo, force]). It is the recursive path of seed 000,
// where each subsystem's accelerations under the cut forces come from an O(n) tree solver,
// beside the direct path q̈ = M⁻¹(φ + τ + Jᵀλ) of forward_dynamics.hpp.
//
// The cut reactions act as external wrenches at the cut points, in the convention of
// loop_constraints.hpp (λ_i is what side B exerts on side A; B receives −λ_i):
// - revolute cut: the force λ_i at side A's cut point x_A on A, −λ_i at x_B on B;
// - prismatic cut: the normal force f = λ_n n_A and the moment μ act on A at B's cut point
//   x_B, their opposites on B at the same point (the guide carries the slider's contact point).
// These are exactly the wrenches whose generalized forces are Jᵀλ with J = ∂Φ/∂q, at any q,
// on or off the constraint manifold.
//
// Subsystems do not interact in the open tree (M is block-diagonal): each can be solved on
// its own with subsystemAccelerations().

#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// Buffers of the articulated-body recursions, sized once from a Model (no allocation per
/// call). Body arrays are indexed like Model::bodies (entry 0, the ground, is unused).
struct ArticulatedBodyWorkspace {
    explicit ArticulatedBodyWorkspace(const Model& model);

    std::vector<Eigen::Vector3d> motionSubspace;       ///< S_k of each tree joint at Wo
    std::vector<Eigen::Matrix3d> articulatedInertia;   ///< I^A of each body's subtree
    std::vector<Eigen::Vector3d> articulatedBias;      ///< p^A: bias wrench of the subtree
    std::vector<Eigen::Vector3d> inertiaTimesSubspace; ///< U = I^A S
    std::vector<double> inverseJointInertia;           ///< 1 / (Sᵀ I^A S)
    std::vector<double> jointForceResidual;            ///< u = τ − Sᵀ p^A
    /// Spatial acceleration of each body relative to its motion at q̈ = 0: Σ S_k q̈_k over the
    /// body's tree joint and its ancestors' ([rad/s², m/s²]).
    std::vector<Eigen::Vector3d> accelerationChange;
    std::vector<Eigen::Vector3d> externalWrench; ///< cut wrenches per body (N·m, N)
    std::vector<Eigen::Vector3d> subtreeWrench;  ///< backward accumulator of Jᵀλ

    Eigen::VectorXd qdd; ///< result (nv; rad/s², m/s²)

    int nBodies = 0;
    int nv = 0;
    int nConstraints = 0;
};

/// q̈ (nv; rad/s², m/s²) of the open tree under gravity, the velocity-product terms, the joint
/// generalized forces tau (nv; N·m or N) and the cut reactions lambda (nConstraints; N, or N and
/// N·m for a prismatic cut's second row) in O(n): the solution of M q̈ = φ + τ + Jᵀλ. Written
/// into aws.qdd. Precondition: updatePositions and updateVelocities at (q, q̇).
/// Throws std::invalid_argument on a size mismatch.
const Eigen::VectorXd& articulatedBodyAccelerations(const Model& model,
                                                    const Workspace& ws,
                                                    const Eigen::Ref<const Eigen::VectorXd>& tau,
                                                    const Eigen::Ref<const Eigen::VectorXd>& lambda,
                                                    ArticulatedBodyWorkspace& aws);

/// The same for one subsystem j alone (eq. 19 of seed 000: I_j q̈_j = φ_j + τ_j + J_jᵀλ): only
/// aws.qdd's segment [qBegin, qBegin + nv) of subsystem j is written and returned. tau and
/// lambda are full-size; only the loops that touch subsystem j are read.
/// Precondition: updatePositions and updateVelocities at (q, q̇).
Eigen::VectorBlock<const Eigen::VectorXd>
subsystemAccelerations(const Model& model,
                       const Workspace& ws,
                       int subsystem,
                       const Eigen::Ref<const Eigen::VectorXd>& tau,
                       const Eigen::Ref<const Eigen::VectorXd>& lambda,
                       ArticulatedBodyWorkspace& aws);

/// Jᵀλ (nv; N·m or N) into out by the O(n) backward recursion: the cut wrenches summed over
/// each joint's subtree and projected on its motion subspace. Equals ws.J.transpose() * lambda
/// at any q (J from constraintJacobian), without forming J. Precondition: updatePositions.
void cutForceGeneralizedForces(const Model& model,
                               const Workspace& ws,
                               const Eigen::Ref<const Eigen::VectorXd>& lambda,
                               Eigen::Ref<Eigen::VectorXd> out,
                               ArticulatedBodyWorkspace& aws);

} // namespace sslm
