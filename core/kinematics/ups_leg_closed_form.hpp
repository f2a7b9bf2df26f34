// SPDX-License-Identifier: MIT
#pragma once

// Closed-form position solution of a UPS leg (a Stewart–Gough platform's leg): a loop whose
// unknowns are a universal joint, a prismatic joint and a spherical cut, in a row, between two
// bodies of known pose (the base, and the platform the rest of the loop places). The leg's two
// end points are then known, so the slide s fixes the leg's length: |c + s·d| = |w|, a
// quadratic in s (two roots: the leg out along its axis or flipped back through the universal
// joint); the universal joint then turns the leg onto w: its second angle from
// a₁·(Rot(a₂, β)·v) = a₁·t (two roots), its first from the direction left (one). 4 modes,
// labelled 2·(slide root) + (angle root), slide root 0 the larger s.

#include <vector>

#include <Eigen/Core>

#include "core/kinematics/closed_form_solution.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// Whether loop `loop` is a UPS leg at the `known` coordinates.
LoopClassTest upsLegApplies;

/// Solves a UPS leg: its cut is a spherical joint next to a prismatic and then a universal tree
/// joint whose coordinates are not known, and every other joint of the loop and above it is
/// known. Modes are labelled as above; what it sets
/// and returns: closed_form_solution.hpp.
LoopClosedFormSolver solveUpsLeg;

} // namespace sslm
