// SPDX-License-Identifier: MIT
#include "core/dynamics/applied_forces.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/dynamics/body_loads.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/motion/signal.hpp"

namespace sslm {

namespace {

/// Adds f·∂θ/∂q of joint j to tau.
void addJointForce(const Model& model,
                   const Workspace& ws,
                   int joint,
                   double force,
                   Eigen::Ref<Eigen::VectorXd> tau,
                   Eigen::Ref<Eigen::VectorXd> scratch) {
    const Joint& j = model.joints[joint];
    if (!j.isCut()) {
        tau[j.coordinate] += force;
        return;
    }
    jointValueGradient(model, ws, joint, scratch);
    tau += force * scratch;
}

/// Smoothing velocity of the stops' switch between the loading and unloading branches (rad/s
/// or m/s; JointLimitsSpec).
constexpr double kStopSmoothing = 1e-3;

/// The value a joint's limits bound: a tree joint's coordinate as it is (an angle not reduced
/// to one turn), a cut joint's relative coordinate (a revolute's angle nearest the middle of its
/// travel: compile() requires both bounds there).
double limitedValue(const Model& model, const Workspace& ws, int joint) {
    const Joint& j = model.joints[joint];
    if (!j.isCut()) {
        return ws.coordinateValue[j.coordinate];
    }
    const JointLimitsSpec& limits = *j.limits;
    return jointValue(model, ws, joint,
                      0.5 * (limits.lower.value_or(0.0) + limits.upper.value_or(0.0)));
}

/// The end stops' force on a coordinate at (value, rate) (N·m or N), and into `dissipation`
/// the power (W, ≤ 0) of its hysteresis, −α·k·δ·tanh(δ̇/v)·δ̇.
double stopForce(const JointLimitsSpec& limits, double value, double rate, double& dissipation) {
    // δ past the bound and the side it pushes from (+1: the lower stop pushes q up)
    double penetration = 0;
    double side = 0;
    if (limits.lower && value < *limits.lower) {
        penetration = *limits.lower - value;
        side = 1;
    } else if (limits.upper && value > *limits.upper) {
        penetration = value - *limits.upper;
        side = -1;
    }
    if (side == 0) {
        return 0.0;
    }
    const double e2 = limits.restitution * limits.restitution;
    const double alpha = (1 - e2) / (1 + e2);
    const double penetrationRate = -side * rate;
    const double hysteresis = alpha * std::tanh(penetrationRate / kStopSmoothing);
    const double elastic = limits.stiffness * penetration;
    dissipation -= elastic * hysteresis * penetrationRate;
    return side * elastic * (1 + hysteresis);
}

/// The friction force on a coordinate moving at `rate` (N·m or N), JointFrictionSpec's law.
double frictionForce(const JointFrictionSpec& friction, double rate) {
    return -friction.coulomb * std::tanh(rate / friction.smoothingVelocity) -
           friction.viscous * rate;
}

/// The spring-damper, friction and stop forces on joint j's coordinate (N·m or N), their power
/// added into `power`. Precondition: the joint has one coordinate.
double passiveJointForce(const Model& model, const Workspace& ws, int joint, AppliedPower& power) {
    const Joint& j = model.joints[joint];
    const double rate = jointRate(model, ws, joint);
    double force = 0;
    if (const auto& sd = j.springDamper) {
        const double value = jointValue(model, ws, joint, sd->restPosition);
        force += -sd->stiffness * (value - sd->restPosition) - sd->damping * rate;
        power.dampers -= sd->damping * rate * rate;
    }
    if (j.friction) {
        const double friction = frictionForce(*j.friction, rate);
        force += friction;
        power.friction += friction * rate;
    }
    if (j.limits) {
        force += stopForce(*j.limits, limitedValue(model, ws, joint), rate, power.stops);
    }
    return force;
}

} // namespace

double limitForce(const Model& model, const Workspace& ws, int joint) {
    const Joint& j = model.joints[joint];
    double dissipation = 0;
    return stopForce(*j.limits, limitedValue(model, ws, joint), jointRate(model, ws, joint),
                     dissipation);
}

double limitGap(const Model& model, const Workspace& ws, int joint) {
    const JointLimitsSpec& limits = *model.joints[joint].limits;
    const double value = limitedValue(model, ws, joint);
    return std::min(limits.lower ? value - *limits.lower : std::numeric_limits<double>::infinity(),
                    limits.upper ? *limits.upper - value : std::numeric_limits<double>::infinity());
}

AppliedForces::AppliedForces(const Model& model)
    : actuatorForces(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(model.actuators.size()))),
      actuatorTau(Eigen::VectorXd::Zero(model.nv())), passiveTau(Eigen::VectorXd::Zero(model.nv())),
      scratch(Eigen::VectorXd::Zero(model.nv())) {}

