// SPDX-License-Identifier: MIT
#pragma once

// Inverse dynamics of a closed-loop mechanism whose driven coordinates follow a prescribed
// motion (seed 002, Chaudhary & Saha 2007, Sect. 5). Given a state (q, q̇, q̈) that satisfies
// the loop constraints, find the driving forces τ at the driven coordinates, the cut
// multipliers λ, and the reaction at every joint. On the spanning tree
//     M q̈ − φ − τ_applied = Jᵀλ + B τ                 (seed 000 eq. 8; seed 002 eq. 14)
// with B the unit columns of the driven coordinates; square when 2·(loops) + (driven) = nq.
// Three interchangeable methods, which agree to round-off:
// - Traditional: the 3 Newton–Euler equations of every moving body at once (3n × 3n: 21 × 21
//   for the carpet scraper); unknowns the reaction at every joint and the driving forces.
// - System: the nq tree equations above as one square system (7 × 7 for the scraper), then
//   the body-level recursion for the uncut joints.
// - Subsystem (the paper's two-level recursion): subsystem j's rows I_j q̈_j − φ_j − τ_app,j =
//   Σ_i J_ijᵀ λ_i + B_j τ_j are solved alone once its unknowns number its DOF (a determinate
//   subsystem); the λ found are moved to the right-hand sides of the neighbours, which may
//   become determinate in turn. When every remaining subsystem is indeterminate their rows are
//   solved together (the system approach on what is left). Then the body-level recursion,
//   seed 002 eq. (11): leaves to root, the wrench a tree joint transmits to its child body is
//   that body's inertia wrench minus the known forces on it plus what it passes on.
// The plan (order, blocks) depends only on the Model and the driven set: it is built once in
// InverseDynamicsWorkspace, and evaluations do not allocate.
//
// Sign conventions (those of loop_constraints.hpp / cut_reactions.hpp, for every joint, cut or
// not): a joint's reaction is what its side B (the file's "child") exerts on its side A (the
// file's "parent"), force in the ground frame W; side B receives the opposite. For a cut,
// λ_i is that reaction (prismatic cut: normal force along n_A = ẑ × axis, then moment).
// Applied forces besides gravity: the joint springs and dampers, and the model's actuators
// whose coordinate is not driven (their signals at t). Actuators on driven coordinates are
// replaced by the unknown τ.

#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/LU>

#include "core/dynamics/cut_reactions.hpp"
#include "core/dynamics/dynamics_workspace.hpp"
#include "core/inverse/subsystem_plan.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

enum class InverseMethod { Traditional, System, Subsystem };

/// "traditional", "system", "subsystem".
const char* inverseMethodName(InverseMethod method);
/// The method of a name as inverseMethodName() spells it; empty when unknown.
std::optional<InverseMethod> inverseMethodFromName(const std::string& name);

/// The reaction at one joint, what side B exerts on side A. The whole wrench B exerts on A is
/// the constraint part (force at `point`, plus `moment`) and the joint's own driving and applied
/// forces along its coordinate, −(drive + applied): for a revolute a moment, for a prismatic a
/// force along the axis at `point` (B receives +(drive + applied)).
struct JointReaction {
    /// Constraint force (N, W) that side B exerts on side A; for a prismatic joint it is normal
    /// to the guide (no component along the axis).
    Eigen::Vector2d force = Eigen::Vector2d::Zero();
    /// Constraint moment (N·m) that B exerts on A about `point`: prismatic joints only, 0 for a
    /// revolute.
    double moment = 0;
    /// Where the force acts (m, W): the pin of a revolute (side A's point), side B's joint point
    /// on the guide for a prismatic, about which `moment` is taken (as cutReactions).
    Eigen::Vector2d point = Eigen::Vector2d::Zero();
    /// Driving force found for this joint's coordinate (N·m or N), acting to increase the
    /// coordinate (B relative to A); 0 when the joint is not driven.
    double drive = 0;
    /// Known joint force along the coordinate (N·m or N): springs, dampers and actuators that
    /// are not driven, in the same sense as `drive`.
    double applied = 0;
};

/// Buffers, plan and results of inverse dynamics for one Model and one driven set. Build once;
/// inverseDynamics() then does not allocate. One per thread.
struct InverseDynamicsWorkspace {
    /// Throws std::invalid_argument with drivenCoordinatesError()'s message when the set cannot
    /// drive the model.
    InverseDynamicsWorkspace(const Model& model, std::vector<int> drivenCoordinates);

    std::vector<int> driven; ///< driven coordinates (indices in q), in the caller's order

