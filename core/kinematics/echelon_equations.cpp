// SPDX-License-Identifier: MIT
#include "core/kinematics/echelon_equations.hpp"

#include <algorithm>
#include <cmath>

#include "core/util/text.hpp"

namespace sslm {

using spatial::Vec3;

namespace {

/// Below this √(a² + b²) (relative to the equation's size) an angle is undetermined.
constexpr double kSingular = 1e-12;

} // namespace

std::optional<std::array<double, 2>> anglesFor(
    const Vec3& g, const Vec3& u, const Vec3& v, double c, const char* what, std::string& failure) {
    const Vec3 along = u.dot(v) * u;
    const double a = g.dot(v - along);
    const double b = g.dot(u.cross(v));
    const double rhs = c - g.dot(along);
    const double rho = std::hypot(a, b);
    const double scale = std::max({1.0, std::abs(rhs), rho});
    if (rho <= kSingular * scale) {
        failure = std::string("the ") + what + " is undetermined (a singular pose)";
        return std::nullopt;
    }
    if (std::abs(rhs) > rho * (1.0 + 1e-12)) {
        failure = std::string("the ") + what +
                  " has no real value (A cos φ + B sin φ = C with |C| = " +
                  text::number(std::abs(rhs), 6) + " > √(A² + B²) = " + text::number(rho, 6) + ")";
        return std::nullopt;
    }
    const double middle = std::atan2(b, a);
    const double spread = std::acos(std::clamp(rhs / rho, -1.0, 1.0));
    return std::array{middle + spread, middle - spread};
}

std::optional<double> turningAngle(const Vec3& u, const Vec3& v, const Vec3& t) {
    const Vec3 a = v - u.dot(v) * u;
    const Vec3 b = t - u.dot(t) * u;
    if (a.norm() <= kSingular * std::max(1.0, v.norm()) ||
        b.norm() <= kSingular * std::max(1.0, t.norm())) {
        return std::nullopt;
    }
    return std::atan2(u.dot(a.cross(b)), a.dot(b));
}

} // namespace sslm
