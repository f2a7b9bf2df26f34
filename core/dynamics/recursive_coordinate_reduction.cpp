// SPDX-License-Identifier: MIT
#include "core/dynamics/recursive_coordinate_reduction.hpp"

#include <algorithm>
#include <cmath>

#include "core/dynamics/dense_kernels.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

/// The steps of a partition: each loop's known columns and the later loops that touch its
/// dependent columns.
void buildSteps(const Model& model, const CoordinatePartition& partition, RcrWorkspace& rws) {
    rws.steps.clear();
    for (const LoopReduction& reduction : partition.order) {
        const Loop& loop = model.loops[reduction.loop];
        RcrWorkspace::Step step;
        step.loop = reduction.loop;
        step.rowBegin = loop.rowBegin;
        step.rows = loop.rows;
        step.dependent = reduction.dependent;
        for (const LoopPathEntry& entry : loop.path) {
            if (std::ranges::find(step.dependent, entry.coordinate) == step.dependent.end() &&
                std::ranges::find(step.known, entry.coordinate) == step.known.end()) {
                step.known.push_back(entry.coordinate);
            }
        }
        step.block = RcrWorkspace::Block::Zero(loop.rows, loop.rows);
        step.lu = Eigen::PartialPivLU<RcrWorkspace::Block>(loop.rows);
        rws.steps.push_back(std::move(step));
    }
    for (std::size_t s = 0; s < rws.steps.size(); ++s) {
        for (std::size_t t = s + 1; t < rws.steps.size(); ++t) {
            bool touches = false;
            for (int k : rws.steps[s].dependent) {
                touches =
                    touches || std::ranges::find(rws.steps[t].known, k) != rws.steps[t].known.end();
            }
            if (touches) {
                rws.steps[s].laterSteps.push_back(static_cast<int>(t));
            }
        }
    }
    const int f = static_cast<int>(partition.independent.size());
    rws.basis = Eigen::MatrixXd::Zero(model.nv(), f);
    for (int c = 0; c < f; ++c) {
        rws.basis(partition.independent[c], c) = 1.0;
    }
    rws.massBasis = Eigen::MatrixXd::Zero(model.nv(), f);
    rws.reducedMass = Eigen::MatrixXd::Zero(f, f);
    rws.reduced = Eigen::VectorXd::Zero(f);
}

