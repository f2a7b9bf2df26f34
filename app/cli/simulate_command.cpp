// SPDX-License-Identifier: MIT
#include "app/cli/simulate_command.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "app/cli/load_model.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/sim/sample_csv.hpp"
#include "core/sim/simulation.hpp"

namespace sslm::cli {

namespace {

using Clock = std::chrono::steady_clock;

/// The file's settings with the command line's overrides; an empty optional (message set) for
/// an unknown word or a value out of range.
std::optional<SimulationSettings>
resolveSettings(const Model& model, const SimulateOptions& options, std::string& message) {
    SolverSettingsSpec spec = model.spec.solver;
    spec.method = options.solver.value_or(spec.method);
    spec.integrator = options.integrator.value_or(spec.integrator);
    spec.stabilisation = options.stabilisation.value_or(spec.stabilisation);
    spec.tEnd = options.tEnd.value_or(spec.tEnd);
    spec.step = options.step.value_or(spec.step);
    spec.rtol = options.rtol.value_or(spec.rtol);
    spec.atol = options.atol.value_or(spec.atol);
    spec.sampleInterval = options.sampleInterval.value_or(spec.sampleInterval);
    spec.baumgarteAlpha = options.alpha.value_or(spec.baumgarteAlpha);
    spec.baumgarteBeta = options.beta.value_or(spec.baumgarteBeta);
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
    return settings;
}

/// JSON string literal of `text` (quotes and control characters escaped).
std::string jsonString(const std::string& text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out += buffer;
        } else {
            out += c;
        }
    }
    return out + '"';
}

bool writeSummaryJson(const std::string& path,
                      const Model& model,
                      const SimulationSettings& settings,
                      const SimulationSummary& summary,
                      long samples) {
    std::ofstream out(path, std::ios::out | std::ios::trunc);
    char numbers[1024];
    std::snprintf(numbers, sizeof numbers,
                  "  \"t_end\": %.17g,\n  \"rtol\": %.17g,\n  \"atol\": %.17g,\n"
                  "  \"end_time\": %.17g,\n  \"steps\": %ld,\n  \"rhs_calls\": %ld,\n"
                  "  \"samples\": %ld,\n  \"wall_seconds\": %.9g,\n"
                  "  \"max_position_violation\": %.17g,\n"
                  "  \"max_velocity_violation\": %.17g,\n  \"max_energy_error\": %.17g,\n"
                  "  \"min_conditioning\": %.17g,\n  \"min_conditioning_time\": %.17g,\n",
                  settings.tEnd, settings.rtol, settings.atol, summary.endTime, summary.steps,
                  summary.rhsCalls, samples, summary.wallSeconds, summary.maxPositionViolation,
                  summary.maxVelocityViolation, summary.maxEnergyError, summary.minConditioning,
                  summary.minConditioningTime);
    std::string cuts;
    for (int cut : model.cuts) {
        cuts += (cuts.empty() ? "" : ", ") + jsonString(model.joints[cut].name);
    }
    out << "{\n  \"model\": " << jsonString(model.name) << ",\n  \"solver\": \""
        << solverName(settings.solver) << "\",\n  \"integrator\": \""
        << integratorName(settings.integrator) << "\",\n  \"stabilisation\": \""
        << stabilisationName(settings.stabilisation) << "\",\n  \"cuts\": [" << cuts << "],\n"
        << numbers << "  \"ok\": " << (summary.ok ? "true" : "false")
        << ",\n  \"message\": " << jsonString(summary.message)
        << ",\n  \"warning\": " << jsonString(summary.warning) << "\n}\n";
    return static_cast<bool>(out);
}

} // namespace

CLI::App* addSimulateCommand(CLI::App& app, SimulateOptions& options) {
    CLI::App* cmd = app.add_subcommand(
        "simulate", "Forward dynamics from the file's initial state; samples as CSV");
    cmd->add_option("FILE", options.file, "Mechanism file (.json)")->required();
    cmd->add_option("--solver", options.solver, "Multiplier solver: sslm, slm or augmented");
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
    cmd->add_option("--out", options.out, "CSV file to write (default: standard output)");
    cmd->add_option("--summary-json", options.summaryJson,
                    "Also write the run's summary (settings, steps, RHS calls, wall time, "
                    "violations, energy error) as a JSON object to this file");
    cmd->add_flag("--quiet", options.quiet, "No progress and no summary on the terminal");
    return cmd;
}

