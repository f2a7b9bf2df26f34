// SPDX-License-Identifier: MIT
// Over 600 lines: One run: the integrators, the constraint stabilisation, the work integrals and
// the sample store share the run's state.
#include "core/sim/simulation.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>

#include <Eigen/Cholesky>
#include <boost/numeric/odeint/stepper/generation.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_dopri5.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include "core/dynamics/applied_forces.hpp"
#include "core/dynamics/energies.hpp"
#include "core/dynamics/recursive_coordinate_reduction.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/sim/dynamics_rhs.hpp"
#include "core/sim/rosenbrock4_stepper.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace odeint = boost::numeric::odeint;

namespace {

using State = std::vector<double>;
using Clock = std::chrono::steady_clock;

/// Smallest step accepted before a run is declared stuck (s).
constexpr double kMinStep = 1e-14;
/// Position projection stops below this closure error (m, rad).
constexpr double kProjectionTol = 1e-13;

double nanosecondsSince(Clock::time_point start) {
    return static_cast<double>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
}

std::string timeText(double t) {
    return text::number(t, 6) + " s";
}

/// A time in (a, b] within `tolerance` after the first sign change of f, where f(a) ≥ 0 > f(b),
/// with f there < 0 (the Illinois variant of regula falsi: superlinear, bracketing).
template <typename Function>
double crossingTime(Function&& f, double a, double fa, double b, double fb, double tolerance) {
    int retained = 0; // which end stayed put in the last two iterations (−1: a, +1: b)
    for (int iteration = 0; iteration < 60 && b - a > tolerance; ++iteration) {
        double t = b - fb * (b - a) / (fb - fa);
        t = std::clamp(t, a + 0.01 * (b - a), b - 0.01 * (b - a));
        const double ft = f(t);
        if (ft < 0) {
            b = t;
            fb = ft;
            fa = retained == -1 ? 0.5 * fa : fa;
            retained = -1;
        } else {
            a = t;
            fa = ft;
            fb = retained == 1 ? 0.5 * fb : fb;
            retained = 1;
        }
    }
    return b;
}

/// The work integrals at the end of the ODE state: the actuators', the dampers', the loads', the
/// joint friction's and the end stops'.
constexpr int kWorkIntegrals = 5;

/// x = (q, q̇, W_actuators, W_dampers, W_loads, W_friction, W_stops) → ẋ, q with np entries (np = nv
/// but for the quaternions of a spatial model, configuration.hpp). A failed evaluation freezes the
/// state and raises `failed`, so that the driver stops after the step.
template <typename Vector> struct OdeSystem {
    const Model* model;
    DynamicsRhs* rhs;
    int nv;
    int np;
    bool* failed;
    double* failedAt;
    std::string* failure; ///< the right-hand side's reason at the first failure

    void operator()(const Vector& x, Vector& dxdt, double t) const {
        const Eigen::Map<const Eigen::VectorXd> q(&x[0], np);
        const Eigen::Map<const Eigen::VectorXd> qd(&x[0] + np, nv);
        Eigen::Map<Eigen::VectorXd> out(&dxdt[0], np + nv + kWorkIntegrals);
        if (!x.empty() && rhs->evaluate(t, q, qd)) {
            // the rates the right-hand side used (RCR: dependent ones from the constraints)
            if (np == nv) {
                out.head(nv) = rhs->rates();
            } else {
                positionRates(*model, q, rhs->rates(), out.head(np));
            }
            out.segment(np, nv) = rhs->qdd();
            out[np + nv] = rhs->actuatorPower();
            out[np + nv + 1] = rhs->damperPower();
            out[np + nv + 2] = rhs->loadPower();
            out[np + nv + 3] = rhs->frictionPower();
            out[np + nv + 4] = rhs->stopPower();
            return;
        }
        out.setZero();
        if (!*failed) {
            *failed = true;
            *failedAt = t;
            *failure = rhs->failure(); // later evaluations clear the right-hand side's own
        }
    }
};

/// Odeint's Rosenbrock 4 (rosenbrock4_stepper.hpp) with the dense-output interface that
/// integrateDense() uses. ∂f/∂x and ∂f/∂t come from forward differences of the right-hand side:
/// the rates of the work integrals do not enter f, so their columns are zero.
class Rosenbrock4Dense {
public:
    Rosenbrock4Dense(OdeSystem<State> system, int n, double atol, double rtol)
        : m_system(system), m_n(n), m_base(n), m_perturbed(n), m_shifted(n),
          m_stepper(
              n,
              atol,
              rtol,
              [this](const double* x, double* dxdt, double t) { evaluate(x, dxdt, t); },
              [this](const double* x, double* jacobian, double t, double* dfdt) {
                  differentiate(x, jacobian, t, dfdt);
              }) {}

