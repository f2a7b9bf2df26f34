// SPDX-License-Identifier: MIT
#pragma once

// The coordinates a position analysis solves for (those not held as inputs) and their block of
// the loop Jacobian, shared by the assembler and the velocity, acceleration and sweep analyses.

#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// The coordinates (indices in q̇, ascending) not listed in `independent`.
std::vector<int> dependentOf(const Model& model, const std::vector<int>& independent);

/// J_dep = ∂Φ/∂q_dependent at q, with ws.J and the positions in ws updated there.
Eigen::MatrixXd dependentJacobian(const Model& model,
                                  Workspace& ws,
                                  const Eigen::Ref<const Eigen::VectorXd>& q,
                                  const std::vector<int>& dependent);

/// The smallest singular value of m (0 for an empty matrix).
double minSingularValue(const Eigen::MatrixXd& m);

} // namespace sslm
