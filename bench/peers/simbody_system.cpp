// SPDX-License-Identifier: MIT
// Built as C++17 with -UNDEBUG: see simbody_system.hpp.
#include "bench/peers/simbody_system.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include <Simbody.h>

namespace sslm::bench::detail {

namespace {

SimTK::Vec3 inPlane(const Eigen::Vector2d& v) {
    return {v.x(), v.y(), 0.0};
}

SimTK::Transform transformOf(const PlanarFrame& frame) {
    SimTK::Rotation rotation(frame.angle, SimTK::ZAxis);
    if (frame.flipZ) {
        rotation = rotation * SimTK::Rotation(SimTK::Pi, SimTK::XAxis);
    }
    return {rotation, inPlane(frame.origin)};
}

/// Mass properties about the body origin (kg, m, kg·m²): Izz = inertiaCom about the COM, and
/// Ixx = Iyy = Izz, which planar motion never sees but which keep the inertia physical.
SimTK::MassProperties massProperties(const SimbodyBodySpec& body) {
    const double izz = body.inertiaCom;
    const SimTK::Vec3 com = inPlane(body.com);
    const SimTK::Inertia aboutCom(izz, izz, izz);
    return {body.mass, com, aboutCom.shiftFromMassCenter(-com, body.mass)};
}

SimTK::Vec3 vec3(const Eigen::Vector3d& v) {
    return {v.x(), v.y(), v.z()};
}

SimTK::Transform transformOf(const SpatialFrame& frame) {
    SimTK::Mat33 m;
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            m(r, c) = frame.rotation(r, c);
        }
    }
    return {SimTK::Rotation(m), vec3(frame.origin)};
}

/// Mass properties about the body origin from the inertia tensor about the COM (body frame).
SimTK::MassProperties massProperties(const SimbodySpatialBodySpec& body) {
    const Eigen::Matrix3d& i = body.inertiaCom;
    const SimTK::Vec3 com = vec3(body.com);
    const SimTK::Inertia aboutCom(i(0, 0), i(1, 1), i(2, 2), i(0, 1), i(0, 2), i(1, 2));
    return {body.mass, com, aboutCom.shiftFromMassCenter(-com, body.mass)};
}

SimTK::MobilizedBody makeMobilizer(SimTK::MobilizedBody& parent,
                                   const SimbodySpatialBodySpec& body) {
    const SimTK::Body::Rigid rigid(massProperties(body));
    const SimTK::Transform X_PF = transformOf(body.inParent);
    const SimTK::Transform X_BM = transformOf(body.inChild);
    switch (body.mobilizer) {
    case SimbodyMobilizer::Pin:
        return SimTK::MobilizedBody::Pin(parent, X_PF, rigid, X_BM);
    case SimbodyMobilizer::Slider:
        return SimTK::MobilizedBody::Slider(parent, X_PF, rigid, X_BM);
    case SimbodyMobilizer::Cylinder:
        return SimTK::MobilizedBody::Cylinder(parent, X_PF, rigid, X_BM);
    case SimbodyMobilizer::Universal:
        return SimTK::MobilizedBody::Universal(parent, X_PF, rigid, X_BM);
    case SimbodyMobilizer::Ball:
        return SimTK::MobilizedBody::Ball(parent, X_PF, rigid, X_BM);
    }
    throw std::logic_error("SimbodyPeer: unknown mobilizer");
}

} // namespace

struct SimbodySystem::Impl {
    SimTK::MultibodySystem system;
    SimTK::SimbodyMatterSubsystem matter{system};
    SimTK::GeneralForceSubsystem forces{system};
    std::vector<SimTK::MobilizedBody> mobilizedBodies; ///< [0] = Ground, then spec.bodies
    std::vector<int> qIndex;                           ///< Simbody Q index of coordinate k
    std::vector<int> uIndex;                           ///< Simbody U index of coordinate k
    // 3-D systems: Simbody's Q and U ranges of body k (k = 0 is the first moving body)
    std::vector<int> bodyQBegin, bodyQCount, bodyUBegin, bodyUCount;
    SimTK::State state;
};

