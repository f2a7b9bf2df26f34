// SPDX-License-Identifier: MIT
#include "core/inverse/subsystem_plan.hpp"

#include <algorithm>

namespace sslm {

namespace {

/// Unknowns still acting on subsystem j: the λ of its unsolved loops and τ of its unsolved
/// driven coordinates.
struct Pending {
    std::vector<int> loops;
    std::vector<int> driven;

    /// λ components (the loops' constraint rows) plus driving forces.
    int count(const Model& model) const {
        int unknowns = static_cast<int>(driven.size());
        for (int i : loops) {
            unknowns += model.loops[i].rows;
        }
        return unknowns;
    }
};

Pending pendingOn(const Model& model,
                  int j,
                  const std::vector<int>& driven,
                  const std::vector<bool>& loopKnown,
                  const std::vector<bool>& drivenKnown) {
    Pending pending;
    for (int i : model.subsystems[j].loops) {
        if (!loopKnown[i]) {
            pending.loops.push_back(i);
        }
    }
    for (std::size_t d = 0; d < driven.size(); ++d) {
        if (!drivenKnown[d] && model.coordinates[driven[d]].subsystem == j) {
            pending.driven.push_back(static_cast<int>(d));
        }
    }
    return pending;
}

void appendUnique(std::vector<int>& to, const std::vector<int>& from) {
    for (int x : from) {
        if (std::ranges::find(to, x) == to.end()) {
            to.push_back(x);
        }
    }
}

} // namespace

std::vector<SubsystemBlock> planSubsystemRecursion(const Model& model,
                                                   const std::vector<int>& driven) {
    const int nSub = static_cast<int>(model.subsystems.size());
    std::vector<bool> solved(nSub, false);
    std::vector<bool> loopKnown(model.nLoops(), false);
    std::vector<bool> drivenKnown(driven.size(), false);
    std::vector<SubsystemBlock> plan;

    const auto finish = [&](SubsystemBlock& block) {
        for (int j : block.subsystems) {
            solved[j] = true;
            const Subsystem& sub = model.subsystems[j];
            for (int k = sub.qBegin; k < sub.qBegin + sub.nv; ++k) {
                block.rows.push_back(k);
            }
            for (int i : sub.loops) {
                if (loopKnown[i]) {
                    appendUnique(block.knownLoops, {i});
                }
            }
        }
        std::sort(block.rows.begin(), block.rows.end());
        std::sort(block.loops.begin(), block.loops.end());
        std::sort(block.knownLoops.begin(), block.knownLoops.end());
        for (int i : block.loops) {
            loopKnown[i] = true;
        }
        for (int d : block.driven) {
            drivenKnown[d] = true;
        }
        block.size = static_cast<int>(block.rows.size());
        plan.push_back(std::move(block));
    };

    for (;;) {
        // the first determinate subsystem, if any
        int next = -1;
        Pending pending;
        int remaining = 0;
        for (int j = 0; j < nSub; ++j) {
            if (solved[j]) {
                continue;
            }
            ++remaining;
            Pending p = pendingOn(model, j, driven, loopKnown, drivenKnown);
            if (next < 0 && p.count(model) == model.subsystems[j].nv) {
                next = j;
                pending = std::move(p);
            }
        }
        if (remaining == 0) {
            break;
        }
        if (next >= 0) {
            SubsystemBlock block;
            block.subsystems = {next};
            block.loops = pending.loops;
            block.driven = pending.driven;
            finish(block);
            continue;
        }
        // all remaining indeterminate: one block over all of them (the system approach)
        SubsystemBlock block;
        block.fallback = true;
        for (int j = 0; j < nSub; ++j) {
            if (!solved[j]) {
                block.subsystems.push_back(j);
                const Pending p = pendingOn(model, j, driven, loopKnown, drivenKnown);
                appendUnique(block.loops, p.loops);
                appendUnique(block.driven, p.driven);
            }
        }
        std::sort(block.driven.begin(), block.driven.end());
        finish(block);
    }
    return plan;
}

std::vector<int> blockSizes(const std::vector<SubsystemBlock>& plan) {
    std::vector<int> sizes;
    for (const SubsystemBlock& block : plan) {
        sizes.push_back(block.size);
    }
    return sizes;
}

} // namespace sslm
