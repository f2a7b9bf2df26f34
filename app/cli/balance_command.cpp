// SPDX-License-Identifier: MIT
#include "app/cli/balance_command.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <numbers>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "app/cli/driven_start.hpp"
#include "app/cli/load_model.hpp"
#include "app/cli/mechanism_file_command.hpp"
#include "app/cli/moment_point_option.hpp"
#include "core/balance/counterweight_balance.hpp"
#include "core/inverse/driven_motions.hpp"
#include "core/spec/spec_json.hpp"
#include "core/util/text.hpp"

namespace sslm::cli {

namespace {

/// Interrupts are seen between evaluations.
std::atomic<bool> g_interrupted{false};

extern "C" void onBalanceInterrupt(int) {
    g_interrupted = true;
}

/// Evaluations per second of seed 002, Table 2: 1000 evaluations in 56.703 s (Pentium IV).
constexpr double kSeedSecondsPerEvaluation = 56.703 / 1000.0;

/// "A:B" as two numbers; false when it is not.
bool parseRange(const std::string& text, double& low, double& high) {
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos) {
        return false;
    }
    try {
        std::size_t used = 0;
        const std::string a = text.substr(0, colon);
        const std::string b = text.substr(colon + 1);
        low = std::stod(a, &used);
        if (used != a.size()) {
            return false;
        }
        high = std::stod(b, &used);
        return used == b.size() && std::isfinite(low) && std::isfinite(high);
    } catch (const std::exception&) {
        return false;
    }
}

/// Largest distance of the body's points from its frame origin (m), or 0.1 m.
double bodySize(const BodySpec& body) {
    double size = 0;
    for (const BodyPoint& p : body.points) {
        size = std::max(size, p.position3().norm());
    }
    return size > 0 ? size : 0.1;
}

/// The bounds of one --body item, whose position keys are the first `dimension` of x, y, z;
/// empty, with the reason, when it is malformed.
std::optional<CounterweightBounds> parseBody(const std::string& item,
                                             const MechanismSpec& spec,
                                             int dimension,
                                             const BalanceOptions& options,
                                             std::string& error) {
    const std::size_t colon = item.find(':');
    CounterweightBounds bounds;
    bounds.body = item.substr(0, colon);
    const BodySpec* body = nullptr;
    for (const BodySpec& b : spec.bodies) {
        if (b.id == bounds.body) {
            body = &b;
        }
    }
    if (body == nullptr) {
        error = "--body '" + item + "': no body '" + bounds.body + "'; the bodies are " +
                text::joined(spec.bodies, ", ", &BodySpec::id);
        return std::nullopt;
    }
    bounds.massMin = 0;
    bounds.massMax = body->mass;
    if (options.mass && !parseRange(*options.mass, bounds.massMin, bounds.massMax)) {
        error = "--mass '" + *options.mass + "': write MIN:MAX in kg, e.g. 0:2";
        return std::nullopt;
    }
    const double reach = options.reach.value_or(bodySize(*body));
    bounds.atMin = Eigen::Vector3d::Constant(-reach);
    bounds.atMax = Eigen::Vector3d::Constant(reach);
    if (colon == std::string::npos) {
        return bounds;
    }
    std::stringstream rest(item.substr(colon + 1));
    std::string entry;
    while (std::getline(rest, entry, ',')) {
        const std::size_t eq = entry.find('=');
        const std::string key = entry.substr(0, eq);
        double low = 0;
        double high = 0;
        if (eq == std::string::npos || !parseRange(entry.substr(eq + 1), low, high)) {
            error = "--body '" + item + "': '" + entry +
                    "' is not KEY=MIN:MAX; write e.g. link1:mass=0:2,x=-0.1:0.1,y=-0.05:0.05";
            return std::nullopt;
        }
        const int axis = key == "x" ? 0 : key == "y" ? 1 : key == "z" ? 2 : -1;
        if (key == "mass") {
            bounds.massMin = low;
            bounds.massMax = high;
        } else if (axis >= 0 && axis < dimension) {
            bounds.atMin[axis] = low;
            bounds.atMax[axis] = high;
        } else {
            std::string keys = "mass";
            for (int i = 0; i < dimension; ++i) {
                keys += std::string(", ") + "xyz"[i];
            }
            error = "--body '" + item + "': unknown key '" + key + "'; use " + keys;
            return std::nullopt;
        }
    }
    return bounds;
}

bool sameFile(const std::string& a, const std::string& b) {
    std::error_code error;
    if (std::filesystem::exists(b, error) && std::filesystem::equivalent(a, b, error)) {
        return true;
    }
    return std::filesystem::weakly_canonical(a, error) ==
           std::filesystem::weakly_canonical(b, error);
}

nlohmann::json termsJson(const BalanceTerms& t) {
    return {{"force_rms", t.force}, {"moment_rms", t.moment}, {"torque", t.torque}};
}

/// The first `dimension` coordinates of p, each as `number` writes it, separated by ", ".
template <class Number>
std::string coordinateList(const Eigen::Vector3d& p, int dimension, Number number) {
    return text::joined(std::vector<double>(p.data(), p.data() + dimension), ", ", number);
}

nlohmann::json
counterweightJson(const std::string& body, const CounterweightSpec& w, int dimension) {
    const Eigen::Vector3d p = w.position3();
    const nlohmann::json at = std::vector<double>(p.data(), p.data() + dimension);
    return {{"body", body}, {"name", w.name}, {"mass", w.mass}, {"at", at}};
}

/// Reports a bad option, file or run on stderr; returns kExitBadInput.
int usage(const std::string& message) {
    std::cerr << "sslm balance: error: " << message << '\n';
    return kExitBadInput;
}

/// The optimiser's settings from the options; empty, with the reason, for a bad --body.
std::optional<BalanceSettings> settingsFrom(const BalanceOptions& options,
                                            const Model& model,
                                            TorqueMeasure torque,
                                            BalanceAlgorithm algorithm,
                                            std::string& error) {
    BalanceSettings settings = options.optimiser;
    for (const std::string& item : options.bodies) {
        const std::optional<CounterweightBounds> bounds =
            parseBody(item, model.spec, model.dimension(), options, error);
        if (!bounds) {
            return std::nullopt;
        }
        settings.counterweights.push_back(*bounds);
    }
    settings.torque = torque;
    settings.algorithm = algorithm;
    return settings;
}

/// Sets and checks the cycle's run in `settings`; the first problem, or empty.
std::string cycleError(const BalanceOptions& options,
                       const Model& model,
                       const std::vector<DrivenMotion>& motions,
                       double period,
                       BalanceSettings& settings) {
    if (!(period > 0) || !std::isfinite(period)) {
        return options.period ? "--t-end must be a positive number of seconds"
                              : "the motion does not say how long a cycle is: give its "
                                "length with --t-end";
    }
    settings.run.tEnd = period;
    settings.run.sampleInterval = options.sampleInterval.value_or(period / 100);
    if (!(settings.run.sampleInterval > 0) || period / settings.run.sampleInterval > 1e6) {
        return "--sample must be positive and at most 10⁶ samples per cycle";
    }
    if (const std::string error =
            momentPointFrom(options.momentAbout, model, settings.run.shakingAbout);
        !error.empty()) {
        return error;
    }
    if (const std::string error = inverseRunError(model, motions, settings.run); !error.empty()) {
        return "--speed/--motion: " + error;
    }
    return balanceSettingsError(model, settings);
}

/// The optimisation, with progress lines on stderr (unless quiet) and Ctrl+C to stop it.
BalanceResult optimise(const Model& model,
                       const DrivenStart& start,
                       const BalanceSettings& settings,
                       bool quiet) {
    g_interrupted = false;
    const auto previous = std::signal(SIGINT, onBalanceInterrupt);
    double nextReport = kProgressSeconds;
    BalanceCallbacks callbacks;
    callbacks.shouldContinue = [] {
        return !g_interrupted;
    };
    callbacks.onProgress = [&](const BalanceProgress& p) {
        if (!quiet && p.seconds >= nextReport) {
            nextReport = p.seconds + kProgressSeconds;
            std::fprintf(stderr,
                         "sslm balance: %ld evaluations, best objective %.6g, start %d of %d, "
                         "%.1f s\n",
                         p.evaluations, p.bestObjective, p.start + 1, settings.starts, p.seconds);
        }
    };
    const BalanceResult result =
        balanceCounterweights(model, start.motions, start.q0, settings, callbacks);
    std::signal(SIGINT, previous);
    return result;
}

/// What became of the balanced mechanism: the file written, or why none was.
struct Outcome {
    std::string written;
    std::string why;
};

/// Writes an improved, uncancelled result to `out`; empty after reporting a failed write.
std::optional<Outcome> writeBalanced(const BalanceResult& result, const std::string& out) {
    Outcome outcome;
    if (result.stop == BalanceStop::Cancelled) {
        outcome.why = "interrupted: no file written (the best so far is listed above)";
    } else if (!result.improved) {
        outcome.why = "no counterweight within the bounds lowers the objective: nothing to "
                      "write, the mechanism is left as it is";
    } else if (const std::optional<std::string> failure = saveMechanismFile(result.balanced, out)) {
        usage(*failure);
        return std::nullopt;
    } else {
        outcome.written = out;
    }
    return outcome;
}

/// What the report shows: the request, the settings it ran with, its result and what became of
/// the balanced mechanism; `period` is the cycle (s), `dimension` the model's (2 or 3).
struct BalanceReport {
    const BalanceOptions& options;
    const BalanceSettings& settings;
    const BalanceResult& result;
    const Outcome& outcome;
    double period;
    int dimension;
};

/// The report as one JSON object on stdout.
void printJsonReport(const BalanceReport& report) {
    const auto& [options, settings, result, outcome, period, dimension] = report;
    nlohmann::json chosen = nlohmann::json::array();
    for (std::size_t k = 0; k < result.chosen.size(); ++k) {
        chosen.push_back(
            counterweightJson(settings.counterweights[k].body, result.chosen[k], dimension));
    }
    const std::string& written = outcome.written;
    const nlohmann::json document = {
        {"file", options.file},
        {"out", written.empty() ? nlohmann::json(nullptr) : nlohmann::json(written)},
        {"improved", result.improved},
        {"stop", balanceStopName(result.stop)},
        {"message", outcome.why},
        {"before", termsJson(result.before)},
        {"after", termsJson(result.after)},
        {"objective_before", result.objectiveBefore},
        {"objective_after", result.objectiveAfter},
        {"weights",
         {{"force", settings.forceWeight},
          {"moment", settings.momentWeight},
          {"torque", settings.torqueWeight}}},
        {"torque_measure", options.torque},
        {"moment_about", std::vector<double>(settings.run.shakingAbout.data(),
                                             settings.run.shakingAbout.data() + dimension)},
        {"counterweights", chosen},
        {"algorithm", result.algorithm},
        {"starts", settings.starts},
        {"evaluations", result.evaluations},
        {"seconds", result.seconds},
        {"setup_seconds", result.setupSeconds},
        {"seconds_per_evaluation", result.secondsPerEvaluation()},
        {"samples_per_evaluation", result.samplesPerEvaluation},
        {"cycle", period},
        {"seed002_seconds_per_evaluation", kSeedSecondsPerEvaluation}};
    std::cout << document.dump(2) << '\n';
}

/// The report as a table of the terms before and after, the counterweights and the run.
void printTextReport(const BalanceReport& report) {
    const auto& [options, settings, result, outcome, period, dimension] = report;
    std::ostream& out = std::cout;
    const double perEvaluation = result.secondsPerEvaluation();
    const auto row = [&](const char* name, const char* unit, double before, double after) {
        char line[160];
        std::snprintf(line, sizeof line, "  %-28s %12.5g %12.5g  %s   x%.4g\n", name, before, after,
                      unit, before > 0 ? after / before : 1.0);
        out << line;
    };
    out << "sslm balance: " << options.file << ", one cycle of " << text::number(period, 4)
        << " s in " << result.samplesPerEvaluation << " samples\n";
    out << "  term                               before        after         after/before\n";
    row("shaking force (RMS)", "N  ", result.before.force, result.after.force);
    const Eigen::Vector3d& about = settings.run.shakingAbout;
    const std::string momentName =
        about.isZero() ? std::string("shaking moment (RMS)")
                       : "moment about (" + coordinateList(about, dimension, shortNumber) + ")";
    row(momentName.c_str(), "N·m", result.before.moment, result.after.moment);
    row(settings.torque == TorqueMeasure::Peak ? "driving torque (peak)" : "driving torque (RMS)",
        "N·m", result.before.torque, result.after.torque);
    row("objective", "   ", result.objectiveBefore, result.objectiveAfter);
    for (std::size_t k = 0; k < result.chosen.size(); ++k) {
        const CounterweightSpec& w = result.chosen[k];
        out << "  counterweight on " << settings.counterweights[k].body << ": "
            << text::number(w.mass, 6) << " kg at ("
            << coordinateList(w.position3(), dimension, [](double v) { return text::number(v, 6); })
            << ") m\n";
    }
    out << "  " << result.algorithm << ", " << settings.starts
        << " start(s): " << result.evaluations << " evaluations in "
        << text::number(result.seconds, 4) << " s (" << text::number(result.setupSeconds * 1e3, 4)
        << " ms of it the cycle and its linear model), " << text::number(perEvaluation * 1e3, 4)
        << " ms each (seed 002 Table 2: 56.7 ms each, 1000 "
        << "in 56.703 s on a Pentium IV; "
        << (perEvaluation > 0 ? text::number(kSeedSecondsPerEvaluation / perEvaluation, 3) : "-")
        << "x), stopped: " << balanceStopName(result.stop) << '\n';
    if (!outcome.written.empty()) {
        out << "  wrote " << outcome.written << '\n';
    }
}

} // namespace

