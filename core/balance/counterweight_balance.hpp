// SPDX-License-Identifier: MIT
#pragma once

// Balancing by counterweights (issue 16, seed 002 §5): choose one counterweight per named body,
// its mass and its position in the body's frame within bounds, to minimise a weighted objective
// of what the mechanism shakes its frame with over one cycle of a prescribed input motion,
//     J = w_F (F/F₀)² + w_M (M/M₀)² + w_T (T/T₀)²,
// F the RMS of the dynamic shaking force, M the RMS of the dynamic shaking moment about
// settings.run.shakingAbout (default the ground origin), T the RMS (or the peak) of the driving
// forces, each divided by its value without the new counterweights (so that the weights compare
// like with like; squared so that a full balance, F = 0, is a smooth minimum). "Dynamic" takes the
// weight away: the shaking wrench of shaking_wrench.hpp less M_tot·g and its moment (r_G − O) ×
// M_tot·g, the static load that no counterweight can remove (adding mass only adds to it). The
// motion does not depend on the masses: the cycle is run once (inverse_run.hpp: assembly, rates,
// accelerations). At those states every sample's shaking wrench and driving forces are linear in
// the bodies' inertial parameters (m, m c, I about the frame origin), which a point mass adds to
// linearly, so a linear model of them is built once from the inverse dynamics with every joint
// reaction (inverse_dynamics.hpp), one parameter changed at a time, and an evaluation is one
// matrix–vector product over the samples (counterweight_balance.cpp, Evaluator). The optimiser is
// NLopt's, a local derivative-free method (BOBYQA, or COBYLA for the total added-mass limit) from
// the middle of the bounds, plus optional random restarts.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/inverse/inverse_run.hpp"
#include "core/model/model.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// The counterweight to choose on one body: bounds on its mass (kg) and on its centre in the
/// body frame (m; planar: z unused). A bound with min = max fixes that variable.
struct CounterweightBounds {
    std::string body; ///< body id
    double massMin = 0;
    double massMax = 1;
    Eigen::Vector3d atMin = Eigen::Vector3d::Constant(-0.1);
    Eigen::Vector3d atMax = Eigen::Vector3d::Constant(0.1);
};

enum class TorqueMeasure { Rms, Peak };

enum class BalanceAlgorithm { Bobyqa, Cobyla, Subplex, NelderMead };

/// "bobyqa", "cobyla", "sbplx", "neldermead"; empty when unknown.
std::optional<BalanceAlgorithm> balanceAlgorithmFromName(const std::string& name);

struct BalanceSettings {
    std::vector<CounterweightBounds> counterweights; ///< one per body, the design variables
    double forceWeight = 1;                          ///< w_F
    double momentWeight = 0;                         ///< w_M
    double torqueWeight = 0;                         ///< w_T
    TorqueMeasure torque = TorqueMeasure::Rms;
    std::optional<double> maxAddedMass; ///< kg: Σ of the new counterweights' masses at most this
    BalanceAlgorithm algorithm = BalanceAlgorithm::Bobyqa;
    int starts = 1;    ///< local runs: the first from the middle of the bounds, the others random
    unsigned seed = 1; ///< of the random starts
    long maxEvaluations = 2000; ///< over all starts
    double maxSeconds = 0;      ///< wall time over all starts; 0: no limit
    double xtol = 1e-10;        ///< absolute tolerance on every variable (kg, m)
    /// One cycle of the input motion: tStart, tEnd (= tStart + the period) and the sample
    /// interval. The sample at tEnd repeats the one at tStart and is not counted.
    InverseRunSettings run;
};

/// The three terms, with the new counterweights or without.
struct BalanceTerms {
    double force = 0;  ///< RMS |dynamic shaking force| (N)
    double moment = 0; ///< RMS |dynamic shaking moment| about run.shakingAbout (N·m)
    double torque = 0; ///< RMS of |τ| over the driven coordinates, or the peak |τᵢ| (N·m or N)
};

struct BalanceProgress {
    long evaluations = 0;
    double bestObjective = 0; ///< J of the best point so far (J before = Σ w with F₀, M₀, T₀ > 0)
    double seconds = 0;       ///< wall time so far
    int start = 0;            ///< which start is running (0-based)
};

struct BalanceCallbacks {
    /// After every evaluation.
    std::function<void(const BalanceProgress&)> onProgress;
    /// Before every evaluation; return false to cancel.
    std::function<bool()> shouldContinue;
};

enum class BalanceStop {
    Converged,      ///< every start met its tolerance
    MaxEvaluations, ///< the evaluation budget ran out
    MaxTime,        ///< the time limit ran out
    Cancelled,      ///< shouldContinue returned false
    Failed,         ///< an evaluation or the optimiser failed (message)
};

/// "converged", "max-evaluations", "max-time", "cancelled", "failed".
std::string balanceStopName(BalanceStop stop);

struct BalanceResult {
    bool ok = false;     ///< false: settings or the first evaluation failed (message)
    std::string message; ///< what failed and what to do
    BalanceStop stop = BalanceStop::Failed;
    BalanceTerms before;
    BalanceTerms after; ///< of the best point found (the best so far when stopped early)
    double objectiveBefore = 0;
    double objectiveAfter = 0;
    /// The best point lowers J by more than a relative 1e-9 and adds some mass.
    bool improved = false;
    /// The chosen counterweight per CounterweightBounds, in their order (mass may be 0).
    std::vector<CounterweightSpec> chosen;
    /// model.spec with the chosen counterweights appended to their bodies (named "balance", or
    /// "balance2", … when taken), leaving out a mass below 1e-9 of its upper bound; model.spec
    /// itself when not improved.
    MechanismSpec balanced;
    long evaluations = 0;
    double seconds = 0;      ///< wall time of the whole optimisation, setup included
    double setupSeconds = 0; ///< of it: the cycle's inverse dynamics and the linear model
    /// Wall time per evaluation after the setup (s).
    double secondsPerEvaluation() const {
        return evaluations > 0 ? (seconds - setupSeconds) / static_cast<double>(evaluations) : 0;
    }
    int samplesPerEvaluation = 0;
    std::string algorithm; ///< NLopt's name of what ran, e.g. "LN_BOBYQA"
};

/// Why `settings` cannot balance `model` (unknown or repeated bodies, bounds, weights, limits);
/// empty when they can.
std::string balanceSettingsError(const Model& model, const BalanceSettings& settings);

/// The terms of `model` as it is (no new counterweights) over settings.run.
BalanceTerms balanceTerms(const Model& model,
                          const std::vector<DrivenMotion>& motions,
                          const Eigen::VectorXd& qGuess,
                          const BalanceSettings& settings);

/// Runs the optimisation. `qGuess` seeds every evaluation's first assembly (as for
/// runInverseDynamics).
BalanceResult balanceCounterweights(const Model& model,
                                    const std::vector<DrivenMotion>& motions,
                                    const Eigen::VectorXd& qGuess,
                                    const BalanceSettings& settings,
                                    const BalanceCallbacks& callbacks = {});

} // namespace sslm
