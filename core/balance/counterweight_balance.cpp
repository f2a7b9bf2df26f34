// SPDX-License-Identifier: MIT
// Over 600 lines: The counterweight search: variables, objective, NLopt's runs and the report share
// one evaluator of the cycle.
#include "core/balance/counterweight_balance.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>
#include <memory>
#include <random>
#include <set>
#include <span>
#include <stdexcept>

#include "core/balance/shaking_cycle.hpp"
#include "core/inverse/shaking_reactions.hpp"
#include "core/model/workspace.hpp"
#include "core/util/text.hpp"

#include <nlopt.hpp>

namespace sslm {

namespace {

using Clock = std::chrono::steady_clock;

/// The terms of one cycle for trial counterweights, from a model of them that is exact and
/// cheap. The motion does not depend on the masses, and at given q, q̇, q̈ everything a sample
/// reports (driving forces, reactions, so the shaking wrench, and the weight taken away from
/// it) is linear in each body's inertial parameters: mass m, first moment h = m c and inertia
/// about the frame origin I_O. A point mass m_w at p adds π = (m_w, m_w p, m_w (|p|² 1 − p pᵀ))
/// to them (planar: (m_w, m_w p, m_w |p|²)). So each sample's y = (F_dyn, M_dyn, τ) is
///     y = y₀ + D π,
/// y₀ of the mechanism as it is, and D found once, column by column, from the inverse dynamics
/// of the cycle's states with one parameter of one chosen body changed (exact up to round-off:
/// the change is not a derivative step). An evaluation is then one matrix–vector product over
/// the samples (a few µs for the scraper) instead of the inverse dynamics at every sample.
class Evaluator {
public:
    Evaluator(const Model& model,
              const std::vector<DrivenMotion>& motions,
              const Eigen::VectorXd& qGuess,
              const BalanceSettings& settings)
        : m_model(model), m_trial(model), m_motions(motions), m_qGuess(qGuess),
          m_settings(settings), m_ws(m_trial),
          m_variablesPerWeight(1 + model.dimension()), // mass and a point
          m_parametersPerWeight(model.isSpatial() ? 10 : 4) {
        for (const CounterweightBounds& bounds : settings.counterweights) {
            m_bodies.push_back(model.bodyIndex(bounds.body));
        }
        m_run = settings.run;
        m_run.reactions = JointReactions::Compute;
        m_run.shakingAbout = shakingPoint(model, m_run.shakingAbout);
    }

    int variablesPerWeight() const { return m_variablesPerWeight; }

    /// The counterweight of entry k of x (mass, x, y[, z]).
    CounterweightSpec counterweight(const std::vector<double>& x, std::size_t k) const {
        const std::size_t i = k * static_cast<std::size_t>(m_variablesPerWeight);
        CounterweightSpec w;
        w.mass = x[i];
        w.p_B = {x[i + 1], x[i + 2]};
        w.z_B = m_variablesPerWeight == 4 ? x[i + 3] : 0.0;
        return w;
    }

    /// The terms with the counterweights of x (empty: none); throws std::runtime_error when the
    /// inverse dynamics fails. The first call runs the whole cycle (assembly, rates,
    /// accelerations) and builds y₀ and D; later calls only evaluate y₀ + D π.
    BalanceTerms terms(const std::vector<double>& x) {
        if (m_y0.size() == 0) {
            prepare();
        }
        m_pi.setZero();
        if (!x.empty()) {
            for (std::size_t k = 0; k < m_bodies.size(); ++k) {
                addPointMass(counterweight(x, k), static_cast<Eigen::Index>(k));
            }
        }
        m_y.noalias() = m_design * m_pi;
        m_y += m_y0;
        const Eigen::Index dimension = 6 + m_torques;
        double force2 = 0;
        double moment2 = 0;
        double torque2 = 0;
        double peak = 0;
        for (int s = 0; s < m_samples; ++s) {
            const auto y = m_y.segment(s * dimension, dimension);
            force2 += y.head<3>().squaredNorm();
            moment2 += y.segment<3>(3).squaredNorm();
            if (m_torques > 0) {
                const auto tau = y.tail(m_torques);
                torque2 += tau.squaredNorm();
                peak = std::max(peak, tau.cwiseAbs().maxCoeff());
            }
        }
        const double n = static_cast<double>(m_samples);
        return {std::sqrt(force2 / n), std::sqrt(moment2 / n),
                m_settings.torque == TorqueMeasure::Peak ? peak : std::sqrt(torque2 / n)};
    }

