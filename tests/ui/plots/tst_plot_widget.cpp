// SPDX-License-Identifier: MIT
// The live plots: samples fed into a run's store reach the curves (decimated to two points per
// pixel column, keeping the extremes, once there are more points than pixels); the auto-scale
// follows the data and gives way to the user's zoom; constraint violations get a log axis;
// the time cursor moves; PNG and SVG exports are valid files; the series chooser and the plot
// dock pick columns by name. With SSLM_SCREENSHOT_DIR set, the screenshot test writes
// plots_scraper*.png there (docs/images).

#include <cmath>
#include <memory>

#include <QChart>
#include <QImage>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QValueAxis>
#include <QtTest>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/spec_json.hpp"
#include "core/util/diagnostic.hpp"
#include "ui/plots/plot_dock.hpp"
#include "ui/plots/plot_widget.hpp"
#include "ui/plots/series_chooser.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"
#include "tests/ui/fixtures/charts.hpp"

namespace tst_plot_widget {

using namespace sslm;
using namespace sslm::ui;
using fixtures::loadExample;

namespace {

constexpr int kPlotWidth = 900; // px
constexpr int kPlotHeight = 520;

QStringList columnsOf(const SampleLayout& layout, SeriesFamily family) {
    QStringList names;
    for (const SampleColumn& column : layout.columns()) {
        if (column.family == family) {
            names.append(column.name);
        }
    }
    return names;
}

/// `plot` shown at kPlotWidth × kPlotHeight with `run` added and `columns` chosen.
void showRun(PlotWidget& plot,
             const std::shared_ptr<SimulationRun>& run,
             const QStringList& columns) {
    plot.resize(kPlotWidth, kPlotHeight);
    plot.show();
    plot.addRun(run);
    plot.setSelectedColumns(columns);
}

/// A run of `model` from its file's assembled initial state, with no samples yet.
std::shared_ptr<SimulationRun> newRun(const std::shared_ptr<const Model>& model,
                                      int id,
                                      const QString& name,
                                      const QColor& colour,
                                      const SimulationSettings& settings) {
    const InitialState initial = assembleInitialState(*model);
    return std::make_shared<SimulationRun>(id, name, colour, model, settings, initial.q,
                                           initial.qd);
}

/// A finished run of the scraper from its file's initial state, simulated here (no thread).
std::shared_ptr<SimulationRun> simulatedRun(const std::shared_ptr<const Model>& model,
                                            int id,
                                            double tEnd,
                                            double tolerance = 1e-10) {
    SimulationSettings settings;
    settings.tEnd = tEnd;
    settings.rtol = settings.atol = tolerance;
    settings.sampleInterval = 0.01;
    auto run = newRun(model, id, QStringLiteral("Run %1").arg(id), Qt::blue, settings);
    std::vector<double> row(static_cast<std::size_t>(run->layout().columnCount()));
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& s) {
        run->layout().fillRow(s, row.data());
        run->samples().append(row);
    };
    const SimulationSummary summary = simulate(*model, settings, run->q0(), run->qd0(), callbacks);
    run->setSummary(summary);
    run->setState(summary.ok ? RunState::Finished : RunState::Failed);
    return run;
}

/// Appends rows [from, to) of a synthetic signal: t = k·dt, every other column sin(ω t) + k0.
void appendSynthetic(SimulationRun& run, int from, int to, double dt) {
    std::vector<double> row(static_cast<std::size_t>(run.layout().columnCount()));
    for (int k = from; k < to; ++k) {
        const double t = k * dt;
        row[0] = t;
        for (std::size_t c = 1; c < row.size(); ++c) {
            row[c] = std::sin(7.0 * t + static_cast<double>(c)) + 1e-3 * static_cast<double>(c) +
                     1.5; // > 0, so that a log axis can show it
        }
        run.samples().append(row);
    }
}

double axisMin(QAbstractAxis* axis) {
    if (auto* log = qobject_cast<QLogValueAxis*>(axis)) {
        return log->min();
    }
    return qobject_cast<QValueAxis*>(axis)->min();
}

double axisMax(QAbstractAxis* axis) {
    if (auto* log = qobject_cast<QLogValueAxis*>(axis)) {
        return log->max();
    }
    return qobject_cast<QValueAxis*>(axis)->max();
}

/// Fraction of pixels that are not (nearly) white.
double inkFraction(const QImage& image) {
    long ink = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            ink += (c.red() + c.green() + c.blue() < 3 * 240) ? 1 : 0;
        }
    }
    return static_cast<double>(ink) / (static_cast<double>(image.width()) * image.height());
}

} // namespace

