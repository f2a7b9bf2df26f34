// SPDX-License-Identifier: MIT
#pragma once

// Writes a run's stored samples as CSV, numbers in shortest round-trip form: a forward run with
// the columns of `sslm simulate` (core/sim/sample_csv.hpp) in the same order; an inverse or
// forced run with every stored column under its plot name (tau.*, reaction.<joint>.*,
// deviation.*, ...).

#include <QString>

#include "ui/sim/simulation_run.hpp"

namespace sslm::ui {

/// Writes every sample stored so far to `path`; false with the reason in `error` on failure.
bool writeSamplesCsv(const SimulationRun& run, const QString& path, QString* error = nullptr);

} // namespace sslm::ui
