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

/// The reactions of sample `row` to draw (N, N·m; W), from the stored columns
/// (reactionColumns): for a forward run the cut reactions (Model::cuts order), for an inverse
/// run every joint's (file order). Each acts at its point in the stored pose, the one its
/// moment is about: side A's joint point, or side B's point on the guide of a planar prismatic
/// joint.
std::vector<CutReaction> reactionsAt(const SimulationRun& run, std::size_t row);

} // namespace sslm::ui
