// SPDX-License-Identifier: MIT
#include "core/sim/simulation_summary_json.hpp"

#include "core/dynamics/run_outcome_json.hpp"

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
                                   {"max_energy_error", summary.maxEnergyError}};
    appendRunOutcome(json, summary);
    json["warning"] = summary.warning;
    if (!summary.reduction.empty()) {
        json["reduction"] = summary.reduction;
    }
    return json;
}

} // namespace sslm
