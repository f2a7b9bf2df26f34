// SPDX-License-Identifier: MIT
#pragma once

// A simulation's summary as JSON, one writer for `sslm simulate --summary-json` and a study's
// or the Python module's run table: the model and cuts, the settings, the run's counts and
// time, its constraint violations and energy error, the loops' conditioning, the shaking
// force and moment, and the outcome.

#include <nlohmann/json.hpp>

#include "core/model/model.hpp"
#include "core/sim/simulation.hpp"

namespace sslm {

/// The summary of a run of `model` with `settings` that gave `samples` samples, keys in a fixed
/// order: model, solver, integrator, stabilisation, cuts, t_end (s), rtol, atol, end_time (s),
/// steps, rhs_calls, stop_events, samples, wall_seconds, max_position_violation,
/// max_velocity_violation, max_energy_error (J), min_conditioning, min_conditioning_time (s),
/// shaking_{force,moment}_{rms,peak} (N, N·m), ok, message, warning, and reduction when RCR
/// reported one.
nlohmann::ordered_json simulationSummaryJson(const Model& model,
                                             const SimulationSettings& settings,
                                             const SimulationSummary& summary,
                                             long samples);

} // namespace sslm
