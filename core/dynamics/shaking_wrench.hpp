// SPDX-License-Identifier: MIT
#pragma once

// The shaking force and moment: the wrench the moving mechanism exerts on its frame (the
// ground), e.g. what a machine's foundation feels. By Newton–Euler for all moving bodies
// together the ground's wrench on the mechanism is Σ (rate of momentum) − Σ (weight), so
//     F_sh = −Σ mᵢ a_Gi + Σ mᵢ g,
//     M_sh(O) = −Σ [(r_Gi − O) × mᵢ a_Gi + dHᵢ/dt] + Σ (r_Gi − O) × mᵢ g,
// with dHᵢ/dt = Iᵢ αᵢ + ωᵢ × Iᵢ ωᵢ about the COM. The weight terms make F_sh the static load
// at rest; its dynamic part is −Σ mᵢ a_Gi. Motor torques, springs and dampers between the
// mechanism and the ground are inside the ground's wrench: the motor's reaction torque on its
// frame is part of M_sh. This is the identity; inverse/shaking_reactions.hpp gets the same
// wrench from the ground joints' reactions.

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// A wrench the mechanism exerts on the ground, in W. Planar: force (x, y, 0), moment (0, 0, z).
struct ShakingWrench {
    Eigen::Vector3d force = Eigen::Vector3d::Zero();  ///< N
    Eigen::Vector3d moment = Eigen::Vector3d::Zero(); ///< N·m about `about`
};

/// The shaking wrench about the point `about` (m, W; planar: its z is ignored) at accelerations qdd
/// (nq; the state's rates of change of q̇) from the motion of every body. Precondition: positions
/// and velocities updated in ws (updatePositions, updateVelocities). `scratch` is resized as needed
/// (2 × nq, planar only).
ShakingWrench shakingFromMotion(const Model& model,
                                const Workspace& ws,
                                const Eigen::Ref<const Eigen::VectorXd>& qdd,
                                const Eigen::Vector3d& about,
                                Eigen::MatrixXd& scratch);

} // namespace sslm
