// SPDX-License-Identifier: MIT
#include "core/kinematics/position_analysis.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>

#include "core/kinematics/assembler.hpp"
#include "core/kinematics/closed_form_solution.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/dependent_coordinates.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/spatial/planar.hpp"

namespace sslm {

namespace {

/// Distinct assemblies differ by more than this in some coordinate (mod 2π).
constexpr double kDistinctModes = 1e-6;

/// Largest difference between two positions: the rates that move b to a, angles of revolutes
/// compared modulo 2π.
double distance(const Model& model, const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    Eigen::VectorXd difference(model.nv());
    differencePositions(model, a, b, difference);
    double worst = 0;
    for (int k = 0; k < model.nv(); ++k) {
        const bool sphere = model.joints[model.coordinates[k].joint].type == JointType::Spherical;
        const double d = model.coordinates[k].angular && !sphere
                             ? planar::wrapNear(difference[k], 0.0)
                             : difference[k];
        worst = std::max(worst, std::abs(d));
    }
    return worst;
}

} // namespace

std::vector<Eigen::VectorXd> assemblyModes(const Model& model,
                                           Workspace& ws,
                                           const Eigen::VectorXd& q,
                                           const std::vector<int>& independent,
                                           const AssemblyOptions& options,
                                           const AssemblyModesProgress& progress) {
    std::vector<Eigen::VectorXd> modes;
    Assembler assembler(model, independent);
    AssemblyOptions solve = options;
    solve.measureConditioning = false; // a mode is kept by closure alone: no SVD per trial
    // assembles from `trial` in `mode` and keeps the result when it closes and is new
    const auto tryMode = [&](Eigen::VectorXd trial, const AssemblyMode& mode) {
        AssemblyReport report = assembler.assemble(ws, trial, mode, solve);
        if (report.converged && std::ranges::none_of(modes, [&](const Eigen::VectorXd& m) {
                return distance(model, m, trial) < kDistinctModes;
            })) {
            modes.push_back(trial);
        }
        return report;
    };
    const AssemblyReport first = tryMode(q, {});
    // every combination of the closed-form loops' modes (the product of their root counts;
    // loops past kMaxCombinations take the mode nearest the guess)
    const std::vector<int>& closed = first.closedFormLoops;
    constexpr int kMaxCombinations = 4096;
    std::vector<int> combined;
    int combinations = 1;
    for (int i : closed) {
        if (combinations * first.modeCounts[i] <= kMaxCombinations) {
            combinations *= first.modeCounts[i];
            combined.push_back(i);
        }
    }
    // spread guesses over the coordinates of tree joints outside the closed-form loops
    std::vector<int> settled = independent;
    for (int i : closed) {
        for (const LoopPathEntry& e : model.loops[i].path) {
            settled.push_back(e.coordinate);
        }
    }
    const std::vector<int> spread = dependentOf(model, settled);
    constexpr int kSpreadGuesses = 200;
    const int trials = 1 + combinations + (spread.empty() ? 0 : kSpreadGuesses);
    int tried = 1;
    const auto goOn = [&] {
        return !progress || progress(tried++, trials);
    };
    if (!goOn()) {
        return modes;
    }
    for (int pattern = 0; pattern < combinations; ++pattern) {
        AssemblyMode mode(model.nLoops(), 0);
        for (int rest = pattern; int i : combined) {
            mode[i] = modeLabel(rest % first.modeCounts[i]);
            rest /= first.modeCounts[i];
        }
        tryMode(q, mode);
        if (!goOn()) {
            return modes;
        }
    }
    if (spread.empty()) {
        return modes;
    }
    std::mt19937 rng(1);
    std::uniform_real_distribution<double> angle(-M_PI, M_PI);
    for (int attempt = 0; attempt < kSpreadGuesses; ++attempt) {
        Eigen::VectorXd rates = Eigen::VectorXd::Zero(model.nv());
        for (int k : spread) {
            rates[k] = model.coordinates[k].angular ? angle(rng) : 0.1 * angle(rng);
        }
        Eigen::VectorXd trial(q.size());
        integratePositions(model, q, rates, 1.0, trial);
        tryMode(trial, {});
        if (!goOn()) {
            return modes;
        }
    }
    return modes;
}

double solveVelocities(const Model& model,
                       Workspace& ws,
                       const Eigen::VectorXd& q,
                       Eigen::Ref<Eigen::VectorXd> qd,
                       const std::vector<int>& independent) {
    const std::vector<int> dependent = dependentOf(model, independent);
    if (model.nLoops() == 0 || dependent.empty()) {
        return 0.0;
    }
    const Eigen::MatrixXd Jdep = dependentJacobian(model, ws, q, dependent);
    Eigen::VectorXd known = qd;
    known(dependent).setZero();
    const Eigen::VectorXd rates = Jdep.colPivHouseholderQr().solve(-(ws.J * known));
    qd(dependent) = rates;
    return minSingularValue(Jdep);
}

void solveAccelerations(const Model& model,
                        Workspace& ws,
                        const Eigen::VectorXd& q,
                        const Eigen::VectorXd& qd,
                        Eigen::Ref<Eigen::VectorXd> qdd,
                        const std::vector<int>& independent) {
    const std::vector<int> dependent = dependentOf(model, independent);
    if (model.nLoops() == 0 || dependent.empty()) {
        return;
    }
    updatePositions(model, ws, q);
    updateVelocities(model, ws, qd);
    constraintJacobian(model, ws);
    constraintBias(model, ws);
    Eigen::VectorXd known = qdd;
    known(dependent).setZero();
    const Eigen::VectorXd accelerations =
        ws.J(Eigen::all, dependent).colPivHouseholderQr().solve(-(ws.J * known) - ws.Jdot_qd);
    qdd(dependent) = accelerations;
}

namespace {

/// q from the file's initial state for the coordinates of `model`.
Eigen::VectorXd initialGuess(const Model& model) {
    Eigen::VectorXd q = neutralPositions(model);
    // the guess, then the inputs over it
    for (const auto* values :
         {&model.spec.initial.assemblyGuess, &model.spec.initial.independent}) {
        for (const auto& [name, value] : *values) {
            const int k = model.coordinateIndex(name);
            // a quaternion has no named angles
            if (const int at = k < 0 ? -1 : positionIndex(model, k); at >= 0) {
                q[at] = value;
            }
        }
    }
    return q;
}

InitialState assembleInOwnCuts(const Model& model) {
    InitialState state;
    state.q = initialGuess(model);
    state.qd = Eigen::VectorXd::Zero(model.nv());
    Workspace ws(model);
    state.report = assemble(model, ws, state.q, model.independent);
    for (const auto& [name, value] : model.spec.initial.rates) {
        if (const int k = model.coordinateIndex(name); k >= 0) {
            state.qd[k] = value;
        }
    }
    if (state.report.converged) {
        solveVelocities(model, ws, state.q, state.qd, model.independent);
    }
    return state;
}

} // namespace

InitialState assembleInitialState(const Model& model) {
    // the file's inputs and guess name the coordinates of its own cut choice; a spatial model
    // is assembled from the guess in its own cuts (Newton needs no closed-form branch)
    if (model.usesFileCuts() || model.isSpatial()) {
        return assembleInOwnCuts(model);
    }
    // another cut choice: assemble with the file's own cuts and carry the poses over
    const Model* reference = model.fileCutModel.get();
    InitialState state;
    state.q = Eigen::VectorXd::Zero(model.nv());
    state.qd = Eigen::VectorXd::Zero(model.nv());
    if (reference == nullptr) {
        state.report.message = "the file's own cut choice does not compile";
        return state;
    }
    const InitialState own = assembleInOwnCuts(*reference);
    state.report = own.report;
    Workspace refWs(*reference);
    updatePositions(*reference, refWs, own.q);
    updateVelocities(*reference, refWs, own.qd);
    const Eigen::VectorXd guess = initialGuess(model);
    for (int k = 0; k < model.nv(); ++k) {
        const int joint = reference->jointIndex(model.joints[model.coordinates[k].joint].name);
        state.q[k] = jointValue(*reference, refWs, joint, guess[k]);
        state.qd[k] = jointRate(*reference, refWs, joint);
    }
    return state;
}

double rankThreshold(const Eigen::MatrixXd& J, double largestSingularValue) {
    return std::max(static_cast<double>(std::max(J.rows(), J.cols())) *
                        std::numeric_limits<double>::epsilon() * largestSingularValue,
                    1e-9 * std::max(1.0, largestSingularValue));
}

MobilityAtPose mobilityAtPose(const Model& model, Workspace& ws) {
    MobilityAtPose mobility;
    mobility.dof = model.nv();
    if (model.nLoops() == 0) {
        return mobility;
    }
    constraintJacobian(model, ws);
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(ws.J);
    mobility.singularValues = svd.singularValues();
    const double largest = mobility.singularValues.size() > 0 ? mobility.singularValues[0] : 0.0;
    const double threshold = rankThreshold(ws.J, largest);
    mobility.dof =
        model.nv() - static_cast<int>((mobility.singularValues.array() > threshold).count());
    return mobility;
}

std::vector<SweepSample> sweepInput(const Model& model,
                                    Workspace& ws,
                                    const Eigen::VectorXd& q0,
                                    const std::vector<int>& independent,
                                    int input,
                                    const std::vector<double>& values,
                                    const AssemblyOptions& options) {
    std::vector<SweepSample> samples;
    Assembler assembler(model, independent);
    // each sample measures its own σ_min below: the sub-steps' solves need no SVD
    AssemblyOptions solve = options;
    solve.measureConditioning = false;
    const std::vector<int>& dependent = assembler.plan().dependent;
    Eigen::VectorXd q = q0;
    const auto determinant = [](const Eigen::MatrixXd& Jdep) {
        return Jdep.rows() == Jdep.cols() && Jdep.size() > 0 ? Jdep.determinant() : 1.0;
    };
    double previousDet = determinant(dependentJacobian(model, ws, q, dependent));
    // the input's entry in q (a spatial model's positions run ahead of its rates by one per
    // quaternion); the step moves along the manifold
    const int at = positionIndex(model, input);
    for (double target : values) {
        // advance in sub-steps, predicting along the velocity solution, halving on big jumps
        int depth = 0;
        double reached = q[at];
        bool ok = true;
        while (std::abs(target - reached) > 0 && ok) {
            double next = target;
            Eigen::VectorXd candidate(q.size());
            for (depth = 0; depth < 20; ++depth) {
                Eigen::VectorXd tangent = Eigen::VectorXd::Zero(model.nv());
                tangent[input] = 1.0;
                solveVelocities(model, ws, q, tangent, independent);
                integratePositions(model, q, tangent, next - reached, candidate);
                candidate[at] = next;
                const Eigen::VectorXd predicted = candidate;
                const AssemblyReport& report = assembler.assemble(ws, candidate, {}, solve);
                const bool jumped = distance(model, candidate, predicted) > 0.2;
                if (report.converged && !jumped) {
                    break;
                }
                next = reached + 0.5 * (next - reached);
            }
            if (depth == 20) {
                ok = false;
                break;
            }
            q = candidate;
            reached = next;
        }
        SweepSample sample;
        sample.input = target;
        sample.q = q;
        sample.converged = ok;
        const Eigen::MatrixXd Jdep = dependentJacobian(model, ws, q, dependent);
        sample.minSingularValue = minSingularValue(Jdep);
        const double det = determinant(Jdep);
        sample.toggle =
            !ok || (det * previousDet < 0) || sample.minSingularValue < options.minSingularValue;
        previousDet = det;
        samples.push_back(std::move(sample));
        if (!ok) {
            break;
        }
    }
    return samples;
}

} // namespace sslm