    int samples() const { return m_samples; }
    /// Wall time of the first call: the cycle and the linear model (s).
    double setupSeconds() const { return m_setupSeconds; }

private:
    /// One sampled state of the cycle.
    struct State {
        double t = 0;
        Eigen::VectorXd q;
        Eigen::VectorXd qd;
        Eigen::VectorXd qdd;
    };

    /// π of a point mass `w` into the parameters of counterweight k.
    void addPointMass(const CounterweightSpec& w, Eigen::Index k) {
        const Eigen::Index i = k * m_parametersPerWeight;
        const Eigen::Vector3d p = w.position3();
        m_pi[i] += w.mass;
        if (m_parametersPerWeight == 4) {
            m_pi.segment<2>(i + 1) += w.mass * p.head<2>();
            m_pi[i + 3] += w.mass * p.head<2>().squaredNorm();
            return;
        }
        m_pi.segment<3>(i + 1) += w.mass * p;
        const Eigen::Matrix3d inertia =
            w.mass * (p.squaredNorm() * Eigen::Matrix3d::Identity() - p * p.transpose());
        m_pi[i + 4] += inertia(0, 0);
        m_pi[i + 5] += inertia(1, 1);
        m_pi[i + 6] += inertia(2, 2);
        m_pi[i + 7] += inertia(0, 1);
        m_pi[i + 8] += inertia(0, 2);
        m_pi[i + 9] += inertia(1, 2);
    }

    /// Sets body b of the trial model to the model's mass properties changed by `delta` in
    /// parameter j (m, h, I_O as in addPointMass); delta = 0 restores it.
    void setBody(int b, int j, double delta) {
        const Body& base = m_model.bodies[static_cast<std::size_t>(b)];
        const bool planar = m_parametersPerWeight == 4;
        Eigen::Vector3d c = base.com_B;
        if (planar) {
            c.z() = 0; // the plane's z moment only
        }
        double mass = base.mass;
        Eigen::Vector3d first = base.mass * c;
        Eigen::Matrix3d aboutOrigin =
            base.inertia_B +
            base.mass * (c.squaredNorm() * Eigen::Matrix3d::Identity() - c * c.transpose());
        if (j == 0) {
            mass += delta;
        } else if (j <= (planar ? 2 : 3)) {
            first[j - 1] += delta;
        } else if (planar) {
            aboutOrigin(2, 2) += delta;
        } else if (j <= 6) {
            aboutOrigin(j - 4, j - 4) += delta;
        } else {
            const int row = j == 9 ? 1 : 0;
            const int column = j == 7 ? 1 : 2;
            aboutOrigin(row, column) += delta;
            aboutOrigin(column, row) += delta;
        }
        Body& body = m_trial.bodies[static_cast<std::size_t>(b)];
        const Eigen::Vector3d com = first / mass;
        body.mass = mass;
        body.com_B = com;
        body.inertia_B = aboutOrigin - mass * (com.squaredNorm() * Eigen::Matrix3d::Identity() -
                                               com * com.transpose());
    }

