// SPDX-License-Identifier: MIT
#pragma once

// Energies of a spatial model's bodies (tree_dynamics.hpp computes its M and φ, the one tree
// algorithm of both motion spaces).

#include "core/dynamics/dynamics_workspace.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// Kinetic energy ½ Σ Vᵀ I V of the bodies (J). Precondition: updateSpatialVelocities.
double spatialKineticEnergy(const Model& model, const Workspace& ws);

/// Gravity potential energy −Σ m g·c (J), zero at the world origin. Precondition:
/// updateSpatialPositions.
double spatialPotentialEnergy(const Model& model, const Workspace& ws);

} // namespace sslm
