// SPDX-License-Identifier: MIT
// Coordinate names in the file's pattern for the joints it cuts (see coordinate_names.hpp).

#include "core/edit/coordinate_names.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "core/edit/drawing.hpp"

namespace sslm {

namespace {

/// The digits that end `name` ("8" of "J8"), empty if it does not end in one.
std::string trailingNumber(const std::string& name) {
    std::size_t begin = name.size();
    while (begin > 0 && std::isdigit(static_cast<unsigned char>(name[begin - 1])) != 0) {
        --begin;
    }
    return name.substr(begin);
}

/// The prefix a named coordinate puts before its joint's number ("theta" of J1's "theta1").
std::optional<std::string> prefixOf(const JointSpec& joint) {
    const std::string number = trailingNumber(joint.name);
    const std::string& coordinate = joint.coordinate;
    if (number.empty() || coordinate.size() <= number.size() || !coordinate.ends_with(number)) {
        return std::nullopt;
    }
    return coordinate.substr(0, coordinate.size() - number.size());
}

bool usesAsCoordinate(const InitialStateSpec& initial, const std::string& name) {
    for (const auto* values : {&initial.independent, &initial.rates, &initial.assemblyGuess}) {
        if (std::ranges::any_of(*values, [&](const auto& entry) { return entry.first == name; })) {
            return true;
        }
    }
    return false;
}

} // namespace

std::string patternCoordinateName(const MechanismSpec& spec, const JointSpec& joint) {
    const std::string number = trailingNumber(joint.name);
    if (number.empty()) {
        return {};
    }
    std::optional<std::string> prefix;
    for (const JointSpec& other : spec.joints) {
        if (other.type != joint.type || other.coordinate.empty() || other.name == joint.name) {
            continue;
        }
        const std::optional<std::string> its = prefixOf(other);
        if (!its || (prefix && *prefix != *its)) {
            return {}; // no single pattern
        }
        prefix = its;
    }
    if (!prefix) {
        return {};
    }
    const std::string name = *prefix + number;
    return jointAndCoordinateNames(spec).count(name) != 0 ? std::string() : name;
}

int nameCutCoordinates(MechanismSpec& spec) {
    int named = 0;
    for (JointSpec& joint : spec.joints) {
        const bool cut = std::ranges::find(spec.cuts, joint.name) != spec.cuts.end();
        if (!cut || !joint.coordinate.empty() || usesAsCoordinate(spec.initial, joint.name)) {
            continue;
        }
        std::string name = patternCoordinateName(spec, joint);
        if (!name.empty()) {
            joint.coordinate = std::move(name);
            ++named;
        }
    }
    return named;
}

} // namespace sslm
