// SPDX-License-Identifier: MIT
#pragma once

// The table of a position sweep (sweepInput), shared by `sslm kinematics` (its CSV) and the
// Python module: input, every position entry (coordinates, quaternions as <joint>.qw …),
// point.<name>.x/.y (.z spatial) per traced point, sigma_min (σ_min of J_dep) and toggle (1 when
// a toggle or dead-centre pose lies in the step ending there, else 0).

#include <string>
#include <vector>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// The coordinates held during a sweep of coordinate `input`: the file's independent ones with
/// the input among them. A one-DOF mechanism may be driven by any coordinate; with more DOF the
/// input must be one of the file's independent coordinates. Empty (message set) otherwise.
std::vector<int> sweepIndependent(const Model& model, int dof, int input, std::string& message);

/// Column names, in order.
std::vector<std::string> sweepColumns(const Model& model);

/// The values of the row of a converged `sample` (`values` cleared first); `input` is the
/// input column's value (the swept value as the user gave it, e.g. in degrees). Updates `ws`'s
/// positions to the sample's.
void sweepValues(const Model& model,
                 Workspace& ws,
                 const SweepSample& sample,
                 double input,
                 std::vector<double>& values);

} // namespace sslm
