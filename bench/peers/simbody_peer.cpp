// SPDX-License-Identifier: MIT
#include "bench/peers/simbody_peer.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include <Eigen/Geometry>

#include "core/spatial/spatial_algebra.hpp"

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
    const Eigen::Vector2d onParent = (forward ? joint.p_A : joint.p_B).head<2>();
    const Eigen::Vector2d onChild = (forward ? joint.p_B : joint.p_A).head<2>();
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
    spec.gravity = model.gravity.head<2>();
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
        out.com = body.com_B.head<2>();
        out.inertiaCom = body.inertiaCom();
        spec.bodies.push_back(out);
    }
    for (const int cutJoint : model.cuts) {
        const Joint& cut = model.joints[cutJoint];
        spec.cuts.push_back({cut.bodyA, cut.bodyB, cut.type == JointType::Prismatic,
                             cut.p_A.head<2>(), cut.p_B.head<2>(), cut.axis_A.head<2>(),
                             cut.offset});
    }
    return spec;
}

// ---- 3-D models ----

using detail::SimbodyConstraintSpec;
using detail::SimbodyMobilizer;
using detail::SpatialFrame;

/// An orthonormal frame whose axis `column` (0 = x, 2 = z) is the unit vector u.
Eigen::Matrix3d frameWithAxis(const Eigen::Vector3d& u, int column) {
    Eigen::Vector3d n1;
    Eigen::Vector3d n2;
    spatial::perpendicularPair(u.normalized(), n1, n2); // (n1, n2, u) is right-handed
    Eigen::Matrix3d r;
    if (column == 2) {
        r << n1, n2, u.normalized();
    } else {
        r << u.normalized(), n1, n2;
    }
    return r;
}

/// Mobilizer frames F (on the tree parent) and M (on the tree child) of a 3-D tree joint, so
/// that Simbody's q and u are ours (forward_kinematics.hpp: R_B = R_A·E, body frames parallel
/// at zero coordinates, so F and M share their rotation). Forward (A → B): F on A at p_A, M on
/// B at p_B, F's mobility axes along ours. Reversed (B → A, R_A = R_B·Eᵀ): F on B, M on A, and
/// the axes reversed (and a universal's two axes swapped, reported by its coordinate order).
void setMobilizer(const Joint& joint, detail::SimbodySpatialBodySpec& out) {
    const bool forward = joint.treeSign > 0;
    const double sign = forward ? 1.0 : -1.0;
    const Eigen::Vector3d u = sign * joint.axis_A.normalized();
    Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
    switch (joint.type) {
    case JointType::Revolute:
        out.mobilizer = SimbodyMobilizer::Pin;
        rotation = frameWithAxis(u, 2);
        break;
    case JointType::Prismatic:
        out.mobilizer = SimbodyMobilizer::Slider;
        rotation = frameWithAxis(u, 0);
        break;
    case JointType::Cylindrical:
        out.mobilizer = SimbodyMobilizer::Cylinder;
        rotation = frameWithAxis(u, 2);
        break;
    case JointType::Universal: {
        // E = Rot(a1, q0)·Rot(a2, q1) = R_F·Rx(q0)·Ry(q1)·R_Fᵀ for R_F = (a1, a2, a1 × a2);
        // reversed, Eᵀ = Rot(−a2, q1)·Rot(−a1, q0): R_F = (−a2, −a1, a2 × a1), q swapped
        out.mobilizer = SimbodyMobilizer::Universal;
        const Eigen::Vector3d a1 = joint.axis_A.normalized();
        const Eigen::Vector3d a2 = joint.axis_B.normalized();
        if (forward) {
            rotation << a1, a2, a1.cross(a2);
        } else {
            rotation << -a2, -a1, a2.cross(a1);
        }
        break;
    }
    case JointType::Spherical:
        out.mobilizer = SimbodyMobilizer::Ball;
        break;
    }
    out.inParent = SpatialFrame{rotation, forward ? joint.p_A : joint.p_B};
    out.inChild = SpatialFrame{rotation, forward ? joint.p_B : joint.p_A};
}

