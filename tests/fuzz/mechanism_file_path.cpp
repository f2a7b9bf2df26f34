// SPDX-License-Identifier: MIT
// runMechanismFile: the file path of the fuzzer and the corpus replay, with its invariants.

#include "tests/fuzz/mechanism_file_path.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>

#include <Eigen/Core>

#include "core/analysis/mechanism_check.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/spec_json.hpp"
#include "core/spec/spec_validate.hpp"

namespace sslm::fuzz {

namespace {

bool finite(const Eigen::VectorXd& v) {
    return v.allFinite();
}

/// The first error's text, or empty when there is none or it says nothing.
std::string firstError(const Diagnostics& diagnostics) {
    for (const Diagnostic& d : diagnostics) {
        if (d.isError()) {
            return d.message.empty() ? std::string() : d.where + ": " + d.message;
        }
    }
    return {};
}

/// The stage refused the input: a finding when it gave no reason.
PathResult refused(std::string stage, std::string message) {
    PathResult result;
    result.end = PathEnd::Refused;
    result.stage = std::move(stage);
    if (message.empty()) {
        result.finding = result.stage + " refused the file without a message";
    }
    result.message = std::move(message);
    return result;
}

/// What is wrong with a live check's result, or empty.
std::string checkFinding(const MechanismCheck& check) {
    for (const CheckFinding& f : check.findings) {
        if (f.message.empty()) {
            return "the live check reported a finding without a message";
        }
        if (f.message.rfind("the check failed: ", 0) == 0) {
            return "the live check caught an internal error: " + f.message;
        }
    }
    if (check.model != nullptr && check.assembles) {
        if (check.q.size() != check.model->nv() || !finite(check.q)) {
            return "the live check's assembled pose is not finite or has the wrong size";
        }
    }
    if (!check.hasErrors() && check.model == nullptr) {
        return "the live check found no error but has no model";
    }
    return {};
}

/// The short, bounded run of the compiled model from its assembled state.
PathResult shortRun(const Model& model, const MechanismSpec& spec) {
    std::string error;
    std::optional<SimulationSettings> settings = settingsFromSpec(spec.solver, &error);
    if (!settings) {
        return refused("settings", error);
    }
    settings->tEnd = std::min(settings->tEnd, kShortRunSeconds);
    settings->sampleInterval =
        std::clamp(settings->sampleInterval, settings->tEnd / 16, settings->tEnd);
    settings->step = std::min(settings->step, settings->tEnd);

    const InitialState initial = assembleInitialState(model);
    if (!initial.report.converged) {
        return refused("assemble", initial.report.message);
    }
    if (initial.q.size() != model.nv() || initial.qd.size() != model.nv() || !finite(initial.q) ||
        !finite(initial.qd)) {
        PathResult result;
        result.stage = "assemble";
        result.finding = "the assembly converged to a non-finite or mis-sized state";
        return result;
    }

    std::string sampleProblem;
    long steps = 0;
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& s) {
        const bool ok = std::isfinite(s.t) && finite(s.q) && finite(s.qd) && finite(s.qdd) &&
                        finite(s.lambda) && finite(s.tau) && std::isfinite(s.totalEnergy) &&
                        std::isfinite(s.positionViolation) && std::isfinite(s.velocityViolation);
        if (!ok && sampleProblem.empty()) {
            sampleProblem = "a sample at t = " + std::to_string(s.t) + " has a NaN or infinity";
        }
    };
    callbacks.shouldContinue = [&](double) {
        return ++steps < kMaxSteps;
    };
    const SimulationSummary summary = simulate(model, *settings, initial.q, initial.qd, callbacks);

    PathResult result;
    result.stage = "simulate";
    if (summary.cancelled) {
        result.end = PathEnd::Capped;
    } else if (!summary.ok) {
        // odeint gives up on a step it cannot size: bad input, said in its own words; any
        // other exception the integrator passed on is a bug of ours
        const std::string caught = "the integrator stopped: ";
        if (summary.message.rfind(caught, 0) == 0 &&
            summary.message.find("Max number of iterations exceeded") == std::string::npos) {
            result.finding = "an exception stopped the run: " + summary.message;
            return result;
        }
        return refused("simulate", summary.message);
    } else {
        result.end = PathEnd::Simulated;
    }
    // a run that ended (or was cancelled) without an error must have finite results
    if (!sampleProblem.empty() && summary.ok) {
        result.finding = "the run succeeded but " + sampleProblem;
    } else if (summary.ok &&
               !(std::isfinite(summary.maxPositionViolation) &&
                 std::isfinite(summary.maxVelocityViolation) &&
                 std::isfinite(summary.maxEnergyError) && std::isfinite(summary.endTime))) {
        result.finding = "the run succeeded but its summary has a NaN or infinity";
    }
    return result;
}

PathResult runPath(std::string_view bytes) {
    const LoadResult loaded = parseMechanismJson(bytes);
    if (!loaded.ok()) {
        return refused("parse", firstError(loaded.diagnostics));
    }
    if (hasErrors(loaded.diagnostics)) {
        PathResult result;
        result.stage = "parse";
        result.finding = "the parser returned a spec together with errors";
        return result;
    }
    const MechanismSpec& spec = *loaded.spec;

    // the live check runs on every spec the editor can hold, valid or not
    const std::string liveCheck = checkFinding(checkMechanism(spec));

    PathResult result;
    const Diagnostics validation = validateSpec(spec);
    if (hasErrors(validation)) {
        result = refused("validate", firstError(validation));
    } else {
        const CompileResult compiled = compileModel(spec);
        if (compiled.ok() == hasErrors(compiled.diagnostics)) {
            result.stage = "compile";
            result.finding = compiled.ok() ? "the compiler returned a model with errors"
                                           : "the compiler returned no model and no error";
        } else if (!compiled.ok()) {
            result = refused("compile", firstError(compiled.diagnostics));
        } else {
            result = shortRun(*compiled.model, spec);
        }
    }
    if (result.finding.empty() && !liveCheck.empty()) {
        result.finding = liveCheck;
    }
    return result;
}

} // namespace

PathResult runMechanismFile(std::string_view bytes) {
    try {
        return runPath(bytes);
    } catch (const std::exception& e) {
        PathResult result;
        result.finding = std::string("an exception escaped: ") + e.what();
        return result;
    } catch (...) {
        PathResult result;
        result.finding = "an exception of unknown type escaped";
        return result;
    }
}

std::string describe(const PathResult& result) {
    if (!result.finding.empty()) {
        return "FINDING at " + (result.stage.empty() ? std::string("?") : result.stage) + ": " +
               result.finding;
    }
    switch (result.end) {
    case PathEnd::Refused:
        return "refused at " + result.stage + ": " + result.message;
    case PathEnd::Simulated:
        return "simulated";
    case PathEnd::Capped:
        return "simulated until the step cap";
    }
    return {};
}

} // namespace sslm::fuzz
