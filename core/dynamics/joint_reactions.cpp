// SPDX-License-Identifier: MIT
#include "core/dynamics/joint_reactions.hpp"

#include <array>

#include "core/dynamics/space_dynamics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/motion_space.hpp"

namespace sslm {

namespace {

using Vec6 = spatial::Vec6;

/// A space's part of a 6-vector body wrench or acceleration (the first 3 entries in the plane).
template <class Space> auto part(Vec6& v) {
    return v.template head<Space::kTwistSize>();
}
template <class Space> typename Space::Wrench part(const Vec6& v) {
    return v.template head<Space::kTwistSize>();
}

template <class Space>
void inertiaWrenchesIn(const Model& model,
                       const Workspace& ws,
                       const Eigen::Ref<const Eigen::VectorXd>& qdd,
                       BodyRecursionWorkspace& rws) {
    using D = SpaceDynamics<Space>;
    rws.bodyAcceleration[0].setZero();
    for (int b = 1; b < ws.nBodies; ++b) {
        typename Space::Twist acceleration =
            part<Space>(rws.bodyAcceleration[model.bodies[b].parent]);
        const CoordinateRange own = Space::coordinates(model, b);
        for (int k = own.first; k < own.first + own.count; ++k) {
            acceleration += Space::column(model, ws, k) * qdd[k];
        }
        part<Space>(rws.bodyAcceleration[b]) = acceleration;
        const typename Space::Point arm = Space::comArm(model, ws, b);
        const typename D::Inertia inertia = D::bodyInertia(model, ws, b, arm);
        part<Space>(rws.inertiaWrench[b]) =
            D::times(inertia, acceleration) + D::biasWrench(model, ws, b, arm, inertia);
    }
}

template <class Space>
Vec6 cutWrenchIn(const Model& model,
                 const Workspace& ws,
                 const Eigen::Ref<const Eigen::VectorXd>& lambda,
                 int loop) {
    using Wrench = typename Space::Wrench;
    const Loop& l = model.loops[loop];
    std::array<Wrench, kMostConstraintRows> rows;
    jointConstraintWrenches<Space>(model, ws, l.cutJoint, rows);
    Wrench onA = Wrench::Zero();
    for (int r = 0; r < l.rows; ++r) {
        onA += lambda[l.rowBegin + r] * rows[r];
    }
    Vec6 out = Vec6::Zero();
    part<Space>(out) = onA;
    return out;
}

template <class Space>
void recursionIn(const Model& model,
                 const Workspace& ws,
                 const Eigen::Ref<const Eigen::VectorXd>& lambda,
                 const Eigen::Ref<const Eigen::VectorXd>& jointForces,
                 const Eigen::Ref<const Eigen::VectorXd>& coordinateForces,
                 const std::vector<Vec6>& bodyLoads,
                 BodyRecursionWorkspace& rws) {
    using Wrench = typename Space::Wrench;
    rws.transmitted[0].setZero();
    for (int b = 1; b < ws.nBodies; ++b) {
        rws.transmitted[b] = rws.inertiaWrench[b];
        part<Space>(rws.transmitted[b]) -= Space::ofSixSlots(bodyLoads[b]);
    }
    // cut reactions: side A receives the reaction, side B its opposite
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.loops[i].cutJoint];
        const Vec6 onA = cutWrenchIn<Space>(model, ws, lambda, i);
        rws.constraintOnA[model.loops[i].cutJoint] = onA;
        rws.transmitted[cut.bodyA] -= onA;
        rws.transmitted[cut.bodyB] += onA;
    }
    // driving and applied joint forces: +g on side B, −g on side A
    const int nJoints = static_cast<int>(model.joints.size());
    for (int j = 0; j < nJoints; ++j) {
        const Joint& joint = model.joints[j];
        const int count = joint.isCut() ? 1 : joint.coordinateCount; // a cut's applied force
        for (int k = 0; k < count; ++k) {
            const double g = (k == 0 ? jointForces[j] : 0.0) +
                             (joint.isCut() ? 0.0 : coordinateForces[joint.coordinate + k]);
            if (g != 0.0) {
                const Wrench onB = g * jointCoordinateWrench<Space>(model, ws, j, k);
                part<Space>(rws.transmitted[joint.bodyB]) -= onB;
                part<Space>(rws.transmitted[joint.bodyA]) += onB;
            }
        }
    }
    // leaves first: the parent receives the opposite of what it transmits
    for (int b = ws.nBodies - 1; b >= 1; --b) {
        const int p = model.bodies[b].parent;
        if (p > 0) {
            rws.transmitted[p] += rws.transmitted[b];
        }
        const int j = model.bodies[b].treeJoint;
        // B on A: the parent's push on b when A = b, its opposite when A is the parent
        rws.constraintOnA[j] =
            model.joints[j].treeSign > 0 ? Vec6(-rws.transmitted[b]) : rws.transmitted[b];
    }
}

} // namespace

BodyRecursionWorkspace::BodyRecursionWorkspace(const Model& model)
    : bodyAcceleration(model.bodies.size(), Vec6::Zero()),
      inertiaWrench(model.bodies.size(), Vec6::Zero()),
      transmitted(model.bodies.size(), Vec6::Zero()),
      constraintOnA(model.joints.size(), Vec6::Zero()) {}

void inertiaWrenches(const Model& model,
                     const Workspace& ws,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd,
                     BodyRecursionWorkspace& rws) {
    withMotionSpace(model,
                    [&](auto space) { inertiaWrenchesIn<decltype(space)>(model, ws, qdd, rws); });
}

spatial::Vec6 cutConstraintWrench(const Model& model,
                                  const Workspace& ws,
                                  const Eigen::Ref<const Eigen::VectorXd>& lambda,
                                  int loop) {
    return withMotionSpace(
        model, [&](auto space) { return cutWrenchIn<decltype(space)>(model, ws, lambda, loop); });
}

void jointConstraintWrenchesOnA(const Model& model,
                                const Workspace& ws,
                                const Eigen::Ref<const Eigen::VectorXd>& lambda,
                                const Eigen::Ref<const Eigen::VectorXd>& jointForces,
                                const Eigen::Ref<const Eigen::VectorXd>& coordinateForces,
                                const std::vector<spatial::Vec6>& bodyLoads,
                                BodyRecursionWorkspace& rws) {
    withMotionSpace(model, [&](auto space) {
        recursionIn<decltype(space)>(model, ws, lambda, jointForces, coordinateForces, bodyLoads,
                                     rws);
    });
}

Eigen::Vector3d constraintForce(const Model& model, const spatial::Vec6& onA) {
    return withMotionSpace(model, [&](auto space) -> Eigen::Vector3d {
        if constexpr (decltype(space)::kSpace == MotionSpace::Planar) {
            return {onA[1], onA[2], 0.0};
        } else {
            return onA.tail<3>();
        }
    });
}

} // namespace sslm
