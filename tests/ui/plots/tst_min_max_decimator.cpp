// SPDX-License-Identifier: MIT
// MinMaxDecimator, which thins a curve to at most two points per pixel column: each column keeps
// exactly its lowest and highest point (so every peak survives), in x order; points fed in
// pieces give what one pass gives; points outside the range and an empty range are skipped.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include <QtTest>

#include "ui/plots/min_max_decimator.hpp"

#include "tests/test_main.hpp"

namespace tst_min_max_decimator {

using sslm::ui::MinMaxDecimator;

namespace {

struct Curve {
    std::vector<double> x;
    std::vector<double> y;
};

/// A chirp with noise-like detail: far more points than pixel columns, peaks everywhere.
Curve chirp(std::size_t n, double x0, double x1) {
    Curve curve;
    for (std::size_t i = 0; i < n; ++i) {
        const double x = x0 + (x1 - x0) * static_cast<double>(i) / static_cast<double>(n - 1);
        curve.x.push_back(x);
        curve.y.push_back(std::sin(2 * std::numbers::pi * x * x) + 0.3 * std::sin(97.0 * x));
    }
    return curve;
}

QList<QPointF> decimate(const Curve& curve, double x0, double x1, int columns) {
    MinMaxDecimator decimator;
    decimator.reset(x0, x1, columns);
    decimator.add(curve.x, curve.y, curve.x.size());
    QList<QPointF> points;
    decimator.appendPoints(points);
    return points;
}

} // namespace

class TestMinMaxDecimator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void keepsEachColumnsExtremesInXOrder() {
        const double x0 = 0.0;
        const double x1 = 10.0;
        const int columns = 200;
        const Curve curve = chirp(100000, x0, x1);
        const QList<QPointF> points = decimate(curve, x0, x1, columns);
        QVERIFY(points.size() <= 2 * columns);
        QVERIFY(points.size() >= columns); // every column has points
        for (qsizetype i = 1; i < points.size(); ++i) {
            QVERIFY2(points[i - 1].x() <= points[i].x(), "points out of x order");
        }

        // brute force: each column's lowest and highest y must be among the kept points
        std::vector<double> low(columns, HUGE_VAL);
        std::vector<double> high(columns, -HUGE_VAL);
        for (std::size_t i = 0; i < curve.x.size(); ++i) {
            const int c = std::clamp(static_cast<int>((curve.x[i] - x0) / (x1 - x0) * columns), 0,
                                     columns - 1);
            low[c] = std::min(low[c], curve.y[i]);
            high[c] = std::max(high[c], curve.y[i]);
        }
        for (int c = 0; c < columns; ++c) {
            const auto has = [&](double y) {
                return std::any_of(points.begin(), points.end(), [&](const QPointF& p) {
                    const int pc = std::clamp(static_cast<int>((p.x() - x0) / (x1 - x0) * columns),
                                              0, columns - 1);
                    return pc == c && p.y() == y;
                });
            };
            QVERIFY2(has(low[c]), qPrintable(QStringLiteral("column %1 lost its low").arg(c)));
            QVERIFY2(has(high[c]), qPrintable(QStringLiteral("column %1 lost its high").arg(c)));
        }
        const auto [minIt, maxIt] = std::minmax_element(curve.y.begin(), curve.y.end());
        const auto [keptMin, keptMax] =
            std::minmax_element(points.begin(), points.end(),
                                [](const QPointF& a, const QPointF& b) { return a.y() < b.y(); });
        QCOMPARE(keptMin->y(), *minIt);
        QCOMPARE(keptMax->y(), *maxIt);
    }

    void piecesGiveWhatOnePassGives() {
        const Curve curve = chirp(20000, 0.0, 4.0);
        const QList<QPointF> once = decimate(curve, 0.0, 4.0, 150);

        MinMaxDecimator decimator;
        decimator.reset(0.0, 4.0, 150);
        for (std::size_t n : {std::size_t{1}, std::size_t{999}, std::size_t{7000},
                              std::size_t{7001}, curve.x.size()}) {
            decimator.add(curve.x, curve.y, n);
            QCOMPARE(decimator.processed(), n);
        }
        QList<QPointF> pieces;
        decimator.appendPoints(pieces);
        QCOMPARE(pieces, once);
    }

    void fewPointsAreKeptAsTheyAre() {
        const Curve curve{{0.0, 1.0, 2.0}, {5.0, -1.0, 3.0}};
        const QList<QPointF> points = decimate(curve, 0.0, 2.0, 100);
        QCOMPARE(points, (QList<QPointF>{{0.0, 5.0}, {1.0, -1.0}, {2.0, 3.0}}));
    }

    void outsideTheRangeAndEmptyRangesAreSkipped() {
        const Curve curve = chirp(1000, -1.0, 3.0);
        const QList<QPointF> inside = decimate(curve, 0.0, 1.0, 50);
        QVERIFY(!inside.isEmpty());
        for (const QPointF& p : inside) {
            QVERIFY(p.x() >= 0.0 && p.x() <= 1.0);
        }
        QVERIFY(decimate(curve, 1.0, 1.0, 50).isEmpty());
        QVERIFY(decimate(curve, 5.0, 6.0, 50).isEmpty());
    }

    void matchesItsRangeAndWidth() {
        MinMaxDecimator decimator;
        decimator.reset(0.0, 2.0, 300, 40);
        QCOMPARE(decimator.processed(), std::size_t{40});
        QVERIFY(decimator.matches(0.0, 2.0, 300));
        QVERIFY(!decimator.matches(0.0, 2.5, 300));
        QVERIFY(!decimator.matches(0.0, 2.0, 301));
    }
};

SSLM_TEST_GUILESS_MAIN(TestMinMaxDecimator)
} // namespace tst_min_max_decimator
#include "tst_min_max_decimator.moc"
