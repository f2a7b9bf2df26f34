// SPDX-License-Identifier: MIT
#pragma once

// The columns a sample table (sslm simulate, sslm inverse, the desktop's plots and exports)
// gives a wrench: one place that knows how a reaction or the shaking wrench is named in the plane
// and in space, so that writers and readers agree.

#include <array>
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

/// The entries a wrench's columns hold, in column order (WrenchColumn::entry without the names):
/// what a writer needs per sample, without building a string.
struct WrenchEntries {
    std::array<int, 6> entry{};
    int count = 0;

    const int* begin() const { return entry.data(); }
    const int* end() const { return entry.data() + count; }
};

/// Joint j's reaction entries: the whole wrench in space; in the plane x, y and, for a prismatic
/// joint, the moment about z (a planar revolute transmits no moment).
WrenchEntries reactionEntries(const Model& model, int j);

/// The shaking wrench's entries: the whole wrench in space; x, y and the moment about z in the
/// plane.
WrenchEntries shakingEntries(const Model& model);

/// Joint j's reaction columns, reactionEntries named: in space "<prefix>.fx" … "<prefix>.mz"; in
/// the plane "<prefix>.x", "<prefix>.y" and a prismatic joint's "<prefix>.moment". The prefix is
/// "lambda.<joint>" for a forward run's cut joint in the plane (the multipliers' own columns) and
/// "reaction.<joint>" otherwise.
std::vector<WrenchColumn> reactionColumns(const Model& model, int j, bool forwardRunCut);

/// The shaking wrench's columns (about the run's moment point): "shaking.force.x", ".y" (".z" in
/// space), then "shaking.moment" in the plane or "shaking.moment.x", ".y", ".z" in space.
std::vector<WrenchColumn> shakingColumns(const Model& model);

/// The planar cut multipliers as the solver holds them, which an inverse-dynamics table writes
/// before the joint reactions: "lambda.<cut>.x", ".y", or ".normal", ".moment" for a prismatic
/// cut, in the order of λ. None in space, whose table reports the cut joints' reactions only.
std::vector<std::string> multiplierColumns(const Model& model);

/// How many multiplierColumns there are, without naming them.
std::size_t multiplierColumnCount(const Model& model);

/// Appends the entries of [force; moment] that `entries` name, in their order.
void appendWrenchValues(const WrenchEntries& entries,
                        const Eigen::Vector3d& force,
                        const Eigen::Vector3d& moment,
                        std::vector<double>& values);

} // namespace sslm
