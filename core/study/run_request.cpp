// SPDX-License-Identifier: MIT
#include "core/study/run_request.hpp"

#include <stdexcept>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "core/util/text.hpp"

namespace sslm {

namespace {

using Json = nlohmann::json;

const std::vector<std::string>& keysOf(RunKind kind) {
    static const std::vector<std::string> keys[] = {
        // RunKind::Simulate, Inverse and Kinematics
        {"kind", "solver", "integrator", "t_end", "dt", "rtol", "atol", "sample", "stabilise",
         "alpha", "beta", "singularity_tolerance", "cut"},
        {"kind", "speed", "motion", "method", "t_end", "sample", "cut"},
        {"kind", "input", "from", "to", "steps", "degrees", "branch", "cut"}};
    return keys[static_cast<int>(kind)];
}

std::string typeError(const std::string& key, const char* wanted, const Json& value) {
    return "option '" + key + "' wants " + wanted + " (got " + value.dump() + ")";
}

/// Member `key` of `object`, a number (T = double), an integer (int), true or false (bool) or a
/// string, if it is there.
template <class T> std::optional<T> valueOf(const Json& object, const std::string& key) {
    if (!object.contains(key)) {
        return std::nullopt;
    }
    const Json& value = object[key];
    const auto [fits, wanted] =
        std::is_same_v<T, double> ? std::pair(value.is_number(), "a number")
        : std::is_same_v<T, int>  ? std::pair(value.is_number_integer(), "an integer")
        : std::is_same_v<T, bool> ? std::pair(value.is_boolean(), "true or false")
                                  : std::pair(value.is_string(), "a string");
    if (!fits) {
        throw std::invalid_argument(typeError(key, wanted, value));
    }
    return value.get<T>();
}

const auto number = valueOf<double>;
const auto word = valueOf<std::string>;

/// {"theta1": 4.7} or {"theta1": "cycloidal:1:2"} as "theta1=4.7" items.
std::vector<std::string> assignments(const Json& object, const std::string& key, bool numbers) {
    std::vector<std::string> items;
    if (!object.contains(key)) {
        return items;
    }
    const Json& value = object[key];
    if (!value.is_object()) {
        throw std::invalid_argument(
            typeError(key, numbers ? "an object {COORD: SPEED}" : "an object {COORD: LAW}", value));
    }
    for (const auto& [coordinate, law] : value.items()) {
        if (numbers && law.is_number()) {
            items.push_back(coordinate + "=" + text::number(law.get<double>(), 17));
        } else if (!numbers && law.is_string()) {
            items.push_back(coordinate + "=" + law.get<std::string>());
        } else {
            throw std::invalid_argument(
                typeError(key + "." + coordinate, numbers ? "a number" : "a string", law));
        }
    }
    return items;
}

} // namespace

RunRequest parseRunRequest(std::string_view json) {
    Json object;
    try {
        object = Json::parse(json);
    } catch (const nlohmann::json::parse_error& e) {
        throw std::invalid_argument(std::string("run options are not JSON: ") + e.what());
    }
    if (!object.is_object()) {
        throw std::invalid_argument("run options are a JSON object");
    }
    RunRequest request;
    const std::string kind = word(object, "kind").value_or("simulate");
    if (kind == "inverse") {
        request.kind = RunKind::Inverse;
    } else if (kind == "kinematics") {
        request.kind = RunKind::Kinematics;
    } else if (kind != "simulate") {
        throw std::invalid_argument("run kind '" + kind +
                                    "' is unknown; use simulate, inverse or kinematics");
    }
    const std::vector<std::string>& keys = keysOf(request.kind);
    for (const auto& [key, value] : object.items()) {
        if (std::ranges::find(keys, key) == keys.end()) {
            throw std::invalid_argument("unknown option '" + key + "' for a " + kind +
                                        " run; the options are " + text::joinNames(keys));
        }
    }
    if (object.contains("cut")) {
        const Json& cut = object["cut"];
        if (cut.is_string() && cut.get<std::string>() == "auto") {
            request.cuts = std::vector<std::string>{};
        } else if (cut.is_array() &&
                   std::ranges::all_of(cut, [](const Json& c) { return c.is_string(); })) {
            request.cuts = cut.get<std::vector<std::string>>();
        } else {
            throw std::invalid_argument(typeError("cut", "a list of joint names or \"auto\"", cut));
        }
    }
    switch (request.kind) {
    case RunKind::Simulate: {
        SimulateRequest& r = request.simulate;
        r.solver = word(object, "solver");
        r.integrator = word(object, "integrator");
        r.stabilisation = word(object, "stabilise");
        r.tEnd = number(object, "t_end");
        r.step = number(object, "dt");
        r.rtol = number(object, "rtol");
        r.atol = number(object, "atol");
        r.sampleInterval = number(object, "sample");
        r.alpha = number(object, "alpha");
        r.beta = number(object, "beta");
        r.singularityTolerance = number(object, "singularity_tolerance");
        break;
    }
    case RunKind::Inverse: {
        InverseRequest& r = request.inverse;
        r.speeds = assignments(object, "speed", true);
        r.laws = assignments(object, "motion", false);
        r.method = word(object, "method").value_or(r.method);
        r.tEnd = number(object, "t_end");
        r.sampleInterval = number(object, "sample");
        break;
    }
    case RunKind::Kinematics: {
        KinematicsRequest& r = request.kinematics;
        for (const char* required : {"input", "from", "to", "steps"}) {
            if (!object.contains(required)) {
                throw std::invalid_argument(std::string("a kinematics run needs '") + required +
                                            "' (input, from, to, steps)");
            }
        }
        r.input = *word(object, "input");
        r.from = *number(object, "from");
        r.to = *number(object, "to");
        r.steps = *valueOf<int>(object, "steps");
        r.degrees = valueOf<bool>(object, "degrees").value_or(false);
        if (object.contains("branch")) {
            const Json& branch = object["branch"];
            AssemblyMode mode;
            for (const Json& b : branch.is_array() ? branch : Json::array({branch})) {
                if (!b.is_number_integer() || std::abs(b.get<int>()) > 4) {
                    throw std::invalid_argument(typeError(
                        "branch", "a list of modes per loop: +1, -1 (to ±4 for an elbow arm) or 0",
                        branch));
                }
                mode.push_back(b.get<int>());
            }
            r.branch = mode;
        }
        break;
    }
    }
    return request;
}

SolverSettingsSpec withOverrides(SolverSettingsSpec file, const SimulateRequest& request) {
    file.method = request.solver.value_or(file.method);
    file.integrator = request.integrator.value_or(file.integrator);
    file.stabilisation = request.stabilisation.value_or(file.stabilisation);
    file.tEnd = request.tEnd.value_or(file.tEnd);
    file.step = request.step.value_or(file.step);
    file.rtol = request.rtol.value_or(file.rtol);
    file.atol = request.atol.value_or(file.atol);
    file.sampleInterval = request.sampleInterval.value_or(file.sampleInterval);
    file.baumgarteAlpha = request.alpha.value_or(file.baumgarteAlpha);
    file.baumgarteBeta = request.beta.value_or(file.baumgarteBeta);
    return file;
}

} // namespace sslm