    void initialize(const State& x, double t, double dt) { m_stepper.initialize(x.data(), t, dt); }
    std::pair<double, double> do_step(int /*system: bound at construction*/) {
        return m_stepper.doStep();
    }
    void calc_state(double t, State& x) const { m_stepper.calcState(t, x.data()); }
    void copyCurrentState(State& x) const { m_stepper.currentState(x.data()); }
    double current_time_step() const { return m_stepper.currentTimeStep(); }

private:
    void evaluate(const double* x, double* dxdt, double t) {
        std::copy(x, x + m_n, m_perturbed.begin());
        m_system(m_perturbed, m_shifted, t);
        std::ranges::copy(m_shifted, dxdt);
    }

    void differentiate(const double* x, double* jacobian, double t, double* dfdt) {
        std::copy(x, x + m_n, m_perturbed.begin());
        m_system(m_perturbed, m_base, t);
        const int nState = m_n - kWorkIntegrals; // q and q̇, then the work integrals
        std::fill(jacobian, jacobian + static_cast<std::ptrdiff_t>(m_n) * m_n, 0.0);
        for (int k = 0; k < nState; ++k) {
            const double h = kRelativeStep * std::max(1.0, std::abs(x[k]));
            m_perturbed[k] = x[k] + h;
            m_system(m_perturbed, m_shifted, t);
            m_perturbed[k] = x[k];
            for (int row = 0; row < m_n; ++row) {
                jacobian[row * m_n + k] = (m_shifted[row] - m_base[row]) / h;
            }
        }
        const double ht = kRelativeStep * std::max(1.0, std::abs(t));
        m_system(m_perturbed, m_shifted, t + ht);
        for (int row = 0; row < m_n; ++row) {
            dfdt[row] = (m_shifted[row] - m_base[row]) / ht;
        }
    }

    static constexpr double kRelativeStep = 1.4901161193847656e-08; // √ε

    OdeSystem<State> m_system;
    int m_n;
    State m_base;
    State m_perturbed;
    State m_shifted;
    Rosenbrock4Stepper m_stepper;
};

/// Minimum-norm projection of q and q̇ onto the constraint manifolds with the full J
/// (Δq = −Jᵀ(JJᵀ)⁻¹Φ, then the same for J q̇), which stays valid where a partition of the
/// coordinates would be singular.
class Projector {
public:
    explicit Projector(const Model& model)
        : m_model(model), m_gram(model.nConstraints(), model.nConstraints()),
          m_llt(model.nConstraints()), m_correction(model.nConstraints()), m_step(model.nv()) {}

    template <typename Vector> void project(Workspace& ws, Vector& x) {
        if (m_model.nLoops() == 0) {
            return;
        }
        const int nv = m_model.nv();
        const int np = m_model.nq();
        Eigen::Map<Eigen::VectorXd> q(&x[0], np);
        Eigen::Map<Eigen::VectorXd> qd(&x[0] + np, nv);
        for (int iteration = 0; iteration < 8; ++iteration) {
            updatePositions(m_model, ws, q);
            if (constraintResidual(m_model, ws).cwiseAbs().maxCoeff() < kProjectionTol) {
                break;
            }
            if (!factor(ws)) {
                return;
            }
            m_correction = m_llt.solve(ws.phi);
            if (np == nv) {
                q.noalias() -= ws.J.transpose() * m_correction;
            } else {
                // along the manifold's tangent: quaternions stay unit
                m_step.noalias() = -ws.J.transpose() * m_correction;
                integratePositions(m_model, q, m_step, 1.0, q);
            }
        }
        updatePositions(m_model, ws, q);
        if (!factor(ws)) {
            return;
        }
        m_correction.noalias() = ws.J * qd;
        m_llt.solveInPlace(m_correction);
        qd.noalias() -= ws.J.transpose() * m_correction;
    }

private:
    bool factor(Workspace& ws) {
        constraintJacobian(m_model, ws);
        m_gram.noalias() = ws.J * ws.J.transpose();
        m_llt.compute(m_gram);
        return m_llt.info() == Eigen::Success;
    }

