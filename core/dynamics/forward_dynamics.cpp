// SPDX-License-Identifier: MIT
#include "core/dynamics/forward_dynamics.hpp"

#include <algorithm>
#include <set>

#include "core/dynamics/dense_kernels.hpp"

namespace sslm {

namespace {

/// A 2×2 pivot is singular when its determinant vanishes relative to its size.
constexpr double kSingularPivot = 1e-14;

int blockAt(const ForwardDynamicsWorkspace& fws, int nLoops, int r, int s) {
    return fws.blockIndex[static_cast<std::size_t>(r) * nLoops + s];
}

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
    fws.reducedBlocks = fws.gicmBlocks;
}

/// Storage of the L_j and Z_ij, and the term lists of the GICM and of Ψ̄.
void planStorage(const Model& model, ForwardDynamicsWorkspace& fws) {
    const int nSub = static_cast<int>(model.subsystems.size());
    const int nLoops = model.nLoops();
    std::vector<int> zOffset(static_cast<std::size_t>(nLoops) * nSub, -1);
    int factorSize = 0;
    int influenceSize = 0;
    for (int j = 0; j < nSub; ++j) {
        const Subsystem& sub = model.subsystems[j];
        fws.factorOffset.push_back(factorSize);
        factorSize += sub.nq * sub.nq;
        fws.influenceBegin.push_back(static_cast<int>(fws.influences.size()));
        for (int i : sub.loops) {
            fws.influences.push_back({i, influenceSize});
            zOffset[static_cast<std::size_t>(i) * nSub + j] = influenceSize;
            influenceSize += 2 * sub.nq;
        }
    }
    fws.influenceBegin.push_back(static_cast<int>(fws.influences.size()));
    fws.factorArena.assign(static_cast<std::size_t>(factorSize), 0.0);
    fws.influenceArena.assign(static_cast<std::size_t>(influenceSize), 0.0);

    const auto z = [&](int i, int j) {
        return zOffset[static_cast<std::size_t>(i) * nSub + j];
    };
    for (int r = 0; r < nLoops; ++r) {
        for (int s = r; s < nLoops; ++s) {
            for (int j : model.gicmContributors[r][s]) {
                fws.gicmTerms.push_back(
                    {blockAt(fws, nLoops, r, s), z(r, j), z(s, j), model.subsystems[j].nq});
            }
            if (s > r && blockAt(fws, nLoops, r, s) >= 0) {
                fws.gicmMirrors.emplace_back(blockAt(fws, nLoops, r, s),
                                             blockAt(fws, nLoops, s, r));
            }
        }
        fws.psiTermBegin.push_back(static_cast<int>(fws.psiTerms.size()));
        for (int j : model.loops[r].subsystems) {
            fws.psiTerms.emplace_back(z(r, j), j);
        }
    }
    fws.psiTermBegin.push_back(static_cast<int>(fws.psiTerms.size()));
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
    fws.kktSolution.noalias() = fws.kktLu.solve(fws.kktRhs);
    fws.qdd = fws.kktSolution.head(n);
    fws.lambda = -fws.kktSolution.tail(c);
    return finiteOrExplain(fws);
}

bool solveSlm(const Eigen::MatrixXd& M,
              const Eigen::VectorXd& phi,
              const Eigen::MatrixXd& J,
              const Eigen::VectorXd& psi,
              ForwardDynamicsWorkspace& fws) {
    // M = L Lᵀ, Z = L⁻¹Jᵀ, w = L⁻¹φ; λ = Ĩ⁻¹(Ψ − Zᵀw) with Ĩ = J M⁻¹ Jᵀ = ZᵀZ   (eq. 12);
    // q̈ = L⁻ᵀ(w + Zλ) = M⁻¹(φ + Jᵀλ)   (eq. 11)
    const int n = fws.nq;
    const int c = fws.nc;
    double* l = fws.massFactor.data();
    fws.massFactor = M;
    if (!dense::cholesky(l, n, n)) {
        fws.failure = "the generalized inertia M is not positive definite";
        return false;
    }
    fws.massZ = J.transpose();
    dense::solveLower(l, n, n, fws.massZ.data(), c, n);
    fws.qdd = phi;
    dense::solveLower(l, n, n, fws.qdd.data(), 1, n);
    // Ĩ = ZᵀZ (lower triangle) and Ψ − Zᵀw, by the same plain loops as the SSLM blocks
    const double* z = fws.massZ.data();
    double* gicm = fws.constraintInertia.data();
    for (int a = 0; a < c; ++a) {
        const double* za = z + a * n;
        for (int b = a; b < c; ++b) {
            const double* zb = z + b * n;
            double sum = 0;
            for (int k = 0; k < n; ++k) {
                sum += za[k] * zb[k];
            }
            gicm[a * c + b] = sum;
        }
        double r = psi[a];
        for (int k = 0; k < n; ++k) {
            r -= za[k] * fws.qdd[k];
        }
        fws.rhs[a] = r;
    }
    if (!dense::cholesky(gicm, c, c)) {
        fws.failure = "Ĩ = J M⁻¹ Jᵀ is singular: the loop constraints are redundant or singular "
                      "at this pose";
        return false;
    }
    dense::solveLower(gicm, c, c, fws.rhs.data(), 1, c);
    dense::solveLowerTransposed(gicm, c, c, fws.rhs.data());
    fws.lambda = fws.rhs;
    for (int a = 0; a < c; ++a) {
        const double* za = z + a * n;
        for (int k = 0; k < n; ++k) {
            fws.qdd[k] += za[k] * fws.lambda[a];
        }
    }
    dense::solveLowerTransposed(l, n, n, fws.qdd.data());
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
    double* zArena = fws.influenceArena.data();
    double* w = fws.qdd.data(); // w_j = L_j⁻¹φ_j, later q̈_j, in place

    // subsystem level: I_j = L_j L_jᵀ, w_j = L_j⁻¹ φ_j, Z_ij = L_j⁻¹ J_ijᵀ   (eqs. 19–20)
    for (int j = 0; j < nSub; ++j) {
        const Subsystem& sub = model.subsystems[j];
        const int n = sub.nq;
        const int b = sub.qBegin;
        double* l = fws.factorArena.data() + fws.factorOffset[j];
        for (int col = 0; col < n; ++col) {
            for (int row = col; row < n; ++row) {
                l[col * n + row] = M(b + row, b + col);
            }
        }
        if (!dense::cholesky(l, n, n)) {
            fws.failure = "the inertia I_" + std::to_string(j + 1) + " of subsystem S" +
                          std::to_string(j + 1) + " is not positive definite";
            return false;
        }
        for (int k = 0; k < n; ++k) {
            w[b + k] = phi[b + k];
        }
        dense::solveLower(l, n, n, w + b, 1, n);
        for (int e = fws.influenceBegin[j]; e < fws.influenceBegin[j + 1]; ++e) {
            const auto& influence = fws.influences[e];
            double* z = zArena + influence.offset;
            for (int k = 0; k < n; ++k) {
                z[k] = J(2 * influence.loop, b + k);
                z[n + k] = J(2 * influence.loop + 1, b + k);
            }
            dense::solveLower(l, n, n, z, 2, n);
        }
    }

    // the GICM from its non-zero blocks only, Ī_rs = Σ_j Z_rjᵀ Z_sj, and
    // Ψ̄_r = Ψ_r − Σ_j J_rj I_j⁻¹ φ_j = Ψ_r − Σ_j Z_rjᵀ w_j   (eqs. 23–25)
    for (Eigen::Matrix2d& block : fws.gicmBlocks) {
        block.setZero();
    }
    for (const auto& term : fws.gicmTerms) {
        const double* zr = zArena + term.zr;
        const double* zs = zArena + term.zs;
        double a00 = 0, a01 = 0, a10 = 0, a11 = 0;
        for (int k = 0; k < term.n; ++k) {
            a00 += zr[k] * zs[k];
            a01 += zr[k] * zs[term.n + k];
            a10 += zr[term.n + k] * zs[k];
            a11 += zr[term.n + k] * zs[term.n + k];
        }
        Eigen::Matrix2d& block = fws.gicmBlocks[term.block];
        block(0, 0) += a00;
        block(0, 1) += a01;
        block(1, 0) += a10;
        block(1, 1) += a11;
    }
    for (const auto& [from, to] : fws.gicmMirrors) {
        fws.gicmBlocks[to] = fws.gicmBlocks[from].transpose();
    }
    for (int r = 0; r < nLoops; ++r) {
        double p0 = psi[2 * r];
        double p1 = psi[2 * r + 1];
        for (int t = fws.psiTermBegin[r]; t < fws.psiTermBegin[r + 1]; ++t) {
            const auto [offset, j] = fws.psiTerms[t];
            const Subsystem& sub = model.subsystems[j];
            const double* z = zArena + offset;
            for (int k = 0; k < sub.nq; ++k) {
                p0 -= z[k] * w[sub.qBegin + k];
                p1 -= z[sub.nq + k] * w[sub.qBegin + k];
            }
        }
        fws.psiBar[r] = {p0, p1};
    }

    // block Gaussian elimination in the planned order   (eqs. 34–36)
    std::copy(fws.gicmBlocks.begin(), fws.gicmBlocks.end(), fws.reducedBlocks.begin());
    const auto reduced = [&](int r, int s) -> Eigen::Matrix2d& {
        return fws.reducedBlocks[blockAt(fws, nLoops, r, s)];
    };
    fws.conditioning = 1.0;
    fws.weakestLoop = -1;
    for (int p : fws.eliminationOrder) {
        const Eigen::Matrix2d& pivot = reduced(p, p);
        const double det = pivot.determinant();
        const Eigen::Matrix2d& original = fws.gicmBlocks[blockAt(fws, nLoops, p, p)];
        const double scale = 0.5 * (original(0, 0) + original(1, 1));
        const double ratio = det / (scale * scale);
        if (!(ratio >= fws.conditioning)) {
            fws.conditioning = ratio;
            fws.weakestLoop = p;
        }
        if (!(std::abs(det) > kSingularPivot * pivot.squaredNorm())) {
            fws.failure = "the GICM pivot of loop " + std::to_string(p + 1) + " (cut " +
                          model.joints[model.cuts[p]].name +
                          ") became singular: the loop constraints are redundant or singular at "
                          "this pose";
            return false;
        }
        fws.pivotInverse[p] = pivot.inverse();
        for (int r : fws.laterNeighbours[p]) {
            const Eigen::Matrix2d factor = reduced(r, p) * fws.pivotInverse[p];
            for (int s : fws.laterNeighbours[p]) {
                reduced(r, s).noalias() -= factor * reduced(p, s);
            }
            fws.psiBar[r].noalias() -= factor * fws.psiBar[p];
        }
    }
    for (auto it = fws.eliminationOrder.rbegin(); it != fws.eliminationOrder.rend(); ++it) {
        const int p = *it;
        Eigen::Vector2d rhs = fws.psiBar[p];
        for (int r : fws.laterNeighbours[p]) {
            rhs.noalias() -= reduced(p, r) * fws.lambda.segment<2>(2 * r);
        }
        fws.lambda.segment<2>(2 * p).noalias() = fws.pivotInverse[p] * rhs;
    }

    // subsystems as open trees under the cut forces: q̈_j = L_j⁻ᵀ(w_j + Σ_i Z_ij λ_i)   (eq. 19)
    for (int j = 0; j < nSub; ++j) {
        const Subsystem& sub = model.subsystems[j];
        const int n = sub.nq;
        double* x = w + sub.qBegin;
        for (int e = fws.influenceBegin[j]; e < fws.influenceBegin[j + 1]; ++e) {
            const auto& influence = fws.influences[e];
            const double* z = zArena + influence.offset;
            const double l0 = fws.lambda[2 * influence.loop];
            const double l1 = fws.lambda[2 * influence.loop + 1];
            for (int k = 0; k < n; ++k) {
                x[k] += z[k] * l0 + z[n + k] * l1;
            }
        }
        dense::solveLowerTransposed(fws.factorArena.data() + fws.factorOffset[j], n, n, x);
    }
    return finiteOrExplain(fws);
}

} // namespace

