// SPDX-License-Identifier: MIT
#pragma once

// The benchmark peer in MuJoCo 2.2: an MJCF model written in memory from an sslm::Model and
// loaded through a virtual file system. The spanning tree becomes nested bodies with one hinge
// (about ±z) or slide joint each, placed so that qpos and qvel of a joint are our coordinate and
// rate (rad or m, rad/s or m/s); body frames are ours.
//
// Modelled: masses, COMs and planar inertias (diaginertia Ixx = Iyy = Izz = Body::inertiaCom;
// Ixx, Iyy never enter planar motion), gravity Model::gravity, contacts disabled. Not modelled:
// springs, dampers and actuators of the tree joints; the peer is free motion under gravity only.
//
// Cuts, as soft equality constraints made as stiff as MuJoCo allows (solimp d = 0.9999 at any
// violation, mjMAXIMP; solref 0.02 s, critical damping, which only shapes the drift correction):
// - revolute cut: <connect> of p_A on A and p_B on B. MuJoCo's connect is 3-D; its z row has a
//   zero Jacobian in a planar mechanism and carries no force. MuJoCo 2.2 derives body2's anchor
//   from the qpos0 pose, so the peer writes p_B into eq_data after loading.
// - prismatic cut: an auxiliary body ("guide") in A, with a slide joint along A's guide line
//   and orientation φ_A + offset, welded to B at p_B. Its mass is 1e-9 kg and its inverse
//   weights (which scale the weld's regularisation) are set to A's; its coordinate is not one
//   of ours, and setState() places it from our kinematics.
//
// So MuJoCo's q̈ is not the exact constrained q̈, in two ways:
// - MuJoCo's acceleration constraint is J q̈ = aref (aref = 0 on the constraint manifold); the
//   velocity-product term J̇q̇ is left out and its effect becomes drift that solref corrects.
//   In a moving state this changes q̈ at the 10–100 % level.
// - The regularisation R = (1 − d)/d · diagApprox ≈ 1e-4 · diag(J M⁻¹ Jᵀ) softens the
//   constraint forces by about 1e-4 / λ_min of the Jacobi-scaled J M⁻¹ Jᵀ: 1e-5 to 2e-2 of q̈
//   on the examples.
//
// A spatial model (Model::isSpatial()): its tree joints map one to one (revolute → hinge,
// prismatic → slide, cylindrical → hinge + slide, universal → two hinges in one body, which
// MuJoCo composes as our E = Rot(a₁, q₀)·Rot(a₂, q₁), spherical → ball, whose qpos and qvel
// are mapped to our quaternion and ω), full inertia tensors, gravity Model::gravity3. A cut's
// three point equations are a <connect>. MuJoCo has no equality for an angle between two
// bodies' axes, so each perpendicularity row of a cut (universal 1, revolute 2) is a spatial
// tendon between a site kLever = 1 m along the axis on A and one along the axis on B, held at
// length √2 m: with the points joined this is exactly the same constraint manifold (the row
// space of J is ours), so the model is the mechanism, with the two inexactnesses above.
// Cylindrical and prismatic cuts have no such form (a point in a plane is no tendon length):
// the constructor refuses them (std::invalid_argument).
//
// MuJoCo headers are kept out of this header.

#include <memory>
#include <string>

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace sslm::bench {

class MujocoPeer {
public:
    /// Writes and compiles the MJCF model; throws std::runtime_error with MuJoCo's message when
    /// it does not load.
    explicit MujocoPeer(const sslm::Model& model);
    ~MujocoPeer();
    MujocoPeer(MujocoPeer&&) noexcept;
    MujocoPeer& operator=(MujocoPeer&&) noexcept;
    MujocoPeer(const MujocoPeer&) = delete;
    MujocoPeer& operator=(const MujocoPeer&) = delete;

    /// Stores q (rad or m) and q̇ (rad/s or m/s), nq each, in our coordinate order, and places
    /// the guide bodies of prismatic cuts (slide and rate of the cut, by our kinematics).
    void setState(const Eigen::VectorXd& q, const Eigen::VectorXd& qd);

    /// The timed call: writes the stored q, q̇ (and guide coordinates) into qpos, qvel and runs
    /// mj_forward, which recomputes everything from them; only its constraint solver
    /// warm-starts from the previous qacc, as in a simulation.
    void computeAccelerations();

    /// q̈ (rad/s² or m/s², nq) of the last computeAccelerations(): qacc in our coordinate order.
    Eigen::VectorXd qdd() const;

    /// Largest equality-constraint error of the last computeAccelerations(): max |efc_pos| over
    /// the equality rows (m, rad). A check that the geometry matches ours.
    double constraintViolation() const;

    int nq() const;

    /// The MJCF text the model was loaded from (for inspection).
    const std::string& mjcf() const;

private:
    struct Impl;
    void initSpatial();
    std::unique_ptr<Impl> m_impl;
};

} // namespace sslm::bench
