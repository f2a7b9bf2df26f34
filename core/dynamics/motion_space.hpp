// SPDX-License-Identifier: MIT
#pragma once
// The seam of the one kernel: an algorithm over the spanning tree is written once, as a
// template over a motion space, and instantiated for the plane and for space. A motion space
// names its twist, wrench and rigid-body-inertia types (all in the ground frame W, about its
// origin Wo, where composite inertias and subtree wrenches add without transformation) and
// gives, from a Model and its Workspace, the per-body and per-coordinate terms an algorithm
// needs. The planar space keeps fixed-size 2-D arithmetic (a 3-vector twist, a 4-number
// inertia); the spatial one 6-vectors and 6 × 6 matrices (spatial_algebra.hpp).
//
// Which space a Model is in is decided once per public entry point (withMotionSpace), never
// inside an algorithm.

#include <Eigen/Core>

#include "core/dynamics/body_terms.hpp"
#include "core/dynamics/dynamics_workspace.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/spatial_kinematics.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "core/spatial/planar.hpp"
#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

/// The rate coordinates of a body's tree joint: [first, first + count) in q̇.
struct CoordinateRange {
    int first = 0;
    int count = 1;
};

/// Planar motion: twists [ω, v_Wo], wrenches [moment about Wo, force], a body's inertia about Wo
/// as (m, h_x, h_y, I_o) (body_terms.hpp). One coordinate per tree joint.
struct PlanarSpace {
    using Point = Eigen::Vector2d; ///< a position, velocity or force in W
    using Twist = Eigen::Vector3d;
    using Wrench = Eigen::Vector3d;
    using Inertia = Eigen::Vector4d;

    static const Point& gravity(const Model& model) { return model.gravity; }
    /// Body b's centre of mass and its velocity in W. Precondition: updateVelocities.
    static Point comPosition(const Model& model, const Workspace& ws, int b) {
        return pointPosition(ws, b, model.bodies[b].com_B);
    }
    static Point comVelocity(const Model& model, const Workspace& ws, int b) {
        return pointVelocity(ws, b, model.bodies[b].com_B);
    }
    /// ½ ω I_c ω of body b (J).
    static double rotationalEnergy(const Model& model, const Workspace& ws, int b) {
        return 0.5 * model.bodies[b].inertiaCom * ws.omega[b] * ws.omega[b];
    }

    /// Body b's COM offset from its origin, in W (m). Precondition: updatePositions.
    static Point comArm(const Model& model, const Workspace& ws, int b) {
        return planar::rotate(ws.cosAngle[b], ws.sinAngle[b], model.bodies[b].com_B);
    }
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
    /// Body b's tree joint has the one coordinate b − 1 (a constant count: loops over it fold).
    static CoordinateRange coordinates(const Model&, int b) { return {b - 1, 1}; }
    /// Caches body b's joint column (a revolute's pivot, a prismatic's slide) for subspace().
    static void
    cacheSubspace(const Model& model, const Workspace& ws, DynamicsWorkspace& dws, int b) {
        dws.motionSubspace[b] = body_terms::motionSubspace(model, ws, b);
    }
    /// Column k of the motion subspace, of the joint of body b (cached by cacheSubspace).
    static const Twist& subspace(const Workspace&, const DynamicsWorkspace& dws, int b, int) {
        return dws.motionSubspace[b];
    }
    static std::vector<Inertia>& composite(DynamicsWorkspace& dws) { return dws.compositeInertia; }
    static std::vector<Wrench>& subtree(DynamicsWorkspace& dws) { return dws.subtreeWrench; }
};

/// Spatial motion: twists [ω; v_o], wrenches [moment about Wo; force], 6 × 6 inertias about Wo
/// (spatial_algebra.hpp). A tree joint has 1 to 3 rate coordinates (a spherical joint 3).
struct SpatialSpace {
    using Point = Eigen::Vector3d;
    using Twist = spatial::Vec6;
    using Wrench = spatial::Vec6;
    using Inertia = spatial::Mat6;

    static const Point& gravity(const Model& model) { return model.gravity3; }
    /// Body b's centre of mass and its velocity in W. Precondition: updateSpatialVelocities.
    static Point comPosition(const Model& model, const Workspace& ws, int b) {
        return spatialPointPosition(ws, b, model.bodies[b].com3_B);
    }
    static Point comVelocity(const Model& model, const Workspace& ws, int b) {
        return spatialPointVelocity(ws, b, model.bodies[b].com3_B);
    }
    /// ½ ωᵀ I_c ω of body b (J), I_c turned into W.
    static double rotationalEnergy(const Model& model, const Workspace& ws, int b) {
        const Eigen::Vector3d omega = ws.twist[b].head<3>();
        const Eigen::Vector3d omegaB = ws.rotation[b].transpose() * omega;
        return 0.5 * omegaB.dot(model.bodies[b].inertia3_B * omegaB);
    }

    /// Body b's COM offset from its origin, in W (m). Precondition: updateSpatialPositions.
    static Point comArm(const Model& model, const Workspace& ws, int b) {
        return ws.rotation[b] * model.bodies[b].com3_B;
    }
    /// Body b's inertia about Wo in W, `arm` its comArm().
    static Inertia bodyInertia(const Model& model, const Workspace& ws, int b, const Point& arm) {
        const Body& body = model.bodies[b];
        const Eigen::Matrix3d& r = ws.rotation[b];
        return spatial::inertiaAboutOrigin(body.mass, ws.position3[b] + arm,
                                           r * body.inertia3_B * r.transpose());
    }
    static constexpr bool kBiasUsesInertia = true;
    /// The wrench body b (of inertia `body` about Wo) needs at v̇ = 0, gravity as the base's
    /// acceleration −g. Precondition: updateSpatialVelocities.
    static Wrench
    biasWrench(const Model& model, const Workspace& ws, int b, const Point&, const Inertia& body) {
        const Twist& v = ws.twist[b];
        Twist acceleration = ws.biasAcceleration6[b];
        acceleration.tail<3>() -= model.gravity3;
        return body * acceleration + spatial::crossForce(v, body * v);
    }
    static Wrench times(const Inertia& ic, const Twist& s) { return ic * s; }
    /// Body b's tree joint's coordinates (1 to 3).
    static CoordinateRange coordinates(const Model& model, int b) {
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        return {joint.coordinate, joint.coordinateCount};
    }
    /// The workspace holds every coordinate's column already (updateSpatialPositions).
    static void cacheSubspace(const Model&, const Workspace&, DynamicsWorkspace&, int) {}
    static const Twist& subspace(const Workspace& ws, const DynamicsWorkspace&, int, int k) {
        return ws.motionSubspace6[k];
    }
    static std::vector<Inertia>& composite(DynamicsWorkspace& dws) { return dws.compositeInertia6; }
    static std::vector<Wrench>& subtree(DynamicsWorkspace& dws) { return dws.subtreeWrench6; }
};

/// Calls f(PlanarSpace{}) or f(SpatialSpace{}) for the model's motion space: the one place an
/// entry point branches on it.
template <class F> decltype(auto) withMotionSpace(const Model& model, F&& f) {
    if (model.isSpatial()) {
        return f(SpatialSpace{});
    }
    return f(PlanarSpace{});
}

} // namespace sslm