class TestPlotWidget : public QObject {
    Q_OBJECT

    std::shared_ptr<const Model> m_scraper;

private Q_SLOTS:
    void initTestCase() { m_scraper = loadExample("carpet_scraper.json"); }

    // rows appended to a live run's store reach the curves on refresh, value for value
    void feedingSamplesUpdatesSeries() {
        SimulationSettings settings;
        settings.tEnd = 2.0;
        auto run = newRun(m_scraper, 1, QStringLiteral("live"), Qt::red, settings);
        PlotWidget plot;
        plot.resize(kPlotWidth, kPlotHeight);
        plot.show();
        const QStringList q = columnsOf(run->layout(), SeriesFamily::Position);
        plot.setSelectedColumns(q);
        plot.addRun(run);
        QCOMPARE(plot.dataSeries().size(), q.size());
        for (QLineSeries* series : plot.dataSeries()) {
            QCOMPARE(series->count(), 0);
        }

        QSignalSpy refreshed(&plot, &PlotWidget::refreshed);
        appendSynthetic(*run, 0, 10, 0.01);
        plot.refresh();
        QCOMPARE(refreshed.count(), 1);
        for (QLineSeries* series : plot.dataSeries()) {
            QCOMPARE(series->count(), 10);
        }
        appendSynthetic(*run, 10, 35, 0.01);
        plot.refresh();
        const int column = run->layout().indexOf(q.front());
        QLineSeries* first = plot.dataSeries().front();
        QCOMPARE(first->count(), 35);
        QCOMPARE(first->at(34).x(), run->samples().value(34, 0));
        QCOMPARE(first->at(34).y(), run->samples().value(34, column));
        // a live run's time axis spans to t_end; the value axis holds every value
        QCOMPARE(qobject_cast<QValueAxis*>(plot.timeAxis())->max(), 2.0);
        double low = 1e300;
        double high = -1e300;
        for (QLineSeries* series : plot.dataSeries()) {
            for (const QPointF& p : series->points()) {
                low = std::min(low, p.y());
                high = std::max(high, p.y());
            }
        }
        QVERIFY(axisMin(plot.valueAxis()) <= low && axisMax(plot.valueAxis()) >= high);

        // the timer pulls on its own while the run is live
        appendSynthetic(*run, 35, 50, 0.01);
        QTRY_COMPARE(first->count(), 50);

        // a different choice rebuilds the curves from the stored samples
        plot.setSelectedColumns({QStringLiteral("energy.total"), QStringLiteral("nonexistent")});
        QCOMPARE(plot.dataSeries().size(), 1);
        QCOMPARE(plot.dataSeries().front()->count(), 50);
    }

    // more points than pixel columns: at most two per column, and the extremes are kept
    void decimatesToThePixelColumns() {
        SimulationSettings settings;
        settings.tEnd = 10.0;
        auto run = newRun(m_scraper, 1, QStringLiteral("dense"), Qt::red, settings);
        appendSynthetic(*run, 0, 100001, 1e-4);
        run->setState(RunState::Finished);
        PlotWidget plot;
        plot.resize(kPlotWidth, kPlotHeight);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        const QString name = QStringLiteral("energy.kinetic");
        plot.setSelectedColumns({name});
        plot.addRun(run);
        QLineSeries* series = plot.dataSeries().front();
        const int columns = static_cast<int>(plot.chart()->plotArea().width());
        QVERIFY(columns > 100);
        QVERIFY2(series->count() <= 2 * columns + 2,
                 qPrintable(
                     QStringLiteral("%1 points for %2 columns").arg(series->count()).arg(columns)));
        const int column = run->layout().indexOf(name);
        const SampleBlock all = run->samples().snapshotSince(0, std::vector<int>{column});
        const auto [lo, hi] = std::minmax_element(all.columns[0].begin(), all.columns[0].end());
        double low = 1e300;
        double high = -1e300;
        for (const QPointF& p : series->points()) {
            low = std::min(low, p.y());
            high = std::max(high, p.y());
        }
        QCOMPARE(low, *lo);
        QCOMPARE(high, *hi);
        qInfo("100001 samples drawn as %d points over %d pixel columns", series->count(), columns);

        // zoomed to a tenth of the time, the curve is drawn from the raw samples again
        plot.chart()->zoomIn(QRectF(plot.chart()->plotArea().left(), plot.chart()->plotArea().top(),
                                    plot.chart()->plotArea().width() / 100.0,
                                    plot.chart()->plotArea().height()));
        QVERIFY(!plot.isAutoScaling());
        const auto* time = qobject_cast<QValueAxis*>(plot.timeAxis());
        const int visible = static_cast<int>(std::round((time->max() - time->min()) / 1e-4));
        QVERIFY(series->count() >= visible && series->count() <= visible + 3);
        plot.resetZoom();
        QVERIFY(plot.isAutoScaling());
        QCOMPARE(time->min(), 0.0);
        QCOMPARE(time->max(), 10.0);
    }

