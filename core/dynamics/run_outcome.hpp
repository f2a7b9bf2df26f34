// SPDX-License-Identifier: MIT
#pragma once

// What every run over time reports when it ends, forward (sim/simulation.hpp) or inverse
// (inverse/inverse_run.hpp): whether it reached its end, how far the loops opened, how near a
// singular pose it came, and the shaking it put on the frame. Each run's summary adds its own
// counts to these.

#include <string>

#include "core/dynamics/shaking_wrench.hpp"

namespace sslm {

struct RunOutcome {
    bool ok = false;
    bool cancelled = false;
    /// Why the run stopped early: the time, what failed (matrix, loop, subsystem), what to do.
    std::string message;
    double endTime = 0; ///< s: the last accepted step (forward) or good sample (inverse)
    double wallSeconds = 0;
    double maxPositionViolation = 0; ///< max |Φ| over the samples (m, rad)
    /// Smallest conditioning of the loops over the accepted steps or samples (1: none or far
    /// from singular), and when it occurred (s).
    double minConditioning = 1.0;
    double minConditioningTime = 0;
    /// RMS and peak of the samples' shaking force and moment (about the settings' point).
    ShakingStatistics shaking;
};

} // namespace sslm
