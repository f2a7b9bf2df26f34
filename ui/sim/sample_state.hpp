// SPDX-License-Identifier: MIT
#pragma once

// The mechanism's state at one stored sample of a run, for playback: the pose q and the
// reactions (force from the stored columns, acting at the joint's point in that pose).

#include <vector>

#include <Eigen/Core>

#include "core/dynamics/cut_reactions.hpp"
#include "ui/sim/simulation_run.hpp"

namespace sslm::ui {

/// q (nq, rad or m) of sample `row`; precondition: row < run.samples().size().
Eigen::VectorXd poseAt(const SimulationRun& run, std::size_t row);

/// The reactions of sample `row` to draw: for a forward run the cut reactions (Model::cuts
/// order) from the stored lambda columns; for an inverse run every joint's (file order) from the
/// reaction columns. Points from sslm::updatePositions at the stored q: a revolute joint's pin,
/// a prismatic joint's point on the guide (side B's).
std::vector<CutReaction> reactionsAt(const SimulationRun& run, std::size_t row);

} // namespace sslm::ui
