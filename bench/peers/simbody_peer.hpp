// SPDX-License-Identifier: MIT
#pragma once

// The benchmark peer in Simbody 3.7: the same spanning tree as an sslm::Model, one Pin (about Z)
// or Slider mobilizer per tree joint, and the cut joints as Simbody constraints, so that the
// Simbody generalized coordinates and speeds are ours one to one (rad or m, rad/s or m/s).
//
// Modelled: masses, COMs and planar inertias (Izz = Body::inertiaCom; Ixx = Iyy = Izz, which
// never enter planar motion and keep the inertia physical) and uniform gravity Model::gravity.
// Not modelled: springs, dampers and actuators of the tree joints; the peer is free motion under
// gravity only, so compare it with a model that has none.
//
// Cuts: a revolute cut is Constraint::PointOnLine (the line along Z through the A-side pin, the
// follower the B-side pin; 2 equations, where a Ball would add a redundant z row); a prismatic
// cut is Constraint::PointInPlane (B's point in the plane through A's guide line with normal
// n_A = ẑ × axis) plus Constraint::ConstantAngle (A's axis at angle offset + π/2 perpendicular
// to B's x axis: φ_B = φ_A + offset), again 2 equations.
//
// A spatial model (Model::isSpatial()) maps one to one as well, joint by joint: revolute →
// Pin, prismatic → Slider, cylindrical → Cylinder, universal → Universal (its F frame spans
// the two axes; a tree run B → A swaps Simbody's two coordinates), spherical → Ball (Simbody's
// q is the quaternion of R_FM, its u = ω_FM in F; forward that is our quaternion and ω, a tree
// run B → A uses the conjugate and u = −Eᵀω). Full inertia tensors, gravity Model::gravity.
// Cut joints become constraints with the same equations as loop_constraints.hpp:
// spherical → Constraint::Ball; universal → Ball + ConstantAngle(a₁, a₂, π/2); revolute →
// Ball + two ConstantAngle(n₁ or n₂, u_B, π/2); cylindrical → two PointInPlane + those two
// ConstantAngle; prismatic → the same + ConstantAngle(n₁, n₂_B, π/2). So Simbody expresses
// every spatial mechanism exactly, and its q̈ equals ours to rounding.
//
// Simbody headers are kept out of this header: Simbody 3.7's headers neither compile as C++20
// nor work under -DNDEBUG, so only simbody_system.cpp includes them (built as C++17, -UNDEBUG).

#include <memory>
#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace sslm::bench {

namespace detail {
class SimbodySystem;
}

class SimbodyPeer {
public:
    /// Builds the Simbody system; throws std::invalid_argument for a joint type it cannot map.
    explicit SimbodyPeer(const sslm::Model& model);
    ~SimbodyPeer();
    SimbodyPeer(SimbodyPeer&&) noexcept;
    SimbodyPeer& operator=(SimbodyPeer&&) noexcept;
    SimbodyPeer(const SimbodyPeer&) = delete;
    SimbodyPeer& operator=(const SimbodyPeer&) = delete;

    /// Stores q (rad or m; nq() entries, quaternions included) and q̇ (rad/s or m/s,
    /// nv) in our coordinate order. The state should satisfy the loop constraints; Simbody
    /// does not project it.
    void setState(const Eigen::VectorXd& q, const Eigen::VectorXd& qd);

    /// The timed call: writes the stored q and q̇ into the Simbody State (which invalidates
    /// Stage::Position and everything after it, so every call recomputes kinematics, mass
    /// matrix, constraint Jacobians and multipliers) and realizes Stage::Acceleration.
    void computeAccelerations();

    /// q̈ (rad/s² or m/s², nv) of the last computeAccelerations(), in our coordinate order.
    Eigen::VectorXd qdd() const;

    /// Largest loop-closure error of the last computeAccelerations(): max |Simbody qErr|
    /// (m; about rad for the angle of a prismatic cut). A check that the geometry
    /// matches ours; not part of the timed work.
    double constraintViolation() const;

    int nv() const;

private:
    struct SpatialJoint;

    std::unique_ptr<detail::SimbodySystem> m_system;
    Eigen::VectorXd m_q;  ///< rad or m
    Eigen::VectorXd m_qd; ///< rad/s or m/s
    // spatial models: the tree joints in body order, and Simbody's Q and U by body
    std::vector<SpatialJoint> m_spatial;
    Eigen::VectorXd m_simQ;
    Eigen::VectorXd m_simU;
};

} // namespace sslm::bench
