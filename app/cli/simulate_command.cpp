// SPDX-License-Identifier: MIT
#include "app/cli/simulate_command.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>

#include "app/cli/drive_history_csv.hpp"
#include "app/cli/load_model.hpp"
#include "app/cli/mechanism_file_command.hpp"
#include "app/cli/moment_point_option.hpp"
#include "app/cli/run_report.hpp"
#include "core/inverse/forced_drive.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/sample_csv.hpp"
#include "core/sim/simulation.hpp"
#include "core/sim/simulation_summary_json.hpp"
#include "core/study/run_request.hpp"
#include "core/util/text.hpp"

namespace sslm::cli {

namespace {

/// The file's settings with the command line's overrides; an empty optional (message set) for
/// an unknown word or a value out of range.
std::optional<SimulationSettings> resolveSettings(const Model& model,
                                                  const SimulateOptions& options,
                                                  std::optional<double> duration,
                                                  std::string& message) {
    SolverSettingsSpec spec = model.spec.solver;
    if (duration) { // a forced run lasts as long as its history
        spec.tEnd = *duration;
        if (options.tEnd && *options.tEnd > *duration * (1 + 1e-12)) {
            message = "--t-end " + shortNumber(*options.tEnd) + " s is past the end of the " +
                      "--forced-from history (" + shortNumber(*duration) +
                      " s); give a shorter --t-end or a longer inverse run";
            return std::nullopt;
        }
    }
    spec = withOverrides(spec, options);
    if (options.independent) {
        if (spec.method != "rcr") {
            message = "--independent names RCR's independent coordinates; add --solver rcr";
            return std::nullopt;
        }
        spec.rcrIndependent.clear();
        std::string name;
        for (const char c : *options.independent + ",") {
            if (c == ',') {
                if (!name.empty()) {
                    spec.rcrIndependent.push_back(name);
                }
                name.clear();
            } else if (c != ' ') {
                name += c;
            }
        }
    }
    const auto positive = [&](double value, const char* option) {
        if (!(value > 0.0) || !std::isfinite(value)) {
            message =
                std::string(option) + " must be a positive number (got " + shortNumber(value) + ")";
            return false;
        }
        return true;
    };
    if (!positive(spec.tEnd, "--t-end") || !positive(spec.step, "--dt") ||
        !positive(spec.rtol, "--rtol") || !positive(spec.atol, "--atol") ||
        !positive(spec.sampleInterval, "--sample")) {
        return std::nullopt;
    }
    if (spec.tEnd / spec.sampleInterval > 1e8) {
        message = "--t-end / --sample asks for more than 10⁸ samples; choose a larger --sample";
        return std::nullopt;
    }
    std::optional<SimulationSettings> settings = settingsFromSpec(spec, &message);
    if (settings && options.singularityTolerance) {
        if (!(*options.singularityTolerance >= 0.0)) {
            message = "--singularity-tolerance must be zero or positive";
            return std::nullopt;
        }
        settings->singularityTolerance = *options.singularityTolerance;
    }
    if (settings) {
        message = momentPointFrom(options.momentAbout, model, settings->shakingAbout);
        if (!message.empty()) {
            return std::nullopt;
        }
    }
    return settings;
}

/// The --pd value "KP,KD" as gains; empty (message set) when it is not two numbers.
std::optional<ForcedDriveGains> parseGains(const std::string& text, std::string& message) {
    ForcedDriveGains gains;
    char extra = 0;
    if (std::sscanf(text.c_str(), " %lf , %lf %c", &gains.kp, &gains.kd, &extra) != 2 ||
        !std::isfinite(gains.kp) || !std::isfinite(gains.kd)) {
        message = "--pd wants two numbers KP,KD (N·m/rad and N·m·s/rad, or N/m and N·s/m), e.g. "
                  "--pd 400,40; got \"" +
                  text + "\"";
        return std::nullopt;
    }
    return gains;
}

/// The forced run --forced-from asks for; empty after explaining why there is none.
std::optional<ForcedStart>
forcedInputs(const Model& model, const SimulateOptions& options, std::ostream& err) {
    ForcedDriveGains gains;
    if (!options.pd.empty()) {
        std::string message;
        const std::optional<ForcedDriveGains> parsed = parseGains(options.pd, message);
        if (!parsed) {
            err << "sslm simulate: error: " << message << '\n';
            return std::nullopt;
        }
        gains = *parsed;
    }
    const std::optional<DriveHistory> history = readDriveHistory(options.forcedFrom, model, err);
    if (!history) {
        return std::nullopt;
    }
    std::string error;
    std::optional<ForcedStart> forced = forcedStart(model, *history, gains, error);
    if (!forced) {
        err << options.forcedFrom << ": error: " << error << '\n';
    }
    return forced;
}

/// The text of the --summary-json file: the run's summary, and a forced run's largest
/// deviation from the desired motion.
std::string summaryFileText(const Model& model,
                            const SimulationSettings& settings,
                            const SimulationSummary& summary,
                            long samples,
                            std::optional<double> maxDeviation) {
    nlohmann::ordered_json json = simulationSummaryJson(model, settings, summary, samples);
    if (maxDeviation) {
        json["max_deviation"] = *maxDeviation;
    }
    return json.dump(2) + '\n';
}

/// A forced run's first state, else the file's assembled; empty after explaining a failure.
std::optional<InitialState>
startState(const Model& model, const std::optional<ForcedStart>& forced, const std::string& path) {
    InitialState initial;
    if (forced) {
        initial.q = forced->q0;
        initial.qd = forced->qd0;
    } else {
        const std::optional<InitialState> assembled = assembleOrExplain(model, path, std::cerr);
        if (!assembled) {
            return std::nullopt;
        }
        initial = *assembled;
    }
    return initial;
}

/// What the run gives beside its summary.
struct RunTally {
    long samples = 0;
    Eigen::VectorXd maxDeviation; ///< |q ⊖ q_desired| per coordinate, of a forced run
};

/// Runs the simulation with the CSV header and one row per sample (and deviation) to `out`.
SimulationSummary runToCsv(const Model& model,
                           const Model& runModel,
                           const SimulationSettings& settings,
                           const InitialState& initial,
                           const std::optional<ForcedStart>& forced,
                           bool quiet,
                           std::ostream& out,
                           RunTally& tally) {
    std::string header = sampleCsvHeader(runModel);
    if (forced) {
        for (const Coordinate& c : model.coordinates) {
            header += ",deviation." + c.name;
        }
    }
    out << header << '\n';

    // samples to the CSV; progress on stderr once the run takes longer than a second
    std::string line;
    Eigen::VectorXd deviation = Eigen::VectorXd::Zero(model.nv());
    tally.maxDeviation = Eigen::VectorXd::Zero(model.nv());
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& sample) {
        sampleCsvRow(runModel, sample, line);
        if (forced) {
            forced->desired.deviation(sample.t, sample.q, deviation);
            tally.maxDeviation = tally.maxDeviation.cwiseMax(deviation.cwiseAbs());
            for (const double x : deviation) {
                line += ',';
                appendCsvNumber(line, x);
            }
        }
        line += '\n';
        out << line;
        ++tally.samples;
    };
    return runWithProgressLine("simulate", settings.tEnd, quiet, callbacks, [&] {
        return simulate(runModel, settings, initial.q, initial.qd, callbacks);
    });
}

/// The run's summary lines on `report` (unless quiet, and always when it failed).
void printSummary(std::ostream& report,
                  const Model& model,
                  const SimulationSettings& settings,
                  const SimulationSummary& summary,
                  const RunTally& tally,
                  bool forced,
                  const SimulateOptions& options) {
    if (!options.quiet || !summary.ok) {
        const double wall = summary.wallSeconds;
        report << "sslm: " << model.name << ", " << solverName(settings.solver) << " + "
               << integratorName(settings.integrator) << ": t = " << shortNumber(summary.endTime)
               << " s in " << summary.steps << " steps, " << summary.rhsCalls << " RHS calls, wall "
               << shortNumber(wall * 1e3) << " ms (real-time factor "
               << shortNumber(wall > 0 ? summary.endTime / wall : 0.0) << "), " << tally.samples
               << " samples" << (options.out.empty() ? "" : " written to " + options.out)
               << "; max |Φ| = " << shortNumber(summary.maxPositionViolation)
               << ", max |J q̇| = " << shortNumber(summary.maxVelocityViolation)
               << ", max energy error = " << shortNumber(summary.maxEnergyError) << " J\n";
        if (!model.limitedJoints.empty()) {
            report << "sslm: end stops engaged or released " << summary.stopEvents
                   << " times (a step ended on each)\n";
        }
        report << "sslm: " << shakingText(summary.shaking) << '\n';
        if (forced && model.nv() > 0) {
            Eigen::Index worst = 0;
            tally.maxDeviation.maxCoeff(&worst);
            report << "sslm: forced by " << options.forcedFrom
                   << (options.pd.empty() ? " (open loop)" : " with PD " + options.pd)
                   << ": max deviation from the desired motion "
                   << shortNumber(tally.maxDeviation[worst])
                   << (model.coordinates[static_cast<std::size_t>(worst)].angular ? " rad ("
                                                                                  : " m (")
                   << model.coordinates[static_cast<std::size_t>(worst)].name << ")\n";
        }
    }
    if (!summary.reduction.empty() && (!options.quiet || !summary.ok)) {
        report << "sslm: RCR coordinates: " << summary.reduction << '\n';
    }
}

} // namespace

