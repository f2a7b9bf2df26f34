// SPDX-License-Identifier: MIT
#pragma once

// File ▸ Export ▸ Python Script: a script for the `sslm` Python module that reproduces the
// mechanism as it is in the window (the document, cut joints included) and the run panel's
// settings: a forward run with the panel's solver, integrator, tolerances, step, sample
// interval and stabilisation, or the inverse dynamics of the same driven coordinates and
// speeds. It writes the run's columns as a CSV named after the script, then prints the summary.

#include <string>
#include <utility>
#include <vector>

#include <QString>

#include "core/sim/simulation.hpp"
#include "core/spec/mechanism_spec.hpp"
#include "ui/sim/run_kind.hpp"

namespace sslm::ui {

struct PythonScriptRun {
    RunKind kind = RunKind::Forward;
    SimulationSettings settings;   ///< the run panel's
    std::vector<std::string> cuts; ///< the cut joints in use
    /// Inverse (and forced) runs: each driven coordinate with its speed (rad/s or m/s).
    std::vector<std::pair<std::string, double>> speeds;
    bool unsavedEdits = false; ///< the document differs from its file
};

/// The script's text for `spec` (saved at `sourcePath`, empty if never) and `run`.
QString
pythonScript(const MechanismSpec& spec, const QString& sourcePath, const PythonScriptRun& run);

} // namespace sslm::ui
