// SPDX-License-Identifier: MIT
#pragma once

// Dynamics of the spanning tree (the cut-open mechanism), eq. (8) of seed 000:
// M q̈ + C q̇ = τ + Q_gravity (+ Jᵀλ at the cuts). M is block-diagonal by subsystem, its
// blocks being the subsystems' generalized inertia matrices I_j of eqs. (6)–(7). One algorithm
// (composite rigid bodies and a Newton–Euler pass) for planar and spatial models, written over
// a motion space (kinematics/motion_space.hpp, dynamics/space_dynamics.hpp): twists, wrenches and
// inertias in W about Wo. For a spatial model q̈ means v̇, the rates' derivatives (nv = the rate
// size).

#include "core/dynamics/dynamics_workspace.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// Generalized inertia M(q) into dws.M by composite rigid bodies (O(n·depth)); entries across
/// subsystems are zero. Precondition: updatePositions(model, ws, q).
const Eigen::MatrixXd&
generalizedInertia(const Model& model, const Workspace& ws, DynamicsWorkspace& dws);

/// φ = Q_gravity − C(q, q̇)q̇ into dws.phi (N·m, N) by one Newton–Euler pass at q̈ = 0 (O(n)).
/// Precondition: updateVelocities(model, ws, qd).
const Eigen::VectorXd&
gravityAndVelocityForces(const Model& model, const Workspace& ws, DynamicsWorkspace& dws);

/// Both of the above in one pass that shares the motion subspaces and COM positions (what the
/// right-hand side of a simulation needs). Precondition: updateVelocities(model, ws, qd).
void treeDynamics(const Model& model, const Workspace& ws, DynamicsWorkspace& dws);

} // namespace sslm
