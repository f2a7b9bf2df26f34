// SPDX-License-Identifier: MIT
// The Statics dock (ui/statics/statics_panel.hpp) in the window: on the loaded four-bar it finds
// the rest pose the core finds (residual below 1e-10, the view showing it), lists the mode at
// the core's frequency, animates it in the 3-D view (the coupler point moves, and comes back to
// rest when stopped), runs it as a forward run of four periods whose crank swings at that
// frequency, and plots the holding effort over a stroke equal to the core's curve; a hold the
// mechanism cannot take is refused in red; the dock is found at the default layout.

#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QtTest>

#include "core/kinematics/position_analysis.hpp"
#include "core/statics/holding_effort.hpp"
#include "core/statics/vibration_modes.hpp"
#include "ui/main_window.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/sim/simulation_run.hpp"
#include "ui/statics/holding_effort_chart.hpp"
#include "ui/statics/statics_panel.hpp"
#include "ui/style/palette.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/test_main.hpp"
#include "tests/ui/fixtures/main_window.hpp"
#include "tests/ui/fixtures/view_points.hpp"
#include "tests/ui/fixtures/window_test.hpp"

namespace tst_statics_panel {

using namespace sslm;
using namespace sslm::ui;
using sslm::fixtures::drawnPoint;

namespace {

constexpr int kJobTimeoutMs = 60000;

} // namespace

class TestStaticsPanel : public fixtures::WindowTest {
    Q_OBJECT

private Q_SLOTS:
    void restPoseModesAnimationAndRun() {
        MainWindow& window = freshWindow("four_bar_loaded.json");
        StaticsPanel& panel = *window.staticsPanel();
        // at the default layout the dock is a tab beside the loops and cuts, in the View menu
        QVERIFY(!window.staticsDock()->isFloating());
        QVERIFY(window.staticsDock()->toggleViewAction()->isChecked());
        QVERIFY(window.tabifiedDockWidgets(window.staticsDock()).size() > 1);
        QSignalSpy done(&panel, &StaticsPanel::jobFinished);
        panel.findButton()->click();
        QVERIFY(done.wait(kJobTimeoutMs));
        const VibrationAnalysis* analysis = panel.analysis();
        QVERIFY2(analysis, qPrintable(panel.statusLabel()->text()));
        window.staticsDock()->raise();
        fixtures::grabIfAsked(window, QStringLiteral("statics_panel"));

        // the core's answer from the same start
        const std::shared_ptr<const Model> model = window.mechanismView()->model();
        const VibrationAnalysis core = vibrationModes(*model, assembleInitialState(*model).q);
        QVERIFY(core.ok());
        QVERIFY((analysis->equilibrium.q - core.equilibrium.q).cwiseAbs().maxCoeff() < 1e-12);
        QVERIFY(analysis->equilibrium.residualNorm <= 1e-10);
        QVERIFY(panel.statusLabel()->text().startsWith(QStringLiteral("Stable rest pose")));
        QCOMPARE(panel.modeTable()->rowCount(), 1);
        const double frequency = core.modes[0].frequencyHz;
        QCOMPARE(panel.modeTable()->item(0, StaticsPanel::Frequency)->text(),
                 QString::number(frequency, 'g', 5));
        QCOMPARE(panel.poseTable()->rowCount(), model->nq());
        // the view shows the rest pose
        const Eigen::Vector3d atRest = drawnPoint(*window.mechanismView(), "link3", "J9");
        QVERIFY(atRest.allFinite());
        window.staticsDock()->raise();
        grabScreenshot(window, "studio_window_statics.png");

        // animate: the coupler point swings, and stops at rest again
        QVERIFY(panel.animateBox()->isEnabled());
        panel.amplitudeSlider()->setValue(60); // 0.3 rad of the largest coordinate
        // (eight frames span at least a sixth of the swing: one is at ≥ 0.45 of the amplitude)
        QSignalSpy frames(&panel, &StaticsPanel::poseRequested);
        panel.animateBox()->setChecked(true);
        double farthest = 0;
        while (frames.count() < 8) {
            QVERIFY(frames.wait(kJobTimeoutMs));
            farthest = std::max(
                farthest, (drawnPoint(*window.mechanismView(), "link3", "J9") - atRest).norm());
        }
        QVERIFY2(farthest > 1e-3, QByteArray::number(farthest).constData());
        panel.animateBox()->setChecked(false);
        QVERIFY((drawnPoint(*window.mechanismView(), "link3", "J9") - atRest).norm() < 1e-12);

        // run the mode: four periods of free motion whose crank crosses its rest value 8 times
        panel.amplitudeSlider()->setValue(2); // 0.01 rad: small, linear
        QSignalSpy finished(window.controller(), &SimulationController::finished);
        panel.runModeButton()->click();
        QVERIFY(finished.wait(fixtures::kRunTimeoutMs));
        const std::shared_ptr<SimulationRun> run = window.controller()->currentRun();
        QVERIFY(run && run->name().startsWith(QStringLiteral("Mode 1")));
        QVERIFY(std::abs(run->settings().tEnd * frequency - 4) < 1e-9);
        const std::vector<double> t = column(*run, QStringLiteral("t"));
        const int crank = model->coordinateIndex("theta1");
        const std::vector<double> angle = column(*run, QStringLiteral("q.theta1"));
        const double rest = analysis->equilibrium.q[crank];
        std::vector<double> upward;
        for (std::size_t i = 1; i < angle.size(); ++i) {
            if (angle[i - 1] < rest && angle[i] >= rest) {
                upward.push_back(t[i - 1] + (t[i] - t[i - 1]) * (rest - angle[i - 1]) /
                                                (angle[i] - angle[i - 1]));
            }
        }
        QVERIFY(upward.size() >= 3);
        const double period = (upward.back() - upward.front()) / double(upward.size() - 1);
        QVERIFY2(std::abs(period * frequency - 1) < 1e-2,
                 QByteArray::number(period * frequency).constData());
    }

