// SPDX-License-Identifier: MIT
#pragma once

// Simulation ▸ Next Assembly Mode's listing of the modes: core's assemblyModes on a worker
// thread, so that the window stays live for the seconds a long ladder takes (200 Newton
// guesses on all its loops). A progress dialog over the window says how far it is after
// 300 ms, and its Cancel stops the listing after the assembly being tried.

#include <memory>
#include <optional>
#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"

class QWidget;

namespace sslm::ui {

/// The assembly modes of `model` at the inputs of the assembled positions `q` (nq; the first
/// mode is q's own assembly), listed off the GUI thread with a window-modal progress dialog
/// over `parent`; nullopt when the user cancels.
std::optional<std::vector<Eigen::VectorXd>>
listAssemblyModes(std::shared_ptr<const Model> model, Eigen::VectorXd q, QWidget* parent);

} // namespace sslm::ui
