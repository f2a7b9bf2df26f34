// SPDX-License-Identifier: MIT
#include "core/motion/prescribed_motion.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/util/text.hpp"

namespace sslm {

namespace {

constexpr double kTwoPi = 2.0 * M_PI;

/// `law`, or std::invalid_argument saying why it cannot be evaluated.
MotionLaw validated(MotionLaw law) {
    if (std::string error = motionLawError(law); !error.empty()) {
        throw std::invalid_argument(error);
    }
    return law;
}

MotionLaw tableLaw(MotionLawKind kind, const std::vector<std::pair<double, double>>& points) {
    MotionLaw law;
    law.kind = kind;
    for (const auto& [t, value] : points) {
        law.times.push_back(t);
        law.values.push_back(value);
    }
    return law;
}

/// Solves the tridiagonal system sub·x[i−1] + diag·x[i] + super·x[i+1] = rhs (Thomas
/// algorithm; the spline systems are strictly diagonally dominant). Overwrites rhs with x.
void solveTridiagonal(const std::vector<double>& sub,
                      std::vector<double> diag,
                      const std::vector<double>& super,
                      std::vector<double>& rhs) {
    const std::size_t n = rhs.size();
    for (std::size_t i = 1; i < n; ++i) {
        const double factor = sub[i] / diag[i - 1];
        diag[i] -= factor * super[i - 1];
        rhs[i] -= factor * rhs[i - 1];
    }
    rhs[n - 1] /= diag[n - 1];
    for (std::size_t i = n - 1; i-- > 0;) {
        rhs[i] = (rhs[i] - super[i] * rhs[i + 1]) / diag[i];
    }
}

/// Knot accelerations of the spline through (times, values): the moment equations
/// h_{i−1} M_{i−1} + 2(h_{i−1} + h_i) M_i + h_i M_{i+1} = 6 (d_i − d_{i−1}), d_i the slope of
/// segment i, with M_0 = M_n = 0 (natural) or wrapping around (periodic: M_n = M_0, and the
/// slope before knot 0 is that of the last segment).
std::vector<double>
splineAccelerations(const std::vector<double>& t, const std::vector<double>& y, SplineEnds ends) {
    const std::size_t segments = t.size() - 1;
    std::vector<double> h(segments);
    std::vector<double> slope(segments);
    for (std::size_t i = 0; i < segments; ++i) {
        h[i] = t[i + 1] - t[i];
        slope[i] = (y[i + 1] - y[i]) / h[i];
    }
    std::vector<double> accelerations(t.size(), 0.0);
    // unknowns M_1 … M_{n−1} (natural), or M_0 … M_{n−1} in a cyclic tridiagonal system
    const bool natural = ends == SplineEnds::Natural;
    const std::size_t n = natural ? segments - 1 : segments;
    if (n == 0) {
        return accelerations;
    }
    std::vector<double> sub(n);
    std::vector<double> diag(n);
    std::vector<double> super(n);
    std::vector<double> rhs(n);
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = natural ? k + 1 : k; // row k: the moment equation of knot i
        const std::size_t before = natural ? i - 1 : (i + n - 1) % n;
        sub[k] = h[before];
        diag[k] = 2.0 * (h[before] + h[i]);
        super[k] = h[i];
        rhs[k] = 6.0 * (slope[i] - slope[before]);
    }
    if (natural) {
        solveTridiagonal(sub, diag, super, rhs);
        std::ranges::copy(rhs, accelerations.begin() + 1);
        return accelerations;
    }
    if (n == 2) {
        // both neighbours of each unknown are the other one
        const double offDiagonal = sub[0] + super[0];
        const double det = diag[0] * diag[1] - offDiagonal * offDiagonal;
        accelerations[0] = (diag[1] * rhs[0] - offDiagonal * rhs[1]) / det;
        accelerations[1] = (diag[0] * rhs[1] - offDiagonal * rhs[0]) / det;
    } else {
        // Sherman–Morrison: A = T + u vᵀ with the corners moved into u vᵀ
        const double corner = sub[0]; // A(0, n−1) = A(n−1, 0) = h_{n−1}
        const double gamma = -diag[0];
        std::vector<double> tDiag = diag;
        tDiag[0] -= gamma;
        tDiag[n - 1] -= corner * corner / gamma;
        std::vector<double> subT = sub;
        std::vector<double> superT = super;
        subT[0] = 0.0;
        superT[n - 1] = 0.0;
        std::vector<double> u(n, 0.0);
        u[0] = gamma;
        u[n - 1] = corner;
        solveTridiagonal(subT, tDiag, superT, rhs);
        solveTridiagonal(subT, tDiag, superT, u);
        const double vDotY = rhs[0] + corner / gamma * rhs[n - 1];
        const double vDotZ = u[0] + corner / gamma * u[n - 1];
        const double factor = vDotY / (1.0 + vDotZ);
        for (std::size_t i = 0; i < n; ++i) {
            accelerations[i] = rhs[i] - factor * u[i];
        }
    }
    accelerations[n] = accelerations[0];
    return accelerations;
}

/// s(u), s'(u), s''(u) of a rest-to-rest profile on u ∈ [0, 1].
MotionValue restToRestProfile(MotionLawKind kind, double u) {
    if (kind == MotionLawKind::Polynomial345) {
        const double u2 = u * u;
        const double u3 = u2 * u;
        return {u3 * (10.0 - 15.0 * u + 6.0 * u2), 30.0 * u2 * (1.0 - 2.0 * u + u2),
                60.0 * u * (1.0 - 3.0 * u + 2.0 * u2)};
    }
    return {u - std::sin(kTwoPi * u) / kTwoPi, 1.0 - std::cos(kTwoPi * u),
            kTwoPi * std::sin(kTwoPi * u)};
}

MotionValue pointToPointAt(const MotionLaw& law, double t) {
    if (t <= law.startTime) {
        return {law.start, 0.0, 0.0};
    }
    if (t >= law.startTime + law.duration) {
        return {law.end, 0.0, 0.0};
    }
    const double rise = law.end - law.start;
    const double u = (t - law.startTime) / law.duration;
    const MotionValue s = restToRestProfile(law.kind, u);
    return {law.start + rise * s.q, rise * s.qd / law.duration,
            rise * s.qdd / (law.duration * law.duration)};
}

MotionValue tableAt(const MotionLaw& law, double t) {
    const std::vector<double>& times = law.times;
    const std::vector<double>& values = law.values;
    if (t < times.front()) {
        return {values.front(), 0.0, 0.0};
    }
    if (t > times.back()) {
        return {values.back(), 0.0, 0.0};
    }
    // segment i with times[i] ≤ t < times[i + 1] (the last one includes its end)
    const auto after = std::upper_bound(times.begin(), times.end(), t);
    const std::size_t i =
        std::min<std::size_t>(static_cast<std::size_t>(after - times.begin()), times.size() - 1) -
        1;
    const double h = times[i + 1] - times[i];
    const double slope = (values[i + 1] - values[i]) / h;
    if (law.kind == MotionLawKind::LinearTable) {
        return {values[i] + slope * (t - times[i]), slope, 0.0};
    }
    // cubic on the segment from its end values and end accelerations
    const double a = (times[i + 1] - t) / h;
    const double b = 1.0 - a;
    const double mi = law.accelerations[i];
    const double mj = law.accelerations[i + 1];
    return {a * values[i] + b * values[i + 1] +
                ((a * a * a - a) * mi + (b * b * b - b) * mj) * h * h / 6.0,
            slope - (3.0 * a * a - 1.0) / 6.0 * h * mi + (3.0 * b * b - 1.0) / 6.0 * h * mj,
            a * mi + b * mj};
}

/// The law without its repetition.
MotionValue baseMotionAt(const MotionLaw& law, double t) {
    switch (law.kind) {
    case MotionLawKind::ConstantSpeed:
        return {law.start + law.speed * (t - law.startTime), law.speed, 0.0};
    case MotionLawKind::Polynomial345:
    case MotionLawKind::Cycloidal:
        return pointToPointAt(law, t);
    case MotionLawKind::LinearTable:
    case MotionLawKind::CubicSpline:
        return tableAt(law, t);
    }
    return {};
}

std::string tableError(const MotionLaw& law) {
    if (law.times.size() != law.values.size()) {
        return "the table has " + std::to_string(law.times.size()) + " times but " +
               std::to_string(law.values.size()) + " values";
    }
    const std::size_t minimum =
        law.kind == MotionLawKind::CubicSpline && law.ends == SplineEnds::Periodic ? 3 : 2;
    if (law.times.size() < minimum) {
        return "the table needs at least " + std::to_string(minimum) + " points, it has " +
               std::to_string(law.times.size());
    }
    for (std::size_t i = 0; i < law.times.size(); ++i) {
        if (!std::isfinite(law.times[i]) || !std::isfinite(law.values[i])) {
            return "table point " + std::to_string(i + 1) + " is not a finite number";
        }
        if (i > 0 && !(law.times[i] > law.times[i - 1])) {
            return "table times must increase strictly: point " + std::to_string(i + 1) +
                   " (t = " + text::number(law.times[i], 6) + " s) does not come after point " +
                   std::to_string(i) + " (t = " + text::number(law.times[i - 1], 6) + " s)";
        }
    }
    if (law.kind == MotionLawKind::CubicSpline && law.accelerations.size() != law.times.size()) {
        return "the spline's knot accelerations are missing: build it with cubicSplineTable()";
    }
    return {};
}

const char* kindName(MotionLawKind kind) {
    static constexpr std::pair<MotionLawKind, const char*> kNames[] = {
        {MotionLawKind::ConstantSpeed, "constant speed"},
        {MotionLawKind::Polynomial345, "3-4-5 polynomial"},
        {MotionLawKind::Cycloidal, "cycloidal"},
        {MotionLawKind::LinearTable, "linear table"},
        {MotionLawKind::CubicSpline, "cubic spline"}};
    return text::nameIn(kNames, kind);
}

} // namespace

