// SPDX-License-Identifier: MIT
#pragma once

// What the statics verbs (equilibrium, modes) share: their coordinate options, --hold
// COORD=VALUE (a coordinate locked at a value, rad or m) and --sweep COORD=FROM:TO:N (N values
// from FROM to TO inclusive), and their start: the file compiled and assembled.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

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

/// Where a statics verb starts: the file's model, its assembled initial pose (nq), the holds
/// and the time as options.
struct StaticsStart {
    std::shared_ptr<const Model> model;
    Eigen::VectorXd pose;
    EquilibriumOptions options;
};

/// Loads `file` with the --cut option, assembles its initial state and parses `holds`; empty
/// when one of them fails, the reason written to stderr (prefixed "sslm <verb>:" or the file).
std::optional<StaticsStart> startStatics(const std::string& verb,
                                         const std::string& file,
                                         const std::optional<std::string>& cuts,
                                         const std::vector<std::string>& holds,
                                         double time);

} // namespace sslm::cli
