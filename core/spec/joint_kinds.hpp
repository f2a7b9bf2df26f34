// SPDX-License-Identifier: MIT
#pragma once

// What each joint type contributes: its coordinates in the spanning tree and its constraint
// equations when cut (seed 000: a cut joint of type T adds 6 − dof(T) rows in space, 3 − dof(T)
// in the plane).

#include <string>
#include <vector>

#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// Velocity coordinates (degrees of freedom) of a joint of this type.
int coordinateCount(JointType type);

/// Position coordinates: the same as coordinateCount but 4 for a spherical joint (a unit
/// quaternion w, x, y, z).
int positionCount(JointType type);

/// Constraint equations of a cut joint of this type: 2 for the planar revolute and prismatic,
/// 6 − coordinateCount in space (revolute 5, prismatic 5, cylindrical 4, universal 4,
/// spherical 3).
int constraintRowCount(JointType type, MotionSpace space);

/// Grübler's mobility of the spec: 3 (6 in space) per moving body, less each joint's
/// constraintRowCount.
int grublerMobility(const MechanismSpec& spec);

/// True for the types a planar mechanism may use (revolute, prismatic).
bool isPlanarJointType(JointType type);

/// The file word of the type: "revolute", "prismatic", "cylindrical", "universal",
/// "spherical".
const char* jointTypeWord(JointType type);

/// The coordinate names of `joint` in order: its `coordinates` when given, else its
/// coordinate (or name) for a one-coordinate joint and "<name>.1", "<name>.2", … otherwise.
std::vector<std::string> coordinateNames(const JointSpec& joint);

} // namespace sslm
