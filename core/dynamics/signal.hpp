// SPDX-License-Identifier: MIT
#pragma once

// Evaluation of the scalar time signals of actuators and reference motions.

#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// s(t) (the signal's unit) at time t (s).
double signalValue(const SignalSpec& signal, double t);

/// ds/dt at time t (unit/s); for a table, the slope of the segment containing t (0 outside).
double signalRate(const SignalSpec& signal, double t);

} // namespace sslm
