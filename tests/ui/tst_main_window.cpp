// SPDX-License-Identifier: MIT
// The main window itself (ui/main_window.cpp): every example opens, in the 3-D view, the graph
// and the Edit tab, whose joint labels are clear of each other; opening another file stops the
// run; the simulation keeps off the GUI thread while the window follows a run, and the window
// closes cleanly mid-run.
// With SSLM_STUDIO_SCREENSHOT_DIR set, also writes the README's window screenshots there.

#include <memory>
#include <utility>
#include <vector>

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>
#include <QtTest>

#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/main_window.hpp"
#include "ui/playback/playback_bar.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/sim/run_kind.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/sim/simulation_run.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/ui/fixtures/followed_run.hpp"
#include "tests/ui/fixtures/window_test.hpp"

namespace tst_main_window {

using namespace sslm;
using namespace sslm::ui;
using fixtures::example;

namespace {

constexpr double kLongRun = 5000.0; // s: still going when the test stops it
/// s of the run the window follows under the probe: about a second of simulation on a release
/// build, the yardstick of the GUI thread's longest busy stretch
constexpr double kFollowedSpan = 200.0;

} // namespace

class TestMainWindow : public fixtures::WindowTest {
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { m_window.reset(); }

    void opensEveryExample() {
        for (const char* file : {"four_bar.json", "carpet_scraper.json", "three_rrr.json",
                                 "slider_crank.json", "watt_six_bar.json"}) {
            MainWindow& window = m_window ? *m_window : freshWindow(file);
            QString message;
            QVERIFY2(window.openFile(example(file), &message), qPrintable(message));
            QVERIFY(window.currentModel());
            QCOMPARE(window.mechanismView()->model(), window.currentModel());
            QCOMPARE(window.graphView()->currentCuts().size(),
                     static_cast<std::size_t>(window.currentModel()->nLoops()));
            QVERIFY(window.runPanel()->startAction()->isEnabled());
            // the Edit tab draws it where it assembles, its joint labels clear of each other
            window.centralTabs()->setCurrentIndex(1);
            QApplication::processEvents();
            EditorCanvas& canvas = *window.editor()->canvas();
            QCOMPARE(canvas.drawing().poses.size(), window.currentModel()->bodies.size() - 1);
            const std::vector<QRect> labels = labelRects(canvas);
            QVERIFY(!labels.empty());
            for (std::size_t a = 0; a < labels.size(); ++a) {
                for (std::size_t b = a + 1; b < labels.size(); ++b) {
                    QVERIFY2(!labels[a].adjusted(1, 1, -1, -1).intersects(labels[b]), file);
                }
            }
            grabScreenshot(window,
                           qPrintable(QStringLiteral("studio_edit_%1.png")
                                          .arg(QString::fromUtf8(file).section('.', 0, 0))));
            window.centralTabs()->setCurrentIndex(0);
        }
    }

    // File ▸ Examples offers every example file, planar, spatial and imported, and opens them
    void everyExampleIsInTheExamplesMenu() {
        MainWindow& window = freshWindow("four_bar.json");
        QMenu* examples = nullptr;
        for (QAction* menu : window.menuBar()->actions()) {
            if (menu->menu() == nullptr) {
                continue;
            }
            for (QAction* item : menu->menu()->actions()) {
                if (item->menu() && item->text().remove(QLatin1Char('&')) == "Examples") {
                    examples = item->menu();
                }
            }
        }
        QVERIFY(examples != nullptr);
        QStringList offered;
        QStringList sections;
        for (QAction* item : examples->actions()) {
            if (item->isSeparator()) {
                sections << item->text();
            } else {
                QVERIFY2(item->isEnabled(), qPrintable(item->text()));
                offered << QFileInfo(item->data().toString()).canonicalFilePath();
            }
        }
        QCOMPARE(sections, (QStringList{"Planar", "Spatial", "Imported models"}));
        const QDir folder(QStringLiteral(SSLM_EXAMPLES_DIR));
        QStringList files;
        for (const QFileInfo& file : folder.entryInfoList({"*.json"}, QDir::Files)) {
            files << file.canonicalFilePath();
        }
        for (const QFileInfo& file :
             QDir(folder.filePath(QStringLiteral("interop")))
                 .entryInfoList({"*.urdf", "*.sdf", "*.world", "*.xml", "*.mjcf"}, QDir::Files)) {
            files << file.canonicalFilePath();
        }
        QVERIFY(files.size() >= 12);
        for (const QString& file : files) {
            QVERIFY2(offered.contains(file), qPrintable(file + " is not in File ▸ Examples"));
        }
        // the mechanism files open from the menu (imports are tst_main_window_import's)
        for (QAction* item : examples->actions()) {
            const QString path = item->data().toString();
            if (item->isSeparator() || !path.endsWith(QLatin1String(".json"))) {
                continue;
            }
            item->trigger();
            QVERIFY2(window.currentModel(), qPrintable(path));
            QCOMPARE(QFileInfo(window.document()->path()).canonicalFilePath(),
                     QFileInfo(path).canonicalFilePath());
        }
    }

    // While the window follows a run (3-D view, plots, history), the GUI thread's longest busy
    // stretch stays well below what the simulation it shows costs on that thread: the run is
    // not done there, whatever the machine's load or the build's speed (see
    // tests/ui/fixtures/event_loop_probe.hpp). The window follows a fixed span of simulated
    // time, the run's own clock, so that the yardstick is the same work on any machine.
    void staysResponsiveAndClosesMidRun() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        enterSettings(*window.runPanel(), kLongRun, 0.05);
        testing::verifyLiveRunKeptOffTheGuiThread(window, kFollowedSpan, "carpet scraper");
        m_window.reset(); // destroys the controller: nothing left to join
    }

    void openingAnotherFileStopsTheRun() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        enterSettings(*window.runPanel(), kLongRun, 0.05);
        QVERIFY(window.startSimulation());
        QTRY_VERIFY(window.controller()->currentRun()->samples().size() > 2);
        QVERIFY(window.openFile(example("three_rrr.json")));
        QVERIFY(!window.controller()->isRunning());
        QCOMPARE(window.controller()->currentRun()->state(), RunState::Cancelled);
    }

    void screenshots() {
        const QByteArray dir = qgetenv("SSLM_STUDIO_SCREENSHOT_DIR");
        if (dir.isEmpty()) {
            QSKIP("set SSLM_STUDIO_SCREENSHOT_DIR to write the window screenshots");
        }
        for (const auto& [file, png] :
             {std::pair{"carpet_scraper_driven.json", "studio_window_scraper_driven.png"},
              std::pair{"carpet_scraper.json", "studio_window_scraper.png"},
              std::pair{"three_rrr.json", "studio_window_three_rrr.png"},
              std::pair{"rssr.json", "studio_window_rssr.png"},
              std::pair{"spatial_ladder_4.json", "studio_window_ladder.png"}}) {
            MainWindow& window = freshWindow(file);
            QVERIFY(window.startSimulation());
            QTest::qWait(3000);
            window.playbackBar()->pause();
            QTest::qWait(700); // the view's anti-aliased still frame follows the animation
            const QString path = QString::fromLocal8Bit(dir) + QLatin1Char('/') + png;
            QVERIFY(window.grab().toImage().save(path));
            qInfo("wrote %s", qPrintable(path));
        }
    }
};

SSLM_WINDOW_TEST_MAIN(TestMainWindow, "tst_main_window")
} // namespace tst_main_window

#include "tst_main_window.moc"