SimbodySystem::SimbodySystem(const SimbodySpatialSpec& spec) : m_impl(std::make_unique<Impl>()) {
    Impl& s = *m_impl;
    s.mobilizedBodies.reserve(spec.bodies.size() + 1);
    s.mobilizedBodies.push_back(s.matter.updGround());
    for (const SimbodySpatialBodySpec& body : spec.bodies) {
        s.mobilizedBodies.push_back(makeMobilizer(s.mobilizedBodies.at(body.parent), body));
    }
    for (const SimbodyConstraintSpec& c : spec.constraints) {
        SimTK::MobilizedBody& sideA = s.mobilizedBodies.at(c.bodyA);
        SimTK::MobilizedBody& sideB = s.mobilizedBodies.at(c.bodyB);
        switch (c.kind) {
        case SimbodyConstraintSpec::Kind::Ball:
            SimTK::Constraint::Ball(sideA, vec3(c.pointA), sideB, vec3(c.pointB));
            break;
        case SimbodyConstraintSpec::Kind::Perpendicular:
            SimTK::Constraint::ConstantAngle(sideA, SimTK::UnitVec3(vec3(c.vectorA)), sideB,
                                             SimTK::UnitVec3(vec3(c.vectorB)), SimTK::Pi / 2);
            break;
        case SimbodyConstraintSpec::Kind::PointInPlane:
            SimTK::Constraint::PointInPlane(sideA, SimTK::UnitVec3(vec3(c.vectorA)),
                                            c.vectorA.normalized().dot(c.pointA), sideB,
                                            vec3(c.pointB));
            break;
        }
    }
    SimTK::Force::UniformGravity(s.forces, s.matter, vec3(spec.gravity));

    s.system.realizeTopology();
    s.state = s.system.getDefaultState();
    s.system.realizeModel(s.state);
    for (std::size_t k = 1; k < s.mobilizedBodies.size(); ++k) {
        const SimTK::MobilizedBody& mobod = s.mobilizedBodies[k];
        s.bodyQBegin.push_back(mobod.getFirstQIndex(s.state));
        s.bodyQCount.push_back(mobod.getNumQ(s.state));
        s.bodyUBegin.push_back(mobod.getFirstUIndex(s.state));
        s.bodyUCount.push_back(mobod.getNumU(s.state));
    }
}

void SimbodySystem::realizeAccelerationsByBody(const Eigen::VectorXd& q, const Eigen::VectorXd& u) {
    Impl& s = *m_impl;
    SimTK::Vector& simQ = s.state.updQ();
    for (std::size_t b = 0, i = 0; b < s.bodyQBegin.size(); ++b) {
        for (int k = 0; k < s.bodyQCount[b]; ++k) {
            simQ[s.bodyQBegin[b] + k] = q[static_cast<Eigen::Index>(i++)];
        }
    }
    SimTK::Vector& simU = s.state.updU();
    for (std::size_t b = 0, i = 0; b < s.bodyUBegin.size(); ++b) {
        for (int k = 0; k < s.bodyUCount[b]; ++k) {
            simU[s.bodyUBegin[b] + k] = u[static_cast<Eigen::Index>(i++)];
        }
    }
    s.system.realize(s.state, SimTK::Stage::Acceleration);
}

void SimbodySystem::udotByBody(Eigen::VectorXd& out) const {
    const Impl& s = *m_impl;
    const SimTK::Vector& udot = s.state.getUDot();
    out.resize(udot.size());
    for (std::size_t b = 0, i = 0; b < s.bodyUBegin.size(); ++b) {
        for (int k = 0; k < s.bodyUCount[b]; ++k) {
            out[static_cast<Eigen::Index>(i++)] = udot[s.bodyUBegin[b] + k];
        }
    }
}

