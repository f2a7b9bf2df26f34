// SPDX-License-Identifier: MIT
#pragma once

// Inverse dynamics of a spatial closed-loop mechanism (seed 002 §6.2, the RSSR): given a state
// (q, v, v̇) that satisfies the loop constraints, the driving forces τ of the driven
// coordinates, the cut multipliers λ and the reaction at every joint, by the three methods of
// inverse_dynamics.hpp, which agree to round-off:
// - Traditional: the 6 Newton–Euler equations of every moving body at once; unknowns the
//   constraint wrench components of every joint (6 − dof each, in the basis of
//   jointConstraintWrench) and τ.
// - System: the tree equations M v̇ − φ = Jᵀλ + Bτ (nq × nq), then the body-level recursion.
// - Subsystem: seed 002's two-level recursion (subsystem_plan.hpp, rows per loop by cut type):
//   for the RSSR cut at its spherical joint J2 the rocker–coupler subsystem is determinate,
//   3 × 3 (the paper's size), then the crank, 1 × 1.
// Applied forces besides gravity, as in the planar method: the spring-dampers, and the actuators
// whose coordinate is not driven (their signals at t); both act on spanning-tree revolute or
// prismatic joints only (compile() refuses them on a spatial cut joint). Sign conventions as for
// the planar method: a reaction is what the joint's side B exerts on its side A, in W.

#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/LU>

#include "core/dynamics/dynamics_workspace.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/inverse/subsystem_plan.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// The reaction at one joint of a spatial mechanism: what side B exerts on side A through the
/// joint's constraints (its driving forces, along its coordinates, are in `drive`).
struct SpatialJointReaction {
    Eigen::Vector3d force = Eigen::Vector3d::Zero();  ///< N, W
    Eigen::Vector3d moment = Eigen::Vector3d::Zero(); ///< N·m, W, about `point`
    Eigen::Vector3d point = Eigen::Vector3d::Zero();  ///< side A's joint point (m, W)
    /// Driving force per coordinate of the joint (N·m or N; unused entries 0), acting to
    /// increase it (on B relative to A).
    Eigen::Vector3d drive = Eigen::Vector3d::Zero();
    /// Known joint force per coordinate (N·m or N): springs, dampers and actuators that are not
    /// driven, in the same sense as `drive`.
    Eigen::Vector3d applied = Eigen::Vector3d::Zero();
};

/// Buffers, plan and results for one spatial Model and one driven set. Build once; evaluations
/// allocate only for a failure message.
struct SpatialInverseWorkspace {
    /// Throws std::invalid_argument when the model is planar or the driven set cannot drive it
    /// (drivenCoordinatesError's message).
    SpatialInverseWorkspace(const Model& model, std::vector<int> drivenCoordinates);

    std::vector<int> driven;                     ///< driven coordinates (indices in v)
    Eigen::VectorXd tau;                         ///< per driven coordinate (N·m or N)
    Eigen::VectorXd lambda;                      ///< cut multipliers, rows per loop
    std::vector<SpatialJointReaction> reactions; ///< per joint, file order
    double conditioning = 1.0; ///< smallest relative pivot of the last solve, in (0, 1]
    std::string failure;       ///< why the last evaluation failed; empty on success
    std::vector<SubsystemBlock> plan;

    Workspace ws;
    DynamicsWorkspace dws;
    Eigen::VectorXd treeResidual;   ///< M v̇ − φ − τ_applied (nq)
    Eigen::VectorXd jointForces;    ///< applied force per joint (N·m or N), file order
    Eigen::VectorXd appliedTau;     ///< their generalized forces τ_applied (nq)
    Eigen::VectorXd actuatorForces; ///< appliedForces() outputs (per actuator, nq, nq, nq)
    Eigen::VectorXd actuatorTau;
    Eigen::VectorXd passiveTau;
    Eigen::VectorXd gradient;
    std::vector<int> drivenIndex; ///< per coordinate: position in `driven`, or −1
    Eigen::VectorXd unknowns;     ///< [λ; τ]
    Eigen::MatrixXd systemMatrix; ///< [Jᵀ B]
    Eigen::PartialPivLU<Eigen::MatrixXd> systemLu;
    std::vector<Eigen::MatrixXd> blockMatrix;
    std::vector<Eigen::VectorXd> blockRhs;
    std::vector<Eigen::VectorXd> blockSolution;
    std::vector<Eigen::PartialPivLU<Eigen::MatrixXd>> blockLu;
    Eigen::MatrixXd bodyMatrix; ///< traditional: 6 rows per body
    Eigen::VectorXd bodyRhs;
    Eigen::VectorXd bodySolution;
    Eigen::PartialPivLU<Eigen::MatrixXd> bodyLu;
    std::vector<int> rowBegin; ///< traditional: first unknown of each joint's constraint rows
    using Vec6 = Eigen::Matrix<double, 6, 1>;
    std::vector<Vec6> bodyAcceleration; ///< per body (W, about Wo), gravity as −g
    std::vector<Vec6> inertiaWrench;    ///< per body: the sum of all forces but gravity on it
    std::vector<Vec6> transmitted;      ///< per body: what its tree joint's parent exerts on it
    std::vector<Vec6> constraintOnA;    ///< per joint: its constraint wrench on side A
};

/// Inverse dynamics at time t (s; for the actuators' signals) and (q, v, v̇) of a spatial model
/// (positions positionSize(), rates and accelerations nq), satisfying the loop constraints. Results
/// in siws.tau, lambda and reactions. False, with siws.failure naming the method and the matrix,
/// when a matrix is singular or a result is not finite.
bool spatialInverseDynamics(const Model& model,
                            SpatialInverseWorkspace& siws,
                            InverseMethod method,
                            double t,
                            const Eigen::Ref<const Eigen::VectorXd>& q,
                            const Eigen::Ref<const Eigen::VectorXd>& v,
                            const Eigen::Ref<const Eigen::VectorXd>& vdot);

} // namespace sslm
