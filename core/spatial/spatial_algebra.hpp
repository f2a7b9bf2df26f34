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

/// The 6-vector [top; bottom] (fixed-size halves: Eigen's comma initializer goes through
/// dynamic blocks, measured at a tenth of the ladder's kinematics), written as the three
/// aligned pairs Eigen's packets read back: halves written as a single and a pair made the
/// next packet read across two stores wait for them (store forwarding: core/README.md).
[[gnu::always_inline]] inline Vec6 stack(const Vec3& top, const Vec3& bottom) {
    Vec6 out;
    out.segment<2>(0) = top.head<2>();
    out.segment<2>(2) = Eigen::Vector2d(top.z(), bottom.x());
    out.segment<2>(4) = bottom.tail<2>();
    return out;
}

/// The twist of a turn about the unit axis u through the point x (per rad/s): [u; x × u].
inline Vec6 turnTwist(const Vec3& u, const Vec3& x) {
    return stack(u, x.cross(u));
}

/// The twist of a slide along the unit direction d (per m/s): [0; d].
inline Vec6 slideTwist(const Vec3& d) {
    return stack(Vec3::Zero(), d);
}

/// The wrench of a force f (N) acting at the point x (m): [x × f; f].
inline Vec6 wrenchAt(const Vec3& x, const Vec3& f) {
    return stack(x.cross(f), f);
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
[[gnu::always_inline]] inline Vec6 crossMotion(const Vec6& v, const Vec6& m) {
    // the linear half ω × m_v + v_o × m_ω entry by entry: as a sum of two Vec3 cross products
    // the compiler wrote the first to the stack and read it back across its stores
    const double x = (v[1] * m[5] - v[2] * m[4]) + (v[4] * m[2] - v[5] * m[1]);
    const double y = (v[2] * m[3] - v[0] * m[5]) + (v[5] * m[0] - v[3] * m[2]);
    const double z = (v[0] * m[4] - v[1] * m[3]) + (v[3] * m[1] - v[4] * m[0]);
    return stack(v.head<3>().cross(m.head<3>()), Vec3(x, y, z));
}

/// A rigid body's spatial inertia about Wo in W by its ten parameters (Pinocchio's form, not
/// a 6 × 6 matrix): mass m (kg), first moment h = m·c (kg·m; c the COM) and the rotational
/// inertia about Wo, I_o = I_c + m([c]×)ᵀ[c]× (kg·m²). As a matrix it is [I_o [h]×; −[h]× m·1];
/// sums of inertias (a composite body) are sums of the parameters.
struct Inertia {
    double mass = 0;
    Vec3 firstMoment = Vec3::Zero();
    Mat3 aboutOrigin = Mat3::Zero();

    static Inertia Zero() { return {}; }
    Inertia& operator+=(const Inertia& other) {
        mass += other.mass;
        firstMoment += other.firstMoment;
        aboutOrigin += other.aboutOrigin;
        return *this;
    }
    /// The wrench [I_o ω + h × v; m v − h × ω] of the body moving with the twist [ω; v].
    [[gnu::always_inline]] Vec6 operator*(const Vec6& twist) const {
        const Vec3 w = twist.head<3>();
        const Vec3 v = twist.tail<3>();
        Vec6 wrench;
        wrench.head<3>().noalias() = aboutOrigin * w;
        wrench.head<3>() += firstMoment.cross(v);
        wrench.tail<3>() = mass * v - firstMoment.cross(w);
        return wrench;
    }
};

/// The inertia about Wo of a body of mass m (kg) with its COM at c (m, W) and rotational
/// inertia Ic (kg·m²) about the COM in W.
[[gnu::always_inline]] inline Inertia inertiaAboutOrigin(double m, const Vec3& c, const Mat3& Ic) {
    Inertia inertia{m, m * c, Ic};
    inertia.aboutOrigin.diagonal().array() += m * c.squaredNorm();
    inertia.aboutOrigin.noalias() -= m * c * c.transpose();
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
    // cI + s[u]× + (1 − c)uuᵀ entry by entry (the expression's temporaries cost more)
    const double c = std::cos(angle);
    const double s = std::sin(angle);
    const double t = 1.0 - c;
    const double x = u.x();
    const double y = u.y();
    const double z = u.z();
    Mat3 r;
    r(0, 0) = c + t * x * x;
    r(1, 0) = t * x * y + s * z;
    r(2, 0) = t * x * z - s * y;
    r(0, 1) = t * x * y - s * z;
    r(1, 1) = c + t * y * y;
    r(2, 1) = t * y * z + s * x;
    r(0, 2) = t * x * z + s * y;
    r(1, 2) = t * y * z - s * x;
    r(2, 2) = c + t * z * z;
    return r;
}

/// The angle (rad) of a rotation E about the unit axis u, assuming E = Rot(u, angle).
inline double angleAbout(const Vec3& u, const Mat3& e) {
    const Vec3 sine(e(2, 1) - e(1, 2), e(0, 2) - e(2, 0), e(1, 0) - e(0, 1));
    return std::atan2(0.5 * u.dot(sine), 0.5 * (e.trace() - 1.0));
}

/// A unit vector that is a frame axis: which one (0, 1, 2 for x, y, z) and its sign.
struct FrameAxis {
    int index = -1; ///< −1: u is not ±x, ±y or ±z
    double sign = 1.0;
};

/// Whether u is exactly ±x, ±y or ±z (as most joints' axes are written), and which.
inline FrameAxis frameAxisOf(const Vec3& u) {
    for (int k = 0; k < 3; ++k) {
        const int i = (k + 1) % 3;
        const int j = (k + 2) % 3;
        if (u[i] == 0.0 && u[j] == 0.0 && std::abs(u[k]) == 1.0) {
            return {k, u[k]};
        }
    }
    return {};
}

/// r ← r·Rot(u, angle) for u = sign·(frame axis k): two of r's columns turn into each other
/// (12 products, where Rodrigues' rotation and a 3 × 3 product take 60 operations).
inline void turnAboutFrameAxis(Mat3& r, FrameAxis u, double angle) {
    const int i = (u.index + 1) % 3;
    const int j = (u.index + 2) % 3;
    const double c = std::cos(angle);
    const double s = u.sign * std::sin(angle);
    const Vec3 ri = r.col(i);
    const Vec3 rj = r.col(j);
    r.col(i) = c * ri + s * rj;
    r.col(j) = c * rj - s * ri;
}

} // namespace sslm::spatial