    const Model& m_model;
    Eigen::MatrixXd m_gram;
    Eigen::LLT<Eigen::MatrixXd> m_llt;
    Eigen::VectorXd m_correction;
    Eigen::VectorXd m_step; ///< nv: a spatial position correction
};

/// Integration run: owns the right-hand side, the sample buffer and the bookkeeping.
class Run {
public:
    Run(const Model& model,
        const SimulationSettings& settings,
        const SimulationCallbacks& callbacks)
        : m_model(model), m_settings(settings), m_callbacks(callbacks), m_rhs(model, settings),
          m_eventWs(model), m_gaps(model.limitedJoints.size()),
          m_inside(model.limitedJoints.size(), true), m_projector(model) {
        const int nv = model.nv();
        m_sample.q.resize(model.nq());
        m_sample.qd.resize(nv);
        m_sample.qdd.resize(nv);
        m_sample.tau.resize(nv);
        m_sample.lambda.resize(model.nConstraints());
        m_sample.reactions.resize(model.nLoops());
        m_sample.actuatorForces.resize(static_cast<Eigen::Index>(model.actuators.size()));
        m_sample.points.resize(model.tracedPoints.size());
        m_sample.stopForces.resize(static_cast<Eigen::Index>(model.limitedJoints.size()));
        m_sample.elements.resize(model.twoPointElements.size());
        m_rateBuffer.resize(nv);
        m_constraintBuffer.resize(model.nConstraints());
    }

    template <typename Vector> OdeSystem<Vector> system() {
        return {&m_model, &m_rhs, m_model.nv(), m_model.nq(), &m_failed, &m_failedAt, &m_failure};
    }

    /// Output at time t of state x; false when the state cannot be evaluated.
    template <typename Vector> bool emit(double t, const Vector& x) {
        const int nv = m_model.nv();
        const int np = m_model.nq();
        const Eigen::Map<const Eigen::VectorXd> q(&x[0], np);
        const Eigen::Map<const Eigen::VectorXd> qd(&x[0] + np, nv);
        const auto start = Clock::now();
        m_rhs.timeNextSolve();
        if (!q.allFinite() || !qd.allFinite() || !m_rhs.evaluate(t, q, qd)) {
            fail(t, m_rhs.failure().empty() ? "the state is not finite" : m_rhs.failure());
            return false;
        }
        Sample& s = m_sample;
        s.cpuRhsNs = nanosecondsSince(start);
        s.cpuLambdaNs = m_rhs.lastLambdaNs();
        s.t = t;
        s.q = q;
        s.qd = m_rhs.rates();
        s.qdd = m_rhs.qdd();
        s.lambda = m_rhs.lambda();
        s.tau = m_rhs.actuatorTau();
        s.actuatorForces = m_rhs.actuatorForces();
        s.actuatorWork = x[np + nv];
        s.damperWork = x[np + nv + 1];
        s.loadWork = x[np + nv + 2];
        s.frictionWork = x[np + nv + 3];
        s.stopWork = x[np + nv + 4];

        // energies: T = ½ q̇ᵀ M q̇; V of gravity (zero at the origin) and of the springs
        Workspace& ws = m_rhs.workspace();
        m_rateBuffer.noalias() = m_rhs.massMatrix() * s.qd;
        s.kineticEnergy = 0.5 * s.qd.dot(m_rateBuffer);
        s.potentialEnergy = gravityPotentialEnergy(m_model, ws) + springEnergy(m_model, ws);
        cutReactions(m_model, ws, s.lambda, s.reactions);
        s.totalEnergy = s.kineticEnergy + s.potentialEnergy;

        // constraint violation at position and velocity level
        s.positionViolation =
            m_model.nLoops() > 0 ? constraintResidual(m_model, ws).cwiseAbs().maxCoeff() : 0.0;
        s.velocityViolation = 0.0;
        if (m_model.nLoops() > 0) {
            m_constraintBuffer.noalias() = ws.J * s.qd;
            s.velocityViolation = m_constraintBuffer.cwiseAbs().maxCoeff();
        }
        s.shaking =
            shakingFromMotion(m_model, ws, s.qdd, m_settings.shakingAbout, m_shakingScratch);
        m_summary.shaking.add(s.shaking);
        for (std::size_t i = 0; i < m_model.limitedJoints.size(); ++i) {
            s.stopForces[static_cast<Eigen::Index>(i)] =
                limitForce(m_model, ws, m_model.limitedJoints[i]);
        }
        s.elements = m_rhs.bodyLoads().elements;
        for (std::size_t p = 0; p < m_model.tracedPoints.size(); ++p) {
            const TracedPoint& point = m_model.tracedPoints[p];
            s.points[p] = pointPosition(ws, point.body, point.p_B);
        }

        if (!m_haveInitialEnergy) {
            m_initialEnergy = s.totalEnergy;
            m_haveInitialEnergy = true;
        }
        m_summary.maxPositionViolation =
            std::max(m_summary.maxPositionViolation, s.positionViolation);
        m_summary.maxVelocityViolation =
            std::max(m_summary.maxVelocityViolation, s.velocityViolation);
        m_summary.maxEnergyError =
            std::max(m_summary.maxEnergyError,
                     std::abs(s.totalEnergy - m_initialEnergy - s.actuatorWork - s.damperWork -
                              s.loadWork - s.frictionWork - s.stopWork));
        if (m_callbacks.onSample) {
            m_callbacks.onSample(s);
        }
        return true;
    }

