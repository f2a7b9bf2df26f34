// SPDX-License-Identifier: MIT
#include "core/statics/static_equilibrium.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <utility>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include "core/kinematics/configuration.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/workspace.hpp"
#include "core/statics/reduced_statics.hpp"
#include "core/statics/static_coordinates.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

/// Newton's Jacobian step (rad or m): central differences with it are exact to ~1e-12 of K,
/// plenty for a Newton direction.
constexpr double kJacobianStep = 1e-6;
/// Fewest step halvings before a search counts as stalled.
constexpr int kMostHalvings = 30;

double largest(const Eigen::VectorXd& v) {
    return v.size() > 0 ? v.cwiseAbs().maxCoeff() : 0.0;
}

/// "theta1 (4.2 N·m)": the free coordinate with the largest unbalanced force.
std::string largestUnbalanced(const Model& model,
                              const std::vector<int>& independent,
                              const std::vector<int>& free,
                              const Eigen::VectorXd& f) {
    int worst = free.front();
    for (int i : free) {
        if (std::abs(f[i]) > std::abs(f[worst])) {
            worst = i;
        }
    }
    const Coordinate& c = model.coordinates[independent[worst]];
    return c.name + " (" + text::number(f[worst], 4) + (c.angular ? " N·m)" : " N)");
}

Eigen::VectorXd freeEntries(const Eigen::VectorXd& f, const std::vector<int>& free) {
    Eigen::VectorXd out(static_cast<Eigen::Index>(free.size()));
    for (std::size_t i = 0; i < free.size(); ++i) {
        out[static_cast<Eigen::Index>(i)] = f[free[i]];
    }
    return out;
}

/// Reactions and holding efforts at the rest pose from inverse dynamics at zero speed.
void restReactions(const Model& model, const EquilibriumOptions& options, Equilibrium& out) {
    if (!drivenCoordinatesError(model, out.independent).empty()) {
        return;
    }
    InverseDynamicsWorkspace iws(model, out.independent);
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(model.nv());
    if (!inverseDynamics(model, iws, InverseMethod::Subsystem, options.time, out.q, zero, zero)) {
        return;
    }
    out.reactions = iws.reactions;
    for (std::size_t h = 0; h < out.held.size(); ++h) {
        out.holdingEffort[static_cast<Eigen::Index>(h)] = iws.tau[out.held[h]];
    }
}

/// Closes the loops with the held values (and the file's inputs as far as the mobility allows)
/// from `guess` into q; an error naming what failed otherwise.
std::string assembleHeld(const Model& model,
                         Workspace& ws,
                         const Eigen::VectorXd& guess,
                         const EquilibriumOptions& options,
                         const std::vector<int>& heldCoordinates,
                         Eigen::VectorXd& q) {
    const auto startAtGuess = [&] {
        q = guess;
        for (const CoordinateHold& hold : options.holds) {
            q[positionIndex(model, hold.coordinate)] = hold.value;
        }
    };
    startAtGuess();
    if (model.nLoops() == 0) {
        return {};
    }
    std::vector<int> settled = heldCoordinates;
    const int mobility = model.nv() - model.nConstraints();
    for (int k : model.independent) {
        if (static_cast<int>(settled.size()) < mobility &&
            std::ranges::find(settled, k) == settled.end()) {
            settled.push_back(k);
        }
    }
    AssemblyReport report = assemble(model, ws, q, settled);
    if (!report.converged && settled.size() > heldCoordinates.size()) {
        startAtGuess();
        report = assemble(model, ws, q, heldCoordinates);
    }
    if (report.converged) {
        return {};
    }
    return "the mechanism cannot be assembled " +
           std::string(options.holds.empty() ? "at the starting pose: "
                                             : "with these held values: ") +
           report.message;
}

/// The Newton search for a rest pose over the free coordinates: the reduced statics, the force
/// f at the current pose (N or N·m per independent coordinate), its scratch, and the
/// Equilibrium it fills (iterations, error).
class RestSearch {
public:
    RestSearch(const Model& model, const EquilibriumOptions& options, Equilibrium& out)
        : m_model(model), m_options(options), m_out(out),
          m_statics(model, out.independent, options.time) {}

    ReducedStatics& statics() { return m_statics; }
    /// The force at the pose last evaluated.
    const Eigen::VectorXd& force() const { return m_f; }

    /// f at `at`; false with statics().failure().
    bool evaluate(const Eigen::VectorXd& at) {
        return m_statics.velocityBasis(at, m_basis) &&
               m_statics.force(at, m_basis, Eigen::VectorXd::Zero(m_statics.size()), m_f);
    }

