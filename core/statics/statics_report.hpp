// SPDX-License-Identifier: MIT
#pragma once

// How statics results are written, shared by `sslm equilibrium`, `sslm modes` and the Python
// module, so that every reader sees the same names:
// - an equilibrium as JSON: {"coordinates": {name: value, …} (every position entry, rad or m),
//   "independent": [names], "held": {name: value}, "holding_effort": {name: N·m or N},
//   "residual": max |f| (N·m or N), "stable": bool, "stiffness_eigenvalues": [ascending],
//   "stiffness_asymmetry", "iterations", "reactions": {joint: {"force": [x, y, z] (N, W),
//   "moment": [x, y, z] (N·m about "point"), "point": [x, y, z] (m, W)}}};
// - the vibration modes as JSON: {"rest": <equilibrium>, "coordinates": [the free minimal
//   coordinates], "method": how K and C were found, "stiffness_accuracy",
//   "damping_accuracy", "mass", "stiffness", "damping" (row-major lists), "modes": [{"mode": 1,
//   "frequency_hz", "omega_squared" (1/s²), "damping_ratio", "stable", "shape": {name: value}
//   (φᵀ M φ = 1), "coordinate_shape": {name: rate} (every coordinate, N φ)}],
//   "eigenvalues": [{"re", "im"} (1/s)]};
// - a holding-effort curve as CSV columns: "hold.<coord>" (rad or m), "effort.<coord>" (N·m
//   or N), "residual" (N·m or N), "stable" (1/0), "ok" (1/0), "q.<name>" for every position
//   entry, and every joint's reaction as the inverse table names it (reaction.<joint>.x/.y,
//   .moment; in space .fx … .mz). A failed pose has ok = 0 and its other cells empty.

#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/statics/holding_effort.hpp"
#include "core/statics/static_equilibrium.hpp"
#include "core/statics/vibration_modes.hpp"

namespace sslm {

/// The equilibrium as a JSON object; `indent` as nlohmann::json::dump (−1: one line).
std::string equilibriumJson(const Model& model, const Equilibrium& rest, int indent = -1);

/// Several equilibria as {"equilibria": [<equilibrium>, …]}.
std::string
equilibriaJson(const Model& model, const std::vector<Equilibrium>& all, int indent = -1);

/// The modes as a JSON object.
std::string vibrationJson(const Model& model, const VibrationAnalysis& analysis, int indent = -1);

/// The holding curve's CSV columns for holding `coordinate` (index in q̇).
std::vector<std::string> holdingColumns(const Model& model, int coordinate);

/// The values of a curve point in the order of holdingColumns (`values` cleared first); NaN
/// for what a failed pose does not have.
void holdingValues(const Model& model, const HoldingPoint& point, std::vector<double>& values);

/// One CSV line (no newline) of a curve point, in the order of holdingColumns, NaN cells empty.
std::string holdingRow(const Model& model, const HoldingPoint& point);

} // namespace sslm
