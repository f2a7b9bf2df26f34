// SPDX-License-Identifier: MIT
#include "core/motion/signal.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace sslm {

namespace {

/// Index of the table segment [i, i+1] containing t, or −1 outside the table.
int tableSegment(const SignalSpec& signal, double t) {
    const auto& table = signal.table;
    if (table.size() < 2 || t < table.front().first || t > table.back().first) {
        return -1;
    }
    const auto it = std::upper_bound(table.begin(), table.end(), t,
                                     [](double x, const auto& point) { return x < point.first; });
    const auto index = static_cast<int>(it - table.begin()) - 1;
    return std::min(index, static_cast<int>(table.size()) - 2);
}

} // namespace

Signal::Signal(SignalSpec spec) : m_spec(std::move(spec)) {
    if (m_spec.kind == SignalSpec::Kind::Spline && m_spec.table.size() >= 2) {
        m_spline = cubicSplineTable(m_spec.table, SplineEnds::Natural);
    }
}

double Signal::value(double t) const {
    const SignalSpec& signal = m_spec;
    switch (signal.kind) {
    case SignalSpec::Kind::Zero:
        return 0.0;
    case SignalSpec::Kind::Constant:
        return signal.value;
    case SignalSpec::Kind::Linear:
        return signal.value + signal.rate * t;
    case SignalSpec::Kind::Sinusoid:
        return signal.value +
               signal.amplitude * std::sin(2.0 * M_PI * signal.frequency * t + signal.phase);
    case SignalSpec::Kind::Table: {
        const auto& table = signal.table;
        if (table.empty()) {
            return 0.0;
        }
        if (t <= table.front().first) {
            return table.front().second;
        }
        if (t >= table.back().first) {
            return table.back().second;
        }
        const int i = tableSegment(signal, t);
        const auto& [t0, v0] = table[i];
        const auto& [t1, v1] = table[i + 1];
        return v0 + (v1 - v0) * (t - t0) / (t1 - t0);
    }
    case SignalSpec::Kind::Spline:
        if (m_spline.times.empty()) { // a single point
            return signal.table.empty() ? 0.0 : signal.table.front().second;
        }
        return motionAt(m_spline, t).q;
    }
    return 0.0;
}

double Signal::rate(double t) const {
    const SignalSpec& signal = m_spec;
    switch (signal.kind) {
    case SignalSpec::Kind::Zero:
    case SignalSpec::Kind::Constant:
        return 0.0;
    case SignalSpec::Kind::Linear:
        return signal.rate;
    case SignalSpec::Kind::Sinusoid: {
        const double w = 2.0 * M_PI * signal.frequency;
        return signal.amplitude * w * std::cos(w * t + signal.phase);
    }
    case SignalSpec::Kind::Table: {
        const int i = tableSegment(signal, t);
        if (i < 0) {
            return 0.0;
        }
        const auto& [t0, v0] = signal.table[i];
        const auto& [t1, v1] = signal.table[i + 1];
        return (v1 - v0) / (t1 - t0);
    }
    case SignalSpec::Kind::Spline:
        return m_spline.times.empty() ? 0.0 : motionAt(m_spline, t).qd;
    }
    return 0.0;
}

} // namespace sslm
