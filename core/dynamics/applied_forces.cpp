// SPDX-License-Identifier: MIT
#include "core/dynamics/applied_forces.hpp"

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

} // namespace

AppliedPower appliedForces(const Model& model,
                           const Workspace& ws,
                           double t,
                           Eigen::Ref<Eigen::VectorXd> actuatorForces,
                           Eigen::Ref<Eigen::VectorXd> actuatorTau,
                           Eigen::Ref<Eigen::VectorXd> passiveTau,
                           Eigen::Ref<Eigen::VectorXd> scratch) {
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
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const auto& sd = model.joints[j].springDamper;
        if (!sd) {
            continue;
        }
        const int joint = static_cast<int>(j);
        const double rate = jointRate(model, ws, joint);
        const double value = jointValue(model, ws, joint, sd->restPosition);
        const double force = -sd->stiffness * (value - sd->restPosition) - sd->damping * rate;
        if (force != 0.0) {
            addJointForce(model, ws, joint, force, passiveTau, scratch);
        }
        power.dampers -= sd->damping * rate * rate;
    }
    return power;
}

void knownJointForces(const Model& model,
                      const Workspace& ws,
                      double t,
                      const std::vector<int>& drivenIndex,
                      Eigen::Ref<Eigen::VectorXd> actuatorForces,
                      Eigen::Ref<Eigen::VectorXd> actuatorTau,
                      Eigen::Ref<Eigen::VectorXd> passiveTau,
                      Eigen::Ref<Eigen::VectorXd> gradient,
                      Eigen::Ref<Eigen::VectorXd> jointForces,
                      Eigen::Ref<Eigen::VectorXd> appliedTau) {
    const int nJoints = static_cast<int>(model.joints.size());
    jointForces.setZero();
    appliedTau.setZero();
    if (!model.actuators.empty()) {
        appliedForces(model, ws, t, actuatorForces, actuatorTau, passiveTau, gradient);
        for (std::size_t a = 0; a < model.actuators.size(); ++a) {
            const Actuator& actuator = model.actuators[a];
            if (actuator.coordinate >= 0 && drivenIndex[actuator.coordinate] >= 0) {
                continue; // replaced by the unknown driving force
            }
            jointForces[actuator.joint] += actuatorForces[static_cast<Eigen::Index>(a)];
        }
    }
    for (int j = 0; j < nJoints; ++j) {
        const auto& sd = model.joints[j].springDamper;
        if (sd) {
            const double value = jointValue(model, ws, j, sd->restPosition);
            jointForces[j] +=
                -sd->stiffness * (value - sd->restPosition) - sd->damping * jointRate(model, ws, j);
        }
    }
    for (int j = 0; j < nJoints; ++j) {
        if (jointForces[j] != 0.0) {
            addJointForce(model, ws, j, jointForces[j], appliedTau, gradient);
        }
    }
}

double springEnergy(const Model& model, const Workspace& ws) {
    double energy = 0;
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const auto& sd = model.joints[j].springDamper;
        if (sd && sd->stiffness != 0.0) {
            const double stretch =
                jointValue(model, ws, static_cast<int>(j), sd->restPosition) - sd->restPosition;
            energy += 0.5 * sd->stiffness * stretch * stretch;
        }
    }
    return energy + twoPointSpringEnergy(model, ws);
}

} // namespace sslm
