// SPDX-License-Identifier: MIT
#include "core/kinematics/assembler.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include <Eigen/QR>

#include "core/kinematics/closed_form_solution.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/dependent_coordinates.hpp"
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

/// Damped Gauss–Newton on the dependent coordinates; the step is the minimum-norm solution
/// of J_dep Δ = −Φ, scaled down so that no coordinate moves more than kMaxNewtonStep.
/// Fills the report's converged, iterations, residual and minSingularValue.
void newton(const Model& model,
            Workspace& ws,
            Eigen::Ref<Eigen::VectorXd> q,
            const std::vector<int>& dependent,
            const AssemblyOptions& options,
            AssemblyReport& report) {
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
                              const TriadShape& shape,
                              int branch) {
    const int loop = shape.loop;
    const TriadRoots triad = planarTriadRoots(model, ws, q, shape, askedMode(branch, 2));
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

/// A spatial class: whether it takes a loop (structure alone), and its solver, which solves the
/// loop at the known coordinates in the mode asked for or returns branch 0 (with a failure when
/// the loop has its form but cannot close). (The planar triad plans its shape instead.)
struct ClassEntry {
    ClosedFormClass id;
    const char* name;
    LoopClassTest* applies;
    LoopClosedFormSolver* solve;
};

/// Every spatial class, offered a loop in this order after the planar triad.
constexpr std::array<ClassEntry, 3> kSpatialClasses = {{
    {ClosedFormClass::RevoluteChain, "revolute chain", revoluteChainApplies, solveRevoluteChain},
    {ClosedFormClass::UpsLeg, "UPS leg", upsLegApplies, solveUpsLeg},
    {ClosedFormClass::RssrLoop, "RSSR-type loop", rssrLoopApplies, solveRssrLoop},
}};

const ClassEntry& entryOf(ClosedFormClass solver) {
    return kSpatialClasses[static_cast<std::size_t>(solver) - 1];
}

/// Whether every coordinate on the triad's loop but its two unknowns is known (a loop before
/// it may have failed to close).
bool triadInputsKnown(const Model& model, const TriadShape& triad, const std::vector<bool>& known) {
    return std::ranges::all_of(model.loops[triad.loop].path, [&](const LoopPathEntry& e) {
        return known[e.coordinate] || e.coordinate == triad.unknowns[0] ||
               e.coordinate == triad.unknowns[1];
    });
}

/// The loop's plan when a class takes it at the `known` coordinates.
std::optional<PlannedLoop> planLoop(const Model& model, int loop, const std::vector<bool>& known) {
    if (std::optional<TriadShape> triad = planarTriadShape(model, loop, known)) {
        return PlannedLoop{loop, ClosedFormClass::PlanarTriad, std::move(*triad)};
    }
    for (const ClassEntry& c : kSpatialClasses) {
        if (c.applies(model, loop, known)) {
            return PlannedLoop{loop, c.id, {}};
        }
    }
    return std::nullopt;
}

} // namespace

AssemblyPlan planAssembly(const Model& model, const std::vector<int>& independent) {
    AssemblyPlan plan;
    plan.held.assign(model.nv(), false);
    for (int k : independent) {
        plan.held[k] = true;
    }
    plan.dependent = dependentOf(model, independent);
    // echelon order: sweep the loops until none more becomes solvable
    std::vector<bool> known = plan.held;
    std::vector<bool> planned(model.nLoops(), false);
    for (bool progress = true; progress;) {
        progress = false;
        for (int i = 0; i < model.nLoops(); ++i) {
            if (planned[i]) {
                continue;
            }
            std::optional<PlannedLoop> loop = planLoop(model, i, known);
            if (!loop) {
                continue;
            }
            plan.closedForm.push_back(std::move(*loop));
            planned[i] = true;
            for (const LoopPathEntry& e : model.loops[i].path) {
                known[e.coordinate] = true;
            }
            progress = true;
        }
    }
    for (int i = 0; i < model.nLoops(); ++i) {
        if (!planned[i]) {
            plan.newtonLoops.push_back(i);
        }
    }
    return plan;
}

std::string closedFormClassName(ClosedFormClass solver) {
    return solver == ClosedFormClass::PlanarTriad ? "planar triad" : entryOf(solver).name;
}

Assembler::Assembler(const Model& model, const std::vector<int>& independent)
    : m_model(model), m_plan(planAssembly(model, independent)) {}

const AssemblyReport& Assembler::assemble(Workspace& ws,
                                          Eigen::Ref<Eigen::VectorXd> q,
                                          const AssemblyMode& mode,
                                          const AssemblyOptions& options) {
    const int loops = m_model.nLoops();
    AssemblyReport& report = m_report; // cleared keeping its storage
    report.converged = false;
    report.iterations = 0;
    report.residual = 0;
    report.minSingularValue = 0;
    report.closedFormLoops.clear();
    report.newtonLoops.clear();
    report.branch.assign(loops, 0);
    report.modeCounts.assign(loops, 0);
    report.classes.resize(loops);
    for (std::string& c : report.classes) {
        c.clear();
    }
    report.message.clear();
    m_closedFormResidual = 0;
    m_closedFormFailure.clear();
    m_wrongMode.clear();

    if (options.closedForm && solveClosedForms(ws, q, mode)) {
        // every loop closed in closed form and checked: no iteration, no factorisation (the
        // angles are already the representatives nearest the guess)
        report.converged = true;
        report.residual = m_closedFormResidual;
        if (options.measureConditioning) {
            report.minSingularValue =
                minSingularValue(dependentJacobian(m_model, ws, q, m_plan.dependent));
        }
    } else {
        runNewton(ws, q, options);
    }
    for (int i = 0; i < loops; ++i) {
        if (report.branch[i] == 0) {
            report.newtonLoops.push_back(i);
        }
    }
    if (!m_wrongMode.empty()) {
        report.converged = false;
        report.message = m_wrongMode + " (hint: choose one of those, or 0 for the nearest)";
    }
    if (!report.converged && report.message.empty()) {
        explainFailure(ws, q);
    }
    return report;
}