ForwardDynamicsWorkspace::ForwardDynamicsWorkspace(const Model& model)
    : qdd(Eigen::VectorXd::Zero(model.nq())), lambda(Eigen::VectorXd::Zero(model.nConstraints())),
      kkt(Eigen::MatrixXd::Zero(model.nq() + model.nConstraints(),
                                model.nq() + model.nConstraints())),
      kktRhs(Eigen::VectorXd::Zero(model.nq() + model.nConstraints())),
      kktSolution(Eigen::VectorXd::Zero(model.nq() + model.nConstraints())),
      kktLu(model.nq() + model.nConstraints()),
      massFactor(Eigen::MatrixXd::Zero(model.nq(), model.nq())),
      massZ(Eigen::MatrixXd::Zero(model.nq(), model.nConstraints())),
      constraintInertia(Eigen::MatrixXd::Zero(model.nConstraints(), model.nConstraints())),
      rhs(Eigen::VectorXd::Zero(model.nConstraints())), nq(model.nq()), nc(model.nConstraints()) {
    pivotInverse.assign(model.nLoops(), Eigen::Matrix2d::Zero());
    psiBar.assign(model.nLoops(), Eigen::Vector2d::Zero());
    planElimination(model, *this);
    planStorage(model, *this);
}

bool solveForwardDynamics(SolverKind kind,
                          const Model& model,
                          const Eigen::MatrixXd& M,
                          const Eigen::VectorXd& phi,
                          const Eigen::MatrixXd& J,
                          const Eigen::VectorXd& psi,
                          ForwardDynamicsWorkspace& fws) {
    if (!fws.failure.empty()) {
        fws.failure.clear();
    }
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

Eigen::Matrix2d gicmBlock(const ForwardDynamicsWorkspace& fws, int nLoops, int r, int s) {
    const int index = blockAt(fws, nLoops, r, s);
    return index < 0 ? Eigen::Matrix2d::Zero() : fws.gicmBlocks[index];
}

} // namespace sslm
