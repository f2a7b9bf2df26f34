// SPDX-License-Identifier: MIT
#pragma once

// Constrained forward dynamics of the cut-open mechanism, M q̈ = φ + Jᵀλ with J q̈ = Ψ
// (seed 000 eqs. 9–25), by three interchangeable solvers over the same Model:
// - Augmented: the full KKT system of eq. (10), by LU with partial pivoting;
// - Slm: λ from the m × m Ĩ = J M⁻¹ Jᵀ of eq. (12) with M factored as one dense matrix, then
//   q̈ from eq. (11);
// - Sslm: a Cholesky factor L_j of each subsystem's I_j; the GICM Ī assembled only from its
//   non-zero 2 × 2 blocks Ī_rs = Σ_j J_rj I_j⁻¹ J_sjᵀ = Σ_j Z_rjᵀ Z_sj with Z_ij = L_j⁻¹ J_ijᵀ
//   (eq. 25); eliminated block-wise in a minimum-degree order of the loop interaction graph
//   (eqs. 34–36, 45–46); then q̈_j = I_j⁻¹(φ_j + Σ_i J_ijᵀ λ_i) per subsystem, the subsystem
//   moving as an open tree under the cut forces (eq. 19).
// - Rcr: no multipliers: recursive coordinate reduction (seed 003), the constraints embedded by
//   eliminating each loop's dependent coordinates (recursive_coordinate_reduction.hpp); λ is
//   recovered afterwards from Jᵀλ = M q̈ − φ.
// SLM and SSLM share the same small dense kernels (dense_kernels.hpp), so that their timings
// compare the algorithms, not the libraries.
// λ_i is the reaction at cut i in the convention of loop_constraints.hpp: the force (N, ground
// frame) that side B exerts on side A (for a prismatic cut: normal force and moment).
// Augmented, SLM and SSLM solve these equations by themselves; RCR's q̈ is the same when the
// rates behind φ and Ψ satisfy J q̇ = 0 (a simulation with RCR makes them so, see
// dependentRates()).

#include <string>
#include <variant>
#include <vector>

#include <Eigen/Core>
#include <Eigen/LU>

#include "core/dynamics/constrained_equations.hpp"
#include "core/dynamics/recursive_coordinate_reduction.hpp"
#include "core/model/model.hpp"

namespace sslm {

enum class SolverKind { Augmented, Slm, Sslm, Rcr };

/// Buffers and the SSLM elimination plan, built once per model; calls do not allocate.
struct ForwardDynamicsWorkspace {
    explicit ForwardDynamicsWorkspace(const Model& model);

    Eigen::VectorXd qdd;    ///< joint accelerations (nv; rad/s², m/s²)
    Eigen::VectorXd lambda; ///< cut reactions (rows per loop; N, or N and N·m)

    // augmented: [M Jᵀ; J 0], factored in place as P·L·U (unit L), and its row swaps
    Eigen::MatrixXd kkt;
    Eigen::VectorXd kktRhs;
    Eigen::VectorXd kktSolution;
    Eigen::VectorXi kktRowSwaps; ///< row k was swapped with row kktRowSwaps[k] (k ascending)

    // slm: L (lower triangle of massFactor), Z = L⁻¹Jᵀ, Ĩ = ZᵀZ and its factor
    Eigen::MatrixXd massFactor;        ///< nv × nv
    Eigen::MatrixXd massZ;             ///< nv × nc
    Eigen::MatrixXd constraintInertia; ///< nc × nc
    Eigen::VectorXd rhs;               ///< nc