/// The recursive kinetics' plan (symbolic, once per partition): folding the loops last first,
/// which coordinates each loop's dependent ones are coupled with in A at that moment (M's
/// subsystem blocks plus what earlier folds coupled), and every entry of A any fold writes.
void planFolding(const Model& model, RcrWorkspace& rws) {
    const int n = model.nv();
    std::vector<char> coupledWith(static_cast<std::size_t>(n) * n, 0);
    const auto couple = [&](int a, int b) {
        coupledWith[static_cast<std::size_t>(a) * n + b] = 1;
        coupledWith[static_cast<std::size_t>(b) * n + a] = 1;
    };
    for (const Subsystem& sub : model.subsystems) {
        for (int a = sub.qBegin; a < sub.qBegin + sub.nv; ++a) {
            for (int b = sub.qBegin; b < sub.qBegin + sub.nv; ++b) {
                couple(a, b);
            }
        }
    }
    std::vector<char> folded(n, 0);
    for (auto step = rws.steps.rbegin(); step != rws.steps.rend(); ++step) {
        step->coupled = step->known;
        for (int d : step->dependent) {
            for (int o = 0; o < n; ++o) {
                if (coupledWith[static_cast<std::size_t>(d) * n + o] != 0 && folded[o] == 0 &&
                    std::ranges::find(step->dependent, o) == step->dependent.end() &&
                    std::ranges::find(step->coupled, o) == step->coupled.end()) {
                    step->coupled.push_back(o);
                }
            }
        }
        for (int k : step->known) {
            for (int o : step->coupled) {
                couple(k, o);
            }
        }
        for (int d : step->dependent) {
            folded[d] = 1;
        }
        const auto known = static_cast<Eigen::Index>(step->known.size());
        const auto coupled = static_cast<Eigen::Index>(step->coupled.size());
        step->gain = Eigen::MatrixXd::Zero(step->rows, known);
        step->bias = RcrWorkspace::BlockVector::Zero(step->rows);
        step->projection = Eigen::MatrixXd::Zero(known, coupled + step->rows);
    }
    // the independent coordinates, fewest partners first (minimum degree), each coupling its
    // partners with one another (the fill of the elimination)
    std::vector<int> remaining = rws.partition.independent;
    rws.pivotOrder.clear();
    rws.pivotNeighbourBegin.assign(1, 0);
    rws.pivotNeighbours.clear();
    while (!remaining.empty()) {
        std::size_t best = 0;
        std::vector<int> bestPartners;
        for (std::size_t i = 0; i < remaining.size(); ++i) {
            std::vector<int> partners;
            for (int o : remaining) {
                if (o != remaining[i] &&
                    coupledWith[static_cast<std::size_t>(remaining[i]) * n + o] != 0) {
                    partners.push_back(o);
                }
            }
            if (i == 0 || partners.size() < bestPartners.size()) {
                best = i;
                bestPartners = std::move(partners);
            }
        }
        for (int a : bestPartners) {
            for (int b : bestPartners) {
                couple(a, b);
            }
        }
        rws.pivotOrder.push_back(remaining[best]);
        rws.pivotNeighbours.insert(rws.pivotNeighbours.end(), bestPartners.begin(),
                                   bestPartners.end());
        rws.pivotNeighbourBegin.push_back(static_cast<int>(rws.pivotNeighbours.size()));
        remaining.erase(remaining.begin() + static_cast<std::ptrdiff_t>(best));
    }
    rws.foldedPattern.clear();
    for (int a = 0; a < n; ++a) {
        for (int b = 0; b < n; ++b) {
            if (coupledWith[static_cast<std::size_t>(a) * n + b] != 0) {
                rws.foldedPattern.emplace_back(a, b);
            }
        }
    }
    rws.folded = Eigen::MatrixXd::Zero(n, n);
    rws.foldedForce = Eigen::VectorXd::Zero(n);
}

void adopt(const Model& model, CoordinatePartition partition, RcrWorkspace& rws) {
    rws.partition = std::move(partition);
    rws.chosen = true;
    buildSteps(model, rws.partition, rws);
    planFolding(model, rws);
}

/// Factors every loop block at J; the smallest conditioning into rws.conditioning.
void factorBlocks(const Model& model, const Eigen::MatrixXd& J, RcrWorkspace& rws) {
    rws.conditioning = 1.0;
    rws.weakestLoop = -1;
    for (RcrWorkspace::Step& step : rws.steps) {
        for (int c = 0; c < step.rows; ++c) {
            for (int r = 0; r < step.rows; ++r) {
                step.block(r, c) = J(step.rowBegin + r, step.dependent[c]);
            }
        }
        step.lu.compute(step.block);
        step.conditioning = loopBlockConditioning(model, J, step.loop, step.dependent);
        // a non-finite block (a state pushed past a pose where the loop cannot be solved) is
        // the weakest of all, not a well-conditioned one
        if (!(step.conditioning >= rws.conditioning) && std::isfinite(rws.conditioning)) {
            rws.conditioning = step.conditioning;
            rws.weakestLoop = step.loop;
        }
    }
}

/// "loop 1 (cut J4): theta2, theta3 → theta3, theta4" for every loop whose dependent
/// coordinates differ between the partitions.
std::string
switchText(const Model& model, const CoordinatePartition& from, const CoordinatePartition& to) {
    std::string text;
    for (const LoopReduction& next : to.order) {
        for (const LoopReduction& previous : from.order) {
            if (previous.loop == next.loop && previous.dependent != next.dependent) {
                text += (text.empty() ? "" : "; ") + loopLabel(model, next.loop) + ": " +
                        coordinateList(model, previous.dependent) + " → " +
                        coordinateList(model, next.dependent);
            }
        }
    }
    return text.empty() ? "the loop order" : text;
}