AppliedPower appliedForces(const Model& model, const Workspace& ws, double t, AppliedForces& out) {
    auto& [actuatorForces, actuatorTau, passiveTau, scratch] = out;
    AppliedPower power;
    actuatorTau.setZero();
    passiveTau.setZero();
    for (std::size_t a = 0; a < model.actuators.size(); ++a) {
        const Actuator& actuator = model.actuators[a];
        const ActuatorSpec& spec = actuator.spec;
        const double rate = jointRate(model, ws, actuator.joint);
        double force = actuator.force.value(t);
        if (spec.kind == ActuatorSpec::Kind::PdTracking) {
            const double reference = actuator.reference.value(t);
            const double value = jointValue(model, ws, actuator.joint, reference);
            force += spec.kp * (reference - value) + spec.kd * (actuator.reference.rate(t) - rate);
        }
        actuatorForces[static_cast<Eigen::Index>(a)] = force;
        if (force != 0.0) {
            addJointForce(model, ws, actuator.joint, force, actuatorTau, scratch);
        }
        power.actuators += force * rate;
    }
    for (int joint : model.forceJoints) {
        const double force = passiveJointForce(model, ws, joint, power);
        if (force != 0.0) {
            addJointForce(model, ws, joint, force, passiveTau, scratch);
        }
    }
    return power;
}

void knownJointForces(const Model& model,
                      const Workspace& ws,
                      double t,
                      const std::vector<int>& drivenIndex,
                      AppliedForces& buffers,
                      Eigen::Ref<Eigen::VectorXd> jointForces,
                      Eigen::Ref<Eigen::VectorXd> appliedTau) {
    const int nJoints = static_cast<int>(model.joints.size());
    jointForces.setZero();
    appliedTau.setZero();
    if (!model.actuators.empty()) {
        appliedForces(model, ws, t, buffers);
        for (std::size_t a = 0; a < model.actuators.size(); ++a) {
            const Actuator& actuator = model.actuators[a];
            if (actuator.coordinate >= 0 && drivenIndex[actuator.coordinate] >= 0) {
                continue; // replaced by the unknown driving force
            }
            jointForces[actuator.joint] += buffers.actuatorForces[static_cast<Eigen::Index>(a)];
        }
    }
    AppliedPower unused;
    for (int j : model.forceJoints) {
        jointForces[j] += passiveJointForce(model, ws, j, unused);
    }
    for (int j = 0; j < nJoints; ++j) {
        if (jointForces[j] != 0.0) {
            addJointForce(model, ws, j, jointForces[j], appliedTau, buffers.scratch);
        }
    }
}

void jointForcesByJoint(const Model& model,
                        const Workspace& ws,
                        const Eigen::Ref<const Eigen::VectorXd>& actuatorForces,
                        Eigen::Ref<Eigen::VectorXd> jointForces) {
    jointForces.setZero();
    for (std::size_t a = 0; a < model.actuators.size(); ++a) {
        jointForces[model.actuators[a].joint] += actuatorForces[static_cast<Eigen::Index>(a)];
    }
    AppliedPower unused;
    for (int j : model.forceJoints) {
        jointForces[j] += passiveJointForce(model, ws, j, unused);
    }
}

double springEnergy(const Model& model, const Workspace& ws) {
    double energy = 0;
    for (int j : model.forceJoints) {
        const auto& sd = model.joints[j].springDamper;
        if (sd && sd->stiffness != 0.0) {
            const double stretch = jointValue(model, ws, j, sd->restPosition) - sd->restPosition;
            energy += 0.5 * sd->stiffness * stretch * stretch;
        }
    }
    for (int j : model.limitedJoints) {
        // the stored part of a stop's force, k·δ (δ past one bound at most); its hysteresis is
        // AppliedPower::stops
        const double penetration = std::max(0.0, -limitGap(model, ws, j));
        energy += 0.5 * model.joints[j].limits->stiffness * penetration * penetration;
    }
    return energy + twoPointSpringEnergy(model, ws);
}

} // namespace sslm
