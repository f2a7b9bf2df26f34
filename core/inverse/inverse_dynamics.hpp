// SPDX-License-Identifier: MIT
#pragma once

// Inverse dynamics of a closed-loop mechanism whose driven coordinates follow a prescribed
// motion (seed 002, Chaudhary & Saha 2007, Sects. 5 and 6.2), one algorithm for planar and
// spatial models (kinematics/motion_space.hpp). Given a state (q, q̇, q̈) that satisfies the
// loop constraints, find the driving forces τ at the driven coordinates, the cut multipliers λ,
// and the reaction at every joint. On the spanning tree
//     M q̈ − φ − τ_applied = Jᵀλ + B τ                 (seed 000 eq. 8; seed 002 eq. 14)
// with B the unit columns of the driven coordinates; square when (constraint rows) + (driven)
// = nv. Three interchangeable methods, which agree to round-off:
// - Traditional: the Newton–Euler equations of every moving body at once (3 per body in the
//   plane, 6 in space: 21 × 21 for the carpet scraper); unknowns the constraint wrench
//   components of every joint (its constraint rows, loop_constraints.hpp) and the driving forces.
// - System: the nv tree equations above as one square system (7 × 7 for the scraper), then
//   the body-level recursion for the uncut joints.
// - Subsystem (the paper's two-level recursion): subsystem j's rows I_j q̈_j − φ_j − τ_app,j =
//   Σ_i J_ijᵀ λ_i + B_j τ_j are solved alone once its unknowns number its DOF (a determinate
//   subsystem); the λ found are moved to the right-hand sides of the neighbours, which may
//   become determinate in turn. When every remaining subsystem is indeterminate their rows are
//   solved together (the system approach on what is left). For the RSSR cut at its spherical
//   joint the rocker–coupler subsystem is determinate, 3 × 3 (the paper's size), then the
//   crank, 1 × 1. Then the body-level recursion, seed 002 eq. (11): leaves to root, the wrench
//   a tree joint transmits to its child body is that body's inertia wrench minus the known
//   forces on it plus what it passes on.
// The plan (order, blocks) depends only on the Model and the driven set: it is built once in
// InverseDynamicsWorkspace, and evaluations do not allocate.
//
// Sign conventions (those of loop_constraints.hpp, for every joint, cut or not): a joint's
// reaction is what its side B (the file's "child") exerts on its side A (the file's "parent"),
// in the ground frame W; side B receives the opposite. For a cut, λ holds its constraint rows'
// multipliers (a planar revolute cut: that force; a planar prismatic cut: the normal force
// along n_A = ẑ × axis, then the moment). Applied forces besides gravity: the joint springs and
// dampers, and the model's actuators whose coordinate is not driven (their signals at t).
// Actuators on driven coordinates are replaced by the unknown τ.

#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/LU>

#include "core/dynamics/applied_forces.hpp"
#include "core/dynamics/body_loads.hpp"
#include "core/dynamics/dynamics_workspace.hpp"
#include "core/dynamics/joint_reactions.hpp"
#include "core/dynamics/pin_friction.hpp"
#include "core/inverse/subsystem_plan.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

enum class InverseMethod { Traditional, System, Subsystem };

/// "traditional", "system", "subsystem".
const char* inverseMethodName(InverseMethod method);
/// The method of a name as inverseMethodName() spells it; empty when unknown.
std::optional<InverseMethod> inverseMethodFromName(const std::string& name);

/// The reaction at one joint, what side B exerts on side A, in W (a planar model's in its XY
/// plane: force z = 0, moment about z only). The whole wrench B exerts on A is the constraint
/// part (force at `point`, plus `moment`) and the joint's own driving and applied forces along
/// its coordinates, −(drive + applied): for a turning axis a moment, for a sliding one a force
/// along the axis at side B's joint point (B receives +(drive + applied)).
struct JointReaction {
    /// Constraint force (N) that side B exerts on side A; none along a sliding axis.
    Eigen::Vector3d force = Eigen::Vector3d::Zero();
    /// Constraint moment (N·m) that B exerts on A about `point`; none about a turning axis (0
    /// for a planar revolute).
    Eigen::Vector3d moment = Eigen::Vector3d::Zero();
    /// Where the force acts (m): side A's joint point; a planar prismatic joint's side B point
    /// on the guide (as its cut rows take it).
    Eigen::Vector3d point = Eigen::Vector3d::Zero();
    /// Driving force found per coordinate of the joint (N·m or N; unused entries 0), acting to
    /// increase it (B relative to A); 0 when the joint is not driven.
    Eigen::Vector3d drive = Eigen::Vector3d::Zero();
    /// Known joint force per coordinate (N·m or N): springs, dampers, friction (pin friction
    /// included), stops and actuators that are not driven, in the same sense as `drive`.
    Eigen::Vector3d applied = Eigen::Vector3d::Zero();
};