    /// After an accepted step ending at t: stabilise, check, ask whether to go on.
    template <typename Vector> bool accept(double t, Vector& x) {
        ++m_summary.steps;
        m_summary.endTime = t;
        if (m_failed) {
            fail(m_failedAt, m_failure.empty() ? "the state is not finite" : m_failure);
            return false;
        }
        // conditioning of the loops at the step's last evaluation (before projection reuses
        // the workspace); a dense-output stepper's last step may end past t_end, at a pose the
        // run never shows, which neither counts nor stops the run
        if (t <= m_settings.tEnd && !checkConditioning(t)) {
            return false;
        }
        const RcrWorkspace& reduction = m_rhs.reduction();
        if (reduction.switches != m_rcrSwitches) {
            m_rcrSwitches = reduction.switches;
            m_rcrSwitchText = "RCR switched its dependent coordinates at t = " + timeText(t) +
                              ", " + reduction.lastSwitch;
        }
        normalize(x);
        if (m_settings.stabilisation == Stabilisation::Projection) {
            m_projector.project(m_rhs.workspace(), x);
        }
        if (!std::ranges::all_of(x, [](double v) { return std::isfinite(v); })) {
            fail(t, "the state is not finite");
            return false;
        }
        if (hasStops()) {
            markStopSides(x);
        }
        if (m_callbacks.shouldContinue && !m_callbacks.shouldContinue(t)) {
            m_summary.cancelled = true;
            m_summary.message = "cancelled at t = " + timeText(t);
            return false;
        }
        return true;
    }

    /// Records the loops' conditioning at the step ending at t; false, after failing the run,
    /// when it is below the singularity tolerance.
    bool checkConditioning(double t) {
        int weakestLoop = -1;
        const double conditioning = m_rhs.conditioning(&weakestLoop);
        if (conditioning < m_summary.minConditioning) {
            m_summary.minConditioning = conditioning;
            m_summary.minConditioningTime = t;
            m_summary.minConditioningLoop = weakestLoop;
        }
        if (conditioning < m_settings.singularityTolerance) {
            fail(t, nearSingularMessage(conditioning, weakestLoop));
            return false;
        }
        return true;
    }

    bool hasStops() const { return !m_model.limitedJoints.empty(); }

    /// Where in a step from t0 to t1 the first end stop engages or releases: t1 when none
    /// does, else the event's time (on the far side of it, to 1e-12 of the time scale), found
    /// on `event(t)`, the stopEvent() of the state at t along the step (f1 = event(t1)).
    template <typename Event> double stopEventTime(double t0, double t1, double f1, Event&& event) {
        if (f1 >= 0) {
            return t1;
        }
        const double tolerance = 1e-12 * std::max(1.0, std::abs(t1));
        const double tEvent = crossingTime(event, t0, std::max(0.0, event(t0)), t1, f1, tolerance);
        // an event at the step's start is the one the last step ended on
        if (tEvent - t0 <= 10 * tolerance) {
            return t1;
        }
        ++m_summary.stopEvents;
        return tEvent;
    }

