// SPDX-License-Identifier: MIT
#pragma once

#include <Eigen/Core>

namespace sslm {

/// The equations of motion at one state, M q̈ = φ + Jᵀλ and J q̈ = Ψ, as every forward-dynamics
/// solver takes them: M (nv × nv) and φ (nv) from tree_dynamics.hpp, J (nc × nv) from
/// loop_constraints.hpp and Ψ (nc) = −J̇q̇ plus any Baumgarte terms. Views of matrices the
/// caller owns, valid while they are.
struct ConstrainedEquations {
    const Eigen::MatrixXd& M;
    const Eigen::VectorXd& phi;
    const Eigen::MatrixXd& J;
    const Eigen::VectorXd& psi;
};

} // namespace sslm
