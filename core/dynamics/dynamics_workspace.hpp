// SPDX-License-Identifier: MIT
#pragma once

// Buffers of the dynamics algorithms, sized once from a Model (no allocation per call).

#include <variant>
#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

/// The tree algorithm's per-body sums in one motion space's types (space_dynamics.hpp), in W
/// about Wo: each body's subtree inertia and the Newton–Euler backward pass's wrenches.
template <class Inertia, class Wrench> struct SubtreeSums {
    std::vector<Inertia> compositeInertia;
    std::vector<Wrench> subtreeWrench;
};

struct DynamicsWorkspace {
    explicit DynamicsWorkspace(const Model& model);

    Eigen::MatrixXd
        M; ///< generalized inertia (nv × nv), block-diagonal by subsystem (kg·m², kg·m, kg)
    Eigen::VectorXd phi; ///< φ = Q_gravity − C q̇ (N·m or N), eq. (10), without joint forces
    /// The model's space's sums: planar inertias (m (kg), h_x, h_y (kg·m; h = m·c), I_o
    /// (kg·m²)) and wrenches [n, f_x, f_y], or spatial inertias and 6-vector wrenches.
    std::variant<SubtreeSums<Eigen::Vector4d, Eigen::Vector3d>,
                 SubtreeSums<spatial::Inertia, Eigen::Matrix<double, 6, 1>>>
        sums;
};

} // namespace sslm