    /// The end stops' event function at state x: the smallest gap between a limited joint's
    /// value and its bounds (m or rad), signed to be ≥ 0 while every stop is on the side it was
    /// at the last markStopSides(): it falls below 0 where one engages or releases.
    template <typename Vector> double stopEvent(const Vector& x) {
        gaps(x);
        double event = std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < m_gaps.size(); ++i) {
            event = std::min(event, m_inside[i] ? m_gaps[i] : -m_gaps[i]);
        }
        return event;
    }

    /// Records on which side of its bounds each limited joint is at state x.
    template <typename Vector> void markStopSides(const Vector& x) {
        gaps(x);
        for (std::size_t i = 0; i < m_gaps.size(); ++i) {
            m_inside[i] = m_gaps[i] >= 0;
        }
    }

    /// Projects x = (q, q̇, …) onto the position and velocity constraint manifolds.
    template <typename Vector> void project(Vector& x) {
        m_projector.project(m_rhs.workspace(), x);
    }

    /// Scales x's quaternions back to unit length (a spatial model's accepted or interpolated
    /// states; the integrators do not keep them unit).
    template <typename Vector> void normalize(Vector& x) {
        if (hasQuaternions(m_model)) {
            normalizePositions(m_model, Eigen::Map<Eigen::VectorXd>(&x[0], m_model.nq()));
        }
    }

    /// The k-th output time.
    double sampleTime(long k) const {
        return std::min(m_settings.tEnd, static_cast<double>(k) * m_settings.sampleInterval);
    }

    std::string nearSingularMessage(double conditioning, int loop) const {
        const std::string ratio = text::number(conditioning, 2);
        const std::string which = loop >= 0 ? loopLabel(m_model, loop) : "a loop";
        return "the mechanism reached a (nearly) singular pose: the GICM pivot of " + which +
               " fell to " + ratio +
               " of its scale, so the loop constraints are nearly dependent (a toggle or "
               "change point, where the motion can branch and the multipliers grow without "
               "bound)";
    }

    void fail(double t, const std::string& why) {
        if (m_summary.message.empty()) {
            m_summary.message = "at t = " + timeText(t) + ": " + why +
                                " (hint: check the pose for a singular configuration, tighten the "
                                "tolerances or try another cut choice)";
        }
        m_stopped = true;
    }

    /// RCR: the last switch of dependent coordinates in words, and how many there were.
    const std::string& rcrSwitchText() const { return m_rcrSwitchText; }
    int rcrSwitches() const { return m_rcrSwitches; }
    const RcrWorkspace& reduction() const { return m_rhs.reduction(); }

    bool stopped() const { return m_stopped; }
    SimulationSummary& summary() { return m_summary; }
    long rhsCalls() const { return m_rhs.calls(); }

private:
    /// Each limited joint's distance inside its travel at state x, into m_gaps (m or rad; < 0
    /// on a stop).
    template <typename Vector> void gaps(const Vector& x) {
        updatePositions(m_model, m_eventWs, Eigen::Map<const Eigen::VectorXd>(&x[0], m_model.nq()));
        for (std::size_t i = 0; i < m_gaps.size(); ++i) {
            m_gaps[i] = limitGap(m_model, m_eventWs, m_model.limitedJoints[i]);
        }
    }

    const Model& m_model;
    const SimulationSettings& m_settings;
    const SimulationCallbacks& m_callbacks;
    DynamicsRhs m_rhs;
    Workspace m_eventWs;        ///< the stops' event function's kinematics
    std::vector<double> m_gaps; ///< per limited joint (gaps())
    std::vector<bool> m_inside; ///< per limited joint: inside its travel at the last mark
    Projector m_projector;
    Sample m_sample;
    Eigen::VectorXd m_rateBuffer;       ///< M q̇ (nv)
    Eigen::MatrixXd m_shakingScratch;   ///< shakingFromMotion's (sized at the first sample)
    Eigen::VectorXd m_constraintBuffer; ///< J q̇ (nConstraints)
    SimulationSummary m_summary;
    bool m_failed = false;
    double m_failedAt = 0;
    std::string m_failure; ///< why the right-hand side failed at m_failedAt
    bool m_stopped = false;
    int m_rcrSwitches = 0;
    std::string m_rcrSwitchText;
    bool m_haveInitialEnergy = false;
    double m_initialEnergy = 0;
};