MotionLaw constantSpeed(double start, double speed, double startTime) {
    MotionLaw law;
    law.kind = MotionLawKind::ConstantSpeed;
    law.start = start;
    law.speed = speed;
    law.startTime = startTime;
    return validated(std::move(law));
}

MotionLaw polynomial345(double start, double end, double startTime, double duration) {
    MotionLaw law;
    law.kind = MotionLawKind::Polynomial345;
    law.start = start;
    law.end = end;
    law.startTime = startTime;
    law.duration = duration;
    return validated(std::move(law));
}

MotionLaw cycloidal(double start, double end, double startTime, double duration) {
    MotionLaw law = polynomial345(start, end, startTime, duration);
    law.kind = MotionLawKind::Cycloidal;
    return law;
}

MotionLaw linearTable(const std::vector<std::pair<double, double>>& points) {
    return validated(tableLaw(MotionLawKind::LinearTable, points));
}

MotionLaw cubicSplineTable(const std::vector<std::pair<double, double>>& points, SplineEnds ends) {
    MotionLaw law = tableLaw(MotionLawKind::CubicSpline, points);
    law.ends = ends;
    law.accelerations.assign(law.times.size(), 0.0); // sized, so that only the table is checked
    law = validated(std::move(law));
    law.accelerations = splineAccelerations(law.times, law.values, ends);
    return law;
}

