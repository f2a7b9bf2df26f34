// SPDX-License-Identifier: MIT
#pragma once

// Names of runs by what tells them apart: "Run 1 · slider_crank.json" for the first run of a
// document, "Run 2 · cuts J3,J5,J7" when only the cut set differs from the run before it,
// "Run 3 · inverse, rtol 1e-06" and so on, short enough to stay whole in a plot's legend.

#include <QString>

namespace sslm::ui {

class SimulationRun;

/// "Run <id>" and what differs from `previous` (null: the first run, or one of another
/// document: `documentLabel`, else the mechanism's name): the document, the cut set, the run
/// kind, the solver, the integrator, the tolerances, the end time, the sample interval and the
/// stabilisation, in that order; nothing when all are the same.
QString
describeRun(const SimulationRun& run, const SimulationRun* previous, const QString& documentLabel);

} // namespace sslm::ui
