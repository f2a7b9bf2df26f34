// SPDX-License-Identifier: MIT
#include "core/study/run_table.hpp"

#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/inverse/driven_motions.hpp"
#include "core/inverse/inverse_run.hpp"
#include "core/inverse/inverse_table.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/kinematics/sweep_table.hpp"
#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"
#include "core/sim/sample_csv.hpp"
#include "core/sim/simulation.hpp"
#include "core/sim/simulation_summary_json.hpp"
#include "core/util/diagnostic.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

using Json = nlohmann::ordered_json;

RunTable badInput(std::string message) {
    RunTable table;
    table.status = RunStatus::BadInput;
    table.error = std::move(message);
    return table;
}

/// "t_end must be a positive number" etc., as the CLI says it, or too many samples of
/// [0, tEnd]; empty when the values are sound.
std::string lengthProblem(double tEnd,
                          double sampleInterval,
                          std::initializer_list<std::pair<double, const char*>> positives) {
    for (const auto& [value, option] : positives) {
        if (!(value > 0.0) || !std::isfinite(value)) {
            return std::string(option) + " must be a positive number (got " +
                   text::number(value, 4) + ")";
        }
    }
    if (tEnd / sampleInterval > 1e8) {
        return "t_end / sample asks for more than 10⁸ samples; choose a larger sample";
    }
    return {};
}

/// The file's initial state, assembled; throws std::invalid_argument (which runTable reports
/// as bad input) when it cannot be.
InitialState assembledInitialState(const Model& model) {
    InitialState initial = assembleInitialState(model);
    if (!initial.report.converged) {
        throw std::invalid_argument("the initial state cannot be assembled: " +
                                    initial.report.message);
    }
    return initial;
}

/// The status, and the error unless ok, of a run that ended with `summary`.
template <class Summary> void setOutcome(RunTable& table, const Summary& summary, const char* run) {
    table.status = summary.ok ? RunStatus::Ok
                              : (summary.cancelled ? RunStatus::Cancelled : RunStatus::Stopped);
    if (!summary.ok) {
        table.error = std::string(run) + " stopped " + summary.message;
    }
}

RunTable
simulateTable(const Model& model, const SimulateRequest& r, const RunContinue& shouldContinue) {
    const SolverSettingsSpec spec = withOverrides(model.spec.solver, r);
    if (std::string problem = lengthProblem(spec.tEnd, spec.sampleInterval,
                                            {{spec.tEnd, "t_end"},
                                             {spec.step, "dt"},
                                             {spec.rtol, "rtol"},
                                             {spec.atol, "atol"},
                                             {spec.sampleInterval, "sample"}});
        !problem.empty()) {
        return badInput(problem);
    }
    std::string message;
    std::optional<SimulationSettings> settings = settingsFromSpec(spec, &message);
    if (!settings) {
        return badInput(message);
    }
    if (r.singularityTolerance) {
        if (!(*r.singularityTolerance >= 0.0)) {
            return badInput("singularity_tolerance must be zero or positive");
        }
        settings->singularityTolerance = *r.singularityTolerance;
    }
    const InitialState initial = assembledInitialState(model);
    if (std::string problem = startProblem(model, *settings, initial.q); !problem.empty()) {
        return badInput(problem);
    }

    RunTable table;
    table.columns = sampleCsvColumns(model);
    std::vector<double> row;
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& sample) {
        sampleValues(model, sample, row);
        table.values.insert(table.values.end(), row.begin(), row.end());
    };
    callbacks.shouldContinue = shouldContinue;
    const SimulationSummary summary = simulate(model, *settings, initial.q, initial.qd, callbacks);
    table.summaryJson =
        simulationSummaryJson(model, *settings, summary, static_cast<long>(table.rows())).dump();
    setOutcome(table, summary, "the simulation");
    return table;
}

RunTable
inverseTable(const Model& model, const InverseRequest& r, const RunContinue& shouldContinue) {
    const std::optional<InverseMethod> method = inverseMethodFromName(r.method);
    if (!method) {
        return badInput("method '" + r.method +
                        "' is unknown; use subsystem, system or traditional");
    }
    InverseRunSettings settings;
    settings.method = *method;
    settings.tEnd = r.tEnd.value_or(model.spec.solver.tEnd);
    settings.sampleInterval = r.sampleInterval.value_or(model.spec.solver.sampleInterval);
    if (std::string problem =
            lengthProblem(settings.tEnd, settings.sampleInterval,
                          {{settings.tEnd, "t_end"}, {settings.sampleInterval, "sample"}});
        !problem.empty()) {
        return badInput(problem);
    }
    const InitialState initial = assembledInitialState(model);
    std::string message;
    std::optional<std::vector<DrivenMotion>> motions;
    try {
        motions = drivenMotions(model, r.speeds, r.laws, initial.q, message);
    } catch (const std::invalid_argument& e) {
        message = std::string("--motion: ") + e.what();
    }
    if (!motions) {
        return badInput(message);
    }
    if (std::string error = inverseRunError(model, *motions, settings); !error.empty()) {
        return badInput("--speed/--motion: " + error);
    }

    RunTable table;
    table.columns = inverseColumns(model, *motions);
    std::vector<double> row;
    InverseRunCallbacks callbacks;
    callbacks.onSample = [&](const InverseSample& sample) {
        inverseValues(model, sample, row);
        table.values.insert(table.values.end(), row.begin(), row.end());
    };
    callbacks.shouldContinue = shouldContinue;
    const InverseRunSummary summary =
        runInverseDynamics(model, *motions, initial.q, settings, callbacks);
    table.summaryJson = inverseSummaryJson(model, *motions, settings, summary);
    setOutcome(table, summary, "the inverse dynamics");
    return table;
}

