// SPDX-License-Identifier: MIT
#include "app/cli/equilibrium_command.hpp"

#include <fstream>
#include <iomanip>
#include <iostream>

#include "app/cli/hold_option.hpp"
#include "app/cli/load_model.hpp"
#include "app/cli/mechanism_file_command.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/statics/holding_effort.hpp"
#include "core/statics/statics_report.hpp"

namespace sslm::cli {

namespace {

const char* unit(const Coordinate& c) {
    return c.angular ? "rad" : "m";
}
const char* forceUnit(const Coordinate& c) {
    return c.angular ? "N·m" : "N";
}

void printEquilibrium(std::ostream& out, const Model& model, const Equilibrium& rest) {
    out << (rest.stable ? "stable rest pose" : "unstable equilibrium") << ", residual "
        << shortNumber(rest.residualNorm) << " after " << rest.iterations << " Newton steps\n";
    const std::vector<std::string> names = positionNames(model);
    for (std::size_t i = 0; i < names.size(); ++i) {
        const int k = model.coordinateIndex(names[i]);
        out << "  " << std::left << std::setw(12) << names[i] << std::right << std::setw(14)
            << shortNumber(rest.q[static_cast<Eigen::Index>(i)]) << ' '
            << (k >= 0 ? unit(model.coordinates[k]) : "") << '\n';
    }
    for (std::size_t h = 0; h < rest.held.size(); ++h) {
        const Coordinate& c = model.coordinates[rest.independent[rest.held[h]]];
        out << "  held " << c.name << ": holding effort "
            << shortNumber(rest.holdingEffort[static_cast<Eigen::Index>(h)]) << ' ' << forceUnit(c)
            << '\n';
    }
    if (rest.stiffnessEigenvalues.size() > 0) {
        out << "  stiffness eigenvalues:";
        for (Eigen::Index i = 0; i < rest.stiffnessEigenvalues.size(); ++i) {
            out << ' ' << shortNumber(rest.stiffnessEigenvalues[i]);
        }
        out << '\n';
    }
    if (!rest.reactions.empty()) {
        out << "  joint reactions, what side B exerts on side A (N, N·m; W):\n";
        for (std::size_t j = 0; j < rest.reactions.size(); ++j) {
            const JointReaction& r = rest.reactions[j];
            out << "    " << std::left << std::setw(8) << model.joints[j].name << std::right
                << " force (" << shortNumber(r.force.x()) << ", " << shortNumber(r.force.y())
                << ", " << shortNumber(r.force.z()) << ")";
            if (r.moment.norm() > 0) {
                out << "  moment (" << shortNumber(r.moment.x()) << ", "
                    << shortNumber(r.moment.y()) << ", " << shortNumber(r.moment.z()) << ")";
            }
            out << '\n';
        }
    }
}

int runSweep(const Model& model,
             const EquilibriumCommandOptions& options,
             const sslm::EquilibriumOptions& settings,
             const Eigen::VectorXd& start) {
    std::string error;
    const std::optional<Sweep> sweep = parseSweep(model, *options.sweep, error);
    if (!sweep) {
        std::cerr << "sslm equilibrium: error: " << error << '\n';
        return kExitBadInput;
    }
    std::ofstream file;
    if (!options.out.empty()) {
        file.open(options.out);
        if (!file) {
            std::cerr << "sslm equilibrium: error: cannot write " << options.out << '\n';
            return kExitBadInput;
        }
    }
    std::ostream& out = options.out.empty() ? std::cout : file;
    const std::vector<HoldingPoint> curve =
        holdingCurve(model, start, sweep->coordinate, sweep->values, settings);
    const std::vector<std::string> columns = holdingColumns(model, sweep->coordinate);
    for (std::size_t i = 0; i < columns.size(); ++i) {
        out << (i ? "," : "") << columns[i];
    }
    out << '\n';
    int failed = 0;
    for (const HoldingPoint& point : curve) {
        out << holdingRow(model, point) << '\n';
        if (!point.rest.ok()) {
            if (failed++ == 0) {
                std::cerr << options.file << ": warning: at "
                          << model.coordinates[sweep->coordinate].name << " = "
                          << shortNumber(point.value) << ": " << point.rest.error << '\n';
            }
        }
    }
    if (failed == static_cast<int>(curve.size())) {
        std::cerr << options.file << ": error: no pose of the sweep could be held\n";
        return kExitBadInput;
    }
    if (failed > 0) {
        std::cerr << options.file << ": warning: " << failed << " of " << curve.size()
                  << " poses could not be held (ok = 0 in their rows)\n";
    }
    return kExitOk;
}

} // namespace

CLI::App* addEquilibriumCommand(CLI::App& app, EquilibriumCommandOptions& options) {
    CLI::App* cmd = addMechanismFileCommand(
        app, "equilibrium",
        "Where the mechanism rests under gravity, springs, loads and actuator "
        "forces: the rest pose, its stability, the holding efforts and joint "
        "reactions; or the holding-effort curve over a stroke (--sweep)",
        options.file);
    cmd->add_option("--hold", options.holds,
                    "COORD=VALUE: lock COORD at VALUE (rad or m); repeat for more")
        ->take_all();
    cmd->add_option("--sweep", options.sweep,
                    "COORD=FROM:TO:N: hold COORD at N values from FROM to TO and write the "
                    "effort that holds it, the rest pose and the reactions at each as CSV");
    cmd->add_option("--time", options.time,
                    "When the loads' and actuators' signals are read (s; default 0)");
    cmd->add_flag("--all", options.all,
                  "List every distinct equilibrium found from a spread of starting poses, "
                  "unstable ones too");
    cmd->add_option("--cut", options.cuts, kCutHelp);
    cmd->add_flag("--json", options.json, "Print one JSON object instead of text");
    cmd->add_option("--out", options.out, "--sweep: write the CSV here instead of stdout");
    return cmd;
}

int runEquilibrium(const EquilibriumCommandOptions& options) {
    const std::optional<StaticsStart> start =
        startStatics("equilibrium", options.file, options.cuts, options.holds, options.time);
    if (!start) {
        return kExitBadInput;
    }
    const Model& model = *start->model;
    if (options.sweep) {
        return runSweep(model, options, start->options, start->pose);
    }
    std::string error;
    std::vector<Equilibrium> found;
    if (options.all) {
        found = findEquilibria(model, start->pose, start->options, &error);
    } else {
        Equilibrium rest = findEquilibrium(model, start->pose, start->options);
        if (rest.ok()) {
            found.push_back(std::move(rest));
        } else {
            error = rest.error;
        }
    }
    if (found.empty()) {
        std::cerr << options.file << ": error: " << error << '\n';
        return kExitBadInput;
    }
    if (options.json) {
        std::cout << (options.all ? equilibriaJson(model, found, 2)
                                  : equilibriumJson(model, found.front(), 2))
                  << '\n';
        return kExitOk;
    }
    for (std::size_t i = 0; i < found.size(); ++i) {
        if (found.size() > 1) {
            std::cout << "equilibrium " << i + 1 << " of " << found.size() << ": ";
        }
        printEquilibrium(std::cout, model, found[i]);
    }
    return kExitOk;
}

} // namespace sslm::cli