/// The cut joint's equations as Simbody constraints, on the same constraint manifold as
/// loop_constraints.hpp (n₁, n₂ ⟂ u fixed in A).
void addCutConstraints(const Joint& cut, std::vector<SimbodyConstraintSpec>& out) {
    using Kind = SimbodyConstraintSpec::Kind;
    const Eigen::Vector3d u = cut.axis_A.normalized();
    Eigen::Vector3d n1;
    Eigen::Vector3d n2;
    spatial::perpendicularPair(u, n1, n2);
    const auto add = [&](Kind kind, const Eigen::Vector3d& vectorA,
                         const Eigen::Vector3d& vectorB) {
        out.push_back({kind, cut.bodyA, cut.bodyB, cut.p_A, cut.p_B, vectorA, vectorB});
    };
    switch (cut.type) {
    case JointType::Spherical:
        add(Kind::Ball, u, u);
        return;
    case JointType::Universal:
        add(Kind::Ball, u, u);
        add(Kind::Perpendicular, cut.axis_A, cut.axis_B);
        return;
    case JointType::Revolute:
        add(Kind::Ball, u, u);
        add(Kind::Perpendicular, n1, cut.axis_B);
        add(Kind::Perpendicular, n2, cut.axis_B);
        return;
    case JointType::Cylindrical:
    case JointType::Prismatic:
        add(Kind::PointInPlane, n1, u);
        add(Kind::PointInPlane, n2, u);
        add(Kind::Perpendicular, n1, cut.axis_B);
        add(Kind::Perpendicular, n2, cut.axis_B);
        if (cut.type == JointType::Prismatic) {
            add(Kind::Perpendicular, n1, n2); // no turn about the axis
        }
        return;
    }
}

detail::SimbodySpatialSpec spatialSpecOf(const Model& model) {
    detail::SimbodySpatialSpec spec;
    spec.gravity = model.gravity;
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        const Body& body = model.bodies[b];
        detail::SimbodySpatialBodySpec out;
        out.parent = body.parent;
        setMobilizer(model.joints[body.treeJoint], out);
        out.mass = body.mass;
        out.com = body.com_B;
        out.inertiaCom = body.inertia_B;
        spec.bodies.push_back(out);
    }
    for (const int cut : model.cuts) {
        addCutConstraints(model.joints[cut], spec.constraints);
    }
    return spec;
}

std::unique_ptr<detail::SimbodySystem> systemOf(const Model& model) {
    if (model.isSpatial()) {
        return std::make_unique<detail::SimbodySystem>(spatialSpecOf(model));
    }
    return std::make_unique<detail::SimbodySystem>(treeSpecOf(model));
}

} // namespace

/// A 3-D tree joint's place in our q, q̇ and in Simbody's by-body Q, U.
struct SimbodyPeer::SpatialJoint {
    JointType type = JointType::Revolute;
    bool forward = true;
    int position = 0;   ///< first entry in our positions
    int coordinate = 0; ///< first entry in our rates
    int simQ = 0;       ///< first entry in the by-body Q
    int simU = 0;       ///< first entry in the by-body U
    /// Spherical: our ω = rateMap·u (identity forward; −E reversed, where u = −Eᵀω is the
    /// rate of A in B, in B's frame, and, u ∥ the relative rate, ω̇ = −E·u̇ too).
    Eigen::Matrix3d rateMap = Eigen::Matrix3d::Identity();
};

SimbodyPeer::SimbodyPeer(const sslm::Model& model)
    : m_system(systemOf(model)), m_q(Eigen::VectorXd::Zero(model.nq())),
      m_qd(Eigen::VectorXd::Zero(model.nv())) {
    if (!model.isSpatial()) {
        return;
    }
    int simQ = 0;
    int simU = 0;
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        m_spatial.push_back(
            {joint.type, joint.treeSign > 0, joint.position, joint.coordinate, simQ, simU});
        const bool ball = joint.type == JointType::Spherical;
        simQ += ball ? 4 : joint.coordinateCount;
        simU += joint.coordinateCount;
    }
    m_simQ = Eigen::VectorXd::Zero(simQ);
    m_simU = Eigen::VectorXd::Zero(simU);
}