RunTable kinematicsTable(const Model& model, const KinematicsRequest& r) {
    if (r.steps < 1) {
        return badInput("steps must be at least 1 (got " + std::to_string(r.steps) + ")");
    }
    if (!std::isfinite(r.from) || !std::isfinite(r.to)) {
        return badInput("from and to must be finite numbers");
    }
    const int input = model.coordinateIndex(r.input);
    if (input < 0 || positionIndex(model, input) < 0) {
        return badInput("unknown input coordinate '" + r.input + "' (the coordinates are " +
                        text::joined(model.coordinates, ", ", &Coordinate::name) +
                        "; a spherical joint's cannot be swept)");
    }
    if (r.degrees && !model.coordinates[input].angular) {
        return badInput("degrees applies to angular coordinates; " + r.input + " is a slide (m)");
    }
    InitialState initial = assembledInitialState(model);
    Workspace ws(model);
    updatePositions(model, ws, initial.q);
    std::string message;
    const int dof = mobilityAtPose(model, ws).dof;
    const std::vector<int> independent = sweepIndependent(model, dof, input, message);
    if (independent.empty()) {
        return badInput(message);
    }
    if (r.branch) {
        const AssemblyMode& mode = *r.branch;
        if (static_cast<int>(mode.size()) > model.nLoops()) {
            return badInput("branch names " + std::to_string(mode.size()) +
                            " loops but the mechanism has " + std::to_string(model.nLoops()));
        }
        Eigen::VectorXd q = initial.q;
        const AssemblyReport report = assemble(model, ws, q, independent, mode);
        if (!report.converged) {
            return badInput("the mechanism cannot be assembled on the branch given: " +
                            report.message);
        }
        for (std::size_t i = 0; i < mode.size(); ++i) {
            if (mode[i] != 0 && report.branch[i] != mode[i]) {
                return badInput("branch: loop " + std::to_string(i + 1) +
                                " has no closed-form solution, so no branch to choose; give 0");
            }
        }
        initial.q = q;
    }
    const double scale = r.degrees ? std::numbers::pi / 180.0 : 1.0;
    std::vector<double> shown(static_cast<std::size_t>(r.steps) + 1);
    std::vector<double> values(shown.size());
    for (std::size_t i = 0; i < shown.size(); ++i) {
        shown[i] = i + 1 == shown.size() ? r.to
                                         : r.from + (r.to - r.from) * static_cast<double>(i) /
                                                        static_cast<double>(r.steps);
        values[i] = shown[i] * scale;
    }
    const std::vector<SweepSample> samples =
        sweepInput(model, ws, initial.q, independent, input, values);
    RunTable table;
    table.columns = sweepColumns(model);
    std::vector<double> row;
    long toggles = 0;
    double minSigma = std::numeric_limits<double>::infinity();
    std::size_t written = 0;
    for (std::size_t i = 0; i < samples.size() && samples[i].converged; ++i, ++written) {
        sweepValues(model, ws, samples[i], i < shown.size() ? shown[i] : samples[i].input / scale,
                    row);
        table.values.insert(table.values.end(), row.begin(), row.end());
        toggles += samples[i].toggle ? 1 : 0;
        minSigma = std::min(minSigma, samples[i].minSingularValue);
    }
    const bool complete = written == values.size();
    table.summaryJson = Json{
        {"model", model.name},
        {"samples", written},
        {"toggles", toggles},
        {"min_sigma", written > 0 ? minSigma : 0.0},
        {"ok", complete}}.dump();
    table.status = complete ? RunStatus::Ok : RunStatus::Stopped;
    if (!complete) {
        const double at = written < shown.size() ? shown[written] : r.to;
        table.error = "the sweep of " + r.input + " stopped at " + text::number(at, 6) +
                      ": the mechanism cannot be assembled there (past a toggle or dead-centre "
                      "position?); " +
                      std::to_string(written) + " of " + std::to_string(values.size()) + " samples";
    }
    return table;
}

} // namespace

RunTable
runTable(const Model& model, const RunRequest& request, const RunContinue& shouldContinue) {
    try {
        switch (request.kind) {
        case RunKind::Inverse:
            return inverseTable(model, request.inverse, shouldContinue);
        case RunKind::Kinematics:
            return kinematicsTable(model, request.kinematics);
        case RunKind::Simulate:
            break;
        }
        return simulateTable(model, request.simulate, shouldContinue);
    } catch (const std::exception& e) {
        return badInput(e.what());
    }
}

RunTable
runTable(const MechanismSpec& spec, const RunRequest& request, const RunContinue& shouldContinue) {
    CompileOptions options;
    options.cuts = request.cuts;
    const CompileResult compiled = compileModel(spec, options);
    if (!compiled.ok()) {
        return badInput(compiled.diagnostics.empty()
                            ? std::string("the mechanism could not be compiled")
                            : formatDiagnostics(compiled.diagnostics));
    }
    return runTable(*compiled.model, request, shouldContinue);
}

} // namespace sslm
