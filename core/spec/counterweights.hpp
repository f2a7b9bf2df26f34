// SPDX-License-Identifier: MIT
#pragma once

// Folding a body's counterweights into its mass properties: the body and its point masses as
// one rigid body. The mass adds up, the centre of mass is the mass-weighted mean, and each
// part's inertia moves to the common centre by the parallel-axis theorem:
//     I = Σ [I_k + m_k (‖d_k‖² 1 − d_k d_kᵀ)],  d_k = c_k − c.
// In the plane only the z moment is kept: I_z = Σ [I_k + m_k ‖d_k‖²].

#include <vector>

#include <Eigen/Core>

#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// A rigid body's mass properties in its own frame.
struct MassProperties {
    double mass = 0;                                   ///< kg
    Eigen::Vector3d com = Eigen::Vector3d::Zero();     ///< m, body frame
    Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero(); ///< kg·m² about `com`, body frame
};

/// `body` (mass, COM and inertia about its COM) with `counterweights` added. Planar: only the
/// in-plane COM and the z moment of the inertia are used and returned (x, y, 0 and Izz).
MassProperties foldCounterweights(const MassProperties& body,
                                  const std::vector<CounterweightSpec>& counterweights,
                                  MotionSpace space);

} // namespace sslm
