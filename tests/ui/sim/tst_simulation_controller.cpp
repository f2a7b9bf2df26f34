// SPDX-License-Identifier: MIT
// The background simulation of the desktop app: a run through SimulationController gives the
// same samples as calling sslm::simulate directly (what `sslm simulate` does); pause holds the
// worker and resume finishes the run; stop cancels; start/stop cycles and destruction mid-run
// end their threads and release their stores; the simulation keeps off the GUI thread during a
// long run that a live plot follows; a run that fails reports the core's message.

#include <algorithm>
#include <cmath>
#include <memory>

#include <QSignalSpy>
#include <QTimer>
#include <QtTest>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/spec_json.hpp"
#include "core/util/diagnostic.hpp"
#include "ui/plots/plot_widget.hpp"
#include "ui/sim/simulation_controller.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/test_main.hpp"
#include "tests/ui/fixtures/event_loop_probe.hpp"

namespace tst_simulation_controller {

using namespace sslm;
using namespace sslm::ui;
using fixtures::loadExample;
using fixtures::parallelogram;

namespace {

constexpr double kSameSampleTol = 1e-12; // same code on the same inputs: equal to rounding
constexpr int kFinishTimeoutMs = 60000;  // generous: the runs here take well under a second
constexpr int kCycles = 50;
/// s: seconds of work even on a fast machine (15 s of scraper motion take ~0.2 s on some), so a
/// run stopped or destroyed "mid-run" cannot have ended by itself first, however the threads
/// are scheduled
constexpr double kNeverEnds = 1000.0;
/// Qt's coarse timers (the report timer) may fire up to 5 % early.
constexpr double kCoarseTimerSlack = 0.95;

/// The file's solver block with the command line's overrides, as `sslm simulate` builds it.
SimulationSettings
scraperSettings(const Model& model, double tEnd, double tolerance, double sampleInterval = 0.01) {
    SolverSettingsSpec spec = model.spec.solver;
    spec.integrator = "dopri5";
    spec.tEnd = tEnd;
    spec.rtol = spec.atol = tolerance;
    spec.sampleInterval = sampleInterval;
    std::string error;
    const std::optional<SimulationSettings> settings = settingsFromSpec(spec, &error);
    if (!settings) {
        qFatal("%s", error.c_str());
    }
    return *settings;
}

SimulationSummary lastSummary(const QSignalSpy& spy) {
    return spy.last().at(0).value<SimulationSummary>();
}

} // namespace

class TestSimulationController : public QObject {
    Q_OBJECT

    std::shared_ptr<const Model> m_scraper;
    InitialState m_initial;

private Q_SLOTS:
    void initTestCase() {
        m_scraper = loadExample("carpet_scraper.json");
        m_initial = assembleInitialState(*m_scraper);
        QVERIFY2(m_initial.report.converged, m_initial.report.message.c_str());
    }

    // the controller's samples equal those of sslm::simulate called directly, as the CLI does
    void samplesMatchDirectSimulation() {
        const SimulationSettings settings = scraperSettings(*m_scraper, 1.0, 1e-10);
        std::vector<double> t;
        std::vector<Eigen::VectorXd> q;
        SimulationCallbacks callbacks;
        callbacks.onSample = [&](const Sample& s) {
            t.push_back(s.t);
            q.push_back(s.q);
        };
        const SimulationSummary direct =
            simulate(*m_scraper, settings, m_initial.q, m_initial.qd, callbacks);
        QVERIFY(direct.ok);

        SimulationController controller;
        QSignalSpy finished(&controller, &SimulationController::finished);
        QSignalSpy started(&controller, &SimulationController::started);
        const auto run = controller.start(m_scraper, settings, m_initial.q, m_initial.qd);
        QCOMPARE(started.count(), 1);
        QVERIFY(controller.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kFinishTimeoutMs);
        QVERIFY(!controller.isRunning());
        const SimulationSummary summary = lastSummary(finished);
        QVERIFY2(summary.ok, summary.message.c_str());
        QCOMPARE(run->state(), RunState::Finished);
        QCOMPARE(summary.steps, direct.steps);

        // same t and q columns, sample by sample
        const SampleStore& store = run->samples();
        QCOMPARE(store.size(), t.size());
        QCOMPARE(t.size(), std::size_t(101));
        const SampleLayout& layout = run->layout();
        std::vector<int> columns{0};
        for (const Coordinate& c : m_scraper->coordinates) {
            columns.push_back(
                layout.indexOf(QStringLiteral("q.") + QString::fromStdString(c.name)));
            QVERIFY(columns.back() > 0);
        }
        const SampleBlock block = store.snapshotSince(0, columns);
        double maxDifference = 0;
        for (std::size_t k = 0; k < t.size(); ++k) {
            maxDifference = std::max(maxDifference, std::abs(block.columns[0][k] - t[k]));
            for (int i = 0; i < m_scraper->nv(); ++i) {
                maxDifference =
                    std::max(maxDifference, std::abs(block.columns[i + 1][k] - q[k][i]));
            }
        }
        qInfo("controller vs direct simulate: %zu samples of t and %d coordinates, max |diff| = "
              "%.3g",
              t.size(), m_scraper->nv(), maxDifference);
        QVERIFY(maxDifference <= kSameSampleTol);
        QCOMPARE(block.columns[0].back(), 1.0);
    }