    // results of the last inverseDynamics()
    Eigen::VectorXd tau;    ///< driving force per driven coordinate (N·m or N)
    Eigen::VectorXd lambda; ///< cut multipliers, 2 per loop (N; or N and N·m for prismatic)
    std::vector<JointReaction> reactions; ///< per joint, Model::joints (file) order
    Eigen::VectorXd jointForces;          ///< applied force per joint (N·m or N), file order
    Eigen::VectorXd appliedTau;           ///< their generalized forces τ_applied (nq; N·m or N)
    /// The smallest relative pivot of the last solve's factorisations, in (0, 1]: it falls
    /// towards 0 near a singular pose (toggle, change point) or a driven set that cannot move
    /// the mechanism independently.
    double conditioning = 1.0;
    /// Why the last evaluation failed (names the method, block, loop or coordinate); empty on
    /// success.
    std::string failure;

    /// The subsystem recursion's blocks in solution order (the Subsystem method's plan).
    std::vector<SubsystemBlock> plan;

    // kinematics and tree dynamics at the evaluated state
    Workspace ws;
    DynamicsWorkspace dws;

    // scratch: residual r = M q̈ − φ − τ_applied of the tree equations, unknowns x = [λ; τ]
    Eigen::VectorXd treeResidual;   ///< nq
    Eigen::VectorXd unknowns;       ///< 2·loops + driven
    Eigen::VectorXd gradient;       ///< nq
    Eigen::VectorXd actuatorForces; ///< appliedForces() outputs (per actuator, nq, nq)
    Eigen::VectorXd actuatorTau;
    Eigen::VectorXd passiveTau;
    std::vector<int> drivenIndex; ///< per coordinate: position in `driven`, or −1

    // system approach
    Eigen::MatrixXd systemMatrix; ///< [Jᵀ B], nq × nq
    Eigen::PartialPivLU<Eigen::MatrixXd> systemLu;

    // subsystem approach: one matrix, right-hand side, solution and factorisation per block
    std::vector<Eigen::MatrixXd> blockMatrix;
    std::vector<Eigen::VectorXd> blockRhs;
    std::vector<Eigen::VectorXd> blockSolution;
    std::vector<Eigen::PartialPivLU<Eigen::MatrixXd>> blockLu;

    // traditional: 3 Newton–Euler rows per moving body; unknowns 2 per joint, then τ
    Eigen::MatrixXd bodyMatrix;
    Eigen::VectorXd bodyRhs;
    Eigen::VectorXd bodySolution;
    Eigen::PartialPivLU<Eigen::MatrixXd> bodyLu;

    // body-level recursion: per body, planar wrenches [moment about Wo (N·m), force (N)] in W
    std::vector<Eigen::Vector3d> bodyAcceleration; ///< Σ S_k q̈_k over the tree path
    std::vector<Eigen::Vector3d> inertiaWrench;    ///< the wrench the body's motion needs
    std::vector<Eigen::Vector3d> transmitted;      ///< through the tree joint, parent on body
    std::vector<CutReaction> cuts;                 ///< cutReactions() buffer

    int nq = 0;
    int nLoops = 0;
    int nJoints = 0;
};

/// Empty when `driven` (coordinate indices) can drive `model` by inverse dynamics: valid,
/// distinct, and 2·(loops) + (driven) = nq, the mobility of a mechanism with independent loops.
/// Else what is wrong and the fix.
std::string drivenCoordinatesError(const Model& model, const std::vector<int>& driven);

/// The coordinates of the model's actuated joints, in actuator order. An actuator on a joint
/// that this cut choice cuts has no coordinate: then `error` (if given) names it and the fix,
/// and that actuator is left out.
std::vector<int> actuatedCoordinates(const Model& model, std::string* error = nullptr);

/// The plan as text, e.g. "subsystem 3 {λ J9, λ J10} 4×4 → subsystem 2 {λ J8} 2×2 →
/// subsystem 1 {τ theta1} 1×1".
std::string describePlan(const Model& model, const InverseDynamicsWorkspace& iws);
/// The same for a plan and driven set of either kind of model (spatial loops named likewise).
std::string describePlan(const Model& model,
                         const std::vector<SubsystemBlock>& plan,
                         const std::vector<int>& driven);

enum class JointReactions { Compute, Skip };

/// Inverse dynamics at time t (s) and state q (nq; rad or m), qd (rad/s or m/s), qdd (rad/s²
/// or m/s²), which must satisfy the loop constraints at position, velocity and acceleration
/// level (position_analysis.hpp: assemble, solveVelocities, solveAccelerations). Results in
/// iws.tau, iws.lambda and, unless skipped, iws.reactions. Returns false when a matrix to
/// factor is singular or a result is not finite, with iws.failure saying which and where;
/// results are then unspecified. Does not allocate (except the failure message).
/// Throws std::invalid_argument when a vector has the wrong size or iws belongs to another
/// model.
bool inverseDynamics(const Model& model,
                     InverseDynamicsWorkspace& iws,
                     InverseMethod method,
                     double t,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd,
                     JointReactions reactions = JointReactions::Compute);

} // namespace sslm
