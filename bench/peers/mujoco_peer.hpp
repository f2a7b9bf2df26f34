// SPDX-License-Identifier: MIT
#pragma once

// The benchmark peer in MuJoCo 2.2: the model is `sslm export --to mjcf`'s
// (core/interop/mjcf_export.hpp), so the peer runs exactly the MJCF file a user gets, loaded
// from memory through a virtual file system. The export writes the spanning tree at the
// assembled initial state with each hinge's and slide's `ref` at its assembled value, so qpos
// and qvel of a hinge or slide are our coordinate and rate (rad or m, rad/s or m/s); a ball's
// qpos is its turn from the exported pose (setState maps our quaternion to it).
//
// Modelled: masses, COMs and inertias (planar: Ixx = Iyy = Izz = Body::inertiaCom; Ixx, Iyy
// never enter planar motion), gravity, contacts disabled. Not modelled: springs, dampers and
// actuators, which the peer strips from the spec before exporting; the peer is free motion
// under gravity only. After loading, the solver is set to Newton, 100 iterations, tolerance
// 1e-12 (the file keeps MuJoCo's defaults).
//
// Cuts, as the export writes them, stiff equality constraints (solimp d = 0.9999 at any
// violation, mjMAXIMP; solref two time steps, critical damping, which only shapes the drift
// correction):
// - revolute cut: two <connect>s at two points of its axis (planar: their rows are redundant,
//   and the z rows have a zero Jacobian; spatial: 6 rows of rank 5), anchors on B from the
//   assembled pose at qpos0;
// - spherical cut: one <connect>;
// - universal cut: a <connect> and a spatial tendon between a site L along the first axis on A
//   and L along the second on B, held at √2·L (exactly when the axes are perpendicular);
// - planar prismatic cut: the export's guide body in A (1e-6 of the lightest body's mass),
//   sliding along A's guide line, welded to B; its inverse weights (which scale the weld's
//   regularisation) are set to A's after loading; its coordinate is not one of ours, and
//   setState() places it from our kinematics (the travel from the exported pose).
// Spatial prismatic and cylindrical cuts are refused (std::invalid_argument): the guide's
// travel would need our spatial cut kinematics. So MuJoCo's q̈ is not the exact constrained
// q̈, in two ways:
// - MuJoCo's acceleration constraint is J q̈ = aref (aref = 0 on the constraint manifold); the
//   velocity-product term J̇q̇ is left out and its effect becomes drift that solref corrects.
//   In a moving state this changes q̈ at the 10–100 % level.
// - The regularisation R = (1 − d)/d · diagApprox ≈ 1e-4 · diag(J M⁻¹ Jᵀ) softens the
//   constraint forces by about 1e-4 / λ_min of the Jacobi-scaled J M⁻¹ Jᵀ.
// The row space of J is ours in every case, so the J̇q̇-free q̈ is the same as with SSLM's rows.
//
// MuJoCo headers are kept out of this header.

#include <memory>
#include <string>

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace sslm::bench {

class MujocoPeer {
public:
    /// Exports (sslm export) and compiles the MJCF model; throws std::runtime_error with the
    /// exporter's or MuJoCo's message when it does not load, std::invalid_argument for a
    /// spatial prismatic or cylindrical cut.
    explicit MujocoPeer(const sslm::Model& model);
    ~MujocoPeer();
    MujocoPeer(MujocoPeer&&) noexcept;
    MujocoPeer& operator=(MujocoPeer&&) noexcept;
    MujocoPeer(const MujocoPeer&) = delete;
    MujocoPeer& operator=(const MujocoPeer&) = delete;

    /// Stores q (rad or m) and q̇ (rad/s or m/s), nv each, in our coordinate order, and places
    /// the guide bodies of prismatic cuts (slide and rate of the cut, by our kinematics).
    void setState(const Eigen::VectorXd& q, const Eigen::VectorXd& qd);

    /// The timed call: writes the stored q, q̇ (and guide coordinates) into qpos, qvel and runs
    /// mj_forward, which recomputes everything from them; only its constraint solver
    /// warm-starts from the previous qacc, as in a simulation.
    void computeAccelerations();

    /// q̈ (rad/s² or m/s², nv) of the last computeAccelerations(): qacc in our coordinate order.
    Eigen::VectorXd qdd() const;

    /// Largest equality-constraint error of the last computeAccelerations(): max |efc_pos| over
    /// the equality rows (m, rad). A check that the geometry matches ours.
    double constraintViolation() const;

    int nv() const;

    /// The MJCF text the model was loaded from (for inspection).
    const std::string& mjcf() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace sslm::bench
