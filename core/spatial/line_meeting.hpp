// SPDX-License-Identifier: MIT
#pragma once

// Where two lines in space meet: the test that joint axes pass through one point (an elbow
// arm's wrist, a spherical loop).

#include <optional>
#include <utility>

#include <Eigen/Core>

namespace sslm::spatial {

/// The parameters (t, s) at which the lines p + t·u and r + s·v (u, v unit) meet; empty when
/// they are parallel (1 − (u·v)² below `tolerance`) or pass farther apart than `tolerance` (m).
inline std::optional<std::pair<double, double>> lineMeeting(const Eigen::Vector3d& p,
                                                            const Eigen::Vector3d& u,
                                                            const Eigen::Vector3d& r,
                                                            const Eigen::Vector3d& v,
                                                            double tolerance) {
    const Eigen::Vector3d w = p - r;
    const double b = u.dot(v);
    const double denominator = 1.0 - b * b;
    if (denominator < tolerance) {
        return std::nullopt; // parallel
    }
    const double d = u.dot(w);
    const double e = v.dot(w);
    const double t = (b * e - d) / denominator;
    const double s = (e - b * d) / denominator;
    if ((w + t * u - s * v).norm() > tolerance) {
        return std::nullopt; // skew
    }
    return std::pair{t, s};
}

} // namespace sslm::spatial