bool Assembler::solveClosedForms(Workspace& ws,
                                 Eigen::Ref<Eigen::VectorXd> q,
                                 const AssemblyMode& mode) {
    AssemblyReport& report = m_report;
    m_known = m_plan.held;
    for (const PlannedLoop& planned : m_plan.closedForm) {
        const int i = planned.loop;
        const int wanted = i < static_cast<int>(mode.size()) ? mode[i] : 0;
        // (a loop whose unknowns a failed loop before it left unknown declines: Newton)
        ClosedFormSolution solution;
        if (planned.solver != ClosedFormClass::PlanarTriad) {
            solution = entryOf(planned.solver).solve(m_model, ws, q, i, m_known, wanted);
        } else if (triadInputsKnown(m_model, planned.triad, m_known)) {
            solution = solveTriad(m_model, ws, q, planned.triad, wanted);
        }
        m_closedFormResidual = std::max(m_closedFormResidual, solution.residual);
        if (solution.branch == 0) {
            if (!solution.failure.empty() && m_closedFormFailure.empty()) {
                m_closedFormFailure =
                    loopText(m_model, i) + " cannot close for these inputs: " + solution.failure;
            }
            continue;
        }
        if (wanted != 0 && solution.branch != wanted && m_wrongMode.empty()) {
            m_wrongMode = loopText(m_model, i) + " (" + solution.kind + ") has " +
                          std::to_string(solution.modes) +
                          (solution.modes == 1 ? " assembly mode, " : " assembly modes, ") +
                          modeList(solution.modes) + "; there is no mode " + std::to_string(wanted);
        }
        report.branch[i] = solution.branch;
        report.classes[i] = solution.kind;
        report.modeCounts[i] = solution.modes;
        report.closedFormLoops.push_back(i);
        for (const LoopPathEntry& e : m_model.loops[i].path) {
            m_known[e.coordinate] = true;
        }
    }
    return std::ranges::all_of(m_known, std::identity{});
}

void Assembler::runNewton(Workspace& ws,
                          Eigen::Ref<Eigen::VectorXd> q,
                          const AssemblyOptions& options) {
    // Newton on what is left; the coordinates it moves are still at the guess here
    AssemblyReport& report = m_report;
    const Eigen::VectorXd guess = q;
    newton(m_model, ws, q, m_plan.dependent, options, report);
    // (a converged Newton leaves ws at q)
    if (const int flipped = report.converged ? flippedCut(m_model, ws) : -1; flipped >= 0) {
        report.converged = false;
        report.message =
            "Newton closed " + loopText(m_model, m_model.joints[flipped].cut) +
            " with the axes of " + m_model.joints[flipped].name +
            " opposite (a half turn), which the joint cannot do (hint: start from another "
            "assembly guess, or pick a mode with Simulation ▸ Next Assembly Mode)";
    }
    for (int k : m_plan.dependent) {
        const int at = positionIndex(m_model, k); // −1: a spherical joint's rate has no angle
        if (m_model.coordinates[k].angular && at >= 0) {
            q[at] = planar::wrapNear(q[at], guess[at]);
        }
    }
}

void Assembler::explainFailure(Workspace& ws, const Eigen::Ref<const Eigen::VectorXd>& q) {
    AssemblyReport& report = m_report;
    updatePositions(m_model, ws, q);
    constraintResidual(m_model, ws);
    const auto loopError = [&](int i) {
        return ws.phi.segment(m_model.loops[i].rowBegin, m_model.loops[i].rows).norm();
    };
    int worst = 0;
    for (int i = 0; i < m_model.nLoops(); ++i) {
        if (loopError(i) > loopError(worst)) {
            worst = i;
        }
    }
    const std::string residual = text::metres(report.residual, 3);
    report.message =
        !m_closedFormFailure.empty()
            ? m_closedFormFailure + " (hint: change the inputs, or the geometry of the loop)"
        : m_model.nLoops() > 0 ? loopText(m_model, worst) +
                                     " cannot close for these inputs: the closure error stays "
                                     "at " +
                                     residual +
                                     " (hint: the inputs may be out of reach, or the guess on "
                                     "another branch; change the inputs or the assembly guess)"
                               : "no loops";
}

AssemblyReport assemble(const Model& model,
                        Workspace& ws,
                        Eigen::Ref<Eigen::VectorXd> q,
                        const std::vector<int>& independent,
                        const AssemblyMode& mode,
                        const AssemblyOptions& options) {
    Assembler assembler(model, independent);
    return assembler.assemble(ws, q, mode, options);
}

} // namespace sslm
