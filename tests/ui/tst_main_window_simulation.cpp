// SPDX-License-Identifier: MIT
// Runs through the main window (ui/main_window_simulation.cpp): a run started from the run panel
// gives the same samples as `sslm simulate` with the same settings, and its CSV export has the
// CLI's header; pause, resume and stop through the panel's actions, and fifty start/stop cycles
// that keep no run beyond the history; actuator inputs, inverse and forced runs; a cut change
// made by clicking the graph view is undone and redone, and a run with the new cuts traces the
// same blade tip; a failed run shows the core's message; scrubbing the timeline puts the stored
// pose in the 3-D view and the time cursor in the plots.

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QMessageBox>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "core/inverse/inverse_run.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/motion/prescribed_motion.hpp"
#include "core/sim/sample_csv.hpp"
#include "ui/graph/graph_canvas.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/main_window.hpp"
#include "ui/playback/playback_bar.hpp"
#include "ui/plots/input_angle_plot.hpp"
#include "ui/plots/plot_dock.hpp"
#include "ui/plots/plot_widget.hpp"
#include "ui/plots/series_chooser.hpp"
#include "ui/run/actuator_inputs.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/sim/sample_state.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/ui/fixtures/window_test.hpp"

namespace tst_main_window_simulation {

using namespace sslm;
using namespace sslm::ui;
using namespace sslm::fixtures;

namespace {

constexpr double kSamePhysicsTol = 1e-8; // other cuts, same motion at rtol = atol = 1e-10
constexpr double kLongRun = 5000.0;      // s: still going when the test stops it
constexpr int kStartStopCycles = 50;

} // namespace

class TestMainWindowSimulation : public fixtures::WindowTest {
    Q_OBJECT

    static std::vector<std::string> cutJointNamesOf(const Model& model) {
        std::vector<std::string> names;
        for (const int j : model.cuts) {
            names.push_back(model.joints[j].name);
        }
        return names;
    }

private Q_SLOTS:
    void cleanup() { m_window.reset(); }

    void runMatchesCliAndExportsItsHeader_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("carpet scraper") << QStringLiteral("carpet_scraper.json");
        // a gas spring and end stops: their work, contact and element columns
        QTest::newRow("hood on a gas spring") << QStringLiteral("lid_gas_spring.json");
    }

    void runMatchesCliAndExportsItsHeader() {
#ifdef SSLM_CLI_EXE
        QFETCH(QString, file);
        MainWindow& window = freshWindow(file.toUtf8().constData());
        enterSettings(*window.runPanel(), 1.0);
        const auto run = runToEnd(window);
        QVERIFY(run);
        QVERIFY(run->summary() && run->summary()->ok);
        QCOMPARE(run->samples().size(), std::size_t(101));

        QTemporaryDir dir;
        const QString cliCsv = dir.filePath(QStringLiteral("cli.csv"));
        QProcess cli;
        cli.start(QStringLiteral(SSLM_CLI_EXE),
                  {QStringLiteral("simulate"), example(file.toUtf8().constData()),
                   QStringLiteral("--integrator"), QStringLiteral("dopri5"),
                   QStringLiteral("--rtol"), QStringLiteral("1e-10"), QStringLiteral("--atol"),
                   QStringLiteral("1e-10"), QStringLiteral("--t-end"), QStringLiteral("1"),
                   QStringLiteral("--sample"), QStringLiteral("0.01"), QStringLiteral("--out"),
                   cliCsv, QStringLiteral("--quiet")});
        QVERIFY(cli.waitForFinished(kRunTimeoutMs));
        QCOMPARE(cli.exitCode(), 0);
        const Csv expected = readCsv(cliCsv);
        QCOMPARE(expected.rows.size(), std::size_t(101));

        const QString windowCsv = dir.filePath(QStringLiteral("window.csv"));
        QString error;
        QVERIFY2(window.exportSamplesCsv(windowCsv, &error), qPrintable(error));
        const Csv exported = readCsv(windowCsv);
        QCOMPARE(exported.header, expected.header);
        QCOMPARE(exported.header.join(QLatin1Char(',')),
                 QString::fromStdString(sampleCsvHeader(*run->model())));
        QCOMPARE(exported.rows.size(), expected.rows.size());

        double worst = 0;
        int compared = 0;
        int elementColumns = 0;
        for (const QString& name : expected.header) {
            const bool element = name.startsWith(QLatin1String("work.")) ||
                                 name.startsWith(QLatin1String("contact.")) ||
                                 name.startsWith(QLatin1String("element."));
            elementColumns += element ? 1 : 0;
            if (name != QLatin1String("t") && !name.startsWith(QLatin1String("q.")) && !element) {
                continue;
            }
            const std::vector<double> stored = column(*run, name);
            const int c = expected.column(name);
            for (std::size_t row = 0; row < expected.rows.size(); ++row) {
                worst = std::max(worst, std::abs(stored[row] - expected.rows[row][c]));
                worst = std::max(worst, std::abs(exported.rows[row][c] - expected.rows[row][c]));
            }
            ++compared;
        }
        qInfo("window vs CLI over %d columns (t, q, work, contact, element) x 101 samples: max "
              "|diff| = %.3g",
              compared, worst);
        QCOMPARE(compared, 1 + run->model()->nv() + elementColumns);
        QVERIFY2(worst <= kSameAsCliTol, qPrintable(QString::number(worst)));
#else
        QSKIP("the sslm CLI is not built");
#endif
    }

