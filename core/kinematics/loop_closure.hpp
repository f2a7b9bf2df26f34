// SPDX-License-Identifier: MIT
#pragma once

// The check every closed-form loop solver ends with: how far one loop is from closing.

#include <Eigen/Core>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// The largest closure error of loop `loop` at positions q (m, rad); leaves ws's positions and
/// Φ at q.
inline double loopClosure(const Model& model,
                          Workspace& ws,
                          const Eigen::Ref<const Eigen::VectorXd>& q,
                          int loop) {
    updatePositions(model, ws, q);
    constraintResidual(model, ws);
    const Loop& l = model.loops[loop];
    return ws.phi.segment(l.rowBegin, l.rows).cwiseAbs().maxCoeff();
}

} // namespace sslm
