// SPDX-License-Identifier: MIT
#include "core/inverse/shaking_reactions.hpp"

#include "core/kinematics/loop_constraints.hpp"
#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

namespace {

using spatial::Vec6;

/// A wrench [moment about Wo; force] of either space in 3-D.
Vec6 inSpace(const PlanarSpace::Wrench& w) {
    Vec6 out;
    out << 0.0, 0.0, w[0], w[1], w[2], 0.0;
    return out;
}
const Vec6& inSpace(const SpatialSpace::Wrench& w) {
    return w;
}

/// +1 when the ground is the joint's side A (it receives B's wrench on A), −1 when it is side
/// B (it receives the opposite), 0 when the joint does not touch the ground.
double groundSide(const Joint& joint) {
    return joint.bodyA == 0 ? 1.0 : (joint.bodyB == 0 ? -1.0 : 0.0);
}

template <class Space>
ShakingWrench
shaking(const Model& model, const InverseDynamicsWorkspace& iws, const Eigen::Vector3d& about) {
    Vec6 total = Vec6::Zero(); // about Wo: [moment; force]
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const Joint& joint = model.joints[j];
        const double side = groundSide(joint);
        if (side == 0.0) {
            continue;
        }
        // B on A: the constraint force at its point and moment, less the joint's own forces
        // (which act on B with +(drive + applied), on A with the opposite)
        const JointReaction& r = iws.reactions[j];
        Vec6 onA = spatial::wrenchAt(r.point, r.force);
        onA.head<3>() += r.moment;
        const int count = joint.isCut() ? 1 : joint.coordinateCount;
        for (int k = 0; k < count; ++k) {
            if (const double own = r.drive[k] + r.applied[k]; own != 0.0) {
                onA -= own *
                       inSpace(jointCoordinateWrench<Space>(model, iws.ws, static_cast<int>(j), k));
            }
        }
        total += side * onA;
    }
    ShakingWrench out;
    out.force = total.tail<3>();
    out.moment = total.head<3>() - about.cross(out.force);
    if constexpr (Space::kSpace == MotionSpace::Planar) {
        out.moment.head<2>().setZero(); // about z only, wherever `about` lies off the plane
    }
    return out;
}

} // namespace

ShakingWrench shakingFromReactions(const Model& model,
                                   const InverseDynamicsWorkspace& iws,
                                   const Eigen::Vector3d& about) {
    return withMotionSpace(model,
                           [&](auto space) { return shaking<decltype(space)>(model, iws, about); });
}

} // namespace sslm
