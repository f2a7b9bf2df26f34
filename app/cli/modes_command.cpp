// SPDX-License-Identifier: MIT
#include "app/cli/modes_command.hpp"

#include <iomanip>
#include <iostream>

#include "app/cli/hold_option.hpp"
#include "app/cli/load_model.hpp"
#include "app/cli/mechanism_file_command.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/statics/statics_report.hpp"
#include "core/statics/vibration_modes.hpp"

namespace sslm::cli {

namespace {

void printModes(std::ostream& out, const Model& model, const VibrationAnalysis& analysis) {
    const Equilibrium& rest = analysis.equilibrium;
    out << "about the " << (rest.stable ? "stable" : "unstable") << " rest pose (residual "
        << shortNumber(rest.residualNorm) << "):";
    for (int k : analysis.coordinates) {
        out << ' ' << model.coordinates[k].name << " = "
            << shortNumber(rest.q[positionIndex(model, k)]);
    }
    out << "\n\n"
        << std::left << std::setw(6) << "mode" << std::right << std::setw(16) << "frequency (Hz)"
        << std::setw(16) << "omega^2 (1/s²)" << std::setw(16) << "damping ratio"
        << "  shape\n";
    for (std::size_t m = 0; m < analysis.modes.size(); ++m) {
        const VibrationMode& mode = analysis.modes[m];
        out << std::left << std::setw(6) << m + 1 << std::right << std::setw(16)
            << (mode.omegaSquared > 0 ? shortNumber(mode.frequencyHz) : "unstable") << std::setw(16)
            << shortNumber(mode.omegaSquared) << std::setw(16) << shortNumber(mode.dampingRatio)
            << ' ';
        for (std::size_t i = 0; i < analysis.coordinates.size(); ++i) {
            out << ' ' << model.coordinates[analysis.coordinates[i]].name << ' '
                << shortNumber(mode.shape[static_cast<Eigen::Index>(i)]);
        }
        out << '\n';
    }
    out << "\nK and C by central differences with Richardson extrapolation (relative change "
        << shortNumber(analysis.stiffnessAccuracy) << " and "
        << shortNumber(analysis.dampingAccuracy) << "); M = Nᵀ M N exact\n";
}

} // namespace

CLI::App* addModesCommand(CLI::App& app, ModesCommandOptions& options) {
    CLI::App* cmd = addMechanismFileCommand(
        app, "modes",
        "Vibration modes about the rest pose nearest the file's: natural frequencies "
        "(Hz), damping ratios and mode shapes from the linearised reduced equations",
        options.file);
    cmd->add_option("--hold", options.holds,
                    "COORD=VALUE: lock COORD at VALUE (rad or m); repeat for more")
        ->take_all();
    cmd->add_option("--time", options.time,
                    "When the loads' and actuators' signals are read (s; default 0)");
    cmd->add_option("--cut", options.cuts, kCutHelp);
    cmd->add_flag("--json", options.json, "Print one JSON object instead of text");
    return cmd;
}

int runModes(const ModesCommandOptions& options) {
    const std::optional<StaticsStart> start =
        startStatics("modes", options.file, options.cuts, options.holds, options.time);
    if (!start) {
        return kExitBadInput;
    }
    const Model& model = *start->model;
    const VibrationAnalysis analysis = vibrationModes(model, start->pose, start->options);
    if (!analysis.ok()) {
        std::cerr << options.file << ": error: " << analysis.error << '\n';
        return kExitBadInput;
    }
    if (analysis.modes.empty()) {
        std::cerr << options.file
                  << ": error: every coordinate is held, so nothing is left to vibrate "
                     "(hint: hold fewer coordinates)\n";
        return kExitBadInput;
    }
    if (options.json) {
        std::cout << vibrationJson(model, analysis, 2) << '\n';
    } else {
        printModes(std::cout, model, analysis);
    }
    return kExitOk;
}

} // namespace sslm::cli