    /// Newton from q (already evaluated) until the free forces are within the tolerance; false
    /// with the Equilibrium's error set.
    bool run(Eigen::VectorXd& q) {
        const double forceScale = std::max(1.0, largest(m_f));
        double travel = 0;
        for (;; ++m_out.iterations) {
            const Eigen::VectorXd residual = freeEntries(m_f, m_out.free);
            const double size = largest(residual);
            if (size <= m_options.tolerance) {
                return true;
            }
            if (m_out.iterations >= m_options.maxIterations) {
                return fail("no equilibrium near the starting pose: after " +
                            std::to_string(m_out.iterations) + " Newton steps the force at " +
                            unbalanced() +
                            " is still unbalanced (hint: start nearer a rest pose, or hold a "
                            "coordinate)");
            }
            if (!reducedStiffness(m_statics, q, m_out.free, kJacobianStep, m_jacobian)) {
                return fail(m_statics.failure());
            }
            const bool settling = settle(size);
            const Eigen::FullPivLU<Eigen::MatrixXd> lu(m_jacobian);
            if (lu.rank() < m_jacobian.rows()) {
                return fail("no equilibrium near the starting pose: the stiffness at " +
                            unbalanced() +
                            " vanishes there, so the unbalanced force has nothing to settle "
                            "against (hint: start from another pose, or hold a coordinate)");
            }
            // Newton: f(ξ + δ) ≈ f − K δ = 0
            Eigen::VectorXd delta = lu.solve(residual);
            const double longest = largest(delta);
            if (longest > m_options.maxStep) {
                delta *= m_options.maxStep / longest;
            }
            const double scale = lineSearch(q, residual, size, settling, delta);
            if (scale == 0) {
                // no step lowers |f|: at round-off or a stall; restore f at q
                if (!evaluate(q)) {
                    return fail(m_statics.failure());
                }
                if (size <= 1e-12 * forceScale) {
                    return true;
                }
                return fail("no equilibrium near the starting pose: the search stalls with the "
                            "force at " +
                            unbalanced() +
                            " unbalanced (hint: start nearer a rest pose, or hold a coordinate)");
            }
            travel += scale * largest(delta);
            q = m_trial;
            if (travel > m_options.maxTravel) {
                return fail("no equilibrium near the starting pose: the search moved more than " +
                            text::number(m_options.maxTravel, 3) + " rad or m and the force at " +
                            unbalanced() +
                            " is still unbalanced, as when a load pushes a pendulum over the top "
                            "(hint: lower the load, or hold a coordinate)");
            }
        }
    }

private:
    bool fail(std::string error) {
        m_out.error = std::move(error);
        return false;
    }

    std::string unbalanced() const {
        return largestUnbalanced(m_model, m_out.independent, m_out.free, m_f);
    }

    /// Settle: where K is not positive definite (near a hilltop or a saddle) shift it until it
    /// is, so that the step follows the force downhill instead of climbing to the top. True
    /// when shifted.
    bool settle(double size) {
        if (m_options.search != EquilibriumSearch::Settle) {
            return false;
        }
        const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(
            0.5 * (m_jacobian + m_jacobian.transpose()), Eigen::EigenvaluesOnly);
        const double lowest = eigen.eigenvalues()[0];
        const double highest = eigen.eigenvalues().cwiseAbs().maxCoeff();
        if (lowest <= 1e-8 * highest || highest == 0) {
            const double shift = -lowest + std::max(0.1 * highest, size / m_options.maxStep);
            m_jacobian.diagonal().array() += shift;
            return true;
        }
        return false;
    }

    /// Halves δ until the step is good (|f| falls; a settling step also when the forces do work
    /// on it, the potential falling by the trapezoid rule), leaving the pose in m_trial and f
    /// there; the scale taken, 0 when none is good.
    double lineSearch(const Eigen::VectorXd& q,
                      const Eigen::VectorXd& residual,
                      double size,
                      bool settling,
                      const Eigen::VectorXd& delta) {
        Eigen::VectorXd xi = Eigen::VectorXd::Zero(m_statics.size());
        for (int halving = 0; halving < kMostHalvings; ++halving) {
            const double scale = std::ldexp(1.0, -halving);
            for (std::size_t i = 0; i < m_out.free.size(); ++i) {
                xi[m_out.free[i]] = scale * delta[static_cast<Eigen::Index>(i)];
            }
            if (!m_statics.place(q, xi, m_trial) || !evaluate(m_trial)) {
                continue;
            }
            const Eigen::VectorXd moved = freeEntries(m_f, m_out.free);
            const double work = 0.5 * scale * (residual + moved).dot(delta);
            if (largest(moved) < size || (settling && work > 0)) {
                return scale;
            }
        }
        return 0;
    }

    const Model& m_model;
    const EquilibriumOptions& m_options;
    Equilibrium& m_out;
    ReducedStatics m_statics;
    Eigen::MatrixXd m_basis;
    Eigen::VectorXd m_f;
    Eigen::MatrixXd m_jacobian;
    Eigen::VectorXd m_trial;
};

