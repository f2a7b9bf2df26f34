// SPDX-License-Identifier: MIT
#include "core/dynamics/forward_dynamics.hpp"

#include <algorithm>
#include <set>

namespace sslm {

namespace {

/// A 2×2 pivot is singular when its determinant vanishes relative to its size.
constexpr double kSingularPivot = 1e-14;

/// Symbolic block elimination of the GICM: a minimum-degree order of the loop interaction
/// graph (a chain of loops costs linear time) and the fill it creates.
void planElimination(const Model& model, ForwardDynamicsWorkspace& fws) {
    const int m = model.nLoops();
    std::vector<std::set<int>> adjacent(m);
    for (int r = 0; r < m; ++r) {
        for (int s = 0; s < m; ++s) {
            if (r != s && !model.gicmContributors[r][s].empty()) {
                adjacent[r].insert(s);
            }
        }
    }
    std::vector<bool> eliminated(m, false);
    fws.laterNeighbours.assign(m, {});
    for (int step = 0; step < m; ++step) {
        // fewest remaining neighbours first, lowest loop index on ties
        int best = -1;
        for (int r = 0; r < m; ++r) {
            if (!eliminated[r] && (best < 0 || adjacent[r].size() < adjacent[best].size())) {
                best = r;
            }
        }
        fws.eliminationOrder.push_back(best);
        eliminated[best] = true;
        const std::vector<int> later(adjacent[best].begin(), adjacent[best].end());
        fws.laterNeighbours[best] = later;
        for (int r : later) {
            adjacent[r].erase(best);
            for (int s : later) {
                if (r != s) {
                    adjacent[r].insert(s); // fill-in
                }
            }
        }
    }
    fws.eliminationRank.assign(m, 0);
    for (int k = 0; k < m; ++k) {
        fws.eliminationRank[fws.eliminationOrder[k]] = k;
    }
    // stored blocks: the diagonal, the structural blocks and the fill, both orientations
    fws.blockIndex.assign(static_cast<std::size_t>(m) * m, -1);
    const auto store = [&](int r, int s) {
        int& index = fws.blockIndex[static_cast<std::size_t>(r) * m + s];
        if (index < 0) {
            index = static_cast<int>(fws.gicmBlocks.size());
            fws.gicmBlocks.push_back(Eigen::Matrix2d::Zero());
        }
    };
    for (int r = 0; r < m; ++r) {
        store(r, r);
        for (int s = 0; s < m; ++s) {
            if (!model.gicmContributors[r][s].empty()) {
                store(r, s);
            }
        }
        for (int s : fws.laterNeighbours[r]) {
            store(r, s);
            store(s, r);
        }
    }
}

Eigen::Matrix2d& block(ForwardDynamicsWorkspace& fws, int nLoops, int r, int s) {
    return fws.gicmBlocks[fws.blockIndex[static_cast<std::size_t>(r) * nLoops + s]];
}

bool finiteOrExplain(ForwardDynamicsWorkspace& fws) {
    if (fws.qdd.allFinite() && fws.lambda.allFinite()) {
        return true;
    }
    fws.failure = "the accelerations or multipliers are not finite";
    return false;
}

bool solveAugmented(const Eigen::MatrixXd& M,
                    const Eigen::VectorXd& phi,
                    const Eigen::MatrixXd& J,
                    const Eigen::VectorXd& psi,
                    ForwardDynamicsWorkspace& fws) {
    // [M Jᵀ; J 0] [q̈; −λ] = [φ; Ψ]   (eq. 10)
    const int n = fws.nq;
    const int c = fws.nc;
    fws.kkt.topLeftCorner(n, n) = M;
    fws.kkt.topRightCorner(n, c) = J.transpose();
    fws.kkt.bottomLeftCorner(c, n) = J;
    fws.kkt.bottomRightCorner(c, c).setZero();
    fws.kktRhs.head(n) = phi;
    fws.kktRhs.tail(c) = psi;
    fws.kktLu.compute(fws.kkt);
    if (!(std::abs(fws.kktLu.determinant()) > 0.0)) {
        fws.failure = "the augmented matrix [M Jᵀ; J 0] is singular: the loop constraints are "
                      "redundant or singular at this pose";
        return false;
    }
    fws.kktRhs = fws.kktLu.solve(fws.kktRhs);
    fws.qdd = fws.kktRhs.head(n);
    fws.lambda = -fws.kktRhs.tail(c);
    return finiteOrExplain(fws);
}

bool solveSlm(const Eigen::MatrixXd& M,
              const Eigen::VectorXd& phi,
              const Eigen::MatrixXd& J,
              const Eigen::VectorXd& psi,
              ForwardDynamicsWorkspace& fws) {
    // λ = Ĩ⁻¹ (Ψ − J M⁻¹ φ), Ĩ = J M⁻¹ Jᵀ   (eq. 12), then q̈ = M⁻¹ (φ + Jᵀλ)   (eq. 11)
    fws.massLlt.compute(M);
    if (fws.massLlt.info() != Eigen::Success) {
        fws.failure = "the generalized inertia M is not positive definite";
        return false;
    }
    fws.massInvJt = J.transpose();
    fws.massLlt.matrixL().solveInPlace(fws.massInvJt);
    fws.massLlt.matrixU().solveInPlace(fws.massInvJt);
    fws.constraintInertia.noalias() = J * fws.massInvJt;
    fws.constraintInertiaLlt.compute(fws.constraintInertia);
    if (fws.constraintInertiaLlt.info() != Eigen::Success) {
        fws.failure = "Ĩ = J M⁻¹ Jᵀ is singular: the loop constraints are redundant or singular "
                      "at this pose";
        return false;
    }
    fws.massInvPhi = phi;
    fws.massLlt.solveInPlace(fws.massInvPhi);
    fws.rhs = psi;
    fws.rhs.noalias() -= J * fws.massInvPhi;
    fws.constraintInertiaLlt.solveInPlace(fws.rhs);
    fws.lambda = fws.rhs;
    fws.qdd = fws.massInvPhi;
    fws.qdd.noalias() += fws.massInvJt * fws.lambda;
    return finiteOrExplain(fws);
}

bool solveSslm(const Model& model,
               const Eigen::MatrixXd& M,
               const Eigen::VectorXd& phi,
               const Eigen::MatrixXd& J,
               const Eigen::VectorXd& psi,
               ForwardDynamicsWorkspace& fws) {
    const int nLoops = model.nLoops();
    const int nSub = static_cast<int>(model.subsystems.size());

    // subsystem level: factor I_j, φ̂_j = I_j⁻¹ φ_j, Y_ij = I_j⁻¹ J_ijᵀ   (eqs. 19–20)
    for (int j = 0; j < nSub; ++j) {
        const Subsystem& sub = model.subsystems[j];
        fws.subsystemLlt[j].compute(M.block(sub.qBegin, sub.qBegin, sub.nq, sub.nq));
        if (fws.subsystemLlt[j].info() != Eigen::Success) {
            fws.failure = "the inertia I_" + std::to_string(j + 1) + " of subsystem S" +
                          std::to_string(j + 1) + " is not positive definite";
            return false;
        }
        fws.phiHat[j] = phi.segment(sub.qBegin, sub.nq);
        fws.subsystemLlt[j].solveInPlace(fws.phiHat[j]);
        for (int i : sub.loops) {
            auto& y = fws.influence[fws.influenceIndex[i * nSub + j]];
            y = J.block(2 * i, sub.qBegin, 2, sub.nq).transpose();
            fws.subsystemLlt[j].solveInPlace(y);
        }
    }

    // GICM blocks from their contributing subsystems only, and Ψ̄   (eqs. 23–25)
    for (Eigen::Matrix2d& b : fws.gicmBlocks) {
        b.setZero();
    }
    for (int r = 0; r < nLoops; ++r) {
        for (int s = 0; s < nLoops; ++s) {
            for (int j : model.gicmContributors[r][s]) {
                const Subsystem& sub = model.subsystems[j];
                block(fws, nLoops, r, s).noalias() +=
                    J.block(2 * r, sub.qBegin, 2, sub.nq) *
                    fws.influence[fws.influenceIndex[s * nSub + j]];
            }
        }
        fws.psiBar[r] = psi.segment<2>(2 * r);
        for (int j : model.loops[r].subsystems) {
            const Subsystem& sub = model.subsystems[j];
            fws.psiBar[r].noalias() -= J.block(2 * r, sub.qBegin, 2, sub.nq) * fws.phiHat[j];
        }
    }

    // block Gaussian elimination in the planned order   (eqs. 34–36)
    for (int p : fws.eliminationOrder) {
        const Eigen::Matrix2d& pivot = block(fws, nLoops, p, p);
        const double det = pivot.determinant();
        if (!(std::abs(det) > kSingularPivot * pivot.squaredNorm())) {
            fws.failure = "the GICM pivot of loop " + std::to_string(p + 1) + " (cut " +
                          model.joints[model.cuts[p]].name +
                          ") became singular: the loop constraints are redundant or singular at "
                          "this pose";
            return false;
        }
        fws.pivotInverse[p] = pivot.inverse();
        for (int r : fws.laterNeighbours[p]) {
            const Eigen::Matrix2d factor = block(fws, nLoops, r, p) * fws.pivotInverse[p];
            for (int s : fws.laterNeighbours[p]) {
                block(fws, nLoops, r, s).noalias() -= factor * block(fws, nLoops, p, s);
            }
            fws.psiBar[r].noalias() -= factor * fws.psiBar[p];
        }
    }
    for (auto it = fws.eliminationOrder.rbegin(); it != fws.eliminationOrder.rend(); ++it) {
        const int p = *it;
        Eigen::Vector2d rhs = fws.psiBar[p];
        for (int r : fws.laterNeighbours[p]) {
            rhs.noalias() -= block(fws, nLoops, p, r) * fws.lambda.segment<2>(2 * r);
        }
        fws.lambda.segment<2>(2 * p).noalias() = fws.pivotInverse[p] * rhs;
    }

    // subsystems as open trees under the cut forces: q̈_j = φ̂_j + Σ_i Y_ij λ_i   (eq. 19)
    for (int j = 0; j < nSub; ++j) {
        const Subsystem& sub = model.subsystems[j];
        auto qdd = fws.qdd.segment(sub.qBegin, sub.nq);
        qdd = fws.phiHat[j];
        for (int i : sub.loops) {
            qdd.noalias() +=
                fws.influence[fws.influenceIndex[i * nSub + j]] * fws.lambda.segment<2>(2 * i);
        }
    }
    return finiteOrExplain(fws);
}

} // namespace

ForwardDynamicsWorkspace::ForwardDynamicsWorkspace(const Model& model)
    : qdd(Eigen::VectorXd::Zero(model.nq())), lambda(Eigen::VectorXd::Zero(model.nConstraints())),
      kkt(Eigen::MatrixXd::Zero(model.nq() + model.nConstraints(),
                                model.nq() + model.nConstraints())),
      kktRhs(Eigen::VectorXd::Zero(model.nq() + model.nConstraints())),
      kktLu(model.nq() + model.nConstraints()), massLlt(model.nq()),
      massInvJt(Eigen::MatrixXd::Zero(model.nq(), model.nConstraints())),
      constraintInertia(Eigen::MatrixXd::Zero(model.nConstraints(), model.nConstraints())),
      constraintInertiaLlt(model.nConstraints()), massInvPhi(Eigen::VectorXd::Zero(model.nq())),
      rhs(Eigen::VectorXd::Zero(model.nConstraints())), nq(model.nq()), nc(model.nConstraints()) {
    const int nSub = static_cast<int>(model.subsystems.size());
    for (const Subsystem& sub : model.subsystems) {
        subsystemLlt.emplace_back(sub.nq);
        phiHat.emplace_back(Eigen::VectorXd::Zero(sub.nq));
    }
    influenceIndex.assign(static_cast<std::size_t>(model.nLoops()) * nSub, -1);
    for (int i = 0; i < model.nLoops(); ++i) {
        for (int j : model.loops[i].subsystems) {
            influenceIndex[i * nSub + j] = static_cast<int>(influence.size());
            influence.emplace_back(Eigen::MatrixXd::Zero(model.subsystems[j].nq, 2));
        }
    }
    pivotInverse.assign(model.nLoops(), Eigen::Matrix2d::Zero());
    psiBar.assign(model.nLoops(), Eigen::Vector2d::Zero());
    planElimination(model, *this);
}

bool solveForwardDynamics(SolverKind kind,
                          const Model& model,
                          const Eigen::MatrixXd& M,
                          const Eigen::VectorXd& phi,
                          const Eigen::MatrixXd& J,
                          const Eigen::VectorXd& psi,
                          ForwardDynamicsWorkspace& fws) {
    fws.failure.clear();
    switch (kind) {
    case SolverKind::Augmented:
        return solveAugmented(M, phi, J, psi, fws);
    case SolverKind::Slm:
        return solveSlm(M, phi, J, psi, fws);
    case SolverKind::Sslm:
        return solveSslm(model, M, phi, J, psi, fws);
    }
    return false;
}

} // namespace sslm
