// SPDX-License-Identifier: MIT
#pragma once

// Closed-form position solution of a spatial RSSR-type loop (seed 004, Kecskeméthy's MoLoop:
// project the closure onto one scalar equation in one unknown, solve it, then the rest in
// echelon form). The loop has four joints: two links are hinged by revolutes, or guided by
// prismatic joints, to one base body whose pose is known (the ground, or the top of the loop
// when the tree above it is known), and a coupler joins the links by a spherical joint at one
// end and a universal or spherical joint at the other: RSSR, RSUR, RSSP, PSSR, PSUR, … named
// from the input. Any of the four joints may be the cut.
//
// With one revolute angle known (the input), the other link's coupler point P turns on a
// circle P(β) = O + cos β·e₁ + sin β·e₂ about its axis u, and the coupler length L gives the
// input–output equation |P(β) − Q|² = L², Q the known link's coupler point:
//     a cos β + b sin β = c,   β = atan2(b, a) − branch·acos(c / √(a² + b²)).
// Branch +1 puts P on the positive side of the plane through the axis and Q,
// u·((Q − O) × (P − O)) > 0; the two branches meet at a toggle (c = ±√(a² + b²)); no real
// solution means the loop cannot close. A driven slider's point moves on a line P(s) = P₀ + s·d
// instead, and |P(s) − Q|² = L² is a quadratic in s; branch +1 is its larger root. A sliding
// input just carries Q along its line. The coupler then turns from its guess by the least
// rotation taking its ends onto P and Q, and spins about its own axis until the universal
// joint's two axes are perpendicular (a second a cos ψ + b sin ψ = c; the root nearer the
// guess); between two spherical joints the spin stays that of the guess. Last, the world poses
// are read back into the tree joints' coordinates (revolute angle, universal angle pair,
// spherical quaternion) of whichever spanning tree the cut choice gives.

#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/kinematics/closed_form_solution.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// The parts of an RSSR-type loop. Index 0 and 1 of each pair are the two sides.
struct RssrLoop {
    int base = -1;                  ///< body both revolutes hinge to (the loop's top body)
    int coupler = -1;               ///< body between the two links
    int link[2] = {-1, -1};         ///< the two hinged links (crank, rocker)
    int revolute[2] = {-1, -1};     ///< joint base – link: revolute or prismatic
    int couplerJoint[2] = {-1, -1}; ///< joint link – coupler (spherical or universal)
};

/// The loop's parts when loop `loop` of a spatial model has the RSSR form, else empty.
std::optional<RssrLoop> rssrLoopOf(const Model& model, int loop);

/// Whether `loop` is RSSR-type with one base joint's coordinate among the `known` ones.
LoopClassTest rssrLoopApplies;

/// Solves an RSSR-type loop when exactly one of its base joints' coordinates is known, no
/// other coordinate of its path below the base is known, and every coordinate above the base
/// is. `branch` ±1 chooses the root (what it sets and returns: closed_form_solution.hpp).
LoopClosedFormSolver solveRssrLoop;

} // namespace sslm
