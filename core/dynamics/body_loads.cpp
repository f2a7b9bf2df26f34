// SPDX-License-Identifier: MIT
#include "core/dynamics/body_loads.hpp"

#include <cmath>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/motion/signal.hpp"
#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

namespace {

using spatial::Vec3;
using spatial::Vec6;

/// A body's vector: turned into W when it turns with the body, else already in W.
Vec3 inWorld(const Workspace& ws, int body, bool turnsWithBody, const Vec3& v) {
    return turnsWithBody ? Vec3(ws.rotation[body] * v) : v;
}

/// An element's length, rate and unit direction from its first point to its second; the
/// direction is zero when the points coincide (no line to act along).
TwoPointState measure(const Workspace& ws,
                      const TwoPointElement& element,
                      Vec3& firstPoint,
                      Vec3& secondPoint,
                      Vec3& direction) {
    firstPoint = pointPosition(ws, element.firstBody, element.first_B);
    secondPoint = pointPosition(ws, element.secondBody, element.second_B);
    const Vec3 d = secondPoint - firstPoint;
    TwoPointState state;
    state.length = d.norm();
    direction = state.length > 0.0 ? Vec3(d / state.length) : Vec3::Zero();
    const Vec3 relative = pointVelocity(ws, element.secondBody, element.second_B) -
                          pointVelocity(ws, element.firstBody, element.first_B);
    state.rate = direction.dot(relative);
    return state;
}

/// An element's force f (N, pushing apart) at time t from its length and rate.
double elementForce(const TwoPointElement& element, double t, const TwoPointState& state) {
    const TwoPointSpec& spec = element.spec;
    if (spec.kind == TwoPointSpec::Kind::Spring) {
        return spec.preload - spec.stiffness * (state.length - spec.restLength) -
               spec.damping * state.rate;
    }
    double force = element.force.value(t);
    if (spec.tracksLength) {
        force += spec.kp * (element.length.value(t) - state.length) +
                 spec.kd * (element.length.rate(t) - state.rate);
    }
    return force;
}

} // namespace

BodyLoadWorkspace::BodyLoadWorkspace(const Model& model)
    : wrench(model.bodies.size(), Vec6::Zero()), subtree(model.bodies.size(), Vec6::Zero()),
      elements(model.twoPointElements.size()) {}

LoadPower bodyLoadForces(const Model& model,
                         const Workspace& ws,
                         double t,
                         BodyLoadWorkspace& lws,
                         Eigen::Ref<Eigen::VectorXd> tau) {
    LoadPower power;
    if (model.loads.empty() && model.twoPointElements.empty()) {
        return power;
    }
    for (Vec6& w : lws.wrench) {
        w.setZero();
    }
    for (const Load& load : model.loads) {
        const int b = load.body;
        const double force = load.force.value(t);
        const double torque = load.torque.value(t);
        const Vec3 point = pointPosition(ws, b, load.p_B);
        const Vec3 f = force * inWorld(ws, b, load.turnsWithBody, load.direction);
        const Vec3 n = torque * inWorld(ws, b, load.turnsWithBody, load.axis);
        Vec6 w = spatial::wrenchAt(point, f);
        w.head<3>() += n;
        lws.wrench[b] += w;
        power.loads += w.dot(ws.twist[b]);
    }
    for (std::size_t e = 0; e < model.twoPointElements.size(); ++e) {
        const TwoPointElement& element = model.twoPointElements[e];
        Vec3 first;
        Vec3 second;
        Vec3 direction;
        TwoPointState& state = lws.elements[e];
        state = measure(ws, element, first, second, direction);
        state.force = elementForce(element, t, state);
        // f pushes the second point along +direction and the first along −direction
        const Vec3 onSecond = state.force * direction;
        lws.wrench[element.secondBody] += spatial::wrenchAt(second, onSecond);
        lws.wrench[element.firstBody] -= spatial::wrenchAt(first, onSecond);
        if (element.spec.kind == TwoPointSpec::Kind::Spring) {
            power.dampers -= element.spec.damping * state.rate * state.rate;
        } else {
            power.cylinders += state.force * state.rate;
        }
    }
    // leaves first: Q_k = S_k · (the wrench on the subtree of k's body), then the parent's sum
    for (int b = 1; b < ws.nBodies; ++b) {
        lws.subtree[b] = lws.wrench[b];
    }
    for (int b = ws.nBodies - 1; b >= 1; --b) {
        const Body& body = model.bodies[b];
        const Joint& joint = model.joints[body.treeJoint];
        for (int k = joint.coordinate; k < joint.coordinate + joint.coordinateCount; ++k) {
            tau[k] += ws.motionSubspace[k].dot(lws.subtree[b]);
        }
        if (body.parent > 0) {
            lws.subtree[body.parent] += lws.subtree[b];
        }
    }
    return power;
}

double twoPointSpringEnergy(const Model& model, const Workspace& ws) {
    double energy = 0;
    for (const TwoPointElement& element : model.twoPointElements) {
        const TwoPointSpec& spec = element.spec;
        if (spec.kind != TwoPointSpec::Kind::Spring) {
            continue;
        }
        const double length = (pointPosition(ws, element.secondBody, element.second_B) -
                               pointPosition(ws, element.firstBody, element.first_B))
                                  .norm();
        const double stretch = length - spec.restLength;
        energy += 0.5 * spec.stiffness * stretch * stretch - spec.preload * stretch;
    }
    return energy;
}

} // namespace sslm
