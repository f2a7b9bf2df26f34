// SPDX-License-Identifier: MIT
#pragma once

// The mechanism's state at one stored sample of a run, for playback: the pose q and the cut
// reactions (force from the lambda columns, acting at the cut point of that pose).

#include <vector>

#include <Eigen/Core>

#include "core/dynamics/cut_reactions.hpp"
#include "ui/sim/simulation_run.hpp"

namespace sslm::ui {

/// q (nq, rad or m) of sample `row`; precondition: row < run.samples().size().
Eigen::VectorXd poseAt(const SimulationRun& run, std::size_t row);

/// The cut reactions of sample `row` (Model::cuts order): force and moment from the stored
/// lambda columns, point from sslm::updatePositions at the stored q.
std::vector<CutReaction> reactionsAt(const SimulationRun& run, std::size_t row);

} // namespace sslm::ui
