// SPDX-License-Identifier: MIT
#pragma once

// Prescribed motion laws for one driven coordinate: q(t), q̇(t), q̈(t) for inverse dynamics.
// Units: q in rad (revolute) or m (prismatic), its rate per s, its acceleration per s²; t in s.
// A law is a plain value; build it with the factory functions below (they validate and, for a
// spline, precompute its knot accelerations) and evaluate it with motionAt(), which is pure and
// does not allocate.

#include <string>
#include <utility>
#include <vector>

namespace sslm {

/// Position, rate and acceleration of a coordinate at one time.
struct MotionValue {
    double q = 0;   ///< rad or m
    double qd = 0;  ///< rad/s or m/s
    double qdd = 0; ///< rad/s² or m/s²
};

enum class MotionLawKind {
    ConstantSpeed, ///< q = start + speed·(t − startTime)
    Polynomial345, ///< rest-to-rest "3-4-5" quintic from start to end over [startTime, +duration]
    Cycloidal,     ///< rest-to-rest cycloid from start to end over [startTime, +duration]
    LinearTable,   ///< piecewise-linear through (times, values); q̈ = 0 (kinks not represented)
    CubicSpline,   ///< C² cubic spline through (times, values)
};

/// End conditions of a cubic-spline table.
enum class SplineEnds {
    Natural,  ///< q̈ = 0 at the first and last knots
    Periodic, ///< q̇ and q̈ equal at the first and last knots (values may differ: a crank table
              ///< from 0 to 2π repeats smoothly with repeated())
};

/// One motion law. Point-to-point laws and tables hold their first value before they start and
/// their last value after they end, at rest.
struct MotionLaw {
    MotionLawKind kind = MotionLawKind::ConstantSpeed;
    double start = 0;          ///< value at startTime (rad or m): constant speed and point-to-point
    double speed = 0;          ///< constant speed: q̇ (rad/s or m/s)
    double end = 0;            ///< point-to-point: value reached (rad or m)
    double startTime = 0;      ///< s: when the constant speed passes `start` / the motion begins
    double duration = 0;       ///< point-to-point: s, > 0
    std::vector<double> times; ///< tables: knot times (s), strictly increasing, ≥ 2
    std::vector<double> values;        ///< tables: values at the knots (rad or m)
    std::vector<double> accelerations; ///< spline: q̈ at the knots (rad/s² or m/s²), computed
    SplineEnds ends = SplineEnds::Natural;
    /// > 0: the law's motion over [periodStart, periodStart + period) repeats forever (before
    /// and after), each repetition shifted by the net displacement over one period, so that q
    /// stays continuous (an indexing or crank motion keeps advancing). s.
    double period = 0;
    double periodStart = 0; ///< s
};

/// q = start + speed·(t − startTime).
MotionLaw constantSpeed(double start, double speed, double startTime = 0.0);

/// Rest-to-rest quintic from `start` to `end` (rad or m) during [startTime, startTime +
/// duration] (s): s(u) = 10u³ − 15u⁴ + 6u⁵, zero rate and acceleration at both ends.
/// Throws std::invalid_argument when duration ≤ 0.
MotionLaw polynomial345(double start, double end, double startTime, double duration);

/// Rest-to-rest cycloid: s(u) = u − sin(2πu)/(2π), zero rate and acceleration at both ends.
/// Throws std::invalid_argument when duration ≤ 0.
MotionLaw cycloidal(double start, double end, double startTime, double duration);

/// Piecewise-linear through (t (s), value) points, t strictly increasing, at least 2.
/// Throws std::invalid_argument naming the offending point otherwise.
MotionLaw linearTable(const std::vector<std::pair<double, double>>& points);

/// C² cubic spline through (t (s), value) points, t strictly increasing, at least 2 (3 for
/// periodic ends). Throws std::invalid_argument naming the offending point otherwise.
MotionLaw cubicSplineTable(const std::vector<std::pair<double, double>>& points,
                           SplineEnds ends = SplineEnds::Natural);

/// `law` repeated with period `period` (s) from `periodStart` (s), see MotionLaw::period.
/// Throws std::invalid_argument when period ≤ 0.
MotionLaw repeated(MotionLaw law, double period, double periodStart = 0.0);

/// Why `law` cannot be evaluated (sizes, ordering, non-positive durations); empty when valid.
std::string motionLawError(const MotionLaw& law);

/// q, q̇, q̈ of `law` at time t (s). Precondition: motionLawError(law) is empty.
MotionValue motionAt(const MotionLaw& law, double t);

/// A short description for logs and file headers, e.g. "constant speed 4.7124/s from 0".
std::string describeMotionLaw(const MotionLaw& law);

} // namespace sslm
