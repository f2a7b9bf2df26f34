// SPDX-License-Identifier: MIT
#pragma once

// A whole simulation run computed synchronously on the calling thread, stored like the
// background runs of SimulationController (a SimulationRun with its SampleStore and summary),
// for the command line and tests that export or inspect a finished run.

#include <memory>

#include <QString>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/sim/simulation.hpp"
#include "ui/sim/simulation_run.hpp"

namespace sslm::ui {

/// Simulates from (q0, qd0) to settings.tEnd. The run ends Finished, or Failed with the core's
/// message in its summary (thrown exceptions included); null only for a null model.
std::shared_ptr<SimulationRun> simulateRun(std::shared_ptr<const Model> model,
                                           const SimulationSettings& settings,
                                           const Eigen::VectorXd& q0,
                                           const Eigen::VectorXd& qd0,
                                           const QString& name = QStringLiteral("Run 1"));

} // namespace sslm::ui
