// SPDX-License-Identifier: MIT
#include "core/dynamics/recursive_coordinate_reduction.hpp"

#include <algorithm>

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
    rws.basis = Eigen::MatrixXd::Zero(model.nq(), f);
    for (int c = 0; c < f; ++c) {
        rws.basis(partition.independent[c], c) = 1.0;
    }
    rws.massBasis = Eigen::MatrixXd::Zero(model.nq(), f);
    rws.reducedMass = Eigen::MatrixXd::Zero(f, f);
    rws.reduced = Eigen::VectorXd::Zero(f);
}

void adopt(const Model& model, CoordinatePartition partition, RcrWorkspace& rws) {
    rws.partition = std::move(partition);
    rws.chosen = true;
    buildSteps(model, rws.partition, rws);
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
        if (step.conditioning < rws.conditioning) {
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
        for (int i = sub.qBegin; i < sub.qBegin + sub.nq; ++i) {
            double sum = 0;
            for (int k = sub.qBegin; k < sub.qBegin + sub.nq; ++k) {
                sum += M(i, k) * x[k];
            }
            out[i] = sum;
        }
    }
}

} // namespace

RcrWorkspace::RcrWorkspace(const Model& model)
    : offset(Eigen::VectorXd::Zero(model.nq())), massOffset(Eigen::VectorXd::Zero(model.nq())),
      nq(model.nq()), nc(model.nConstraints()) {
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
            const RcrWorkspace::Step* step = nullptr;
            for (const RcrWorkspace::Step& s : rws.steps) {
                step = s.loop == weakest ? &s : step;
            }
            rws.failure =
                "RCR: " + loopLabel(model, weakest) + " cannot be solved for " +
                (step != nullptr ? coordinateList(model, step->dependent) : std::string("?")) +
                " at this pose (conditioning " + text::number(rws.conditioning, 2) + ")" +
                (rws.named.empty() ? ", and no other choice of dependent coordinates is better: "
                                     "the loop constraints are singular here"
                                   : " with the independent coordinates named (" +
                                         coordinateList(model, rws.named) + ")");
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

bool solveRcr(const Model& model,
              const Eigen::MatrixXd& M,
              const Eigen::VectorXd& phi,
              const Eigen::MatrixXd& J,
              const Eigen::VectorXd& psi,
              RcrWorkspace& rws,
              Eigen::VectorXd& qdd,
              Eigen::VectorXd& lambda) {
    if (!prepareReduction(model, J, rws)) {
        return false;
    }
    const int n = model.nq();
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
        rws.failure = "RCR: the reduced inertia Rᵀ M R is not positive definite";
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
