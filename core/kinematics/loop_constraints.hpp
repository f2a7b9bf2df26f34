// SPDX-License-Identifier: MIT
#pragma once

// Loop-closure constraints at the cut joints, two rows per cut (seed 000 eqs. 9, 13):
// - revolute cut:  Φ = p_A − p_B, the cut point reached through side A minus through side B
//   (m, ground-frame x then y). With M q̈ = φ + Jᵀλ, λ is then the force (N, ground frame) that
//   the side-B body exerts on the side-A body at the cut.
// - prismatic cut: Φ = (n_A·(p_A − p_B), φ_A − φ_B + offset), n_A = ẑ × axis the guide
//   normal in W (m, rad); λ = (normal force along n_A (N), moment (N·m)) that B exerts on A.
// In both cases side B receives −λ.
// A spatial model has 3 to 5 rows per cut: spatial_loop_constraints.hpp.
// All derivatives are analytic.

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// Φ(q) into ws.phi. Precondition: updatePositions.
const Eigen::VectorXd& constraintResidual(const Model& model, Workspace& ws);

/// J = ∂Φ/∂q into ws.J; only each loop's path columns are non-zero. Precondition:
/// updatePositions.
const Eigen::MatrixXd& constraintJacobian(const Model& model, Workspace& ws);

/// J̇q̇ into ws.Jdot_qd, so that J q̈ + J̇q̇ = Φ̈. Precondition: updateVelocities.
const Eigen::VectorXd& constraintBias(const Model& model, Workspace& ws);

} // namespace sslm
