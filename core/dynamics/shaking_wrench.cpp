// SPDX-License-Identifier: MIT
#include "core/dynamics/shaking_wrench.hpp"

#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

Eigen::Vector3d shakingPoint(const Model& model, const Eigen::Vector3d& about) {
    Eigen::Vector3d point = about;
    point.tail(3 - model.dimension()).setZero(); // the axes the space has
    return point;
}

ShakingWrench shakingFromMotion(const Model& model,
                                const Workspace& ws,
                                const Eigen::Ref<const Eigen::VectorXd>& qdd,
                                const Eigen::Vector3d& about,
                                Eigen::MatrixXd& /*scratch*/) {
    using Vec3 = Eigen::Vector3d;
    const Vec3 point = shakingPoint(model, about);
    ShakingWrench shaking;
    for (int b = 1; b < ws.nBodies; ++b) {
        const Body& body = model.bodies[b];
        // body acceleration (W, about Wo): the velocity products along the chain plus S q̈
        spatial::Vec6 acceleration = ws.biasAcceleration[b];
        for (int c = b; c > 0; c = model.bodies[c].parent) {
            const Joint& j = model.joints[model.bodies[c].treeJoint];
            for (int k = j.coordinate; k < j.coordinate + j.coordinateCount; ++k) {
                acceleration += ws.motionSubspace[k] * qdd[k];
            }
        }
        const Eigen::Matrix3d& r = ws.rotation[b];
        const Vec3 com = ws.position[b] + r * body.com_B;
        const Eigen::Matrix3d inertia = r * body.inertia_B * r.transpose();
        const Vec3 omega = ws.twist[b].head<3>();
        const Vec3 alpha = acceleration.head<3>();
        const Vec3 comAcceleration = spatial::pointAcceleration(ws.twist[b], acceleration, com);
        const Vec3 load = body.mass * (model.gravity - comAcceleration);
        shaking.force += load;
        shaking.moment +=
            (com - point).cross(load) - inertia * alpha - omega.cross(inertia * omega);
    }
    return shaking;
}

} // namespace sslm