    void logAxisForViolations() {
        const auto run = simulatedRun(m_scraper, 1, 1.0, 1e-6);
        PlotWidget plot;
        showRun(plot, run,
                {QStringLiteral("violation.position"), QStringLiteral("violation.velocity")});
        QVERIFY(plot.isLogarithmic());
        auto* log = qobject_cast<QLogValueAxis*>(plot.valueAxis());
        QVERIFY(log);
        QCOMPARE(plot.valueAxis()->type(), QAbstractAxis::AxisTypeLogValue);
        QCOMPARE(log->base(), 10.0);
        QVERIFY(plot.valueAxis()->titleText().contains(QStringLiteral("(m, m/s)")));
        // whole decades around the positive values; no zero or negative point reaches the axis
        double low = 1e300;
        double high = 0;
        for (QLineSeries* series : plot.dataSeries()) {
            QVERIFY(series->count() > 0);
            QVERIFY(series->attachedAxes().contains(log));
            for (const QPointF& p : series->points()) {
                QVERIFY(p.y() > 0);
                low = std::min(low, p.y());
                high = std::max(high, p.y());
            }
        }
        QVERIFY(log->min() <= low && log->max() >= high);
        const double decadeLow = std::log10(log->min());
        QCOMPARE(decadeLow, std::round(decadeLow));
        qInfo("violations from %.3g to %.3g on a log axis %.0e to %.0e", low, high, log->min(),
              log->max());

        // a linear family brings the linear axis back
        plot.setSelectedColumns({QStringLiteral("energy.total")});
        QVERIFY(!plot.isLogarithmic());
        QCOMPARE(plot.valueAxis()->type(), QAbstractAxis::AxisTypeValue);
        QVERIFY(plot.dataSeries().front()->attachedAxes().contains(plot.valueAxis()));
    }

    void exportsValidFiles() {
        const auto run = simulatedRun(m_scraper, 1, 1.0);
        PlotWidget plot;
        showRun(plot, run, columnsOf(run->layout(), SeriesFamily::Position));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());

        const QString png = dir.filePath(QStringLiteral("plot.png"));
        QVERIFY(plot.exportPng(png, QSize(1200, 700)));
        QImage image;
        QVERIFY(image.load(png));
        QCOMPARE(image.size(), QSize(1200, 700));
        const double ink = inkFraction(image);
        QVERIFY2(ink > 0.01 && ink < 0.6, qPrintable(QString::number(ink)));

