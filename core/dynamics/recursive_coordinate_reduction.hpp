// SPDX-License-Identifier: MIT
#pragma once

// Recursive coordinate reduction (RCR), Anderson & Critchley (seed 003 Sect. 3): the loop
// constraints are embedded instead of enforced by multipliers. With the coordinates split per
// loop into independent and dependent ones (coordinate_partition.hpp), loop by loop in the
// partition's order:
// - velocity level (eqs. 34, 47, 51): J_ld q̇_d(l) = −Σ_{k known} J_lk q̇_k gives loop l's
//   dependent rates from the independent ones and those of the loops before it;
// - acceleration level (eqs. 35, 54–55): the same with J q̈ = Ψ gives q̈ = R q̈_i + r, R's
//   columns being the nonholonomic partial velocities of the independent coordinates (eq. 58,
//   Γ^k P^{p_i}) and r the part known from the state (Ξ^k A_t^{n_i}, carried into the next
//   coupled loop as the Θ term of eqs. 76–80);
// - kinetics (eqs. 56–60): Rᵀ(M q̈ − φ) = 0, i.e. (Rᵀ M R) q̈_i = Rᵀ(φ − M r), whose matrix
//   is what the seed's virtual terminal bodies carry (eqs. 60–66).
// Two ways to the reduced equations, the same q̈ (RcrKinetics):
// - Recursive (default): the loops are folded inward, last loop first, each onto its known
//   coordinates, as the seed folds a loop's dependent bodies onto its virtual terminal body p_i
//   (eqs. 60–66): with q̈_d(l) = G_l q̈_K(l) + h_l (G_l = −J_ld⁻¹ J_lK, h_l = J_ld⁻¹ Ψ_l), the
//   dependent rows and columns of the working copy A of M and b of φ are substituted into the
//   known ones, touching only the coordinates coupled with them (a pattern fixed per
//   partition). The independent coordinates are then folded the same way, each onto the
//   independent ones it is coupled with (Gaussian elimination in a minimum-degree order, as
//   the seed's triangularization continues through the unconstrained tree, eqs. 61–66), and
//   q̈ follows outward (eqs. 67–71; the Θ of eqs. 72–80 is the h of earlier loops carried in
//   q̈_K). Cost per call O(Σ_j n_j² + Σ_l rows_l · |coupled_l| · |K_l| + Σ_p |N_p|²), N_p the
//   independent coordinates coupled with p when it is folded: linear in the loops whenever
//   the loops and their coupling are bounded, for any f. It works on the generalized inertia
//   of the subsystems (M's blocks), not body by body.
// - Assembled: R column by column and Rᵀ M R from M's blocks, O(f (n + m) + f² n + f³).
//
// There are no multipliers in the method. The cut reactions are recovered afterwards from the
// residual of the unreduced equations, Jᵀλ = M q̈ − φ (it lies in the range of Jᵀ because
// Rᵀ annihilates it), taken on the dependent rows: J_ldᵀ λ_l = (M q̈ − φ)_d(l) − Σ_{t after l}
// J_tdᵀ λ_t, loop by loop in reverse order. λ then has the meaning and units of the other
// solvers' (loop_constraints.hpp), so plots and CSV keep their columns.

#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>
#include <Eigen/LU>

#include "core/dynamics/constrained_equations.hpp"
#include "core/dynamics/coordinate_partition.hpp"
#include "core/model/model.hpp"

namespace sslm {

/// Below this conditioning of a loop's block (loopBlockConditioning) the partition is chosen
/// again at the pose, and switched if the new one is better.
inline constexpr double kRcrReselectBelow = 1e-2;

/// How solveRcrPrepared forms and solves the reduced equations (eq. 60); both give the same q̈.
enum class RcrKinetics {
    Recursive, ///< loops folded onto their known coordinates, last first (eqs. 60–71)
    Assembled, ///< Rᵀ M R assembled from R's columns and M's blocks
};

/// The partition, one LU per loop block and the buffers, sized once per model; only choosing
/// (or switching) a partition allocates.
struct RcrWorkspace {
    explicit RcrWorkspace(const Model& model);

    using Block = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;
    using BlockVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 6, 1>;