    /// The size of the changes D is found with: the bounds' scale, so that round-off stays
    /// relative to what the optimiser can reach.
    double parameterStep(std::size_t k, int j) const {
        const CounterweightBounds& w = m_settings.counterweights[k];
        const double mass = std::max({std::abs(w.massMin), std::abs(w.massMax), 1e-3});
        const double reach =
            std::max({w.atMin.cwiseAbs().maxCoeff(), w.atMax.cwiseAbs().maxCoeff(), 1e-3});
        const int moments = m_parametersPerWeight == 4 ? 2 : 3;
        return j == 0 ? mass : j <= moments ? mass * reach : mass * reach * reach;
    }

    /// Sample s's y = (F_dyn, M_dyn, τ) of the trial model into `out`.
    void record(const Eigen::VectorXd& q,
                const ShakingWrench& shaking,
                const Eigen::VectorXd& tau,
                Eigen::Ref<Eigen::VectorXd> out) {
        const ShakingWrench dynamic = dynamicShaking(shaking, m_trial, m_ws, q, m_run.shakingAbout);
        out.head<3>() = dynamic.force;
        out.segment<3>(3) = dynamic.moment;
        out.tail(m_torques) = tau;
    }

    /// Runs the cycle once (keeping its states and y₀), then finds D.
    void prepare() {
        const auto started = Clock::now();
        m_torques = static_cast<Eigen::Index>(m_motions.size());
        const Eigen::Index dimension = 6 + m_torques;
        std::vector<Eigen::VectorXd> y0;
        const double lastTime = m_run.tEnd - 1e-9 * m_run.sampleInterval;
        InverseRunCallbacks callbacks;
        callbacks.onSample = [&](const InverseSample& sample) {
            if (sample.t >= lastTime && !m_cycle.empty()) {
                return; // the end of the cycle repeats its start
            }
            Eigen::VectorXd y(dimension);
            record(sample.q, sample.shaking, sample.tau, y);
            y0.push_back(std::move(y));
            m_cycle.push_back({sample.t, sample.q, sample.qd, sample.qdd});
        };
        const InverseRunSummary summary =
            runInverseDynamics(m_trial, m_motions, m_qGuess, m_run, callbacks);
        if (!summary.ok || m_cycle.empty()) {
            m_cycle.clear();
            throw std::runtime_error("the inverse-dynamics run failed: " + summary.message);
        }
        m_samples = static_cast<int>(m_cycle.size());
        m_y0.resize(dimension * m_samples);
        for (int s = 0; s < m_samples; ++s) {
            m_y0.segment(s * dimension, dimension) = y0[static_cast<std::size_t>(s)];
        }
        std::vector<int> driven;
        std::ranges::transform(m_motions, std::back_inserter(driven), &DrivenMotion::coordinate);
        m_inverse = std::make_unique<InverseDynamicsWorkspace>(m_trial, driven);
        const Eigen::Index parameters =
            static_cast<Eigen::Index>(m_bodies.size()) * m_parametersPerWeight;
        m_design.resize(m_y0.size(), parameters);
        m_pi.resize(parameters);
        m_y.resize(m_y0.size());
        Eigen::VectorXd changed(m_y0.size());
        for (std::size_t k = 0; k < m_bodies.size(); ++k) {
            for (int j = 0; j < m_parametersPerWeight; ++j) {
                const double step = parameterStep(k, j);
                setBody(m_bodies[k], j, step);
                replay(changed);
                setBody(m_bodies[k], j, 0.0);
                m_design.col(static_cast<Eigen::Index>(k) * m_parametersPerWeight + j) =
                    (changed - m_y0) / step;
            }
        }
        m_setupSeconds = std::chrono::duration<double>(Clock::now() - started).count();
    }

    /// y of every recorded state for the trial model as it is now.
    void replay(Eigen::VectorXd& out) {
        const Eigen::Index dimension = 6 + m_torques;
        const Eigen::Vector3d& origin = m_run.shakingAbout;
        for (int s = 0; s < m_samples; ++s) {
            const State& state = m_cycle[static_cast<std::size_t>(s)];
            if (!inverseDynamics(m_trial, *m_inverse, m_run.method, state.t, state.q, state.qd,
                                 state.qdd, JointReactions::Compute)) {
                throw std::runtime_error("the inverse dynamics failed at t = " +
                                         std::to_string(state.t) + " s: " + m_inverse->failure);
            }
            record(state.q, shakingFromReactions(m_trial, *m_inverse, origin), m_inverse->tau,
                   out.segment(s * dimension, dimension));
        }
    }

