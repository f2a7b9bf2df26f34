// SPDX-License-Identifier: MIT
// Over 600 lines: The three constrained solvers (SSLM, SLM, augmented) over one workspace; they
// share the GICM blocks and the loop rows.
#include "core/dynamics/forward_dynamics.hpp"

#include <algorithm>
#include <set>
#include <type_traits>
#include <variant>

#include "core/dynamics/dense_kernels.hpp"

namespace sslm {

namespace {

/// A 2×2 pivot is singular when its determinant vanishes relative to its size.
constexpr double kSingularPivot = 1e-14;

/// The subsystem factors L_j keep 1/L_j,kk on their diagonal: their solves multiply (the
/// ladder's Z_ij solves were a chain of divisions, a seventh of its SSLM call).
constexpr dense::Diagonal kFactorDiagonal = dense::Diagonal::Reciprocal;

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
    int stored = 0;
    const auto store = [&](int r, int s) {
        int& index = fws.blockIndex[static_cast<std::size_t>(r) * m + s];
        if (index < 0) {
            index = stored++;
            std::visit([](auto& blocks) { blocks.gicm.emplace_back().setZero(); }, fws.blocks);
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
    std::visit(
        [m](auto& blocks) {
            blocks.reduced = blocks.gicm;
            for (int r = 0; r < m; ++r) {
                blocks.pivotInverse.emplace_back().setZero();
                blocks.psiBar.emplace_back().setZero();
            }
        },
        fws.blocks);
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
        factorSize += sub.nv * sub.nv;
        fws.influenceBegin.push_back(static_cast<int>(fws.influences.size()));
        for (int i : sub.loops) {
            fws.influences.push_back({i, influenceSize});
            zOffset[static_cast<std::size_t>(i) * nSub + j] = influenceSize;
            influenceSize += model.loops[i].rows * sub.nv;
        }
    }
    fws.influenceBegin.push_back(static_cast<int>(fws.influences.size()));
    fws.factorArena.assign(static_cast<std::size_t>(factorSize), 0.0);
    fws.influenceArena.assign(static_cast<std::size_t>(influenceSize), 0.0);

    const auto z = [&](int i, int j) {
        return zOffset[static_cast<std::size_t>(i) * nSub + j];
    };
    std::vector<std::vector<ForwardDynamicsWorkspace::GicmTerm>> termsOf(nSub);
    for (int r = 0; r < nLoops; ++r) {
        for (int s = r; s < nLoops; ++s) {
            for (int j : model.gicmContributors[r][s]) {
                termsOf[j].push_back({blockAt(fws, nLoops, r, s), z(r, j), z(s, j),
                                      model.subsystems[j].nv, model.loops[r].rows,
                                      model.loops[s].rows});
            }
            if (s > r && blockAt(fws, nLoops, r, s) >= 0) {
                fws.gicmMirrors.emplace_back(blockAt(fws, nLoops, r, s),
                                             blockAt(fws, nLoops, s, r));
            }
        }
    }
    for (const auto& terms : termsOf) {
        fws.gicmTermBegin.push_back(static_cast<int>(fws.gicmTerms.size()));
        fws.gicmTerms.insert(fws.gicmTerms.end(), terms.begin(), terms.end());
    }
    fws.gicmTermBegin.push_back(static_cast<int>(fws.gicmTerms.size()));
}

bool finiteOrExplain(ForwardDynamicsWorkspace& fws) {
    if (fws.qdd.allFinite() && fws.lambda.allFinite()) {
        return true;
    }
    fws.failure = "the accelerations or multipliers are not finite";
    return false;
}

bool solveAugmented(const ConstrainedEquations& eq, ForwardDynamicsWorkspace& fws) {
    const auto& [M, phi, J, psi] = eq;
    // [M Jᵀ; J 0] [q̈; −λ] = [φ; Ψ]   (eq. 10)
    const int n = fws.nv;
    const int c = fws.nc;
    fws.kkt.topLeftCorner(n, n) = M;
    fws.kkt.topRightCorner(n, c) = J.transpose();
    fws.kkt.bottomLeftCorner(c, n) = J;
    fws.kkt.bottomRightCorner(c, c).setZero();
    fws.kktRhs.head(n) = phi;
    fws.kktRhs.tail(c) = psi;
    // Eigen's partial-pivoting LU, blocked finely enough that its products keep their packed
    // blocks on the stack (PartialPivLU's blocks of 256 rows allocated 8 times a call on the
    // 64-cell ladder's 514 rows; 16-row blocks there are as fast)
    const int size = n + c;
    const int block = std::clamp(8192 / std::max(size, 1), 1, 32);
    int swaps = 0;
    Eigen::internal::partial_lu_impl<double, Eigen::ColMajor, int>::blocked_lu(
        size, size, fws.kkt.data(), size, fws.kktRowSwaps.data(), swaps, block);
    if (!(fws.kkt.diagonal().cwiseAbs().minCoeff() > 0.0)) {
        fws.failure = "the augmented matrix [M Jᵀ; J 0] is singular: the loop constraints are "
                      "redundant or singular at this pose";
        return false;
    }
    fws.kktSolution = fws.kktRhs;
    for (int k = 0; k < size; ++k) {
        std::swap(fws.kktSolution[k], fws.kktSolution[fws.kktRowSwaps[k]]);
    }
    fws.kkt.triangularView<Eigen::UnitLower>().solveInPlace(fws.kktSolution);
    fws.kkt.triangularView<Eigen::Upper>().solveInPlace(fws.kktSolution);
    fws.qdd = fws.kktSolution.head(n);
    fws.lambda = -fws.kktSolution.tail(c);
    return finiteOrExplain(fws);
}

// Kept out of line, as it always was: once ConstrainedEquations let GCC inline it into
// solveForwardDynamics, sslm-bench's SLM rows of the 16- and 32-cell models read 5–10 % slower.
[[gnu::noinline]] bool solveSlm(const ConstrainedEquations& eq, ForwardDynamicsWorkspace& fws) {
    const auto& [M, phi, J, psi] = eq;
    // M = L Lᵀ, Z = L⁻¹Jᵀ, w = L⁻¹φ; λ = Ĩ⁻¹(Ψ − Zᵀw) with Ĩ = J M⁻¹ Jᵀ = ZᵀZ   (eq. 12);
    // q̈ = L⁻ᵀ(w + Zλ) = M⁻¹(φ + Jᵀλ)   (eq. 11)
    const int n = fws.nv;
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

/// The block store of the model's kind (its Block type).
template <class Block> auto& blockStore(ForwardDynamicsWorkspace& fws) {
    using Vector = Eigen::Matrix<double, Block::RowsAtCompileTime, 1>;
    return std::get<ForwardDynamicsWorkspace::BlockStore<Block, Vector>>(fws.blocks);
}

/// Ī_rs += Z_rjᵀ Z_sj for one GICM term of a subsystem of order N (0: the term's n).
template <int N, class Block>
void addGicmTerm(const double* zr,
                 const double* zs,
                 const ForwardDynamicsWorkspace::GicmTerm& term,
                 Block& block) {
    const int n = N > 0 ? N : term.n;
    if constexpr (std::is_same_v<Block, Eigen::Matrix2d>) {
        double a00 = 0, a01 = 0, a10 = 0, a11 = 0;
        for (int k = 0; k < n; ++k) {
            a00 += zr[k] * zs[k];
            a01 += zr[k] * zs[n + k];
            a10 += zr[n + k] * zs[k];
            a11 += zr[n + k] * zs[n + k];
        }
        block(0, 0) += a00;
        block(0, 1) += a01;
        block(1, 0) += a10;
        block(1, 1) += a11;
    } else {
        // the row counts of spatial cuts (2 to 5) as compile-time sizes, so that the
        // rowsR × rowsS accumulators unroll (a 16-cell ladder: 47 terms of 4 × 4 per call)
        const auto fixed = [&]<int R, int S>() {
            if constexpr (R > Block::RowsAtCompileTime || S > Block::RowsAtCompileTime) {
                return; // no cut of the model has this many rows
            }
            if constexpr (N > 0) {
                // all three sizes fixed: Eigen's unrolled product keeps the sums in registers
                const Eigen::Map<const Eigen::Matrix<double, N, R>> zR(zr);
                const Eigen::Map<const Eigen::Matrix<double, N, S>> zS(zs);
                block.template topLeftCorner<R, S>().noalias() += zR.transpose() * zS;
            } else {
                double sum[R][S] = {};
                for (int k = 0; k < n; ++k) {
                    for (int a = 0; a < R; ++a) {
                        const double za = zr[a * n + k];
                        for (int b = 0; b < S; ++b) {
                            sum[a][b] += za * zs[b * n + k];
                        }
                    }
                }
                for (int a = 0; a < R; ++a) {
                    for (int b = 0; b < S; ++b) {
                        block(a, b) += sum[a][b];
                    }
                }
            }
        };
        dense::withOrder(term.rowsR, [&](auto r) {
            constexpr int kRowsR = decltype(r)::value;
            dense::withOrder(term.rowsS, [&](auto s) {
                constexpr int kRowsS = decltype(s)::value;
                // (rows are 2 to 5: a spherical loop's revolute cut keeps 2)
                if constexpr (kRowsR >= 2 && kRowsS >= 2) {
                    fixed.template operator()<kRowsR, kRowsS>();
                }
            });
        });
    }
}

/// Inverts the reduced pivot into `inverse` and returns its conditioning ratio (Ī_pp the
/// assembled block): det / (½ tr Ī_pp)² for a planar 2 × 2 block, min_k D_k / Ī_pp(k,k) over
/// the L'DL'ᵀ factor of a spatial one (D_k is the Cholesky factor's d_k²); NaN or ≤ 0 when it
/// is singular.
template <class Block>
double
invertPivot(const Block& pivot, const Block& original, int rows, Block& inverse, bool& singular) {
    if constexpr (std::is_same_v<Block, Eigen::Matrix2d>) {
        const double det = pivot.determinant();
        const double scale = 0.5 * (original(0, 0) + original(1, 1));
        singular = !(std::abs(det) > kSingularPivot * pivot.squaredNorm());
        if (!singular) {
            inverse = pivot.inverse();
        }
        return det / (scale * scale);
    } else {
        // rows mix metres and radians, so the measure must not depend on their scales: the
        // smallest D_k / Ī_pp(k,k) of the pivot's L'DL'ᵀ factor (1 for independent rows, → 0 as
        // a row becomes a combination of the others); no square root on this sequential chain
        constexpr int kSize = Block::RowsAtCompileTime;
        Block l = pivot;
        double d[kSize];
        double ratio = 1.0;
        // (unrolled when the cut fills the block, as every cut of a ladder does)
        singular = !(rows == kSize ? dense::ldlt<kSize>(l.data(), rows, kSize, d)
                                   : dense::ldlt(l.data(), rows, kSize, d));
        for (int k = 0; k < rows && !singular; ++k) {
            ratio = std::min(ratio, d[k] / original(k, k));
            singular = !(d[k] > kSingularPivot * std::abs(pivot(k, k)));
        }
        if (!singular) {
            // (Ĩ_pp)⁻¹ = Wᵀ D⁻¹ W with W = L'⁻¹ (unit lower, by columns: no division); W's and
            // so the inverse's padding stay zero
            Block w = Block::Zero();
            for (int j = 0; j < rows; ++j) {
                w(j, j) = 1.0;
                for (int i = j + 1; i < rows; ++i) {
                    double sum = -l(i, j);
                    for (int k = j + 1; k < i; ++k) {
                        sum -= l(i, k) * w(k, j);
                    }
                    w(i, j) = sum;
                }
            }
            Block scaled = Block::Zero();
            for (int i = 0; i < rows; ++i) {
                scaled.row(i) = w.row(i) / d[i];
            }
            inverse.noalias() = w.transpose() * scaled;
        }
        return singular ? 0.0 : ratio;
    }
}

/// A loop's first row in J and λ, and its row count (a planar loop has two).
template <class Block> int loopRowBegin(const Model& model, int loop) {
    return std::is_same_v<Block, Eigen::Matrix2d> ? 2 * loop : model.loops[loop].rowBegin;
}
template <class Block> int loopRows(const Model& model, int loop) {
    return std::is_same_v<Block, Eigen::Matrix2d> ? 2 : model.loops[loop].rows;
}

/// Ψ̄_r = Ψ_r before the subsystems subtract their Z_rjᵀ w_j, and zero GICM blocks.
template <class Block>
void startAssembly(const Model& model, const Eigen::VectorXd& psi, ForwardDynamicsWorkspace& fws) {
    auto& store = blockStore<Block>(fws);
    for (int r = 0; r < model.nLoops(); ++r) {
        auto& bar = store.psiBar[r];
        bar.setZero();
        for (int a = 0; a < loopRows<Block>(model, r); ++a) {
            bar[a] = psi[loopRowBegin<Block>(model, r) + a];
        }
    }
    // one fill over the contiguous blocks (a setZero per block cost a string store's start-up
    // each, 1 % of a ladder-16 call)
    static_assert(sizeof(Block) == sizeof(double) * Block::SizeAtCompileTime);
    if (!store.gicm.empty()) {
        std::fill_n(store.gicm.front().data(), store.gicm.size() * Block::SizeAtCompileTime, 0.0);
    }
}

/// Z_ij = L_j⁻¹ J_ijᵀ of one loop i (`rows` rows from J's row `first`; R of them at compile
/// time, 0: run time) on subsystem j (order N, its columns from `b`), into z, and Ψ̄_i −= Z_ijᵀ
/// w_j.
template <int N, int R, class Vector>
void addInfluence(const Eigen::MatrixXd& J,
                  int first,
                  int rows,
                  int b,
                  int n,
                  const double* l,
                  const double* w,
                  double* z,
                  Vector& bar) {
    rows = R > 0 ? R : rows;
    n = N > 0 ? N : n;
    for (int r = 0; r < rows; ++r) {
        for (int k = 0; k < n; ++k) {
            z[r * n + k] = J(first + r, b + k);
        }
    }
    dense::solveLower<N, kFactorDiagonal, R>(l, n, n, z, rows, n);
    for (int r = 0; r < rows; ++r) {
        for (int k = 0; k < n; ++k) {
            bar[r] -= z[r * n + k] * w[k];
        }
    }
}

/// Subsystem j of order N (0: run time): I_j = L_j L_jᵀ, w_j = L_j⁻¹ φ_j, Z_ij = L_j⁻¹ J_ijᵀ
/// (eqs. 19–20), and its terms of the GICM's non-zero blocks, Ī_rs = Σ_j Z_rjᵀ Z_sj, and of
/// Ψ̄_r = Ψ_r − Σ_j J_rj I_j⁻¹ φ_j = Ψ_r − Σ_j Z_rjᵀ w_j (eqs. 23–25) while its Z_ij are fresh.
/// w_j goes into fws.qdd. False, with fws.failure, when I_j is not positive definite.
template <class Block, int N>
bool factorSubsystem(const Model& model,
                     const Eigen::MatrixXd& M,
                     const Eigen::VectorXd& phi,
                     const Eigen::MatrixXd& J,
                     ForwardDynamicsWorkspace& fws,
                     int j) {
    auto& store = blockStore<Block>(fws);
    const Subsystem& sub = model.subsystems[j];
    const int n = N > 0 ? N : sub.nv;
    const int b = sub.qBegin;
    double* zArena = fws.influenceArena.data();
    double* w = fws.qdd.data();
    double* l = fws.factorArena.data() + fws.factorOffset[j];
    for (int col = 0; col < n; ++col) {
        for (int row = col; row < n; ++row) {
            l[col * n + row] = M(b + row, b + col);
        }
    }
    if (!dense::cholesky<N, kFactorDiagonal>(l, n, n)) {
        fws.failure = "the inertia I_" + std::to_string(j + 1) + " of subsystem S" +
                      std::to_string(j + 1) + " is not positive definite";
        return false;
    }
    for (int k = 0; k < n; ++k) {
        w[b + k] = phi[b + k];
    }
    dense::solveLower<N, kFactorDiagonal>(l, n, n, w + b, 1, n);
    for (int e = fws.influenceBegin[j]; e < fws.influenceBegin[j + 1]; ++e) {
        const auto& influence = fws.influences[e];
        const int rows = loopRows<Block>(model, influence.loop);
        const auto step = [&](auto fixedRows) {
            addInfluence<N, decltype(fixedRows)::value>(
                J, loopRowBegin<Block>(model, influence.loop), rows, b, n, l, w + b,
                zArena + influence.offset, store.psiBar[influence.loop]);
        };
        if constexpr (std::is_same_v<Block, Eigen::Matrix2d>) {
            step(std::integral_constant<int, 2>{});
        } else {
            // a cut's 2 to 5 rows as a compile-time count: the solve's columns unroll together
            dense::withOrder(rows, [&](auto r) {
                constexpr int kRows = decltype(r)::value;
                constexpr int kFixed = kRows >= 2 && kRows <= 5 ? kRows : 0;
                step(std::integral_constant<int, kFixed>{});
            });
        }
    }
    for (int t = fws.gicmTermBegin[j]; t < fws.gicmTermBegin[j + 1]; ++t) {
        const auto& term = fws.gicmTerms[t];
        addGicmTerm<N>(zArena + term.zr, zArena + term.zs, term, store.gicm[term.block]);
    }
    return true;
}

/// Block Gaussian elimination of the assembled GICM in the planned order (eqs. 34–36): each
/// pivot inverted, its later neighbours' blocks and Ψ̄ reduced. Sets fws.conditioning and
/// weakestLoop; false, with fws.failure, at a singular pivot.
template <class Block> bool eliminate(const Model& model, ForwardDynamicsWorkspace& fws) {
    auto& store = blockStore<Block>(fws);
    const int nLoops = model.nLoops();
    std::copy(store.gicm.begin(), store.gicm.end(), store.reduced.begin());
    const auto reduced = [&](int r, int s) -> Block& {
        return store.reduced[blockAt(fws, nLoops, r, s)];
    };
    fws.conditioning = 1.0;
    fws.weakestLoop = -1;
    for (int p : fws.eliminationOrder) {
        bool singular = false;
        const double ratio =
            invertPivot(reduced(p, p), store.gicm[blockAt(fws, nLoops, p, p)],
                        loopRows<Block>(model, p), store.pivotInverse[p], singular);
        if (!(ratio >= fws.conditioning)) {
            fws.conditioning = ratio;
            fws.weakestLoop = p;
        }
        if (singular) {
            fws.failure = "the GICM pivot of loop " + std::to_string(p + 1) + " (cut " +
                          model.joints[model.cuts[p]].name +
                          ") became singular: the loop constraints are redundant or singular at "
                          "this pose";
            return false;
        }
        for (int r : fws.laterNeighbours[p]) {
            const Block factor = reduced(r, p) * store.pivotInverse[p];
            for (int s : fws.laterNeighbours[p]) {
                reduced(r, s).noalias() -= factor * reduced(p, s);
            }
            store.psiBar[r].noalias() -= factor * store.psiBar[p];
        }
    }
    return true;
}

/// Back substitution in reverse elimination order into fws.lambda; each loop's λ_p replaces its
/// Ψ̄_p, which only its own solve reads (a spatial λ_p's padding stays zero: the pivot
/// inverse's unused rows are zero).
template <class Block> void backSubstitute(const Model& model, ForwardDynamicsWorkspace& fws) {
    auto& store = blockStore<Block>(fws);
    const int nLoops = model.nLoops();
    for (auto it = fws.eliminationOrder.rbegin(); it != fws.eliminationOrder.rend(); ++it) {
        const int p = *it;
        auto rhs = store.psiBar[p];
        for (int r : fws.laterNeighbours[p]) {
            rhs.noalias() -= store.reduced[blockAt(fws, nLoops, p, r)] * store.psiBar[r];
        }
        store.psiBar[p].noalias() = store.pivotInverse[p] * rhs;
        fws.lambda.segment(loopRowBegin<Block>(model, p), loopRows<Block>(model, p)) =
            store.psiBar[p].head(loopRows<Block>(model, p));
    }
}

/// Subsystem j of order N as an open tree under the cut forces: q̈_j = L_j⁻ᵀ(w_j + Σ_i Z_ij λ_i)
/// (eq. 19), in place of w_j in fws.qdd.
template <class Block, int N>
void subsystemAccelerations(const Model& model, ForwardDynamicsWorkspace& fws, int j) {
    const Subsystem& sub = model.subsystems[j];
    const int n = N > 0 ? N : sub.nv;
    double* x = fws.qdd.data() + sub.qBegin;
    for (int e = fws.influenceBegin[j]; e < fws.influenceBegin[j + 1]; ++e) {
        const auto& influence = fws.influences[e];
        const double* z = fws.influenceArena.data() + influence.offset;
        const int first = loopRowBegin<Block>(model, influence.loop);
        if constexpr (std::is_same_v<Block, Eigen::Matrix2d>) {
            const double l0 = fws.lambda[first];
            const double l1 = fws.lambda[first + 1];
            for (int k = 0; k < n; ++k) {
                x[k] += z[k] * l0 + z[n + k] * l1;
            }
            continue;
        }
        for (int r = 0; r < loopRows<Block>(model, influence.loop); ++r) {
            const double l = fws.lambda[first + r];
            const double* zr = z + r * n;
            for (int k = 0; k < n; ++k) {
                x[k] += zr[k] * l;
            }
        }
    }
    dense::solveLowerTransposed<N, kFactorDiagonal>(fws.factorArena.data() + fws.factorOffset[j], n,
                                                    n, x);
}

template <class Block>
bool solveSslm(const Model& model,
               const Eigen::MatrixXd& M,
               const Eigen::VectorXd& phi,
               const Eigen::MatrixXd& J,
               const Eigen::VectorXd& psi,
               ForwardDynamicsWorkspace& fws) {
    const int nSub = static_cast<int>(model.subsystems.size());
    startAssembly<Block>(model, psi, fws);
    // each subsystem's order n a compile-time constant up to 6 (0 for a run-time one)
    for (int j = 0; j < nSub; ++j) {
        if (!dense::withOrder(model.subsystems[j].nv, [&](auto order) {
                return factorSubsystem<Block, decltype(order)::value>(model, M, phi, J, fws, j);
            })) {
            return false;
        }
    }
    auto& store = blockStore<Block>(fws);
    for (const auto& [from, to] : fws.gicmMirrors) {
        store.gicm[to] = store.gicm[from].transpose();
    }
    if (!eliminate<Block>(model, fws)) {
        return false;
    }
    backSubstitute<Block>(model, fws);
    for (int j = 0; j < nSub; ++j) {
        dense::withOrder(model.subsystems[j].nv, [&](auto order) {
            subsystemAccelerations<Block, decltype(order)::value>(model, fws, j);
        });
    }
    return finiteOrExplain(fws);
}

} // namespace

ForwardDynamicsWorkspace::ForwardDynamicsWorkspace(const Model& model)
    : qdd(Eigen::VectorXd::Zero(model.nv())), lambda(Eigen::VectorXd::Zero(model.nConstraints())),
      kkt(Eigen::MatrixXd::Zero(model.nv() + model.nConstraints(),
                                model.nv() + model.nConstraints())),
      kktRhs(Eigen::VectorXd::Zero(model.nv() + model.nConstraints())),
      kktSolution(Eigen::VectorXd::Zero(model.nv() + model.nConstraints())),
      kktRowSwaps(Eigen::VectorXi::Zero(model.nv() + model.nConstraints())),
      massFactor(Eigen::MatrixXd::Zero(model.nv(), model.nv())),
      massZ(Eigen::MatrixXd::Zero(model.nv(), model.nConstraints())),
      constraintInertia(Eigen::MatrixXd::Zero(model.nConstraints(), model.nConstraints())),
      rhs(Eigen::VectorXd::Zero(model.nConstraints())), rcr(model), nv(model.nv()),
      nc(model.nConstraints()) {
    if (model.isSpatial()) { // (a planar model's blocks are the default)
        int rows = 3;
        for (const Loop& loop : model.loops) {
            rows = std::max(rows, loop.rows);
        }
        dense::withOrder(rows, [&](auto size) { // (R is 3 to 5; a cut may have 2 rows)
            blocks.emplace<SpatialBlocks<std::clamp(decltype(size)::value, 3, 5)>>();
        });
    }
    planElimination(model, *this);
    planStorage(model, *this);
}

bool solveForwardDynamics(SolverKind kind,
                          const Model& model,
                          const ConstrainedEquations& eq,
                          ForwardDynamicsWorkspace& fws) {
    if (!fws.failure.empty()) {
        fws.failure.clear();
    }
    switch (kind) {
    case SolverKind::Augmented:
        return solveAugmented(eq, fws);
    case SolverKind::Slm:
        return solveSlm(eq, fws);
    case SolverKind::Sslm:
        return std::visit(
            [&](auto& blocks) {
                using Block = typename std::decay_t<decltype(blocks.gicm)>::value_type;
                return solveSslm<Block>(model, eq.M, eq.phi, eq.J, eq.psi, fws);
            },
            fws.blocks);
    case SolverKind::Rcr:
        if (!prepareReduction(model, eq.J, fws.rcr) ||
            !solveRcrPrepared(model, eq, fws.rcr, fws.qdd, fws.lambda)) {
            fws.failure = fws.rcr.failure;
            return false;
        }
        return true;
    }
    return false;
}

Eigen::MatrixXd gicmBlock(const ForwardDynamicsWorkspace& fws, const Model& model, int r, int s) {
    const int index = blockAt(fws, model.nLoops(), r, s);
    if (index < 0) {
        return Eigen::MatrixXd::Zero(model.loops[r].rows, model.loops[s].rows);
    }
    return std::visit(
        [&](const auto& blocks) {
            return Eigen::MatrixXd(
                blocks.gicm[index].topLeftCorner(model.loops[r].rows, model.loops[s].rows));
        },
        fws.blocks);
}

std::size_t storedGicmBlockCount(const ForwardDynamicsWorkspace& fws) {
    return std::visit([](const auto& blocks) { return blocks.gicm.size(); }, fws.blocks);
}

} // namespace sslm
