// SPDX-License-Identifier: MIT
#pragma once

// The keys every run summary ends with, forward (sim/simulation_summary_json.hpp) or inverse
// (inverse/inverse_table.hpp): how near a singular pose the run came, the shaking it put on the
// frame, and whether it reached its end.

#include <nlohmann/json_fwd.hpp>

#include "core/dynamics/run_outcome.hpp"

namespace sslm {

/// Appends, in this order: min_conditioning, min_conditioning_time (s),
/// shaking_force_rms, shaking_force_peak (N), shaking_moment_rms, shaking_moment_peak (N·m),
/// ok, message.
void appendRunOutcome(nlohmann::ordered_json& json, const RunOutcome& outcome);

} // namespace sslm