    const Model& m_model; ///< as it is: the trial's mass properties without counterweights
    Model m_trial;
    const std::vector<DrivenMotion>& m_motions;
    const Eigen::VectorXd& m_qGuess;
    const BalanceSettings& m_settings;
    Workspace m_ws;
    int m_variablesPerWeight;
    int m_parametersPerWeight;
    std::vector<int> m_bodies;
    InverseRunSettings m_run;
    int m_samples = 0;
    Eigen::Index m_torques = 0;
    std::vector<State> m_cycle;
    Eigen::VectorXd m_y0;     ///< y₀ of every sample, one after the other
    Eigen::MatrixXd m_design; ///< D: one column per parameter of every counterweight
    Eigen::VectorXd m_pi;     ///< π of the trial counterweights
    Eigen::VectorXd m_y;      ///< y of the trial
    double m_setupSeconds = 0;
    std::unique_ptr<InverseDynamicsWorkspace> m_inverse;
};

/// J of `terms` against the terms before.
double objective(const BalanceSettings& s, const BalanceTerms& terms, const BalanceTerms& before) {
    const auto ratio2 = [](double value, double reference) {
        const double r = reference > 0 ? value / reference : value;
        return r * r;
    };
    return s.forceWeight * ratio2(terms.force, before.force) +
           s.momentWeight * ratio2(terms.moment, before.moment) +
           s.torqueWeight * ratio2(terms.torque, before.torque);
}

/// NLopt's local derivative-free algorithms and their names, in BalanceAlgorithm's order.
constexpr std::pair<nlopt::algorithm, const char*> kNloptNames[] = {
    {nlopt::LN_BOBYQA, "LN_BOBYQA"},
    {nlopt::LN_COBYLA, "LN_COBYLA"},
    {nlopt::LN_SBPLX, "LN_SBPLX"},
    {nlopt::LN_NELDERMEAD, "LN_NELDERMEAD"}};

/// A name for a new counterweight on `body` that it does not have yet.
std::string freshName(const BodySpec& body) {
    for (int n = 1;; ++n) {
        const std::string name = n == 1 ? "balance" : "balance" + std::to_string(n);
        if (std::ranges::none_of(body.counterweights,
                                 [&](const CounterweightSpec& w) { return w.name == name; })) {
            return name;
        }
    }
}

/// The variables of the search, mass, x, y[, z] per counterweight, with their bounds; the free
/// ones (min < max) are NLopt's, the fixed ones stay out of it.
struct Variables {
    int per = 0; ///< variables per counterweight
    std::vector<double> lower;
    std::vector<double> upper;
    std::vector<std::size_t> free;

    /// The sum of the masses of `x`.
    double addedMass(const std::vector<double>& x) const {
        double sum = 0;
        for (std::size_t i = 0; i < lower.size(); i += static_cast<std::size_t>(per)) {
            sum += x[i];
        }
        return sum;
    }

