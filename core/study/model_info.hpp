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
    /// The distinct assemblies at the initial inputs (listAssemblyModes; empty until asked):
    /// each a full q (nq) and its max |Φ| (m, rad).
    std::vector<std::pair<Eigen::VectorXd, double>> modes;
};

/// The pose summary of `initial` (assembled or not).
PoseSummary analysePose(const Model& model, InitialState initial);

/// Every assembly mode at the pose's inputs (position_analysis.hpp: assemblyModes, exact for
/// closed-form loops) into pose.modes, with each one's closure residual; `progress` is told as
/// assemblyModes tells it.
void listAssemblyModes(const Model& model,
                       PoseSummary& pose,
                       const AssemblyModesProgress& progress = {});

/// The JSON object of `sslm info --json` (indented by 2, no final newline): name, dof,
/// dof_grubler, loops, cuts, subsystems, jacobian_pattern, gicm_pattern, closure_residual,
/// min_singular_value, singular_values, initial_q, assembly, and when listed "modes": [{
/// "coordinates": {name: value}, "closure_residual"}].
std::string modelInfoJson(const Model& model, const PoseSummary& pose);

} // namespace sslm
