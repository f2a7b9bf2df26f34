// SPDX-License-Identifier: MIT
#pragma once

// Which joints and body poses are fixed by the coordinates an assembly already knows (the
// inputs, and the loops solved before): what the closed-form loop solvers check before they
// take a loop.

#include <vector>

#include "core/model/model.hpp"

namespace sslm {

/// Every coordinate of a tree joint known (a cut joint has none and is not known).
inline bool isKnown(const Joint& joint, const std::vector<bool>& known) {
    if (joint.isCut()) {
        return false;
    }
    for (int c = 0; c < joint.coordinateCount; ++c) {
        if (!known[joint.coordinate + c]) {
            return false;
        }
    }
    return true;
}

/// Whether every joint between `body` and the ground is known, so that its pose is.
inline bool poseKnown(const Model& model, int body, const std::vector<bool>& known) {
    for (int b = body; model.bodies[b].treeJoint >= 0; b = model.bodies[b].parent) {
        if (!isKnown(model.joints[model.bodies[b].treeJoint], known)) {
            return false;
        }
    }
    return true;
}

} // namespace sslm