CLI::App* addSimulateCommand(CLI::App& app, SimulateOptions& options) {
    CLI::App* cmd = addMechanismFileCommand(
        app, "simulate", "Forward dynamics from the file's initial state; samples as CSV",
        options.file);
    cmd->add_option("--solver", options.solver,
                    "Solver: sslm, slm or augmented (multipliers), or rcr (recursive coordinate "
                    "reduction: constraints embedded, reactions recovered)");
    cmd->add_option("--independent", options.independent,
                    "With --solver rcr: coordinates to keep independent, comma-separated (the "
                    "others are chosen per loop for conditioning)");
    cmd->add_option("--integrator", options.integrator,
                    "rk4 (fixed step), dopri5, rkf78 or rosenbrock4 (stiff)");
    cmd->add_option("--t-end", options.tEnd, "End time (s)");
    cmd->add_option("--dt", options.step, "Step of rk4, first step of the others (s)");
    cmd->add_option("--rtol", options.rtol, "Relative tolerance of the adaptive integrators");
    cmd->add_option("--atol", options.atol, "Absolute tolerance of the adaptive integrators");
    cmd->add_option("--sample", options.sampleInterval, "Output interval (s)");
    cmd->add_option("--stabilise,--stabilize", options.stabilisation,
                    "Constraint stabilisation: none, baumgarte or projection");
    cmd->add_option("--alpha", options.alpha, "Baumgarte α (1/s)");
    cmd->add_option("--beta", options.beta, "Baumgarte β (1/s)");
    cmd->add_option("--singularity-tolerance", options.singularityTolerance,
                    "Stop when the loops' conditioning (~σ_min/σ_max of the GICM) falls below "
                    "this at a step (default 1e-7; 0 never stops, the summary still warns)");
    cmd->add_option("--cut", options.cuts, kCutHelp);
    cmd->add_option("--forced-from", options.forcedFrom,
                    "Forced run: drive with the tau columns of this `sslm inverse` CSV from its "
                    "first sample's state; adds deviation.<coord> columns (q − desired q)");
    cmd->add_option("--pd", options.pd,
                    "With --forced-from: PD tracking of the desired motion about the τ history, "
                    "gains KP,KD (e.g. 400,40)");
    addRunOutputOptions(cmd, options,
                        "settings, steps, RHS calls, wall time, violations, energy error");
    return cmd;
}