CLI::App* addBalanceCommand(CLI::App& app, BalanceOptions& options) {
    CLI::App* cmd = addMechanismFileCommand(
        app, "balance",
        "Counterweights on named bodies that reduce the shaking force, shaking moment "
        "and driving torque over one cycle of the input motion (NLopt); writes the "
        "balanced mechanism as a new file",
        options.file);
    cmd->add_option("--body", options.bodies,
                    "ID or ID:mass=MIN:MAX,x=MIN:MAX,y=MIN:MAX[,z=MIN:MAX]: a body that gets one "
                    "counterweight, with bounds on its mass (kg) and on its centre in the body "
                    "frame (m); MIN = MAX fixes a variable. Repeatable, required")
        ->allow_extra_args(false)
        ->required();
    cmd->add_option("--mass", options.mass,
                    "MIN:MAX: default mass bounds (kg) of every body's counterweight; default 0 "
                    "to the body's own mass");
    cmd->add_option("--reach", options.reach,
                    "Default position bounds: every coordinate within ±REACH m of the body "
                    "frame's origin; default the distance of the body's farthest point");
    cmd->add_option(
        "--force-weight", options.optimiser.forceWeight,
        "Weight of (RMS shaking force / its value before)² in the objective; default 1");
    cmd->add_option("--moment-weight", options.optimiser.momentWeight,
                    "Weight of (RMS shaking moment / before)²; default 0");
    cmd->add_option("--torque-weight", options.optimiser.torqueWeight,
                    "Weight of (driving torque / before)²; default 0");
    cmd->add_option("--torque", options.torque, "rms (default) or peak driving torque");
    cmd->add_option("--max-added-mass", options.optimiser.maxAddedMass,
                    "Limit on the sum of the counterweights' masses (kg); uses COBYLA");
    cmd->add_option("--algorithm", options.algorithm,
                    "NLopt local derivative-free method: bobyqa (default), cobyla, sbplx, "
                    "neldermead");
    cmd->add_option("--starts", options.optimiser.starts,
                    "Local runs: the first from the middle of the bounds, the others from random "
                    "points (multi-start); default 1");
    cmd->add_option("--seed", options.optimiser.seed, "Seed of the random starts; default 1");
    cmd->add_option(
        "--max-evals", options.optimiser.maxEvaluations,
        "Stop after this many evaluations (all starts), keeping the best; default 2000");
    cmd->add_option("--max-time", options.optimiser.maxSeconds,
                    "Stop after this many seconds, keeping the best; default no limit");
    cmd->add_option("--xtol", options.optimiser.xtol,
                    "Absolute tolerance on each variable (kg, m); default 1e-10");
    cmd->add_option("--speed", options.speeds,
                    "COORD=OMEGA: drive COORD at constant speed (as for sslm inverse); the cycle "
                    "is one turn, 2π/|OMEGA|")
        ->allow_extra_args(false);
    cmd->add_option("--motion", options.motions,
                    "COORD=LAW as for sslm inverse; LAW@PERIOD sets the cycle")
        ->allow_extra_args(false);
    cmd->add_option("--t-end", options.period,
                    "Length of the cycle (s); default one turn of the drive or the law's period");
    cmd->add_option("--sample", options.sampleInterval,
                    "Sample interval over the cycle (s); default the cycle / 100");
    cmd->add_option("--cut", options.cuts, kCutHelp);
    cmd->add_option("--out", options.out, "The balanced mechanism file to write (not FILE)")
        ->required();
    addMomentPointOption(cmd, options.momentAbout);
    cmd->add_flag("--json", options.json, "Print the report as one JSON object");
    cmd->add_flag("--quiet", options.quiet, "No progress lines");
    return cmd;
}

