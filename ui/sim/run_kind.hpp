// SPDX-License-Identifier: MIT
#pragma once

// What a run computes: forward dynamics with the model's actuators, inverse dynamics of a
// prescribed motion, or the paper's forced simulation (the prescribed motion's inverse torques
// driving the forward dynamics), and what the last two prescribe.

#include <vector>

#include <QString>

#include "core/inverse/forced_drive.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/inverse/inverse_run.hpp"

namespace sslm::ui {

enum class RunKind {
    Forward, ///< forward dynamics with the model's actuators
    Inverse, ///< driving forces, cut multipliers and every joint's reaction for a motion
    Forced,  ///< forward dynamics driven by the motion's inverse torques; tracking deviation
};

/// "Forward dynamics", "Inverse dynamics", "Forced simulation".
QString runKindText(RunKind kind);

/// The prescribed motion of an inverse or forced run.
struct PrescribedDrive {
    std::vector<DrivenMotion> motions; ///< one per driven coordinate (as many as the DOF)
    InverseMethod method = InverseMethod::Subsystem;
    /// Sample interval of a forced run's torque history (s); the forward run interpolates it.
    double historyInterval = 1e-3;
    ForcedDriveGains gains; ///< forced run: PD correction about the motion (0: open loop)

    /// The driven coordinates (indices in q), motions order.
    std::vector<int> drivenCoordinates() const;
};

} // namespace sslm::ui