/// Buffers, plan and results of inverse dynamics for one Model and one driven set. Build once;
/// inverseDynamics() then does not allocate. One per thread.
struct InverseDynamicsWorkspace {
    /// Throws std::invalid_argument with drivenCoordinatesError()'s message when the set cannot
    /// drive the model.
    InverseDynamicsWorkspace(const Model& model, std::vector<int> drivenCoordinates);

    std::vector<int> driven; ///< driven coordinates (indices in q), in the caller's order

    // results of the last inverseDynamics()
    Eigen::VectorXd tau;                  ///< driving force per driven coordinate (N·m or N)
    Eigen::VectorXd lambda;               ///< cut multipliers, the loops' constraint rows
    std::vector<JointReaction> reactions; ///< per joint, Model::joints (file) order
    Eigen::VectorXd jointForces;          ///< applied force per joint (N·m or N), file order
    /// The generalized forces τ_applied (nv; N·m or N) of those and of the body loads and
    /// two-point elements (body_loads.hpp).
    Eigen::VectorXd appliedTau;
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
    Eigen::VectorXd treeResidual; ///< nv
    Eigen::VectorXd unknowns;     ///< constraint rows + driven
    AppliedForces applied;        ///< appliedForces()'s outputs and scratch
    BodyLoadWorkspace loads;      ///< the loads' and two-point elements' wrenches on the bodies
    std::vector<int> drivenIndex; ///< per coordinate: position in `driven`, or −1

    // system approach
    Eigen::MatrixXd systemMatrix; ///< [Jᵀ B], nv × nv
    Eigen::PartialPivLU<Eigen::MatrixXd> systemLu;

    // subsystem approach: one matrix, right-hand side, solution and factorisation per block
    std::vector<Eigen::MatrixXd> blockMatrix;
    std::vector<Eigen::VectorXd> blockRhs;
    std::vector<Eigen::VectorXd> blockSolution;
    std::vector<Eigen::PartialPivLU<Eigen::MatrixXd>> blockLu;

    // traditional: the Newton–Euler rows of every moving body; unknowns each joint's
    // constraint rows (from rowBegin[j]), then τ
    Eigen::MatrixXd bodyMatrix;
    Eigen::VectorXd bodyRhs;
    Eigen::VectorXd bodySolution;
    Eigen::PartialPivLU<Eigen::MatrixXd> bodyLu;
    std::vector<int> rowBegin; ///< per joint, and one past the last

    // body-level recursion (joint_reactions.hpp): per body its inertia wrench, per joint its
    // constraint wrench on side A; the drives as forces per coordinate (nv)
    BodyRecursionWorkspace recursion;
    Eigen::VectorXd driveForces;

    // pin friction (pin_friction.hpp): its iteration, and the known forces without the pins'
    PinFrictionWorkspace pins;
    Eigen::VectorXd knownJointForces; ///< per joint (file order)
    Eigen::VectorXd knownAppliedTau;  ///< nv

    int nv = 0;
    int nLoops = 0;
    int nJoints = 0;
};

/// Empty when `driven` (coordinate indices) can drive `model` by inverse dynamics: valid,
/// distinct, not a spherical joint's rate, and (constraint rows) + (driven) = nv, the mobility
/// of a mechanism with independent loops.
/// Else what is wrong and the fix.
std::string drivenCoordinatesError(const Model& model, const std::vector<int>& driven);

/// The coordinates of the model's actuated joints, in actuator order. An actuator on a joint
/// that this cut choice cuts has no coordinate: then `error` (if given) names it and the fix,
/// and that actuator is left out.
std::vector<int> actuatedCoordinates(const Model& model, std::string* error = nullptr);

/// The plan as text, e.g. "subsystem 3 {λ J9, λ J10} 4×4 → subsystem 2 {λ J8} 2×2 →
/// subsystem 1 {τ theta1} 1×1".
std::string describePlan(const Model& model, const InverseDynamicsWorkspace& iws);

enum class JointReactions { Compute, Skip };

/// Inverse dynamics at time t (s) and state q (nq(); rad or m, a spherical joint's
/// quaternion), qd (nv; rad/s or m/s), qdd (nv; rad/s² or m/s²), which must satisfy the loop
/// constraints at position, velocity and acceleration level (position_analysis.hpp: assemble,
/// solveVelocities, solveAccelerations). Results in iws.tau, iws.lambda and, unless skipped,
/// iws.reactions. Pin friction's torques, which depend on the reactions, are found by
/// repeating the solve from the last call's reactions until they settle (pin_friction.hpp), and
/// are in the reactions' `applied`. Returns false when a matrix to factor is singular or a result
/// is not finite, with iws.failure saying which and where; results are then unspecified. Does not
/// allocate (except the failure message). Throws std::invalid_argument when a vector has the wrong
/// size or iws belongs to another model.
bool inverseDynamics(const Model& model,
                     InverseDynamicsWorkspace& iws,
                     InverseMethod method,
                     double t,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd,
                     JointReactions reactions = JointReactions::Compute);

} // namespace sslm
