// SPDX-License-Identifier: MIT
#include "core/kinematics/position_analysis.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>

#include "core/kinematics/closed_form_solution.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_closure.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/planar_triad.hpp"
#include "core/kinematics/revolute_chain_closed_form.hpp"
#include "core/kinematics/rssr_closed_form.hpp"
#include "core/kinematics/ups_leg_closed_form.hpp"
#include "core/spatial/planar.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

/// Largest Newton step on any coordinate (rad or m): keeps the iteration on its branch.
constexpr double kMaxNewtonStep = 0.25;
/// Distinct assemblies differ by more than this in some coordinate (mod 2π).
constexpr double kDistinctModes = 1e-6;

std::vector<int> dependentOf(const Model& model, const std::vector<int>& independent) {
    std::vector<bool> held(model.nv(), false);
    for (int k : independent) {
        held[k] = true;
    }
    std::vector<int> dependent;
    for (int k = 0; k < model.nv(); ++k) {
        if (!held[k]) {
            dependent.push_back(k);
        }
    }
    return dependent;
}

/// J_dep = ∂Φ/∂q_dependent at q, with ws.J and the positions in ws updated there.
Eigen::MatrixXd dependentJacobian(const Model& model,
                                  Workspace& ws,
                                  const Eigen::Ref<const Eigen::VectorXd>& q,
                                  const std::vector<int>& dependent) {
    updatePositions(model, ws, q);
    constraintJacobian(model, ws);
    return ws.J(Eigen::all, dependent);
}

double minSingularValue(const Eigen::MatrixXd& m) {
    if (m.size() == 0) {
        return 0.0;
    }
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(m);
    return svd.singularValues().minCoeff();
}

/// Damped Gauss–Newton on the dependent coordinates; the step is the minimum-norm solution
/// of J_dep Δ = −Φ, scaled down so that no coordinate moves more than kMaxNewtonStep.
AssemblyReport newton(const Model& model,
                      Workspace& ws,
                      Eigen::Ref<Eigen::VectorXd> q,
                      const std::vector<int>& dependent,
                      const AssemblyOptions& options) {
    AssemblyReport report; // assemble fills in the loops and branches
    double residual = 0;
    for (int iteration = 0; iteration <= options.maxIterations; ++iteration) {
        updatePositions(model, ws, q);
        residual = model.nLoops() > 0 ? constraintResidual(model, ws).cwiseAbs().maxCoeff() : 0;
        if (!std::isfinite(residual)) {
            break;
        }
        if (residual <= options.tolerance) {
            report.converged = true;
            report.iterations = iteration;
            break;
        }
        constraintJacobian(model, ws);
        const Eigen::MatrixXd Jdep = ws.J(Eigen::all, dependent);
        Eigen::VectorXd step = Jdep.completeOrthogonalDecomposition().solve(-ws.phi);
        const double largest = step.cwiseAbs().maxCoeff();
        if (largest > kMaxNewtonStep) {
            step *= kMaxNewtonStep / largest;
        }
        // move on the configuration manifold (quaternions stay unit; q + step elsewhere)
        Eigen::VectorXd rates = Eigen::VectorXd::Zero(model.nv());
        rates(dependent) = step;
        integratePositions(model, q, rates, 1.0, q);
        report.iterations = iteration + 1;
    }
    report.residual = residual;
    if (options.measureConditioning) {
        report.minSingularValue = minSingularValue(dependentJacobian(model, ws, q, dependent));
    }
    return report;
}

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

/// The labels of a class with `count` modes, for messages: "+1 and -1", "+1, -1, … -4".
std::string modeList(int count) {
    if (count <= 1) {
        return "+1";
    }
    const auto label = [](int index) {
        const int l = modeLabel(index);
        return (l > 0 ? "+" : "") + std::to_string(l);
    };
    return count == 2 ? "+1 and -1" : "+1, -1, … " + label(count - 1);
}

/// Closed-form solution of planar `loop` when it is a triad at the known coordinates
/// (planar_triad.hpp): `branch` ±1 takes that root, 0 (or a label past ±1) the one nearest the
/// guess in q. The branch used (0 when not solved, with the failure when the input is out of
/// reach).
ClosedFormSolution solveTriad(const Model& model,
                              Workspace& ws,
                              Eigen::Ref<Eigen::VectorXd> q,
                              int loop,
                              const std::vector<bool>& known,
                              int branch) {
    // a mode past the two a triad can have: the nearest, which assemble() names as not asked
    const TriadRoots triad =
        planarTriadRoots(model, ws, q, loop, known, std::abs(branch) > 1 ? 0 : branch);
    if (triad.count == 0) {
        return {0, triad.failure, 0.0, {}, 0};
    }
    const auto gap = [&](const TriadRoot& root) {
        double sum = 0;
        for (int i = 0; i < 2; ++i) {
            const int k = root.coordinates[i];
            sum +=
                std::abs(model.coordinates[k].angular ? planar::wrapNear(root.values[i] - q[k], 0.0)
                                                      : root.values[i] - q[k]);
        }
        return sum;
    };
    const TriadRoot* chosen = &triad.roots[0];
    for (int i = 1; i < triad.count; ++i) {
        const TriadRoot& other = triad.roots[i];
        if (branch != 0 ? other.branch == branch : gap(other) < gap(*chosen)) {
            chosen = &other;
        }
    }
    std::array<double, 2> before{};
    for (int i = 0; i < 2; ++i) {
        before[i] = q[chosen->coordinates[i]];
        q[chosen->coordinates[i]] = chosen->values[i];
    }
    // accept only a closed loop
    const double residual = loopClosure(model, ws, q, loop);
    if (!(residual <= 1e-12)) {
        for (int i = 0; i < 2; ++i) {
            q[chosen->coordinates[i]] = before[i];
        }
        return {};
    }
    return {chosen->branch, {}, residual, triad.kind, triad.modes};
}

