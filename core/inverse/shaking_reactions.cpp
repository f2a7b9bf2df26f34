// SPDX-License-Identifier: MIT
#include "core/inverse/shaking_reactions.hpp"

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/spatial/planar.hpp"
#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

namespace {

using Vec3 = Eigen::Vector3d;

Vec3 lift(const Eigen::Vector2d& v) {
    return {v.x(), v.y(), 0.0};
}

/// +1 when the ground is the joint's side A (it receives B's wrench on A), −1 when it is side
/// B (it receives the opposite), 0 when the joint does not touch the ground.
double groundSide(const Joint& joint) {
    return joint.bodyA == 0 ? 1.0 : (joint.bodyB == 0 ? -1.0 : 0.0);
}

} // namespace

ShakingWrench shakingFromReactions(const Model& model,
                                   const InverseDynamicsWorkspace& iws,
                                   const Eigen::Vector3d& about) {
    ShakingWrench shaking;
    const Workspace& ws = iws.ws;
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const Joint& joint = model.joints[j];
        const double side = groundSide(joint);
        if (side == 0.0) {
            continue;
        }
        const JointReaction& r = iws.reactions[j];
        // B on A: the constraint force at its point and moment, less the joint's own forces
        // (which act on B with +(drive + applied), on A with the opposite)
        const double own = r.drive + r.applied;
        Vec3 force = lift(r.force);
        Vec3 moment = lift(r.point - about.head<2>()).cross(force) + Vec3(0.0, 0.0, r.moment);
        if (joint.type == JointType::Revolute) {
            moment.z() -= own;
        } else {
            const Vec3 along = -own * lift(planar::rotate(ws.cosAngle[joint.bodyA],
                                                          ws.sinAngle[joint.bodyA], joint.axis_A));
            force += along;
            moment +=
                lift(pointPosition(ws, joint.bodyB, joint.p_B) - about.head<2>()).cross(along);
        }
        shaking.force += side * force;
        shaking.moment += side * moment;
    }
    return shaking;
}

ShakingWrench shakingFromReactions(const Model& model,
                                   const SpatialInverseWorkspace& siws,
                                   const Eigen::Vector3d& about) {
    spatial::Vec6 total = spatial::Vec6::Zero(); // about Wo: [moment; force]
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const Joint& joint = model.joints[j];
        const double side = groundSide(joint);
        if (side == 0.0) {
            continue;
        }
        const SpatialJointReaction& r = siws.reactions[j];
        spatial::Vec6 onA = spatial::wrenchAt(r.point, r.force);
        onA.head<3>() += r.moment;
        for (int k = 0; k < joint.coordinateCount; ++k) {
            const double own = r.drive[k] + r.applied[k];
            if (own != 0.0) {
                onA -= own *
                       jointCoordinateWrench<SpatialSpace>(model, siws.ws, static_cast<int>(j), k);
            }
        }
        total += side * onA;
    }
    ShakingWrench shaking;
    shaking.force = total.tail<3>();
    shaking.moment = total.head<3>() - about.cross(shaking.force);
    return shaking;
}

} // namespace sslm
