// SPDX-License-Identifier: MIT
#pragma once

// Whether a cut choice is usable: it compiles (one cut per independent loop, leaving a spanning
// tree) and the file's initial state assembles with it. Qt-free; one compile and one assembly,
// a few milliseconds, so the graph view validates every click at once.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm::ui {

struct CutSetEvaluation {
    std::shared_ptr<const Model> model; ///< null when the choice is not usable
    int dofAtPose = -1;                 ///< nv − rank J at the assembled pose; -1 when unknown
    /// Why the choice is not usable: the compiler's diagnostics (naming the loop left closed or
    /// the body separated, with the fix) or the assembly failure. Empty when usable.
    std::string problem;

    bool ok() const { return model != nullptr; }
};

/// Compiles `spec` with `cuts` (empty list: automatic choice; unset: the file's cuts) and
/// assembles its initial state.
CutSetEvaluation evaluateCutSet(const MechanismSpec& spec,
                                const std::optional<std::vector<std::string>>& cuts);

/// Names of the model's cut joints, in loop order.
std::vector<std::string> cutJointNames(const Model& model);

/// "J1, J2 and J3".
std::string listNames(const std::vector<std::string>& names);

} // namespace sslm::ui
