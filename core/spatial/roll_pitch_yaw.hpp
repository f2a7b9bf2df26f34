// SPDX-License-Identifier: MIT
#pragma once

// Roll, pitch and yaw (rad), the orientation convention of URDF, SDFormat and the mechanism
// file's visuals: R = Rz(yaw)·Ry(pitch)·Rx(roll), i.e. turn about x, then the fixed y, then the
// fixed z.

#include <cmath>

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace sslm {

/// The rotation matrix of roll, pitch, yaw = rpy (rad).
inline Eigen::Matrix3d rotationFromRpy(const Eigen::Vector3d& rpy) {
    return (Eigen::AngleAxisd(rpy.z(), Eigen::Vector3d::UnitZ()) *
            Eigen::AngleAxisd(rpy.y(), Eigen::Vector3d::UnitY()) *
            Eigen::AngleAxisd(rpy.x(), Eigen::Vector3d::UnitX()))
        .toRotationMatrix();
}

/// Roll, pitch, yaw (rad) of a rotation matrix, pitch in [−π/2, π/2]. Yaw first, then pitch
/// and roll from the matrix turned back by it, which stays accurate near pitch = ±π/2; at
/// gimbal lock roll is 0 and yaw carries the turn. rotationFromRpy of the result is R to
/// round-off.
inline Eigen::Vector3d rpyFromRotation(const Eigen::Matrix3d& R) {
    if (std::hypot(R(0, 0), R(1, 0)) < 1e-12) {
        // cos(pitch) = 0: only yaw − roll (pitch = +π/2) or yaw + roll (−π/2) is defined
        const double pitch = R(2, 0) < 0 ? std::acos(0.0) : -std::acos(0.0);
        return {0.0, pitch, std::atan2(-R(0, 1), R(1, 1))};
    }
    const double yaw = std::atan2(R(1, 0), R(0, 0));
    const double c = std::cos(yaw);
    const double s = std::sin(yaw);
    const double pitch = std::atan2(-R(2, 0), c * R(0, 0) + s * R(1, 0));
    const double roll = std::atan2(s * R(0, 2) - c * R(1, 2), c * R(1, 1) - s * R(0, 1));
    return {roll, pitch, yaw};
}

} // namespace sslm
