// SPDX-License-Identifier: MIT
#pragma once

// The statics verbs' coordinate options: --hold COORD=VALUE (a coordinate locked at a value,
// rad or m) and --sweep COORD=FROM:TO:N (N values from FROM to TO inclusive).

#include <optional>
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/statics/static_equilibrium.hpp"

namespace sslm::cli {

/// The holds of `items` ("theta1=0.5"); empty with the reason in `error` when an item is not
/// COORD=VALUE or names no free coordinate of `model` (a cut joint's coordinate, a typo).
std::optional<std::vector<CoordinateHold>>
parseHolds(const Model& model, const std::vector<std::string>& items, std::string& error);

struct Sweep {
    int coordinate = -1; ///< index in q̇
    std::vector<double> values;
};

/// The sweep of `text` ("theta1=0:6.283:73"); empty with the reason in `error`.
std::optional<Sweep> parseSweep(const Model& model, const std::string& text, std::string& error);

} // namespace sslm::cli