MotionLaw repeated(MotionLaw law, double period, double periodStart) {
    law.period = period;
    law.periodStart = periodStart;
    if (!(period > 0.0) || !std::isfinite(period)) {
        throw std::invalid_argument("the repetition period must be positive, it is " +
                                    text::number(period, 6) + " s");
    }
    return validated(std::move(law));
}

std::string motionLawError(const MotionLaw& law) {
    if (law.period < 0.0 || !std::isfinite(law.period) || !std::isfinite(law.periodStart)) {
        return "the repetition period must be positive (or 0 for none), it is " +
               text::number(law.period, 6) + " s";
    }
    switch (law.kind) {
    case MotionLawKind::ConstantSpeed:
        if (!std::isfinite(law.start) || !std::isfinite(law.speed) ||
            !std::isfinite(law.startTime)) {
            return "the constant-speed law has a value that is not a finite number";
        }
        return {};
    case MotionLawKind::Polynomial345:
    case MotionLawKind::Cycloidal:
        if (!(law.duration > 0.0) || !std::isfinite(law.duration)) {
            return std::string("the ") + kindName(law.kind) +
                   " motion needs a positive duration, it is " + text::number(law.duration, 6) +
                   " s";
        }
        if (!std::isfinite(law.start) || !std::isfinite(law.end) || !std::isfinite(law.startTime)) {
            return std::string("the ") + kindName(law.kind) +
                   " motion has a value that is not a finite number";
        }
        return {};
    case MotionLawKind::LinearTable:
    case MotionLawKind::CubicSpline:
        return tableError(law);
    }
    return "unknown motion law";
}

MotionValue motionAt(const MotionLaw& law, double t) {
    if (law.period <= 0.0) {
        return baseMotionAt(law, t);
    }
    // t = periodStart + k·period + local, local ∈ [0, period)
    const double elapsed = t - law.periodStart;
    double repetitions = std::floor(elapsed / law.period);
    double local = elapsed - repetitions * law.period;
    if (local >= law.period) { // rounding just below a period boundary
        local -= law.period;
        repetitions += 1.0;
    }
    const double shift =
        baseMotionAt(law, law.periodStart + law.period).q - baseMotionAt(law, law.periodStart).q;
    MotionValue value = baseMotionAt(law, law.periodStart + std::max(local, 0.0));
    value.q += repetitions * shift;
    return value;
}

std::string describeMotionLaw(const MotionLaw& law) {
    std::string text = kindName(law.kind);
    switch (law.kind) {
    case MotionLawKind::ConstantSpeed:
        text += " " + text::number(law.speed, 6) + "/s from " + text::number(law.start, 6) +
                " at t = " + text::number(law.startTime, 6) + " s";
        break;
    case MotionLawKind::Polynomial345:
    case MotionLawKind::Cycloidal:
        text += " from " + text::number(law.start, 6) + " to " + text::number(law.end, 6) +
                " during [" + text::number(law.startTime, 6) + ", " +
                text::number(law.startTime + law.duration, 6) + "] s";
        break;
    case MotionLawKind::LinearTable:
    case MotionLawKind::CubicSpline:
        text += ", " + std::to_string(law.times.size()) + " points over [" +
                text::number(law.times.empty() ? 0.0 : law.times.front(), 6) + ", " +
                text::number(law.times.empty() ? 0.0 : law.times.back(), 6) + "] s";
        if (law.kind == MotionLawKind::CubicSpline) {
            text += law.ends == SplineEnds::Natural ? ", natural ends" : ", periodic ends";
        }
        break;
    }
    if (law.period > 0.0) {
        text += ", repeated every " + text::number(law.period, 6) + " s";
    }
    return text;
}

} // namespace sslm
