// SPDX-License-Identifier: MIT
#pragma once

// The columns a sample table (sslm simulate, sslm inverse, the desktop's plots and exports)
// gives a wrench: one place that knows how a reaction or the shaking wrench is named in the plane
// and in space, so that writers and readers agree.

#include <string>
#include <vector>

#include "core/model/model.hpp"

namespace sslm {

/// One column of a wrench: its name and the entry it holds, 0–2 the force's x, y, z and 3–5 the
/// moment's x, y, z (N, N·m; world axes).
struct WrenchColumn {
    std::string name;
    int entry = 0;
};

/// Joint j's reaction columns. In space "<prefix>.fx" … "<prefix>.mz", the whole wrench; in the
/// plane "<prefix>.x", "<prefix>.y" and, for a prismatic joint, "<prefix>.moment" (a planar
/// revolute transmits no moment). The prefix is "lambda.<joint>" for a forward run's cut joint in
/// the plane (the multipliers' own columns) and "reaction.<joint>" otherwise.
std::vector<WrenchColumn> reactionColumns(const Model& model, int j, bool forwardRunCut);

/// The shaking wrench's columns (about the run's moment point): "shaking.force.x", ".y" (".z" in
/// space), then "shaking.moment" in the plane or "shaking.moment.x", ".y", ".z" in space.
std::vector<WrenchColumn> shakingColumns(const Model& model);

/// The planar cut multipliers as the solver holds them, which an inverse-dynamics table writes
/// before the joint reactions: "lambda.<cut>.x", ".y", or ".normal", ".moment" for a prismatic
/// cut, in the order of λ. None in space, whose table reports the cut joints' reactions only.
std::vector<std::string> multiplierColumns(const Model& model);

/// Appends the entries of [force; moment] that `columns` name, in their order.
void appendWrenchValues(const std::vector<WrenchColumn>& columns,
                        const Eigen::Vector3d& force,
                        const Eigen::Vector3d& moment,
                        std::vector<double>& values);

} // namespace sslm
