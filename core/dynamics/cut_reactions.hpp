// SPDX-License-Identifier: MIT
#pragma once

// The Lagrange multipliers λ as physical reactions at the cut joints (seed 000 Sect. 2: λ_i
// are the constraint forces of cut i). Sign: the reaction is what the side-B body exerts on
// the side-A body at the cut ("parent" and "child" of the joint in the file); side B receives
// the opposite.

#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

struct CutReaction {
    /// Force (N, ground frame W) that side B exerts on side A. A revolute cut: λ itself; a
    /// prismatic cut: the guide's normal force λ₀·n_A (no force along the guide).
    Eigen::Vector2d force = Eigen::Vector2d::Zero();
    /// Moment (N·m) that side B exerts on side A: λ₁ of a prismatic cut; 0 for a revolute.
    double moment = 0;
    /// Where the force acts (m, W): the pin (side A's point) of a revolute cut; side B's point
    /// on the guide of a prismatic cut, about which `moment` is taken.
    Eigen::Vector2d point = Eigen::Vector2d::Zero();
};

/// Reactions of every cut (Model::cuts order) from λ (2 per cut) into `out`, which must hold
/// model.nLoops() entries. Precondition: updatePositions at the state λ belongs to.
void cutReactions(const Model& model,
                  const Workspace& ws,
                  const Eigen::Ref<const Eigen::VectorXd>& lambda,
                  std::vector<CutReaction>& out);

} // namespace sslm