/// A spatial cut with an axis (revolute, cylindrical, prismatic) whose two axes point opposite
/// ways at the poses in ws: its spatial closure rows (the axis across two normals) hold there
/// too, but no joint assembles so. The first such joint, or −1. (A planar cut's rows fix its
/// relative angle itself, so a planar model has none.)
int flippedCut(const Model& model, const Workspace& ws) {
    if (!model.isSpatial()) {
        return -1;
    }
    for (int j : model.cuts) {
        const Joint& cut = model.joints[j];
        const bool axial = cut.type == JointType::Revolute || cut.type == JointType::Cylindrical ||
                           cut.type == JointType::Prismatic;
        if (axial &&
            (ws.rotation[cut.bodyA] * cut.axis_A).dot(ws.rotation[cut.bodyB] * cut.axis_B) < 0) {
            return j;
        }
    }
    return -1;
}

/// A closed-form loop solver: solves `loop` at the known coordinates in the mode asked for, or
/// returns branch 0 (with a failure when the loop has its form but cannot close).
using ClosedFormSolver = ClosedFormSolution (*)(
    const Model&, Workspace&, Eigen::Ref<Eigen::VectorXd>, int, const std::vector<bool>&, int);

/// Every class, tried in this order: planar triads, elbow arms, UPS legs, RSSR-type loops.
constexpr std::array<ClosedFormSolver, 4> kClosedFormSolvers = {solveTriad, solveRevoluteChain,
                                                                solveUpsLeg, solveRssrLoop};

} // namespace

