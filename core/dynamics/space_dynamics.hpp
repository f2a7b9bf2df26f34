// SPDX-License-Identifier: MIT
#pragma once
// What the dynamics add to a motion space (motion_space.hpp): its rigid-body inertia about Wo,
// the bias wrench a body needs at zero acceleration, and where a DynamicsWorkspace keeps the
// per-body sums of the tree algorithm. The planar inertia is 4 numbers (m, h_x, h_y, I_o:
// body_terms.hpp), the spatial one a 6 × 6 matrix.

#include <vector>

#include "core/dynamics/body_terms.hpp"
#include "core/dynamics/dynamics_workspace.hpp"
#include "core/kinematics/motion_space.hpp"

namespace sslm {

template <class Space> struct SpaceDynamics;

template <> struct SpaceDynamics<PlanarSpace> {
    using Point = PlanarSpace::Point;
    using Twist = PlanarSpace::Twist;
    using Wrench = PlanarSpace::Wrench;
    using Inertia = Eigen::Vector4d;

    /// Body b's inertia about Wo in W, `arm` its comArm().
    static Inertia bodyInertia(const Model& model, const Workspace& ws, int b, const Point& arm) {
        return body_terms::inertiaAboutOrigin(model.bodies[b], ws.origin[b] + arm);
    }
    /// Whether biasWrench() reads the body's inertia (else it is not computed for it).
    static constexpr bool kBiasUsesInertia = false;
    /// The wrench body b needs at q̈ = 0 under gravity. Precondition: updateVelocities.
    static Wrench
    biasWrench(const Model& model, const Workspace& ws, int b, const Point& arm, const Inertia&) {
        return body_terms::biasWrench(model, ws, b, arm);
    }
    /// I·S: the wrench of an inertia moving with a twist, [I_o −h_y h_x; −h_y m 0; h_x 0 m]·s.
    static Wrench times(const Inertia& ic, const Twist& s) {
        return {ic[3] * s[0] - ic[2] * s[1] + ic[1] * s[2], -ic[2] * s[0] + ic[0] * s[1],
                ic[1] * s[0] + ic[0] * s[2]};
    }
    /// Caches body b's joint column (a revolute's pivot, a prismatic's slide) for subspace().
    static void
    cacheSubspace(const Model& model, const Workspace& ws, DynamicsWorkspace& dws, int b) {
        dws.motionSubspace[b] = PlanarSpace::column(model, ws, b - 1);
    }
    /// Column k of the motion subspace, of the joint of body b (cached by cacheSubspace).
    static const Twist& subspace(const Workspace&, const DynamicsWorkspace& dws, int b, int) {
        return dws.motionSubspace[b];
    }
    static std::vector<Inertia>& composite(DynamicsWorkspace& dws) { return dws.compositeInertia; }
    static std::vector<Wrench>& subtree(DynamicsWorkspace& dws) { return dws.subtreeWrench; }
};

template <> struct SpaceDynamics<SpatialSpace> {
    using Point = SpatialSpace::Point;
    using Twist = SpatialSpace::Twist;
    using Wrench = SpatialSpace::Wrench;
    using Inertia = spatial::Mat6;

    static Inertia bodyInertia(const Model& model, const Workspace& ws, int b, const Point& arm) {
        const Body& body = model.bodies[b];
        const Eigen::Matrix3d& r = ws.rotation[b];
        return spatial::inertiaAboutOrigin(body.mass, ws.position3[b] + arm,
                                           r * body.inertia3_B * r.transpose());
    }
    static constexpr bool kBiasUsesInertia = true;
    /// The wrench body b (of inertia `body` about Wo) needs at v̇ = 0, gravity as the base's
    /// acceleration −g. Precondition: updateVelocities.
    static Wrench
    biasWrench(const Model& model, const Workspace& ws, int b, const Point&, const Inertia& body) {
        const Twist& v = ws.twist[b];
        Twist acceleration = ws.biasAcceleration6[b];
        acceleration.tail<3>() -= model.gravity3;
        return body * acceleration + spatial::crossForce(v, body * v);
    }
    static Wrench times(const Inertia& ic, const Twist& s) { return ic * s; }
    /// The workspace holds every coordinate's column already (updatePositions).
    static void cacheSubspace(const Model&, const Workspace&, DynamicsWorkspace&, int) {}
    static const Twist& subspace(const Workspace& ws, const DynamicsWorkspace&, int, int k) {
        return ws.motionSubspace6[k];
    }
    static std::vector<Inertia>& composite(DynamicsWorkspace& dws) { return dws.compositeInertia6; }
    static std::vector<Wrench>& subtree(DynamicsWorkspace& dws) { return dws.subtreeWrench6; }
};

} // namespace sslm
