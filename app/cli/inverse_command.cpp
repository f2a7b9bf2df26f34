// SPDX-License-Identifier: MIT
#include "app/cli/inverse_command.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <exception>
#include <iostream>
#include <sstream>
#include <utility>
#include <vector>

#include "app/cli/driven_start.hpp"
#include "app/cli/load_model.hpp"
#include "app/cli/mechanism_file_command.hpp"
#include "app/cli/moment_point_option.hpp"
#include "app/cli/run_report.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/inverse/inverse_run.hpp"
#include "core/inverse/inverse_table.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/motion/prescribed_motion.hpp"
#include "core/sim/sample_csv.hpp"
#include "core/util/text.hpp"

namespace sslm::cli {

namespace {

/// A CSV field after the ones already in `line`.
void appendField(std::string& line, double value) {
    if (!line.empty()) {
        line += ',';
    }
    appendCsvNumber(line, value);
}

/// One CSV row of the inverse table.
void csvRow(const Model& model, const InverseSample& sample, std::string& line) {
    thread_local std::vector<double> values;
    inverseValues(model, sample, values);
    line.clear();
    for (const double x : values) {
        appendField(line, x);
    }
}

} // namespace

CLI::App* addInverseCommand(CLI::App& app, InverseOptions& options) {
    CLI::App* cmd = addMechanismFileCommand(
        app, "inverse",
        "Inverse dynamics under prescribed motions from the file's initial pose: "
        "driving forces, cut multipliers and joint reactions as CSV",
        options.file);
    cmd->add_option("--speed", options.speeds,
                    "COORD=OMEGA: drive COORD at constant speed OMEGA (rad/s or m/s) from its "
                    "initial value; repeatable")
        ->allow_extra_args(false); // one value per occurrence, so that FILE may follow
    cmd->add_option("--motion", options.motions,
                    "COORD=LAW: drive COORD from its initial value by LAW, cycloidal:END:DURATION, "
                    "poly345:END:DURATION (rest to rest, from t = 0) or constant:SPEED; or "
                    "through the points of a file, table:FILE (piecewise linear), spline:FILE or "
                    "spline-periodic:FILE (lines t,value in s and rad or m); LAW@PERIOD repeats "
                    "LAW every PERIOD s. Repeatable. Without --speed or --motion the file's "
                    "actuators turn at their initial rates")
        ->allow_extra_args(false);
    cmd->add_option("--t-end", options.tEnd, "End time (s); default the file's");
    cmd->add_option("--sample", options.sampleInterval, "Output interval (s); default the file's");
    cmd->add_option("--method", options.method,
                    "subsystem (default; the two-level recursion), system or traditional");
    cmd->add_option("--cut", options.cuts, kCutHelp);
    addRunOutputOptions(cmd, options, "method, driven motions, plan, samples, wall time, max |Φ|");
    return cmd;
}

int runInverse(const InverseOptions& options) {
    const std::string& path = options.file;
    const std::optional<InverseMethod> method = inverseMethodFromName(options.method);
    if (!method) {
        std::cerr << "sslm inverse: error: --method '" << options.method
                  << "' is unknown; use subsystem, system or traditional\n";
        return kExitBadInput;
    }
    const std::shared_ptr<const Model> model = loadModel(path, options.cuts, std::cerr);
    if (!model) {
        return kExitBadInput;
    }

    // settings: the file's end time and sample interval unless overridden
    InverseRunSettings settings;
    settings.method = *method;
    settings.tEnd = options.tEnd.value_or(model->spec.solver.tEnd);
    settings.sampleInterval = options.sampleInterval.value_or(model->spec.solver.sampleInterval);
    for (const auto& [value, option] :
         {std::pair{settings.tEnd, "--t-end"}, std::pair{settings.sampleInterval, "--sample"}}) {
        if (!(value > 0.0) || !std::isfinite(value)) {
            std::cerr << "sslm inverse: error: " << option << " must be a positive number (got "
                      << shortNumber(value) << ")\n";
            return kExitBadInput;
        }
    }
    if (const std::string error =
            momentPointFrom(options.momentAbout, *model, settings.shakingAbout);
        !error.empty()) {
        std::cerr << "sslm inverse: error: " << error << '\n';
        return kExitBadInput;
    }
    if (settings.tEnd / settings.sampleInterval > 1e8) {
        std::cerr << "sslm inverse: error: --t-end / --sample asks for more than 10⁸ samples; "
                     "choose a larger --sample\n";
        return kExitBadInput;
    }

    // the initial pose, then the motions from it
    const std::optional<DrivenStart> start =
        drivenStartOrExplain(*model, path, options.speeds, options.motions, "inverse", std::cerr);
    if (!start) {
        return kExitBadInput;
    }
    const std::vector<DrivenMotion>& motions = start->motions;
    if (const std::string error = inverseRunError(*model, motions, settings); !error.empty()) {
        std::cerr << "sslm inverse: error: --speed/--motion: " << error << '\n';
        return kExitBadInput;
    }

    CsvOutput csv;
    if (!csv.open(options.out, std::cerr)) {
        return kExitBadInput;
    }
    std::ostream& out = csv.stream();
    out << text::joinNames(inverseColumns(*model, motions), ",") << '\n';

    // samples to the CSV; progress on stderr once the run takes longer than a second
    std::string line;
    InverseRunCallbacks callbacks;
    callbacks.onSample = [&](const InverseSample& sample) {
        csvRow(*model, sample, line);
        line += '\n';
        out << line;
    };
    const InverseRunSummary summary =
        runWithProgressLine("inverse", settings.tEnd, options.quiet, callbacks, [&] {
            return runInverseDynamics(*model, motions, start->q0, settings, callbacks);
        });
    std::ostream* const summaryStream = summaryStreamAfterCsv(out, options.out, std::cerr);
    if (summaryStream == nullptr) {
        return kExitBadInput;
    }

    // summary: to stdout when the CSV went to a file, else to stderr (as `sslm simulate`)
    std::ostream& report = *summaryStream;
    if (!options.quiet || !summary.ok) {
        report << "sslm inverse: " << model->name << ", " << inverseMethodName(settings.method)
               << ": " << summary.samples << " samples to t = " << shortNumber(summary.endTime)
               << " s" << (options.out.empty() ? "" : " written to " + options.out) << "; plan "
               << summary.plan << "; wall " << shortNumber(summary.wallSeconds * 1e3)
               << " ms; max |Φ| = " << shortNumber(summary.maxPositionViolation) << '\n';
        report << "sslm inverse: " << shakingText(summary.shaking) << '\n';
    }
    if (!options.summaryJson.empty() &&
        !writeSummaryFile(options.summaryJson,
                          inverseSummaryJson(*model, motions, settings, summary, 2) + '\n',
                          std::cerr)) {
        return kExitBadInput;
    }
    return runExitCode(summary.ok, summary.cancelled, summary.message, path, "inverse dynamics",
                       std::cerr);
}

} // namespace sslm::cli
