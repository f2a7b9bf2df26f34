// SPDX-License-Identifier: MIT
#pragma once

// Forces that act at points of bodies rather than on joint coordinates: loads (a force at a
// body point, a torque on a body) and two-point force elements (spring-dampers and cylinders
// between two points), in both motion spaces. Each becomes a wrench about Wo in W on its body;
// one pass from the leaves sums the wrenches of each subtree and projects them on the joints'
// motion subspaces, Q_k = S_k · W_subtree, as Newton–Euler does with the inertial wrenches.
// A planar model's twists and wrenches use the same 6 slots (ω_z, v_x, v_y and n_z, f_x, f_y
// non-zero), so the 3-D arithmetic below serves both spaces.

#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// A two-point element at one instant: its length L (m), rate L̇ (m/s) and force f (N,
/// pushing its points apart when positive; TwoPointSpec).
struct TwoPointState {
    double length = 0;
    double rate = 0;
    double force = 0;
};

/// The power (W) of the body loads and two-point elements at one instant.
struct LoadPower {
    double loads = 0;     ///< Σ F·v + τ·ω of the loads
    double cylinders = 0; ///< Σ f·L̇ of the cylinders (the power they put in)
    double dampers = 0;   ///< −Σ c·L̇² of the two-point dampers, ≤ 0
};

/// Per-run buffers of bodyLoadForces(), sized for one Model.
struct BodyLoadWorkspace {
    explicit BodyLoadWorkspace(const Model& model);

    /// The wrench of the loads and elements on each body (about Wo in W: [n; f], N·m and N,
    /// six slots in both spaces; [0] the ground's, unused).
    std::vector<spatial::Vec6> wrench;
    /// The same summed over each body's subtree (scratch of the pass).
    std::vector<spatial::Vec6> subtree;
    /// Each element's state (Model::twoPointElements order).
    std::vector<TwoPointState> elements;
};

/// Adds the generalized forces (nv; N·m or N) of the model's loads and two-point elements at
/// time t (s) to `tau` (the caller's φ or τ_applied), their body wrenches and element states
/// into `lws`; returns at once when the model has none. No heap allocation. Precondition:
/// updatePositions and updateVelocities.
LoadPower bodyLoadForces(const Model& model,
                         const Workspace& ws,
                         double t,
                         BodyLoadWorkspace& lws,
                         Eigen::Ref<Eigen::VectorXd> tau);

/// The potential energy (J) of the two-point springs at the current pose:
/// ½·k·(L − L₀)² − preload·(L − L₀) each (the preload pushes). Precondition: updatePositions.
double twoPointSpringEnergy(const Model& model, const Workspace& ws);

} // namespace sslm
