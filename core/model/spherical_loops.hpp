// SPDX-License-Identifier: MIT
#pragma once

// Spherical loops: a cycle of revolute joints whose axes all pass through one point O fixed in
// every body of the cycle (the spherical four-bar, seed 004's spherical 4R). Each body of such a
// loop turns about O, so a revolute cut's three point rows follow from its two axis rows: the
// loop closes in the sphere's three freedoms, and Grübler's count must use them (3 per body,
// 2 per revolute) where the spatial count (6 and 5) finds it over-constrained by 3.

#include <vector>

#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// Whether the spec's joints `cycle` (indices in spec.joints, a simple cycle in any order) are
/// revolutes of a spatial mechanism whose axes meet in one point fixed in all their bodies.
bool isSphericalCycle(const MechanismSpec& spec, const std::vector<int>& cycle);

/// The spec's spherical loops: those of its fundamental cycles (of a breadth-first spanning
/// tree from the ground) that are spherical, each as its joints (indices in spec.joints).
std::vector<std::vector<int>> sphericalLoops(const MechanismSpec& spec);

/// How many independent loops of the spec are spherical: sphericalLoops(spec).size().
int sphericalLoopCount(const MechanismSpec& spec);

/// Per joint of the spec, the constraint rows it closes its loop with as a cut:
/// constraintRowCount of its type, or 2 for a revolute of a spherical loop.
std::vector<int> rowsAsCut(const MechanismSpec& spec);

/// Grübler's mobility with each spherical loop counted in the sphere's freedoms:
/// grublerMobility(spec) + 3 per spherical loop.
int mobilityCount(const MechanismSpec& spec);

} // namespace sslm
