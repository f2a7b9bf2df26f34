// SPDX-License-Identifier: MIT
#include "core/balance/shaking_cycle.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Geometry>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/motion_space.hpp"

namespace sslm {

Eigen::Vector3d massMoment(const Model& model, Workspace& ws, const Eigen::VectorXd& q) {
    Eigen::Vector3d sum = Eigen::Vector3d::Zero();
    updatePositions(model, ws, q);
    withMotionSpace(model, [&](auto space) {
        using Space = decltype(space);
        for (int b = 1; b < ws.nBodies; ++b) {
            sum.head<Space::Point::RowsAtCompileTime>() +=
                model.bodies[b].mass * Space::comPosition(model, ws, b);
        }
    });
    return sum;
}

ShakingWrench dynamicShaking(const ShakingWrench& shaking,
                             const Model& model,
                             Workspace& ws,
                             const Eigen::VectorXd& q,
                             const Eigen::Vector3d& about) {
    double mass = 0;
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        mass += model.bodies[b].mass;
    }
    const Eigen::Vector3d point = shakingPoint(model, about);
    const Eigen::Vector3d& gravity = model.gravity;
    ShakingWrench dynamic;
    dynamic.force = shaking.force - mass * gravity;
    dynamic.moment = shaking.moment - (massMoment(model, ws, q) - mass * point).cross(gravity);
    return dynamic;
}

ShakingCycle shakingCycle(const Model& model,
                          const std::vector<DrivenMotion>& motions,
                          const Eigen::VectorXd& qGuess,
                          const InverseRunSettings& run) {
    ShakingCycle cycle;
    Workspace ws(model);
    InverseRunSettings settings = run;
    settings.reactions = JointReactions::Compute;
    const double lastTime = run.tEnd - 1e-9 * run.sampleInterval;
    double force2 = 0;
    double moment2 = 0;
    double torque2 = 0;
    InverseRunCallbacks callbacks;
    callbacks.onSample = [&](const InverseSample& sample) {
        if (sample.t >= lastTime && !cycle.t.empty()) {
            return; // the end of the cycle repeats its start
        }
        const ShakingWrench dynamic =
            dynamicShaking(sample.shaking, model, ws, sample.q, settings.shakingAbout);
        cycle.t.push_back(sample.t);
        cycle.force.push_back(dynamic.force);
        cycle.moment.push_back(dynamic.moment);
        cycle.tau.push_back(sample.tau);
        force2 += dynamic.force.squaredNorm();
        moment2 += dynamic.moment.squaredNorm();
        torque2 += sample.tau.squaredNorm();
        cycle.forceSize.peak = std::max(cycle.forceSize.peak, dynamic.force.norm());
        cycle.momentSize.peak = std::max(cycle.momentSize.peak, dynamic.moment.norm());
        if (sample.tau.size() > 0) {
            cycle.torqueSize.peak =
                std::max(cycle.torqueSize.peak, sample.tau.cwiseAbs().maxCoeff());
        }
    };
    const InverseRunSummary summary =
        runInverseDynamics(model, motions, qGuess, settings, callbacks);
    if (!summary.ok || cycle.t.empty()) {
        cycle.message = summary.ok ? "the cycle has no samples" : summary.message;
        return cycle;
    }
    const double count = static_cast<double>(cycle.t.size());
    cycle.forceSize.rms = std::sqrt(force2 / count);
    cycle.momentSize.rms = std::sqrt(moment2 / count);
    cycle.torqueSize.rms = std::sqrt(torque2 / count);
    cycle.ok = true;
    return cycle;
}

} // namespace sslm