/// The dependent coordinates of `loop` in the partition, in words ("?" when it has none).
std::string dependentOf(const Model& model, const RcrWorkspace& rws, int loop) {
    for (const RcrWorkspace::Step& step : rws.steps) {
        if (step.loop == loop) {
            return coordinateList(model, step.dependent);
        }
    }
    return "?";
}

/// For one right-hand side column: the dependent entries of x from J x = b loop by loop (b
/// zero when `b` is null), the independent entries given.
template <class Column>
void solveDependent(const Eigen::MatrixXd& J, const double* b, Column x, RcrWorkspace& rws) {
    for (RcrWorkspace::Step& step : rws.steps) {
        RcrWorkspace::BlockVector& rhs = rws.scratch;
        rhs.resize(step.rows);
        for (int r = 0; r < step.rows; ++r) {
            const int row = step.rowBegin + r;
            double sum = b != nullptr ? b[row] : 0.0;
            for (int k : step.known) {
                sum -= J(row, k) * x[k];
            }
            rhs[r] = sum;
        }
        RcrWorkspace::BlockVector& solution = rws.solution;
        solution.noalias() = step.lu.solve(rhs);
        for (int c = 0; c < step.rows; ++c) {
            x[step.dependent[c]] = solution[c];
        }
    }
}

/// out = M x on M's subsystem blocks (M is block-diagonal by subsystem).
void blockDiagonalProduct(const Model& model,
                          const Eigen::MatrixXd& M,
                          const double* x,
                          double* out) {
    for (const Subsystem& sub : model.subsystems) {
        for (int i = sub.qBegin; i < sub.qBegin + sub.nv; ++i) {
            double sum = 0;
            for (int k = sub.qBegin; k < sub.qBegin + sub.nv; ++k) {
                sum += M(i, k) * x[k];
            }
            out[i] = sum;
        }
    }
}

/// q̈ by the assembled reduced equations: R and r column by column, then
/// (Rᵀ M R) q̈_i = Rᵀ(φ − M r) from M's blocks. False when Rᵀ M R is not positive definite.
bool solveAssembled(const Model& model,
                    const ConstrainedEquations& eq,
                    RcrWorkspace& rws,
                    Eigen::VectorXd& qdd) {
    const auto& [M, phi, J, psi] = eq;
    const int n = model.nv();
    const int f = static_cast<int>(rws.partition.independent.size());

    // q̈ = R q̈_i + r: the columns of R and r loop by loop (eqs. 54–55, 58)
    for (int c = 0; c < f; ++c) {
        solveDependent(J, nullptr, rws.basis.col(c).data(), rws);
    }
    rws.offset.setZero();
    solveDependent(J, psi.data(), rws.offset.data(), rws);

    // (Rᵀ M R) q̈_i = Rᵀ(φ − M r)   (eq. 60)
    for (int c = 0; c < f; ++c) {
        blockDiagonalProduct(model, M, rws.basis.col(c).data(), rws.massBasis.col(c).data());
    }
    blockDiagonalProduct(model, M, rws.offset.data(), rws.massOffset.data());
    for (int a = 0; a < f; ++a) {
        const double* ra = rws.basis.col(a).data();
        for (int b = a; b < f; ++b) {
            const double* mb = rws.massBasis.col(b).data();
            double sum = 0;
            for (int k = 0; k < n; ++k) {
                sum += ra[k] * mb[k];
            }
            rws.reducedMass(b, a) = sum; // lower triangle
        }
        double rhs = 0;
        for (int k = 0; k < n; ++k) {
            rhs += ra[k] * (phi[k] - rws.massOffset[k]);
        }
        rws.reduced[a] = rhs;
    }
    double* l = rws.reducedMass.data();
    if (!dense::cholesky(l, f, f)) {
        return false;
    }
    dense::solveLower(l, f, f, rws.reduced.data(), 1, f);
    dense::solveLowerTransposed(l, f, f, rws.reduced.data());
    qdd = rws.offset;
    for (int c = 0; c < f; ++c) {
        const double a = rws.reduced[c];
        const double* rc = rws.basis.col(c).data();
        for (int k = 0; k < n; ++k) {
            qdd[k] += rc[k] * a;
        }
    }
    return true;
}

