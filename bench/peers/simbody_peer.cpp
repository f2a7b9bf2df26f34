// SPDX-License-Identifier: MIT
#include "bench/peers/simbody_peer.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "bench/peers/simbody_system.hpp"

namespace sslm::bench {

namespace {

using detail::PlanarFrame;

constexpr double kPi = 3.14159265358979323846;

/// Mobilizer frames F (on the parent) and M (on the child) of a tree joint, chosen so that the
/// mobilizer coordinate is ours (forward_kinematics.cpp: φ_child = φ_parent ± (q + offset)):
/// - revolute, A → B: F turned by offset, pins p_A and p_B; φ_B = φ_A + offset + q;
/// - revolute, B → A: F and M flipped (Z along −ẑ), so that a positive pin angle turns the
///   child clockwise: φ_A = φ_B − offset − q;
/// - prismatic, A → B: F's X along axis_A on A, M aligned with it on B (φ_B = φ_A + offset),
///   so that p_B = p_A + q·axis;
/// - prismatic, B → A: F's X along −axis on B, so that p_A + q·axis = p_B.
void setMobilizerFrames(const Joint& joint, detail::SimbodyBodySpec& out) {
    const bool forward = joint.treeSign > 0;
    const Eigen::Vector2d& onParent = forward ? joint.p_A : joint.p_B;
    const Eigen::Vector2d& onChild = forward ? joint.p_B : joint.p_A;
    if (joint.type == JointType::Revolute) {
        out.inParent = PlanarFrame{forward ? joint.offset : -joint.offset, !forward, onParent};
        out.inChild = PlanarFrame{0.0, !forward, onChild};
        return;
    }
    const double axisAngle = std::atan2(joint.axis_A.y(), joint.axis_A.x()); // in A's frame
    if (forward) {
        out.inParent = PlanarFrame{axisAngle, false, onParent};
        out.inChild = PlanarFrame{axisAngle - joint.offset, false, onChild};
    } else {
        out.inParent = PlanarFrame{axisAngle - joint.offset + kPi, false, onParent};
        out.inChild = PlanarFrame{axisAngle + kPi, false, onChild};
    }
}

detail::SimbodyTreeSpec treeSpecOf(const Model& model) {
    detail::SimbodyTreeSpec spec;
    spec.gravity = model.gravity;
    // model order has parents before children, and body b carries coordinate b − 1
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        const Body& body = model.bodies[b];
        const Joint& joint = model.joints[body.treeJoint];
        if (joint.type != JointType::Revolute && joint.type != JointType::Prismatic) {
            throw std::invalid_argument("SimbodyPeer: joint " + joint.name +
                                        " has a type without a Simbody mobilizer");
        }
        detail::SimbodyBodySpec out;
        out.parent = body.parent;
        out.slider = joint.type == JointType::Prismatic;
        setMobilizerFrames(joint, out);
        out.mass = body.mass;
        out.com = body.com_B;
        out.inertiaCom = body.inertiaCom;
        spec.bodies.push_back(out);
    }
    for (const int cutJoint : model.cuts) {
        const Joint& cut = model.joints[cutJoint];
        spec.cuts.push_back({cut.bodyA, cut.bodyB, cut.type == JointType::Prismatic, cut.p_A,
                             cut.p_B, cut.axis_A, cut.offset});
    }
    return spec;
}

} // namespace

SimbodyPeer::SimbodyPeer(const sslm::Model& model)
    : m_system(std::make_unique<detail::SimbodySystem>(treeSpecOf(model))),
      m_q(Eigen::VectorXd::Zero(model.nq())), m_qd(Eigen::VectorXd::Zero(model.nq())) {}

SimbodyPeer::~SimbodyPeer() = default;
SimbodyPeer::SimbodyPeer(SimbodyPeer&&) noexcept = default;
SimbodyPeer& SimbodyPeer::operator=(SimbodyPeer&&) noexcept = default;

void SimbodyPeer::setState(const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    if (q.size() != nq() || qd.size() != nq()) {
        throw std::invalid_argument("SimbodyPeer::setState: q and qd need " + std::to_string(nq()) +
                                    " entries");
    }
    m_q = q;
    m_qd = qd;
}

void SimbodyPeer::computeAccelerations() {
    m_system->realizeAccelerations(m_q, m_qd);
}

Eigen::VectorXd SimbodyPeer::qdd() const {
    Eigen::VectorXd out;
    m_system->udot(out); // Pin and Slider: q̇ = u, so q̈ = u̇
    return out;
}

double SimbodyPeer::constraintViolation() const {
    return m_system->constraintViolation();
}

int SimbodyPeer::nq() const {
    return static_cast<int>(m_q.size());
}

} // namespace sslm::bench
