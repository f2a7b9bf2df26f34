// SPDX-License-Identifier: MIT
#include "core/dynamics/shaking_wrench.hpp"

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

namespace {

using Vec3 = Eigen::Vector3d;

Vec3 lift(const Eigen::Vector2d& v) {
    return {v.x(), v.y(), 0.0};
}

ShakingWrench planarShaking(const Model& model,
                            const Workspace& ws,
                            const Eigen::Ref<const Eigen::VectorXd>& qdd,
                            const Vec3& about,
                            Eigen::MatrixXd& jacobian) {
    ShakingWrench shaking;
    jacobian.resize(2, model.nv());
    const Vec3& gravity = model.gravity;
    for (int b = 1; b < ws.nBodies; ++b) {
        const Body& body = model.bodies[b];
        pointJacobian(model, ws, b, body.com_B.head<2>(), jacobian);
        const Vec3 acceleration =
            lift(PlanarSpace::pointBiasAcceleration(ws, b, body.com_B) + jacobian * qdd);
        // angular acceleration: the revolute tree joints from the ground to the body
        double alpha = 0;
        for (int c = b; c > 0; c = model.bodies[c].parent) {
            const Joint& joint = model.joints[model.bodies[c].treeJoint];
            if (joint.type == JointType::Revolute) {
                alpha += joint.treeSign * qdd[c - 1];
            }
        }
        const Vec3 arm = lift(PlanarSpace::pointPosition(ws, b, body.com_B) - about.head<2>());
        const Vec3 load = body.mass * (gravity - acceleration);
        shaking.force += load;
        shaking.moment += arm.cross(load);
        shaking.moment.z() -= body.inertiaCom() * alpha; // planar: ω × Iω = 0
    }
    return shaking;
}

ShakingWrench spatialShaking(const Model& model,
                             const Workspace& ws,
                             const Eigen::Ref<const Eigen::VectorXd>& qdd,
                             const Vec3& about) {
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
            (com - about).cross(load) - inertia * alpha - omega.cross(inertia * omega);
    }
    return shaking;
}

} // namespace

ShakingWrench shakingFromMotion(const Model& model,
                                const Workspace& ws,
                                const Eigen::Ref<const Eigen::VectorXd>& qdd,
                                const Eigen::Vector3d& about,
                                Eigen::MatrixXd& scratch) {
    return model.isSpatial() ? spatialShaking(model, ws, qdd, about)
                             : planarShaking(model, ws, qdd, about, scratch);
}

} // namespace sslm
