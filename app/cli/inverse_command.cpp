// SPDX-License-Identifier: MIT
#include "app/cli/inverse_command.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/load_model.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/inverse/inverse_run.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/motion/prescribed_motion.hpp"
#include "core/sim/sample_csv.hpp"

namespace sslm::cli {

namespace {

/// The whole of `text` as a finite double, locale-independent; empty otherwise.
std::optional<double> parseNumber(const std::string& text) {
    double value = 0;
    const char* first = text.data();
    const char* last = first + text.size();
    if (first != last && *first == '+') {
        ++first;
    }
    const auto result = std::from_chars(first, last, value);
    if (result.ec != std::errc() || result.ptr != last || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

/// A CSV field after the ones already in `line`.
void appendField(std::string& line, double value) {
    if (!line.empty()) {
        line += ',';
    }
    appendCsvNumber(line, value);
}

/// The text of "--option COORD=VALUE" split at '=' into a known coordinate and the value;
/// false (message set, naming the option) otherwise.
bool splitAssignment(const Model& model,
                     const std::string& option,
                     const std::string& text,
                     int& coordinate,
                     std::string& value,
                     const char* form,
                     std::string& message) {
    const auto equals = text.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == text.size()) {
        message = option + " '" + text + "': expected " + form;
        return false;
    }
    const std::string name = text.substr(0, equals);
    value = text.substr(equals + 1);
    coordinate = model.coordinateIndex(name);
    if (coordinate < 0) {
        std::vector<std::string> names;
        for (const Coordinate& c : model.coordinates) {
            names.push_back(c.name);
        }
        message = option + " '" + text + "': unknown coordinate '" + name +
                  "' (a cut joint has none); the coordinates are " + joinNames(names);
        return false;
    }
    return true;
}

/// False (message set, naming the option) when coordinate k has no position to prescribe: a
/// spherical joint's rate.
bool drivable(const Model& model,
              const std::string& option,
              const std::string& text,
              int k,
              std::string& message) {
    if (positionIndex(model, k) >= 0) {
        return true;
    }
    const Joint& joint = model.joints[model.coordinates[k].joint];
    message = option + " '" + text + "': " + model.coordinates[k].name +
              " is a rate of the spherical joint " + joint.name +
              ", whose position is a quaternion: drive a revolute, prismatic, cylindrical or "
              "universal joint's coordinate";
    return false;
}

/// Splits "a:b:c" at ':'.
std::vector<std::string> splitColons(const std::string& text) {
    std::vector<std::string> parts;
    std::string::size_type begin = 0;
    while (true) {
        const auto end = text.find(':', begin);
        parts.push_back(text.substr(begin, end == std::string::npos ? end : end - begin));
        if (end == std::string::npos) {
            return parts;
        }
        begin = end + 1;
    }
}

constexpr const char* kMotionForms =
    "COORD=cycloidal:END:DURATION, COORD=poly345:END:DURATION, COORD=constant:SPEED, "
    "COORD=table:FILE, COORD=spline:FILE or COORD=spline-periodic:FILE (FILE: lines of t,value), "
    "each optionally followed by @PERIOD to repeat it (END in rad or m, DURATION, PERIOD and t "
    "in s, SPEED in rad/s or m/s)";

/// The (t, value) points of a motion table file: one "t,value" (or "t value") pair per line;
/// a first line that is not numbers is a header; '#' starts a comment. Empty (message set) when
/// the file cannot be read or a line is malformed.
std::optional<std::vector<std::pair<double, double>>>
readMotionTable(const std::string& option, const std::string& path, std::string& message) {
    std::ifstream in(path);
    if (!in) {
        message = option + ": cannot open the motion table " + path;
        return std::nullopt;
    }
    std::vector<std::pair<double, double>> points;
    std::string line;
    for (long number = 1; std::getline(in, line); ++number) {
        if (const auto hash = line.find('#'); hash != std::string::npos) {
            line.erase(hash);
        }
        std::replace(line.begin(), line.end(), ',', ' ');
        std::istringstream fields(line);
        double t = 0;
        double value = 0;
        std::string extra;
        if (!(fields >> t)) {
            if (line.find_first_not_of(" \t\r") == std::string::npos || number == 1) {
                continue; // blank, or a header
            }
            message = path + ":" + std::to_string(number) +
                      ": expected two numbers t,value (s and rad or m)";
            return std::nullopt;
        }
        if (!(fields >> value) || (fields >> extra)) {
            message = path + ":" + std::to_string(number) +
                      ": expected two numbers t,value (s and rad or m)";
            return std::nullopt;
        }
        points.emplace_back(t, value);
    }
    return points;
}

std::optional<MotionLaw> parseBaseLaw(const std::string& option,
                                      const std::string& text,
                                      const std::string& lawText,
                                      double start,
                                      std::string& message);

/// A --motion law starting from `start` at t = 0; empty (message set) when malformed.
std::optional<MotionLaw> parseLaw(const std::string& option,
                                  const std::string& text,
                                  const std::string& lawWithPeriod,
                                  double start,
                                  std::string& message) {
    // LAW@PERIOD repeats the law
    std::string lawText = lawWithPeriod;
    std::optional<double> period;
    if (const auto at = lawWithPeriod.rfind('@'); at != std::string::npos) {
        lawText = lawWithPeriod.substr(0, at);
        period = parseNumber(lawWithPeriod.substr(at + 1));
        if (!period || !(*period > 0.0)) {
            message = option + " '" + text +
                      "': the period after '@' must be a positive number "
                      "of seconds";
            return std::nullopt;
        }
    }
    std::optional<MotionLaw> law = parseBaseLaw(option, text, lawText, start, message);
    if (law && period) {
        law = repeated(std::move(*law), *period);
    }
    return law;
}

/// The law of parseLaw without its period.
std::optional<MotionLaw> parseBaseLaw(const std::string& option,
                                      const std::string& text,
                                      const std::string& lawText,
                                      double start,
                                      std::string& message) {
    // tables name a file, which may itself hold ':'
    for (const char* table : {"table:", "spline:", "spline-periodic:"}) {
        const std::string prefix = table;
        if (lawText.rfind(prefix, 0) == 0) {
            const std::optional<std::vector<std::pair<double, double>>> points =
                readMotionTable(option, lawText.substr(prefix.size()), message);
            if (!points) {
                return std::nullopt;
            }
            try {
                if (prefix == "table:") {
                    return linearTable(*points);
                }
                return cubicSplineTable(*points, prefix == "spline:" ? SplineEnds::Natural
                                                                     : SplineEnds::Periodic);
            } catch (const std::invalid_argument& e) {
                message = option + " '" + text + "': " + e.what();
                return std::nullopt;
            }
        }
    }
    const std::vector<std::string> parts = splitColons(lawText);
    const std::string& kind = parts.front();
    std::vector<double> numbers;
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::optional<double> value = parseNumber(parts[i]);
        if (!value) {
            message = option + " '" + text + "': '" + parts[i] + "' is not a number; expected " +
                      kMotionForms;
            return std::nullopt;
        }
        numbers.push_back(*value);
    }
    const bool pointToPoint = kind == "cycloidal" || kind == "poly345";
    if (pointToPoint && numbers.size() == 2) {
        if (!(numbers[1] > 0.0)) {
            message = option + " '" + text + "': the duration must be positive (got " +
                      shortNumber(numbers[1]) + " s)";
            return std::nullopt;
        }
        return kind == "cycloidal" ? cycloidal(start, numbers[0], 0.0, numbers[1])
                                   : polynomial345(start, numbers[0], 0.0, numbers[1]);
    }
    if (kind == "constant" && numbers.size() == 1) {
        return constantSpeed(start, numbers[0]);
    }
    message = option + " '" + text + "': expected " + kMotionForms;
    return std::nullopt;
}

/// The driven coordinates and their laws from --speed and --motion, else from the file's
/// actuators at their initial rates; empty (message set) when impossible.
std::optional<std::vector<DrivenMotion>> drivenMotions(const Model& model,
                                                       const InverseOptions& options,
                                                       const Eigen::VectorXd& q0,
                                                       std::string& message) {
    std::vector<DrivenMotion> motions;
    for (const std::string& text : options.speeds) {
        int k = -1;
        std::string value;
        if (!splitAssignment(model, "--speed", text, k, value, "COORD=OMEGA (rad/s or m/s)",
                             message)) {
            return std::nullopt;
        }
        const std::optional<double> omega = parseNumber(value);
        if (!omega) {
            message = "--speed '" + text + "': '" + value +
                      "' is not a number; expected COORD=OMEGA (rad/s or m/s)";
            return std::nullopt;
        }
        if (!drivable(model, "--speed", text, k, message)) {
            return std::nullopt;
        }
        motions.push_back({k, constantSpeed(q0[positionIndex(model, k)], *omega)});
    }
    for (const std::string& text : options.motions) {
        int k = -1;
        std::string value;
        if (!splitAssignment(model, "--motion", text, k, value, kMotionForms, message)) {
            return std::nullopt;
        }
        if (!drivable(model, "--motion", text, k, message)) {
            return std::nullopt;
        }
        std::optional<MotionLaw> law =
            parseLaw("--motion", text, value, q0[positionIndex(model, k)], message);
        if (!law) {
            return std::nullopt;
        }
        motions.push_back({k, std::move(*law)});
    }
    if (!motions.empty()) {
        return motions;
    }

    // the file's actuators, turning at their initial rates
    std::string error;
    const std::vector<int> actuated = actuatedCoordinates(model, &error);
    if (!error.empty()) {
        message = error + "; or pass --speed COORD=OMEGA or --motion COORD=LAW";
        return std::nullopt;
    }
    if (actuated.empty()) {
        message = "the file has no actuator to drive: pass --speed COORD=OMEGA or --motion "
                  "COORD=LAW for the driven coordinates";
        return std::nullopt;
    }
    for (int k : actuated) {
        const std::string& name = model.coordinates[k].name;
        const auto& rates = model.spec.initial.rates;
        const auto rate = std::find_if(rates.begin(), rates.end(),
                                       [&](const auto& entry) { return entry.first == name; });
        if (rate == rates.end()) {
            message = "the file gives no initial rate for the actuated coordinate " + name +
                      ": pass --speed " + name + "=OMEGA or --motion " + name + "=LAW";
            return std::nullopt;
        }
        if (positionIndex(model, k) < 0) {
            message = "the actuated coordinate " + name +
                      " belongs to a spherical joint, which has no angle to prescribe";
            return std::nullopt;
        }
        motions.push_back({k, constantSpeed(q0[positionIndex(model, k)], rate->second)});
    }
    return motions;
}

/// Force and moment components of a spatial reaction column.
constexpr const char* kWrenchComponents[] = {".fx", ".fy", ".fz", ".mx", ".my", ".mz"};

std::vector<std::string> csvColumns(const Model& model, const std::vector<DrivenMotion>& motions) {
    std::vector<std::string> columns{"t"};
    for (const std::string& name : positionNames(model)) {
        columns.push_back("q." + name);
    }
    for (const Coordinate& c : model.coordinates) {
        columns.push_back("qd." + c.name);
    }
    for (const DrivenMotion& motion : motions) {
        columns.push_back("tau." + model.coordinates[motion.coordinate].name);
    }
    if (model.isSpatial()) {
        // every joint's constraint reaction, B on A (W; moment about A's joint point): the cut
        // multipliers' basis is the cut type's rows, so the wrench is what is reported
        for (const Joint& joint : model.joints) {
            for (const char* component : kWrenchComponents) {
                columns.push_back("reaction." + joint.name + component);
            }
        }
        for (const char* name : {"shaking.force.x", "shaking.force.y", "shaking.force.z",
                                 "shaking.moment.x", "shaking.moment.y", "shaking.moment.z"}) {
            columns.emplace_back(name);
        }
        return columns;
    }
    for (int cut : model.cuts) {
        const Joint& joint = model.joints[cut];
        const bool prismatic = joint.type == JointType::Prismatic;
        columns.push_back("lambda." + joint.name + (prismatic ? ".normal" : ".x"));
        columns.push_back("lambda." + joint.name + (prismatic ? ".moment" : ".y"));
    }
    for (const Joint& joint : model.joints) {
        columns.push_back("reaction." + joint.name + ".x");
        columns.push_back("reaction." + joint.name + ".y");
        if (joint.type == JointType::Prismatic) {
            columns.push_back("reaction." + joint.name + ".moment");
        }
    }
    for (const char* name : {"shaking.force.x", "shaking.force.y", "shaking.moment"}) {
        columns.emplace_back(name);
    }
    return columns;
}

void csvRow(const Model& model, const InverseSample& sample, std::string& line) {
    line.clear();
    appendField(line, sample.t);
    for (const double x : sample.q) {
        appendField(line, x);
    }
    for (const double x : sample.qd) {
        appendField(line, x);
    }
    for (const double x : sample.tau) {
        appendField(line, x);
    }
    if (model.isSpatial()) {
        for (const SpatialJointReaction& r : sample.spatialReactions) {
            for (int k = 0; k < 3; ++k) {
                appendField(line, r.force[k]);
            }
            for (int k = 0; k < 3; ++k) {
                appendField(line, r.moment[k]);
            }
        }
        for (const Eigen::Vector3d* v : {&sample.shaking.force, &sample.shaking.moment}) {
            for (int k = 0; k < 3; ++k) {
                appendField(line, (*v)[k]);
            }
        }
        return;
    }
    for (const double x : sample.lambda) {
        appendField(line, x);
    }
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const JointReaction& r = sample.reactions[j];
        appendField(line, r.force.x());
        appendField(line, r.force.y());
        if (model.joints[j].type == JointType::Prismatic) {
            appendField(line, r.moment);
        }
    }
    appendField(line, sample.shaking.force.x());
    appendField(line, sample.shaking.force.y());
    appendField(line, sample.shaking.moment.z());
}

bool writeSummaryJson(const std::string& path,
                      const Model& model,
                      const std::vector<DrivenMotion>& motions,
                      const InverseRunSettings& settings,
                      const InverseRunSummary& summary) {
    nlohmann::json cuts = nlohmann::json::array();
    for (int cut : model.cuts) {
        cuts.push_back(model.joints[cut].name);
    }
    nlohmann::json driven = nlohmann::json::array();
    for (const DrivenMotion& motion : motions) {
        driven.push_back({{"coordinate", model.coordinates[motion.coordinate].name},
                          {"law", describeMotionLaw(motion.law)}});
    }
    const nlohmann::json json = {{"model", model.name},
                                 {"method", inverseMethodName(settings.method)},
                                 {"cuts", cuts},
                                 {"driven", driven},
                                 {"t_end", settings.tEnd},
                                 {"sample", settings.sampleInterval},
                                 {"end_time", summary.endTime},
                                 {"samples", summary.samples},
                                 {"assemblies", summary.assemblies},
                                 {"wall_seconds", summary.wallSeconds},
                                 {"plan", summary.plan},
                                 {"max_position_violation", summary.maxPositionViolation},
                                 {"min_conditioning", summary.minConditioning},
                                 {"min_conditioning_time", summary.minConditioningTime},
                                 {"ok", summary.ok},
                                 {"message", summary.message}};
    std::ofstream out(path, std::ios::out | std::ios::trunc);
    out << json.dump(2) << '\n';
    return static_cast<bool>(out);
}

} // namespace

