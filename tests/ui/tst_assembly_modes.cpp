// SPDX-License-Identifier: MIT
// Simulation ▸ Next Assembly Mode (Ctrl+Shift+M) cycles the mechanism's assemblies at its
// inputs in the 3-D view, as seed 004 promises "for CAD systems": the wheel suspension's two
// (the wishbone's far pin on either side), the carpet scraper's four, the elbow manipulator's
// eight (shoulder, elbow and wrist each on either side), the spherical four-bar's two; each
// closes, and a run started afterwards starts from the mode shown. A long ladder's listing runs
// with the window live and can be cancelled.

#include <QAction>
#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QtTest>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/spec/spatial_templates.hpp"
#include "ui/actions/simulation_actions.hpp"
#include "ui/main_window.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/test_main.hpp"
#include "tests/ui/fixtures/main_window.hpp"
#include "tests/ui/fixtures/view_points.hpp"
#include "tests/ui/fixtures/window_test.hpp"

namespace tst_assembly_modes {

using namespace sslm;
using namespace sslm::ui;
using sslm::fixtures::drawnPoint;

namespace {

double closure(const Model& model, const Eigen::VectorXd& q) {
    Workspace ws(model);
    updatePositions(model, ws, q);
    return constraintResidual(model, ws).cwiseAbs().maxCoeff();
}

} // namespace

class TestAssemblyModes : public fixtures::WindowTest {
    Q_OBJECT

private Q_SLOTS:
    void wheelSuspensionCyclesItsTwoModes() {
        MainWindow& window = freshWindow("wheel_suspension.json");
        QAction* next = window.simulationActions()->nextAssemblyModeAction();
        QCOMPARE(next->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
        const Eigen::Vector3d first = drawnPoint(*window.mechanismView(), "wishbone", "J1");
        const Eigen::VectorXd q0 = window.currentMechanism()->q0;
        next->trigger();
        QCOMPARE(window.assemblyModes().size(), std::size_t{2});
        QCOMPARE(window.assemblyMode(), 1);
        const Eigen::Vector3d second = drawnPoint(*window.mechanismView(), "wishbone", "J1");
        QVERIFY2((second - first).norm() > 0.5, "the wishbone's far pin swings across");
        const Model& model = *window.mechanismView()->model();
        QVERIFY(closure(model, window.currentMechanism()->q0) <= 1e-12);
        QCOMPARE(window.currentMechanism()->q0[model.coordinateIndex("lin")], 0.2);
        grabScreenshot(window, "studio_window_wheel_suspension_mode2.png");
        // a run starts from the mode shown
        enterSettings(*window.runPanel(), 0.05);
        const std::shared_ptr<SimulationRun> run = runToEnd(window);
        QVERIFY(run);
        QVERIFY((run->q0() - window.assemblyModes()[1]).cwiseAbs().maxCoeff() < 1e-12);
        // and back to the first
        next->trigger();
        QCOMPARE(window.assemblyMode(), 0);
        QVERIFY((drawnPoint(*window.mechanismView(), "wishbone", "J1") - first).norm() < 1e-9);
        QVERIFY((window.currentMechanism()->q0 - q0).cwiseAbs().maxCoeff() < 1e-12);
    }

    void carpetScraperCyclesItsFour() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        QAction* next = window.simulationActions()->nextAssemblyModeAction();
        std::vector<Eigen::VectorXd> seen;
        for (int i = 0; i < 4; ++i) {
            next->trigger();
            seen.push_back(window.currentMechanism()->q0);
            QVERIFY(closure(*window.mechanismView()->model(), seen.back()) <= 1e-12);
        }
        QCOMPARE(window.assemblyModes().size(), std::size_t{4});
        QCOMPARE(window.assemblyMode(), 0); // four steps come round
        for (std::size_t a = 0; a < seen.size(); ++a) {
            for (std::size_t b = a + 1; b < seen.size(); ++b) {
                QVERIFY((seen[a] - seen[b]).cwiseAbs().maxCoeff() > 1e-6);
            }
        }
    }

