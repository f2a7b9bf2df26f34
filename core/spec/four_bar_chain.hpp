// SPDX-License-Identifier: MIT
#pragma once

// A generated benchmark family: a chain of k coupled four-bar loops (a planar "ladder"). Ground
// pivots O0…Ok sit d apart on the x-axis; rocker Ri hangs from Oi; coupler Ci joins the tip of
// Ri to the tip of Ri+1. Loop i is ground–Ri–Ci–Ri+1. The cut joints are the couplers' right
// pins, so subsystem i is {Ri, Ci} (the last is Rk alone) and loop i touches subsystems i and
// i + 1: the GICM is block tridiagonal and SSLM's cost grows linearly in k. One degree of
// freedom (Grübler: 3·(2k + 1) − 2·(3k + 1) = 1). Rockers and couplers have equal lengths in
// pairs, so every loop is a parallelogram that swings like a pendulum below the pivots.

#include "core/spec/mechanism_spec.hpp"

namespace sslm {

struct FourBarChainOptions {
    int loops = 4;              ///< k ≥ 1
    double pivotSpacing = 0.2;  ///< d (m), also the coupler length
    double rockerLength = 0.3;  ///< m
    double rockerMass = 1.0;    ///< kg, uniform bar
    double couplerMass = 0.5;   ///< kg, uniform bar
    double initialAngle = -1.2; ///< rocker angle from the x-axis at t = 0 (rad)
    double initialRate = 0.0;   ///< rad/s of the first rocker
};

/// The chain as a mechanism description: coordinates "r<i>" (rocker i, absolute angle) and
/// "c<i>" (coupler i relative to rocker i), cut joints "K<i>" (coupler i to rocker i + 1).
MechanismSpec fourBarChain(const FourBarChainOptions& options = {});

/// A generated family whose mobility grows with the loops: a chain of k five-bar loops. Ground
/// pivots O0…Ok sit d apart on the x-axis; rocker Ri hangs from Oi (coordinate "r<i>", absolute
/// angle); link Ai turns on the tip of Ri ("a<i>", relative), link Bi on the tip of Ri+1
/// ("b<i>", relative); Ai's and Bi's free ends are pinned by the cut joint "K<i>". Loop i is
/// ground–Ri–Ai–Bi–Ri+1 and touches subsystems i and i + 1. k + 1 degrees of freedom (Grübler:
/// 3·(3k + 1) − 2·(4k + 1) = k + 1), the rockers being the inputs: all hang at the same angle
/// and every Ai, Bi pair meets above the midpoint of its rockers' tips.
struct FiveBarChainOptions {
    int loops = 4;              ///< k ≥ 1
    double pivotSpacing = 0.2;  ///< d (m)
    double rockerLength = 0.3;  ///< m
    double linkLength = 0.12;   ///< m, Ai and Bi (> d / 2)
    double rockerMass = 1.0;    ///< kg, uniform bar
    double linkMass = 0.3;      ///< kg, uniform bar
    double initialAngle = -1.2; ///< every rocker's angle from the x-axis at t = 0 (rad)
};

MechanismSpec fiveBarChain(const FiveBarChainOptions& options = {});

} // namespace sslm