/// Output times 0, Δ, 2Δ, … up to t_end, plus t_end itself when Δ does not divide it.
long sampleCount(const SimulationSettings& settings) {
    const long whole =
        static_cast<long>(std::floor(settings.tEnd / settings.sampleInterval + 1e-9));
    const double remainder = settings.tEnd - static_cast<double>(whole) * settings.sampleInterval;
    return whole + 1 + (remainder > 1e-9 * settings.sampleInterval ? 1 : 0);
}

/// Fixed-step RK4 and controlled RKF78 (the steppers with try_step): steps are shortened to land
/// on every output time.
template <typename Stepper>
void integrateToSamples(Run& run, const SimulationSettings& settings, Stepper stepper, State x) {
    const long samples = sampleCount(settings);
    auto system = run.template system<State>();
    double t = 0;
    double dt = settings.step;
    if (!run.emit(0.0, x)) {
        return;
    }
    // a step of h from (t, x) without error control: to land on an end stop's event
    const auto stepBy = [&](State& state, double from, double h) {
        if constexpr (requires { stepper.stepper(); }) {
            stepper.stepper().do_step(system, state, from, h);
        } else {
            stepper.do_step(system, state, from, h);
        }
    };
    State start = x; // the states at the step's start and end, while the model has stops
    State end = x;
    if (run.hasStops()) {
        run.markStopSides(x);
    }
    for (long k = 1; k < samples && !run.stopped(); ++k) {
        const double target = run.sampleTime(k);
        while (t < target - 1e-12 * std::max(1.0, target)) {
            double h = std::min(dt, target - t);
            const double t0 = t;
            if (run.hasStops()) {
                start = x;
            }
            if constexpr (requires { stepper.try_step(system, x, t, h); }) {
                const double tried = h;
                if (stepper.try_step(system, x, t, h) == odeint::fail) {
                    dt = h;
                    if (dt < kMinStep) {
                        run.fail(t, "the step size fell below 1e-14 s");
                        return;
                    }
                    continue;
                }
                // h now holds the suggested next step; keep it unless we shortened this one
                dt = tried < dt ? std::max(dt, h) : h;
            } else {
                stepper.do_step(system, x, t, h);
                t += h;
            }
            if (run.hasStops()) {
                // a stop engaged or released inside the step: take the step to the event only
                end = x;
                const double tEvent = run.stopEventTime(t0, t, run.stopEvent(x), [&](double tau) {
                    x = start;
                    stepBy(x, t0, tau - t0);
                    return run.stopEvent(x);
                });
                if (tEvent < t) {
                    x = start;
                    stepBy(x, t0, tEvent - t0);
                    t = tEvent;
                } else {
                    x = end; // the event function's trials moved x
                }
            }
            if (!run.accept(t, x)) {
                return;
            }
        }
        t = target;
        if (!run.emit(t, x)) {
            return;
        }
    }
}

/// The state at the end of a dense-output stepper's last step, into x (no allocation).
template <typename Stepper> void copyCurrentState(const Stepper& stepper, State& x) {
    if constexpr (requires { stepper.copyCurrentState(x); }) {
        stepper.copyCurrentState(x);
    } else {
        const State& current = stepper.current_state();
        std::ranges::copy(current, x.begin());
    }
}

