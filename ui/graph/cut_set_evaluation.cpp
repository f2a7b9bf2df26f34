// SPDX-License-Identifier: MIT
#include "ui/graph/cut_set_evaluation.hpp"

#include <cctype>

#include "core/edit/coordinate_names.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm::ui {

namespace {

std::string describeErrors(const Diagnostics& diagnostics) {
    std::string text;
    for (const Diagnostic& d : diagnostics) {
        if (!d.isError()) {
            continue;
        }
        if (!text.empty()) {
            text += '\n';
        }
        std::string sentence = d.message;
        if (!sentence.empty()) {
            sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
        }
        text += sentence + (d.hint.empty() ? "." : ": " + d.hint + ".");
    }
    return text;
}

} // namespace

CutSetEvaluation evaluateCutSet(const MechanismSpec& spec,
                                const std::optional<std::vector<std::string>>& cuts) {
    CutSetEvaluation out;
    // a joint the file cuts gets a coordinate name in the file's pattern, for the cut sets
    // that leave it uncut (theta8 beside theta1, not J8)
    MechanismSpec named = spec;
    nameCutCoordinates(named);
    const CompileResult compiled = compileModel(named, CompileOptions{.cuts = cuts});
    if (!compiled.ok()) {
        out.problem = describeErrors(compiled.diagnostics);
        return out;
    }
    const InitialState initial = assembleInitialState(*compiled.model);
    if (!initial.report.converged) {
        out.problem = "The initial pose cannot be assembled with the cuts " +
                      listNames(cutJointNames(*compiled.model)) + ": " + initial.report.message;
        return out;
    }
    Workspace ws(*compiled.model);
    updatePositions(*compiled.model, ws, initial.q);
    out.dofAtPose = mobilityAtPose(*compiled.model, ws).dof;
    out.model = compiled.model;
    return out;
}

std::vector<std::string> cutJointNames(const Model& model) {
    std::vector<std::string> names;
    for (int joint : model.cuts) {
        names.push_back(model.joints[joint].name);
    }
    return names;
}

std::string listNames(const std::vector<std::string>& names) {
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) {
            text += i + 1 == names.size() ? " and " : ", ";
        }
        text += names[i];
    }
    return names.empty() ? "none" : text;
}

} // namespace sslm::ui
