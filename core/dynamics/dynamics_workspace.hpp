// SPDX-License-Identifier: MIT
#pragma once

// Buffers of the dynamics algorithms, sized once from a Model (no allocation per call).

#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace sslm {

struct DynamicsWorkspace {
    explicit DynamicsWorkspace(const Model& model);

    Eigen::MatrixXd
        M; ///< generalized inertia (nq × nq), block-diagonal by subsystem (kg·m², kg·m, kg)
    Eigen::VectorXd phi; ///< φ = Q_gravity − C q̇ (N·m or N), eq. (10), without joint forces
    /// Planar inertia of each body's subtree about the ground origin Wo, as
    /// (m (kg), h_x, h_y (kg·m; h = m·c), I_o (kg·m²)).
    std::vector<Eigen::Vector4d> compositeInertia;
    std::vector<Eigen::Vector3d> motionSubspace; ///< S_k of each tree joint at the origin
    std::vector<Eigen::Vector3d> subtreeWrench;  ///< Newton–Euler backward pass accumulator

    // spatial model only (tree_dynamics.hpp): W frame, about Wo
    using Vec6 = Eigen::Matrix<double, 6, 1>;
    using Mat6 = Eigen::Matrix<double, 6, 6>;
    std::vector<Mat6> compositeInertia6; ///< spatial inertia of each body's subtree
    std::vector<Vec6> subtreeWrench6;    ///< Newton–Euler backward pass accumulator
};

} // namespace sslm
