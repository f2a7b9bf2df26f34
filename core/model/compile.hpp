// SPDX-License-Identifier: MIT
#pragma once

// Spec → Model: validates the description, chooses or checks the cut joints, builds the
// spanning tree, subsystems, loops and their block patterns. Problems come back as
// diagnostics naming the element and the fix; nothing here throws on bad input.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/spec/mechanism_spec.hpp"
#include "core/topology/mechanism_graph.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm {

struct CompileOptions {
    /// Cut joints by name, overriding the spec's list; an empty list asks for the automatic
    /// choice. Unset means: the spec's list, or automatic when the spec has none.
    std::optional<std::vector<std::string>> cuts;
};

struct CompileResult {
    std::shared_ptr<const Model> model; ///< null when there is an error
    Diagnostics diagnostics;

    bool ok() const { return model != nullptr; }
};

CompileResult compileModel(const MechanismSpec& spec, const CompileOptions& options = {});

/// The body/joint graph compileModel builds from a spec: node 0 the ground, node n the body
/// n − 1, one edge per joint in file order, actuated edges flagged. Precondition: every joint
/// names bodies of the spec (validateSpec passes).
MechanismGraph mechanismGraph(const MechanismSpec& spec);

/// The error for node `node` of `graph` (spec body node − 1), which no chain of joints connects
/// to the ground; it says whether any joint uses the body.
Diagnostic disconnectedBodyError(const MechanismSpec& spec, const MechanismGraph& graph, int node);

/// Moment of inertia about the COM of a uniform body of the given shape (kg·m²): a bar of the
/// largest point spacing, a lamina over the points' polygon, or a block of its size.
double uniformInertia(const BodySpec& body);

/// Inertia tensor about the COM, body frame (kg·m²), of a spatial body without one: a solid
/// round bar of diameter L/10 along the longest chord L between its points.
Eigen::Matrix3d uniformInertiaTensor(const BodySpec& body);

} // namespace sslm