/// Dense-output steppers (Dopri5, Rosenbrock 4): free steps, outputs interpolated.
template <typename Stepper, typename Vector, typename SystemArg>
void integrateDense(Run& run,
                    const SimulationSettings& settings,
                    Stepper&& stepper,
                    SystemArg systemArg,
                    Vector x) {
    const long samples = sampleCount(settings);
    if (!run.emit(0.0, x)) {
        return;
    }
    stepper.initialize(x, 0.0, settings.step);
    Vector interpolated = x;
    Vector current = x;
    if (run.hasStops()) {
        run.markStopSides(x);
    }
    long k = 1;
    while (k < samples && !run.stopped()) {
        const auto [t0, t1] = stepper.do_step(systemArg);
        if (t1 - t0 < kMinStep) {
            run.fail(t1, "the step size fell below 1e-14 s");
            return;
        }
        // a stop engaging or releasing inside the step ends it there: the next step starts on
        // the event instead of integrating through the change of force law
        const auto eventAt = [&](double t) {
            stepper.calc_state(t, interpolated);
            return run.stopEvent(interpolated);
        };
        const double tEnd = run.hasStops() ? run.stopEventTime(t0, t1, eventAt(t1), eventAt) : t1;
        for (; k < samples && run.sampleTime(k) <= tEnd; ++k) {
            stepper.calc_state(run.sampleTime(k), interpolated);
            run.normalize(interpolated);
            if (settings.stabilisation == Stabilisation::Projection) {
                run.project(interpolated); // the interpolant leaves the manifold between steps
            }
            if (!run.emit(run.sampleTime(k), interpolated)) {
                return;
            }
        }
        if (tEnd < t1) {
            stepper.calc_state(tEnd, current);
        } else {
            copyCurrentState(stepper, current);
        }
        if (!run.accept(tEnd, current)) {
            return;
        }
        if (tEnd < t1 || settings.stabilisation == Stabilisation::Projection) {
            stepper.initialize(current, tEnd, stepper.current_time_step());
        }
    }
}

/// The names of the solvers, integrators and stabilisations in settings, in the order that
/// messages list them.
constexpr std::pair<SolverKind, const char*> kSolverNames[] = {{SolverKind::Sslm, "sslm"},
                                                               {SolverKind::Slm, "slm"},
                                                               {SolverKind::Augmented, "augmented"},
                                                               {SolverKind::Rcr, "rcr"}};
constexpr std::pair<IntegratorKind, const char*> kIntegratorNames[] = {
    {IntegratorKind::Rk4, "rk4"},
    {IntegratorKind::Dopri5, "dopri5"},
    {IntegratorKind::Rkf78, "rkf78"},
    {IntegratorKind::Rosenbrock4, "rosenbrock4"}};
constexpr std::pair<Stabilisation, const char*> kStabilisationNames[] = {
    {Stabilisation::None, "none"},
    {Stabilisation::Baumgarte, "baumgarte"},
    {Stabilisation::Projection, "projection"}};

} // namespace

const char* solverName(SolverKind kind) {
    return text::nameIn(kSolverNames, kind);
}

const char* integratorName(IntegratorKind kind) {
    return text::nameIn(kIntegratorNames, kind);
}

const char* stabilisationName(Stabilisation kind) {
    return text::nameIn(kStabilisationNames, kind);
}

std::optional<SimulationSettings> settingsFromSpec(const SolverSettingsSpec& spec,
                                                   std::string* error) {
    SimulationSettings settings;
    const auto solver = text::kindIn(kSolverNames, spec.method);
    const auto integrator = text::kindIn(kIntegratorNames, spec.integrator);
    const auto stabilisation = text::kindIn(kStabilisationNames, spec.stabilisation);
    if (!solver || !integrator || !stabilisation) {
        if (error != nullptr) {
            *error = !solver ? "unknown solver " + text::unknownName(kSolverNames, spec.method)
                     : !integrator ? "unknown integrator " +
                                         text::unknownName(kIntegratorNames, spec.integrator)
                                   : "unknown stabilisation " +
                                         text::unknownName(kStabilisationNames, spec.stabilisation);
        }
        return std::nullopt;
    }
    settings.solver = *solver;
    settings.integrator = *integrator;
    settings.stabilisation = *stabilisation;
    settings.tEnd = spec.tEnd;
    settings.step = spec.step;
    settings.rtol = spec.rtol;
    settings.atol = spec.atol;
    settings.sampleInterval = spec.sampleInterval;
    settings.baumgarteAlpha = spec.baumgarteAlpha;
    settings.baumgarteBeta = spec.baumgarteBeta;
    settings.independent = spec.rcrIndependent;
    return settings;
}