SimbodyPeer::~SimbodyPeer() = default;
SimbodyPeer::SimbodyPeer(SimbodyPeer&&) noexcept = default;
SimbodyPeer& SimbodyPeer::operator=(SimbodyPeer&&) noexcept = default;

void SimbodyPeer::setState(const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    if (q.size() != m_q.size() || qd.size() != nv()) {
        throw std::invalid_argument("SimbodyPeer::setState: q and qd need " +
                                    std::to_string(m_q.size()) + " and " + std::to_string(nv()) +
                                    " entries");
    }
    m_q = q;
    m_qd = qd;
    for (SpatialJoint& joint : m_spatial) {
        const int p = joint.position;
        const int c = joint.coordinate;
        switch (joint.type) {
        case JointType::Spherical: {
            // Simbody's q is the quaternion of R_FM: E forward, Eᵀ reversed
            const Eigen::Quaterniond e(q[p], q[p + 1], q[p + 2], q[p + 3]);
            const Eigen::Quaterniond rFM = joint.forward ? e : e.conjugate();
            m_simQ.segment<4>(joint.simQ) << rFM.w(), rFM.x(), rFM.y(), rFM.z();
            joint.rateMap = joint.forward ? Eigen::Matrix3d::Identity()
                                          : Eigen::Matrix3d(-e.normalized().toRotationMatrix());
            m_simU.segment<3>(joint.simU) = joint.rateMap.transpose() * qd.segment<3>(c);
            break;
        }
        case JointType::Universal:
            m_simQ[joint.simQ] = q[joint.forward ? p : p + 1];
            m_simQ[joint.simQ + 1] = q[joint.forward ? p + 1 : p];
            m_simU[joint.simU] = qd[joint.forward ? c : c + 1];
            m_simU[joint.simU + 1] = qd[joint.forward ? c + 1 : c];
            break;
        case JointType::Cylindrical:
            m_simQ.segment<2>(joint.simQ) = q.segment<2>(p);
            m_simU.segment<2>(joint.simU) = qd.segment<2>(c);
            break;
        default:
            m_simQ[joint.simQ] = q[p];
            m_simU[joint.simU] = qd[c];
        }
    }
}

void SimbodyPeer::computeAccelerations() {
    if (m_spatial.empty()) {
        m_system->realizeAccelerations(m_q, m_qd);
    } else {
        m_system->realizeAccelerationsByBody(m_simQ, m_simU);
    }
}

Eigen::VectorXd SimbodyPeer::qdd() const {
    Eigen::VectorXd out;
    if (m_spatial.empty()) {
        m_system->udot(out); // Pin and Slider: q̇ = u, so q̈ = u̇
        return out;
    }
    Eigen::VectorXd udot;
    m_system->udotByBody(udot);
    out.resize(nv());
    for (const SpatialJoint& joint : m_spatial) {
        const int c = joint.coordinate;
        switch (joint.type) {
        case JointType::Spherical:
            out.segment<3>(c) = joint.rateMap * udot.segment<3>(joint.simU);
            break;
        case JointType::Universal:
            out[joint.forward ? c : c + 1] = udot[joint.simU];
            out[joint.forward ? c + 1 : c] = udot[joint.simU + 1];
            break;
        case JointType::Cylindrical:
            out.segment<2>(c) = udot.segment<2>(joint.simU);
            break;
        default:
            out[c] = udot[joint.simU];
        }
    }
    return out;
}

double SimbodyPeer::constraintViolation() const {
    return m_system->constraintViolation();
}

int SimbodyPeer::nv() const {
    return static_cast<int>(m_qd.size());
}

} // namespace sslm::bench
