// SPDX-License-Identifier: MIT
#pragma once

// The table of an inverse-dynamics run, shared by `sslm inverse` (its CSV) and the Python
// module: t, q.<coord>…, qd.<coord>…, tau.<driven coord>…, then planar lambda.<cut>.x/.y
// (.normal/.moment for a prismatic cut), reaction.<joint>.x/.y (+ .moment) for every joint in
// file order, shaking.force.x/.y, shaking.moment; spatial reaction.<joint>.fx/.fy/.fz/.mx/.my/.mz
// for every joint, shaking.force.x/.y/.z, shaking.moment.x/.y/.z.

#include <string>
#include <vector>

#include "core/inverse/inverse_run.hpp"
#include "core/model/model.hpp"

namespace sslm {

/// Column names, in order.
std::vector<std::string> inverseColumns(const Model& model,
                                        const std::vector<DrivenMotion>& motions);

/// The values of one row for `sample` in the order of inverseColumns (`values` cleared first).
void inverseValues(const Model& model, const InverseSample& sample, std::vector<double>& values);

/// The run's summary as a JSON object (`sslm inverse --summary-json`, the Python module's
/// summary): model, method, cuts, driven motions, times, samples, plan, max |Φ|, conditioning,
/// ok and message; `indent` as nlohmann::json::dump (−1: one line).
std::string inverseSummaryJson(const Model& model,
                               const std::vector<DrivenMotion>& motions,
                               const InverseRunSettings& settings,
                               const InverseRunSummary& summary,
                               int indent = -1);

} // namespace sslm