    void elbowManipulatorCyclesItsEight() {
        MainWindow& window = freshWindow("elbow_manipulator.json");
        QAction* next = window.simulationActions()->nextAssemblyModeAction();
        const Model& model = *window.mechanismView()->model();
        const Eigen::Vector3d tool = drawnPoint(*window.mechanismView(), "tool", "TCP");
        // what the view draws in each mode: the elbow (J3) and the wrist's housing
        std::vector<Eigen::VectorXd> drawn;
        const auto seen = [&] {
            Eigen::VectorXd points(6);
            points << drawnPoint(*window.mechanismView(), "upper_arm", "J3"),
                drawnPoint(*window.mechanismView(), "wrist2", "housing");
            return points;
        };
        drawn.push_back(seen());
        for (int i = 1; i < 8; ++i) {
            next->trigger();
            QCOMPARE(window.assemblyMode(), i);
            QVERIFY(closure(model, window.currentMechanism()->q0) <= 1e-12);
            // the tool stays where its inputs put it
            QVERIFY((drawnPoint(*window.mechanismView(), "tool", "TCP") - tool).norm() < 1e-9);
            drawn.push_back(seen());
            if (i == 2) { // the elbow below the line from shoulder to wrist
                grabScreenshot(window, "studio_window_elbow_manipulator_mode3.png");
            }
        }
        QCOMPARE(window.assemblyModes().size(), std::size_t{8});
        for (std::size_t a = 0; a < drawn.size(); ++a) {
            for (std::size_t b = a + 1; b < drawn.size(); ++b) {
                QVERIFY2((drawn[a] - drawn[b]).cwiseAbs().maxCoeff() > 1e-3,
                         qPrintable(QString("modes %1 and %2 look alike").arg(a).arg(b)));
            }
        }
        next->trigger();
        QCOMPARE(window.assemblyMode(), 0); // eight steps come round
        QVERIFY((seen() - drawn.front()).cwiseAbs().maxCoeff() < 1e-9);
    }

    void sphericalFourBarCyclesItsTwo() {
        MainWindow& window = freshWindow("spherical_four_bar.json");
        QAction* next = window.simulationActions()->nextAssemblyModeAction();
        const Model& model = *window.mechanismView()->model();
        const Eigen::Vector3d crankTip = drawnPoint(*window.mechanismView(), "crank", "J2");
        const Eigen::Vector3d first = drawnPoint(*window.mechanismView(), "coupler", "J3");
        next->trigger();
        QCOMPARE(window.assemblyModes().size(), std::size_t{2});
        QCOMPARE(window.assemblyMode(), 1);
        QVERIFY(closure(model, window.currentMechanism()->q0) <= 1e-12);
        // the crank stays where its input puts it; the coupler's far pin crosses to the other
        // side of the sphere's great circle through J2 and J4, still 0.1 m from the centre
        QVERIFY((drawnPoint(*window.mechanismView(), "crank", "J2") - crankTip).norm() < 1e-9);
        const Eigen::Vector3d second = drawnPoint(*window.mechanismView(), "coupler", "J3");
        QVERIFY2((second - first).norm() > 0.05, "the coupler's far pin crosses over");
        QVERIFY(std::abs(second.norm() - first.norm()) < 1e-9);
        // the trace of J3 starts again: no line drawn across from the other assembly
        QVERIFY(window.mechanismView()->tracePath3(0).size() <= 1);
        grabScreenshot(window, "studio_window_spherical_four_bar_mode2.png");
        next->trigger();
        QCOMPARE(window.assemblyMode(), 0);
        QVERIFY((drawnPoint(*window.mechanismView(), "coupler", "J3") - first).norm() < 1e-9);
    }

    void aLongListingCanBeCancelled() {
        // a 32-cell ladder: 200 Newton guesses on its 32 coupled loops take many seconds
        MainWindow& window = freshWindow("spatial_ladder_4.json");
        QString error;
        QVERIFY2(window.newDocument(spatialLadderSpec(32), &error), qPrintable(error));
        QVERIFY(fixtures::waitForCompile(window));
        const Eigen::VectorXd q0 = window.currentMechanism()->q0;
        QAction* next = window.simulationActions()->nextAssemblyModeAction();
        QString told;
        bool offWhileListing = false;
        answerNextDialog([&](QWidget* dialog) {
            if (auto* progress = qobject_cast<QProgressDialog*>(dialog)) {
                told = progress->labelText();
                offWhileListing = !next->isEnabled(); // one listing at a time
                QTest::mouseClick(progress->findChild<QPushButton*>(), Qt::LeftButton);
            }
        });
        next->trigger();
        QVERIFY2(told.startsWith(QStringLiteral("Listing the assembly modes")), qPrintable(told));
        QVERIFY(offWhileListing);
        QVERIFY(next->isEnabled());
        QVERIFY(window.assemblyModes().empty());
        QCOMPARE(window.assemblyMode(), 0);
        QCOMPARE((window.currentMechanism()->q0 - q0).cwiseAbs().maxCoeff(), 0.0);
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("cancelled")));
    }
};

SSLM_TEST_WIDGETS_MAIN(TestAssemblyModes)
} // namespace tst_assembly_modes
#include "tst_assembly_modes.moc"