    /// One loop of the partition, in solution order.
    struct Step {
        int loop = -1;
        int rowBegin = 0;
        int rows = 0;
        std::vector<int> dependent;  ///< its dependent coordinates
        std::vector<int> known;      ///< the other non-zero columns of its rows
        std::vector<int> laterSteps; ///< steps after it whose rows touch its dependent columns
        Block block;                 ///< J_ld at the last factorization
        Eigen::PartialPivLU<Block> lu;
        double conditioning = 1;
        // recursive kinetics: q̈_d = gain · q̈_known + bias, and the coordinates (not its own
        // dependent ones) coupled with its dependent ones in A when it is folded: `known` first
        Eigen::MatrixXd gain;       ///< G_l = −J_ld⁻¹ J_lK (rows × |known|)
        BlockVector bias;           ///< h_l = J_ld⁻¹ Ψ_l
        std::vector<int> coupled;   ///< known, then the other coupled coordinates
        Eigen::MatrixXd projection; ///< Gᵀ A_d,(coupled, dependent) (|known| × |coupled| + rows)
    };

    /// Coordinates the user names independent (indices in q); the others are chosen.
    std::vector<int> named;

    CoordinatePartition partition; ///< empty until the first call (or selectCoordinates)
    std::vector<Step> steps;
    bool chosen = false;

    Eigen::MatrixXd basis;       ///< R (nv × f): ∂q̇/∂q̇_i
    Eigen::VectorXd offset;      ///< r (nv): q̈ at q̈_i = 0
    Eigen::MatrixXd massBasis;   ///< M R
    Eigen::VectorXd massOffset;  ///< M r, then M q̈ − φ
    Eigen::MatrixXd reducedMass; ///< Rᵀ M R (f × f), then its Cholesky factor
    RcrKinetics kinetics = RcrKinetics::Recursive;
    /// recursive kinetics: A, M folded loop by loop (nv × nv; only `foldedPattern` is ever
    /// written, the rest stays 0), b, φ folded likewise, and A's entries (row, column)
    Eigen::MatrixXd folded;
    Eigen::VectorXd foldedForce;
    std::vector<std::pair<int, int>> foldedPattern;
    /// the independent coordinates in folding order, and each one's partners N_p at its fold
    /// (pivotNeighbours[pivotNeighbourBegin[i] … pivotNeighbourBegin[i + 1]))
    std::vector<int> pivotOrder;
    std::vector<int> pivotNeighbourBegin;
    std::vector<int> pivotNeighbours;
    Eigen::VectorXd reduced; ///< Rᵀ(φ − M r), then q̈_i
    BlockVector scratch;     ///< a loop's right-hand side
    BlockVector solution;    ///< a loop's dependent values

    /// Smallest loop-block conditioning at the last call, and its loop.
    double conditioning = 1;
    int weakestLoop = -1;
    /// How many times the partition was switched for a better-conditioned one, and the last
    /// switch in words ("loop 1 (cut J4): theta2, theta3 → theta3, theta4 …").
    int switches = 0;
    std::string lastSwitch;
    double reselectBelow = kRcrReselectBelow; ///< hysteresis of the re-selection
    std::string failure; ///< why the last call failed, naming the loop and coordinates

    int nv = 0;
    int nc = 0;
};

/// Chooses the partition at the pose of J (constraintJacobian) with `rws.named` independent and
/// factors the loop blocks. False with rws.failure when no valid, well-conditioned partition
/// exists (seed 003 Sect. 4.4).
bool selectCoordinates(const Model& model, const Eigen::MatrixXd& J, RcrWorkspace& rws);

/// Factors the loop blocks at the pose of J, choosing a partition first if there is none and
/// switching to a better one where the current one has become ill-conditioned. False with
/// rws.failure when no well-conditioned partition exists at the pose.
bool prepareReduction(const Model& model, const Eigen::MatrixXd& J, RcrWorkspace& rws);

/// The velocity-level constraints: overwrites the dependent entries of qd from the independent
/// ones, so that J q̇ = 0 to round-off. Precondition: prepareReduction at this pose.
void dependentRates(const Model& model,
                    const Eigen::MatrixXd& J,
                    Eigen::Ref<Eigen::VectorXd> qd,
                    RcrWorkspace& rws);

/// q̈ and the recovered cut reactions λ (rows per loop, convention of loop_constraints.hpp) from
/// M q̈ = φ + Jᵀλ, J q̈ = Ψ, by coordinate reduction, prepareReduction having been called at
/// this J (as solveForwardDynamics and DynamicsRhs::evaluate do). The rates behind φ and Ψ
/// should satisfy J q̇ = 0 (dependentRates). False with rws.failure when the reduced inertia is
/// not positive definite.
bool solveRcrPrepared(const Model& model,
                      const ConstrainedEquations& eq,
                      RcrWorkspace& rws,
                      Eigen::VectorXd& qdd,
                      Eigen::VectorXd& lambda);

} // namespace sslm
