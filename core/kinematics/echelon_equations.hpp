// SPDX-License-Identifier: MIT
#pragma once

// The scalar equations a spatial closed form is projected into (seed 004): one unknown angle φ
// about a unit axis u at a time, a cos φ + b sin φ = c (two roots) or a direction to match (one).

#include <array>
#include <optional>
#include <string>

#include "core/spatial/spatial_algebra.hpp"

namespace sslm {

/// The two angles φ with g·Rot(u, φ)·v = c (u unit), larger first: a cos φ + b sin φ = c′ with
/// a = g·v⊥, b = g·(u × v), c′ = c − (g·u)(u·v). Empty, with `failure` naming `what` and the
/// numbers, when |c′| > √(a² + b²) (no real root) or √(a² + b²) vanishes (undetermined).
std::optional<std::array<double, 2>> anglesFor(const spatial::Vec3& g,
                                               const spatial::Vec3& u,
                                               const spatial::Vec3& v,
                                               double c,
                                               const char* what,
                                               std::string& failure);

/// The angle about the unit axis u that turns v to t (their parts across u); empty when either
/// part vanishes (the angle is then undetermined).
std::optional<double>
turningAngle(const spatial::Vec3& u, const spatial::Vec3& v, const spatial::Vec3& t);

} // namespace sslm
