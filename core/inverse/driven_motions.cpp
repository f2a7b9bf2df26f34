// SPDX-License-Identifier: MIT
#include "core/inverse/driven_motions.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "core/kinematics/configuration.hpp"
#include "core/util/text.hpp"

namespace sslm {

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
        message = option + " '" + text + "': unknown coordinate '" + name +
                  "' (a cut joint has none); the coordinates are " +
                  text::joined(model.coordinates, ", ", &Coordinate::name);
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
        const bool startsWithNumber = static_cast<bool>(fields >> t);
        if (!startsWithNumber &&
            (line.find_first_not_of(" \t\r") == std::string::npos || number == 1)) {
            continue; // blank, or a header
        }
        if (!startsWithNumber || !(fields >> value) || (fields >> extra)) {
            message = path + ":" + std::to_string(number) +
                      ": expected two numbers t,value (s and rad or m)";
            return std::nullopt;
        }
        points.emplace_back(t, value);
    }
    return points;
}

/// A --motion law without its period (see parseLaw).
std::optional<MotionLaw> parseBaseLaw(const std::string& option,
                                      const std::string& text,
                                      const std::string& lawText,
                                      double start,
                                      std::string& message) {
    // tables name a file, which may itself hold ':'
    for (const char* table : {"table:", "spline:", "spline-periodic:"}) {
        const std::string prefix = table;
        if (lawText.starts_with(prefix)) {
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
    const std::vector<std::string> parts = text::split(lawText, ':');
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
                      text::number(numbers[1], 4) + " s)";
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
                      "': the period after '@' must be a positive number of seconds";
            return std::nullopt;
        }
    }
    std::optional<MotionLaw> law = parseBaseLaw(option, text, lawText, start, message);
    if (law && period) {
        law = repeated(std::move(*law), *period);
    }
    return law;
}

} // namespace

std::optional<std::vector<DrivenMotion>> drivenMotions(const Model& model,
                                                       const std::vector<std::string>& speeds,
                                                       const std::vector<std::string>& laws,
                                                       const Eigen::VectorXd& q0,
                                                       std::string& message) {
    std::vector<DrivenMotion> motions;
    for (const std::string& text : speeds) {
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
    for (const std::string& text : laws) {
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
        const auto rate = std::ranges::find(rates, name, &std::pair<std::string, double>::first);
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

std::optional<std::vector<DrivenMotion>> initialRateMotions(const Model& model,
                                                            const Eigen::VectorXd& q0,
                                                            const Eigen::VectorXd& qd0,
                                                            std::string& message,
                                                            bool* inputs) {
    std::string problem;
    const std::vector<int> actuated = actuatedCoordinates(model, &problem);
    if (!problem.empty()) {
        message = problem;
        return std::nullopt;
    }
    const bool useInputs = actuated.empty() && model.actuators.empty();
    if (inputs != nullptr) {
        *inputs = useInputs;
    }
    std::vector<DrivenMotion> motions;
    for (const int k : useInputs ? model.independent : actuated) {
        const int position = positionIndex(model, k);
        if (position < 0) {
            message = "the coordinate " + model.coordinates[k].name +
                      " belongs to a spherical joint, which has no angle to prescribe";
            return std::nullopt;
        }
        motions.push_back({k, constantSpeed(q0[position], qd0[k])});
    }
    return motions;
}

double cyclePeriod(const Model& model, const std::vector<DrivenMotion>& motions) {
    double period = 0;
    for (const DrivenMotion& motion : motions) {
        double p = 0;
        if (motion.law.period > 0) {
            p = motion.law.period;
        } else if (motion.law.kind == MotionLawKind::ConstantSpeed && motion.law.speed != 0 &&
                   model.coordinates[motion.coordinate].angular) {
            p = 2 * std::numbers::pi / std::abs(motion.law.speed);
        } else {
            return 0;
        }
        if (period > 0 && std::abs(p - period) > 1e-12 * period) {
            return 0;
        }
        period = p;
    }
    return period;
}

} // namespace sslm
