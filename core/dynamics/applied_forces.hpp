// SPDX-License-Identifier: MIT
#pragma once

// Generalized forces of the joint actuators (force signals and PD tracking) and of the joint
// springs and dampers, friction and end stops (JointFrictionSpec, JointLimitsSpec), on tree and
// cut joints alike (a cut joint's force enters through the gradient of its relative
// coordinate).

#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

struct AppliedPower {
    double actuators = 0; ///< Σ τ·θ̇ of the actuators (W)
    double dampers = 0;   ///< −Σ c·θ̇² of the dampers (W), ≤ 0
    double friction = 0;  ///< Σ τ_f·θ̇ of the joint friction (W), ≤ 0
    double stops = 0; ///< the end stops' hysteresis (W), ≤ 0 (their stored k·δ²/2: springEnergy)
};

/// The applied generalized forces by source, as appliedForces() writes them, with its scratch;
/// sized for one model (a per-run workspace).
struct AppliedForces {
    Eigen::VectorXd actuatorForces; ///< each actuator's own joint force (Model::actuators order)
    Eigen::VectorXd actuatorTau;    ///< nv: the actuators' generalized forces (N·m or N)
    Eigen::VectorXd passiveTau;     ///< nv: springs and dampers, friction and stops
    Eigen::VectorXd scratch;        ///< nv: a buffer

    explicit AppliedForces(const Model& model);
};

/// The end stops' force on joint `joint`'s coordinate (N·m or N, acting to increase it; 0 off
/// the stops). Precondition: the joint has limits; updatePositions and updateVelocities.
double limitForce(const Model& model, const Workspace& ws, int joint);

/// How far joint `joint`'s coordinate is inside its travel: the smaller distance to its bounds
/// (rad or m; < 0 on a stop). Precondition: the joint has limits; updatePositions.
double limitGap(const Model& model, const Workspace& ws, int joint);

/// Writes the actuators' and the passive elements' generalized forces, and each actuator's own
/// joint force, into `out` (AppliedForces says which is which). Precondition: updatePositions
/// and updateVelocities at (q, q̇); t in s.
AppliedPower appliedForces(const Model& model, const Workspace& ws, double t, AppliedForces& out);

/// The known joint forces of an inverse-dynamics evaluation: per joint (file order) into
/// `jointForces` (N·m or N, acting to increase the joint's coordinate) the spring-dampers,
/// friction and stops, and the actuators whose coordinate is not driven (drivenIndex[k] ≥ 0
/// marks a driven coordinate k, whose actuator the unknown driving force replaces), and their
/// generalized forces into `appliedTau` (nv). `buffers` are appliedForces()'s. Precondition:
/// updatePositions and updateVelocities.
void knownJointForces(const Model& model,
                      const Workspace& ws,
                      double t,
                      const std::vector<int>& drivenIndex,
                      AppliedForces& buffers,
                      Eigen::Ref<Eigen::VectorXd> jointForces,
                      Eigen::Ref<Eigen::VectorXd> appliedTau);

/// Per joint (file order) into `jointForces` the force along its first coordinate (N·m or N,
/// acting to increase it) of its actuators (`actuatorForces`, Model::actuators order, as
/// appliedForces() wrote them) and of its spring-damper, friction (not the pin part, which
/// pin_friction.hpp adds) and stops. Precondition: updatePositions and updateVelocities.
void jointForcesByJoint(const Model& model,
                        const Workspace& ws,
                        const Eigen::Ref<const Eigen::VectorXd>& actuatorForces,
                        Eigen::Ref<Eigen::VectorXd> jointForces);

/// Potential energy (J) of the joint springs, the end stops' k·δ²/2 and the two-point springs
/// (body_loads.hpp) at the current pose. Precondition: updatePositions.
double springEnergy(const Model& model, const Workspace& ws);

} // namespace sslm
