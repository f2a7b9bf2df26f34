// SPDX-License-Identifier: MIT
#pragma once

// The right-hand side of the equations of motion at one (t, q, q̇): every buffer it needs is
// owned here and sized once, so an evaluation does not allocate.

#include <string>

#include <Eigen/Core>

#include "core/dynamics/applied_forces.hpp"
#include "core/dynamics/body_loads.hpp"
#include "core/dynamics/dynamics_workspace.hpp"
#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/pin_friction.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"
#include "core/sim/simulation.hpp"

namespace sslm {

class DynamicsRhs {
public:
    DynamicsRhs(const Model& model, const SimulationSettings& settings);

    /// Evaluates q̈ and λ at (t, q, q̇) into qdd(), lambda(); false (with failure()) when a
    /// matrix is singular or a value is not finite.
    bool evaluate(double t,
                  const Eigen::Ref<const Eigen::VectorXd>& q,
                  const Eigen::Ref<const Eigen::VectorXd>& qd);

    const Eigen::VectorXd& qdd() const { return m_fws.qdd; }
    /// The rates the last evaluate() used: q̇ as given, except with RCR, whose dependent rates
    /// follow from the independent ones through the velocity-level constraints (J q̇ = 0).
    const Eigen::VectorXd& rates() const { return m_rates; }
    /// RCR's workspace: its partition of the coordinates, conditioning and switches.
    const RcrWorkspace& reduction() const { return m_fws.rcr; }
    const Eigen::VectorXd& lambda() const { return m_fws.lambda; }
    const Eigen::VectorXd& actuatorTau() const { return m_applied.actuatorTau; }
    /// Each actuator's joint force (Model::actuators order; N·m or N).
    const Eigen::VectorXd& actuatorForces() const { return m_applied.actuatorForces; }
    double actuatorPower() const { return m_actuatorPower; }
    double damperPower() const { return m_damperPower; }
    /// The power (W) the loads and cylinders put in at the last evaluate().
    double loadPower() const { return m_loadPower; }
    /// The power (W, ≤ 0) of the joint friction (pin friction included) and of the end stops'
    /// hysteresis at the last evaluate().
    double frictionPower() const { return m_frictionPower; }
    double stopPower() const { return m_stopPower; }
    /// The loads' and two-point elements' wrenches and states at the last evaluate().
    const BodyLoadWorkspace& bodyLoads() const { return m_lws; }
    /// Time the next evaluate()'s multiplier solve (two clock reads, so only when asked: at
    /// output samples and in benchmarks).
    void timeNextSolve() { m_timeSolve = true; }
    /// The pin friction's iteration (Model::pinJoints): its torques and radial reaction forces
    /// at the last evaluate() and how many solves it took.
    const PinFrictionWorkspace& pinFriction() const { return m_pins; }
    /// Duration of the last timed multiplier solve, λ and q̈ (ns); with pin friction, of all
    /// its solves.
    double lastLambdaNs() const { return m_lastLambdaNs; }
    const std::string& failure() const { return m_fws.failure; }

    /// Conditioning of the loop constraints at the last evaluate() (ForwardDynamicsWorkspace::
    /// conditioning: ~σ_min/σ_max of the GICM, 1 with no loops) and the weakest loop. The same
    /// measure whatever the solver: SLM and augmented runs get it from an extra SSLM
    /// elimination on the same inputs (a few hundred ns; call it once per step, not per stage).
    double conditioning(int* weakestLoop = nullptr);
    long calls() const { return m_calls; }

    /// State of the last evaluate(): kinematics and the inertia.
    const Workspace& workspace() const { return m_ws; }
    Workspace& workspace() { return m_ws; }
    const Eigen::MatrixXd& massMatrix() const { return m_dws.M; }

private:
    /// The multiplier phase and q̈ at the state evaluate() prepared (RCR: without factoring its
    /// loop blocks a second time).
    bool solve();
    /// solve() with the pins' torques found by fixed-point iteration (pin_friction.hpp): adds
    /// their power to m_frictionPower. False with the failure when it does not settle.
    bool solveWithPinFriction();
    /// The multiplier phase: solve(), or solveWithPinFriction() for a model with pin friction.
    bool solveAll() { return m_model.pinJoints.empty() ? solve() : solveWithPinFriction(); }

    const Model& m_model;
    SimulationSettings m_settings;
    Workspace m_ws;
    DynamicsWorkspace m_dws;
    ForwardDynamicsWorkspace m_fws;
    ForwardDynamicsWorkspace m_monitorFws; ///< SSLM elimination for conditioning()
    AppliedForces m_applied;
    BodyLoadWorkspace m_lws;
    Eigen::VectorXd m_phi;
    Eigen::VectorXd m_knownPhi; ///< φ without the pins' torques (pin friction only)
    PinFrictionWorkspace m_pins;
    Eigen::VectorXd m_psi;
    Eigen::VectorXd m_constraintRate; ///< J q̇ (Baumgarte)
    Eigen::VectorXd m_rates;          ///< q̇ of the last evaluate()
    std::string m_setupFailure;       ///< RCR: the named independent coordinates do not resolve
    double m_actuatorPower = 0;
    double m_damperPower = 0;
    double m_loadPower = 0;
    double m_frictionPower = 0;
    double m_stopPower = 0;
    double m_lastLambdaNs = 0;
    bool m_timeSolve = false;
    long m_calls = 0;
};

} // namespace sslm
