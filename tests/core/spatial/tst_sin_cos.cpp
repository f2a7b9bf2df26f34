// SPDX-License-Identifier: MIT
// planar::sinCos against the long-double C library: within 2.5 ulp over the angles a
// simulation meets (and far beyond), the library's values for huge and non-finite arguments,
// and exact quadrant values.

#include <cmath>
#include <limits>
#include <random>

#include <QtTest>

#include "core/spatial/sin_cos.hpp"

#include "tests/test_main.hpp"

namespace tst_sin_cos {

namespace {

/// |approx − exact| in units of the last place of the double nearest `exact`.
double ulpError(double approx, long double exact) {
    const double nearest = static_cast<double>(exact);
    const double ulp = std::nextafter(std::abs(nearest), std::numeric_limits<double>::infinity()) -
                       std::abs(nearest);
    return static_cast<double>(std::abs(static_cast<long double>(approx) - exact)) / ulp;
}

} // namespace

class TestSinCos : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void withinTwoAndAHalfUlp() {
        std::mt19937_64 rng(3);
        for (double range : {1.0, 10.0, 1e3, 1e6}) {
            std::uniform_real_distribution<double> uniform(-range, range);
            double worst = 0;
            for (int i = 0; i < 200000; ++i) {
                const double x = uniform(rng);
                double s = 0;
                double c = 0;
                sslm::planar::sinCos(x, s, c);
                const long double xl = x;
                worst = std::max({worst, ulpError(s, std::sin(xl)), ulpError(c, std::cos(xl))});
            }
            QVERIFY2(worst < 2.5, qPrintable(QString("range %1: %2 ulp").arg(range).arg(worst)));
        }
    }

    void quadrantsAndSpecialArguments() {
        double s = 1;
        double c = 0;
        sslm::planar::sinCos(0.0, s, c);
        QCOMPARE(s, 0.0);
        QCOMPARE(c, 1.0);
        sslm::planar::sinCos(M_PI, s, c);
        QVERIFY(std::abs(s - std::sin(M_PI)) < 1e-30 + 1e-16 && std::abs(c + 1.0) < 1e-16);
        sslm::planar::sinCos(1e300, s, c); // beyond the reduction: the C library's values
        QCOMPARE(s, std::sin(1e300));
        QCOMPARE(c, std::cos(1e300));
        sslm::planar::sinCos(std::numeric_limits<double>::quiet_NaN(), s, c);
        QVERIFY(std::isnan(s) && std::isnan(c));
    }
};

SSLM_TEST_APPLESS_MAIN(TestSinCos)
} // namespace tst_sin_cos
#include "tst_sin_cos.moc"