/// q̈_d(l) = G_l q̈_K(l) + h_l for every loop: its acceleration-level constraint J_l q̈ = Ψ_l
/// solved for its dependent coordinates (eqs. 51, 55; h_l carries Ψ, the Ξ A_t of eq. 54).
void loopGains(const Eigen::MatrixXd& J, const Eigen::VectorXd& psi, RcrWorkspace& rws) {
    for (RcrWorkspace::Step& step : rws.steps) {
        RcrWorkspace::BlockVector& rhs = rws.scratch;
        rhs.resize(step.rows);
        for (std::size_t c = 0; c < step.known.size(); ++c) {
            for (int r = 0; r < step.rows; ++r) {
                rhs[r] = J(step.rowBegin + r, step.known[c]);
            }
            rws.solution.noalias() = step.lu.solve(rhs);
            step.gain.col(static_cast<Eigen::Index>(c)) = -rws.solution;
        }
        for (int r = 0; r < step.rows; ++r) {
            rhs[r] = psi[step.rowBegin + r];
        }
        step.bias.noalias() = step.lu.solve(rhs);
    }
}

/// Folds one loop onto its known coordinates: with q̈ = T y + s (T = G on the dependent rows,
/// s = h), A ← Tᵀ A T and b ← Tᵀ(b − A s) on the entries the loop couples.
void foldLoop(RcrWorkspace::Step& step, Eigen::MatrixXd& a, Eigen::VectorXd& b) {
    const int known = static_cast<int>(step.known.size());
    const int coupled = static_cast<int>(step.coupled.size());
    const int rows = step.rows;
    const auto column = [&](int j) {
        return j < coupled ? step.coupled[j] : step.dependent[j - coupled];
    };
    // on the coupled and dependent entries (A is not changed yet): b − A s, and
    // P = Gᵀ A_d,(coupled, dependent)
    for (int j = 0; j < coupled + rows; ++j) {
        const int o = column(j);
        double force = 0;
        for (int d = 0; d < rows; ++d) {
            force += a(o, step.dependent[d]) * step.bias[d];
        }
        b[o] -= force;
        for (int k = 0; k < known; ++k) {
            double sum = 0;
            for (int d = 0; d < rows; ++d) {
                sum += step.gain(d, k) * a(step.dependent[d], o);
            }
            step.projection(k, j) = sum;
        }
    }
    for (int k = 0; k < known; ++k) {
        const int kk = step.known[k];
        double force = 0;
        for (int d = 0; d < rows; ++d) {
            force += step.gain(d, k) * b[step.dependent[d]];
        }
        b[kk] += force;
        // A_K,coupled += P, A_coupled,K += Pᵀ (the known are the first coupled)
        for (int j = 0; j < coupled; ++j) {
            const int o = step.coupled[j];
            a(kk, o) += step.projection(k, j);
            a(o, kk) += step.projection(k, j);
        }
    }
    // A_KK += Gᵀ A_dd G
    for (int k = 0; k < known; ++k) {
        for (int k2 = 0; k2 < known; ++k2) {
            double sum = 0;
            for (int d = 0; d < rows; ++d) {
                sum += step.projection(k, coupled + d) * step.gain(d, k2);
            }
            a(step.known[k], step.known[k2]) += sum;
        }
    }
}

/// What is left, Kane's equations in the independent coordinates (eq. 60), folded too, each
/// onto its partners N_p (A_NN −= A_Np A_pN / A_pp, b_N −= A_Np b_p / A_pp; eqs. 61–66). False
/// when a pivot is not positive.
bool foldIndependent(const RcrWorkspace& rws, Eigen::MatrixXd& a, Eigen::VectorXd& b) {
    const int pivots = static_cast<int>(rws.pivotOrder.size());
    for (int i = 0; i < pivots; ++i) {
        const int p = rws.pivotOrder[i];
        const double pivot = a(p, p);
        if (!(pivot > 0.0) || !std::isfinite(pivot)) {
            return false;
        }
        const int* partners = rws.pivotNeighbours.data() + rws.pivotNeighbourBegin[i];
        const int count = rws.pivotNeighbourBegin[i + 1] - rws.pivotNeighbourBegin[i];
        for (int u = 0; u < count; ++u) {
            const int r = partners[u];
            const double factor = a(r, p) / pivot;
            b[r] -= factor * b[p];
            for (int v = 0; v < count; ++v) {
                a(r, partners[v]) -= factor * a(p, partners[v]);
            }
        }
    }
    return true;
}