SimbodySystem::SimbodySystem(const SimbodyTreeSpec& spec) : m_impl(std::make_unique<Impl>()) {
    Impl& s = *m_impl;
    s.mobilizedBodies.reserve(spec.bodies.size() + 1);
    s.mobilizedBodies.push_back(s.matter.updGround());
    for (const SimbodyBodySpec& body : spec.bodies) {
        SimTK::MobilizedBody& parent = s.mobilizedBodies.at(body.parent);
        const SimTK::Body::Rigid rigid(massProperties(body));
        const SimTK::Transform X_PF = transformOf(body.inParent);
        const SimTK::Transform X_BM = transformOf(body.inChild);
        if (body.slider) {
            s.mobilizedBodies.push_back(SimTK::MobilizedBody::Slider(parent, X_PF, rigid, X_BM));
        } else {
            s.mobilizedBodies.push_back(SimTK::MobilizedBody::Pin(parent, X_PF, rigid, X_BM));
        }
    }

    for (const SimbodyCutSpec& cut : spec.cuts) {
        SimTK::MobilizedBody& sideA = s.mobilizedBodies.at(cut.bodyA);
        SimTK::MobilizedBody& sideB = s.mobilizedBodies.at(cut.bodyB);
        if (!cut.prismatic) {
            // 2 equations; a Ball would add a z row that is identically satisfied (redundant)
            SimTK::Constraint::PointOnLine(sideA, SimTK::UnitVec3(SimTK::ZAxis),
                                           inPlane(cut.pointA), sideB, inPlane(cut.pointB));
            continue;
        }
        // pointB in the plane through A's guide line with normal n_A = ẑ × axis (A's frame) ...
        const Eigen::Vector2d axis = cut.axisA.normalized();
        const Eigen::Vector2d normal(-axis.y(), axis.x());
        SimTK::Constraint::PointInPlane(sideA, SimTK::UnitVec3(inPlane(normal)),
                                        normal.dot(cut.pointA), sideB, inPlane(cut.pointB));
        // ... and φ_B = φ_A + offset: A's vector at offset + π/2 perpendicular to B's X axis
        // (at π/2 the constraint, a dot product, has its largest gradient)
        const double perpendicular = cut.offset + SimTK::Pi / 2;
        SimTK::Constraint::ConstantAngle(
            sideA, SimTK::UnitVec3(std::cos(perpendicular), std::sin(perpendicular), 0.0), sideB,
            SimTK::UnitVec3(SimTK::XAxis), SimTK::Pi / 2);
    }

    SimTK::Force::UniformGravity(s.forces, s.matter, inPlane(spec.gravity));

    s.system.realizeTopology();
    s.state = s.system.getDefaultState();
    s.system.realizeModel(s.state);
    const int nv = static_cast<int>(spec.bodies.size());
    if (s.state.getNQ() != nv || s.state.getNU() != nv) {
        throw std::logic_error("SimbodyPeer: Simbody has " + std::to_string(s.state.getNQ()) +
                               " coordinates for " + std::to_string(nv) + " mobilizers");
    }
    for (int k = 0; k < nv; ++k) {
        const SimTK::MobilizedBody& mobod = s.mobilizedBodies[k + 1];
        s.qIndex.push_back(mobod.getFirstQIndex(s.state));
        s.uIndex.push_back(mobod.getFirstUIndex(s.state));
    }
}

SimbodySystem::~SimbodySystem() = default;

void SimbodySystem::realizeAccelerations(const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    Impl& s = *m_impl;
    // updQ() and updU() invalidate Stage::Position and Stage::Velocity: realize() starts over
    SimTK::Vector& simQ = s.state.updQ();
    for (int k = 0; k < nv(); ++k) {
        simQ[s.qIndex[k]] = q[k];
    }
    SimTK::Vector& simU = s.state.updU();
    for (int k = 0; k < nv(); ++k) {
        simU[s.uIndex[k]] = qd[k];
    }
    s.system.realize(s.state, SimTK::Stage::Acceleration);
}

void SimbodySystem::udot(Eigen::VectorXd& out) const {
    const SimTK::Vector& udot = m_impl->state.getUDot();
    out.resize(nv());
    for (int k = 0; k < nv(); ++k) {
        out[k] = udot[m_impl->uIndex[k]];
    }
}

double SimbodySystem::constraintViolation() const {
    const SimTK::Vector& qErr = m_impl->state.getQErr();
    double largest = 0;
    for (int i = 0; i < qErr.size(); ++i) {
        largest = std::max(largest, std::abs(qErr[i]));
    }
    return largest;
}

int SimbodySystem::nv() const {
    return static_cast<int>(m_impl->qIndex.size());
}

} // namespace sslm::bench::detail
