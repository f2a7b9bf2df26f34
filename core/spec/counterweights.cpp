// SPDX-License-Identifier: MIT
#include "core/spec/counterweights.hpp"

namespace sslm {

namespace {

/// The inertia of a point mass m at offset d about the origin of d: m (‖d‖² 1 − d dᵀ).
Eigen::Matrix3d parallelAxis(double mass, const Eigen::Vector3d& d) {
    return mass * (d.squaredNorm() * Eigen::Matrix3d::Identity() - d * d.transpose());
}

} // namespace

MassProperties foldCounterweights(const MassProperties& body,
                                  const std::vector<CounterweightSpec>& counterweights,
                                  MotionSpace space) {
    if (counterweights.empty()) {
        return body;
    }
    const bool planar = space == MotionSpace::Planar;
    const auto centre = [&](const Eigen::Vector3d& c) {
        return planar ? Eigen::Vector3d(c.x(), c.y(), 0.0) : c;
    };
    MassProperties out;
    out.mass = body.mass;
    Eigen::Vector3d moment = body.mass * centre(body.com);
    for (const CounterweightSpec& w : counterweights) {
        out.mass += w.mass;
        moment += w.mass * centre(w.position3());
    }
    out.com = moment / out.mass;
    const auto ownInertia = [&](const CounterweightSpec& w) -> Eigen::Matrix3d {
        if (planar) {
            return Eigen::Vector3d(0.0, 0.0, w.inertia.value_or(0.0)).asDiagonal();
        }
        return w.inertiaTensor.value_or(Eigen::Matrix3d::Zero());
    };
    out.inertia = body.inertia + parallelAxis(body.mass, centre(body.com) - out.com);
    for (const CounterweightSpec& w : counterweights) {
        out.inertia += ownInertia(w) + parallelAxis(w.mass, centre(w.position3()) - out.com);
    }
    if (planar) {
        out.inertia = Eigen::Vector3d(0.0, 0.0, out.inertia(2, 2)).asDiagonal();
    }
    return out;
}

} // namespace sslm