/// Outward: the independent accelerations in reverse folding order, then the dependent ones
/// loop by loop (eqs. 67–71).
void accelerationsOutward(const RcrWorkspace& rws,
                          const Eigen::MatrixXd& a,
                          const Eigen::VectorXd& b,
                          Eigen::VectorXd& qdd) {
    const int pivots = static_cast<int>(rws.pivotOrder.size());
    for (int i = pivots - 1; i >= 0; --i) {
        const int p = rws.pivotOrder[i];
        double value = b[p];
        for (int u = rws.pivotNeighbourBegin[i]; u < rws.pivotNeighbourBegin[i + 1]; ++u) {
            value -= a(p, rws.pivotNeighbours[u]) * qdd[rws.pivotNeighbours[u]];
        }
        qdd[p] = value / a(p, p);
    }
    for (const RcrWorkspace::Step& step : rws.steps) {
        for (int d = 0; d < step.rows; ++d) {
            double value = step.bias[d];
            for (std::size_t k = 0; k < step.known.size(); ++k) {
                value += step.gain(d, static_cast<Eigen::Index>(k)) * qdd[step.known[k]];
            }
            qdd[step.dependent[d]] = value;
        }
    }
}

/// q̈ by folding the loops, last first, onto their known coordinates (seed 003 eqs. 60–66:
/// each loop's dependent coordinates become part of the known ones' equations, as its dependent
/// bodies become the virtual terminal body p_i), then the independent coordinates onto one
/// another, then the accelerations outward (eqs. 67–71). False when a pivot of the reduced
/// inertia is not positive.
bool solveRecursive(const Model& /*model*/,
                    const ConstrainedEquations& eq,
                    RcrWorkspace& rws,
                    Eigen::VectorXd& qdd) {
    const auto& [M, phi, J, psi] = eq;
    loopGains(J, psi, rws);
    // A = M, b = φ on the entries the folds touch; then fold the loops, last first
    Eigen::MatrixXd& a = rws.folded;
    Eigen::VectorXd& b = rws.foldedForce;
    for (const auto& [row, col] : rws.foldedPattern) {
        a(row, col) = M(row, col);
    }
    b = phi;
    for (auto it = rws.steps.rbegin(); it != rws.steps.rend(); ++it) {
        foldLoop(*it, a, b);
    }
    if (!foldIndependent(rws, a, b)) {
        return false;
    }
    accelerationsOutward(rws, a, b, qdd);
    return true;
}

} // namespace

RcrWorkspace::RcrWorkspace(const Model& model)
    : offset(Eigen::VectorXd::Zero(model.nv())), massOffset(Eigen::VectorXd::Zero(model.nv())),
      nv(model.nv()), nc(model.nConstraints()) {
    scratch.resize(0);
    solution.resize(0);
}

bool selectCoordinates(const Model& model, const Eigen::MatrixXd& J, RcrWorkspace& rws) {
    PartitionChoice choice = choosePartition(model, J, rws.named);
    if (!choice.ok()) {
        rws.failure = choice.error;
        return false;
    }
    adopt(model, std::move(choice.partition), rws);
    rws.switches = 0;
    rws.lastSwitch.clear();
    rws.reselectBelow = kRcrReselectBelow;
    factorBlocks(model, J, rws);
    return true;
}

