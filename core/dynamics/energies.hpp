// SPDX-License-Identifier: MIT
#pragma once

// The bodies' energies, one algorithm for planar and spatial models (kinematics/motion_space.hpp,
// dynamics/space_dynamics.hpp): kinetic T = Σ ½ m |v_c|² + ½ ωᵀ I_c ω, gravity's potential V = −Σ m
// g·c, zero at the origin of W (planar: y = 0 for gravity along −y; spatial: z = 0). The springs'
// energy is applied_forces.hpp's springEnergy().

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// T (J). Precondition: updateVelocities.
double kineticEnergy(const Model& model, const Workspace& ws);

/// V of gravity (J). Precondition: updatePositions.
double gravityPotentialEnergy(const Model& model, const Workspace& ws);

} // namespace sslm
