// SPDX-License-Identifier: MIT
#pragma once

// Constrained forward dynamics of the cut-open mechanism, M q̈ = φ + Jᵀλ with J q̈ = Ψ
// (seed 000 eqs. 9–25), by three interchangeable solvers over the same Model:
// - Augmented: the full KKT system of eq. (10);
// - Slm: λ from the m×m Ĩ = J M⁻¹ Jᵀ of eq. (12), then q̈ from eq. (11);
// - Sslm: per-subsystem factorisations of I_j, the GICM Ī assembled only from its non-zero
//   2×2 blocks Ī_rs = Σ_j J_rj I_j⁻¹ J_sjᵀ (eq. 25), eliminated block-wise in a
//   minimum-degree order of the loop interaction graph (eqs. 34–36, 45–46), then q̈_j per
//   subsystem with λ as external forces (eq. 19).
// λ_i is the reaction at cut i in the convention of loop_constraints.hpp: the force (N, ground
// frame) that side B exerts on side A (for a prismatic cut: normal force and moment).

#include <string>
#include <vector>

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <Eigen/LU>

#include "core/model/model.hpp"

namespace sslm {

enum class SolverKind { Augmented, Slm, Sslm };

/// Buffers and the SSLM elimination plan, built once per model; calls do not allocate.
struct ForwardDynamicsWorkspace {
    explicit ForwardDynamicsWorkspace(const Model& model);

    Eigen::VectorXd qdd;    ///< joint accelerations (nq; rad/s², m/s²)
    Eigen::VectorXd lambda; ///< cut reactions (2 per loop; N, or N and N·m)

    // augmented
    Eigen::MatrixXd kkt;
    Eigen::VectorXd kktRhs;
    Eigen::PartialPivLU<Eigen::MatrixXd> kktLu;
    // slm
    Eigen::LLT<Eigen::MatrixXd> massLlt;
    Eigen::MatrixXd massInvJt;         ///< M⁻¹ Jᵀ (nq × nc)
    Eigen::MatrixXd constraintInertia; ///< Ĩ = J M⁻¹ Jᵀ (nc × nc)
    Eigen::LLT<Eigen::MatrixXd> constraintInertiaLlt;
    Eigen::VectorXd massInvPhi;
    Eigen::VectorXd rhs;
    // sslm
    std::vector<Eigen::LLT<Eigen::MatrixXd>> subsystemLlt; ///< factor of I_j
    std::vector<Eigen::VectorXd> phiHat;                   ///< φ̂_j = I_j⁻¹ φ_j
    /// Y_ij = I_j⁻¹ J_ijᵀ (nq_j × 2) per (loop, subsystem) incidence, in incidence order.
    std::vector<Eigen::Matrix<double, Eigen::Dynamic, 2>> influence;
    std::vector<int> influenceIndex; ///< [i·nSub + j] → index in influence, −1 if J_ij = 0
    std::vector<Eigen::Matrix2d> gicmBlocks; ///< stored blocks of Ī incl. elimination fill
    std::vector<int> blockIndex;             ///< [r·nLoops + s] → index in gicmBlocks or −1
    std::vector<int> eliminationOrder;       ///< loops in elimination order
    std::vector<int> eliminationRank;        ///< position of each loop in that order
    std::vector<std::vector<int>> laterNeighbours; ///< per loop: stored partners eliminated later
    std::vector<Eigen::Matrix2d> pivotInverse;     ///< per loop: (Ĩ_pp)⁻¹ at its elimination
    std::vector<Eigen::Vector2d> psiBar;           ///< reduced right-hand side per loop

    /// Why the last solve failed (names the matrix, loop and subsystem); empty on success.
    std::string failure;

    int nq = 0;
    int nc = 0;
};

/// Solves for q̈ and λ into fws.qdd, fws.lambda. M and φ are the generalized inertia and
/// forces (tree_dynamics.hpp), J the constraint Jacobian, psi the right-hand side of J q̈ = Ψ
/// (−J̇q̇, plus Baumgarte terms). Returns false when a matrix to factor is singular (not
/// positive definite / not invertible), with fws.failure saying which; outputs are then
/// unspecified.
bool solveForwardDynamics(SolverKind kind,
                          const Model& model,
                          const Eigen::MatrixXd& M,
                          const Eigen::VectorXd& phi,
                          const Eigen::MatrixXd& J,
                          const Eigen::VectorXd& psi,
                          ForwardDynamicsWorkspace& fws);

} // namespace sslm
