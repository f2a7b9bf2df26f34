// SPDX-License-Identifier: MIT
#pragma once

// Closed-form position solution of a 6R arm with a spherical wrist (seed 004's elbow
// manipulator; Pieper's case with the second and third axes parallel) in a loop that places its
// end body: the closure projected into echelon equations a cos φ + b sin φ = c, each solved for
// its two roots before the next unknown. The wrist centre W, where the last three axes meet, is
// fixed in the end body, so the first three joints must carry it there: W's height along the
// parallel axes depends on the shoulder angle alone (two roots), its distance from the second
// axis on the elbow angle alone (two roots), its direction about the second axis gives that
// angle. The wrist is then a spherical triad: the angle between its first and last axes depends
// on its middle angle alone (two roots), the other two follow. 8 modes.
//
// A run of three unknown revolutes whose axes meet in one point, between two bodies of known
// pose, is that wrist alone: the spherical four-bar with its input known (spherical_loops.hpp),
// 2 modes, labelled from the run's end whose joint comes first in the file.
//
// The cut may be any revolute of the six; every other joint of the loop must be known. The
// run is read from the end its geometry fixes (the wrist last), so a mode's label
// (closed_form_solution.hpp) is the same for every cut choice: root 4·s + 2·e + w with s, e, w
// the shoulder's, elbow's and wrist's roots (0 for the larger angle a cos φ + b sin φ = c
// allows, atan2(b, a) + acos(c/√(a² + b²))).

#include <vector>

#include <Eigen/Core>

#include "core/kinematics/closed_form_solution.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// Whether loop `loop`'s unknowns at the `known` coordinates are an elbow arm's six revolutes
/// or a spherical triad's three.
LoopClassTest revoluteChainApplies;

/// Solves a loop whose unknowns (revolutes whose coordinate is not known, and the cut) are one
/// run of six forming an arm with a spherical wrist, or of three whose axes meet, when every
/// other joint of the loop and above it is known. Modes are labelled as above; what it sets
/// and returns: closed_form_solution.hpp.
LoopClosedFormSolver solveRevoluteChain;

} // namespace sslm
