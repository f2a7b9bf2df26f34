// SPDX-License-Identifier: MIT
#pragma once

// Planar motion space: the one place that knows motion is 3-dimensional (ω_z, v_x, v_y).
// A spatial kernel replaces this header's types without touching topology or the solvers.
//
// Notation (Drake's monogram style): φ_WB is the angle of body B in the ground frame W
// (counter-clockwise positive, rad); p_WBo the position of B's origin in W (m); p_B a point's
// position expressed in B's frame; R(φ) the 2×2 rotation by φ.

#include <cmath>

#include <Eigen/Core>

namespace sslm::planar {

using Vec2 = Eigen::Vector2d;

/// R(φ)·v.
inline Vec2 rotate(double cosPhi, double sinPhi, const Vec2& v) {
    return {cosPhi * v.x() - sinPhi * v.y(), sinPhi * v.x() + cosPhi * v.y()};
}

/// ẑ × v: the vector v turned by +90°.
inline Vec2 perp(const Vec2& v) {
    return {-v.y(), v.x()};
}

/// z-component of a × b.
inline double cross(const Vec2& a, const Vec2& b) {
    return a.x() * b.y() - a.y() * b.x();
}

/// The angle a + 2πk nearest to `reference`.
inline double wrapNear(double a, double reference) {
    constexpr double kTwoPi = 2.0 * M_PI;
    return a - kTwoPi * std::round((a - reference) / kTwoPi);
}

} // namespace sslm::planar
