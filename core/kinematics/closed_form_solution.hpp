// SPDX-License-Identifier: MIT
#pragma once

// What a closed-form loop solver returns (planar_triad.hpp, rssr_closed_form.hpp,
// revolute_chain_closed_form.hpp), and how a loop's assembly modes are labelled: a class with
// n real roots numbers them 0…n−1 in its own geometric order (the order does not depend on the
// cut choice), and root i carries the label +1, −1, +2, −2, … (i = 0, 1, 2, 3, …), so that the
// two-root classes keep the labels +1 and −1. Label 0 asks for the root nearest the guess.

#include <string>
#include <vector>

#include <Eigen/Core>

namespace sslm {

struct Model;
struct Workspace;

/// The largest closure error a closed-form solution may leave, in the units of the loop's
/// constraint rows (m, rad, or the cosine of a universal joint's two axes); a root that leaves
/// more is refused.
inline constexpr double kClosedFormClosureTolerance = 1e-12;

/// The outcome of one closed-form attempt.
struct ClosedFormSolution {
    /// The mode taken (a label: +1, −1, +2, …); 0 when the loop was not solved.
    int branch = 0;
    /// Why a loop of the solver's form with known inputs could not be solved (no real root,
    /// singular pose), with the numbers; empty when solved or not applicable.
    std::string failure;
    /// The loop's closure error after the solution (m, rad), when the solver checked it.
    double residual = 0;
    /// The loop's class when solved ("RRR", "RSSR", "spherical 4R", …).
    std::string kind;
    /// How many assembly modes the class has at most (its roots: 2, 8, or 1 for a linear one).
    int modes = 2;
};

/// Whether a spatial class takes loop `loop` when the coordinates known[k] (rate indices) are
/// given: its structure and axes alone (its solver may still find the loop out of reach).
using LoopClassTest = bool(const Model& model, int loop, const std::vector<bool>& known);

/// A spatial class's solver: solves loop `loop` at the known coordinates in the mode labelled
/// `branch` (0: the mode nearest the guess in q). On success the loop's tree coordinates in q
/// (positions) are set, each angle the 2π-representative nearest its guess and quaternions of
/// the guess's sign, and the loop closes to kClosedFormClosureTolerance; otherwise q is unchanged
/// and branch is 0, with `failure` saying why when the loop has the class's form but cannot close
/// (out of reach, a singular pose). Uses ws as scratch.
using LoopClosedFormSolver = ClosedFormSolution(const Model& model,
                                                Workspace& ws,
                                                Eigen::Ref<Eigen::VectorXd> q,
                                                int loop,
                                                const std::vector<bool>& known,
                                                int branch);

/// How a class is solved, for `sslm info`: the projection (seed 004) its unknowns come from and
/// its number of modes, e.g. "circle–circle, 2 modes" for "RRR"; empty for an unknown class.
std::string closedFormProjection(const std::string& kind);

/// The label of root `index` (0, 1, 2, 3, … → +1, −1, +2, −2, …).
constexpr int modeLabel(int index) {
    return (index / 2 + 1) * (index % 2 == 0 ? 1 : -1);
}

/// The root index of a non-zero label (+1, −1, +2, −2, … → 0, 1, 2, 3, …).
constexpr int modeIndex(int label) {
    return label > 0 ? 2 * (label - 1) : 2 * (-label - 1) + 1;
}

/// The label a class with `modes` roots solves for when `label` is asked: the label itself, or
/// 0 (the root nearest the guess) when the class has no such mode, which assemble() then names.
constexpr int askedMode(int label, int modes) {
    return label != 0 && modeIndex(label) >= modes ? 0 : label;
}

} // namespace sslm