    void pauseResumeStopThroughThePanel() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        RunPanel& panel = *window.runPanel();
        enterSettings(panel, kLongRun, 0.05);
        SimulationController& controller = *window.controller();
        QSignalSpy finished(&controller, &SimulationController::finished);
        panel.startAction()->trigger();
        QTRY_VERIFY(controller.currentRun() && controller.currentRun()->samples().size() > 5);
        QVERIFY(panel.pauseResumeAction()->isEnabled());
        QVERIFY(panel.stopAction()->isEnabled());

        panel.pauseResumeAction()->trigger();
        QVERIFY(controller.isPaused());
        QCOMPARE(panel.pauseResumeAction()->text(), QStringLiteral("Resume"));
        QTRY_VERIFY(controller.isWorkerHalted());
        const std::size_t held = controller.currentRun()->samples().size();
        QTest::qWait(200);
        QCOMPARE(controller.currentRun()->samples().size(), held);

        panel.pauseResumeAction()->trigger();
        QVERIFY(!controller.isPaused());
        QCOMPARE(panel.pauseResumeAction()->text(), QStringLiteral("Pause"));
        QTRY_VERIFY(controller.currentRun()->samples().size() > held);

        panel.stopAction()->trigger();
        QTRY_COMPARE(finished.count(), 1);
        const auto summary = finished.last().at(0).value<SimulationSummary>();
        QVERIFY(summary.cancelled);
        QVERIFY(!panel.stopAction()->isEnabled());
        QVERIFY(window.mechanismView()->pose().size() == window.currentModel()->nv());
    }

    // Every run that leaves the history is released with its samples, cycle after cycle: the
    // live stores are counted exactly (SampleStore::liveCount), which a loaded machine or a
    // sanitizer's allocator cannot blur as they do the resident memory (queued sample batches,
    // per-thread malloc arenas, ASan's quarantine). A growth bound on resident memory over a soak
    // is a benchmark's measure.
    void fiftyStartStopCyclesThroughTheWindow() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        RunPanel& panel = *window.runPanel();
        enterSettings(panel, kLongRun, 5.0);
        SimulationController& controller = *window.controller();
        QSignalSpy started(&controller, &SimulationController::started);
        QSignalSpy finished(&controller, &SimulationController::finished);
        const int storesBefore = SampleStore::liveCount();
        for (int cycle = 0; cycle < kStartStopCycles; ++cycle) {
            panel.startAction()->trigger();
            QVERIFY(controller.isRunning());
            // alternate a stop at once with a stop once samples are drawn
            if (cycle % 2 == 1) {
                QTRY_VERIFY(controller.currentRun()->samples().size() > 2);
            }
            panel.stopAction()->trigger();
            QTRY_VERIFY(!controller.isRunning());
            // the history's runs, and no other, hold a store (the history fills up, then
            // drops its oldest run at each start)
            QTRY_COMPARE(SampleStore::liveCount() - storesBefore, controller.history()->size());
        }
        QCOMPARE(started.count(), kStartStopCycles);
        QCOMPARE(finished.count(), kStartStopCycles);
        for (const QList<QVariant>& args : finished) {
            QVERIFY(args.at(0).value<SimulationSummary>().cancelled);
        }
        // the history keeps its capacity: old runs and their samples are released
        QCOMPARE(controller.history()->size(), controller.history()->capacity());
        QCOMPARE(window.jointPlotDock()->plot()->runIds().size(), controller.history()->capacity());
        QCOMPARE(SampleStore::liveCount(), controller.history()->capacity());
        qInfo("%d start/stop cycles: %d stores alive (history capacity %d)", kStartStopCycles,
              SampleStore::liveCount(), controller.history()->capacity());
        // and the window still runs a simulation to its end
        enterSettings(panel, 0.2);
        const std::shared_ptr<SimulationRun> run = runToEnd(window);
        QVERIFY(run && run->summary() && run->summary()->ok);
    }

    void actuatorInputsDriveTheRun() {
        MainWindow& window = freshWindow("four_bar.json");
        enterSettings(*window.runPanel(), 1.0);
        ActuatorInputs& inputs = *window.runPanel()->actuatorInputs();
        QCOMPARE(inputs.count(), 1);
        QVERIFY(inputs.isFileInput());
        const std::string coordinate =
            window.currentModel()->coordinates[window.currentModel()->actuators[0].coordinate].name;
        const QString tau = QStringLiteral("tau.") + QString::fromStdString(coordinate);
        const QString rate = QStringLiteral("qd.") + QString::fromStdString(coordinate);

        // a constant torque: the actuator column carries it, the file is untouched
        inputs.setInput(0, ActuatorInputs::Mode::Constant, 2.5);
        const std::shared_ptr<SimulationRun> constant = runToEnd(window);
        QVERIFY(constant && constant->summary()->ok);
        for (const double value : column(*constant, tau)) {
            QCOMPARE(value, 2.5);
        }
        QCOMPARE(window.currentModel()->spec.actuators[0].force.kind, SignalSpec::Kind::Zero);

        // hold speed: τ = kd (ω − q̇) brings the crank to about ω
        const double omega = 3.0;
        inputs.setInput(0, ActuatorInputs::Mode::HoldSpeed, omega, 200.0);
        const std::shared_ptr<SimulationRun> servo = runToEnd(window);
        QVERIFY(servo && servo->summary()->ok);
        const std::vector<double> rates = column(*servo, rate);
        const std::vector<double> torques = column(*servo, tau);
        for (std::size_t k = 0; k < rates.size(); ++k) {
            QVERIFY(std::abs(torques[k] - 200.0 * (omega - rates[k])) <
                    1e-9 * (1 + std::abs(torques[k])));
        }
        QVERIFY2(std::abs(rates.back() - omega) < 0.1 * omega,
                 qPrintable(QString::number(rates.back())));

        // back to the file's input: free motion again
        inputs.setInput(0, ActuatorInputs::Mode::FileInput, 0.0);
        QVERIFY(inputs.isFileInput());
        const std::shared_ptr<SimulationRun> free = runToEnd(window);
        QCOMPARE(free->model(), window.currentModel());
        for (const double value : column(*free, tau)) {
            QCOMPARE(value, 0.0);
        }
    }

    // The run panel's other kinds on the scraper (crank at its initial 4.7124 rad/s): inverse
    // dynamics gives the core's driving torque and every joint's reaction, shown in the plots
    // and as arrows at every joint; the forced simulation driven by those torques stays on the
    // desired motion, and its plot shows the deviation.
    void inverseAndForcedRunsThroughThePanel() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        RunPanel& panel = *window.runPanel();
        enterSettings(panel, 1.3333, 0.01);
        panel.runKindBox()->setCurrentIndex(
            panel.runKindBox()->findData(static_cast<int>(RunKind::Inverse)));
        QVERIFY(!panel.integratorBox()->isEnabled());
        QVERIFY(!panel.actuatorInputs()->isEnabled());
        const std::shared_ptr<SimulationRun> inverse = runToEnd(window);
        QVERIFY(inverse && inverse->summary()->ok);
        QCOMPARE(inverse->kind(), RunKind::Inverse);
        QCOMPARE(inverse->samples().size(), std::size_t(135));

        // the core's numbers, sample by sample
        const Model& model = *window.currentModel();
        const int theta1 = model.coordinateIndex("theta1");
        InverseRunSettings settings;
        settings.tEnd = inverse->settings().tEnd; // as the panel's editor rounds it
        settings.sampleInterval = 0.01;
        std::vector<InverseSample> expected;
        const InitialState initial = assembleInitialState(model);
        QVERIFY(runInverseDynamics(model, {{theta1, constantSpeed(initial.q[theta1], 4.7124)}},
                                   initial.q, settings,
                                   {[&](const InverseSample& s) { expected.push_back(s); }, {}})
                    .ok);
        const std::vector<double> tau = column(*inverse, QStringLiteral("tau.theta1"));
        const std::vector<double> pin = column(*inverse, QStringLiteral("reaction.J5.magnitude"));
        QCOMPARE(tau.size(), expected.size());
        for (std::size_t k = 0; k < tau.size(); ++k) {
            QVERIFY(std::abs(tau[k] - expected[k].tau[0]) < 1e-9 * (1 + std::abs(tau[k])));
            QVERIFY(std::abs(pin[k] - expected[k].reactions[4].force.norm()) < 1e-9 * (1 + pin[k]));
        }
        QCOMPARE(window.jointPlotDock()->chooser()->selectedColumns(), QStringList{"tau.theta1"});
        QCOMPARE(window.reactionPlotDock()->chooser()->selectedColumns().size(),
                 qsizetype(model.joints.size()));
        const std::vector<CutReaction> arrows = reactionsAt(*inverse, 60);
        QCOMPARE(arrows.size(), model.joints.size());
        QVERIFY(std::abs(arrows[4].force.norm() - pin[60]) < 1e-12 * (1 + pin[60]));
        window.mechanismView()->setReactionsVisible(true);
        window.playbackBar()->setSampleIndex(60);
        grabScreenshot(window, "studio_inverse_scraper.png");

        // the torque against the crank angle, in degrees within one turn
        const std::vector<QList<QPointF>> curves = window.torqueAnglePlot()->curvePoints();
        QCOMPARE(curves.size(), std::size_t(1));
        QCOMPARE(static_cast<std::size_t>(curves[0].size()), tau.size());
        const std::vector<double> crank = column(*inverse, QStringLiteral("q.theta1"));
        for (std::size_t k = 0; k < tau.size(); ++k) {
            const double degrees = std::fmod(crank[k] * 180.0 / M_PI, 360.0);
            QVERIFY(std::abs(curves[0][static_cast<qsizetype>(k)].x() - degrees) < 1e-9);
            QCOMPARE(curves[0][static_cast<qsizetype>(k)].y(), tau[k]);
        }
        window.torqueAngleDock()->raise();
        grabScreenshot(window, "studio_torque_angle_scraper.png");
        window.jointPlotDock()->raise();

        // File ▸ Export ▸ CSV of the inverse run: its own columns, τ as stored
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString csvPath = dir.filePath(QStringLiteral("inverse.csv"));
        QString exportError;
        QVERIFY2(window.exportSamplesCsv(csvPath, &exportError), qPrintable(exportError));
        const Csv exported = readCsv(csvPath);
        QCOMPARE(exported.rows.size(), tau.size());
        const qsizetype tauColumn = exported.header.indexOf(QStringLiteral("tau.theta1"));
        QVERIFY(tauColumn >= 0);
        QVERIFY(exported.header.contains(QStringLiteral("reaction.J5.x")));
        QCOMPARE(exported.rows[60][static_cast<std::size_t>(tauColumn)], tau[60]);

        // forced simulation: the torques of the same motion drive the forward dynamics
        panel.runKindBox()->setCurrentIndex(
            panel.runKindBox()->findData(static_cast<int>(RunKind::Forced)));
        QVERIFY(panel.integratorBox()->isEnabled());
        QVERIFY(panel.forcedKpBox()->isVisible());
        QCOMPARE(panel.forcedGains().kp, 0.0); // open loop by default, as in the paper
        const std::shared_ptr<SimulationRun> forced = runToEnd(window);
        QVERIFY2(forced && forced->summary()->ok,
                 forced ? forced->summary()->message.c_str() : "no run");
        QCOMPARE(forced->kind(), RunKind::Forced);
        double largest = 0;
        for (const Coordinate& c : model.coordinates) {
            for (const double d :
                 column(*forced, QStringLiteral("deviation.") + QString::fromStdString(c.name))) {
                largest = std::max(largest, std::abs(d));
            }
        }
        qInfo("forced run through the window: max deviation %.3g rad", largest);
        QVERIFY(largest < 1e-6);
        QVERIFY(window.jointPlotDock()->chooser()->selectedColumns().contains(
            QStringLiteral("deviation.theta1")));

        grabScreenshot(window, "studio_forced_scraper.png");
    }

    void cutChangeIsUndoableAndKeepsThePhysics() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        MechanismGraphView& graph = *window.graphView();
        const std::vector<std::string> fileCuts = {"J8", "J9", "J10"};
        QCOMPARE(graph.currentCuts(), fileCuts);

        enterSettings(*window.runPanel(), 1.0);
        const auto fileRun = runToEnd(window);
        QVERIFY(fileRun && fileRun->summary()->ok);

        // click J3 in the graph: it is cut instead of J8
        QApplication::processEvents();
        const QPoint at = graph.jointPosition(QStringLiteral("J3"));
        QVERIFY(graph.canvas()->viewport()->rect().contains(at));
        QTest::mouseClick(graph.canvas()->viewport(), Qt::LeftButton, {}, at);
        std::vector<std::string> swapped = graph.currentCuts();
        std::sort(swapped.begin(), swapped.end());
        QCOMPARE(swapped, (std::vector<std::string>{"J10", "J3", "J9"}));
        QCOMPARE(window.undoStack()->count(), 1);
        QCOMPARE(window.currentModel(), graph.model());
        QCOMPARE(window.mechanismView()->model(), graph.model());

        window.undoStack()->undo();
        QCOMPARE(graph.currentCuts(), fileCuts);
        QCOMPARE(window.currentModel(), graph.model());
        QCOMPARE(window.mechanismView()->model(), graph.model());
        const std::vector<std::string> restored = cutJointNamesOf(*window.currentModel());
        QCOMPARE(restored, fileCuts);

        window.undoStack()->redo();
        std::vector<std::string> redone = cutJointNamesOf(*window.currentModel());
        std::sort(redone.begin(), redone.end());
        QCOMPARE(redone, swapped);

        // the next run uses J3, J9, J10 and traces the same blade tip
        const auto cutRun = runToEnd(window);
        QVERIFY(cutRun && cutRun->summary()->ok);
        QCOMPARE(cutRun->model(), window.currentModel());
        QCOMPARE(cutRun->samples().size(), fileRun->samples().size());
        double worst = 0;
        for (const char* name : {"point.blade_tip.x", "point.blade_tip.y"}) {
            const std::vector<double> a = column(*fileRun, QString::fromLatin1(name));
            const std::vector<double> b = column(*cutRun, QString::fromLatin1(name));
            for (std::size_t i = 0; i < a.size(); ++i) {
                worst = std::max(worst, std::abs(a[i] - b[i]));
            }
        }
        qInfo("blade tip, cuts J8,J9,J10 vs J3,J9,J10 over 1 s: max |diff| = %.3g m", worst);
        QVERIFY2(worst <= kSamePhysicsTol, qPrintable(QString::number(worst)));
    }

    // a run that fails reports the core's text in a non-modal box; the window stays usable
    void failureShowsTheCoreMessage() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        const CompileResult compiled = compileModel(fixtures::parallelogram());
        QVERIFY(compiled.ok());
        const std::shared_ptr<const Model> model = compiled.model;
        Eigen::VectorXd qd0(3);
        qd0[model->coordinateIndex("theta1")] = 2.0;
        qd0[model->coordinateIndex("theta2")] = 2.0;
        qd0[model->coordinateIndex("theta3")] = -2.0;
        QSignalSpy finished(window.controller(), &SimulationController::finished);
        window.controller()->start(model, SimulationSettings{}, Eigen::VectorXd::Zero(3), qd0);
        QVERIFY(finished.wait(kRunTimeoutMs));
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("SimulationFailureBox"));
        QVERIFY(box);
        QVERIFY(box->isVisible());
        QVERIFY(!box->isModal());
        QVERIFY2(box->informativeText().contains(QStringLiteral("GICM pivot of loop 1 (cut J4)")),
                 qPrintable(box->informativeText()));
        QVERIFY(box->informativeText().contains(QStringLiteral("at t = 0 s")));
        QCOMPARE(window.mechanismView()->pose().size(), 3);
        QVERIFY(window.runPanel()->startAction()->isEnabled());
        QVERIFY(!window.runPanel()->stopAction()->isEnabled());
        box->close();
    }

    void examplesWithElementsRunInTheWindow_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("tEnd");
        QTest::addColumn<int>("shownSample"); // the sample the picture shows
        // in the working stroke, where the cutting force acts (0 to 0.28 s)
        QTest::newRow("loaded carpet scraper")
            << QStringLiteral("carpet_scraper_loaded.json") << 1.0 << 20;
        QTest::newRow("hood on a gas spring") << QStringLiteral("lid_gas_spring.json") << 1.5 << 40;
        // during the soil load, 2.5 s to 5 s
        QTest::newRow("excavator arm") << QStringLiteral("excavator_arm.json") << 4.0 << 350;
    }

    void examplesWithElementsRunInTheWindow() {
        QFETCH(QString, file);
        QFETCH(double, tEnd);
        QFETCH(int, shownSample);
        MainWindow& window = freshWindow(file.toUtf8().constData());
        enterSettings(*window.runPanel(), tEnd);
        const auto run = runToEnd(window);
        QVERIFY(run);
        QVERIFY(run->summary() && run->summary()->ok);
        // the energy balance over the window's own columns: E − E0 = the work of actuators,
        // dampers, loads and elements, friction and stops
        const std::vector<double> energy = column(*run, QStringLiteral("energy.total"));
        std::vector<double> work(energy.size(), 0.0);
        double largest = std::max(1.0, std::abs(energy.front()));
        for (const SampleColumn& c : run->layout().columns()) {
            if (c.name.startsWith(QLatin1String("work."))) {
                const std::vector<double> w = column(*run, c.name);
                for (std::size_t k = 0; k < w.size(); ++k) {
                    work[k] += w[k];
                    largest = std::max(largest, std::abs(w[k]));
                }
            }
        }
        QVERIFY(run->layout().indexOf(QStringLiteral("work.loads")) >= 0);
        double worst = 0;
        for (std::size_t k = 0; k < energy.size(); ++k) {
            worst = std::max(worst, std::abs(energy[k] - energy.front() - work[k]));
        }
        qInfo("%s: |E − E0 − W| ≤ %.3g J of %.3g J", qPrintable(file), worst, largest);
        QVERIFY2(worst <= 1e-8 * largest, qPrintable(QString::number(worst)));
        window.playbackBar()->setSampleIndex(shownSample);
        grabScreenshot(
            window,
            qPrintable(QStringLiteral("studio_window_%1.png").arg(QFileInfo(file).baseName())));
    }

    void scrubbingSyncsViewAndPlots() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        enterSettings(*window.runPanel(), 1.0);
        const auto run = runToEnd(window);
        QVERIFY(run);
        PlaybackBar& bar = *window.playbackBar();
        QCOMPARE(bar.run(), std::shared_ptr<const SimulationRun>(run));
        QCOMPARE(bar.sampleCount(), 101);
        for (const int k : {0, 37, 100, 12}) {
            bar.setSampleIndex(k);
            QCOMPARE(bar.sampleIndex(), k);
            const Eigen::VectorXd expected = poseAt(*run, k);
            const Eigen::VectorXd shown = window.mechanismView()->pose();
            QCOMPARE(shown.size(), expected.size());
            QVERIFY((shown - expected).cwiseAbs().maxCoeff() == 0.0);
            const double t = run->samples().value(k, 0);
            QCOMPARE(window.jointPlotDock()->plot()->timeCursor(), t);
            QCOMPARE(window.reactionPlotDock()->plot()->timeCursor(), t);
        }
        // stepping and playing
        bar.stepForward();
        QCOMPARE(bar.sampleIndex(), 13);
        bar.stepBack();
        QCOMPARE(bar.sampleIndex(), 12);
        bar.setSpeed(10.0);
        bar.play();
        QTRY_VERIFY(!bar.isPlaying());
        QCOMPARE(bar.sampleIndex(), 100);
        // the λ plot shows the magnitudes by default
        const QStringList lambda = window.reactionPlotDock()->plot()->selectedColumns();
        QVERIFY(!lambda.isEmpty());
        for (const QString& name : lambda) {
            QVERIFY(name.endsWith(QLatin1String(".magnitude")));
        }
    }
};

SSLM_WINDOW_TEST_MAIN(TestMainWindowSimulation, "tst_main_window_simulation")
} // namespace tst_main_window_simulation

#include "tst_main_window_simulation.moc"