    // a pause right after start, and one in the middle of the run, hold the sample count; resume
    // runs on to t_end
    void pauseHoldsAndResumeFinishes() {
        const SimulationSettings settings = scraperSettings(*m_scraper, 15.0, 1e-12);
        SimulationController controller;
        QSignalSpy finished(&controller, &SimulationController::finished);
        QSignalSpy paused(&controller, &SimulationController::pausedChanged);
        const auto run = controller.start(m_scraper, settings, m_initial.q, m_initial.qd);
        controller.pause();
        QVERIFY(controller.isPaused());
        QCOMPARE(run->state(), RunState::Paused);
        QTRY_VERIFY_WITH_TIMEOUT(controller.isWorkerHalted(), kFinishTimeoutMs);
        const std::size_t atPause = run->samples().size();
        QTest::qWait(200);
        QCOMPARE(run->samples().size(), atPause);
        QCOMPARE(finished.count(), 0);

        // pause again once samples flow, from the first report
        bool pausedMidRun = false;
        std::size_t atSecondPause = 0;
        connect(&controller, &SimulationController::samplesAvailable, this, [&](int count) {
            if (!pausedMidRun && count > static_cast<int>(atPause)) {
                pausedMidRun = true;
                controller.pause();
            }
        });
        controller.resume();
        QVERIFY(!controller.isPaused());
        QTRY_VERIFY_WITH_TIMEOUT(pausedMidRun && controller.isWorkerHalted(), kFinishTimeoutMs);
        atSecondPause = run->samples().size();
        QVERIFY(atSecondPause > atPause);
        QTest::qWait(200);
        QCOMPARE(run->samples().size(), atSecondPause);
        qInfo("paused at %zu and %zu samples; counts unchanged over 200 ms each", atPause,
              atSecondPause);

        controller.resume();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kFinishTimeoutMs);
        const SimulationSummary summary = lastSummary(finished);
        QVERIFY2(summary.ok, summary.message.c_str());
        QCOMPARE(summary.endTime, 15.0);
        QCOMPARE(run->samples().size(), std::size_t(1501));
        QCOMPARE(run->samples().value(1500, 0), 15.0);
        QCOMPARE(paused.count(), 4); // pause, resume, pause, resume
    }

    void stopCancels() {
        const double tEnd = kNeverEnds;
        const SimulationSettings settings = scraperSettings(*m_scraper, tEnd, 1e-12, 0.5);
        SimulationController controller;
        QSignalSpy finished(&controller, &SimulationController::finished);
        QSignalSpy samples(&controller, &SimulationController::samplesAvailable);
        const auto run = controller.start(m_scraper, settings, m_initial.q, m_initial.qd);
        QTRY_VERIFY_WITH_TIMEOUT(samples.count() > 0, kFinishTimeoutMs);
        controller.stop();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kFinishTimeoutMs);
        const SimulationSummary summary = lastSummary(finished);
        QVERIFY(summary.cancelled);
        QVERIFY(!summary.ok);
        QVERIFY(summary.endTime < tEnd);
        QVERIFY2(QString::fromStdString(summary.message).startsWith(QStringLiteral("cancelled")),
                 summary.message.c_str());
        QCOMPARE(run->state(), RunState::Cancelled);
        qInfo("stopped at t = %.3g s after %zu samples", summary.endTime, run->samples().size());

