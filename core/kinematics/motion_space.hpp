// SPDX-License-Identifier: MIT
#pragma once
// The seam of the one kernel: an algorithm over the spanning tree is written once, as a
// template over a motion space, and instantiated for the plane and for space. A motion space
// names its point, twist and wrench types (in the ground frame W; twists and wrenches about its
// origin Wo, where composite inertias and subtree wrenches add without transformation) and
// gives, from a Model and its Workspace, the per-body and per-coordinate terms an algorithm
// needs. The planar space keeps fixed-size 2-D arithmetic (a 3-vector twist); the spatial one
// 6-vectors (spatial_algebra.hpp). The dynamics add inertias: space_dynamics.hpp.
//
// Which space a Model is in is decided once per public entry point (withMotionSpace), never
// inside an algorithm.

#include <Eigen/Core>

#include "core/kinematics/forward_kinematics.hpp"
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

/// Planar motion: twists [ω, v_Wo], wrenches [moment about Wo, force]. One coordinate per tree
/// joint.
struct PlanarSpace {
    using Point = Eigen::Vector2d; ///< a position, velocity or force in W
    using Twist = Eigen::Vector3d;
    using Wrench = Eigen::Vector3d;
    static constexpr MotionSpace kSpace = MotionSpace::Planar;
    static constexpr int kTwistSize = 3;

    static Point gravity(const Model& model) { return {model.gravity.x(), model.gravity.y()}; }
    /// A vector of body b's frame (its x and y) turned into W. Precondition: updatePositions.
    static Point inWorld(const Workspace& ws, int b, const Eigen::Vector3d& v_B) {
        const Eigen::Matrix3d& r = ws.rotation[b];
        return planar::rotate(r(0, 0), r(1, 0), Point(v_B.x(), v_B.y()));
    }
    /// The position, velocity and acceleration at q̈ = 0 (m, m/s, m/s²; W) of the point p_B (m,
    /// body frame; its x and y) of body b. Precondition: updatePositions, updateVelocities.
    /// (A Model's points are 3-D, a spec's 2-D: both are taken.)
    static Point pointPosition(const Workspace& ws, int b, const Point& p_B);
    static Point pointVelocity(const Workspace& ws, int b, const Point& p_B);
    static Point pointBiasAcceleration(const Workspace& ws, int b, const Point& p_B);
    static Point pointPosition(const Workspace& ws, int b, const Eigen::Vector3d& p_B) {
        return pointPosition(ws, b, Point(p_B.x(), p_B.y()));
    }
    static Point pointVelocity(const Workspace& ws, int b, const Eigen::Vector3d& p_B) {
        return pointVelocity(ws, b, Point(p_B.x(), p_B.y()));
    }
    static Point pointBiasAcceleration(const Workspace& ws, int b, const Eigen::Vector3d& p_B) {
        return pointBiasAcceleration(ws, b, Point(p_B.x(), p_B.y()));
    }
    /// Body b's centre of mass and its velocity in W. Precondition: updateVelocities.
    static Point comPosition(const Model& model, const Workspace& ws, int b) {
        return pointPosition(ws, b, model.bodies[b].com_B);
    }
    static Point comVelocity(const Model& model, const Workspace& ws, int b) {
        return pointVelocity(ws, b, model.bodies[b].com_B);
    }
    /// ½ ω I_c ω of body b (J).
    static double rotationalEnergy(const Model& model, const Workspace& ws, int b) {
        const double omega = ws.twist[b](2);
        return 0.5 * model.bodies[b].inertiaCom() * omega * omega;
    }
    /// Body b's COM offset from its origin, in W (m). Precondition: updatePositions.
    static Point comArm(const Model& model, const Workspace& ws, int b) {
        return inWorld(ws, b, model.bodies[b].com_B);
    }
    /// The wrench [moment about Wo (N·m), force (N)] of a force (N) acting at a point (m).
    static Wrench wrenchAt(const Point& point, const Point& force) {
        return {planar::cross(point, force), force.x(), force.y()};
    }

    /// A wrench of the six-slot layout ([n; f] in 3-D, as body_loads.hpp keeps them) in this
    /// space's form [n_z, f_x, f_y].
    static Wrench ofSixSlots(const spatial::Vec6& w) { return {w(2), w(3), w(4)}; }

    /// Body b's tree joint has the one coordinate b − 1 (a constant count: loops over it fold).
    static CoordinateRange coordinates(const Model&, int b) { return {b - 1, 1}; }
    /// S_k: the twist of its body per unit rate of coordinate k (±1 about the pivot for a
    /// revolute, the slide direction for a prismatic). Precondition: updatePositions.
    static Twist column(const Model&, const Workspace& ws, int k) {
        // entry by entry: a 3-vector read as a packet right after its entries were written
        // stalls on store forwarding (measured 4× slower J)
        const spatial::Vec6& s = ws.motionSubspace[k];
        return {s(2), s(3), s(4)};
    }
};

/// Spatial motion: twists [ω; v_o], wrenches [moment about Wo; force] (spatial_algebra.hpp). A
/// tree joint has 1 to 3 rate coordinates (a spherical joint 3).
struct SpatialSpace {
    using Point = Eigen::Vector3d;
    using Twist = spatial::Vec6;
    using Wrench = spatial::Vec6;
    static constexpr MotionSpace kSpace = MotionSpace::Spatial;
    static constexpr int kTwistSize = 6;

    static const Point& gravity(const Model& model) { return model.gravity; }
    static Point pointPosition(const Workspace& ws, int b, const Point& p_B) {
        return sslm::pointPosition(ws, b, p_B);
    }
    static Point pointVelocity(const Workspace& ws, int b, const Point& p_B) {
        return sslm::pointVelocity(ws, b, p_B);
    }
    /// Body b's centre of mass and its velocity in W. Precondition: updateVelocities.
    static Point comPosition(const Model& model, const Workspace& ws, int b) {
        return pointPosition(ws, b, model.bodies[b].com_B);
    }
    static Point comVelocity(const Model& model, const Workspace& ws, int b) {
        return pointVelocity(ws, b, model.bodies[b].com_B);
    }
    /// ½ ωᵀ I_c ω of body b (J), I_c turned into W.
    static double rotationalEnergy(const Model& model, const Workspace& ws, int b) {
        const Eigen::Vector3d omega = ws.twist[b].head<3>();
        const Eigen::Vector3d omegaB = ws.rotation[b].transpose() * omega;
        return 0.5 * omegaB.dot(model.bodies[b].inertia_B * omegaB);
    }
    /// Body b's COM offset from its origin, in W (m). Precondition: updatePositions.
    static Point comArm(const Model& model, const Workspace& ws, int b) {
        return ws.rotation[b] * model.bodies[b].com_B;
    }
    static Wrench wrenchAt(const Point& point, const Point& force) {
        return spatial::wrenchAt(point, force);
    }

    static const Wrench& ofSixSlots(const spatial::Vec6& w) { return w; }

    /// Body b's tree joint's coordinates (1 to 3).
    static CoordinateRange coordinates(const Model& model, int b) {
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        return {joint.coordinate, joint.coordinateCount};
    }
    /// S_k, held by the workspace (updatePositions).
    static const Twist& column(const Model&, const Workspace& ws, int k) {
        return ws.motionSubspace[k];
    }
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