int runBalance(const BalanceOptions& options) {
    const std::string& path = options.file;
    if (sameFile(path, options.out)) {
        return usage("--out '" + options.out +
                     "' is the input file; write the balanced "
                     "mechanism to a new file, e.g. --out balanced.json");
    }
    const std::optional<TorqueMeasure> torque =
        options.torque == "rms"    ? std::optional(TorqueMeasure::Rms)
        : options.torque == "peak" ? std::optional(TorqueMeasure::Peak)
                                   : std::nullopt;
    if (!torque) {
        return usage("--torque '" + options.torque + "' is unknown; use rms or peak");
    }
    const std::optional<BalanceAlgorithm> algorithm = balanceAlgorithmFromName(options.algorithm);
    if (!algorithm) {
        return usage("--algorithm '" + options.algorithm +
                     "' is unknown; use bobyqa, cobyla, sbplx or neldermead");
    }
    const std::shared_ptr<const Model> model = loadModel(path, options.cuts, std::cerr);
    if (!model) {
        return kExitBadInput;
    }
    std::string error;
    std::optional<BalanceSettings> settings =
        settingsFrom(options, *model, *torque, *algorithm, error);
    if (!settings) {
        return usage(error);
    }
    const std::optional<DrivenStart> start =
        drivenStartOrExplain(*model, path, options.speeds, options.motions, "balance", std::cerr);
    if (!start) {
        return kExitBadInput;
    }
    const double period = options.period.value_or(cyclePeriod(*model, start->motions));
    if (const std::string problem = cycleError(options, *model, start->motions, period, *settings);
        !problem.empty()) {
        return usage(problem);
    }

    const BalanceResult result = optimise(*model, *start, *settings, options.quiet);
    if (!result.ok || result.stop == BalanceStop::Failed) {
        return usage(result.message);
    }
    // the new file: when improved, and not when cancelled
    const std::optional<Outcome> outcome = writeBalanced(result, options.out);
    if (!outcome) {
        return kExitBadInput;
    }
    const BalanceReport report{options, *settings, result, *outcome, period, model->dimension()};
    if (options.json) {
        printJsonReport(report);
    } else {
        printTextReport(report);
    }
    if (!outcome->why.empty()) {
        std::cerr << "sslm balance: " << outcome->why << '\n';
    }
    return result.stop == BalanceStop::Cancelled ? 130 : kExitOk;
}

} // namespace sslm::cli
