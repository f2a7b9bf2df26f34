// SPDX-License-Identifier: MIT
#pragma once

// A link's frame as the URDF and SDFormat readers chain them: a rigid transform from the
// frame's coordinates to its parent's.

#include <Eigen/Core>

namespace sslm {

/// x_parent = R x_local + p (R a rotation, p in m).
struct RigidFrame {
    Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
    Eigen::Vector3d p = Eigen::Vector3d::Zero();

    /// The frame `local` is in this one's coordinates, in this one's parent's.
    RigidFrame operator*(const RigidFrame& local) const { return {R * local.R, p + R * local.p}; }
};

} // namespace sslm
