// SPDX-License-Identifier: MIT
#include "app/cli/kinematics_command.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "app/cli/load_model.hpp"
#include "app/cli/mechanism_file_command.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/kinematics/sweep_table.hpp"
#include "core/model/workspace.hpp"
#include "core/util/text.hpp"

namespace sslm::cli {

namespace {

/// Significant digits of the sweep CSV: 17 read back as the same double.
constexpr int kCsvDigits = 17;

/// The index of the coordinate `name` to sweep, or −1 after saying on stderr why there is none:
/// the coordinates there are, and the joint that owns it when this cut choice cuts it.
int sweptCoordinate(const Model& model, const std::string& path, const std::string& name) {
    const int input = model.coordinateIndex(name);
    if (input >= 0 && model.joints[model.coordinates[input].joint].type == JointType::Spherical) {
        std::cerr << path << ": error: '" << name << "' is a rate of the spherical joint "
                  << model.joints[model.coordinates[input].joint].name
                  << ", whose position is a quaternion, not an angle: sweep a revolute, "
                     "prismatic, cylindrical or universal joint's coordinate\n";
        return -1;
    }
    if (input >= 0) {
        return input;
    }
    std::vector<std::string> names;
    for (const Coordinate& c : model.coordinates) {
        names.push_back(c.name);
    }
    std::cerr << path << ": error: unknown input coordinate '" << name << "' (the coordinates are "
              << joinNames(names) << ")\n";
    for (const Joint& joint : model.joints) {
        if (joint.isCut() && joint.coordinateName == name) {
            std::cerr << path << ": note: " << name << " belongs to joint " << joint.name
                      << ", which is cut; choose other cuts with --cut\n";
        }
    }
    return -1;
}

/// What the rows of a sweep's CSV add up to, for the summary line.
struct SweepSummary {
    std::size_t written = 0;                                   ///< rows written
    int toggles = 0;                                           ///< rows flagged as toggles
    double minSigma = std::numeric_limits<double>::infinity(); ///< least σ_min(J_dep)
    std::vector<double> yMin;                                  ///< per traced point, least y (m)
    std::vector<double> yMax;                                  ///< per traced point, greatest y (m)
};

/// Writes the CSV header and one row per sample, stopping at the first that did not converge.
/// `shown` holds the input values as the user gave them (÷ `scale` for samples past its end).
SweepSummary writeSweepCsv(std::ostream& out,
                           const Model& model,
                           Workspace& ws,
                           const std::vector<SweepSample>& samples,
                           const std::vector<double>& shown,
                           double scale) {
    out << text::joinNames(sweepColumns(model), ",") << '\n';

    SweepSummary summary;
    summary.yMin.assign(model.tracedPoints.size(), std::numeric_limits<double>::infinity());
    summary.yMax.assign(model.tracedPoints.size(), -std::numeric_limits<double>::infinity());
    const std::size_t pointWidth = static_cast<std::size_t>(model.dimension());
    const std::size_t firstPoint = 1 + static_cast<std::size_t>(model.nq());
    std::vector<double> values;
    std::string line;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const SweepSample& s = samples[i];
        if (!s.converged) {
            break;
        }
        sweepValues(model, ws, s, i < shown.size() ? shown[i] : s.input / scale, values);
        line.clear();
        for (std::size_t k = 0; k + 1 < values.size(); ++k) {
            line += (k == 0 ? "" : ",") + text::number(values[k], kCsvDigits);
        }
        line += s.toggle ? ",1\n" : ",0\n";
        out << line;
        for (std::size_t t = 0; t < model.tracedPoints.size(); ++t) {
            const double y = values[firstPoint + t * pointWidth + 1];
            summary.yMin[t] = std::min(summary.yMin[t], y);
            summary.yMax[t] = std::max(summary.yMax[t], y);
        }
        ++summary.written;
        summary.toggles += s.toggle ? 1 : 0;
        summary.minSigma = std::min(summary.minSigma, s.minSingularValue);
    }
    return summary;
}

/// False after saying on stderr what is wrong with --steps, --from, --to or --branch; the
/// parsed --branch into `branch`.
bool checkOptions(const KinematicsOptions& options, std::optional<AssemblyMode>& branch) {
    if (options.steps < 1) {
        std::cerr << "sslm kinematics: error: --steps must be at least 1 (got " << options.steps
                  << ")\n";
        return false;
    }
    if (!std::isfinite(options.from) || !std::isfinite(options.to)) {
        std::cerr << "sslm kinematics: error: --from and --to must be finite numbers\n";
        return false;
    }
    if (options.branch) {
        std::string error;
        branch = parseBranchList(*options.branch, error);
        if (!branch) {
            std::cerr << "sslm kinematics: error: " << error << '\n';
            return false;
        }
    }
    return true;
}

/// N + 1 evenly spaced values from --from, the last one exactly --to: as the user gave them
/// (`shown`) and in rad or m (`values`, shown · scale).
void sweepGrid(const KinematicsOptions& options,
               double scale,
               std::vector<double>& shown,
               std::vector<double>& values) {
    shown.resize(static_cast<std::size_t>(options.steps) + 1);
    values.resize(shown.size());
    for (std::size_t i = 0; i < shown.size(); ++i) {
        shown[i] = i + 1 == shown.size()
                       ? options.to
                       : options.from + (options.to - options.from) * static_cast<double>(i) /
                                            static_cast<double>(options.steps);
        values[i] = shown[i] * scale;
    }
}

/// The one-line summary of a sweep written to a file; `unit` " deg", " rad" or " m".
void printSweepSummary(std::ostream& out,
                       const KinematicsOptions& options,
                       const Model& model,
                       const SweepSummary& summary,
                       const std::string& unit) {
    out << "sslm: " << summary.written << " samples of " << options.input << " from "
        << text::number(options.from, 6) << " to " << text::number(options.to, 6) << unit
        << " written to " << options.out << "; min σ(J_dep) = " << text::number(summary.minSigma, 6)
        << ", toggles: " << summary.toggles;
    for (std::size_t t = 0; t < model.tracedPoints.size(); ++t) {
        out << "; " << model.tracedPoints[t].name << " y in [" << text::number(summary.yMin[t], 6)
            << ", " << text::number(summary.yMax[t], 6) << "] m";
    }
    out << '\n';
}

} // namespace

