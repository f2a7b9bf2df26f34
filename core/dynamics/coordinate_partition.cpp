// SPDX-License-Identifier: MIT
#include "core/dynamics/coordinate_partition.hpp"

#include <algorithm>
#include <ranges>

#include <Eigen/LU>

#include "core/util/text.hpp"

namespace sslm {

namespace {

using SmallBlock = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 6, 6>;

/// The file's input coordinates stay independent when the loop can be solved for others at
/// this conditioning or better; below it, the best-conditioned choice wins.
constexpr double kWellConditioned = 0.05;

bool contains(const std::vector<int>& v, int x) {
    return std::ranges::find(v, x) != v.end();
}

struct Candidate {
    int loop = -1;
    std::vector<int> dependent;
    double conditioning = 0;
    double score = -1;
};

/// The best-scoring subset of `pool` with `rows` entries for `loop`'s block.
Candidate bestSubset(const Model& model,
                     const Eigen::MatrixXd& J,
                     int loop,
                     const std::vector<int>& pool,
                     int rows) {
    Candidate best;
    best.loop = loop;
    std::vector<int> chosen;
    const auto visit = [&](auto&& self, std::size_t from) -> void {
        if (static_cast<int>(chosen.size()) == rows) {
            const double c = loopBlockConditioning(model, J, loop, chosen);
            const bool input =
                std::ranges::any_of(chosen, [&](int k) { return contains(model.independent, k); });
            const double score = !input && c >= kWellConditioned ? 1.0 + c : c;
            if (score > best.score) {
                best.score = score;
                best.conditioning = c;
                best.dependent = chosen;
            }
            return;
        }
        for (std::size_t i = from; i < pool.size(); ++i) {
            chosen.push_back(pool[i]);
            self(self, i + 1);
            chosen.pop_back();
        }
    };
    visit(visit, 0);
    return best;
}

struct Peeling {
    std::vector<Candidate> reversed; ///< the loops from last to first
    std::vector<int> stuck;          ///< loops left when no loop could be taken next
    std::vector<int> privateCount;   ///< per stuck loop: coordinates it could take
};

/// Orders the loops from the last: a loop can come after all remaining ones when enough of
/// its path (not `excluded`) lies on no other remaining loop's path.
Peeling peel(const Model& model, const Eigen::MatrixXd& J, const std::vector<int>& excluded) {
    const int nLoops = model.nLoops();
    std::vector<bool> remaining(nLoops, true);
    Peeling out;
    for (int step = 0; step < nLoops; ++step) {
        Candidate best;
        std::vector<int> counts(nLoops, 0);
        for (int l = 0; l < nLoops; ++l) {
            if (!remaining[l]) {
                continue;
            }
            std::vector<int> pool;
            for (const LoopPathEntry& entry : model.loops[l].path) {
                if (entry.side == 0 || contains(excluded, entry.coordinate)) {
                    continue;
                }
                bool shared = false;
                for (int other = 0; other < nLoops && !shared; ++other) {
                    if (other == l || !remaining[other]) {
                        continue;
                    }
                    for (const LoopPathEntry& e : model.loops[other].path) {
                        shared = shared || e.coordinate == entry.coordinate;
                    }
                }
                if (!shared) {
                    pool.push_back(entry.coordinate);
                }
            }
            counts[l] = static_cast<int>(pool.size());
            if (counts[l] < model.loops[l].rows) {
                continue;
            }
            Candidate c = bestSubset(model, J, l, pool, model.loops[l].rows);
            if (c.score > best.score) {
                best = std::move(c);
            }
        }
        if (best.loop < 0) {
            for (int l = 0; l < nLoops; ++l) {
                if (remaining[l]) {
                    out.stuck.push_back(l);
                    out.privateCount.push_back(counts[l]);
                }
            }
            return out;
        }
        remaining[best.loop] = false;
        out.reversed.push_back(std::move(best));
    }
    return out;
}

std::string stuckText(const Model& model, const Peeling& p) {
    return text::joined(std::views::iota(std::size_t{0}, p.stuck.size()), "; ", [&](std::size_t i) {
        return loopLabel(model, p.stuck[i]) + " has " + std::to_string(p.privateCount[i]) +
               " for its " + std::to_string(model.loops[p.stuck[i]].rows) + " constraint rows";
    });
}

} // namespace

std::string loopLabel(const Model& model, int loop) {
    return "loop " + std::to_string(loop + 1) + " (cut " +
           model.joints[model.loops[loop].cutJoint].name + ")";
}

std::string describePartition(const Model& model, const CoordinatePartition& partition) {
    std::string text = "independent " + coordinateList(model, partition.independent);
    for (const LoopReduction& reduction : partition.order) {
        text += "; " + loopLabel(model, reduction.loop) + ": " +
                coordinateList(model, reduction.dependent);
    }
    return text;
}

std::string coordinateList(const Model& model, const std::vector<int>& coordinates) {
    return text::joined(coordinates, ", ", [&](int k) { return model.coordinates[k].name; });
}

double loopBlockConditioning(const Model& model,
                             const Eigen::MatrixXd& J,
                             int loop,
                             const std::vector<int>& dependent) {
    const Loop& l = model.loops[loop];
    double scale = 0;
    for (const LoopPathEntry& entry : l.path) {
        scale = std::max(scale, J.block(l.rowBegin, entry.coordinate, l.rows, 1).norm());
    }
    const int r = static_cast<int>(dependent.size());
    if (r != l.rows || r > 6 || !(scale > 0)) {
        return 0;
    }
    SmallBlock block(r, r);
    for (int c = 0; c < r; ++c) {
        block.col(c) = J.block(l.rowBegin, dependent[c], r, 1);
    }
    const Eigen::FullPivLU<SmallBlock> lu(block);
    if (!lu.isInvertible()) {
        return 0;
    }
    const SmallBlock inverse = lu.inverse();
    const double c = 1.0 / (scale * inverse.norm());
    return std::isfinite(c) ? c : 0.0;
}

std::string resolveCoordinates(const Model& model,
                               const std::vector<std::string>& names,
                               std::vector<int>& indices) {
    indices.clear();
    for (const std::string& name : names) {
        const int k = model.coordinateIndex(name);
        if (k < 0) {
            const int joint = model.jointIndex(name);
            std::string why = "no tree coordinate is named '" + name + "'";
            for (const Joint& j : model.joints) {
                if (j.coordinateName == name && j.isCut()) {
                    why = "'" + name + "' belongs to the cut joint " + j.name +
                          ", which has no coordinate in this cut choice";
                }
            }
            if (joint >= 0 && model.joints[joint].isCut()) {
                why = "'" + name + "' is the cut joint " + name + ", which has no coordinate";
            }
            return "RCR: independent coordinate " + why;
        }
        if (!contains(indices, k)) {
            indices.push_back(k);
        }
    }
    std::sort(indices.begin(), indices.end());
    return {};
}

PartitionChoice
choosePartition(const Model& model, const Eigen::MatrixXd& J, const std::vector<int>& named) {
    PartitionChoice out;
    out.partition.named = !named.empty();
    const int mobility = model.nv() - model.nConstraints();
    if (static_cast<int>(named.size()) > std::max(mobility, 0)) {
        out.error = "RCR: " + std::to_string(named.size()) + " independent coordinates named (" +
                    coordinateList(model, named) + ") but the loops leave " +
                    std::to_string(std::max(mobility, 0)) + " (" + std::to_string(model.nv()) +
                    " coordinates, " + std::to_string(model.nConstraints()) + " constraint rows)";
        return out;
    }
    const Peeling peeling = peel(model, J, named);
    if (!peeling.stuck.empty()) {
        const Peeling structural = named.empty() ? peeling : peel(model, J, {});
        if (structural.stuck.empty()) {
            out.error = "RCR: the independent coordinates " + coordinateList(model, named) +
                        " are not a valid selection: they leave too few dependent coordinates "
                        "that one loop can solve for before the others (" +
                        stuckText(model, peeling) + ")";
        } else {
            out.error = "RCR cannot reduce the loops one after another: no loop among these can "
                        "be solved before the others, each needs dependent coordinates on "
                        "another's path (" +
                        stuckText(model, structural) +
                        "); coupled loops without a common base body, seed 003 Sect. 4.4";
        }
        return out;
    }
    std::vector<bool> dependent(model.nv(), false);
    for (auto it = peeling.reversed.rbegin(); it != peeling.reversed.rend(); ++it) {
        if (it->conditioning < kIllConditionedSelection) {
            out.error = "RCR: " + loopLabel(model, it->loop) + " cannot be solved for " +
                        coordinateList(model, it->dependent) +
                        ": their columns of the loop's constraint rows are singular at this pose "
                        "(conditioning " +
                        text::number(it->conditioning, 2) + ")" +
                        (named.empty() ? std::string(", and no other choice on its path is better")
                                       : ", given the independent coordinates " +
                                             coordinateList(model, named));
            return out;
        }
        out.partition.order.push_back({it->loop, it->dependent});
        for (int k : it->dependent) {
            dependent[k] = true;
        }
    }
    for (int k = 0; k < model.nv(); ++k) {
        if (!dependent[k]) {
            out.partition.independent.push_back(k);
        }
    }
    return out;
}

} // namespace sslm
