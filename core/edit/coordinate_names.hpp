// SPDX-License-Identifier: MIT
#pragma once

// Coordinate names in the file's own pattern for the joints a file cuts. A file need not name
// the coordinate of a cut joint (it has none); once other cuts leave the joint uncut it gets
// one, and it should read like its neighbours' ("theta8" beside theta1, theta2, theta3), not
// the joint's bare name ("J8"), in the plots, the Properties dock and the CSV alike. No Qt.

#include <string>

#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// The coordinate name `joint` gets in the pattern the other joints of its type follow: the
/// prefix their coordinates put before the number that ends their joint's name (J1 → theta1,
/// J4 → x4), before the number that ends this joint's name (J8 → theta8). Empty when no joint
/// of its type shows one pattern, this joint's name does not end in a number, or the name is
/// taken by another joint or coordinate.
std::string patternCoordinateName(const MechanismSpec& spec, const JointSpec& joint);

/// Gives every joint of spec.cuts that has no coordinate name its patternCoordinateName, so that
/// it keeps it when other cuts leave it uncut. A joint whose name the initial values use as a
/// coordinate keeps that name. Returns the number of joints named.
int nameCutCoordinates(MechanismSpec& spec);

} // namespace sslm