    /// Scales the masses of `x` down towards their lower bounds into `maxAddedMass`, if any.
    void makeFeasible(std::vector<double>& x, const std::optional<double>& maxAddedMass) const {
        if (!maxAddedMass) {
            return;
        }
        const double least = addedMass(lower);
        const double sum = addedMass(x);
        if (sum > *maxAddedMass && sum > least) {
            const double f = (*maxAddedMass - least) / (sum - least);
            for (std::size_t i = 0; i < lower.size(); i += static_cast<std::size_t>(per)) {
                x[i] = lower[i] + f * (x[i] - lower[i]);
            }
        }
    }
};

/// The variables of `settings`' counterweights, `per` of them each.
Variables balanceVariables(const BalanceSettings& settings, int per) {
    Variables v;
    v.per = per;
    const std::size_t n = settings.counterweights.size() * static_cast<std::size_t>(per);
    v.lower.resize(n);
    v.upper.resize(n);
    for (std::size_t k = 0; k < settings.counterweights.size(); ++k) {
        const CounterweightBounds& w = settings.counterweights[k];
        const std::size_t i = k * static_cast<std::size_t>(per);
        v.lower[i] = w.massMin;
        v.upper[i] = w.massMax;
        for (int d = 0; d < per - 1; ++d) {
            v.lower[i + 1 + d] = w.atMin[d];
            v.upper[i + 1 + d] = w.atMax[d];
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (v.upper[i] > v.lower[i]) {
            v.free.push_back(i);
        }
    }
    return v;
}

/// The middle of the bounds, its masses scaled down into the added-mass limit: the first start.
std::vector<double> middleStart(const Variables& v, const std::optional<double>& maxAddedMass) {
    std::vector<double> full(v.lower.size());
    for (std::size_t i = 0; i < full.size(); ++i) {
        full[i] = 0.5 * (v.lower[i] + v.upper[i]);
    }
    v.makeFeasible(full, maxAddedMass);
    return full;
}

using VectorFunction = std::function<double(const std::vector<double>&)>;

/// What NLopt's callbacks need: a function of the full vector, which they fill in.
struct NloptContext {
    const VectorFunction* function;
    std::vector<double>* full;
    const std::vector<std::size_t>* free;
};

/// NLopt's objective or constraint: the free variables `v` into the full vector, then the
/// context's function of it.
double nloptCall(unsigned m, const double* v, double* /*gradient*/, void* data) {
    auto* c = static_cast<NloptContext*>(data);
    for (unsigned j = 0; j < m; ++j) {
        (*c->full)[(*c->free)[j]] = v[j];
    }
    return (*c->function)(*c->full);
}

/// The best point of a search so far and how the search went.
struct SearchOutcome {
    std::vector<double> best;
    double bestObjective = 0;
    BalanceTerms bestTerms;
    long evaluations = 0;
    std::optional<BalanceStop> stopReason; ///< why evaluate() stopped NLopt
    std::string failure;
};

/// NLopt's local searches from several starts. Every evaluation of the objective goes through
/// evaluate(), which keeps the best point within the added-mass limit and stops NLopt, by
/// nlopt::forced_stop (its wrapper turns an exception in the objective into its own
/// forced_stop: the reason is kept here), on a cancel, a limit or a failure.
class Search {
public:
    Search(Evaluator& evaluator,
           const BalanceSettings& settings,
           const BalanceCallbacks& callbacks,
           const Variables& variables,
           Clock::time_point started)
        : m_evaluator(evaluator), m_settings(settings), m_callbacks(callbacks),
          m_variables(variables), m_started(started) {}

    /// "No counterweight" (`full` with no mass) is the best point until something better is
    /// found; `before` the terms J is measured against, `jBefore` J of them.
    void begin(const std::vector<double>& full, const BalanceTerms& before, double jBefore) {
        m_before = before;
        m_outcome.best = full;
        for (std::size_t i = 0; i < full.size(); i += static_cast<std::size_t>(m_variables.per)) {
            m_outcome.best[i] = 0;
        }
        m_outcome.bestObjective = jBefore;
        m_outcome.bestTerms = before;
    }

    /// Runs the starts (`full` first, then random points in the bounds); why it stopped.
    BalanceStop run(const std::vector<double>& full, nlopt::algorithm algorithm, bool constrained) {
        const VectorFunction objectiveOf = [this](const std::vector<double>& x) {
            return evaluate(x);
        };
        // Σ added mass − limit ≤ 0
        const VectorFunction massExcess = [this](const std::vector<double>& x) {
            return m_variables.addedMass(x) - m_settings.maxAddedMass.value_or(0);
        };
        const std::vector<std::size_t>& free = m_variables.free;
        std::mt19937 random(m_settings.seed);
        try {
            if (free.empty()) {
                objectiveOf(full);
            }
            for (m_start = 0; m_start < m_settings.starts && !free.empty(); ++m_start) {
                std::vector<double> x0 = full;
                if (m_start > 0) {
                    for (std::size_t i : free) {
                        x0[i] = std::uniform_real_distribution<double>(
                            m_variables.lower[i], m_variables.upper[i])(random);
                    }
                    m_variables.makeFeasible(x0, m_settings.maxAddedMass);
                }
                optimiseFrom(x0, algorithm, constrained ? &massExcess : nullptr, objectiveOf);
            }
        } catch (const nlopt::forced_stop&) {
            return m_outcome.stopReason.value_or(BalanceStop::Cancelled);
        } catch (const std::exception& e) {
            m_outcome.failure = e.what();
            return BalanceStop::Failed;
        }
        return BalanceStop::Converged;
    }

    const SearchOutcome& outcome() const { return m_outcome; }

    /// Wall time since the balancing started (s).
    double elapsed() const {
        return std::chrono::duration<double>(Clock::now() - m_started).count();
    }

private:
    /// J at the full vector x, after the checks that may stop the search.
    double evaluate(const std::vector<double>& x) {
        if (m_callbacks.shouldContinue && !m_callbacks.shouldContinue()) {
            stopWith(BalanceStop::Cancelled);
        }
        if (m_outcome.evaluations >= m_settings.maxEvaluations) {
            stopWith(BalanceStop::MaxEvaluations);
        }
        if (m_settings.maxSeconds > 0 && elapsed() >= m_settings.maxSeconds) {
            stopWith(BalanceStop::MaxTime);
        }
        BalanceTerms terms;
        try {
            terms = m_evaluator.terms(x);
        } catch (const std::exception& e) {
            m_outcome.failure = e.what();
            stopWith(BalanceStop::Failed);
        }
        ++m_outcome.evaluations;
        const double value = objective(m_settings, terms, m_before);
        const bool withinLimit =
            !m_settings.maxAddedMass ||
            m_variables.addedMass(x) <= *m_settings.maxAddedMass * (1 + 1e-9) + 1e-12;
        if (value < m_outcome.bestObjective && withinLimit) {
            m_outcome.bestObjective = value;
            m_outcome.bestTerms = terms;
            m_outcome.best = x;
        }
        if (m_callbacks.onProgress) {
            m_callbacks.onProgress(
                {m_outcome.evaluations, m_outcome.bestObjective, elapsed(), m_start});
        }
        return value;
    }

    [[noreturn]] void stopWith(BalanceStop reason) {
        m_outcome.stopReason = reason;
        throw nlopt::forced_stop();
    }

    /// One local search from x0 over the free variables, under `massExcess` ≤ 0 if given.
    void optimiseFrom(const std::vector<double>& x0,
                      nlopt::algorithm algorithm,
                      const VectorFunction* massExcess,
                      const VectorFunction& objectiveOf) {
        const std::vector<std::size_t>& free = m_variables.free;
        std::vector<double> trial = x0;
        std::vector<double> constraintTrial = x0;
        NloptContext objectiveContext{&objectiveOf, &trial, &free};
        NloptContext constraintContext{massExcess, &constraintTrial, &free};
        nlopt::opt opt(algorithm, static_cast<unsigned>(free.size()));
        std::vector<double> lb;
        std::vector<double> ub;
        std::vector<double> step;
        std::vector<double> y;
        for (std::size_t i : free) {
            lb.push_back(m_variables.lower[i]);
            ub.push_back(m_variables.upper[i]);
            step.push_back(0.25 * (m_variables.upper[i] - m_variables.lower[i]));
            y.push_back(x0[i]);
        }
        opt.set_lower_bounds(lb);
        opt.set_upper_bounds(ub);
        opt.set_initial_step(step);
        opt.set_xtol_abs(m_settings.xtol);
        opt.set_min_objective(nloptCall, &objectiveContext);
        if (massExcess != nullptr) {
            opt.add_inequality_constraint(nloptCall, &constraintContext, 1e-12);
        }
        double value = 0;
        try {
            opt.optimize(y, value);
        } catch (const nlopt::roundoff_limited&) {
            // as good as it gets in floating point: this start has converged
        }
    }

    Evaluator& m_evaluator;
    const BalanceSettings& m_settings;
    const BalanceCallbacks& m_callbacks;
    const Variables& m_variables;
    Clock::time_point m_started;
    BalanceTerms m_before;
    int m_start = 0;
    SearchOutcome m_outcome;
};

/// The counterweights of `best` into result.chosen and, when they improve J, onto the bodies of
/// result.balanced (those of negligible mass left out).
void addChosen(BalanceResult& result,
               const Evaluator& evaluator,
               const std::vector<double>& best,
               const BalanceSettings& settings) {
    // a mass below 1e-9 of its upper bound is the optimiser's rounding of "none"
    const auto negligible = [&](std::size_t k) {
        return !(result.chosen[k].mass > 1e-9 * settings.counterweights[k].massMax);
    };
    bool adds = false;
    for (std::size_t k = 0; k < settings.counterweights.size(); ++k) {
        result.chosen.push_back(evaluator.counterweight(best, k));
        adds = adds || !negligible(k);
    }
    result.improved = adds && result.objectiveAfter < result.objectiveBefore * (1 - 1e-9);
    if (!result.improved) {
        return;
    }
    for (std::size_t k = 0; k < settings.counterweights.size(); ++k) {
        if (negligible(k)) {
            continue;
        }
        if (BodySpec* body = findBody(result.balanced, settings.counterweights[k].body)) {
            result.chosen[k].name = freshName(*body);
            body->counterweights.push_back(result.chosen[k]);
        }
    }
}

} // namespace

std::optional<BalanceAlgorithm> balanceAlgorithmFromName(const std::string& name) {
    static constexpr std::pair<BalanceAlgorithm, const char*> kNames[] = {
        {BalanceAlgorithm::Bobyqa, "bobyqa"},
        {BalanceAlgorithm::Cobyla, "cobyla"},
        {BalanceAlgorithm::Subplex, "sbplx"},
        {BalanceAlgorithm::NelderMead, "neldermead"}};
    return text::kindIn(kNames, name);
}

std::string balanceStopName(BalanceStop stop) {
    static constexpr std::pair<BalanceStop, const char*> kNames[] = {
        {BalanceStop::Converged, "converged"},
        {BalanceStop::MaxEvaluations, "max-evaluations"},
        {BalanceStop::MaxTime, "max-time"},
        {BalanceStop::Cancelled, "cancelled"},
        {BalanceStop::Failed, "failed"}};
    return text::nameIn(kNames, stop, "failed");
}

std::string balanceSettingsError(const Model& model, const BalanceSettings& s) {
    if (s.counterweights.empty()) {
        return "no body to balance: name at least one body to carry a counterweight";
    }
    std::set<std::string> seen;
    const int dims = model.dimension();
    for (const CounterweightBounds& w : s.counterweights) {
        if (model.bodyIndex(w.body) <= 0) { // the ground carries none
            return "no body '" + w.body + "' in the mechanism; its bodies are " +
                   text::joined(std::span(model.bodies).subspan(1), ", ", &Body::id);
        }
        if (!seen.insert(w.body).second) {
            return "body '" + w.body + "' is named twice: one counterweight per body";
        }
        if (!(w.massMin >= 0) || !(w.massMax >= w.massMin) || !std::isfinite(w.massMax)) {
            return "the mass bounds of body '" + w.body + "' must satisfy 0 <= min <= max (got " +
                   text::number(w.massMin, 6) + ":" + text::number(w.massMax, 6) + " kg)";
        }
        for (int i = 0; i < dims; ++i) {
            if (!std::isfinite(w.atMin[i]) || !std::isfinite(w.atMax[i]) ||
                !(w.atMax[i] >= w.atMin[i])) {
                return "the position bounds of body '" + w.body +
                       "' must be finite with min <= "
                       "max in every coordinate";
            }
        }
    }
    for (const double weight : {s.forceWeight, s.momentWeight, s.torqueWeight}) {
        if (!(weight >= 0) || !std::isfinite(weight)) {
            return "the weights of the objective must be finite and >= 0";
        }
    }
    if (s.forceWeight + s.momentWeight + s.torqueWeight <= 0) {
        return "every weight of the objective is 0: give force, moment or torque a weight";
    }
    if (s.maxAddedMass) {
        double least = 0;
        for (const CounterweightBounds& w : s.counterweights) {
            least += w.massMin;
        }
        if (!(*s.maxAddedMass >= least) || !std::isfinite(*s.maxAddedMass)) {
            return "the added-mass limit " + text::number(*s.maxAddedMass, 6) +
                   " kg is below the sum of the lower mass bounds, " + text::number(least, 6) +
                   " kg";
        }
    }
    if (s.starts < 1 || s.maxEvaluations < 1 || !(s.maxSeconds >= 0) || !(s.xtol > 0)) {
        return "starts and the evaluation limit must be >= 1, the time limit >= 0 and the "
               "tolerance > 0";
    }
    if (!(s.run.tEnd > s.run.tStart) || !(s.run.sampleInterval > 0)) {
        return "the cycle needs an end after its start and a positive sample interval";
    }
    return {};
}

BalanceTerms balanceTerms(const Model& model,
                          const std::vector<DrivenMotion>& motions,
                          const Eigen::VectorXd& qGuess,
                          const BalanceSettings& settings) {
    Evaluator evaluator(model, motions, qGuess, settings);
    return evaluator.terms({});
}

BalanceResult balanceCounterweights(const Model& model,
                                    const std::vector<DrivenMotion>& motions,
                                    const Eigen::VectorXd& qGuess,
                                    const BalanceSettings& settings,
                                    const BalanceCallbacks& callbacks) {
    BalanceResult result;
    result.balanced = model.spec;
    if (std::string error = balanceSettingsError(model, settings); !error.empty()) {
        result.message = std::move(error);
        return result;
    }
    const auto started = Clock::now();
    Evaluator evaluator(model, motions, qGuess, settings);
    try {
        result.before = evaluator.terms({});
    } catch (const std::exception& e) {
        result.message = e.what();
        return result;
    }
    result.samplesPerEvaluation = evaluator.samples();
    result.setupSeconds = evaluator.setupSeconds();
    result.objectiveBefore = objective(settings, result.before, result.before);

    const Variables variables = balanceVariables(settings, evaluator.variablesPerWeight());
    const std::vector<double> full = middleStart(variables, settings.maxAddedMass);
    Search search(evaluator, settings, callbacks, variables, started);
    search.begin(full, result.before, result.objectiveBefore);
    const bool constrained = settings.maxAddedMass.has_value();
    // COBYLA: the local derivative-free method with constraints
    const nlopt::algorithm algorithm =
        constrained ? nlopt::LN_COBYLA : kNloptNames[static_cast<int>(settings.algorithm)].first;
    result.algorithm = text::nameIn(kNloptNames, algorithm, "LN_NELDERMEAD");
    const BalanceStop stop = search.run(full, algorithm, constrained);

    const SearchOutcome& outcome = search.outcome();
    result.ok = true;
    result.stop = stop;
    result.message = outcome.failure;
    result.evaluations = outcome.evaluations;
    result.seconds = search.elapsed();
    result.after = outcome.bestTerms;
    result.objectiveAfter = outcome.bestObjective;
    addChosen(result, evaluator, outcome.best, settings);
    return result;
}

} // namespace sslm
