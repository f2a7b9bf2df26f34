// SPDX-License-Identifier: MIT
#pragma once

// The mechanism's state at one stored sample of a run, for playback: the pose q and the
// reactions (force from the stored columns, acting at the joint's point in that pose).

#include <vector>

#include <Eigen/Core>

#include "core/kinematics/loop_constraints.hpp"
#include "ui/sim/simulation_run.hpp"

namespace sslm::ui {

/// q (nq: rad, m, quaternion entries) of sample `row`; precondition:
/// row < run.samples().size().
Eigen::VectorXd poseAt(const SimulationRun& run, std::size_t row);

/// The reactions of sample `row` to draw: for a forward run the cut reactions (Model::cuts
/// order) from the stored lambda columns; for an inverse run every joint's (file order) from the
/// reaction columns. Points from sslm::updatePositions at the stored q: a revolute joint's pin,
/// a prismatic joint's point on the guide (side B's).
/// Planar models; empty for a spatial one (wrenchesAt).
std::vector<CutReaction> reactionsAt(const SimulationRun& run, std::size_t row);

/// A spatial model's reactions of sample `row` (N, N·m; W): a forward run's cut joints
/// (Model::cuts order) or every joint of an inverse run (file order), each at side A's joint
/// point in the stored pose. Empty for a planar model.
std::vector<CutReaction> wrenchesAt(const SimulationRun& run, std::size_t row);

} // namespace sslm::ui
