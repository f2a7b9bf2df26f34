// SPDX-License-Identifier: MIT
#pragma once

// Writes a run's stored samples as the CSV of `sslm simulate` (core/sim/sample_csv.hpp): the
// same columns in the same order, numbers in shortest round-trip form.

#include <QString>

#include "ui/sim/simulation_run.hpp"

namespace sslm::ui {

/// Writes every sample stored so far to `path`; false with the reason in `error` on failure.
bool writeSamplesCsv(const SimulationRun& run, const QString& path, QString* error = nullptr);

} // namespace sslm::ui