        // a paused run stops too
        const auto second = controller.start(m_scraper, settings, m_initial.q, m_initial.qd);
        controller.pause();
        QTRY_VERIFY_WITH_TIMEOUT(controller.isWorkerHalted(), kFinishTimeoutMs);
        controller.stop();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kFinishTimeoutMs);
        QVERIFY(lastSummary(finished).cancelled);
        QCOMPARE(second->state(), RunState::Cancelled);
        QVERIFY(!controller.isPaused());
    }

    // starting, stopping and restarting many times ends every thread and keeps only the
    // history's runs alive
    void startStopCycles() {
        // the stopped runs cannot end by themselves first; restart() repeats a 15 s run to its end
        const SimulationSettings longRun = scraperSettings(*m_scraper, kNeverEnds, 1e-12, 0.5);
        const SimulationSettings settings = scraperSettings(*m_scraper, 15.0, 1e-12);
        const int storesBefore = SampleStore::liveCount();
        {
            SimulationController controller;
            QSignalSpy finished(&controller, &SimulationController::finished);
            for (int cycle = 0; cycle < kCycles; ++cycle) {
                const auto run = controller.start(m_scraper, longRun, m_initial.q, m_initial.qd);
                if (cycle % 2 == 1) {
                    QTRY_VERIFY_WITH_TIMEOUT(run->samples().size() > 0, kFinishTimeoutMs);
                }
                controller.stop();
                QTRY_COMPARE_WITH_TIMEOUT(finished.count(), cycle + 1, kFinishTimeoutMs);
                QVERIFY(lastSummary(finished).cancelled);
            }
            // start while running: the previous run ends (cancelled) before the next starts; the
            // last start is the 15 s run that restart() repeats
            for (int cycle = 0; cycle < 10; ++cycle) {
                controller.start(m_scraper, cycle < 9 ? longRun : settings, m_initial.q,
                                 m_initial.qd);
            }
            QCOMPARE(finished.count(), kCycles + 9);
            // each run ended by the next start reports the summary its worker wrote (which the
            // controller once read after destroying the worker: ASan's heap-use-after-free)
            for (qsizetype k = kCycles; k < finished.count(); ++k) {
                const auto ended = finished.at(k).at(0).value<SimulationSummary>();
                QVERIFY(ended.cancelled && !ended.ok);
                QVERIFY(ended.endTime >= 0 && ended.endTime <= longRun.tEnd);
            }
            const auto restarted = controller.restart();
            QVERIFY(restarted);
            QCOMPARE(finished.count(), kCycles + 10);
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), kCycles + 11, kFinishTimeoutMs);
            QVERIFY(lastSummary(finished).ok);
            QCOMPARE(restarted->id(), kCycles + 11);

            const int history = controller.history()->size();
            QCOMPARE(history, controller.history()->capacity());
            QCOMPARE(SampleStore::liveCount() - storesBefore, history); // `restarted` is the last
            qInfo("%d start/stop cycles + 10 back-to-back starts + restart: %d finished signals, "
                  "%d stores alive (history capacity %d)",
                  kCycles, static_cast<int>(finished.count()),
                  SampleStore::liveCount() - storesBefore, history);
        }
        QCOMPARE(SampleStore::liveCount(), storesBefore);
    }

    // the simulation runs off the GUI thread during a long run that a live plot follows: no
    // stretch of the GUI thread's own work (CPU time between two ticks of a 10 ms timer) comes
    // near what the run costs when that thread does it. CPU times of the same build on the same
    // machine: a loaded machine (a thread waiting for a core spends none) or a sanitizer build
    // (both sides slow down) leaves the verdict as it is, while a synchronous run puts its whole
    // cost between two ticks and fails.
    void guiStaysResponsive() {
        SimulationSettings settings = scraperSettings(*m_scraper, 15.0, 1e-12);
        settings.sampleInterval = 1e-3; // 15 001 samples: more work for the store and the plot
        SimulationController controller;
        PlotWidget plot;
        plot.resize(900, 500);
        plot.show();
        QStringList columns;
        for (const Coordinate& c : m_scraper->coordinates) {
            columns.append(QStringLiteral("q.") + QString::fromStdString(c.name));
        }
        columns.append(QStringLiteral("energy.total"));
        plot.setSelectedColumns(columns);
        // the first paint (fonts, the chart's layout) happens once per process, before the probe
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        QSignalSpy finished(&controller, &SimulationController::finished);
        QSignalSpy progress(&controller, &SimulationController::progress);

        testing::EventLoopProbe probe;
        probe.start();
        const auto run = controller.start(m_scraper, settings, m_initial.q, m_initial.qd);
        plot.addRun(run);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kFinishTimeoutMs);
        probe.stop();
        const double wallMs = probe.elapsedMs();
        QVERIFY(lastSummary(finished).ok);
        plot.refresh();
        QCOMPARE(run->samples().size(), std::size_t(15001));
        QVERIFY(!plot.dataSeries().isEmpty());

        // the same run done here, as the worker does it
        SimulationSummary direct;
        const double synchronousMs = testing::synchronousRunCpuMs(*run, settings.tEnd, &direct);
        QVERIFY2(direct.ok, direct.message.c_str());
        const double lastRtf = progress.last().at(2).toDouble();
        qInfo("15 s scraper run at 1e-12, sample 1 ms: wall %.0f ms, %ld probe ticks, longest "
              "GUI busy stretch %.1f ms CPU (gap %.1f ms wall), GUI CPU %.0f ms in all, the run "
              "on the GUI thread %.0f ms CPU, %d progress reports, last real-time factor %.1f",
              wallMs, probe.ticks(), probe.maxBusyMs(), probe.maxGapMs(), probe.busyMs(),
              synchronousMs, static_cast<int>(progress.count()), lastRtf);
        QVERIFY(probe.ticks() > 0);
        QVERIFY2(
            probe.maxBusyMs() < testing::kMaxBusyShare * synchronousMs,
            qPrintable(QStringLiteral("%1 ms of %2 ms").arg(probe.maxBusyMs()).arg(synchronousMs)));
        // throttled to the report interval (plus the final report at the end)
        QVERIFY(static_cast<double>(progress.count()) <=
                wallMs / (kCoarseTimerSlack * SimulationController::kReportIntervalMs) + 2);
        QCOMPARE(progress.last().at(0).toDouble(), 15.0);
        QCOMPARE(progress.last().at(1).toDouble(), 15.0);
    }

    // deleting the controller while its worker runs (or is paused) stops and joins it
    void destroyMidRun() {
        const SimulationSettings settings = scraperSettings(*m_scraper, kNeverEnds, 1e-12, 0.5);
        for (const bool pauseFirst : {false, true}) {
            auto* controller = new SimulationController;
            QSignalSpy finished(controller, &SimulationController::finished);
            const auto run = controller->start(m_scraper, settings, m_initial.q, m_initial.qd);
            QTRY_VERIFY_WITH_TIMEOUT(run->samples().size() > 0, kFinishTimeoutMs);
            if (pauseFirst) {
                controller->pause();
                QTRY_VERIFY_WITH_TIMEOUT(controller->isWorkerHalted(), kFinishTimeoutMs);
            }
            delete controller; // joins: the store is no longer written after this
            const std::size_t atDelete = run->samples().size();
            QVERIFY(atDelete < 2001); // t_end not reached
            QCoreApplication::processEvents();
            QCOMPARE(run->samples().size(), atDelete);
            QCOMPARE(finished.count(), 0); // nothing is delivered to a deleted controller
        }
    }

    // started at the parallelogram's change point, the run fails at t = 0 and finished()
    // carries the core's message naming the time, the matrix and the loop
    void failingRunReportsTheCoreMessage() {
        const CompileResult compiled = compileModel(parallelogram());
        QVERIFY(compiled.ok());
        const std::shared_ptr<const Model> model = compiled.model;
        QCOMPARE(model->nv(), 3);
        const Eigen::VectorXd q0 = Eigen::VectorXd::Zero(3);
        Eigen::VectorXd qd0(3);
        qd0[model->coordinateIndex("theta1")] = 2.0;
        qd0[model->coordinateIndex("theta2")] = 2.0;
        qd0[model->coordinateIndex("theta3")] = -2.0;
        SimulationSettings settings;
        settings.tEnd = 0.5;

        SimulationController controller;
        QSignalSpy finished(&controller, &SimulationController::finished);
        const auto run = controller.start(model, settings, q0, qd0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kFinishTimeoutMs);
        const SimulationSummary summary = lastSummary(finished);
        const QString message = QString::fromStdString(summary.message);
        qInfo("finished() message: %s", summary.message.c_str());
        QVERIFY(!summary.ok);
        QVERIFY(!summary.cancelled);
        QVERIFY2(message.contains(QStringLiteral("at t = 0 s")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("GICM pivot of loop 1 (cut J4)")),
                 qPrintable(message));
        QCOMPARE(run->state(), RunState::Failed);
        QVERIFY(run->summary().has_value());
        QVERIFY(controller.history()
                    ->data(controller.history()->index(0), Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("GICM pivot")));

        // wrong sizes are a failed run too, not an exception on the GUI thread
        const auto bad = controller.start(model, settings, Eigen::VectorXd::Zero(2), qd0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kFinishTimeoutMs);
        QVERIFY(!lastSummary(finished).ok);
        QVERIFY(
            QString::fromStdString(lastSummary(finished).message).contains(QStringLiteral("q0")));
        QCOMPARE(bad->state(), RunState::Failed);
    }
};

SSLM_TEST_WIDGETS_MAIN(TestSimulationController)
} // namespace tst_simulation_controller
#include "tst_simulation_controller.moc"
