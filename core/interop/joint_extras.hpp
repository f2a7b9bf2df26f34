// SPDX-License-Identifier: MIT
#pragma once

// What the readers and writers share about a joint's friction and end stops (JointFrictionSpec,
// JointLimitsSpec) in other tools' files: which bounds are stops at all, and the words the
// reports say them in. Internal to core/interop.

#include <cmath>
#include <optional>
#include <string>

#include "core/interop/mechanism_export.hpp"
#include "core/interop/report_text.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// A bound at or beyond ±1e9 (rad or m) is no stop: URDF requires a prismatic joint's <limit>
/// and SDFormat fills in ±1e16, and the writers put ±1e9 where a format needs a bound the
/// mechanism does not have (URDF's lower and upper, MJCF's range).
constexpr double kNoStop = 1e9;

/// The stops of a coordinate bounded by [lower, upper] in a file: the bounds within ±kNoStop,
/// with SSLM's default stiffness and restitution; none when neither bound is a stop.
inline std::optional<JointLimitsSpec> stopsWithin(double lower, double upper) {
    JointLimitsSpec limits;
    if (std::isfinite(lower) && lower > -kNoStop) {
        limits.lower = lower;
    }
    if (std::isfinite(upper) && upper < kNoStop) {
        limits.upper = upper;
    }
    if (!limits.lower && !limits.upper) {
        return std::nullopt;
    }
    return limits;
}

/// Whether the bounds leave a travel (lower < upper when both are given).
inline bool hasTravel(const JointLimitsSpec& limits) {
    return !(limits.lower && limits.upper && *limits.lower >= *limits.upper);
}

/// "[−1, 2]", with "none" for a missing bound: "[none, 2]".
inline std::string boundsText(const JointLimitsSpec& limits) {
    return "[" + (limits.lower ? numberText(*limits.lower) : std::string("none")) + ", " +
           (limits.upper ? numberText(*limits.upper) : std::string("none")) + "]";
}

/// The unit of a one-coordinate joint's stop stiffness.
inline const char* stiffnessUnit(JointType type) {
    return type == JointType::Prismatic ? "N/m" : "N·m/rad";
}

/// "stop stiffness 100000, restitution 0.5".
inline std::string stopText(const JointLimitsSpec& limits) {
    return "stop stiffness " + numberText(limits.stiffness) + ", restitution " +
           numberText(limits.restitution);
}

/// Whether a reader that knows only the bounds reads back `limits` as they are.
inline bool defaultStops(const JointLimitsSpec& limits) {
    const JointLimitsSpec defaults;
    return limits.stiffness == defaults.stiffness && limits.restitution == defaults.restitution;
}

/// What the smooth law adds to a file's bare Coulomb friction, for the readers' reports.
inline std::string smoothLawText() {
    const JointFrictionSpec defaults;
    return "τ = −τ_c·tanh(q̇/v_s), v_s = " + numberText(defaults.smoothingVelocity) +
           " rad/s or m/s (SSLM's smooth law: no stiction, the joint creeps where it would stick)";
}

/// The export report's notes on a joint's friction where `format` holds only a Coulomb level
/// and a damping: the viscous part written into `dampingText` (the damping written, `damping`
/// with it), a smoothing velocity other than the default, which is not written, and pin
/// friction, which no such format holds.
inline void reportFrictionApproximations(ExportResult& result,
                                         const std::string& element,
                                         const JointFrictionSpec& friction,
                                         const std::string& dampingText,
                                         const char* format) {
    if (friction.viscous != 0) {
        result.approximate(element + " viscous friction",
                           numberText(friction.viscous) + " written into " + dampingText +
                               " (the same law, −c·q̇; read back as the spring-damper's damping)");
    }
    const double smoothing = JointFrictionSpec{}.smoothingVelocity;
    if (friction.smoothingVelocity != smoothing) {
        result.approximate(element + " friction smoothing velocity",
                           numberText(friction.smoothingVelocity) + " is not written (" + format +
                               " has none): read back as " + numberText(smoothing));
    }
    if (friction.hasPin()) {
        result.drop(element + " pin friction",
                    "pin_radius " + numberText(friction.pinRadius) + " m, pin_coefficient " +
                        numberText(friction.pinCoefficient) + ": " + format +
                        " has no friction that grows with the joint's load");
    }
}

/// The export report's drops of the loads and two-point elements of `spec` for a format
/// (URDF, SDFormat) with neither applied forces nor force elements between two links.
inline void dropForceElements(ExportResult& result, const MechanismSpec& spec, const char* format) {
    if (!spec.loads.empty()) {
        result.drop("loads", std::to_string(spec.loads.size()) + " load(s): " + format +
                                 " has no applied forces or torques");
    }
    if (!spec.twoPointElements.empty()) {
        result.drop("two-point elements", std::to_string(spec.twoPointElements.size()) +
                                              " spring(s) or cylinder(s): " + format +
                                              " has no force element between two links (MJCF "
                                              "export writes springs as tendons)");
    }
}

} // namespace sslm
