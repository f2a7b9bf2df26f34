// SPDX-License-Identifier: MIT
#include "core/sim/dynamics_rhs.hpp"

#include <chrono>

#include "core/dynamics/applied_forces.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"

namespace sslm {

DynamicsRhs::DynamicsRhs(const Model& model, const SimulationSettings& settings)
    : m_model(model), m_settings(settings), m_ws(model), m_dws(model), m_fws(model),
      m_monitorFws(model), m_applied(model), m_lws(model), m_phi(Eigen::VectorXd::Zero(model.nv())),
      m_knownPhi(Eigen::VectorXd::Zero(model.pinJoints.empty() ? 0 : model.nv())), m_pins(model),
      m_psi(Eigen::VectorXd::Zero(model.nConstraints())),
      m_constraintRate(Eigen::VectorXd::Zero(model.nConstraints())),
      m_rates(Eigen::VectorXd::Zero(model.nv())) {
    if (settings.solver == SolverKind::Rcr) {
        m_setupFailure = resolveCoordinates(model, settings.independent, m_fws.rcr.named);
    }
}

bool DynamicsRhs::evaluate(double t,
                           const Eigen::Ref<const Eigen::VectorXd>& q,
                           const Eigen::Ref<const Eigen::VectorXd>& qd) {
    ++m_calls;
    // tree kinematics, inertia and forces of the cut-open mechanism
    updatePositions(m_model, m_ws, q);
    m_rates = qd;
    if (m_settings.solver == SolverKind::Rcr) {
        // RCR embeds the velocity-level constraints: the dependent rates follow from the
        // independent ones (seed 003 eqs. 34, 47), whatever the integrator carries for them
        if (!m_setupFailure.empty()) {
            m_fws.failure = m_setupFailure;
            return false;
        }
        constraintJacobian(m_model, m_ws);
        if (!prepareReduction(m_model, m_ws.J, m_fws.rcr)) {
            m_fws.failure = m_fws.rcr.failure;
            return false;
        }
        dependentRates(m_model, m_ws.J, m_rates, m_fws.rcr);
    }
    updateVelocities(m_model, m_ws, m_rates);
    treeDynamics(m_model, m_ws, m_dws);
    const AppliedPower power = appliedForces(m_model, m_ws, t, m_applied);
    m_phi = m_dws.phi + m_applied.actuatorTau + m_applied.passiveTau;
    const LoadPower loadPower = bodyLoadForces(m_model, m_ws, t, m_lws, m_phi);
    m_actuatorPower = power.actuators;
    m_damperPower = power.dampers + loadPower.dampers;
    m_loadPower = loadPower.loads + loadPower.cylinders;
    m_frictionPower = power.friction;
    m_stopPower = power.stops;

    // loop constraints at acceleration level: J q̈ = Ψ (eq. 9), with Baumgarte terms if asked
    // (RCR formed J at this q above; it depends on q only)
    if (m_settings.solver != SolverKind::Rcr) {
        constraintJacobian(m_model, m_ws);
    }
    m_psi = -constraintBias(m_model, m_ws);
    // (not with RCR: its dependent rates come from the velocity level, so a position feedback
    // in Ψ would only bend the independent accelerations; startProblem() refuses the pair)
    if (m_settings.stabilisation == Stabilisation::Baumgarte &&
        m_settings.solver != SolverKind::Rcr) {
        constraintResidual(m_model, m_ws);
        m_constraintRate.noalias() = m_ws.J * m_rates;
        m_psi -= 2.0 * m_settings.baumgarteAlpha * m_constraintRate;
        m_psi -= m_settings.baumgarteBeta * m_settings.baumgarteBeta * m_ws.phi;
    }

    // the multiplier phase and the accelerations
    if (!m_timeSolve) {
        return solveAll();
    }
    m_timeSolve = false;
    const auto start = std::chrono::steady_clock::now();
    const bool ok = solveAll();
    m_lastLambdaNs =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    return ok;
}

bool DynamicsRhs::solve() {
    if (m_settings.solver != SolverKind::Rcr) {
        return solveForwardDynamics(m_settings.solver, m_model, {m_dws.M, m_phi, m_ws.J, m_psi},
                                    m_fws);
    }
    // RCR's loop blocks were factored at this J for the dependent rates above
    if (!solveRcrPrepared(m_model, {m_dws.M, m_phi, m_ws.J, m_psi}, m_fws.rcr, m_fws.qdd,
                          m_fws.lambda)) {
        m_fws.failure = m_fws.rcr.failure;
        return false;
    }
    m_fws.failure.clear();
    return true;
}

bool DynamicsRhs::solveWithPinFriction() {
    // τ_p from the last call's reactions (zero at the first), solve, reactions again, until the
    // torques settle (pin_friction.hpp); the accepted solve is the last one, at m_pins.torque
    preparePinFriction(m_model, m_ws, m_applied.actuatorForces, m_pins);
    m_knownPhi = m_phi;
    pinTorques(m_model, m_pins, m_pins.torque);
    for (int solves = 1;; ++solves) {
        m_phi = m_knownPhi;
        m_phi.noalias() += m_pins.columns * m_pins.torque;
        if (!solve()) {
            return false;
        }
        pinReactionForces(m_model, m_ws, m_fws.qdd, m_fws.lambda, m_lws.wrench, m_pins);
        pinTorques(m_model, m_pins, m_pins.nextTorque);
        int worst = 0;
        if (pinTorquesSettled(m_pins, &worst)) {
            countPinIterations(m_pins, solves);
            break;
        }
        if (solves == kMostPinIterations) {
            m_fws.failure = pinFrictionFailure(m_model, m_pins, worst, solves);
            return false;
        }
        m_pins.torque = m_pins.nextTorque;
    }
    m_frictionPower += m_pins.torque.dot(m_pins.rates);
    return true;
}

double DynamicsRhs::conditioning(int* weakestLoop) {
    ForwardDynamicsWorkspace* fws = &m_fws;
    if (m_settings.solver != SolverKind::Sslm && m_model.nLoops() > 0) {
        fws = &m_monitorFws;
        solveForwardDynamics(SolverKind::Sslm, m_model, {m_dws.M, m_phi, m_ws.J, m_psi}, *fws);
    }
    if (weakestLoop != nullptr) {
        *weakestLoop = fws->weakestLoop;
    }
    return fws->conditioning;
}

} // namespace sslm
