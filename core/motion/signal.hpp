// SPDX-License-Identifier: MIT
#pragma once

// Evaluation of the scalar time signals of actuators and reference motions.

#include "core/motion/prescribed_motion.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm {

/// A signal ready to evaluate: a spline's knot second derivatives are solved once, here, so
/// value() and rate() are pure and do not allocate.
class Signal {
public:
    Signal() = default;
    /// Precondition: `spec` passes validateSpec (a table or spline has increasing times).
    explicit Signal(SignalSpec spec);

    /// s(t) (the signal's unit) at time t (s).
    double value(double t) const;
    /// ds/dt at time t (unit/s); for a table, the slope of the segment containing t; 0 outside a
    /// table or spline.
    double rate(double t) const;

    const SignalSpec& spec() const { return m_spec; }

private:
    SignalSpec m_spec;
    MotionLaw m_spline; ///< the spline's knots and second derivatives (Spline kind only)
};

} // namespace sslm
