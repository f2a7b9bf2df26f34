// SPDX-License-Identifier: MIT
#pragma once

// The shaking wrench (dynamics/shaking_wrench.hpp) from an inverse-dynamics evaluation: the sum
// of what every ground joint passes to the ground, its constraint reaction and its own joint
// forces (the driving torque's reaction on the motor's frame, springs and dampers to ground).
// It equals shakingFromMotion() at the same state: the identity the tests check.

#include <Eigen/Core>

#include "core/dynamics/shaking_wrench.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/model/model.hpp"

namespace sslm {

/// The wrench the mechanism exerts on the ground about `about` (m, W; a planar model's moment
/// about z only) after a successful inverseDynamics() with joint reactions computed.
ShakingWrench shakingFromReactions(const Model& model,
                                   const InverseDynamicsWorkspace& iws,
                                   const Eigen::Vector3d& about);

} // namespace sslm