int runSimulate(const SimulateOptions& options) {
    const std::string& path = options.file;
    const std::shared_ptr<const Model> model = loadModel(path, options.cuts, std::cerr);
    if (!model) {
        return kExitBadInput;
    }
    if (!options.pd.empty() && options.forcedFrom.empty()) {
        std::cerr << "sslm simulate: error: --pd corrects a forced run; add --forced-from "
                     "inverse.csv (written by `sslm inverse`)\n";
        return kExitBadInput;
    }
    // a forced run: the file's model driven by the history, from its first state
    std::optional<ForcedStart> forced;
    if (!options.forcedFrom.empty()) {
        forced = forcedInputs(*model, options, std::cerr);
        if (!forced) {
            return kExitBadInput;
        }
    }
    const Model& runModel = forced ? *forced->model : *model;
    std::string message;
    const std::optional<SimulationSettings> settings = resolveSettings(
        *model, options, forced ? std::optional<double>(forced->desired.duration()) : std::nullopt,
        message);
    if (!settings) {
        std::cerr << "sslm simulate: error: " << message << '\n';
        return kExitBadInput;
    }
    const std::optional<InitialState> initial = startState(*model, forced, path);
    if (!initial) {
        return kExitBadInput;
    }
    if (const std::string problem = startProblem(runModel, *settings, initial->q);
        !problem.empty()) {
        std::cerr << path << ": error: " << problem << '\n';
        return kExitBadInput;
    }

    CsvOutput csv;
    if (!csv.open(options.out, std::cerr)) {
        return kExitBadInput;
    }
    std::ostream& out = csv.stream();
    RunTally tally;
    const SimulationSummary summary =
        runToCsv(*model, runModel, *settings, *initial, forced, options.quiet, out, tally);
    std::ostream* const summaryStream = summaryStreamAfterCsv(out, options.out, std::cerr);
    if (summaryStream == nullptr) {
        return kExitBadInput;
    }
    // summary: to stdout when the CSV went to a file, else to stderr
    printSummary(*summaryStream, *model, *settings, summary, tally, forced.has_value(), options);
    if (!summary.warning.empty()) {
        std::cerr << path << ": warning: " << summary.warning << '\n';
    }
    if (!options.summaryJson.empty() &&
        !writeSummaryFile(options.summaryJson,
                          summaryFileText(*model, *settings, summary, tally.samples,
                                          forced && model->nv() > 0
                                              ? std::optional<double>(tally.maxDeviation.maxCoeff())
                                              : std::nullopt),
                          std::cerr)) {
        return kExitBadInput;
    }
    return runExitCode(summary.ok, summary.cancelled, summary.message, path, "simulation",
                       std::cerr);
}

} // namespace sslm::cli