    void holdingEffortCurveIsTheCores() {
        MainWindow& window = freshWindow("four_bar_loaded.json");
        StaticsPanel& panel = *window.staticsPanel();
        QCOMPARE(panel.sweepBox()->currentText(), QStringLiteral("theta1"));
        panel.sweepFromBox()->setValue(-1.0);
        panel.sweepToBox()->setValue(1.0);
        panel.sweepPointsBox()->setValue(21);
        QSignalSpy done(&panel, &StaticsPanel::jobFinished);
        panel.curveButton()->click();
        QVERIFY(panel.cancelButton()->isVisible() || done.count() == 1);
        QVERIFY(done.count() == 1 || done.wait(kJobTimeoutMs));
        QCOMPARE(panel.curve().size(), std::size_t{21});
        QCOMPARE(panel.chart()->pointCount(), 21);

        const std::shared_ptr<const Model> model = window.mechanismView()->model();
        std::vector<double> values;
        for (int i = 0; i <= 20; ++i) {
            values.push_back(-1.0 + 0.1 * i);
        }
        const std::vector<HoldingPoint> core = holdingCurve(
            *model, assembleInitialState(*model).q, model->coordinateIndex("theta1"), values);
        for (std::size_t i = 0; i < core.size(); ++i) {
            QVERIFY(panel.curve()[i].rest.ok());
            QVERIFY(std::abs(panel.curve()[i].effort - core[i].effort) <=
                    1e-9 * std::max(1.0, std::abs(core[i].effort)));
        }
        window.staticsDock()->raise();
        grabScreenshot(window, "studio_window_holding_effort.png");
    }

    void impossibleHoldIsRefusedInRed() {
        MainWindow& window = freshWindow("four_bar.json");
        StaticsPanel& panel = *window.staticsPanel();
        // the crank turns fully, but theta3 cannot reach 3 rad: the loop does not close
        panel.holdBox()->setCurrentIndex(panel.holdBox()->findText(QStringLiteral("theta3")));
        panel.holdValueBox()->setValue(3.0);
        QSignalSpy done(&panel, &StaticsPanel::jobFinished);
        panel.findButton()->click();
        QVERIFY(done.wait(kJobTimeoutMs));
        QVERIFY(!panel.analysis());
        QVERIFY2(!panel.statusLabel()->text().isEmpty(), qPrintable(panel.statusLabel()->text()));
        QCOMPARE(panel.modeTable()->rowCount(), 0);
        QVERIFY(!panel.statusLabel()->text().contains(QStringLiteral("nan")));
    }
};

SSLM_TEST_WIDGETS_MAIN(TestStaticsPanel)
} // namespace tst_statics_panel
#include "tst_statics_panel.moc"
