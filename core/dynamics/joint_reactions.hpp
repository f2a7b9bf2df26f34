// SPDX-License-Identifier: MIT
#pragma once

// The constraint wrench that every joint transmits at a solved state (q, q̇, q̈, λ), one
// algorithm for both motion spaces (motion_space.hpp): a cut's from its multipliers λ (the
// reactions SSLM solves for), a tree joint's by the body-level recursion of seed 002 eq. (11),
// leaves to root: the wrench a tree joint passes to its child body is that body's inertia
// wrench, minus the known forces on it, plus what it passes on to its own children. Inverse
// dynamics (inverse/inverse_dynamics.hpp) and the pin friction of forward dynamics
// (pin_friction.hpp) share it.
//
// Sign conventions are those of loop_constraints.hpp, for every joint, cut or not: a joint's
// constraint wrench is what its side B exerts on its side A (W, about Wo); side B receives the
// opposite. Wrenches and accelerations are held in 6-vectors whose first Space::kTwistSize
// entries are the space's own: [n_z, f_x, f_y] in the plane, [n; f] in space.

#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

/// Per-body and per-joint buffers of the body-level recursion, sized once for one Model.
struct BodyRecursionWorkspace {
    explicit BodyRecursionWorkspace(const Model& model);

    using Vec6 = spatial::Vec6;
    /// Per body: Σ S_k q̈_k over its tree path (rad/s², m/s², about Wo in W); [0] the ground.
    std::vector<Vec6> bodyAcceleration;
    /// Per body: the wrench its motion needs, W_b = I_b·a_b + W⁰_b (N·m, N; about Wo in W): the
    /// sum of all forces on it other than gravity (W⁰ carries gravity and the velocity products).
    std::vector<Vec6> inertiaWrench;
    /// Per body: the wrench its tree joint passes to it from the parent (N·m, N; about Wo, W).
    std::vector<Vec6> transmitted;
    /// Per joint (file order): its constraint wrench on side A (N·m, N; about Wo in W).
    std::vector<Vec6> constraintOnA;
};

/// Every moving body's acceleration and inertia wrench at q̈ into rws.bodyAcceleration and
/// rws.inertiaWrench.
/// \param qdd  joint accelerations (model.nv(); rad/s², m/s²)
/// Precondition: updatePositions and updateVelocities at the state q̈ belongs to.
void inertiaWrenches(const Model& model,
                     const Workspace& ws,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd,
                     BodyRecursionWorkspace& rws);

/// The constraint wrench on side A of cut `loop` (Model::loops index) from its multipliers:
/// Σ_r λ_r G_A,r (N·m, N; about Wo in W, in the 6-vector layout above).
/// \param lambda  cut multipliers, all rows (model.nConstraints())
/// Precondition: updatePositions.
spatial::Vec6 cutConstraintWrench(const Model& model,
                                  const Workspace& ws,
                                  const Eigen::Ref<const Eigen::VectorXd>& lambda,
                                  int loop);

/// Seed 002 eq. (11): every joint's constraint wrench on side A into rws.constraintOnA, the
/// cuts' from λ, the tree joints' from the leaves towards the subsystem roots (parent on body b
/// = W_b − known forces and loads on b + Σ what b passes to its children).
/// \param lambda            cut multipliers, all rows (model.nConstraints(); N, or N and N·m)
/// \param jointForces       per joint (file order): the force on its first coordinate (N·m or
///                          N, acting to increase it; a cut joint's through its relative
///                          coordinate)
/// \param coordinateForces  per tree coordinate (model.nv()): further forces on it (N·m or N),
///                          e.g. inverse dynamics' drives
/// \param bodyLoads         per body: the loads' and two-point elements' wrench on it
///                          (BodyLoadWorkspace::wrench: [n; f] about Wo in W, six slots)
/// Precondition: inertiaWrenches() at the same state.
void jointConstraintWrenchesOnA(const Model& model,
                                const Workspace& ws,
                                const Eigen::Ref<const Eigen::VectorXd>& lambda,
                                const Eigen::Ref<const Eigen::VectorXd>& jointForces,
                                const Eigen::Ref<const Eigen::VectorXd>& coordinateForces,
                                const std::vector<spatial::Vec6>& bodyLoads,
                                BodyRecursionWorkspace& rws);

/// The force part (N, W) of a constraint wrench on side A in the 6-vector layout above: its
/// f_x, f_y (z = 0) in the plane, its f in space.
Eigen::Vector3d constraintForce(const Model& model, const spatial::Vec6& onA);

} // namespace sslm
