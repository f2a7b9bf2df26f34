// SPDX-License-Identifier: MIT
#pragma once

// The minimal coordinates in which statics and linearisation work: as many joint coordinates
// as the loops leave free (the mobility), the others following from them through the loop
// closure. They are chosen at a pose from the constraint Jacobian J by a column-pivoted QR:
// the pivots (the columns that best span J) become the dependent coordinates, so that the
// dependent block of J is as well conditioned as a greedy choice allows. Held coordinates are
// never dependent; the file's input coordinates are dependent only when the loops need them.
// Unlike recursive coordinate reduction's partition (coordinate_partition.hpp) no loop-by-loop
// order is needed: assembly and the velocity solution handle any independent set.

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

struct StaticCoordinates {
    /// The independent coordinates (indices in q̇, ascending): the minimal coordinates ξ.
    std::vector<int> independent;
    /// Positions in `independent` of the coordinates that are not held (the unknowns of an
    /// equilibrium, the coordinates of its modes).
    std::vector<int> free;
    /// Positions in `independent` of the held coordinates, in the caller's order.
    std::vector<int> held;
    /// Empty on success; else what is wrong (a singular pose, a hold the loops fix) and the fix.
    std::string error;

    bool ok() const { return error.empty(); }
};

/// The smallest singular value of J's dependent block (relative to J's largest) below which a
/// pose counts as singular: the loops lock or gain a freedom there.
inline constexpr double kSingularStaticPose = 1e-6;

/// The index in q̇ of the coordinate named `name`, or −1 with the reason in `error` (a cut
/// joint's coordinate, which this cut choice does not have; an unknown name, with the names).
int namedCoordinate(const Model& model, const std::string& name, std::string& error);

/// Empty when `held` (indices in q̇) can be held: known, distinct, not a spherical joint's rate,
/// no more than the mobility. Else what is wrong and the fix.
std::string holdsError(const Model& model, const std::vector<int>& held);

/// Chooses the independent coordinates at the assembled pose q (nq): `held` (indices in q̇)
/// stay independent, the file's inputs stay independent where the loops allow. Fails when a
/// held coordinate is a spherical joint's rate or the loops fix it at this pose, or when the
/// loop constraints are singular here.
StaticCoordinates chooseStaticCoordinates(const Model& model,
                                          Workspace& ws,
                                          const Eigen::VectorXd& q,
                                          const std::vector<int>& held);

} // namespace sslm
