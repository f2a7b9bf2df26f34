// SPDX-License-Identifier: MIT
#include "core/statics/static_equilibrium.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

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

} // namespace

Equilibrium findEquilibrium(const Model& model,
                            const Eigen::VectorXd& guess,
                            const EquilibriumOptions& options) {
    Equilibrium out;
    Workspace ws(model);
    Eigen::VectorXd q = guess;
    std::vector<int> heldCoordinates;
    for (const CoordinateHold& hold : options.holds) {
        heldCoordinates.push_back(hold.coordinate);
    }
    out.error = holdsError(model, heldCoordinates);
    if (!out.ok()) {
        return out;
    }
    for (const CoordinateHold& hold : options.holds) {
        q[positionIndex(model, hold.coordinate)] = hold.value;
    }
    // close the loops with the held values (and the file's inputs as far as the mobility
    // allows) before choosing the coordinates there
    if (model.nLoops() > 0) {
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
            q = guess;
            for (const CoordinateHold& hold : options.holds) {
                q[positionIndex(model, hold.coordinate)] = hold.value;
            }
            report = assemble(model, ws, q, heldCoordinates);
        }
        if (!report.converged) {
            out.error = "the mechanism cannot be assembled " +
                        std::string(options.holds.empty() ? "at the starting pose: "
                                                          : "with these held values: ") +
                        report.message;
            return out;
        }
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

    ReducedStatics statics(model, out.independent, options.time);
    const int n = statics.size();
    Eigen::MatrixXd basis;
    Eigen::VectorXd f;
    const auto evaluate = [&](const Eigen::VectorXd& at) {
        return statics.velocityBasis(at, basis) &&
               statics.force(at, basis, Eigen::VectorXd::Zero(n), f);
    };
    if (!evaluate(q)) {
        out.error = statics.failure();
        return out;
    }
    const double forceScale = std::max(1.0, largest(f));
    double travel = 0;
    Eigen::MatrixXd jacobian;
    Eigen::VectorXd trial;
    for (;; ++out.iterations) {
        const Eigen::VectorXd residual = freeEntries(f, out.free);
        const double size = largest(residual);
        if (size <= options.tolerance) {
            break;
        }
        if (out.iterations >= options.maxIterations) {
            out.error = "no equilibrium near the starting pose: after " +
                        std::to_string(out.iterations) + " Newton steps the force at " +
                        largestUnbalanced(model, out.independent, out.free, f) +
                        " is still unbalanced (hint: start nearer a rest pose, or hold a "
                        "coordinate)";
            return out;
        }
        if (!reducedStiffness(statics, q, out.free, kJacobianStep, jacobian)) {
            out.error = statics.failure();
            return out;
        }
        // Settle: where K is not positive definite (near a hilltop or a saddle) shift it until
        // it is, so that the step follows the force downhill instead of climbing to the top
        bool settling = false;
        if (options.search == EquilibriumSearch::Settle) {
            const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(
                0.5 * (jacobian + jacobian.transpose()), Eigen::EigenvaluesOnly);
            const double lowest = eigen.eigenvalues()[0];
            const double highest = eigen.eigenvalues().cwiseAbs().maxCoeff();
            if (lowest <= 1e-8 * highest || highest == 0) {
                const double shift = -lowest + std::max(0.1 * highest, size / options.maxStep);
                jacobian.diagonal().array() += shift;
                settling = true;
            }
        }
        const Eigen::FullPivLU<Eigen::MatrixXd> lu(jacobian);
        if (lu.rank() < jacobian.rows()) {
            out.error = "no equilibrium near the starting pose: the stiffness at " +
                        largestUnbalanced(model, out.independent, out.free, f) +
                        " vanishes there, so the unbalanced force has nothing to settle against "
                        "(hint: start from another pose, or hold a coordinate)";
            return out;
        }
        // Newton: f(ξ + δ) ≈ f − K δ = 0
        Eigen::VectorXd delta = lu.solve(residual);
        const double longest = largest(delta);
        if (longest > options.maxStep) {
            delta *= options.maxStep / longest;
        }
        Eigen::VectorXd xi = Eigen::VectorXd::Zero(n);
        bool accepted = false;
        for (int halving = 0; halving < kMostHalvings && !accepted; ++halving) {
            const double scale = std::ldexp(1.0, -halving);
            for (std::size_t i = 0; i < out.free.size(); ++i) {
                xi[out.free[i]] = scale * delta[static_cast<Eigen::Index>(i)];
            }
            if (!statics.place(q, xi, trial) || !evaluate(trial)) {
                continue;
            }
            const Eigen::VectorXd moved = freeEntries(f, out.free);
            // a settling step is good when the forces do work on it (the potential falls, by
            // the trapezoid rule), a Newton step when |f| falls
            const double work = 0.5 * scale * (residual + moved).dot(delta);
            if (largest(moved) < size || (settling && work > 0)) {
                accepted = true;
                travel += scale * largest(delta);
            }
        }
        if (!accepted) {
            // no step lowers |f|: at round-off or a stall; restore f at q
            if (!evaluate(q)) {
                out.error = statics.failure();
                return out;
            }
            if (size <= 1e-12 * forceScale) {
                break;
            }
            out.error = "no equilibrium near the starting pose: the search stalls with the force "
                        "at " +
                        largestUnbalanced(model, out.independent, out.free, f) +
                        " unbalanced (hint: start nearer a rest pose, or hold a coordinate)";
            return out;
        }
        q = trial;
        if (travel > options.maxTravel) {
            out.error = "no equilibrium near the starting pose: the search moved more than " +
                        text::number(options.maxTravel, 3) + " rad or m and the force at " +
                        largestUnbalanced(model, out.independent, out.free, f) +
                        " is still unbalanced, as when a load pushes a pendulum over the top "
                        "(hint: lower the load, or hold a coordinate)";
            return out;
        }
    }
    out.q = q;
    out.residual = freeEntries(f, out.free);
    out.residualNorm = largest(out.residual);

    // stability from the reduced stiffness over the free coordinates
    if (!out.free.empty()) {
        if (!reducedDerivatives(statics, q, out.free, kDerivativeStep, kDerivativeStep,
                                out.derivatives)) {
            out.error = statics.failure();
            return out;
        }
        const Eigen::MatrixXd& k = out.derivatives.stiffness;
        const double scale = k.cwiseAbs().maxCoeff();
        out.stiffnessAsymmetry = scale > 0 ? (k - k.transpose()).cwiseAbs().maxCoeff() / scale : 0;
        const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(0.5 * (k + k.transpose()),
                                                                   Eigen::EigenvaluesOnly);
        out.stiffnessEigenvalues = eigen.eigenvalues();
        out.stable = out.stiffnessEigenvalues[0] > 0;
    } else {
        out.stiffnessEigenvalues.resize(0);
        out.stable = true;
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