CLI::App* addKinematicsCommand(CLI::App& app, KinematicsOptions& options) {
    CLI::App* cmd = addMechanismFileCommand(
        app, "kinematics",
        "Sweep one input coordinate and write the assembled coordinates, traced "
        "points, σ_min(J_dep) and toggle flags as CSV",
        options.file);
    cmd->add_option("--input", options.input, "Coordinate to sweep, e.g. theta1")->required();
    cmd->add_option("--from", options.from, "First value (rad or m; degrees with --degrees)")
        ->required();
    cmd->add_option("--to", options.to, "Last value (rad or m; degrees with --degrees)")
        ->required();
    cmd->add_option("--steps", options.steps, "Number of steps; N + 1 samples are written")
        ->required();
    cmd->add_flag("--degrees", options.degrees,
                  "--from and --to, and the CSV's input column, are in degrees");
    cmd->add_option("--cut", options.cuts, kCutHelp);
    cmd->add_option("--branch", options.branch,
                    std::string(kBranchHelp) + "; the sweep starts there and keeps to it");
    cmd->add_option("--out", options.out, "CSV file to write (default: standard output)");
    return cmd;
}

int runKinematics(const KinematicsOptions& options) {
    const std::string& path = options.file;
    std::optional<AssemblyMode> branch;
    if (!checkOptions(options, branch)) {
        return kExitBadInput;
    }
    const std::shared_ptr<const Model> model = loadModel(path, options.cuts, std::cerr);
    if (!model) {
        return kExitBadInput;
    }

    // the swept coordinate
    const int input = sweptCoordinate(*model, path, options.input);
    if (input < 0) {
        return kExitBadInput;
    }
    const bool angular = model->coordinates[input].angular;
    if (options.degrees && !angular) {
        std::cerr << path << ": error: --degrees applies to angular coordinates; " << options.input
                  << " is a slide (m)\n";
        return kExitBadInput;
    }

    // the assembled initial state and its mobility
    std::optional<InitialState> assembled = assembleOrExplain(*model, path, std::cerr);
    if (!assembled) {
        return kExitBadInput;
    }
    InitialState& initial = *assembled;
    Workspace ws(*model);
    updatePositions(*model, ws, initial.q);
    const int dof = mobilityAtPose(*model, ws).dof;
    std::string why;
    const std::vector<int> independent = sweepIndependent(*model, dof, input, why);
    if (independent.empty()) {
        std::cerr << path << ": error: " << why << '\n';
        return kExitBadInput;
    }
    // the start on the branch asked for; the sweep keeps to it
    if (branch && !assembleOnBranch(*model, initial, independent, *branch, path, std::cerr)) {
        return kExitBadInput;
    }

    const double scale = options.degrees ? std::numbers::pi / 180.0 : 1.0;
    std::vector<double> shown;
    std::vector<double> values;
    sweepGrid(options, scale, shown, values);
    const std::vector<SweepSample> samples =
        sweepInput(*model, ws, initial.q, independent, input, values);

    // the CSV, to a file or stdout
    CsvOutput csv;
    if (!csv.open(options.out, std::cerr)) {
        return kExitBadInput;
    }
    std::ostream& out = csv.stream();
    const SweepSummary summary = writeSweepCsv(out, *model, ws, samples, shown, scale);
    const std::size_t written = summary.written;
    if (!finishCsv(out, options.out, std::cerr)) {
        return kExitBadInput;
    }

    // an early stop: the mechanism could not be assembled at the next value
    const std::string unit = options.degrees ? " deg" : (angular ? " rad" : " m");
    if (written < values.size()) {
        const double at = written < shown.size() ? shown[written] : options.to;
        std::cerr << path << ": error: the sweep of " << options.input << " stopped at "
                  << text::number(at, 6) << unit << ": the mechanism cannot be assembled there "
                  << "(past a toggle or dead-centre position?); " << written << " of "
                  << values.size() << " samples written\n";
        return kExitBadInput;
    }

    // one-line summary when the CSV went to a file
    if (!options.out.empty()) {
        printSweepSummary(std::cout, options, *model, summary, unit);
    }
    return kExitOk;
}

} // namespace sslm::cli
