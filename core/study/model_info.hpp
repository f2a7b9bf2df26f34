// SPDX-License-Identifier: MIT
#pragma once

// What `sslm info --json` reports about a compiled mechanism, shared with the Python module's
// info(): DOF (by the rank of J and by Grübler's count), loops, cuts, subsystems, the J and GICM
// block patterns, and the assembled initial pose.

#include <string>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/model.hpp"

namespace sslm {

/// What `info` reports about the pose, computed once for both output formats.
struct PoseSummary {
    InitialState initial;
    MobilityAtPose mobility;
    double residual = 0;  ///< max |Φ| at the initial pose
    double minSigmaJ = 0; ///< smallest singular value of J (nConstraints × nv)
};

/// The pose summary of `initial` (assembled or not).
PoseSummary analysePose(const Model& model, InitialState initial);

/// The JSON object of `sslm info --json` (indented by 2, no final newline): name, dof,
/// dof_grubler, loops, cuts, subsystems, jacobian_pattern, gicm_pattern, closure_residual,
/// min_singular_value, singular_values, initial_q, assembly.
std::string modelInfoJson(const Model& model, const PoseSummary& pose);

} // namespace sslm