AssemblyReport assemble(const Model& model,
                        Workspace& ws,
                        Eigen::Ref<Eigen::VectorXd> q,
                        const std::vector<int>& independent,
                        const AssemblyMode& mode,
                        const AssemblyOptions& options) {

    // closed form first, loop by loop as their inputs become known: the planar revolute dyad,
    // the spatial RSSR (rssr_closed_form.hpp)
    std::vector<bool> known(model.nv(), false);
    for (int k : independent) {
        known[k] = true;
    }
    std::vector<int> branches(model.nLoops(), 0);
    std::vector<std::string> classes(model.nLoops());
    std::vector<int> modeCounts(model.nLoops(), 0);
    std::vector<int> closedForm;
    std::string closedFormFailure;
    std::string wrongMode; // a mode asked for that the loop's class does not have
    // the largest closure error the closed forms left (each checks its loop)
    double closedFormResidual = 0;
    for (bool progress = options.closedForm; progress;) {
        progress = false;
        for (int i = 0; i < model.nLoops(); ++i) {
            if (branches[i] != 0) {
                continue;
            }
            const int wanted = i < static_cast<int>(mode.size()) ? mode[i] : 0;
            // each solver in turn until one takes the loop or finds it cannot close
            ClosedFormSolution solution;
            for (const ClosedFormSolver solver : kClosedFormSolvers) {
                solution = solver(model, ws, q, i, known, wanted);
                if (solution.branch != 0 || !solution.failure.empty()) {
                    break;
                }
            }
            closedFormResidual = std::max(closedFormResidual, solution.residual);
            if (solution.branch == 0) {
                if (!solution.failure.empty() && closedFormFailure.empty()) {
                    closedFormFailure =
                        loopText(model, i) + " cannot close for these inputs: " + solution.failure;
                }
                continue;
            }
            if (wanted != 0 && solution.branch != wanted && wrongMode.empty()) {
                wrongMode = loopText(model, i) + " (" + solution.kind + ") has " +
                            std::to_string(solution.modes) +
                            (solution.modes == 1 ? " assembly mode, " : " assembly modes, ") +
                            modeList(solution.modes) + "; there is no mode " +
                            std::to_string(wanted);
            }
            branches[i] = solution.branch;
            classes[i] = solution.kind;
            modeCounts[i] = solution.modes;
            closedForm.push_back(i);
            for (const LoopPathEntry& e : model.loops[i].path) {
                known[e.coordinate] = true;
            }
            progress = true;
        }
    }
    AssemblyReport report;
    if (options.closedForm && std::ranges::all_of(known, std::identity{})) {
        // every loop closed in closed form and checked: no iteration, no factorisation (the
        // triads' angles are already the representatives nearest the guess)
        report.converged = true;
        report.residual = closedFormResidual;
        if (options.measureConditioning) {
            report.minSingularValue =
                minSingularValue(dependentJacobian(model, ws, q, dependentOf(model, independent)));
        }
    } else {
        // Newton on what is left; the coordinates it moves are still at the guess here
        const std::vector<int> dependent = dependentOf(model, independent);
        const Eigen::VectorXd guess = q;
        report = newton(model, ws, q, dependent, options);
        // (a converged Newton leaves ws at q)
        if (const int flipped = report.converged ? flippedCut(model, ws) : -1; flipped >= 0) {
            report.converged = false;
            report.message =
                "Newton closed " + loopText(model, model.joints[flipped].cut) +
                " with the axes of " + model.joints[flipped].name +
                " opposite (a half turn), which the joint cannot do (hint: start from another "
                "assembly guess, or pick a mode with Simulation ▸ Next Assembly Mode)";
        }
        for (int k : dependent) {
            const int at = positionIndex(model, k); // −1: a spherical joint's rate has no angle
            if (model.coordinates[k].angular && at >= 0) {
                q[at] = planar::wrapNear(q[at], guess[at]);
            }
        }
    }
    for (int i = 0; i < model.nLoops(); ++i) {
        if (branches[i] == 0) {
            report.newtonLoops.push_back(i);
        }
    }
    if (!wrongMode.empty()) {
        report.converged = false;
        report.message = wrongMode + " (hint: choose one of those, or 0 for the nearest)";
    }
    report.closedFormLoops = std::move(closedForm);
    report.branch = std::move(branches);
    report.classes = std::move(classes);
    report.modeCounts = std::move(modeCounts);
    if (!report.converged && report.message.empty()) {
        updatePositions(model, ws, q);
        constraintResidual(model, ws);
        const auto loopError = [&](int i) {
            return ws.phi.segment(model.loops[i].rowBegin, model.loops[i].rows).norm();
        };
        int worst = 0;
        for (int i = 0; i < model.nLoops(); ++i) {
            if (loopError(i) > loopError(worst)) {
                worst = i;
            }
        }
        const std::string residual = text::metres(report.residual, 3);
        report.message =
            !closedFormFailure.empty()
                ? closedFormFailure + " (hint: change the inputs, or the geometry of the loop)"
            : model.nLoops() > 0 ? loopText(model, worst) +
                                       " cannot close for these inputs: the "
                                       "closure error stays at " +
                                       residual +
                                       " (hint: the inputs may be out of reach, or the guess on "
                                       "another branch; change the inputs or the assembly guess)"
                                 : "no loops";
    }
    return report;
}

std::vector<Eigen::VectorXd> assemblyModes(const Model& model,
                                           Workspace& ws,
                                           const Eigen::VectorXd& q,
                                           const std::vector<int>& independent,
                                           const AssemblyOptions& options) {
    std::vector<Eigen::VectorXd> modes;
    // assembles from `trial` in `mode` and keeps the result when it closes and is new
    const auto tryMode = [&](Eigen::VectorXd trial, const AssemblyMode& mode) {
        const AssemblyReport report = assemble(model, ws, trial, independent, mode, options);
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
    for (int pattern = 0; pattern < combinations; ++pattern) {
        AssemblyMode mode(model.nLoops(), 0);
        for (int rest = pattern; int i : combined) {
            mode[i] = modeLabel(rest % first.modeCounts[i]);
            rest /= first.modeCounts[i];
        }
        tryMode(q, mode);
    }
    // spread guesses over the coordinates of tree joints outside the closed-form loops
    std::vector<int> settled = independent;
    for (int i : closed) {
        for (const LoopPathEntry& e : model.loops[i].path) {
            settled.push_back(e.coordinate);
        }
    }
    const std::vector<int> spread = dependentOf(model, settled);
    if (spread.empty()) {
        return modes;
    }
    std::mt19937 rng(1);
    std::uniform_real_distribution<double> angle(-M_PI, M_PI);
    for (int attempt = 0; attempt < 200; ++attempt) {
        Eigen::VectorXd rates = Eigen::VectorXd::Zero(model.nv());
        for (int k : spread) {
            rates[k] = model.coordinates[k].angular ? angle(rng) : 0.1 * angle(rng);
        }
        Eigen::VectorXd trial(q.size());
        integratePositions(model, q, rates, 1.0, trial);
        tryMode(trial, {});
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
    const std::vector<int> dependent = dependentOf(model, independent);
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
                const AssemblyReport report =
                    assemble(model, ws, candidate, independent, {}, options);
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
