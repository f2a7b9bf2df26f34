// SPDX-License-Identifier: MIT
#include "core/inverse/inverse_run.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>

#include "core/dynamics/applied_forces.hpp"
#include "core/dynamics/energies.hpp"
#include "core/dynamics/shaking_wrench.hpp"
#include "core/inverse/shaking_reactions.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

using Clock = std::chrono::steady_clock;

/// Sample times closer than this to tEnd (relative to the interval) are merged with it.
constexpr double kTimeSlack = 1e-9;

std::string timeText(double t) {
    return "t = " + text::number(t, 6) + " s";
}

/// The kinematic state the run carries from sample to sample.
struct State {
    double t = 0;
    Eigen::VectorXd q;
    Eigen::VectorXd qd;
    Eigen::VectorXd qdd;
    double residual = 0;         ///< max |Φ| of the last assembly
    double minSingularValue = 0; ///< σ_min(J_dep) of the last assembly
};

class Runner {
public:
    Runner(const Model& model,
           const std::vector<DrivenMotion>& motions,
           const InverseRunSettings& settings)
        : m_model(model), m_motions(motions), m_settings(settings), m_ws(model), m_rate(model.nv()),
          m_correction(model.nv()) {
        std::ranges::transform(motions, std::back_inserter(m_driven), &DrivenMotion::coordinate);
    }

    const std::vector<int>& driven() const { return m_driven; }

    /// First pose: the branch nearest the guess.
    bool start(double t, const Eigen::VectorXd& qGuess, State& state, std::string& error) {
        state.q = qGuess;
        state.qd = Eigen::VectorXd::Zero(m_model.nv());
        state.qdd = Eigen::VectorXd::Zero(m_model.nv());
        return assembleAt(t, state.q, state, error);
    }

    /// From state.t to t1, in sub-steps predicted along q̇ and q̈ so that the branch is kept.
    bool advance(double t1, State& state, std::string& error) {
        double step = t1 - state.t;
        int halvings = 0;
        Eigen::VectorXd trial(m_model.nq());
        while (state.t < t1) {
            const double t = step >= t1 - state.t ? t1 : state.t + step;
            const double h = t - state.t;
            // along the manifold: q ⊕ (q̇ + ½ h q̈) h
            m_rate = state.qd + 0.5 * h * state.qdd;
            integratePositions(m_model, state.q, m_rate, h, trial);
            const Eigen::VectorXd predicted = trial;
            State next = state;
            std::string stepError;
            bool good = assembleAt(t, trial, next, stepError);
            // the largest move of a dependent coordinate (the driven ones follow their laws)
            differencePositions(m_model, trial, predicted, m_correction);
            m_correction(m_driven).setZero();
            const double correction = m_correction.cwiseAbs().maxCoeff();
            if (good && correction > m_settings.maxCorrection) {
                good = false;
                stepError = "at " + timeText(t) + " the assembly moves " +
                            text::number(correction, 3) +
                            " (rad or m) away from the pose predicted from " + timeText(state.t) +
                            " even in sub-steps of " + text::number(h, 3) +
                            " s: the motion passes a toggle or branch point where the driven "
                            "coordinates no longer determine the pose; stop the motion before "
                            "it or drive other coordinates";
            }
            if (!good) {
                if (++halvings > m_settings.maxHalvings) {
                    error = stepError;
                    return false;
                }
                step = 0.5 * h;
                continue;
            }
            state = std::move(next);
            step = std::min(2.0 * step, t1 - state.t); // grow back after a hard stretch
        }
        return true;
    }

    long assemblies() const { return m_assemblies; }

private:
    /// Assembles q (guess in, pose out) with the driven values at t, then rates and
    /// accelerations, into state.
    bool assembleAt(double t, Eigen::VectorXd& q, State& state, std::string& error) {
        for (const DrivenMotion& motion : m_motions) {
            q[positionIndex(m_model, motion.coordinate)] = motionAt(motion.law, t).q;
        }
        ++m_assemblies;
        const AssemblyReport report = assemble(m_model, m_ws, q, m_driven, {}, m_settings.assembly);
        if (!report.converged) {
            error = "at " + timeText(t) + " the mechanism cannot be assembled: " + report.message +
                    ". The prescribed motion takes the mechanism out of its reach (e.g. a "
                    "rocker driven past its limit): shorten or slow the motion, or drive "
                    "another coordinate";
            return false;
        }
        if (m_model.nLoops() > 0 &&
            report.minSingularValue < m_settings.assembly.minSingularValue) {
            error = "at " + timeText(t) +
                    " the pose is singular (σ_min of the loops' Jacobian "
                    "in the dependent coordinates = " +
                    text::number(report.minSingularValue, 3) +
                    "): a toggle or dead-centre position, where the driven coordinates do not "
                    "determine the others; stop the motion before it or drive other coordinates";
            return false;
        }
        state.t = t;
        state.q = q;
        state.residual = report.residual;
        state.minSingularValue = report.minSingularValue;
        for (const DrivenMotion& motion : m_motions) {
            const MotionValue value = motionAt(motion.law, t);
            state.qd[motion.coordinate] = value.qd;
            state.qdd[motion.coordinate] = value.qdd;
        }
        solveVelocities(m_model, m_ws, state.q, state.qd, m_driven);
        solveAccelerations(m_model, m_ws, state.q, state.qd, state.qdd, m_driven);
        return true;
    }

    const Model& m_model;
    const std::vector<DrivenMotion>& m_motions;
    const InverseRunSettings& m_settings;
    Workspace m_ws;
    std::vector<int> m_driven;
    Eigen::VectorXd m_rate;       ///< nv: the prediction's mean rate
    Eigen::VectorXd m_correction; ///< nv: assembled minus predicted pose
    long m_assemblies = 0;
};

