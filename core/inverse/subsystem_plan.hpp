// SPDX-License-Identifier: MIT
#pragma once

// The subsystem-level recursion of seed 002 (Sect. 2 and 5) as a plan: which subsystems are
// determinate (their unknown λ and τ number their DOF), in which order they are solved, and
// which subsystems are left to a joint "system approach" block when every remaining one is
// indeterminate. Structural only (the Model's loop paths and the driven set), so it is built
// once per (Model, driven set).
//
// For the carpet scraper with the paper's cuts J8, J9, J10 and the crank θ1 driven: the
// pantograph (4 DOF; λ of J9 and J10) is determinate first, 4 × 4; then the rocker–coupler
// (2 DOF; λ of J8), 2 × 2; then the crank (1 DOF; τ), 1 × 1: the paper's 4×4, 2×2, 1×1.

#include <vector>

#include "core/model/model.hpp"

namespace sslm {

/// One step of the subsystem-level recursion: the square block of the tree equations' rows of
/// `subsystems` (their coordinates) against the unknowns λ of `loops` and τ of `driven`.
struct SubsystemBlock {
    std::vector<int> subsystems; ///< one when determinate; the remaining ones for a fall-back
    std::vector<int> loops;      ///< loops whose λ this block finds
    std::vector<int> driven;     ///< positions in the driven list whose τ this block finds
    std::vector<int> knownLoops; ///< loops found by earlier blocks that act on these subsystems
    std::vector<int> rows;       ///< coordinates (rows of the tree equations), ascending
    int size = 0;                ///< rows = unknowns
    bool fallback = false;       ///< every remaining subsystem was indeterminate
};

/// The blocks in solution order. A subsystem is determinate when the unknowns still acting on
/// it (a λ per constraint row of each loop whose path touches it: 2 per planar loop, 3 to 5 per
/// spatial one; 1 per driven coordinate in it) number its coordinates;
/// determinate subsystems are solved one at a time, lowest index first, each making its
/// neighbours' λ known. Precondition: drivenCoordinatesError(model, driven) is empty, so that
/// the rows and unknowns left for a fall-back block are equal in number.
std::vector<SubsystemBlock> planSubsystemRecursion(const Model& model,
                                                   const std::vector<int>& driven);

/// The block sizes in order, e.g. {4, 2, 1} for the scraper.
std::vector<int> blockSizes(const std::vector<SubsystemBlock>& plan);

} // namespace sslm