CLI::App* addInverseCommand(CLI::App& app, InverseOptions& options) {
    CLI::App* cmd = app.add_subcommand(
        "inverse", "Inverse dynamics under prescribed motions from the file's initial pose: "
                   "driving forces, cut multipliers and joint reactions as CSV");
    cmd->add_option("FILE", options.file, "Mechanism file (.json)")->required();
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
    cmd->add_option("--out", options.out, "CSV file to write (default: standard output)");
    cmd->add_option("--summary-json", options.summaryJson,
                    "Also write the run's summary (method, driven motions, plan, samples, wall "
                    "time, max |Φ|) as a JSON object to this file");
    cmd->add_flag("--quiet", options.quiet, "No progress and no summary on the terminal");
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
    if (settings.tEnd / settings.sampleInterval > 1e8) {
        std::cerr << "sslm inverse: error: --t-end / --sample asks for more than 10⁸ samples; "
                     "choose a larger --sample\n";
        return kExitBadInput;
    }

    // the initial pose, then the motions from it
    const std::optional<InitialState> assembled = assembleOrExplain(*model, path, std::cerr);
    if (!assembled) {
        return kExitBadInput;
    }
    std::string message;
    std::optional<std::vector<DrivenMotion>> motions;
    try {
        motions = drivenMotions(*model, options, assembled->q, message);
    } catch (const std::invalid_argument& e) {
        message = std::string("--motion: ") + e.what();
    }
    if (!motions) {
        std::cerr << "sslm inverse: error: " << message << '\n';
        return kExitBadInput;
    }
    if (const std::string error = inverseRunError(*model, *motions, settings); !error.empty()) {
        std::cerr << "sslm inverse: error: --speed/--motion: " << error << '\n';
        return kExitBadInput;
    }

    std::ofstream file;
    std::ostream* output = openOutput(options.out, file, std::cerr);
    if (output == nullptr) {
        return kExitBadInput;
    }
    std::ostream& out = *output;
    {
        std::string header;
        for (const std::string& column : csvColumns(*model, *motions)) {
            header += (header.empty() ? "" : ",") + column;
        }
        out << header << '\n';
    }

    // samples to the CSV; progress on stderr once the run takes longer than a second
    std::string line;
    InverseRunCallbacks callbacks;
    callbacks.onSample = [&](const InverseSample& sample) {
        csvRow(*model, sample, line);
        line += '\n';
        out << line;
    };
    std::optional<ProgressLine> progress(std::in_place, "inverse", settings.tEnd, options.quiet);
    callbacks.shouldContinue = [&](double t) {
        progress->update(t);
        return true;
    };
    const InverseRunSummary summary =
        runInverseDynamics(*model, *motions, assembled->q, settings, callbacks);
    progress.reset(); // ends the progress line before the summary
    if (!finishCsv(out, options.out, std::cerr)) {
        return kExitBadInput;
    }

    // summary: to stdout when the CSV went to a file, else to stderr (as `sslm simulate`)
    std::ostream& report = options.out.empty() ? std::cerr : std::cout;
    if (!options.quiet || !summary.ok) {
        report << "sslm inverse: " << model->name << ", " << inverseMethodName(settings.method)
               << ": " << summary.samples << " samples to t = " << shortNumber(summary.endTime)
               << " s" << (options.out.empty() ? "" : " written to " + options.out) << "; plan "
               << summary.plan << "; wall " << shortNumber(summary.wallSeconds * 1e3)
               << " ms; max |Φ| = " << shortNumber(summary.maxPositionViolation) << '\n';
    }
    if (!options.summaryJson.empty() &&
        !writeSummaryJson(options.summaryJson, *model, *motions, settings, summary)) {
        std::cerr << options.summaryJson << ": error: cannot write the summary\n";
        return kExitBadInput;
    }
    if (!summary.ok) {
        std::cerr << path << ": error: the inverse dynamics stopped " << summary.message << '\n';
        return summary.cancelled ? kExitInternal : kExitBadInput;
    }
    return kExitOk;
}

} // namespace sslm::cli
