// SPDX-License-Identifier: MIT
#pragma once

// Forward-dynamics simulation of a compiled mechanism: Boost.Odeint integration of
// x = (q, q̇ and the work integrals) with the chosen constrained solver, constraint
// stabilisation, and outputs at a sample rate independent of the integrator's steps.
// No Qt: progress, cancellation and samples go through plain callbacks.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/dynamics/body_loads.hpp"
#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/run_outcome.hpp"
#include "core/dynamics/shaking_wrench.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/model/model.hpp"

namespace sslm {

enum class IntegratorKind {
    Rk4,        ///< classical Runge–Kutta, fixed step
    Dopri5,     ///< Dormand–Prince 5(4), adaptive, dense output (the ode45 analogue)
    Rkf78,      ///< Runge–Kutta–Fehlberg 7(8), adaptive, for tight tolerances
    Rosenbrock4 ///< linearly implicit 4(3), adaptive, dense output: stiff springs and dampers
};
enum class Stabilisation { None, Baumgarte, Projection };

struct SimulationSettings {
    SolverKind solver = SolverKind::Sslm;
    /// RCR only: coordinates to keep independent (names in q); the others, and any the
    /// mobility leaves, are chosen per loop for conditioning at the pose.
    std::vector<std::string> independent;
    IntegratorKind integrator = IntegratorKind::Dopri5;
    double tEnd = 5.0;  ///< s
    double step = 1e-3; ///< s: fixed step of RK4, first step of the adaptive methods
    double rtol = 1e-8;
    double atol = 1e-8;
    double sampleInterval = 0.01; ///< s
    Stabilisation stabilisation = Stabilisation::Projection;
    double baumgarteAlpha = 5.0; ///< 1/s: Ψ = −J̇q̇ − 2α J q̇ − β² Φ
    double baumgarteBeta = 5.0;  ///< 1/s
    /// A run stops when the loops' conditioning (DynamicsRhs::conditioning, ~σ_min/σ_max of the
    /// GICM) falls below this at an accepted step: a toggle or change point.
    double singularityTolerance = 1e-7;
    /// Below this conditioning the run goes on but its summary warns that it passed near a
    /// singular pose, where the motion may have switched assembly branch.
    double nearSingularWarning = 1e-3;
    /// The point the samples' shaking moment is taken about (m, W; planar: z unused).
    Eigen::Vector3d shakingAbout = Eigen::Vector3d::Zero();
};

/// Settings from a file's solver block; unknown words give an error message instead.
std::optional<SimulationSettings> settingsFromSpec(const SolverSettingsSpec& spec,
                                                   std::string* error);
/// The names the file format and the command line use ("sslm", "dopri5", "projection", …).
const char* solverName(SolverKind kind);
const char* integratorName(IntegratorKind kind);
const char* stabilisationName(Stabilisation kind);

/// Everything reported at one output time.
struct Sample {
    double t = 0;           ///< s
    Eigen::VectorXd q;      ///< rad or m (nq: nv + a quaternion's 4th entries)
    Eigen::VectorXd qd;     ///< rad/s or m/s (nv)
    Eigen::VectorXd qdd;    ///< rad/s² or m/s²
    Eigen::VectorXd lambda; ///< multipliers (rows per cut; N, or N and N·m), B acting on A
    std::vector<CutReaction> reactions; ///< λ as force and moment (W) per cut, Model::cuts order
    Eigen::VectorXd tau;                ///< actuator generalized forces per coordinate (N·m or N)
    Eigen::VectorXd actuatorForces;     ///< each actuator's joint force (N·m or N)
    double kineticEnergy = 0;           ///< J
    double potentialEnergy = 0;         ///< J: gravity (zero at y = 0) plus springs
    double totalEnergy = 0;             ///< J
    double actuatorWork = 0;            ///< J, since t = 0
    double damperWork = 0;              ///< J, since t = 0 (≤ 0)
    double loadWork = 0;     ///< J, since t = 0: the body loads' and two-point cylinders' work
    double frictionWork = 0; ///< J, since t = 0: the joint friction's (≤ 0)
    double stopWork = 0;     ///< J, since t = 0: the end stops' hysteresis (≤ 0)
    /// The end stops' force on each limited joint's coordinate (Model::limitedJoints order;
    /// N·m or N, acting to increase it; 0 off the stops).
    Eigen::VectorXd stopForces;
    /// Each two-point element's length, rate and force (Model::twoPointElements order).
    std::vector<TwoPointState> elements;
    double positionViolation = 0;        ///< max |Φ| (m, rad)
    double velocityViolation = 0;        ///< max |J q̇| (m/s, rad/s)
    double cpuLambdaNs = 0;              ///< time of the multiplier solve at this sample (ns)
    double cpuRhsNs = 0;                 ///< time of the whole right-hand side at this sample (ns)
    std::vector<Eigen::Vector3d> points; ///< traced points in W (m), Model::tracedPoints order
    /// What the moving mechanism exerts on the ground, about the ground origin (W): from the
    /// bodies' motion (shaking_wrench.hpp); planar: force x, y and moment z.
    ShakingWrench shaking;
};

struct SimulationCallbacks {
    /// Called at every output time with a buffer reused between calls (copy what you keep).
    std::function<void(const Sample&)> onSample;
    /// Called after every accepted step with the simulated time; return false to cancel.
    std::function<bool(double t)> shouldContinue;
};

/// A forward run's outcome with its integrator's counts.
struct SimulationSummary : RunOutcome {
    long steps = 0; ///< accepted steps
    long rhsCalls = 0;
    long stopEvents = 0; ///< end stops engaged or released, each a step ended on its event
    double maxVelocityViolation = 0; ///< max |J q̇| over the samples
    /// RCR: the partition of the coordinates at the end of the run (describePartition).
    std::string reduction;
    /// max |E − E₀ − W| over the samples (J), W the work of the actuators, dampers, loads,
    /// friction and stops.
    double maxEnergyError = 0;
    int minConditioningLoop = -1; ///< the loop of minConditioning, −1 for none
    /// Set when the run went on but the user should know something (e.g. it passed near a
    /// singular pose); empty otherwise.
    std::string warning;
};

/// Why a run with these settings cannot start at the assembled positions q0, naming what to
/// change (RCR: an invalid or ill-conditioned selection of independent coordinates); empty
/// when it can. simulate() stops at t = 0 with the same message.
std::string
startProblem(const Model& model, const SimulationSettings& settings, const Eigen::VectorXd& q0);

/// Integrates from (q0, qd0) at t = 0 to settings.tEnd. q0 should be assembled.
SimulationSummary simulate(const Model& model,
                           const SimulationSettings& settings,
                           const Eigen::VectorXd& q0,
                           const Eigen::VectorXd& qd0,
                           const SimulationCallbacks& callbacks = {});

} // namespace sslm