/// Energies and traced points at the state last evaluated in ws.
void fillOutputs(const Model& model, const Workspace& ws, InverseSample& sample) {
    sample.kineticEnergy = kineticEnergy(model, ws);
    sample.potentialEnergy = gravityPotentialEnergy(model, ws) + springEnergy(model, ws);
    sample.points.resize(model.tracedPoints.size());
    for (std::size_t i = 0; i < model.tracedPoints.size(); ++i) {
        const TracedPoint& point = model.tracedPoints[i];
        sample.points[i] = pointPosition(ws, point.body, point.p_B);
    }
}

} // namespace

std::string inverseRunError(const Model& model,
                            const std::vector<DrivenMotion>& motions,
                            const InverseRunSettings& settings) {
    std::vector<int> driven;
    std::ranges::transform(motions, std::back_inserter(driven), &DrivenMotion::coordinate);
    if (std::string error = drivenCoordinatesError(model, driven); !error.empty()) {
        return error;
    }
    for (const DrivenMotion& motion : motions) {
        if (std::string error = motionLawError(motion.law); !error.empty()) {
            return "the motion of " + model.coordinates[motion.coordinate].name + ": " + error;
        }
    }
    if (!(settings.sampleInterval > 0.0) || !std::isfinite(settings.sampleInterval)) {
        return "the sample interval must be positive, it is " +
               text::number(settings.sampleInterval, 3) + " s";
    }
    if (!(settings.tEnd >= settings.tStart) || !std::isfinite(settings.tStart) ||
        !std::isfinite(settings.tEnd)) {
        return "the run must end (" + text::number(settings.tEnd, 3) +
               " s) at or after its start (" + text::number(settings.tStart, 3) + " s)";
    }
    if (!(settings.maxCorrection > 0.0)) {
        return "the largest assembly correction must be positive";
    }
    return {};
}

InverseRunSummary runInverseDynamics(const Model& model,
                                     const std::vector<DrivenMotion>& motions,
                                     const Eigen::VectorXd& qGuess,
                                     const InverseRunSettings& settings,
                                     const InverseRunCallbacks& callbacks) {
    const Clock::time_point started = Clock::now();
    InverseRunSummary summary;
    summary.endTime = settings.tStart;
    summary.message = inverseRunError(model, motions, settings);
    if (summary.message.empty() && qGuess.size() != model.nq()) {
        summary.message = "the starting guess has " + std::to_string(qGuess.size()) +
                          " coordinates but the model has " + std::to_string(model.nq());
    }
    if (!summary.message.empty()) {
        return summary;
    }

    Runner runner(model, motions, settings);
    InverseDynamicsWorkspace iws(model, runner.driven());
    summary.plan = describePlan(model, iws);

    const double span = settings.tEnd - settings.tStart;
    const long intervals =
        std::max(0L, static_cast<long>(std::ceil(span / settings.sampleInterval - kTimeSlack)));
    InverseSample sample;
    Eigen::MatrixXd jacobianScratch; ///< shakingFromMotion's (planar)
    State state;
    std::string error;
    for (long k = 0; k <= intervals; ++k) {
        const double t = k == intervals
                             ? settings.tEnd
                             : settings.tStart + static_cast<double>(k) * settings.sampleInterval;
        const bool placed =
            k == 0 ? runner.start(t, qGuess, state, error) : runner.advance(t, state, error);
        if (!placed) {
            summary.message = error;
            break;
        }
        const Clock::time_point before = Clock::now();
        const bool solved = inverseDynamics(model, iws, settings.method, t, state.q, state.qd,
                                            state.qdd, settings.reactions);
        sample.cpuNs = static_cast<double>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - before).count());
        if (!solved) {
            summary.message = "at " + timeText(t) + ": " + iws.failure;
            break;
        }
        const Eigen::VectorXd& tau = iws.tau;
        const double conditioning = iws.conditioning;
        sample.t = t;
        sample.q = state.q;
        sample.qd = state.qd;
        sample.qdd = state.qdd;
        sample.tau = tau;
        sample.lambda = iws.lambda;
        sample.reactions.clear();
        const Eigen::Vector3d& origin = settings.shakingAbout;
        if (settings.reactions == JointReactions::Compute) {
            sample.reactions = iws.reactions;
            sample.shaking = shakingFromReactions(model, iws, origin);
        } else {
            sample.shaking = shakingFromMotion(model, iws.ws, state.qdd, origin, jacobianScratch);
        }
        sample.drivePower = 0;
        for (std::size_t d = 0; d < motions.size(); ++d) {
            sample.drivePower +=
                tau[static_cast<Eigen::Index>(d)] * state.qd[motions[d].coordinate];
        }
        sample.positionViolation = state.residual;
        sample.minSingularValue = state.minSingularValue;
        sample.conditioning = conditioning;
        fillOutputs(model, iws.ws, sample);

        ++summary.samples;
        summary.shaking.add(sample.shaking);
        summary.endTime = t;
        summary.maxPositionViolation = std::max(summary.maxPositionViolation, state.residual);
        if (conditioning < summary.minConditioning) {
            summary.minConditioning = conditioning;
            summary.minConditioningTime = t;
        }
        if (callbacks.onSample) {
            callbacks.onSample(sample);
        }
        if (callbacks.shouldContinue && !callbacks.shouldContinue(t)) {
            summary.cancelled = true;
            break;
        }
    }
    summary.ok = summary.message.empty() && !summary.cancelled;
    summary.assemblies = runner.assemblies();
    summary.wallSeconds = std::chrono::duration<double>(Clock::now() - started).count();
    return summary;
}

} // namespace sslm
