// SPDX-License-Identifier: MIT
#pragma once

// Pin friction (issue 36): friction at a revolute joint whose torque grows with the force its
// pin carries, τ_p = −μ·r·|F_r|·tanh(θ̇/v_s), with μ and r the joint's pin coefficient and
// radius and v_s its smoothing velocity (JointFrictionSpec), and F_r the joint's reaction force
// perpendicular to its axis (a journal's radial load; a thrust along the axis is carried by a
// shoulder, whose friction this law leaves out). F_r depends on the accelerations, and they on
// τ_p: forward dynamics finds both by a fixed-point iteration (sim/dynamics_rhs.cpp): torques
// from the last reactions, solve, reactions again, until the torques settle; inverse dynamics
// repeats its solve the same way (inverse/inverse_dynamics.cpp). A cut joint's reaction is its
// multipliers λ, which SSLM solves for anyway; a tree joint's comes from the body-level
// recursion with the cut reactions applied (joint_reactions.hpp).

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/dynamics/joint_reactions.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// The iteration's stopping rule: it has settled when no pin's torque changes by more than
/// kPinSettleRelative of itself plus kPinSettleAbsolute·μ·r·(force scale), the force scale the
/// model's weight Σ m·|g| (at least 1 N); it gives up after kMostPinIterations solves. The
/// map τ_p → F_r → τ_p contracts by about μ·r/L, L the links' lengths (1e-2 for μ = 0.1, r =
/// 1 cm, L = 10 cm): from the last call's reactions a step along a run settles in one to three
/// solves, from zero in a few more.
constexpr double kPinSettleRelative = 1e-10;
constexpr double kPinSettleAbsolute = 1e-12;
constexpr int kMostPinIterations = 50;

/// Buffers of the pin-friction iteration for one Model (Model::pinJoints), sized once; the
/// reactions of the last call are kept as the next call's starting point.
struct PinFrictionWorkspace {
    explicit PinFrictionWorkspace(const Model& model);

    /// Per pin (Model::pinJoints order): ∂θ/∂q (nv × pins), a tree joint's unit column, a cut
    /// joint's loop-path gradient (jointValueGradient): the pin's torque τ enters φ as τ·column.
    Eigen::MatrixXd columns;
    Eigen::VectorXd rates;       ///< per pin: θ̇ (rad/s)
    Eigen::VectorXd radialForce; ///< per pin: |F_r| of the last reactions (N); 0 at first
    Eigen::VectorXd torque;      ///< per pin: the τ_p of the last solve (N·m)
    Eigen::VectorXd nextTorque;  ///< per pin: τ_p from the last solve's reactions (N·m)
    Eigen::VectorXd settleBand;  ///< per pin: kPinSettleAbsolute·μ·r·(force scale) (N·m)
    /// Per joint (file order), for the body-level recursion: the known joint forces with the
    /// pins' torques added, and without them (actuators, springs, friction, stops; N·m or N).
    Eigen::VectorXd jointForces;
    Eigen::VectorXd knownJointForces;
    Eigen::VectorXd noCoordinateForces; ///< nv zeros: forward dynamics has no drives
    BodyRecursionWorkspace recursion;
    bool treePins = false; ///< whether a pin is a tree joint (which needs the recursion)

    int lastIterations = 0; ///< solves of the last call
    int mostIterations = 0; ///< the most solves of one call since construction
    long iterations = 0;    ///< solves of all calls since construction
};

/// The pins' columns and rates into pfw.columns and pfw.rates, once per evaluation, before the
/// iteration. Precondition: updatePositions and updateVelocities.
void pinColumnsAndRates(const Model& model, const Workspace& ws, PinFrictionWorkspace& pfw);

/// pinColumnsAndRates(), and for forward dynamics the known joint forces into
/// pfw.knownJointForces (applied_forces.hpp: jointForcesByJoint; only when a pin is a tree
/// joint). `actuatorForces` as appliedForces() wrote them (Model::actuators order).
/// Precondition: updatePositions and updateVelocities.
void preparePinFriction(const Model& model,
                        const Workspace& ws,
                        const Eigen::Ref<const Eigen::VectorXd>& actuatorForces,
                        PinFrictionWorkspace& pfw);

/// τ_p = −μ·r·|F_r|·tanh(θ̇/v_s) of every pin from pfw.radialForce and pfw.rates into `out`
/// (per pin; N·m).
void pinTorques(const Model& model,
                const PinFrictionWorkspace& pfw,
                Eigen::Ref<Eigen::VectorXd> out);

/// |F_r| (N): the force part of joint `joint`'s constraint wrench on side A `onA` (W, about Wo;
/// joint_reactions.hpp's layout) across the joint's axis. Precondition: updatePositions.
double pinRadialForce(const Model& model, const Workspace& ws, int joint, const spatial::Vec6& onA);

/// Every pin's radial reaction force |F_r| (N) into pfw.radialForce at a solved state: a cut
/// pin's from λ, a tree pin's by the body-level recursion with the known joint forces, the
/// pins' torques pfw.torque and the body loads.
/// \param qdd        joint accelerations of the solve (nv; rad/s², m/s²)
/// \param lambda     cut multipliers of the solve (nConstraints(); N, or N and N·m)
/// \param bodyLoads  per body: BodyLoadWorkspace::wrench at the state
/// Precondition: preparePinFriction() at the state.
void pinReactionForces(const Model& model,
                       const Workspace& ws,
                       const Eigen::Ref<const Eigen::VectorXd>& qdd,
                       const Eigen::Ref<const Eigen::VectorXd>& lambda,
                       const std::vector<spatial::Vec6>& bodyLoads,
                       PinFrictionWorkspace& pfw);

/// Whether pfw.nextTorque is within the settle band of pfw.torque (kPinSettleRelative,
/// kPinSettleAbsolute); `worst` (if given) receives the pin with the largest excess.
bool pinTorquesSettled(const PinFrictionWorkspace& pfw, int* worst = nullptr);

/// Records a settled iteration of `solves` solves in pfw's counts.
void countPinIterations(PinFrictionWorkspace& pfw, int solves);

/// Why the iteration did not settle after `solves` solves: the pin `worst`'s torque still
/// changing, and the fix.
std::string
pinFrictionFailure(const Model& model, const PinFrictionWorkspace& pfw, int worst, int solves);

} // namespace sslm
