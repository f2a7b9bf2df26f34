// SPDX-License-Identifier: MIT
#include "core/dynamics/pin_friction.hpp"

#include <algorithm>
#include <cmath>

#include "core/dynamics/applied_forces.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/util/text.hpp"

namespace sslm {

PinFrictionWorkspace::PinFrictionWorkspace(const Model& model)
    : columns(Eigen::MatrixXd::Zero(model.nv(), static_cast<Eigen::Index>(model.pinJoints.size()))),
      rates(Eigen::VectorXd::Zero(columns.cols())),
      radialForce(Eigen::VectorXd::Zero(columns.cols())),
      torque(Eigen::VectorXd::Zero(columns.cols())),
      nextTorque(Eigen::VectorXd::Zero(columns.cols())),
      settleBand(Eigen::VectorXd::Zero(columns.cols())),
      jointForces(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(model.joints.size()))),
      knownJointForces(Eigen::VectorXd::Zero(jointForces.size())),
      noCoordinateForces(Eigen::VectorXd::Zero(model.nv())), recursion(model) {
    // the force scale: the model's weight, at least 1 N
    double weight = 0;
    for (const Body& body : model.bodies) {
        weight += body.mass * model.gravity.norm();
    }
    const double forceScale = std::max(1.0, weight);
    for (std::size_t i = 0; i < model.pinJoints.size(); ++i) {
        const Joint& joint = model.joints[model.pinJoints[i]];
        const JointFrictionSpec& friction = *joint.friction;
        settleBand[static_cast<Eigen::Index>(i)] =
            kPinSettleAbsolute * friction.pinCoefficient * friction.pinRadius * forceScale;
        treePins = treePins || !joint.isCut();
    }
}

void pinColumnsAndRates(const Model& model, const Workspace& ws, PinFrictionWorkspace& pfw) {
    for (std::size_t i = 0; i < model.pinJoints.size(); ++i) {
        const auto p = static_cast<Eigen::Index>(i);
        const int j = model.pinJoints[i];
        const Joint& joint = model.joints[j];
        // a tree pin's column is fixed (set once); a cut pin's moves with the pose
        if (joint.isCut()) {
            jointValueGradient(model, ws, j, pfw.columns.col(p));
        } else {
            pfw.columns(joint.coordinate, p) = 1.0;
        }
        pfw.rates[p] = jointRate(model, ws, j);
    }
}

void preparePinFriction(const Model& model,
                        const Workspace& ws,
                        const Eigen::Ref<const Eigen::VectorXd>& actuatorForces,
                        PinFrictionWorkspace& pfw) {
    pinColumnsAndRates(model, ws, pfw);
    if (pfw.treePins) {
        jointForcesByJoint(model, ws, actuatorForces, pfw.knownJointForces);
    }
}

void pinTorques(const Model& model,
                const PinFrictionWorkspace& pfw,
                Eigen::Ref<Eigen::VectorXd> out) {
    for (std::size_t i = 0; i < model.pinJoints.size(); ++i) {
        const auto p = static_cast<Eigen::Index>(i);
        const JointFrictionSpec& f = *model.joints[model.pinJoints[i]].friction;
        out[p] = -f.pinCoefficient * f.pinRadius * pfw.radialForce[p] *
                 std::tanh(pfw.rates[p] / f.smoothingVelocity);
    }
}

double
pinRadialForce(const Model& model, const Workspace& ws, int joint, const spatial::Vec6& onA) {
    const Joint& j = model.joints[joint];
    const Eigen::Vector3d force = constraintForce(model, onA);
    // the part across the axis (the axis fixed in A, in W; a planar model's is z, across which
    // its forces lie already)
    const Eigen::Vector3d axis = ws.rotation[j.bodyA] * j.axis_A;
    return (force - force.dot(axis) * axis).norm();
}

void pinReactionForces(const Model& model,
                       const Workspace& ws,
                       const Eigen::Ref<const Eigen::VectorXd>& qdd,
                       const Eigen::Ref<const Eigen::VectorXd>& lambda,
                       const std::vector<spatial::Vec6>& bodyLoads,
                       PinFrictionWorkspace& pfw) {
    // tree pins: the body-level recursion under every joint force, the pins' torques included
    // (a revolute joint's torque is a couple: it moves no reaction force, but the recursion's
    // wrenches stay whole)
    if (pfw.treePins) {
        pfw.jointForces = pfw.knownJointForces;
        for (std::size_t i = 0; i < model.pinJoints.size(); ++i) {
            pfw.jointForces[model.pinJoints[i]] += pfw.torque[static_cast<Eigen::Index>(i)];
        }
        inertiaWrenches(model, ws, qdd, pfw.recursion);
        jointConstraintWrenchesOnA(model, ws, lambda, pfw.jointForces, pfw.noCoordinateForces,
                                   bodyLoads, pfw.recursion);
    }
    for (std::size_t i = 0; i < model.pinJoints.size(); ++i) {
        const int j = model.pinJoints[i];
        const Joint& joint = model.joints[j];
        // a cut pin's reaction is its multipliers (SSLM's λ), a tree pin's the recursion's
        const spatial::Vec6 onA = joint.isCut() ? cutConstraintWrench(model, ws, lambda, joint.cut)
                                                : pfw.recursion.constraintOnA[j];
        pfw.radialForce[static_cast<Eigen::Index>(i)] = pinRadialForce(model, ws, j, onA);
    }
}

bool pinTorquesSettled(const PinFrictionWorkspace& pfw, int* worst) {
    bool settled = true;
    double largest = 0;
    for (Eigen::Index p = 0; p < pfw.torque.size(); ++p) {
        const double change = std::abs(pfw.nextTorque[p] - pfw.torque[p]);
        const double band =
            kPinSettleRelative * std::max(std::abs(pfw.nextTorque[p]), std::abs(pfw.torque[p])) +
            pfw.settleBand[p];
        if (!(change <= band)) { // not a number: not settled either
            settled = false;
            if (worst != nullptr && !(change - band <= largest)) {
                largest = change - band;
                *worst = static_cast<int>(p);
            }
        }
    }
    return settled;
}

void countPinIterations(PinFrictionWorkspace& pfw, int solves) {
    pfw.lastIterations = solves;
    pfw.mostIterations = std::max(pfw.mostIterations, solves);
    pfw.iterations += solves;
}

std::string
pinFrictionFailure(const Model& model, const PinFrictionWorkspace& pfw, int worst, int solves) {
    const auto p = static_cast<Eigen::Index>(worst);
    return "the pin friction of joint " + model.joints[model.pinJoints[worst]].name +
           " did not settle: after " + std::to_string(solves) +
           " solves its torque still changes from " + text::number(pfw.torque[p]) + " to " +
           text::number(pfw.nextTorque[p]) +
           " N·m (its pin_coefficient·pin_radius is large against the links: the friction "
           "locks the mechanism); lower friction.pin_coefficient or friction.pin_radius";
}

} // namespace sslm
