// SPDX-License-Identifier: MIT
#pragma once

// The driven motions of an inverse-dynamics run from their text, the syntax of `sslm inverse`'s
// --speed and --motion options (and of the Python module's speed= and motion=):
//   speed  "COORD=OMEGA"  COORD turns at a constant OMEGA (rad/s or m/s) from its value in q0;
//   motion "COORD=LAW"    COORD follows LAW from its value in q0: cycloidal:END:DURATION,
//                         poly345:END:DURATION, constant:SPEED, table:FILE, spline:FILE or
//                         spline-periodic:FILE, each optionally followed by @PERIOD.
// Without either, the file's actuated coordinates turn at their initial rates.

#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/inverse/inverse_run.hpp"
#include "core/model/model.hpp"

namespace sslm {

/// The driven coordinates and their laws from `speeds` ("COORD=OMEGA") and `laws`
/// ("COORD=LAW"), else from the file's actuators at their initial rates; empty, with the reason
/// in `message` (naming --speed or --motion and the item), when impossible. `q0` is the
/// assembled initial pose (nq()). A table file that cannot be read is a message too;
/// a malformed table throws std::invalid_argument.
std::optional<std::vector<DrivenMotion>> drivenMotions(const Model& model,
                                                       const std::vector<std::string>& speeds,
                                                       const std::vector<std::string>& laws,
                                                       const Eigen::VectorXd& q0,
                                                       std::string& message);

/// The motions of a run that gives no laws: the actuated coordinates or, when the file has no
/// actuator, its independent (input) coordinates (`inputs` set true), each at constant speed,
/// its rate in qd0 (nv), from its value in q0 (nq()). Empty, with the reason in
/// `message`, when one cannot be prescribed (a spherical joint's, an actuator problem).
std::optional<std::vector<DrivenMotion>> initialRateMotions(const Model& model,
                                                            const Eigen::VectorXd& q0,
                                                            const Eigen::VectorXd& qd0,
                                                            std::string& message,
                                                            bool* inputs = nullptr);

/// One cycle of the motions (s): 2π/|ω| of constant-speed revolute drives at one speed, or a
/// repeating law's period (the same for all); 0 when there is none.
double cyclePeriod(const Model& model, const std::vector<DrivenMotion>& motions);

} // namespace sslm