/// Stability from the reduced stiffness over the free coordinates at the rest pose q; false
/// with statics.failure().
bool classifyRest(ReducedStatics& statics, const Eigen::VectorXd& q, Equilibrium& out) {
    if (out.free.empty()) {
        out.stiffnessEigenvalues.resize(0);
        out.stable = true;
        return true;
    }
    if (!reducedDerivatives(statics, q, out.free, kDerivativeStep, kDerivativeStep,
                            out.derivatives)) {
        return false;
    }
    const Eigen::MatrixXd& k = out.derivatives.stiffness;
    const double scale = k.cwiseAbs().maxCoeff();
    out.stiffnessAsymmetry = scale > 0 ? (k - k.transpose()).cwiseAbs().maxCoeff() / scale : 0;
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(0.5 * (k + k.transpose()),
                                                               Eigen::EigenvaluesOnly);
    out.stiffnessEigenvalues = eigen.eigenvalues();
    out.stable = out.stiffnessEigenvalues[0] > 0;
    return true;
}

} // namespace

Equilibrium findEquilibrium(const Model& model,
                            const Eigen::VectorXd& guess,
                            const EquilibriumOptions& options) {
    Equilibrium out;
    Workspace ws(model);
    std::vector<int> heldCoordinates;
    for (const CoordinateHold& hold : options.holds) {
        heldCoordinates.push_back(hold.coordinate);
    }
    out.error = holdsError(model, heldCoordinates);
    if (!out.ok()) {
        return out;
    }
    Eigen::VectorXd q;
    out.error = assembleHeld(model, ws, guess, options, heldCoordinates, q);
    if (!out.ok()) {
        return out;
    }
    const StaticCoordinates coordinates = chooseStaticCoordinates(model, ws, q, heldCoordinates);
    if (!coordinates.ok()) {
        out.error = coordinates.error;
        return out;
    }
    out.independent = coordinates.independent;
    out.free = coordinates.free;
    out.held = coordinates.held;
    out.holdingEffort = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(out.held.size()));

    RestSearch search(model, options, out);
    if (!search.evaluate(q)) {
        out.error = search.statics().failure();
        return out;
    }
    if (!search.run(q)) {
        return out;
    }
    const Eigen::VectorXd& f = search.force();
    out.q = q;
    out.residual = freeEntries(f, out.free);
    out.residualNorm = largest(out.residual);
    if (!classifyRest(search.statics(), q, out)) {
        out.error = search.statics().failure();
        return out;
    }
    // held coordinates' efforts default to −f (the extra force holding them), replaced by
    // inverse dynamics' driving force where it applies
    for (std::size_t h = 0; h < out.held.size(); ++h) {
        out.holdingEffort[static_cast<Eigen::Index>(h)] = -f[out.held[h]];
    }
    restReactions(model, options, out);
    return out;
}

std::vector<Equilibrium> findEquilibria(const Model& model,
                                        const Eigen::VectorXd& guess,
                                        const EquilibriumOptions& options,
                                        std::string* firstError,
                                        int limit) {
    std::vector<Equilibrium> found;
    Eigen::VectorXd difference(model.nv());
    const auto isNew = [&](const Equilibrium& e) {
        return std::ranges::none_of(found, [&](const Equilibrium& other) {
            differencePositions(model, e.q, other.q, difference);
            for (int k = 0; k < model.nv(); ++k) {
                if (model.coordinates[k].angular) {
                    difference[k] = std::remainder(difference[k], 2 * std::numbers::pi);
                }
            }
            return difference.cwiseAbs().maxCoeff() < 1e-6;
        });
    };
    const Equilibrium first = findEquilibrium(model, guess, options);
    if (first.ok()) {
        found.push_back(first);
    } else if (firstError) {
        *firstError = first.error;
    }
    if (first.independent.empty()) {
        return found;
    }
    Eigen::VectorXd start = guess;
    Eigen::VectorXd step = Eigen::VectorXd::Zero(model.nv());
    for (int i : first.free) {
        const int k = first.independent[i];
        if (!model.coordinates[k].angular) {
            continue;
        }
        for (int quarter = 1; quarter < 4 && static_cast<int>(found.size()) < limit; ++quarter) {
            step.setZero();
            step[k] = quarter * std::numbers::pi / 2;
            integratePositions(model, guess, step, 1.0, start);
            Workspace ws(model);
            if (!assemble(model, ws, start, first.independent).converged) {
                continue;
            }
            EquilibriumOptions nearest = options;
            nearest.search = EquilibriumSearch::Nearest;
            const Equilibrium another = findEquilibrium(model, start, nearest);
            if (another.ok() && isNew(another)) {
                found.push_back(another);
            }
        }
    }
    return found;
}

} // namespace sslm
