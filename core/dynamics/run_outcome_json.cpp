// SPDX-License-Identifier: MIT
#include "core/dynamics/run_outcome_json.hpp"

#include <nlohmann/json.hpp>

namespace sslm {

void appendRunOutcome(nlohmann::ordered_json& json, const RunOutcome& outcome) {
    json["min_conditioning"] = outcome.minConditioning;
    json["min_conditioning_time"] = outcome.minConditioningTime;
    json["shaking_force_rms"] = outcome.shaking.force().rms;
    json["shaking_force_peak"] = outcome.shaking.force().peak;
    json["shaking_moment_rms"] = outcome.shaking.moment().rms;
    json["shaking_moment_peak"] = outcome.shaking.moment().peak;
    json["ok"] = outcome.ok;
    json["message"] = outcome.message;
}

} // namespace sslm
