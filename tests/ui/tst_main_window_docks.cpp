// SPDX-License-Identifier: MIT
// The window's docks, menus and playback bar (ui/main_window_docks.cpp): an added plot dock
// follows the runs and comes back in the next session; the run list hides, plays back and
// removes runs; F5, F6 and Shift+F5 drive the run and Space the timeline.

#include <memory>

#include <QDoubleSpinBox>
#include <QListView>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/main_window.hpp"
#include "ui/playback/playback_bar.hpp"
#include "ui/plots/plot_dock.hpp"
#include "ui/plots/plot_widget.hpp"
#include "ui/plots/series_chooser.hpp"
#include "ui/run/run_list.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/sim/sample_state.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/ui/fixtures/window_test.hpp"

namespace tst_main_window_docks {

using namespace sslm;
using namespace sslm::ui;
using fixtures::Csv;
using fixtures::readCsv;

namespace {

constexpr double kLongRun = 5000.0; // s: still going when the test stops it

} // namespace

class TestMainWindowDocks : public fixtures::WindowTest {
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { m_window.reset(); }

    void newPlotDockFollowsTheRuns() {
        MainWindow& window = freshWindow("four_bar.json");
        enterSettings(*window.runPanel(), 0.3);
        const std::shared_ptr<SimulationRun> first = runToEnd(window);
        QVERIFY(first);
        PlotDock* dock = window.addPlotDock();
        QVERIFY(dock && dock->isVisible());
        QCOMPARE(dock->plot()->runIds(), QList<int>{first->id()});
        dock->chooser()->setSelectedColumns({QStringLiteral("energy.total")});
        const std::shared_ptr<SimulationRun> second = runToEnd(window);
        QCOMPARE(dock->plot()->runIds(), (QList<int>{first->id(), second->id()}));
        QCOMPARE(dock->plot()->selectedColumns(), QStringList{QStringLiteral("energy.total")});
        QCOMPARE(window.jointPlotDock()->plot()->runIds().size(), 2);
        // the next session has the dock again, showing the columns chosen
        const QString name = dock->objectName();
        QVERIFY(window.close());
        MainWindow& next = freshWindow("four_bar.json");
        auto* again = next.findChild<PlotDock*>(name);
        QVERIFY(again);
        enterSettings(*next.runPanel(), 0.3);
        QVERIFY(runToEnd(next));
        QCOMPARE(again->plot()->selectedColumns(), QStringList{QStringLiteral("energy.total")});
        // (the other tests start from the usual docks)
        // a closed dock does not come back
        again->close();
        QVERIFY(next.close());
        MainWindow& third = freshWindow("four_bar.json");
        QVERIFY(!third.findChild<PlotDock*>(name));
        QSettings().remove(QStringLiteral("mainWindow/extraPlotColumns"));
    }

    void runListChoosesHidesAndRemovesRuns() {
        MainWindow& window = freshWindow("four_bar.json");
        enterSettings(*window.runPanel(), 0.5);
        const std::shared_ptr<SimulationRun> first = runToEnd(window);
        window.runPanel()->endTimeBox()->setValue(0.3);
        const std::shared_ptr<SimulationRun> second = runToEnd(window);
        QVERIFY(first && second);
        RunHistory& history = *window.controller()->history();
        QCOMPARE(history.size(), 2);
        PlotWidget& plot = *window.jointPlotDock()->plot();
        QCOMPARE(plot.runIds().size(), 2);

        // hide the first run from the plots with its check box, then show it again
        QVERIFY(history.setData(history.index(0), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(plot.runIds(), QList<int>{second->id()});
        QCOMPARE(window.reactionPlotDock()->plot()->runIds(), QList<int>{second->id()});
        QVERIFY(history.setData(history.index(0), Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(plot.runIds().size(), 2);

        // play back the first run: the timeline, the view and the CSV export use it
        RunList& list = *window.runList();
        list.selectRun(first->id());
        QTest::keyClick(list.view(), Qt::Key_Return);
        QCOMPARE(window.playbackBar()->run(), std::shared_ptr<const SimulationRun>(first));
        const int last = static_cast<int>(first->samples().size()) - 1;
        QCOMPARE(window.playbackBar()->sampleIndex(), last);
        const Eigen::VectorXd lastPose = poseAt(*first, last);
        QVERIFY((window.mechanismView()->pose() - lastPose).norm() < 1e-12);
        QTemporaryDir dir;
        const QString csvPath = dir.filePath(QStringLiteral("first.csv"));
        QVERIFY(window.exportSamplesCsv(csvPath));
        QCOMPARE(readCsv(csvPath).rows.size(), first->samples().size());

        // remove it with Delete: gone from the history, the plots and the timeline
        QTest::keyClick(list.view(), Qt::Key_Delete);
        QCOMPARE(history.size(), 1);
        QVERIFY(!history.find(first->id()));
        QCOMPARE(plot.runIds(), QList<int>{second->id()});
        QVERIFY(!window.playbackBar()->run());

        // a run that is going cannot be removed
        enterSettings(*window.runPanel(), kLongRun, 0.05);
        QVERIFY(window.startSimulation());
        const int live = window.controller()->currentRun()->id();
        list.selectRun(live);
        QTest::keyClick(list.view(), Qt::Key_Delete);
        QVERIFY(history.find(live));
        window.controller()->stop();
        QTRY_VERIFY(!window.controller()->isRunning());
    }

    // F5 starts, F6 pauses and resumes, Shift+F5 stops, Space plays the timeline
    void keyboardShortcuts() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        enterSettings(*window.runPanel(), kLongRun, 0.05);
        SimulationController& controller = *window.controller();
        QSignalSpy finished(&controller, &SimulationController::finished);
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(controller.isRunning());
        QTRY_VERIFY(controller.currentRun()->samples().size() > 2);
        QTest::keyClick(&window, Qt::Key_F6);
        QVERIFY(controller.isPaused());
        QTest::keyClick(&window, Qt::Key_F6);
        QVERIFY(!controller.isPaused());
        QTest::keyClick(&window, Qt::Key_F5, Qt::ShiftModifier);
        QTRY_COMPARE(finished.count(), 1);
        QVERIFY(finished.last().at(0).value<SimulationSummary>().cancelled);

        PlaybackBar& bar = *window.playbackBar();
        bar.jumpToStart();
        QTest::keyClick(&window, Qt::Key_Space);
        QVERIFY(bar.isPlaying());
        QTest::keyClick(&window, Qt::Key_Space);
        QVERIFY(!bar.isPlaying());
    }
};

SSLM_WINDOW_TEST_MAIN(TestMainWindowDocks, "tst_main_window_docks")
} // namespace tst_main_window_docks

#include "tst_main_window_docks.moc"
