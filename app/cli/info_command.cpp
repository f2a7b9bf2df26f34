// SPDX-License-Identifier: MIT
#include "app/cli/info_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "app/cli/load_model.hpp"
#include "app/cli/mechanism_file_command.hpp"
#include "core/kinematics/assembler.hpp"
#include "core/kinematics/closed_form_solution.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/spherical_loops.hpp"
#include "core/model/workspace.hpp"
#include "core/study/model_info.hpp"
#include "core/util/text.hpp"

#include <unistd.h>

namespace sslm::cli {

namespace {

/// Block index "rs", or "r,s" once an index has two digits (1-based).
std::string blockIndex(int r, int s) {
    const std::string a = std::to_string(r + 1);
    const std::string b = std::to_string(s + 1);
    return (a.size() > 1 || b.size() > 1) ? a + "," + b : a + b;
}

/// Width in terminal columns of UTF-8 text (one per code point; our symbols are narrow).
std::size_t displayWidth(const std::string& s) {
    return static_cast<std::size_t>(std::count_if(
        s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

/// Prints a table: a header row and rows of cells, columns padded to their widest cell.
void printTable(std::ostream& out, const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (std::size_t c = 0; c < row.size(); ++c) {
            widths[c] = std::max(widths[c], displayWidth(row[c]));
        }
    }
    for (const auto& row : rows) {
        std::string line = "  ";
        for (std::size_t c = 0; c < row.size(); ++c) {
            line += row[c];
            if (c + 1 < row.size()) {
                line += std::string(widths[c] - displayWidth(row[c]) + 2, ' ');
            }
        }
        out << line << '\n';
    }
}

std::vector<std::string> loopList(const std::vector<int>& loops) {
    std::vector<std::string> names;
    for (int i : loops) {
        names.push_back(std::to_string(i + 1));
    }
    return names;
}

/// The name, and the DOF by the rank of J and by Grübler's count.
void printMobility(std::ostream& out, const Model& model, const PoseSummary& pose) {
    const int moving = static_cast<int>(model.bodies.size()) - 1;
    out << model.name << '\n';
    out << "DOF: " << pose.mobility.dof << " (rank of J at the initial pose), "
        << model.mobilityGrubler;
    // a free body's freedoms: translations and rotations, 3 in the plane, 6 in space
    const int freedoms = model.dimension() + 3 - model.firstRotationAxis();
    // a spherical loop's bodies keep 3 freedoms on the sphere (spherical_loops.hpp)
    const int spherical = sphericalLoopCount(model.spec);
    out << " (Grübler: " << freedoms << "·" << moving << " − "
        << freedoms * moving - model.mobilityGrubler + 3 * spherical << " joint constraints";
    if (spherical > 0) {
        out << " + 3·" << spherical << " on the sphere";
    }
    out << ")\n";
}

/// The loops as joint cycles, closed by their cut joints, and the cut joints.
void printLoops(std::ostream& out, const Model& model) {
    const int nLoops = model.nLoops();
    out << "Loops: " << nLoops << '\n';
    for (int i = 0; i < nLoops; ++i) {
        const Loop& loop = model.loops[i];
        out << "  loop " << i + 1 << ": " << joinNames(loopJointNames(model, loop), "–") << " (cut "
            << model.joints[loop.cutJoint].name << ")\n";
    }
    out << "Cut joints: " << (model.cuts.empty() ? "none" : joinNames(cutNames(model))) << '\n';
}

/// The subsystems: tree branches leaving the ground, their bodies, coordinates and loops.
void printSubsystems(std::ostream& out, const Model& model) {
    const int nSub = static_cast<int>(model.subsystems.size());
    out << "Subsystems: " << nSub << '\n';
    for (int s = 0; s < nSub; ++s) {
        const Subsystem& sub = model.subsystems[s];
        std::vector<std::string> bodies;
        for (int b : sub.bodies) {
            bodies.push_back(model.bodies[b].id + " \"" + model.bodies[b].name + "\"");
        }
        std::vector<std::string> coordinates;
        for (int k = sub.qBegin; k < sub.qBegin + sub.nv; ++k) {
            coordinates.push_back(model.coordinates[k].name);
        }
        out << "  S" << s + 1 << " (" << (sub.serial ? "serial" : "tree")
            << "): " << joinNames(bodies) << "; coordinates " << joinNames(coordinates)
            << "; loops " << (sub.loops.empty() ? "none" : joinNames(loopList(sub.loops))) << '\n';
    }
}

/// The J block pattern, Koul et al. eq. (26).
void printJacobianPattern(std::ostream& out, const Model& model) {
    const int nLoops = model.nLoops();
    const int nSub = static_cast<int>(model.subsystems.size());
    out << "Jacobian block pattern (eq. 26); J_ij is "
        << "(rows of cut i) × (coordinates of S_j):\n";
    std::vector<std::vector<std::string>> rows(1, std::vector<std::string>{""});
    for (int s = 0; s < nSub; ++s) {
        rows[0].push_back("S" + std::to_string(s + 1));
    }
    for (int i = 0; i < nLoops; ++i) {
        std::vector<std::string> row{"loop " + std::to_string(i + 1)};
        for (int s = 0; s < nSub; ++s) {
            row.push_back(model.jacobianPattern(i, s) ? "J" + blockIndex(i, s) : "O");
        }
        rows.push_back(std::move(row));
    }
    printTable(out, rows);
}

/// The GICM block pattern, eqs. (31)-(32), and each block's terms.
void printGicmPattern(std::ostream& out, const Model& model) {
    const int nLoops = model.nLoops();
    out << "GICM block pattern (eqs. 31–32); Ī_rs = Σ_j I^rs_j, I^rs_j = J_rj I_j⁻¹ J_sjᵀ:\n";
    std::vector<std::vector<std::string>> rows(1, std::vector<std::string>{""});
    for (int s = 0; s < nLoops; ++s) {
        rows[0].push_back("loop " + std::to_string(s + 1));
    }
    for (int r = 0; r < nLoops; ++r) {
        std::vector<std::string> row{"loop " + std::to_string(r + 1)};
        for (int s = 0; s < nLoops; ++s) {
            row.push_back(model.gicmContributors[r][s].empty() ? "O" : "Ī" + blockIndex(r, s));
        }
        rows.push_back(std::move(row));
    }
    printTable(out, rows);
    for (int r = 0; r < nLoops; ++r) {
        for (int s = 0; s <= r; ++s) {
            std::vector<std::string> terms;
            for (int j : model.gicmContributors[r][s]) {
                terms.push_back("I^" + blockIndex(r, s) + "_" + std::to_string(j + 1));
            }
            out << "  Ī" << blockIndex(r, s) << " = "
                << (terms.empty() ? "O" : joinNames(terms, " + ")) << '\n';
        }
    }
}

/// The assembled initial pose: its coordinates, residual, singular values and how each loop
/// was closed.
void printInitialPose(std::ostream& out, const Model& model, const PoseSummary& pose) {
    const AssemblyReport& report = pose.initial.report;
    std::vector<std::string> values;
    const std::vector<std::string> names = positionNames(model);
    for (int k = 0; k < model.nq(); ++k) {
        values.push_back(names[static_cast<std::size_t>(k)] + " = " +
                         text::number(pose.initial.q[k], 9));
    }
    out << "Initial pose: " << joinNames(values) << '\n';
    out << "Closure residual max|Φ|: " << text::number(pose.residual, 3) << '\n';
    out << "Smallest singular value of J: " << text::number(pose.minSigmaJ, 6)
        << " (of J_dep: " << text::number(report.minSingularValue, 6) << ")\n";
    const auto loopsOrNone = [](const std::vector<int>& loops) {
        return loops.empty() ? std::string("none") : "loops " + joinNames(loopList(loops));
    };
    // the branch of each closed-form loop: --branch cycles through them
    std::vector<std::string> branches;
    for (int i : report.closedFormLoops) {
        branches.push_back((report.branch[i] > 0 ? "+" : "") + std::to_string(report.branch[i]));
    }
    out << "Assembly: " << (report.converged ? "converged" : "FAILED")
        << "; closed form: " << loopsOrNone(report.closedFormLoops);
    if (!branches.empty()) {
        out << " (branch" << (branches.size() > 1 ? "es " : " ") << joinNames(branches) << ")";
    }
    out << "; Newton: " << loopsOrNone(report.newtonLoops) << " (" << report.iterations
        << " iterations)\n";
    if (!report.closedFormLoops.empty()) {
        // each loop's closed form (a planar triad's joints from its base, the RSSR, the elbow
        // arm) and the projection it is solved by
        std::vector<std::string> classes;
        for (std::size_t i = 0; i < report.classes.size(); ++i) {
            const std::string& kind = report.classes[i];
            classes.push_back(
                "loop " + std::to_string(i + 1) + " " +
                (kind.empty() ? "Newton" : kind + " (" + closedFormProjection(kind) + ")"));
        }
        out << "Loop classes: " << joinNames(classes) << '\n';
    }
    // the plan for the file's inputs (assembler.hpp): which class solves which loop, in order
    const AssemblyPlan plan = planAssembly(model, model.independent);
    if (!plan.closedForm.empty()) {
        std::vector<std::string> steps;
        for (const PlannedLoop& p : plan.closedForm) {
            steps.push_back("loop " + std::to_string(p.loop + 1) + " (" +
                            closedFormClassName(p.solver) + ")");
        }
        out << "Assembly plan: " << joinNames(steps, " → ")
            << "; then Newton: " << loopsOrNone(plan.newtonLoops) << '\n';
    }
    if (!pose.modes.empty()) {
        out << "Assembly modes at these inputs: " << pose.modes.size() << '\n';
        for (std::size_t m = 0; m < pose.modes.size(); ++m) {
            std::vector<std::string> mode;
            for (int k = 0; k < model.nq(); ++k) {
                mode.push_back(names[static_cast<std::size_t>(k)] + " = " +
                               text::number(pose.modes[m].first[k], 9));
            }
            out << "  mode " << m + 1 << ": " << joinNames(mode)
                << "; max|Φ| = " << text::number(pose.modes[m].second, 3) << '\n';
        }
    }
}

void printText(std::ostream& out, const Model& model, const PoseSummary& pose) {
    printMobility(out, model, pose);
    printLoops(out, model);
    printSubsystems(out, model);
    if (model.nLoops() > 0) {
        printJacobianPattern(out, model);
        printGicmPattern(out, model);
    }
    printInitialPose(out, model, pose);
}

/// A line on stderr that tells how far the listing of assembly modes is (a 32-cell ladder's
/// takes ~20 s), written from 0.2 s on and at most every 0.2 s, for a terminal.
AssemblyModesProgress listingProgressLine() {
    using Clock = std::chrono::steady_clock;
    return [shown = Clock::now()](int tried, int trials) mutable {
        if (const Clock::time_point now = Clock::now();
            now - shown >= std::chrono::milliseconds(200)) {
            shown = now;
            std::cerr << "\rsslm info: listing the assembly modes: assembly " << tried << " of "
                      << trials << " tried" << std::flush;
        }
        return true;
    };
}

} // namespace

CLI::App* addInfoCommand(CLI::App& app, InfoOptions& options) {
    CLI::App* cmd = addMechanismFileCommand(
        app, "info",
        "Loops, cut joints, subsystems, J and GICM block patterns, DOF and the "
        "assembled initial pose of a mechanism file",
        options.file);
    cmd->add_option("--cut", options.cuts, kCutHelp);
    cmd->add_flag("--json", options.json, "Print one JSON object instead of text");
    cmd->add_option("--branch", options.branch, kBranchHelp);
    cmd->add_flag("--modes", options.modes,
                  "List every assembly mode at the file's inputs with its pose and closure "
                  "residual (every combination of the closed-form loops' roots; Newton loops "
                  "from a spread of guesses)");
    return cmd;
}

int runInfo(const InfoOptions& options) {
    const std::shared_ptr<const Model> model = loadModel(options.file, options.cuts, std::cerr);
    if (!model) {
        return kExitBadInput;
    }
    InitialState initial = assembleInitialState(*model);
    if (options.branch) {
        std::string error;
        const std::optional<AssemblyMode> mode = parseBranchList(*options.branch, error);
        if (!mode) {
            std::cerr << "sslm info: error: " << error << '\n';
            return kExitBadInput;
        }
        if (initial.report.converged && !assembleOnBranch(*model, initial, model->independent,
                                                          *mode, options.file, std::cerr)) {
            return kExitBadInput;
        }
    }
    PoseSummary pose = analysePose(*model, std::move(initial));
    if (options.modes) {
        // progress on a terminal only: not in a pipe, a file or the tests
        const bool terminal = isatty(fileno(stderr)) != 0;
        listAssemblyModes(*model, pose, terminal ? listingProgressLine() : nullptr);
        if (terminal) {
            std::cerr << "\r\033[K" << std::flush; // erases the progress line
        }
    }

    // the two mobility counts disagree for redundant constraints or at a singular pose
    if (pose.initial.report.converged && pose.mobility.dof != model->mobilityGrubler) {
        std::cerr << options.file << ": warning: the rank of J gives " << pose.mobility.dof
                  << " DOF at the initial pose but Grübler's count gives " << model->mobilityGrubler
                  << " (redundant loop constraints, or a singular pose)\n";
    }

    if (options.json) {
        std::cout << modelInfoJson(*model, pose) << '\n';
    } else {
        printText(std::cout, *model, pose);
    }

    if (!pose.initial.report.converged) {
        std::cerr << options.file << ": error: the initial state cannot be assembled: "
                  << pose.initial.report.message << '\n';
        return kExitBadInput;
    }
    return kExitOk;
}

} // namespace sslm::cli
