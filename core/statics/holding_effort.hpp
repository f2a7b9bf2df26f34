// SPDX-License-Identifier: MIT
#pragma once

// The effort that holds a mechanism still along a stroke of one coordinate (the kinetostatic
// curve): at each value the coordinate is held, the other free minimal coordinates settle to
// their equilibrium (none for a one-DOF mechanism), and the holding force and the joint
// reactions are those of inverse dynamics at zero speed and acceleration
// (static_equilibrium.hpp). Each pose starts from the last, so the curve keeps to one
// assembly branch.

#include <functional>
#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/statics/static_equilibrium.hpp"

namespace sslm {

struct HoldingPoint {
    double value = 0;  ///< the held coordinate (rad or m)
    Equilibrium rest;  ///< the pose, effort, reactions (rest.ok() false: why not)
    double effort = 0; ///< rest.holdingEffort[0] (N·m or N); 0 when the pose failed
};

/// Holds `coordinate` (index in q̇) at each of `values` in turn, starting from the assembled
/// pose `start` (nq). `options.holds` may name further coordinates held at fixed values. A
/// pose that fails is recorded (rest.error) and the next starts from the last good one.
/// `proceed` (if set) is called after each pose with the number done; false stops the curve
/// there (the poses done are returned).
std::vector<HoldingPoint> holdingCurve(const Model& model,
                                       const Eigen::VectorXd& start,
                                       int coordinate,
                                       const std::vector<double>& values,
                                       const EquilibriumOptions& options = {},
                                       const std::function<bool(int done)>& proceed = {});

} // namespace sslm
