// SPDX-License-Identifier: MIT
// Actuator signals: each kind's value and rate; a spline signal passes through its points, is C²
// (matches a smooth function to fourth order in its spacing) and is held constant outside.

#include <cmath>

#include <QtTest>

#include "core/motion/signal.hpp"

#include "tests/test_main.hpp"

namespace tst_signal {

using namespace sslm;

class TestSignal : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void kindsValueAndRate() {
        SignalSpec spec;
        QCOMPARE(Signal(spec).value(3.0), 0.0);
        spec.kind = SignalSpec::Kind::Linear;
        spec.value = 2;
        spec.rate = -0.5;
        QCOMPARE(Signal(spec).value(4.0), 0.0);
        QCOMPARE(Signal(spec).rate(4.0), -0.5);
        spec.kind = SignalSpec::Kind::Sinusoid;
        spec.amplitude = 3;
        spec.frequency = 0.25;
        spec.phase = 0;
        QVERIFY(std::abs(Signal(spec).value(1.0) - 5.0) < 1e-14);
        QVERIFY(std::abs(Signal(spec).rate(0.0) - 3 * 0.5 * M_PI) < 1e-14);
        spec.kind = SignalSpec::Kind::Table;
        spec.table = {{0, 0}, {1, 2}, {2, 0}};
        QCOMPARE(Signal(spec).value(0.5), 1.0);
        QCOMPARE(Signal(spec).rate(1.5), -2.0);
        QCOMPARE(Signal(spec).value(5.0), 0.0);
    }

    // sin(3t) sampled every h: the natural spline's error inside the table falls as h⁴ away from
    // the ends, its rate is the derivative, and it holds its end values outside.
    void splineThroughSamplesOfASmoothFunction() {
        double previousError = 0;
        for (const double h : {0.02, 0.01}) {
            SignalSpec spec;
            spec.kind = SignalSpec::Kind::Spline;
            for (double t = 0; t <= 2.0 + 1e-12; t += h) {
                spec.table.emplace_back(t, std::sin(3 * t));
            }
            const Signal signal(spec);
            double error = 0;
            double rateError = 0;
            for (double t = 0.5; t <= 1.5; t += 0.0013) {
                error = std::max(error, std::abs(signal.value(t) - std::sin(3 * t)));
                rateError = std::max(rateError, std::abs(signal.rate(t) - 3 * std::cos(3 * t)));
            }
            for (const auto& [t, value] : spec.table) {
                QCOMPARE(signal.value(t), value);
            }
            qInfo("h = %g: value error %.3g, rate error %.3g", h, error, rateError);
            QVERIFY(error < 2e-7);
            QVERIFY(rateError < 1e-4);
            if (previousError > 0) {
                QVERIFY(previousError / error > 10); // ~16 for fourth order
            }
            previousError = error;
            QCOMPARE(signal.value(-1.0), 0.0);
            QCOMPARE(signal.value(9.0), spec.table.back().second);
            QCOMPARE(signal.rate(9.0), 0.0);
        }
    }

    void splineWithOnePointIsConstant() {
        SignalSpec spec;
        spec.kind = SignalSpec::Kind::Spline;
        spec.table = {{1.0, 4.0}};
        QCOMPARE(Signal(spec).value(0.0), 4.0);
        QCOMPARE(Signal(spec).rate(0.0), 0.0);
    }
};

SSLM_TEST_APPLESS_MAIN(TestSignal)
} // namespace tst_signal
#include "tst_signal.moc"
