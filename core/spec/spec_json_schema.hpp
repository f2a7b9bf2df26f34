// SPDX-License-Identifier: MIT
#pragma once

// The vocabulary of the mechanism file that its reader and writer share: the keys each object
// may hold and the words of its enumerations. Internal to core/spec (spec_reader.cpp and
// spec_writer.cpp); the public interface is spec_json.hpp.

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/spec/mechanism_spec.hpp"
#include "core/spec/spec_text.hpp"

namespace sslm::spec_json {

using Json = nlohmann::ordered_json;
using Keys = std::vector<std::string_view>;

// the keys each object may hold, in the order the writer emits them
inline const Keys kTopKeys = {
    "format", "version",   "name",  "description",        "units",  "gravity", "ground",  "bodies",
    "joints", "actuators", "loads", "two_point_elements", "traces", "cuts",    "initial", "solver"};
inline const Keys kUnitKeys = {"length", "mass", "time", "angle"};
inline const Keys kGroundKeys = {"name", "points", "visuals"};
inline const Keys kPointKeys = {"name", "at"};
inline const Keys kBodyKeys = {
    "id",         "name",   "mass",           "com",    "inertia", "shape",
    "block_size", "points", "counterweights", "visuals"};
inline const Keys kVisualKeys = {"type",   "file", "scale", "size", "radius",
                                 "length", "at",   "rpy",   "color"};
inline const Keys kCounterweightKeys = {"name", "mass", "at", "inertia"};
inline const Keys kJointKeys = {"name",   "type",          "coordinate", "coordinates",
                                "parent", "child",         "offset",     "axis",
                                "axis2",  "spring_damper", "friction",   "limits"};
/// The joint keys of spatial (version 2) files only, and the keys of a planar (version 1) joint.
inline const Keys kSpatialJointKeys = {"coordinates", "axis2"};
inline const Keys kPlanarJointKeys = {"name",   "type", "coordinate",    "parent",   "child",
                                      "offset", "axis", "spring_damper", "friction", "limits"};
inline const Keys kEndKeys = {"body", "point"};
inline const Keys kSpringKeys = {"stiffness", "rest", "damping"};
inline const Keys kFrictionKeys = {"coulomb", "viscous", "smoothing_velocity", "pin_radius",
                                   "pin_coefficient"};
inline const Keys kLimitsKeys = {"lower", "upper", "stiffness", "restitution"};
inline const Keys kActuatorKeys = {"joint", "kind", "force", "pd"};
inline const Keys kPdKeys = {"kp", "kd", "reference"};
inline const Keys kSignalKeys = {"type",      "value", "rate",  "amplitude",
                                 "frequency", "phase", "points"};
inline const Keys kTraceKeys = {"name", "body", "point"};
inline const Keys kLoadKeys = {"name",      "body",  "point", "frame",
                               "direction", "force", "axis",  "torque"};
/// The load keys of spatial (version 2) files only, and the keys of a planar (version 1) load.
inline const Keys kSpatialLoadKeys = {"axis"};
inline const Keys kPlanarLoadKeys = {"name",      "body",  "point", "frame",
                                     "direction", "force", "torque"};
inline const Keys kTwoPointKeys = {"name",        "type",    "first",   "second", "stiffness",
                                   "rest_length", "damping", "preload", "force",  "track_length"};
/// The keys of a two-point element that only a spring uses, and only a cylinder.
inline const Keys kSpringOnlyKeys = {"stiffness", "rest_length", "damping", "preload"};
inline const Keys kCylinderOnlyKeys = {"force", "track_length"};
inline const Keys kTrackLengthKeys = {"active", "kp", "kd", "length"};
inline const Keys kInitialKeys = {"independent", "rates", "assembly_guess"};
inline const Keys kSolverKeys = {"method",    "integrator",     "t_end",           "step",
                                 "rtol",      "atol",           "sample_interval", "stabilisation",
                                 "baumgarte", "rcr_independent"};
inline const Keys kBaumgarteKeys = {"alpha", "beta"};

template <class Enum> using Words = std::vector<std::pair<std::string_view, Enum>>;

inline const Words<BodyShape> kShapeWords = {
    {"bar", BodyShape::Bar}, {"plate", BodyShape::Plate}, {"block", BodyShape::Block}};
/// Revolute and prismatic in both versions; the others in spatial (version 2) files only.
inline const Words<JointType> kJointTypeWords = {{"revolute", JointType::Revolute},
                                                 {"prismatic", JointType::Prismatic},
                                                 {"cylindrical", JointType::Cylindrical},
                                                 {"universal", JointType::Universal},
                                                 {"spherical", JointType::Spherical}};
inline const Words<VisualKind> kVisualWords = {{"mesh", VisualKind::Mesh},
                                               {"box", VisualKind::Box},
                                               {"cylinder", VisualKind::Cylinder},
                                               {"sphere", VisualKind::Sphere}};
inline const Words<JointType> kPlanarJointTypeWords = {{"revolute", JointType::Revolute},
                                                       {"prismatic", JointType::Prismatic}};
inline const Words<SignalSpec::Kind> kSignalWords = {
    {"zero", SignalSpec::Kind::Zero},     {"constant", SignalSpec::Kind::Constant},
    {"linear", SignalSpec::Kind::Linear}, {"sinusoid", SignalSpec::Kind::Sinusoid},
    {"table", SignalSpec::Kind::Table},   {"spline", SignalSpec::Kind::Spline}};
inline const Words<LoadSpec::Frame> kLoadFrameWords = {{"ground", LoadSpec::Frame::Ground},
                                                       {"body", LoadSpec::Frame::Body}};
inline const Words<TwoPointSpec::Kind> kTwoPointWords = {
    {"spring", TwoPointSpec::Kind::Spring}, {"cylinder", TwoPointSpec::Kind::Cylinder}};
inline const Words<ActuatorSpec::Kind> kActuatorWords = {{"force", ActuatorSpec::Kind::Force},
                                                         {"pd", ActuatorSpec::Kind::PdTracking}};

template <class Enum> std::string_view wordOf(const Words<Enum>& words, Enum value) {
    for (const auto& [word, v] : words) {
        if (v == value) {
            return word;
        }
    }
    return words.front().first;
}

/// The signal fields (besides "type") that a kind uses.
inline Keys signalFieldsOf(SignalSpec::Kind kind) {
    switch (kind) {
    case SignalSpec::Kind::Zero:
        return {};
    case SignalSpec::Kind::Constant:
        return {"value"};
    case SignalSpec::Kind::Linear:
        return {"value", "rate"};
    case SignalSpec::Kind::Sinusoid:
        return {"value", "amplitude", "frequency", "phase"};
    case SignalSpec::Kind::Table:
    case SignalSpec::Kind::Spline:
        return {"points"};
    }
    return {};
}

/// "a string '1.5'", "an array", ... for messages.
inline std::string describe(const Json& v) {
    switch (v.type()) {
    case Json::value_t::string:
        return "a string " + spec_text::inQuotes(v.get_ref<const std::string&>());
    case Json::value_t::object:
        return "an object";
    case Json::value_t::array:
        return "an array";
    case Json::value_t::boolean:
        return v.get<bool>() ? "true" : "false";
    case Json::value_t::null:
        return "null";
    default:
        return std::string("a ") + v.type_name();
    }
}

inline bool contains(const Keys& keys, std::string_view key) {
    return std::ranges::find(keys, key) != keys.end();
}

} // namespace sslm::spec_json
