// SPDX-License-Identifier: MIT
#pragma once
// What the dynamics add to a motion space (motion_space.hpp): its rigid-body inertia about Wo,
// the bias wrench a body needs at zero acceleration, and where a DynamicsWorkspace keeps the
// per-body sums of the tree algorithm. The planar inertia is 4 numbers (m, h_x, h_y, I_o:
// body_terms.hpp), the spatial one 10 (spatial_algebra.hpp: Inertia).

#include <vector>

#include "core/dynamics/body_terms.hpp"
#include "core/dynamics/dynamics_workspace.hpp"
#include "core/kinematics/motion_space.hpp"

namespace sslm {

template <class Space> struct SpaceDynamics;

/// What the two spaces' dynamics share: the space's types, its inertia type, and the sums of
/// the tree algorithm in a DynamicsWorkspace.
template <class Space, class SpaceInertia> struct SpaceDynamicsBase {
    using Point = typename Space::Point;
    using Twist = typename Space::Twist;
    using Wrench = typename Space::Wrench;
    using Inertia = SpaceInertia;
    static SubtreeSums<Inertia, Wrench>& sums(DynamicsWorkspace& dws) {
        return std::get<SubtreeSums<Inertia, Wrench>>(dws.sums);
    }
    static std::vector<Inertia>& composite(DynamicsWorkspace& dws) {
        return sums(dws).compositeInertia;
    }
    static std::vector<Wrench>& subtree(DynamicsWorkspace& dws) { return sums(dws).subtreeWrench; }
};

template <> struct SpaceDynamics<PlanarSpace> : SpaceDynamicsBase<PlanarSpace, Eigen::Vector4d> {
    /// Body b's inertia about Wo in W, `arm` its comArm().
    static Inertia bodyInertia(const Model& model, const Workspace& ws, int b, const Point& arm) {
        const Eigen::Vector3d& origin = ws.position[b];
        return body_terms::inertiaAboutOrigin(model.bodies[b], Point(origin.x(), origin.y()) + arm);
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
};

template <> struct SpaceDynamics<SpatialSpace> : SpaceDynamicsBase<SpatialSpace, spatial::Inertia> {
    [[gnu::always_inline]] static Inertia
    bodyInertia(const Model& model, const Workspace& ws, int b, const Point& arm) {
        const Body& body = model.bodies[b];
        const Eigen::Matrix3d& r = ws.rotation[b];
        const Eigen::Matrix3d turned = r * body.inertia_B; // (a new matrix: no aliasing copy)
        Eigen::Matrix3d inertia;
        inertia.noalias() = turned * r.transpose();
        return spatial::inertiaAboutOrigin(body.mass, ws.position[b] + arm, inertia);
    }
    static constexpr bool kBiasUsesInertia = true;
    /// The wrench body b (of inertia `body` about Wo) needs at v̇ = 0, gravity as the base's
    /// acceleration −g. Precondition: updateVelocities.
    [[gnu::always_inline]] static Wrench
    biasWrench(const Model& model, const Workspace& ws, int b, const Point&, const Inertia& body) {
        // I·a + v ×f I·v by halves (a = the bias acceleration, gravity in its linear half):
        // whole 6-vectors put the products on the stack as a single and a pair, which the
        // sum read back across the stores (a store-forwarding stall: core/README.md)
        using spatial::Vec3;
        const Twist& v = ws.twist[b];
        const Twist& a = ws.biasAcceleration[b];
        const Vec3& h = body.firstMoment;
        const Vec3 omega = v.head<3>();
        const Vec3 velocity = v.tail<3>();
        const Vec3 alpha = a.head<3>();
        const Vec3 linear = a.tail<3>() - model.gravity;
        const Vec3 angularMomentum = body.aboutOrigin * omega + h.cross(velocity);
        const Vec3 momentum = body.mass * velocity - h.cross(omega);
        return spatial::stack(body.aboutOrigin * alpha + h.cross(linear) +
                                  omega.cross(angularMomentum) + velocity.cross(momentum),
                              body.mass * linear - h.cross(alpha) + omega.cross(momentum));
    }
    static Wrench times(const Inertia& ic, const Twist& s) { return ic * s; }
};

} // namespace sslm
