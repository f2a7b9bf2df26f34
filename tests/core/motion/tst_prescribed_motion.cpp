// SPDX-License-Identifier: MIT
// Prescribed motion laws: q̇ and q̈ against central differences of q and q̇, boundary values of
// the rest-to-rest laws, tables through their points, the spline's end conditions, periodic
// repetition (continuous, accumulating the net displacement), and input validation.

#include <cmath>
#include <stdexcept>

#include <QtTest>

#include "core/motion/prescribed_motion.hpp"

#include "tests/test_main.hpp"

namespace tst_prescribed_motion {

using namespace sslm;

namespace {

constexpr double kExactTol = 1e-12;     // closed-form values at the boundaries
constexpr double kStep = 1e-5;          // s, central differences
constexpr double kDifferenceTol = 1e-6; // relative; O(h²) error of a central difference

/// Max relative error of q̇ and q̈ against central differences of q and q̇ at t.
double derivativeError(const MotionLaw& law, double t) {
    const MotionValue at = motionAt(law, t);
    const MotionValue before = motionAt(law, t - kStep);
    const MotionValue after = motionAt(law, t + kStep);
    const double rate = (after.q - before.q) / (2.0 * kStep);
    const double acceleration = (after.qd - before.qd) / (2.0 * kStep);
    const double rateError = std::abs(rate - at.qd) / std::max(1.0, std::abs(at.qd));
    const double accelerationError =
        std::abs(acceleration - at.qdd) / std::max(1.0, std::abs(at.qdd));
    return std::max(rateError, accelerationError);
}

const std::vector<std::pair<double, double>> kTable = {{0.0, 0.0}, {0.3, 0.4}, {0.5, 1.1},
                                                       {1.2, 2.0}, {1.5, 1.7}, {2.0, 2.5}};

/// One crank revolution at a varying speed, 0 → 2π, for periodic repetition.
const std::vector<std::pair<double, double>> kCrankTable = {
    {0.0, 0.0}, {0.25, 1.2}, {0.5, 3.0}, {0.8, 4.6}, {1.0, 2.0 * M_PI}};

} // namespace

class TestPrescribedMotion : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void derivativesMatchFiniteDifferences_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("constant speed") << 0;
        QTest::newRow("3-4-5 polynomial") << 1;
        QTest::newRow("cycloidal") << 2;
        QTest::newRow("natural spline") << 3;
        QTest::newRow("periodic spline, repeated") << 4;
        QTest::newRow("repeated cycloidal (indexing)") << 5;
        QTest::newRow("linear table (rate only)") << 6;
    }

    void derivativesMatchFiniteDifferences() {
        QFETCH(int, which);
        const MotionLaw laws[] = {
            constantSpeed(0.3, 4.7124),
            polynomial345(-0.5, 1.5, 0.2, 1.3),
            cycloidal(2.0, -1.0, 0.1, 0.7),
            cubicSplineTable(kTable, SplineEnds::Natural),
            repeated(cubicSplineTable(kCrankTable, SplineEnds::Periodic), 1.0),
            repeated(cycloidal(0.0, M_PI / 2.0, 0.0, 0.6), 1.0),
            linearTable(kTable),
        };
        const MotionLaw& law = laws[which];
        QVERIFY(motionLawError(law).empty());
        double worst = 0;
        for (double t = -0.37; t < 3.3; t += 0.0731) {
            if (which == 6) {
                // piecewise linear: q̇ is the slope, q̈ = 0 away from the knots
                const MotionValue at = motionAt(law, t);
                const double rate =
                    (motionAt(law, t + kStep).q - motionAt(law, t - kStep).q) / (2.0 * kStep);
                bool nearKnot = false;
                for (const auto& point : kTable) {
                    nearKnot = nearKnot || std::abs(t - point.first) < 2.0 * kStep;
                }
                if (!nearKnot) {
                    worst = std::max(worst, std::abs(rate - at.qd));
                }
                QCOMPARE(at.qdd, 0.0);
                continue;
            }
            worst = std::max(worst, derivativeError(law, t));
        }
        qInfo("%s: worst relative derivative error %.3g", describeMotionLaw(law).c_str(), worst);
        QVERIFY2(worst < kDifferenceTol, qPrintable(QString::number(worst)));
    }

    void pointToPointBoundaryValues() {
        for (const MotionLaw& law :
             {polynomial345(0.4, 2.9, 1.0, 0.5), cycloidal(0.4, 2.9, 1.0, 0.5)}) {
            const MotionValue begin = motionAt(law, 1.0);
            const MotionValue end = motionAt(law, 1.5);
            QVERIFY(std::abs(begin.q - 0.4) < kExactTol);
            QVERIFY(std::abs(end.q - 2.9) < kExactTol);
            for (const MotionValue& v : {begin, end}) {
                QVERIFY(std::abs(v.qd) < kExactTol);
                QVERIFY(std::abs(v.qdd) < kExactTol);
            }
            // just inside: rest is approached smoothly, and the middle is the half-way point
            QVERIFY(std::abs(motionAt(law, 1.0 + 1e-6).qd) < 1e-4);
            QVERIFY(std::abs(motionAt(law, 1.25).q - 1.65) < kExactTol);
            // held before and after
            QCOMPARE(motionAt(law, 0.0).q, 0.4);
            QCOMPARE(motionAt(law, 9.0).q, 2.9);
            QCOMPARE(motionAt(law, 9.0).qd, 0.0);
        }
        // peak rates: 15/8 and 2 times the mean rate
        const double mean = 2.5 / 0.5;
        QVERIFY(std::abs(motionAt(polynomial345(0.4, 2.9, 1.0, 0.5), 1.25).qd - 1.875 * mean) <
                1e-9);
        QVERIFY(std::abs(motionAt(cycloidal(0.4, 2.9, 1.0, 0.5), 1.25).qd - 2.0 * mean) < 1e-9);
    }

    void tablesPassThroughTheirPoints() {
        const MotionLaw linear = linearTable(kTable);
        const MotionLaw natural = cubicSplineTable(kTable, SplineEnds::Natural);
        for (const auto& [t, value] : kTable) {
            QVERIFY(std::abs(motionAt(linear, t).q - value) < kExactTol);
            QVERIFY(std::abs(motionAt(natural, t).q - value) < kExactTol);
        }
        // natural ends, and C² inside
        QVERIFY(std::abs(motionAt(natural, 0.0).qdd) < kExactTol);
        QVERIFY(std::abs(motionAt(natural, 2.0).qdd) < kExactTol);
        for (std::size_t i = 1; i + 1 < kTable.size(); ++i) {
            const double t = kTable[i].first;
            const MotionValue left = motionAt(natural, t - 1e-9);
            const MotionValue right = motionAt(natural, t + 1e-9);
            QVERIFY(std::abs(left.qd - right.qd) < 1e-6);
            QVERIFY(std::abs(left.qdd - right.qdd) < 1e-6);
        }
        // held outside the table
        QCOMPARE(motionAt(natural, -1.0).q, 0.0);
        QCOMPARE(motionAt(natural, 5.0).q, 2.5);
        QCOMPARE(motionAt(linear, 5.0).qd, 0.0);
        // a spline through points on a line is that line
        const MotionLaw line = cubicSplineTable({{0, 1}, {1, 3}, {2.5, 6}, {3, 7}});
        QVERIFY(std::abs(motionAt(line, 1.7).q - 4.4) < kExactTol);
        QVERIFY(std::abs(motionAt(line, 1.7).qd - 2.0) < kExactTol);
    }

    void periodicSplineRepeatsSmoothly() {
        // a crank table from 0 to 2π: repeated, it advances 2π per period with q̇, q̈ continuous
        const MotionLaw crank = repeated(cubicSplineTable(kCrankTable, SplineEnds::Periodic), 1.0);
        for (int k = -2; k <= 3; ++k) {
            const MotionValue left = motionAt(crank, k - 1e-9);
            const MotionValue right = motionAt(crank, k + 1e-9);
            QVERIFY(std::abs(right.q - 2.0 * M_PI * k) < 1e-8);
            QVERIFY(std::abs(left.q - right.q) < 1e-7);
            QVERIFY(std::abs(left.qd - right.qd) < 1e-6);
            QVERIFY(std::abs(left.qdd - right.qdd) < 1e-6);
        }
        // the three-point minimum closes too
        const MotionLaw small =
            cubicSplineTable({{0.0, 0.0}, {0.4, 1.0}, {1.0, 0.0}}, SplineEnds::Periodic);
        QVERIFY(std::abs(motionAt(small, 0.0).qd - motionAt(small, 1.0).qd) < 1e-12);
        QVERIFY(std::abs(motionAt(small, 0.0).qdd - motionAt(small, 1.0).qdd) < 1e-12);
    }

    void repetitionOfConstantSpeedIsConstantSpeed() {
        const MotionLaw plain = constantSpeed(0.2, 4.7124);
        const MotionLaw periodic = repeated(plain, 2.0 * M_PI / 4.7124);
        for (double t = -3.0; t < 5.0; t += 0.377) {
            QVERIFY(std::abs(motionAt(plain, t).q - motionAt(periodic, t).q) < 1e-12);
            QCOMPARE(motionAt(periodic, t).qd, 4.7124);
        }
        // an indexing motion: a quarter turn per second, dwelling in between
        const MotionLaw indexing = repeated(cycloidal(0.0, M_PI / 2.0, 0.0, 0.6), 1.0);
        QVERIFY(std::abs(motionAt(indexing, 2.8).q - M_PI * 1.5) < kExactTol);
        QCOMPARE(motionAt(indexing, 2.8).qd, 0.0);
    }

    void invalidLawsAreRejectedWithAReason() {
        const auto message = [](auto&& build) {
            try {
                build();
            } catch (const std::invalid_argument& e) {
                return QString::fromUtf8(e.what());
            }
            return QString();
        };
        QVERIFY(message([] { polynomial345(0, 1, 0, 0); }).contains("positive duration"));
        QVERIFY(message([] { cycloidal(0, 1, 0, -1); }).contains("positive duration"));
        QVERIFY(message([] { linearTable({{0, 0}}); }).contains("at least 2"));
        QVERIFY(message([] {
                    cubicSplineTable({{0, 0}, {1, 1}}, SplineEnds::Periodic);
                }).contains("at least 3"));
        QVERIFY(message([] { linearTable({{0, 0}, {1, 1}, {1, 2}}); }).contains("point 3"));
        QVERIFY(message([] { repeated(constantSpeed(0, 1), 0.0); }).contains("period"));
        MotionLaw unbuilt;
        unbuilt.kind = MotionLawKind::CubicSpline;
        unbuilt.times = {0, 1};
        unbuilt.values = {0, 1};
        QVERIFY(QString::fromStdString(motionLawError(unbuilt)).contains("cubicSplineTable"));
    }
};

SSLM_TEST_APPLESS_MAIN(TestPrescribedMotion)
} // namespace tst_prescribed_motion
#include "tst_prescribed_motion.moc"