    // sslm: storage of the L_j and Z_ij, the GICM blocks and the elimination plan
    struct Influence {
        int loop = -1;
        int offset = 0; ///< of Z_ij (nq_j × rows_i, column-major) in influenceArena
    };
    struct GicmTerm {
        int block = -1; ///< index in the block store of Ī_rs, r ≤ s
        int zr = 0;     ///< offset of Z_rj in influenceArena
        int zs = 0;     ///< offset of Z_sj in influenceArena
        int n = 0;      ///< nq_j
        int rowsR = 2;  ///< constraint rows of loop r
        int rowsS = 2;  ///< constraint rows of loop s
    };
    /// The GICM blocks and the elimination's per-loop values, 2 × 2 in a planar model, up to
    /// 5 × 5 in a spatial one.
    template <class Block, class Vector> struct BlockStore {
        std::vector<Block> gicm;         ///< assembled Ī_rs, incl. zero fill blocks
        std::vector<Block> reduced;      ///< the same during elimination
        std::vector<Block> pivotInverse; ///< per loop: (Ĩ_pp)⁻¹ at its elimination
        std::vector<Vector> psiBar;      ///< reduced right-hand side per loop
    };
    /// A spatial block is stored R × R with R the most rows of the model's cuts (3 to 5: a
    /// spherical loop's 2-row cut takes 3 × 3; fixed size: unrolled, no heap; a ladder's
    /// universal cuts give 4 × 4), its rows_r × rows_s in the top-left corner and zeros
    /// elsewhere, which products keep zero.
    template <int R>
    using SpatialBlocks = BlockStore<Eigen::Matrix<double, R, R>, Eigen::Matrix<double, R, 1>>;
    std::vector<double> factorArena; ///< L_j, column-major nv_j × nv_j each, 1/L_kk on the diagonal
    std::vector<int> factorOffset;   ///< per subsystem
    std::vector<double> influenceArena; ///< Z_ij blocks
    std::vector<Influence> influences;  ///< (loop, subsystem) incidences, by subsystem
    std::vector<int> influenceBegin;    ///< per subsystem: first entry in influences
    /// Ī_rs += Z_rjᵀ Z_sj, one per (r ≤ s, j), by subsystem j (each block's terms in
    /// ascending j, as the sum over j is written)
    std::vector<GicmTerm> gicmTerms;
    std::vector<int> gicmTermBegin;               ///< per subsystem: first entry in gicmTerms
    std::vector<std::pair<int, int>> gicmMirrors; ///< Ī_sr = Ī_rsᵀ: (from r < s, to)
    using PlanarBlocks = BlockStore<Eigen::Matrix2d, Eigen::Vector2d>;
    /// the model's space's (and cut rows')
    std::variant<PlanarBlocks, SpatialBlocks<3>, SpatialBlocks<4>, SpatialBlocks<5>> blocks;
    std::vector<int> blockIndex;       ///< [r·nLoops + s] → index in the store or −1
    std::vector<int> eliminationOrder; ///< loops in elimination order
    std::vector<std::vector<int>> laterNeighbours; ///< per loop: partners eliminated later

    /// Conditioning of the last SSLM solve, in (0, 1]: over the block elimination, the smallest
    /// det(reduced pivot) / (½ tr Ī_pp)² of a planar model, the smallest d_k² / Ī_pp(k,k) of the
    /// reduced pivots' Cholesky factors of a spatial one (free of the rows' units). It falls
    /// towards 0 as the loop constraints become dependent (a toggle or change point): ~σ_min/σ_max
    /// of the GICM. Not set by the others.
    double conditioning = 1.0;
    int weakestLoop = -1; ///< the loop whose pivot gave `conditioning`

    /// rcr: the partition of the coordinates, the loop blocks and the reduced equations
    RcrWorkspace rcr;

    /// Why the last solve failed (names the matrix, loop and subsystem); empty on success.
    std::string failure;

    int nv = 0;
    int nc = 0;
};

/// Solves the equations `eq` (M q̈ = φ + Jᵀλ, J q̈ = Ψ) for q̈ and λ into fws.qdd, fws.lambda.
/// Returns false when a matrix to factor is singular (not positive definite / not invertible),
/// with fws.failure saying which; outputs are then unspecified.
bool solveForwardDynamics(SolverKind kind,
                          const Model& model,
                          const ConstrainedEquations& eq,
                          ForwardDynamicsWorkspace& fws);

/// The assembled GICM block Ī_rs (rows_r × rows_s) of the last SSLM solve (before
/// elimination), or zero for a structurally zero block.
Eigen::MatrixXd gicmBlock(const ForwardDynamicsWorkspace& fws, const Model& model, int r, int s);

/// How many GICM blocks SSLM stores: the diagonal, the structural blocks and the fill.
std::size_t storedGicmBlockCount(const ForwardDynamicsWorkspace& fws);

} // namespace sslm
