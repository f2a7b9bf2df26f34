// SPDX-License-Identifier: MIT
#include "core/sim/simulation_summary_json.hpp"

namespace sslm {

nlohmann::ordered_json simulationSummaryJson(const Model& model,
                                             const SimulationSettings& settings,
                                             const SimulationSummary& summary,
                                             long samples) {
    nlohmann::ordered_json json = {{"model", model.name},
                                   {"solver", solverName(settings.solver)},
                                   {"integrator", integratorName(settings.integrator)},
                                   {"stabilisation", stabilisationName(settings.stabilisation)},
                                   {"cuts", cutNames(model)},
                                   {"t_end", settings.tEnd},
                                   {"rtol", settings.rtol},
                                   {"atol", settings.atol},
                                   {"end_time", summary.endTime},
                                   {"steps", summary.steps},
                                   {"rhs_calls", summary.rhsCalls},
                                   {"stop_events", summary.stopEvents},
                                   {"samples", samples},
                                   {"wall_seconds", summary.wallSeconds},
                                   {"max_position_violation", summary.maxPositionViolation},
                                   {"max_velocity_violation", summary.maxVelocityViolation},
                                   {"max_energy_error", summary.maxEnergyError},
                                   {"min_conditioning", summary.minConditioning},
                                   {"min_conditioning_time", summary.minConditioningTime},
                                   {"shaking_force_rms", summary.shaking.force().rms},
                                   {"shaking_force_peak", summary.shaking.force().peak},
                                   {"shaking_moment_rms", summary.shaking.moment().rms},
                                   {"shaking_moment_peak", summary.shaking.moment().peak},
                                   {"ok", summary.ok},
                                   {"message", summary.message},
                                   {"warning", summary.warning}};
    if (!summary.reduction.empty()) {
        json["reduction"] = summary.reduction;
    }
    return json;
}

} // namespace sslm