bool prepareReduction(const Model& model, const Eigen::MatrixXd& J, RcrWorkspace& rws) {
    if (!rws.chosen) {
        return selectCoordinates(model, J, rws);
    }
    factorBlocks(model, J, rws);
    if (!std::isfinite(rws.conditioning)) {
        rws.failure =
            "RCR: the state is not finite at " + loopLabel(model, rws.weakestLoop) +
            ", solved for " + dependentOf(model, rws, rws.weakestLoop) +
            (rws.named.empty()
                 ? ": the motion passed a singular pose of the loop constraints"
                 : ": the independent coordinates named (" + coordinateList(model, rws.named) +
                       ") passed a pose where the loop cannot be solved for the others (e.g. a "
                       "rocker's turning point); leave them unnamed so that RCR chooses and "
                       "switches, or name others");
        return false;
    }
    if (rws.conditioning < rws.reselectBelow) {
        // the partition nears a singularity of its own: take a better one if there is one
        PartitionChoice choice = choosePartition(model, J, rws.named);
        const double before = rws.conditioning;
        const int weakest = rws.weakestLoop;
        if (choice.ok()) {
            CoordinatePartition previous = rws.partition;
            adopt(model, std::move(choice.partition), rws);
            factorBlocks(model, J, rws);
            if (rws.conditioning > 2.0 * before) {
                ++rws.switches;
                rws.lastSwitch = switchText(model, previous, rws.partition) + " (conditioning " +
                                 text::number(before, 2) + " → " +
                                 text::number(rws.conditioning, 2) + ")";
                rws.reselectBelow = kRcrReselectBelow;
            } else {
                adopt(model, std::move(previous), rws);
                factorBlocks(model, J, rws);
                rws.reselectBelow = 0.5 * before;
            }
        } else {
            rws.reselectBelow = 0.5 * before;
        }
        if (rws.conditioning < kIllConditionedSelection) {
            rws.failure =
                "RCR: " + loopLabel(model, weakest) + " cannot be solved for " +
                dependentOf(model, rws, weakest) + " at this pose (conditioning " +
                text::number(rws.conditioning, 2) + ")" +
                (rws.named.empty() ? ", and no other choice of dependent coordinates is better: "
                                     "the loop constraints are singular here"
                                   : " with the independent coordinates named (" +
                                         coordinateList(model, rws.named) +
                                         "): leave them unnamed so that RCR chooses and "
                                         "switches, or name others");
            return false;
        }
    }
    return true;
}

void dependentRates(const Model& /*model*/,
                    const Eigen::MatrixXd& J,
                    Eigen::Ref<Eigen::VectorXd> qd,
                    RcrWorkspace& rws) {
    solveDependent(J, nullptr, qd.data(), rws);
}

bool solveRcrPrepared(const Model& model,
                      const ConstrainedEquations& eq,
                      RcrWorkspace& rws,
                      Eigen::VectorXd& qdd,
                      Eigen::VectorXd& lambda) {
    const auto& [M, phi, J, psi] = eq;
    const bool solved = rws.kinetics == RcrKinetics::Recursive
                            ? solveRecursive(model, eq, rws, qdd)
                            : solveAssembled(model, eq, rws, qdd);
    if (!solved) {
        rws.failure = "RCR: the reduced inertia Rᵀ M R is not positive definite";
        return false;
    }

    // the cut reactions: Jᵀλ = M q̈ − φ on the dependent rows, loops in reverse order
    blockDiagonalProduct(model, M, qdd.data(), rws.massOffset.data());
    rws.massOffset -= phi;
    for (auto step = rws.steps.rbegin(); step != rws.steps.rend(); ++step) {
        RcrWorkspace::BlockVector& rhs = rws.scratch;
        rhs.resize(step->rows);
        for (int c = 0; c < step->rows; ++c) {
            const int k = step->dependent[c];
            double sum = rws.massOffset[k];
            for (int t : step->laterSteps) {
                const RcrWorkspace::Step& later = rws.steps[t];
                for (int r = 0; r < later.rows; ++r) {
                    sum -= J(later.rowBegin + r, k) * lambda[later.rowBegin + r];
                }
            }
            rhs[c] = sum;
        }
        RcrWorkspace::BlockVector& solution = rws.solution;
        solution.noalias() = step->lu.transpose().solve(rhs);
        for (int r = 0; r < step->rows; ++r) {
            lambda[step->rowBegin + r] = solution[r];
        }
    }
    if (!qdd.allFinite() || !lambda.allFinite()) {
        rws.failure = "RCR: the accelerations or reactions are not finite";
        return false;
    }
    return true;
}

} // namespace sslm
