// SPDX-License-Identifier: MIT
#pragma once

// Generalized forces of the joint actuators (force signals and PD tracking) and of the joint
// springs and dampers, on tree and cut joints alike (a cut joint's force enters through the
// gradient of its relative coordinate).

#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

struct AppliedPower {
    double actuators = 0; ///< Σ τ·θ̇ of the actuators (W)
    double dampers = 0;   ///< −Σ c·θ̇² of the dampers (W), ≤ 0
};

/// Writes the actuator generalized forces to `actuatorTau` and those of springs and dampers to
/// `passiveTau` (nv each; N·m or N), and each actuator's own joint force to `actuatorForces`
/// (Model::actuators order; N·m or N). `scratch` (nv) is a buffer. Precondition:
/// updatePositions and updateVelocities at (q, q̇); t in s.
AppliedPower appliedForces(const Model& model,
                           const Workspace& ws,
                           double t,
                           Eigen::Ref<Eigen::VectorXd> actuatorForces,
                           Eigen::Ref<Eigen::VectorXd> actuatorTau,
                           Eigen::Ref<Eigen::VectorXd> passiveTau,
                           Eigen::Ref<Eigen::VectorXd> scratch);

/// The known joint forces of an inverse-dynamics evaluation: per joint (file order) into
/// `jointForces` (N·m or N, acting to increase the joint's coordinate) the spring-dampers and
/// the actuators whose coordinate is not driven (drivenIndex[k] ≥ 0 marks a driven coordinate
/// k, whose actuator the unknown driving force replaces), and their generalized forces into
/// `appliedTau` (nv). `actuatorForces`, `actuatorTau`, `passiveTau` and `gradient` are buffers
/// sized as for appliedForces(). Precondition: updatePositions and updateVelocities.
void knownJointForces(const Model& model,
                      const Workspace& ws,
                      double t,
                      const std::vector<int>& drivenIndex,
                      Eigen::Ref<Eigen::VectorXd> actuatorForces,
                      Eigen::Ref<Eigen::VectorXd> actuatorTau,
                      Eigen::Ref<Eigen::VectorXd> passiveTau,
                      Eigen::Ref<Eigen::VectorXd> gradient,
                      Eigen::Ref<Eigen::VectorXd> jointForces,
                      Eigen::Ref<Eigen::VectorXd> appliedTau);

/// Potential energy (J) of the joint springs and the two-point springs (body_loads.hpp) at the
/// current pose. Precondition: updatePositions.
double springEnergy(const Model& model, const Workspace& ws);

} // namespace sslm
