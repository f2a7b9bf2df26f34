// SPDX-License-Identifier: MIT
#pragma once

// Spatial (6-D) vector algebra for the 3-D kernel, in the ground frame W about its origin Wo
// (Featherstone, "Rigid Body Dynamics Algorithms", ch. 2, with both halves in W):
// - a twist (motion vector) is [ω; v_o]: the angular velocity (rad/s) and the velocity (m/s) of
//   the body-fixed point that is passing through Wo; a point x of the body moves at
//   v_o + ω × x;
// - an acceleration is d/dt of a twist, [α; a_o'] (not the acceleration of a material point);
// - a wrench (force vector) is [n_o; f]: the moment about Wo (N·m) and the force (N); its
//   power on a twist is wrench · twist.
// Everything stays in W, so composite inertias add without transformation.

#include <cmath>

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace sslm::spatial {

using Vec3 = Eigen::Vector3d;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat3 = Eigen::Matrix3d;
using Mat6 = Eigen::Matrix<double, 6, 6>;

/// [v]×, so that skew(v)·w = v × w.
inline Mat3 skew(const Vec3& v) {
    Mat3 m;
    m << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
    return m;
}

/// The twist of a turn about the unit axis u through the point x (per rad/s): [u; x × u].
inline Vec6 turnTwist(const Vec3& u, const Vec3& x) {
    Vec6 s;
    s << u, x.cross(u);
    return s;
}

/// The twist of a slide along the unit direction d (per m/s): [0; d].
inline Vec6 slideTwist(const Vec3& d) {
    Vec6 s;
    s << Vec3::Zero(), d;
    return s;
}

/// The wrench of a force f (N) acting at the point x (m): [x × f; f].
inline Vec6 wrenchAt(const Vec3& x, const Vec3& f) {
    Vec6 w;
    w << x.cross(f), f;
    return w;
}

/// The velocity (m/s) of the body point x of a body moving with twist v.
inline Vec3 pointVelocity(const Vec6& v, const Vec3& x) {
    return v.tail<3>() + v.head<3>().cross(x);
}

/// The acceleration (m/s²) of the body point x of a body with twist v and acceleration a.
inline Vec3 pointAcceleration(const Vec6& v, const Vec6& a, const Vec3& x) {
    return a.tail<3>() + a.head<3>().cross(x) + v.head<3>().cross(pointVelocity(v, x));
}

/// v ×m m: the rate of change of the motion vector m carried along by the twist v.
inline Vec6 crossMotion(const Vec6& v, const Vec6& m) {
    Vec6 out;
    out << v.head<3>().cross(m.head<3>()),
        v.head<3>().cross(m.tail<3>()) + v.tail<3>().cross(m.head<3>());
    return out;
}

/// v ×f f: the rate of change of the force vector f carried along by the twist v.
inline Vec6 crossForce(const Vec6& v, const Vec6& f) {
    Vec6 out;
    out << v.head<3>().cross(f.head<3>()) + v.tail<3>().cross(f.tail<3>()),
        v.head<3>().cross(f.tail<3>());
    return out;
}

/// Spatial inertia about Wo of a body of mass m (kg) with its COM at c (m, W) and rotational
/// inertia Ic about the COM (kg·m², W): [Ic + m[c]×[c]×ᵀ, m[c]×; m[c]×ᵀ, m·1].
inline Mat6 inertiaAboutOrigin(double m, const Vec3& c, const Mat3& Ic) {
    const Mat3 cx = skew(c);
    Mat6 inertia;
    inertia.topLeftCorner<3, 3>() = Ic - m * cx * cx;
    inertia.topRightCorner<3, 3>() = m * cx;
    inertia.bottomLeftCorner<3, 3>() = -m * cx;
    inertia.bottomRightCorner<3, 3>() = m * Mat3::Identity();
    return inertia;
}

/// Two unit vectors completing the unit vector u to a right-handed orthonormal basis
/// (n1, n2, u); deterministic, smooth away from u = ±x.
inline void perpendicularPair(const Vec3& u, Vec3& n1, Vec3& n2) {
    const Vec3 helper = std::abs(u.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
    n1 = helper.cross(u).normalized();
    n2 = u.cross(n1);
}

/// The rotation by `angle` (rad) about the unit axis u (Rodrigues).
inline Mat3 axisRotation(const Vec3& u, double angle) {
    const double c = std::cos(angle);
    const double s = std::sin(angle);
    return c * Mat3::Identity() + s * skew(u) + (1.0 - c) * u * u.transpose();
}

} // namespace sslm::spatial
