// SPDX-License-Identifier: MIT
#pragma once

// The --moment-about option the verbs that report the shaking wrench share (simulate, inverse,
// balance): the point the shaking moment is taken about, "X,Y" for a planar mechanism or
// "X,Y,Z" for a spatial one (m, ground frame W); the ground origin when it is not given.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <Eigen/Core>

#include "core/model/model.hpp"

namespace sslm::cli {

/// Adds --moment-about to `command`, read into `values`.
void addMomentPointOption(CLI::App* command, std::vector<double>& values);

/// The point `values` give for `model` (the origin when empty); an error message naming the
/// option and what it wants when they do not fit the mechanism.
std::string
momentPointFrom(const std::vector<double>& values, const Model& model, Eigen::Vector3d& point);

} // namespace sslm::cli
