// SPDX-License-Identifier: MIT
#pragma once

// Every buffer the algorithms write, sized once from a Model so that the hot path does not
// allocate. One Workspace per thread; never shared. Body arrays are indexed like
// Model::bodies (the ground at 0), vectors over coordinates like q.

#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace sslm {

struct Workspace {
    explicit Workspace(const Model& model);

    using Vec6 = Eigen::Matrix<double, 6, 1>;

    // positions (updatePositions), per body in W; a planar body turns about z in the XY plane
    std::vector<Eigen::Matrix3d> rotation; ///< R_WB
    std::vector<Eigen::Vector3d> position; ///< p_WBo (m)
    std::vector<double> angle;             ///< planar: φ_WB (rad), R_WB's turn about z
    /// World position of the tree joint's point on the child side (m); a revolute's pivot.
    std::vector<Eigen::Vector3d> jointPoint;
    /// Per coordinate k: S_k = ∂(twist of its body)/∂q̇_k, [ω; v_o] about Wo (a planar
    /// revolute's [0, 0, ±1, ±y, ∓x, 0] about its pivot (x, y), a prismatic's slide direction).
    std::vector<Vec6> motionSubspace;
    std::vector<int> subspaceCarrier; ///< per coordinate: the body its column is fixed in
    /// Per coordinate: its position value (rad or m; a spherical joint's entries unused) and
    /// rate (rad/s or m/s), for the joint forces of applied_forces.hpp.
    std::vector<double> coordinateValue;
    std::vector<double> coordinateRate;

    // velocities (updateVelocities), per body; a planar twist is [0, 0, ω, v_x, v_y, 0]
    std::vector<Vec6> twist;            ///< [ω; v_o] about Wo (rad/s, m/s)
    std::vector<Vec6> biasAcceleration; ///< d/dt twist at q̈ = 0, no gravity (rad/s², m/s²)

    // loop constraints, rows per loop by cut type (loop_constraints.hpp)
    Eigen::VectorXd phi;     ///< Φ(q): position violation (m, or rad for a prismatic cut's angle)
    Eigen::MatrixXd J;       ///< ∂Φ/∂q (nConstraints × nv)
    Eigen::VectorXd Jdot_qd; ///< J̇·q̇ (m/s²)

    int nBodies = 0;
    int nv = 0;
    int nConstraints = 0;
};

/// True when the workspace was built for a model of this shape.
bool isCompatible(const Model& model, const Workspace& ws);

} // namespace sslm
