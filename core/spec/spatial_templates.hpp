// SPDX-License-Identifier: MIT
#pragma once

// The spatial mechanisms of the seeds with the numbers of ../shared/spec/spatial.md
// (docs/reference-mechanisms.md): the RSSR of seed 002 §6.2 and the spatial ladder family of
// seed 003 §4.3. Both are written in the spatial convention of mechanism_spec.hpp: every body
// frame is parallel to W when every coordinate is zero.

#include <string>
#include <vector>

#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// A named point at p (m, body frame) of a spatial body.
BodyPoint spatialPoint(std::string name, const Eigen::Vector3d& p);

/// A spatial body named by its id, with its COM (m, body frame) and inertia tensor about the
/// COM (kg·m², body frame).
BodySpec spatialBody(std::string id,
                     double mass,
                     const Eigen::Vector3d& com,
                     const Eigen::Matrix3d& inertia,
                     std::vector<BodyPoint> points);

/// A spatial joint; `axis` fixed in the parent (and, but for a universal joint, the child),
/// `axis2` a universal joint's second axis fixed in the child.
JointSpec spatialJoint(std::string name,
                       JointType type,
                       JointEnd parent,
                       JointEnd child,
                       const Eigen::Vector3d& axis = Eigen::Vector3d::UnitZ(),
                       const Eigen::Vector3d& axis2 = Eigen::Vector3d::UnitY());

/// The RSSR (R–S–U–R, 1 DOF): crank (J1, revolute about z at the origin, coordinate "theta"),
/// coupler (J2 spherical at the crank tip), rocker (J3 universal at C, J4 revolute about x at
/// D, coordinate "phi"). `cut` is "J3" (the spec's default, 4 equations) or "J2" (3). The
/// initial state is the reference pose θ = 0, φ = 2.004625277 rad, θ̇ = 2π rad/s; its body
/// frames then coincide with W except the rocker's (turned by φ about x).
MechanismSpec rssrSpec(const std::string& cut = "J3");

/// The reference-pose rocker angle of the RSSR (rad), branch with C above D.
inline constexpr double kRssrReferencePhi = 2.004625277;

/// The spatial ladder of `cells` (L ≥ 1) loops: pendulums P0…PL hung from ground by universal
/// joints (coordinates a<i>, b<i>), rungs R1…RL joined to the previous pendulum's tip
/// (c<i>, e<i>) and cut at the next one's tip (joints K1…KL, 4 equations each); 2 DOF for
/// every L, dynamically the same as one Hooke pendulum. Throws std::invalid_argument for
/// cells < 1.
MechanismSpec spatialLadderSpec(int cells);

} // namespace sslm