std::string
startProblem(const Model& model, const SimulationSettings& settings, const Eigen::VectorXd& q0) {
    if (settings.solver != SolverKind::Rcr) {
        return {};
    }
    if (settings.stabilisation == Stabilisation::Baumgarte) {
        return "RCR embeds the loop constraints at velocity level; Baumgarte stabilisation acts "
               "at acceleration level and does not apply to it: use none or projection";
    }
    RcrWorkspace rws(model);
    std::string error = resolveCoordinates(model, settings.independent, rws.named);
    if (!error.empty() || model.nLoops() == 0) {
        return error;
    }
    Workspace ws(model);
    updatePositions(model, ws, q0);
    return selectCoordinates(model, constraintJacobian(model, ws), rws) ? std::string()
                                                                        : rws.failure;
}

SimulationSummary simulate(const Model& model,
                           const SimulationSettings& settings,
                           const Eigen::VectorXd& q0,
                           const Eigen::VectorXd& qd0,
                           const SimulationCallbacks& callbacks) {
    const int nv = model.nv();
    const int np = model.nq();
    if (q0.size() != np || qd0.size() != nv) {
        throw std::invalid_argument("simulate: q0 needs " + std::to_string(np) +
                                    " entries and qd0 " + std::to_string(nv));
    }
    const auto wallStart = Clock::now();
    if (settings.solver == SolverKind::Rcr && settings.stabilisation == Stabilisation::Baumgarte) {
        SimulationSummary refused;
        refused.message = "at t = 0 s: " + startProblem(model, settings, q0);
        return refused;
    }
    Run run(model, settings, callbacks);
    State x(static_cast<std::size_t>(np + nv + kWorkIntegrals), 0.0);
    Eigen::Map<Eigen::VectorXd>(x.data(), np) = q0;
    Eigen::Map<Eigen::VectorXd>(x.data() + np, nv) = qd0;
    try {
        switch (settings.integrator) {
        case IntegratorKind::Rk4:
            integrateToSamples(run, settings, odeint::runge_kutta4<State>(), x);
            break;
        case IntegratorKind::Rkf78:
            integrateToSamples(run, settings,
                               odeint::make_controlled(settings.atol, settings.rtol,
                                                       odeint::runge_kutta_fehlberg78<State>()),
                               x);
            break;
        case IntegratorKind::Dopri5:
            integrateDense(run, settings,
                           odeint::make_dense_output(settings.atol, settings.rtol,
                                                     odeint::runge_kutta_dopri5<State>()),
                           run.system<State>(), x);
            break;
        case IntegratorKind::Rosenbrock4:
            integrateDense(run, settings,
                           Rosenbrock4Dense(run.system<State>(), static_cast<int>(x.size()),
                                            settings.atol, settings.rtol),
                           0, x);
            break;
        }
    } catch (const std::exception& e) {
        run.fail(run.summary().endTime, std::string("the integrator stopped: ") + e.what());
    }
    SimulationSummary summary = run.summary();
    summary.ok = !run.stopped() && !summary.cancelled;
    if (summary.ok) {
        summary.endTime = settings.tEnd; // a dense-output stepper's last step may pass t_end
    }
    if (summary.minConditioning < settings.nearSingularWarning) {
        const int loop = summary.minConditioningLoop;
        summary.warning = "at t = " + timeText(summary.minConditioningTime) +
                          " the mechanism passed near a singular pose (GICM pivot of loop " +
                          std::to_string(loop + 1) + ", cut " +
                          (loop >= 0 ? model.joints[model.cuts[loop]].name : "?") + ", at " +
                          text::number(summary.minConditioning, 2) +
                          " of its scale): at a toggle or change point the motion may switch "
                          "assembly branch; check the trajectory";
    }
    if (settings.solver == SolverKind::Rcr && run.reduction().chosen) {
        summary.reduction = describePartition(model, run.reduction().partition);
    }
    if (run.rcrSwitches() > 0) {
        summary.warning +=
            (summary.warning.empty() ? "" : "; ") + run.rcrSwitchText() +
            (run.rcrSwitches() > 1 ? " (" + std::to_string(run.rcrSwitches()) + " switches in all)"
                                   : std::string());
    }
    summary.rhsCalls = run.rhsCalls();
    summary.wallSeconds = std::chrono::duration<double>(Clock::now() - wallStart).count();
    return summary;
}

} // namespace sslm
