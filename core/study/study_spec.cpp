// SPDX-License-Identifier: MIT
#include "core/study/study_spec.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/util/text.hpp"

namespace sslm {

namespace {

using Json = nlohmann::ordered_json;

/// SplitMix64: a well-mixed 64-bit hash, so that run i's draws need no generator state.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// The text of the file at `path`; throws naming it as "the <what>" when it cannot be read.
std::string readText(const std::filesystem::path& path, const char* what) {
    std::ifstream in(path);
    if (!in) {
        throw std::invalid_argument(std::string("cannot read the ") + what + " " + path.string());
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

double numberAt(const Json& object, const char* key, const std::string& where) {
    if (!object.contains(key) || !object[key].is_number()) {
        throw std::invalid_argument(where + ": '" + key + "' must be a number");
    }
    return object[key].get<double>();
}

StudyParameter readParameter(const std::string& name, const Json& value) {
    const std::string where = "parameter '" + name + "'";
    StudyParameter parameter;
    parameter.name = name;
    if (value.is_array()) { // a bare list is a list of values
        parameter.kind = StudyParameter::Kind::List;
        for (const Json& v : value) {
            if (!v.is_number()) {
                throw std::invalid_argument(where + ": values must be numbers");
            }
            parameter.values.push_back(v.get<double>());
        }
    } else if (value.is_object() && value.size() == 1 && value.contains("values")) {
        return readParameter(name, value["values"]);
    } else if (value.is_object() && value.size() == 1 && value.contains("grid")) {
        const Json& grid = value["grid"];
        const double from = numberAt(grid, "from", where + " grid");
        const double to = numberAt(grid, "to", where + " grid");
        if (!grid.contains("count") || !grid["count"].is_number_integer() ||
            grid["count"].get<long>() < 1) {
            throw std::invalid_argument(where + " grid: 'count' must be a positive integer");
        }
        const long count = grid["count"].get<long>();
        parameter.kind = StudyParameter::Kind::Grid;
        for (long i = 0; i < count; ++i) {
            parameter.values.push_back(i + 1 == count && count > 1
                                           ? to
                                           : from +
                                                 (to - from) * static_cast<double>(i) /
                                                     static_cast<double>(std::max(count - 1, 1L)));
        }
    } else if (value.is_object() && value.size() == 1 && value.contains("random")) {
        const Json& random = value["random"];
        parameter.kind = StudyParameter::Kind::Random;
        parameter.values = {numberAt(random, "from", where + " random"),
                            numberAt(random, "to", where + " random")};
    } else {
        throw std::invalid_argument(where +
                                    ": expected {\"grid\": {\"from\", \"to\", \"count\"}}, "
                                    "{\"values\": [...]} or {\"random\": {\"from\", \"to\"}}");
    }
    if (parameter.kind != StudyParameter::Kind::Random && parameter.values.empty()) {
        throw std::invalid_argument(where + ": no values");
    }
    return parameter;
}

std::vector<StudyMetric> defaultMetrics(RunKind kind) {
    std::vector<std::string> names;
    switch (kind) {
    case RunKind::Simulate:
        names = {"summary.max_position_violation", "summary.max_velocity_violation",
                 "summary.max_energy_error"};
        break;
    case RunKind::Inverse:
        names = {"summary.max_position_violation", "summary.min_conditioning"};
        break;
    case RunKind::Kinematics:
        names = {"summary.min_sigma", "summary.toggles"};
        break;
    }
    std::vector<StudyMetric> metrics;
    for (const std::string& name : names) {
        metrics.push_back(parseMetric(name));
    }
    return metrics;
}

} // namespace

long Study::runCount() const {
    long count = 1;
    for (const StudyParameter& p : parameters) {
        if (p.kind != StudyParameter::Kind::Random) {
            count *= static_cast<long>(p.values.size());
        }
    }
    return count * samples;
}

std::vector<double> Study::valuesOf(long index) const {
    std::vector<double> values(parameters.size());
    long rest = index / samples; // the grid point; index % samples is the draw
    for (std::size_t i = parameters.size(); i-- > 0;) {
        const StudyParameter& p = parameters[i];
        if (p.kind == StudyParameter::Kind::Random) {
            const std::uint64_t h = mix(mix(seed ^ mix(static_cast<std::uint64_t>(index))) +
                                        static_cast<std::uint64_t>(i));
            const double u = static_cast<double>(h >> 11) * 0x1.0p-53;
            values[i] = p.values[0] + (p.values[1] - p.values[0]) * u;
            continue;
        }
        const long n = static_cast<long>(p.values.size());
        values[i] = p.values[static_cast<std::size_t>(rest % n)];
        rest /= n;
    }
    return values;
}

Study parseStudy(std::string_view text, const std::filesystem::path& folder) {
    Json json;
    try {
        json = Json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw std::invalid_argument(std::string("the study is not JSON: ") + e.what());
    }
    if (!json.is_object()) {
        throw std::invalid_argument("a study is a JSON object");
    }
    for (const auto& [key, value] : json.items()) {
        static const std::vector<std::string> keys = {
            "mechanism", "run", "parameters", "samples", "seed", "metrics", "output"};
        if (std::ranges::find(keys, key) == keys.end()) {
            throw std::invalid_argument("unknown study key '" + key + "'; the keys are " +
                                        text::joinNames(keys));
        }
    }
    if (!json.contains("mechanism")) {
        throw std::invalid_argument("the study names no 'mechanism' (a file path or an object)");
    }
    const Json& mechanism = json["mechanism"];
    std::optional<ParameterDocument> base;
    if (mechanism.is_string()) {
        base = ParameterDocument::fromText(
            readText(folder / mechanism.get<std::string>(), "mechanism file"));
    } else if (mechanism.is_object()) {
        base = ParameterDocument::fromText(mechanism.dump());
    } else {
        throw std::invalid_argument("'mechanism' is a file path or a mechanism object");
    }
    // the base must be a valid file: a study of a broken file is a mistake, not N failed runs
    const LoadResult loaded = base->spec();
    if (!loaded.ok()) {
        throw std::invalid_argument("the study's mechanism is not valid: " +
                                    formatDiagnostics(loaded.diagnostics));
    }

    const Json run = json.value("run", Json::object());
    Study study{*base, parseRunRequest(run.dump()), {}, 1, 0, {}, {}};
    if (json.contains("parameters")) {
        if (!json["parameters"].is_object()) {
            throw std::invalid_argument("'parameters' is an object {NAME: values}");
        }
        for (const auto& [name, value] : json["parameters"].items()) {
            study.base.get(name); // throws ParameterError with the nearest names
            study.parameters.push_back(readParameter(name, value));
        }
    }
    const bool random = std::ranges::any_of(study.parameters, [](const StudyParameter& p) {
        return p.kind == StudyParameter::Kind::Random;
    });
    if (json.contains("samples")) {
        if (!json["samples"].is_number_integer() || json["samples"].get<long>() < 1) {
            throw std::invalid_argument("'samples' must be a positive integer");
        }
        study.samples = json["samples"].get<long>();
    }
    if (!random && study.samples != 1) {
        throw std::invalid_argument("'samples' counts random draws; no parameter is random");
    }
    if (json.contains("seed")) {
        if (!json["seed"].is_number_integer()) {
            throw std::invalid_argument("'seed' must be an integer");
        }
        study.seed = json["seed"].get<std::uint64_t>();
    }
    if (json.contains("metrics")) {
        if (!json["metrics"].is_array()) {
            throw std::invalid_argument("'metrics' is a list of strings");
        }
        for (const Json& metric : json["metrics"]) {
            if (!metric.is_string()) {
                throw std::invalid_argument("'metrics' is a list of strings");
            }
            study.metrics.push_back(parseMetric(metric.get<std::string>()));
        }
    } else {
        study.metrics = defaultMetrics(study.run.kind);
    }
    if (json.contains("output")) {
        if (!json["output"].is_string()) {
            throw std::invalid_argument("'output' is a file path");
        }
        study.output = (folder / json["output"].get<std::string>()).string();
    }
    return study;
}

Study loadStudy(const std::filesystem::path& path) {
    return parseStudy(readText(path, "study file"), path.parent_path());
}

} // namespace sslm