        const QString svg = dir.filePath(QStringLiteral("plot.svg"));
        QVERIFY(plot.exportSvg(svg, QSize(1000, 600)));
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.viewBox(), QRect(0, 0, 1000, 600));

        // the view is laid out at its own size again afterwards
        QVERIFY(std::abs(plot.chart()->size().width() - plot.width()) < 2);
        QVERIFY(!plot.exportPng(dir.filePath(QStringLiteral("missing/dir/plot.png"))));
        QTest::ignoreMessage(QtWarningMsg,
                             QRegularExpression(QStringLiteral("QSvgPaintEngine::begin")));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("QPainter::begin")));
        QVERIFY(!plot.exportSvg(dir.filePath(QStringLiteral("missing/dir/plot.svg"))));
    }

    // A short chart (a plot dock in a 1280×800 window) keeps its height for the curves: no
    // title, the legend at the side, tick labels whole; the title comes back when it is tall,
    // and an export of the short chart still has it.
    void shortChartsGiveTheirHeightToTheCurves() {
        const auto run = simulatedRun(m_scraper, 1, 1.0);
        PlotWidget plot;
        plot.resize(620, 190);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.addRun(run);
        plot.setSelectedColumns(columnsOf(run->layout(), SeriesFamily::Position));
        QApplication::processEvents();
        QVERIFY(plot.chart()->title().isEmpty());
        QCOMPARE(plot.chart()->legend()->alignment(), Qt::AlignRight);
        const double shortPlotHeight = plot.chart()->plotArea().height();
        plot.resize(620, 400);
        QApplication::processEvents();
        QVERIFY(plot.chart()->title().contains(QStringLiteral("Carpet scraping mechanism")));
        plot.resize(620, 190);
        QApplication::processEvents();
        QCOMPARE(plot.chart()->plotArea().height(), shortPlotHeight);
        QVERIFY2(shortPlotHeight > 60, qPrintable(QString::number(shortPlotHeight)));
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("short.svg"));
        QVERIFY(plot.exportSvg(svg, QSize(1000, 200))); // a short export keeps it too
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("Carpet scraping mechanism"));
        QVERIFY(plot.chart()->title().isEmpty()); // the view is short again after the export
    }

    void timeCursorMoves() {
        const auto run = simulatedRun(m_scraper, 1, 1.0);
        PlotWidget plot;
        showRun(plot, run, columnsOf(run->layout(), SeriesFamily::Rate));
        QLineSeries* cursor = plot.cursorSeries();
        QVERIFY(!cursor->isVisible());
        QVERIFY(!plot.dataSeries().contains(cursor));
        for (QLegendMarker* marker : plot.chart()->legend()->markers(cursor)) {
            QVERIFY(!marker->isVisible());
        }

        plot.setTimeCursor(0.25);
        QVERIFY(cursor->isVisible());
        QCOMPARE(cursor->count(), 2);
        QCOMPARE(cursor->at(0).x(), 0.25);
        QCOMPARE(cursor->at(1).x(), 0.25);
        QCOMPARE(cursor->at(0).y(), axisMin(plot.valueAxis()));
        QCOMPARE(cursor->at(1).y(), axisMax(plot.valueAxis()));
        plot.setTimeCursor(0.75);
        QCOMPARE(cursor->at(0).x(), 0.75);
        QCOMPARE(plot.timeCursor(), 0.75);

        // it spans a log axis as well, and follows a zoom of the value axis
        plot.setSelectedColumns({QStringLiteral("violation.position")});
        QCOMPARE(cursor->at(0).x(), 0.75);
        QCOMPARE(cursor->at(0).y(), axisMin(plot.valueAxis()));
        QVERIFY(cursor->attachedAxes().contains(plot.valueAxis()));
        plot.setSelectedColumns(columnsOf(run->layout(), SeriesFamily::Rate));
        plot.chart()->zoom(2.0);
        QCOMPARE(cursor->at(1).y(), axisMax(plot.valueAxis()));

        plot.setTimeCursor(std::nan(""));
        QVERIFY(!cursor->isVisible());
    }

    // several runs: one curve per run and column, colour by column, line style by run
    void comparesRuns() {
        const auto first = simulatedRun(m_scraper, 1, 1.0);
        const auto second = simulatedRun(m_scraper, 2, 0.5);
        PlotWidget plot;
        plot.resize(kPlotWidth, kPlotHeight);
        plot.show();
        plot.setSelectedColumns({QStringLiteral("energy.kinetic"), QStringLiteral("energy.total")});
        plot.addRun(first);
        plot.addRun(second);
        const QList<QLineSeries*> series = plot.dataSeries();
        QCOMPARE(series.size(), 4);
        QCOMPARE(series[0]->count(), 101);
        QCOMPARE(series[2]->count(), 51);
        // the legend names each column once and each run in its line style
        QVERIFY(plot.isLegendShown());
        QCOMPARE(plot.legendLabels(),
                 (QStringList{QStringLiteral("kinetic"), QStringLiteral("total"),
                              QStringLiteral("Run 1"), QStringLiteral("Run 2")}));
        QCOMPARE(series[0]->pen().color(), series[2]->pen().color());
        QVERIFY(series[0]->pen().color() != series[1]->pen().color());
        QVERIFY(series[0]->pen().style() != series[2]->pen().style());
        QCOMPARE(qobject_cast<QValueAxis*>(plot.timeAxis())->max(), 1.0);
        plot.removeRun(1);
        QCOMPARE(plot.dataSeries().size(), 2);
        QCOMPARE(plot.runIds(), QList<int>{2});
    }

    // Qt Charts elides a label to "..." when its axis has no room: the tick counts, axis titles,
    // the axes shown and the legend follow the chart's size so that nothing drawn is elided,
    // from a 300×150 chart to a maximised one, for the Stewart platform's three units (rad, m
    // and its quaternion's entries) with CPU time (ns) on a fourth axis
    void tickLabelsReadWhole() {
        const auto model = loadExample("stewart_platform.json");
        const auto run = simulatedRun(model, 1, 0.5, 1e-8);
        PlotWidget plot;
        plot.show();
        plot.addRun(run);
        const QStringList q = columnsOf(run->layout(), SeriesFamily::Position);
        const QStringList cpu = columnsOf(run->layout(), SeriesFamily::CpuTime);
        for (const QStringList& columns : {q, q + cpu, cpu}) {
            plot.setSelectedColumns(columns);
            for (const QSize size : {QSize(300, 150), QSize(400, 200), QSize(620, 190),
                                     QSize(1000, 260), QSize(1800, 1000)}) {
                plot.resize(size);
                QTest::qWait(20); // Qt Charts lays out through posted events
                const QString elided = fixtures::elidedText(*plot.chart());
                QVERIFY2(elided.isEmpty(),
                         qPrintable(QStringLiteral("%1×%2: \"%3\" in %4")
                                        .arg(size.width())
                                        .arg(size.height())
                                        .arg(elided, fixtures::chartTexts(*plot.chart())
                                                         .join(QStringLiteral(" | ")))));
                // the first axis always has its labels; while it fits the data, three ticks at
                // least (a range the user set keeps its ends, between round ticks)
                auto* first = qobject_cast<QValueAxis*>(plot.valueAxis());
                QVERIFY(first != nullptr && first->isVisible());
                if (plot.isAutoScaling()) {
                    QVERIFY((first->max() - first->min()) / first->tickInterval() >= 2 - 1e-9);
                } else {
                    qWarning("%d×%d: the auto-scale was turned off by a range change", size.width(),
                             size.height());
                }
            }
        }
        // each unit on its own axis: rad, m and the quaternion's entries, then ns
        plot.setSelectedColumns(q + cpu);
        plot.resize(1800, 1000);
        QTest::qWait(20);
        QCOMPARE(plot.valueAxes().size(), 4);
        for (QAbstractAxis* axis : plot.valueAxes()) {
            QVERIFY(axis->isVisible());
        }
        QCOMPARE(plot.valueAxes().back()->titleText(), QStringLiteral("CPU time per sample (ns)"));
    }

    // a video's clip: the time axis spans the window exactly, the values are those inside it,
    // and an export at the video's plot panel size has a legend naming the curves
    void timeWindowShowsTheClip() {
        const auto run = simulatedRun(m_scraper, 1, 2.0);
        PlotWidget plot;
        plot.resize(640, 720);
        plot.addRun(run);
        plot.setSelectedColumns({QStringLiteral("q.theta1")});
        const double allMax = axisMax(plot.valueAxis());
        plot.setTimeWindow(0.5, 0.8);
        QCOMPARE(qobject_cast<QValueAxis*>(plot.timeAxis())->min(), 0.5);
        QCOMPARE(qobject_cast<QValueAxis*>(plot.timeAxis())->max(), 0.8);
        double low = 1e300;
        double high = -1e300;
        const int column = run->layout().indexOf(QStringLiteral("q.theta1"));
        for (std::size_t i = 0; i < run->samples().size(); ++i) {
            const double t = run->samples().value(i, 0);
            if (t >= 0.5 && t <= 0.8) {
                low = std::min(low, run->samples().value(i, column));
                high = std::max(high, run->samples().value(i, column));
            }
        }
        QVERIFY(axisMin(plot.valueAxis()) <= low && axisMax(plot.valueAxis()) >= high);
        // tighter than all data's range: the clip's values fill the plot
        QVERIFY2(axisMax(plot.valueAxis()) - axisMin(plot.valueAxis()) < 0.8 * allMax,
                 qPrintable(QStringLiteral("%1..%2 for %3..%4 (all to %5)")
                                .arg(axisMin(plot.valueAxis()))
                                .arg(axisMax(plot.valueAxis()))
                                .arg(low)
                                .arg(high)
                                .arg(allMax)));
        QVERIFY(!plot.renderImage(QSize(640, 720)).isNull());
        plot.setTimeWindow(0, 0); // all again
        QCOMPARE(qobject_cast<QValueAxis*>(plot.timeAxis())->max(), 2.0);
    }

    void chooserAndDockPickColumns() {
        const auto run = simulatedRun(m_scraper, 1, 0.2);
        SeriesChooser chooser;
        chooser.setColumns(run->layout().columns());
        QCOMPARE(chooser.availableColumns().size(), run->layout().columnCount() - 1); // no t
        QSignalSpy changed(&chooser, &SeriesChooser::selectionChanged);
        const QStringList lambda = columnsOf(run->layout(), SeriesFamily::Reaction);
        QCOMPARE(lambda.size(), 3 * m_scraper->nLoops());
        chooser.setSelectedColumns(lambda);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(chooser.selectedColumns(), lambda);

        PlotDock dock(QStringLiteral("Plot 1"));
        dock.resize(kPlotWidth, kPlotHeight);
        dock.show();
        dock.addRun(run);
        const QStringList q = columnsOf(run->layout(), SeriesFamily::Position);
        QCOMPARE(dock.chooser()->selectedColumns(), q); // joint coordinates by default
        QCOMPARE(dock.plot()->selectedColumns(), q);
        QCOMPARE(dock.plot()->dataSeries().size(), m_scraper->nv());
        dock.chooser()->setSelectedColumns(lambda);
        QCOMPARE(dock.plot()->dataSeries().size(), lambda.size());
        // the list opens the family chosen now and closes the one chosen before
        auto* tree = dock.chooser()->findChild<QTreeWidget*>();
        QVERIFY(tree != nullptr);
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            QTreeWidgetItem* family = tree->topLevelItem(i);
            QCOMPARE(family->isExpanded(), family->text(0) == familyTitle(SeriesFamily::Reaction));
        }
        QVERIFY(dock.plot()->valueAxis()->titleText().contains(QStringLiteral("(N)")));
    }

    // a finished 5 s scraper run as the docs show it; LOOK at the files when changing the plot
    void screenshotOfAScraperRun() {
        const auto run = simulatedRun(m_scraper, 1, 5.0);
        QVERIFY(run->summary()->ok);
        QTemporaryDir temporary;
        const QByteArray target = qgetenv("SSLM_SCREENSHOT_DIR");
        const QString dir = target.isEmpty() ? temporary.path() : QString::fromLocal8Bit(target);

        struct Shot {
            const char* file;
            QStringList columns;
        };
        const std::vector<Shot> shots{
            {"plots_scraper.png", columnsOf(run->layout(), SeriesFamily::Position)},
            {"plots_scraper_reactions.png",
             {QStringLiteral("lambda.J8.magnitude"), QStringLiteral("lambda.J9.magnitude"),
              QStringLiteral("lambda.J10.magnitude")}},
            {"plots_scraper_violation.png",
             {QStringLiteral("violation.position"), QStringLiteral("violation.velocity")}},
            {"plots_scraper_energy.png", columnsOf(run->layout(), SeriesFamily::Energy)},
        };
        PlotWidget plot;
        plot.resize(kPlotWidth, kPlotHeight);
        plot.show();
        plot.addRun(run);
        plot.setTimeCursor(2.0);
        for (const Shot& shot : shots) {
            plot.setSelectedColumns(shot.columns);
            QVERIFY2(!plot.dataSeries().isEmpty(), shot.file);
            const QString path = dir + QLatin1Char('/') + QLatin1String(shot.file);
            QVERIFY(plot.exportPng(path, QSize(1400, 800)));
            QImage image;
            QVERIFY(image.load(path));
            qInfo("wrote %s", qPrintable(path));
        }
    }
};

SSLM_TEST_WIDGETS_MAIN(TestPlotWidget)
} // namespace tst_plot_widget
#include "tst_plot_widget.moc"
