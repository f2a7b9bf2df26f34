// SPDX-License-Identifier: MIT
#pragma once

// Opening a mechanism file for the application: read and validate the JSON, compile it with
// the file's cut joints, and assemble the initial state. Problems come back as readable text
// (the core's diagnostics name the place and the fix), never as exceptions.

#include <memory>
#include <optional>

#include <QString>

#include <Eigen/Core>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/model.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm::ui {

struct LoadedMechanism {
    QString path;                             ///< absolute path of the file
    std::shared_ptr<const sslm::Model> model; ///< compiled with the file's cuts
    Eigen::VectorXd q0;                       ///< assembled initial coordinates (nv)
    Eigen::VectorXd qd0;                      ///< consistent initial rates (nv)
    sslm::AssemblyReport assembly;            ///< how the assembly went
    QString warnings;                         ///< non-fatal diagnostics, one per line
};

struct LoadOutcome {
    std::optional<LoadedMechanism> mechanism; ///< set on success
    QString error;                            ///< why it failed, one diagnostic per line
    /// The file's description when it was read but does not compile: an unfinished drawing,
    /// to be finished in the editor.
    std::optional<MechanismSpec> unfinished;
};

/// Loads, compiles and assembles the file. A pose that cannot be assembled is not an error
/// (the mechanism is shown as far as it closes); it is reported in `warnings`.
LoadOutcome loadMechanism(const QString& path);

/// Validates, compiles (with the spec's cuts) and assembles a description that is already in
/// memory (an edited or recovered document); `path` is where it is saved (may be empty).
LoadOutcome compileMechanism(const MechanismSpec& spec, const QString& path);

} // namespace sslm::ui
