// SPDX-License-Identifier: MIT
#pragma once

// Closed-form position analysis of a planar loop with two unknown one-coordinate joints (seed
// 004's echelon idea in the plane). With every other coordinate known, the loop is three rigid
// segments, G (the base's side, fixed), S1 and S2, joined in a cycle by three free joints: the
// two unknowns and the cut, each a revolute (R) or a prismatic (P). Read in loop order the
// triad's class is one of
// - RRR: the point S1 and S2 share meets two circles (circle–circle), 2 roots;
// - two R and a P: the slide is a root of a quadratic (line–circle) when the P joins G, or the
//   rotation a root of A cos φ + B sin φ + C = 0 when it joins S1 and S2, 2 roots;
// - one R and two P: the rotations are fixed by the slides' directions and the translations
//   solve a 4 × 4 linear system, 1 root.
// (PPP leaves a rotation free and goes to Newton.) This covers every planar four-link loop of R
// and P joints, cut at a revolute or a prismatic joint: the four-bar, the slider-crank, the
// inverted slider-crank, the Scotch yoke and seed 004's wheel suspension. An input out of
// reach is named with the numbers that show it (e.g. |C| > √(A² + B²)).

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// One closed-form assembly of a triad: the two unknown coordinates' values and the branch
/// label of the root (+1 or −1; +1 for a class with one root). An RRR triad's +1 has its three
/// pins, taken in file order, turning clockwise (z up), whichever of them is cut.
struct TriadRoot {
    int branch = 0;
    std::array<int, 2> coordinates{-1, -1}; ///< indices in q
    std::array<double, 2> values{};         ///< rad or m (angles nearest the guess's)
};

struct TriadRoots {
    /// "RRR", "RPR", … (the free joints in loop order from the base); empty when the loop is not
    /// a triad at these known coordinates (then Newton solves it).
    std::string kind;
    /// Roots found: 0 when out of reach (see failure), else 1 or 2 (1 when one branch was
    /// asked for).
    int count = 0;
    /// The class's roots at these inputs whichever was asked for (its assembly modes: 2, or 1
    /// for a linear class); 0 when out of reach.
    int modes = 0;
    std::array<TriadRoot, 2> roots;
    std::string failure; ///< why there is no root, with the numbers
};

/// A triad's structure, read once from the model (assembler.hpp plans with it): its two
/// unknowns, and the segments its three free joints join (0 = G, the base's side, 1 = S1,
/// 2 = S2).
struct TriadShape {
    int loop = -1;
    std::array<int, 2> unknowns{-1, -1};          ///< S1's coordinate, then S2's (q̇ indices)
    std::array<int, 3> joints{-1, -1, -1};        ///< the unknowns' joints, then the cut
    std::array<std::array<int, 2>, 3> segments{}; ///< per joint: side A's segment, side B's
    std::array<std::array<int, 2>, 2> unknownSegments{}; ///< per unknown: its body's, its parent's
    int orientation = 1; ///< −1 when root 0 is the file order's mirror (RRR)
    std::string kind;    ///< "RRR", "RPR", …: the free joints from G round the loop
};

/// The triad when planar `loop` is one at the `known` coordinates, from the model's structure
/// alone (S1's unknown is the upstream one of one side); nullopt when it is not (then Newton
/// solves it, or another class).
std::optional<TriadShape>
planarTriadShape(const Model& model, int loop, const std::vector<bool>& known);

/// The closed-form roots of the triad `shape` at the positions in q (its unknowns' values
/// there only wrap angles near); `branch` as below. Uses ws as scratch.
TriadRoots planarTriadRoots(const Model& model,
                            Workspace& ws,
                            const Eigen::Ref<const Eigen::VectorXd>& q,
                            const TriadShape& shape,
                            int branch = 0);

/// The closed-form roots of planar `loop` whose unknown coordinates on its path (those not
/// `known`) are two one-coordinate tree joints below the loop's base, at the positions in q
/// (the guess: known values used, unknown ones only to wrap angles near). `branch` ±1 asks for
/// that root alone (a class with one root gives it whatever is asked), 0 for every root. Uses
/// ws as scratch.
TriadRoots planarTriadRoots(const Model& model,
                            Workspace& ws,
                            const Eigen::Ref<const Eigen::VectorXd>& q,
                            int loop,
                            const std::vector<bool>& known,
                            int branch = 0);

} // namespace sslm