int runSimulate(const SimulateOptions& options) {
    const std::string& path = options.file;
    const std::shared_ptr<const Model> model = loadModel(path, options.cuts, std::cerr);
    if (!model) {
        return kExitBadInput;
    }
    std::string message;
    const std::optional<SimulationSettings> settings = resolveSettings(*model, options, message);
    if (!settings) {
        std::cerr << "sslm simulate: error: " << message << '\n';
        return kExitBadInput;
    }
    const std::optional<InitialState> assembled = assembleOrExplain(*model, path, std::cerr);
    if (!assembled) {
        return kExitBadInput;
    }
    const InitialState& initial = *assembled;

    std::ofstream file;
    std::ostream* output = openOutput(options.out, file, std::cerr);
    if (output == nullptr) {
        return kExitBadInput;
    }
    std::ostream& out = *output;
    out << sampleCsvHeader(*model) << '\n';

    // samples to the CSV; progress on stderr once the run takes longer than a second
    const auto start = Clock::now();
    double nextProgress = kProgressSeconds;
    bool progressShown = false;
    std::string line;
    long samples = 0;
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& sample) {
        sampleCsvRow(*model, sample, line);
        line += '\n';
        out << line;
        ++samples;
    };
    callbacks.shouldContinue = [&](double t) {
        if (options.quiet) {
            return true;
        }
        const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        if (elapsed >= nextProgress) {
            nextProgress = elapsed + kProgressSeconds;
            std::fprintf(stderr, "\rsslm simulate: t = %.4g of %.4g s (%3.0f%%), %.1f s elapsed", t,
                         settings->tEnd, 100.0 * t / settings->tEnd, elapsed);
            progressShown = true;
        }
        return true;
    };
    const SimulationSummary summary = simulate(*model, *settings, initial.q, initial.qd, callbacks);
    if (progressShown) {
        std::fputc('\n', stderr);
    }
    out.flush();
    if (!out) {
        std::cerr << (options.out.empty() ? std::string("stdout") : options.out)
                  << ": error: writing the CSV failed\n";
        return kExitBadInput;
    }

    // summary: to stdout when the CSV went to a file, else to stderr
    std::ostream& report = options.out.empty() ? std::cerr : std::cout;
    if (!options.quiet || !summary.ok) {
        const double wall = summary.wallSeconds;
        report << "sslm: " << model->name << ", " << solverName(settings->solver) << " + "
               << integratorName(settings->integrator) << ": t = " << shortNumber(summary.endTime)
               << " s in " << summary.steps << " steps, " << summary.rhsCalls << " RHS calls, wall "
               << shortNumber(wall * 1e3) << " ms (real-time factor "
               << shortNumber(wall > 0 ? summary.endTime / wall : 0.0) << "), " << samples
               << " samples" << (options.out.empty() ? "" : " written to " + options.out)
               << "; max |Φ| = " << shortNumber(summary.maxPositionViolation)
               << ", max |J q̇| = " << shortNumber(summary.maxVelocityViolation)
               << ", max energy error = " << shortNumber(summary.maxEnergyError) << " J\n";
    }
    if (!summary.warning.empty()) {
        std::cerr << path << ": warning: " << summary.warning << '\n';
    }
    if (!options.summaryJson.empty() &&
        !writeSummaryJson(options.summaryJson, *model, *settings, summary, samples)) {
        std::cerr << options.summaryJson << ": error: cannot write the summary\n";
        return kExitBadInput;
    }
    if (!summary.ok) {
        std::cerr << path << ": error: the simulation stopped " << summary.message << '\n';
        return summary.cancelled ? kExitInternal : kExitBadInput;
    }
    return kExitOk;
}

} // namespace sslm::cli
