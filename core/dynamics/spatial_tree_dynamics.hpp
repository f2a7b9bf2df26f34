// SPDX-License-Identifier: MIT
#pragma once

// Dynamics of the spanning tree of a spatial model, M v̇ = φ (+ Jᵀλ): M by composite rigid
// bodies, φ = Q_gravity − C v by one Newton–Euler pass at v̇ = 0 with gravity as a base
// acceleration, both with every spatial quantity in W about Wo (spatial_algebra.hpp), where
// composite inertias and subtree wrenches add without transformation. tree_dynamics.hpp
// dispatches here for a spatial model.

#include "core/dynamics/dynamics_workspace.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

enum class SpatialTerms { Inertia, Forces, Both };

/// M into dws.M and/or φ into dws.phi. Precondition: updateSpatialPositions (Inertia), or
/// updateSpatialVelocities (Forces, Both).
void spatialTreeDynamics(const Model& model,
                         const Workspace& ws,
                         DynamicsWorkspace& dws,
                         SpatialTerms terms);

/// Kinetic energy ½ Σ Vᵀ I V of the bodies (J). Precondition: updateSpatialVelocities.
double spatialKineticEnergy(const Model& model, const Workspace& ws);

/// Gravity potential energy −Σ m g·c (J), zero at the world origin. Precondition:
/// updateSpatialPositions.
double spatialPotentialEnergy(const Model& model, const Workspace& ws);

} // namespace sslm
