// SPDX-License-Identifier: MIT
#pragma once

// Static equilibrium: the pose at which the mechanism rests under gravity, springs, loads,
// stops and the actuators' forces at a given time, some coordinates possibly held (an input
// locked at a value). Solved by Newton's method in the free minimal coordinates
// (reduced_statics.hpp) on the reduced force f(ξ) = Nᵀφ = 0, its Jacobian −K by central
// differences, each step bounded and backtracked on |f|; to find where the mechanism settles
// rather than the nearest hilltop, K is shifted to positive definite where it is not. At the rest
// pose the reactions and the holding efforts come from inverse dynamics at zero speed and
// acceleration (the same machinery as `sslm inverse`), and the stability from the reduced stiffness
// K (the Hessian of the potential energy when every force is conservative): stable when K is
// positive definite. Smoothed Coulomb friction gives no force at rest, so static friction does not
// hold a pose.

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/inverse/inverse_dynamics.hpp"
#include "core/model/model.hpp"
#include "core/statics/reduced_statics.hpp"

namespace sslm {

/// A coordinate locked at a value.
struct CoordinateHold {
    int coordinate = -1; ///< index in q̇ (a one-coordinate joint's, or one axis of a joint)
    double value = 0;    ///< rad or m
};

/// Which equilibrium a search looks for.
enum class EquilibriumSearch {
    /// Where the mechanism settles: downhill from the guess (a stable rest, unless the guess
    /// is exactly at an unstable one).
    Settle,
    /// The nearest of any kind (Newton's method as it is): unstable ones too.
    Nearest,
};

struct EquilibriumOptions {
    std::vector<CoordinateHold> holds;
    EquilibriumSearch search = EquilibriumSearch::Settle;
    double time = 0;          ///< s: when the loads' and actuators' signals are read
    double tolerance = 1e-10; ///< largest |f| accepted (N·m or N)
    int maxIterations = 60;
    /// How far (rad or m, summed over the Newton steps, largest coordinate) the solution may
    /// wander from the guess before "no equilibrium nearby".
    double maxTravel = 7.0;
    /// Largest Newton step of one coordinate (rad or m).
    double maxStep = 0.3;
};

struct Equilibrium {
    Eigen::VectorXd q;            ///< rest pose (nq; rad or m, quaternions)
    std::vector<int> independent; ///< the minimal coordinates used (indices in q̇)
    std::vector<int> free;        ///< positions in `independent` solved for
    std::vector<int> held;        ///< positions in `independent` held, in the options' order
    /// The reduced force left at the free coordinates (N·m or N): the residual.
    Eigen::VectorXd residual;
    double residualNorm = 0; ///< max |residual|
    /// Per hold (options order): the force that holds the coordinate (N·m or N, acting to
    /// increase it), inverse dynamics' driving force at zero speed; an actuator on the
    /// coordinate is counted in it, as `sslm inverse` does.
    Eigen::VectorXd holdingEffort;
    /// Eigenvalues of the reduced stiffness K (symmetric part) over the free coordinates,
    /// ascending (N·m/rad, N/m or mixed): all positive for a stable rest.
    Eigen::VectorXd stiffnessEigenvalues;
    /// The reduced stiffness K and damping C over the free coordinates at rest, steps
    /// kDerivativeStep (what the stability is read from; the modes reuse them).
    ReducedDerivatives derivatives;
    /// Largest |K − Kᵀ| / largest |K|: non-zero for non-conservative loads (follower forces).
    double stiffnessAsymmetry = 0;
    bool stable = false;
    int iterations = 0;
    /// Joint reactions at rest (Model::joints order), as inverse dynamics gives them; empty
    /// when the minimal coordinates include a spherical joint's rates, which inverse dynamics
    /// cannot drive.
    std::vector<JointReaction> reactions;
    /// Empty on success; else what went wrong (no equilibrium near the guess, a singular pose,
    /// a hold the loops fix), naming the coordinate or loop, and the fix.
    std::string error;

    bool ok() const { return error.empty(); }
};

/// The equilibrium nearest the assembled pose `guess` (nq): the held coordinates are set to
/// their values first, then the loops closed, then Newton on the free ones.
Equilibrium findEquilibrium(const Model& model,
                            const Eigen::VectorXd& guess,
                            const EquilibriumOptions& options = {});

/// Equilibria from a spread of starting poses: where the guess settles first, then the nearest
/// equilibria (of any kind, EquilibriumSearch::Nearest) from each free angular coordinate
/// turned by a quarter, half and three quarters of a turn. Distinct ones only, as many as
/// `limit`. Empty when none is found; `firstError` then says why
/// the guess's search failed.
std::vector<Equilibrium> findEquilibria(const Model& model,
                                        const Eigen::VectorXd& guess,
                                        const EquilibriumOptions& options,
                                        std::string* firstError = nullptr,
                                        int limit = 8);

} // namespace sslm
