// SPDX-License-Identifier: MIT
// The integrated main window: every example opens; a run started from the run panel gives the
// same samples as `sslm simulate` with the same settings, and its CSV export has the CLI's
// header; pause, resume and stop through the panel's actions; a cut change made by clicking
// the graph view is undone and redone, and a run with the new cuts traces the same blade tip;
// scrubbing the timeline puts the stored pose in the 3-D view and the time cursor in the
// plots; the window stays responsive during a run and closes cleanly mid-run.
// With SSLM_STUDIO_SCREENSHOT_DIR set, also writes the README's window screenshots there.

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QUndoView>
#include <QtTest>

#include "core/edit/drawing.hpp"
#include "core/inverse/inverse_run.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/motion/prescribed_motion.hpp"
#include "core/sim/sample_csv.hpp"
#include "core/spec/mechanism_templates.hpp"
#include "core/spec/spec_json.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/editor/check_panel.hpp"
#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/editor/properties_panel.hpp"
#include "ui/editor/signal_editor.hpp"
#include "ui/editor/template_dialog.hpp"
#include "ui/graph/graph_canvas.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/main_window.hpp"
#include "ui/playback/playback_bar.hpp"
#include "ui/plots/input_angle_plot.hpp"
#include "ui/plots/plot_dock.hpp"
#include "ui/plots/plot_widget.hpp"
#include "ui/plots/series_chooser.hpp"
#include "ui/run/actuator_inputs.hpp"
#include "ui/run/run_list.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/sim/sample_state.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/core/fixtures/drawings.hpp"
#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/core/fixtures/runs.hpp"
#include "tests/ui/fixtures/crashed_session.hpp"
#include "tests/ui/fixtures/dialogs.hpp"
#include "tests/ui/fixtures/event_loop_probe.hpp"
#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace sslm;
using namespace sslm::ui;

namespace {

constexpr double kSameAsCliTol = 1e-12;        // same code, same settings: equal to rounding
constexpr double kSamePhysicsTol = 1e-8;       // other cuts, same motion at rtol = atol = 1e-10
constexpr double kMaxLatencyMs = 100.0;        // the bound on the event-loop latency
constexpr double kMaxSoftwareGlGapMs = 1000.0; // no freeze, with software OpenGL
constexpr int kRunTimeoutMs = 120000;
constexpr double kLongRun = 5000.0; // s: still going when the test stops it
constexpr int kStartStopCycles = 50;
constexpr int kWarmUpCycles = 15;        // the history (8 runs) is full, the caches are warm
constexpr long kMaxGrowthKiB = 8 * 1024; // over 35 more runs: a leak of a run would show

QString example(const char* file) {
    return QStringLiteral(SSLM_EXAMPLES_DIR "/") + QLatin1String(file);
}

struct Csv {
    QStringList header;
    std::vector<std::vector<double>> rows;
    int column(const QString& name) const { return static_cast<int>(header.indexOf(name)); }
};

Csv readCsv(const QString& path) {
    Csv csv;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return csv;
    }
    csv.header = QString::fromUtf8(file.readLine()).trimmed().split(QLatin1Char(','));
    while (!file.atEnd()) {
        const QList<QByteArray> fields = file.readLine().trimmed().split(',');
        std::vector<double> row;
        for (const QByteArray& field : fields) {
            row.push_back(field.toDouble());
        }
        csv.rows.push_back(std::move(row));
    }
    return csv;
}

/// Resident set size of this process (KiB), from /proc/self/statm, after returning the heap's free
/// memory to the system: freed sample chunks (~2 MB each) stay in glibc's per-thread arenas
/// otherwise, and how much stays depends on which worker thread freed what, which is not a leak.
long residentKiB() {
    malloc_trim(0);
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly)) {
        return 0;
    }
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toLong() * (sysconf(_SC_PAGESIZE) / 1024) : 0;
}

/// CPU time of the calling thread (ms).
double threadCpuMs() {
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    const auto ms = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_usec) * 1e-3;
    };
    return ms(usage.ru_utime) + ms(usage.ru_stime);
}

/// GL_RENDERER of the view's context ("llvmpipe (LLVM 15.0.6, 256 bits)", ...).
QString glRenderer(MechanismView& view) {
    view.makeCurrent();
    const auto* name =
        view.context() ? view.context()->functions()->glGetString(GL_RENDERER) : nullptr;
    const QString renderer =
        name ? QString::fromLatin1(reinterpret_cast<const char*>(name)) : QString();
    view.doneCurrent();
    return renderer;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    MainWindow& freshWindow(const char* file) {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1600, 1000);
        m_window->show();
        if (!QTest::qWaitForWindowExposed(m_window.get())) {
            qWarning("window not exposed");
        }
        QString message;
        if (!m_window->openFile(example(file), &message)) {
            qFatal("%s", qPrintable(message));
        }
        return *m_window;
    }

    /// A fresh window whose document is `spec` (not saved), with the Edit tab up.
    MainWindow& editing(const MechanismSpec& spec) {
        MainWindow& window = freshWindow("four_bar.json");
        if (!window.newDocument(spec)) {
            qFatal("the window refused the new document");
        }
        window.centralTabs()->setCurrentIndex(1);
        QApplication::processEvents();
        return window;
    }

    /// The test's settings on the run panel's editors, as a user would type them.
    static void enterSettings(RunPanel& panel, double tEnd, double sample = 0.01) {
        panel.integratorBox()->setCurrentIndex(
            panel.integratorBox()->findText(QStringLiteral("Dopri5"), Qt::MatchStartsWith));
        panel.rtolEdit()->setText(QStringLiteral("1e-10"));
        panel.atolEdit()->setText(QStringLiteral("1e-10"));
        panel.endTimeBox()->setValue(tEnd);
        panel.sampleBox()->setValue(sample);
    }

    /// Starts a run from the panel's Start action and waits for its end.
    static std::shared_ptr<SimulationRun> runToEnd(MainWindow& window) {
        QSignalSpy finished(window.controller(), &SimulationController::finished);
        window.runPanel()->startAction()->trigger();
        if (!finished.wait(kRunTimeoutMs)) {
            return nullptr;
        }
        return window.controller()->currentRun();
    }

    /// On the Edit tab's canvas: presses at `from`, moves to `to` and releases there.
    static void dragOn(EditorCanvas& canvas, QPoint from, QPoint to) {
        QTest::mousePress(canvas.viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(canvas.viewport(), to);
        QTest::mouseRelease(canvas.viewport(), Qt::LeftButton, {}, to);
    }

    /// Types `value` into a spin box as a user would: select its text, type, Return.
    static void typeInto(QAbstractSpinBox* box, double value) {
        box->setFocus();
        box->selectAll();
        QTest::keyClicks(box, QString::number(value, 'g', 12));
        QTest::keyClick(box, Qt::Key_Return);
    }

    /// Where the Edit canvas's text labels are on its viewport (px).
    static std::vector<QRect> labelRects(EditorCanvas& canvas) {
        std::vector<QRect> labels;
        for (QGraphicsItem* item : canvas.scene()->items()) {
            if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item)) {
                labels.push_back(text->deviceTransform(canvas.viewportTransform())
                                     .mapRect(text->boundingRect())
                                     .toRect());
            }
        }
        return labels;
    }

    /// Answers the next modal dialog (fixtures::answerNextDialog), for as long as the test's
    /// window lives.
    void answerNextDialog(std::function<void(QWidget*)> answer) {
        fixtures::answerNextDialog(m_window.get(), std::move(answer));
    }

    static std::vector<double> column(const SimulationRun& run, const QString& name) {
        const int c = run.layout().indexOf(name);
        std::vector<double> values;
        for (std::size_t row = 0; row < run.samples().size(); ++row) {
            values.push_back(run.samples().value(row, c));
        }
        return values;
    }

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

    void runMatchesCliAndExportsItsHeader() {
#ifdef SSLM_CLI_EXE
        MainWindow& window = freshWindow("carpet_scraper.json");
        enterSettings(*window.runPanel(), 1.0);
        const auto run = runToEnd(window);
        QVERIFY(run);
        QVERIFY(run->summary() && run->summary()->ok);
        QCOMPARE(run->samples().size(), std::size_t(101));

        QTemporaryDir dir;
        const QString cliCsv = dir.filePath(QStringLiteral("cli.csv"));
        QProcess cli;
        cli.start(QStringLiteral(SSLM_CLI_EXE),
                  {QStringLiteral("simulate"), example("carpet_scraper.json"),
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
        for (const QString& name : expected.header) {
            if (name != QLatin1String("t") && !name.startsWith(QLatin1String("q."))) {
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
        qInfo("window vs CLI over %d columns (t, q) x 101 samples: max |diff| = %.3g", compared,
              worst);
        QCOMPARE(compared, 1 + run->model()->nq());
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
        QVERIFY(window.mechanismView()->pose().size() == window.currentModel()->nq());
    }

    void fiftyStartStopCyclesThroughTheWindow() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        RunPanel& panel = *window.runPanel();
        // a sample every 5 s of simulated time: the runs stay small whatever the machine's load, so
        // that the memory they keep does not vary between the two readings
        enterSettings(panel, kLongRun, 5.0);
        SimulationController& controller = *window.controller();
        QSignalSpy started(&controller, &SimulationController::started);
        QSignalSpy finished(&controller, &SimulationController::finished);
        long rssWarm = 0; // once the history is full, runs come and go: no growth expected
        for (int cycle = 0; cycle < kStartStopCycles; ++cycle) {
            if (cycle == kWarmUpCycles) {
                rssWarm = residentKiB();
            }
            panel.startAction()->trigger();
            QVERIFY(controller.isRunning());
            // alternate a stop at once with a stop once samples are drawn
            if (cycle % 2 == 1) {
                QTRY_VERIFY(controller.currentRun()->samples().size() > 2);
            }
            panel.stopAction()->trigger();
            QTRY_VERIFY(!controller.isRunning());
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
        const long grownKiB = residentKiB() - rssWarm;
        qInfo("%d start/stop cycles: resident memory grew by %ld KiB over the last %d",
              kStartStopCycles, grownKiB, kStartStopCycles - kWarmUpCycles);
        QVERIFY2(grownKiB < kMaxGrowthKiB, qPrintable(QString::number(grownKiB)));
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

    // The window's document: a cut chosen in the graph view makes it modified and is saved with
    // it; Save As writes atomically and clears the modified mark; an edit to the description
    // recompiles the model on screen; a recovery copy restores unsaved changes as an unsaved
    // document that remembers its file.
    void saveCutsAndRecoverThroughTheWindow() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        MechanismDocument& document = *window.document();
        QVERIFY(!window.isWindowModified());
        QVERIFY(window.windowTitle().contains(QStringLiteral("carpet_scraper.json[*]")));

        // a cut change in the graph view is an unsaved change of the document
        MechanismGraphView& graph = *window.graphView();
        QApplication::processEvents();
        QTest::mouseClick(graph.canvas()->viewport(), Qt::LeftButton, {},
                          graph.jointPosition(QStringLiteral("J3")));
        QVERIFY(window.isWindowModified());
        std::vector<std::string> cuts = document.spec().cuts;
        std::sort(cuts.begin(), cuts.end());
        QCOMPARE(cuts, (std::vector<std::string>{"J10", "J3", "J9"}));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("scraper_cut_J3.json"));
        QString error;
        QVERIFY2(window.saveAs(path, &error), qPrintable(error));
        QVERIFY(!window.isWindowModified());
        QVERIFY(window.windowTitle().contains(QStringLiteral("scraper_cut_J3.json")));
        const LoadResult saved = loadMechanismFile(path.toStdString());
        QVERIFY(saved.ok());
        QVERIFY(*saved.spec == document.spec());

        // a failed save keeps the file and the modified mark
        MechanismSpec heavier = document.spec();
        heavier.bodies.front().mass *= 2.0;
        document.edit(heavier, QStringLiteral("Mass"));
        QVERIFY(window.isWindowModified());
        QCOMPARE(window.currentModel()->bodies[1].mass, heavier.bodies.front().mass);
        QVERIFY(!window.saveAs(dir.filePath(QStringLiteral("no/such/folder.json")), &error));
        QVERIFY(window.isWindowModified());
        QVERIFY(*loadMechanismFile(path.toStdString()).spec == *saved.spec);

        // the unsaved edit survives a crash through the recovery copy
        QVERIFY(document.writeRecovery(&error));
        RecoveryEntry entry;
        entry.file = document.recoveryFile();
        entry.originalPath = path;
        entry.written = QDateTime::currentDateTime();
        window.undoStack()->undo(); // the live session moves on
        QVERIFY(window.restoreRecovery(entry, &error));
        QVERIFY(document.spec() == heavier);
        QVERIFY(window.isWindowModified());
        QCOMPARE(document.path(), path);
        QCOMPARE(window.currentModel()->bodies[1].mass, heavier.bodies.front().mass);
        QVERIFY(window.save(&error));
        QVERIFY(!window.isWindowModified());
        QVERIFY(*loadMechanismFile(path.toStdString()).spec == heavier);
    }

    // File ▸ New From Template: the dialog refuses sizes that cannot close, a four-bar made from
    // it is an untitled, unsaved document that simulates, and once saved the CLI simulates the
    // file the same.
    void newFromTemplateSimulatesAndSaves() {
        TemplateDialog dialog;
        QVERIFY(dialog.setTemplate(QStringLiteral("four_bar")));
        QVERIFY(dialog.setField(QStringLiteral("Crank"), 2.0)); // m: longer than all the rest
        QVERIFY(!dialog.spec());
        QVERIFY2(dialog.problem().contains(QStringLiteral("four-bar"), Qt::CaseInsensitive),
                 qPrintable(dialog.problem()));
        QVERIFY(!dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        QVERIFY(dialog.setField(QStringLiteral("Crank"), 0.08));
        QVERIFY(dialog.setField(QStringLiteral("Crank rate"), 3.0));
        const std::optional<MechanismSpec> spec = dialog.spec();
        QVERIFY2(spec, qPrintable(dialog.problem()));
        QVERIFY(dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        if (const QByteArray dir = qgetenv("SSLM_STUDIO_SCREENSHOT_DIR"); !dir.isEmpty()) {
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            dialog.grab().save(QString::fromLocal8Bit(dir) +
                               QStringLiteral("/template_dialog.png"));
            dialog.hide();
        }

        MainWindow& window = freshWindow("carpet_scraper.json");
        QString error;
        QVERIFY2(window.newDocument(*spec, &error), qPrintable(error));
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("Untitled")));
        QVERIFY(window.isWindowModified());
        QCOMPARE(window.currentModel()->mobilityGrubler, 1);
        enterSettings(*window.runPanel(), 1.0);
        const auto run = runToEnd(window);
        QVERIFY(run && run->summary()->ok);
        QCOMPARE(run->model()->name, spec->name);
        grabScreenshot(window, "studio_template_four_bar.png");

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("crank_rocker.json"));
        QVERIFY2(window.saveAs(path, &error), qPrintable(error));
        QVERIFY(!window.isWindowModified());
#ifdef SSLM_CLI_EXE
        const QString cliCsv = dir.filePath(QStringLiteral("cli.csv"));
        QProcess cli;
        cli.start(QStringLiteral(SSLM_CLI_EXE),
                  {QStringLiteral("simulate"), path, QStringLiteral("--integrator"),
                   QStringLiteral("dopri5"), QStringLiteral("--rtol"), QStringLiteral("1e-10"),
                   QStringLiteral("--atol"), QStringLiteral("1e-10"), QStringLiteral("--t-end"),
                   QStringLiteral("1"), QStringLiteral("--sample"), QStringLiteral("0.01"),
                   QStringLiteral("--out"), cliCsv, QStringLiteral("--quiet")});
        QVERIFY(cli.waitForFinished(kRunTimeoutMs));
        QCOMPARE(cli.exitCode(), 0);
        const Csv expected = readCsv(cliCsv);
        QCOMPARE(expected.rows.size(), run->samples().size());
        double worst = 0;
        for (const Coordinate& c : run->model()->coordinates) {
            const QString name = QStringLiteral("q.") + QString::fromStdString(c.name);
            const std::vector<double> stored = column(*run, name);
            const int col = expected.column(name);
            QVERIFY(col >= 0);
            for (std::size_t row = 0; row < stored.size(); ++row) {
                worst = std::max(worst, std::abs(stored[row] - expected.rows[row][col]));
            }
        }
        qInfo("template four-bar, window vs CLI on the saved file: max |Δq| = %.3g", worst);
        QVERIFY(worst <= kSameAsCliTol);
#endif
    }

    // The Check panel follows the document: the scraper is ready to simulate with 1 DOF; an
    // edit that removes joint J7 opens loop 3 (3 DOF by Grübler) and orphans the initial state's
    // theta7, which the panel names (the window keeps showing the last mechanism that
    // compiled); undo clears it.
    void checkPanelFollowsTheDocument() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        CheckPanel& panel = *window.checkPanel();
        QVERIFY2(panel.summaryText().contains(QStringLiteral("Ready to simulate")),
                 qPrintable(panel.summaryText()));
        QVERIFY(panel.summaryText().contains(QStringLiteral("DOF 1")));
        QVERIFY(!panel.result().hasErrors());

        MechanismSpec broken = window.document()->spec();
        const auto j7 = std::find_if(broken.joints.begin(), broken.joints.end(),
                                     [](const JointSpec& j) { return j.name == "J7"; });
        QVERIFY(j7 != broken.joints.end());
        broken.joints.erase(j7);
        const auto shown = window.currentModel();
        window.document()->edit(broken, QStringLiteral("Delete J7"));
        QVERIFY(panel.result().hasErrors());
        QVERIFY2(panel.findingTexts().join(QLatin1Char('\n')).contains(QStringLiteral("theta7")),
                 qPrintable(panel.findingTexts().join(QLatin1Char('\n'))));
        QCOMPARE(panel.result().dofGrubler, 3); // 3·7 − 2·9
        QCOMPARE(panel.result().independentLoops, 2);
        QCOMPARE(window.currentModel(), shown); // the last good mechanism stays on screen
        // ...under a banner that says so and links to the Edit tab; Start refuses
        QVERIFY(window.staleBanner()->isVisibleTo(&window));
        QVERIFY2(window.staleBanner()->text().contains(QStringLiteral("as it last compiled")),
                 qPrintable(window.staleBanner()->text()));
        QVERIFY(!window.startSimulation());
        window.checkDock()->raise();
        grabScreenshot(window, "studio_check_panel.png");
        Q_EMIT window.staleBanner()->linkActivated(QStringLiteral("edit"));
        QCOMPARE(window.centralTabs()->currentIndex(), 1);
        window.centralTabs()->setCurrentIndex(0);

        QVERIFY(window.historyDock()->findChild<QUndoView*>() != nullptr);
        window.undoStack()->undo();
        QVERIFY(!panel.result().hasErrors());
        // back to the mechanism on screen: no banner, and it simulates
        QVERIFY(!window.staleBanner()->isVisibleTo(&window));
        QVERIFY(window.startSimulation());
        window.controller()->stop();
        window.graphDock()->raise();
    }

    // The drawing test: an empty mechanism, two ground pivots and three links drawn
    // with the mouse in the Edit tab, the crank made the input, give a 1-DOF four-bar whose
    // saved file equals tests/data/drawn_four_bar.json; dragging the coupler's free corner
    // re-assembles it as one undo step, and undo restores the exact document; it simulates.
    void drawFourBarWithTheMouse() {
        MainWindow& window = freshWindow("four_bar.json");
        QString error;
        QVERIFY(window.newDocument(emptyDrawing("Drawn four-bar").spec, &error));
        QVERIFY(!window.startSimulation()); // nothing moves yet
        window.centralTabs()->setCurrentIndex(1);
        EditorWidget& editor = *window.editor();
        EditorCanvas& canvas = *editor.canvas();
        QApplication::processEvents();
        QWidget* viewport = canvas.viewport();
        const auto at = [&](double x, double y) {
            return canvas.viewportPoint({x, y});
        };

        editor.toolAction(EditorCanvas::Tool::GroundPivot)->trigger();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.3, 0.0));
        QCOMPARE(window.document()->spec().ground.points.size(), std::size_t(2));

        editor.toolAction(EditorCanvas::Tool::Link)->trigger();
        const auto drag = [&](QPoint from, QPoint to) {
            dragOn(canvas, from, to);
        };
        drag(at(0.0, 0.0), at(0.05, 0.09));  // crank
        drag(at(0.05, 0.09), at(0.2, 0.25)); // coupler, from the crank's tip
        drag(at(0.3, 0.0), at(0.2, 0.25));   // rocker, closing the loop on the coupler's tip
        const MechanismSpec& drawn = window.document()->spec();
        QCOMPARE(drawn.bodies.size(), std::size_t(3));
        QCOMPARE(drawn.joints.size(), std::size_t(4));

        editor.toolAction(EditorCanvas::Tool::Select)->trigger();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QVERIFY(canvas.selectedPoint().has_value());
        QVERIFY(canvas.makeSelectionInput());
        QVERIFY(window.currentModel());
        QCOMPARE(window.currentModel()->mobilityGrubler, 1);
        QVERIFY(!window.checkPanel()->result().hasErrors());
        QCOMPARE(window.checkPanel()->result().dofJacobian.value_or(-1), 1);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("drawn_four_bar.json"));
        QVERIFY2(window.saveAs(path, &error), qPrintable(error));
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QFile expected(QStringLiteral(SSLM_TEST_DATA_DIR "/drawn_four_bar.json"));
        QVERIFY2(expected.open(QIODevice::ReadOnly), "tests/data/drawn_four_bar.json");
        QCOMPARE(QString::fromUtf8(saved.readAll()), QString::fromUtf8(expected.readAll()));

        // drag the coupler's corner: one undo step, the pin where it was put
        const MechanismSpec before = window.document()->spec();
        const int steps = window.undoStack()->count();
        QTest::mousePress(viewport, Qt::LeftButton, {}, at(0.2, 0.25));
        QTest::mouseMove(viewport, at(0.21, 0.26));
        QTest::mouseMove(viewport, at(0.22, 0.27));
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, at(0.22, 0.27));
        QCOMPARE(window.undoStack()->count(), steps + 1);
        const auto pin = pointInWorld(canvas.drawing(), {"L2", "P2"});
        QVERIFY(pin && (*pin - Eigen::Vector2d(0.22, 0.27)).norm() < 1e-12);
        window.undoStack()->undo();
        QVERIFY(window.document()->spec() == before);

        // drive the crank round with the mouse: the rocker pin, traced, stays on its arc
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.2, 0.25));
        QVERIFY(canvas.toggleSelectionTrace());
        const MechanismSpec traced = window.document()->spec();
        QCOMPARE(traced.tracedPoints.size(), std::size_t(1));
        editor.toolAction(EditorCanvas::Tool::Drive)->trigger();
        const double crank = std::hypot(0.05, 0.09);
        const double start = std::atan2(0.09, 0.05);
        QTest::mousePress(viewport, Qt::LeftButton, {}, at(0.05, 0.09));
        for (int step = 1; step <= 36; ++step) {
            const double angle = start + step * M_PI / 18.0;
            QTest::mouseMove(viewport, at(crank * std::cos(angle), crank * std::sin(angle)));
        }
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, at(0.05, 0.09));
        const auto& paths = canvas.tracedPaths();
        QCOMPARE(paths.size(), std::size_t(1));
        const std::vector<Eigen::Vector2d>& curve = paths.begin()->second;
        QVERIFY2(curve.size() >= 36, qPrintable(QString::number(curve.size())));
        const double rocker = (Eigen::Vector2d(0.2, 0.25) - Eigen::Vector2d(0.3, 0.0)).norm();
        double worst = 0;
        for (const Eigen::Vector2d& p : curve) {
            worst = std::max(worst, std::abs((p - Eigen::Vector2d(0.3, 0.0)).norm() - rocker));
        }
        qInfo("drove the crank a full turn: %zu traced points, off the rocker's arc by %.3g m",
              curve.size(), worst);
        QVERIFY(worst < 1e-9);
        QVERIFY(window.document()->spec() == traced); // driving edits nothing
        grabScreenshot(window, "studio_editor_four_bar.png");
        editor.toolAction(EditorCanvas::Tool::Select)->trigger();

        enterSettings(*window.runPanel(), 0.5);
        const auto run = runToEnd(window);
        QVERIFY(run && run->summary()->ok);

        // unpin the crank at both ends: the Check panel names it, the canvas marks it, Start
        // refuses; undo brings the mechanism back
        const MechanismSpec whole = window.document()->spec();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QVERIFY(canvas.deleteSelection());
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.05, 0.09));
        QVERIFY(canvas.deleteSelection());
        const auto& findings = window.checkPanel()->result().findings;
        QVERIFY(std::any_of(findings.begin(), findings.end(), [](const CheckFinding& f) {
            return f.kind == FindingKind::Disconnected &&
                   std::find(f.bodies.begin(), f.bodies.end(), "L1") != f.bodies.end();
        }));
        QVERIFY(!window.startSimulation());
        window.checkDock()->raise();
        grabScreenshot(window, "studio_editor_check.png");
        window.graphDock()->raise();
        window.undoStack()->undo();
        window.undoStack()->undo();
        QVERIFY(window.document()->spec() == whole);
        window.centralTabs()->setCurrentIndex(0);
    }

    // A slider-crank drawn with the Slider tool (a block on a ground guide) and a rod pinned to
    // it: 1 DOF, it simulates; the Point tool makes the rod a plate.
    void drawSliderCrankWithTheMouse() {
        MainWindow& window = editing(emptyDrawing("Drawn slider-crank").spec);
        EditorWidget& editor = *window.editor();
        EditorCanvas& canvas = *editor.canvas();
        QWidget* viewport = canvas.viewport();
        const auto at = [&](double x, double y) {
            return canvas.viewportPoint({x, y});
        };
        const auto drag = [&](QPoint from, QPoint to) {
            dragOn(canvas, from, to);
        };
        editor.toolAction(EditorCanvas::Tool::GroundPivot)->trigger();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.4, 0.0));
        editor.toolAction(EditorCanvas::Tool::Link)->trigger();
        drag(at(0.0, 0.0), at(0.05, 0.09));
        editor.toolAction(EditorCanvas::Tool::Slider)->trigger();
        drag(at(0.4, 0.0), at(0.3, 0.0));
        editor.toolAction(EditorCanvas::Tool::Link)->trigger();
        drag(at(0.05, 0.09), at(0.3, 0.0)); // the rod, pinned to the block
        editor.toolAction(EditorCanvas::Tool::Select)->trigger();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QVERIFY(canvas.makeSelectionInput());
        QVERIFY(window.properties()->inputBox()->isChecked());
        window.properties()->rateBox()->setValue(4.7124); // 45 rpm
        QCOMPARE(window.document()->spec().initial.rates.size(), std::size_t(1));
        QCOMPARE(window.currentModel()->spec.initial.rates[0].second, 4.7124);

        const MechanismSpec& spec = window.document()->spec();
        QCOMPARE(spec.bodies.size(), std::size_t(3));
        QCOMPARE(spec.joints.size(), std::size_t(4));
        QCOMPARE(spec.joints[1].type, JointType::Prismatic);
        QVERIFY(window.currentModel());
        QCOMPARE(window.currentModel()->mobilityGrubler, 1);
        QVERIFY(!window.checkPanel()->result().hasErrors());
        enterSettings(*window.runPanel(), 0.5);
        const auto run = runToEnd(window);
        QVERIFY(run && run->summary()->ok);
        grabScreenshot(window, "studio_editor_slider_crank.png");

        // the rod's properties, typed in: mass, then an inertia instead of the uniform bar's
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.175, 0.045)); // on the rod
        QCOMPARE(canvas.selectedBody().value_or(""), std::string("L2"));
        QCOMPARE(window.properties()->nameEdit()->text(), QStringLiteral("#2 link"));
        QVERIFY(window.properties()->uniformInertiaBox()->isChecked());
        window.properties()->massBox()->setValue(1.25);
        const auto rodSpec = [&] {
            return *std::find_if(window.document()->spec().bodies.begin(),
                                 window.document()->spec().bodies.end(),
                                 [](const BodySpec& b) { return b.id == "L2"; });
        };
        QCOMPARE(rodSpec().mass, 1.25);
        window.properties()->uniformInertiaBox()->setChecked(false);
        window.properties()->inertiaBox()->setValue(0.02);
        QCOMPARE(rodSpec().inertiaCom.value_or(0.0), 0.02);
        grabScreenshot(window, "studio_editor_properties.png");
        QCOMPARE(window.currentModel()
                     ->bodies[static_cast<std::size_t>(window.currentModel()->bodyIndex("L2"))]
                     .inertiaCom,
                 0.02);
        window.undoStack()->undo(); // the typed inertia
        window.undoStack()->undo(); // "uniform" unticked (the same inertia, typed)
        QVERIFY(!rodSpec().inertiaCom);

        // a point a few pixels off the rod's line (no grid snapping) makes it a plate
        editor.toolAction(EditorCanvas::Tool::Point)->trigger();
        canvas.setSnapToGrid(false);
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.175, 0.045) + QPoint(0, -6));
        canvas.setSnapToGrid(true);
        const auto rod = std::find_if(spec.bodies.begin(), spec.bodies.end(),
                                      [](const BodySpec& b) { return b.id == "L2"; });
        QVERIFY(rod != spec.bodies.end());
        QCOMPARE(rod->points.size(), std::size_t(3));
        QCOMPARE(rod->shape, BodyShape::Plate);
        window.centralTabs()->setCurrentIndex(0);
    }

    // The Properties panel on a drawn four-bar, typed with the keyboard: the crank pivot's
    // joint gets a spring/damper and a PD actuator tracking a ramp at 45 rpm, and the run follows
    // the ramp; the rocker pivot becomes a slider (units follow) and undo restores it; the
    // crank's length is typed; undoing every step gives the drawn document back exactly.
    void jointPropertiesThroughThePanel() {
        MainWindow& window = freshWindow("four_bar.json");
        QVERIFY(window.newDocument(fixtures::drawnFourBar().spec));
        const MechanismSpec drawn = window.document()->spec();
        const int steps = window.undoStack()->index();
        window.centralTabs()->setCurrentIndex(1);
        QVERIFY(window.propertiesDock()->isVisible()); // raised by the Edit tab
        EditorCanvas& canvas = *window.editor()->canvas();
        PropertiesPanel& panel = *window.properties();
        QApplication::processEvents();
        QWidget* viewport = canvas.viewport();
        const auto at = [&](double x, double y) {
            return canvas.viewportPoint({x, y});
        };
        const auto type = &typeInto;
        const auto joint = [&](const char* name) {
            return *std::find_if(window.document()->spec().joints.begin(),
                                 window.document()->spec().joints.end(),
                                 [&](const JointSpec& j) { return j.name == name; });
        };

        // the crank pivot: J1, an input
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QCOMPARE(panel.jointBox()->currentData().toString(), QStringLiteral("J1"));
        QVERIFY(panel.inputBox()->isChecked());
        QCOMPARE(panel.stiffnessBox()->suffix(), QStringLiteral(" N·m/rad"));
        panel.springBox()->setFocus();
        QTest::keyClick(panel.springBox(), Qt::Key_Space);
        QVERIFY(joint("J1").springDamper.has_value());
        type(panel.stiffnessBox(), 0.5);
        type(panel.dampingBox(), 0.01);
        QCOMPARE(joint("J1").springDamper->stiffness, 0.5);
        QCOMPARE(joint("J1").springDamper->damping, 0.01);

        // PD tracking of θ0 + 4.7124·t
        const double theta0 = window.document()->spec().initial.independent[0].second;
        panel.actuatorBox()->setCurrentIndex(panel.actuatorBox()->findData(2));
        QVERIFY(panel.kpBox()->isVisibleTo(&panel));
        type(panel.kpBox(), 400);
        type(panel.kdBox(), 40);
        SignalEditor& reference = *panel.referenceEditor();
        reference.kindBox()->setCurrentIndex(
            reference.kindBox()->findData(static_cast<int>(SignalSpec::Kind::Linear)));
        type(reference.valueBox(), theta0);
        type(reference.rateBox(), 4.7124);
        const ActuatorSpec& pd = window.document()->spec().actuators.at(0);
        QCOMPARE(pd.kind, ActuatorSpec::Kind::PdTracking);
        QCOMPARE(pd.kp, 400.0);
        QCOMPARE(pd.kd, 40.0);
        QCOMPARE(pd.reference.kind, SignalSpec::Kind::Linear);
        QCOMPARE(pd.reference.rate, 4.7124);
        QVERIFY(std::abs(pd.reference.value - theta0) < 1e-4); // typed to 4 decimals
        grabScreenshot(window, "studio_editor_joint.png");

        enterSettings(*window.runPanel(), 1.0);
        const auto run = runToEnd(window);
        QVERIFY(run && run->summary()->ok);
        const std::vector<double> t = column(*run, QStringLiteral("t"));
        const std::vector<double> q = column(*run, QStringLiteral("q.theta1"));
        double worst = 0;
        for (std::size_t k = 0; k < t.size(); ++k) {
            worst = std::max(worst, std::abs(q[k] - (pd.reference.value + 4.7124 * t[k])));
        }
        qInfo("PD-tracked crank over 1 s: within %.3g rad of the ramp", worst);
        QCOMPARE(t.back(), 1.0);
        QVERIFY(worst < 0.01);

        // the rocker pivot made a slider, then back by undo
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.3, 0.0));
        QCOMPARE(panel.jointBox()->currentData().toString(), QStringLiteral("J3"));
        panel.typeBox()->setCurrentIndex(1);
        QCOMPARE(joint("J3").type, JointType::Prismatic);
        QCOMPARE(joint("J3").coordinateName(), std::string("x3"));
        QCOMPARE(panel.stiffnessBox()->suffix(), QStringLiteral(" N/m"));
        QVERIFY(panel.axisBox()->isVisibleTo(&panel));
        QVERIFY(!window.checkPanel()->result().hasErrors());
        window.undoStack()->undo();
        QCOMPARE(joint("J3").type, JointType::Revolute);
        QCOMPARE(panel.typeBox()->currentIndex(), 0);

        // the crank's length typed: its tip moves along it and the coupler follows
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.025, 0.0433));
        QCOMPARE(canvas.selectedBody().value_or(""), std::string("L1"));
        QVERIFY(panel.lengthBox()->isVisibleTo(&panel));
        type(panel.lengthBox(), 0.12);
        const BodySpec& crank = window.document()->spec().bodies.at(0);
        QVERIFY(std::abs(crank.points[1].p_B.norm() - 0.12) < 1e-12);
        QVERIFY(window.currentModel() && !window.checkPanel()->result().hasErrors());

        while (window.undoStack()->index() > steps) {
            window.undoStack()->undo();
        }
        QVERIFY(window.document()->spec() == drawn);
    }

    // The scraper check through the window: the carpet scraper entered in the Edit tab
    // with the mouse (pivots, links, points, pins) and the keyboard (the spec's coordinates,
    // lengths along the links, masses, centres of mass and inertias typed in the Properties
    // panel) simulates like examples/carpet_scraper.json: blade tip and energy over 1 s.
    void enterTheCarpetScraperWithMouseAndKeyboard() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        const std::shared_ptr<const Model> file = window.currentModel();
        const InitialState initial = assembleInitialState(*file);
        QVERIFY(initial.report.converged);
        const Drawing reference = drawingAt(file->spec, *file, initial.q);
        const auto ref = [&](const char* body, const char* point) {
            return *pointInWorld(reference, {body, point});
        };
        QVERIFY(window.newDocument(emptyDrawing("Carpet scraper, drawn").spec));
        window.centralTabs()->setCurrentIndex(1);
        EditorWidget& editor = *window.editor();
        EditorCanvas& canvas = *editor.canvas();
        PropertiesPanel& panel = *window.properties();
        QApplication::processEvents();
        QWidget* viewport = canvas.viewport();
        const auto at = [&](const Eigen::Vector2d& w) {
            return canvas.viewportPoint(w);
        };
        const auto pointAt = [&](const JointEnd& p) {
            return at(*pointInWorld(canvas.drawing(), p));
        };
        const auto use = [&](EditorCanvas::Tool tool) {
            editor.toolAction(tool)->trigger();
        };
        const auto drag = [&](QPoint from, QPoint to) {
            dragOn(canvas, from, to);
        };
        const auto type = &typeInto;
        const auto select = [&](const JointEnd& p) {
            use(EditorCanvas::Tool::Select);
            QTest::mouseClick(viewport, Qt::LeftButton, {}, pointAt(p));
            QVERIFY2(canvas.selectedPoint() &&
                         (*canvas.selectedPoint() == p ||
                          (*pointInWorld(canvas.drawing(), *canvas.selectedPoint()) -
                           *pointInWorld(canvas.drawing(), p))
                                  .norm() < 1e-9),
                     p.point.c_str());
        };
        // a point typed in its link's frame (m)
        const auto place = [&](const JointEnd& p, double x) {
            select(p);
            QCOMPARE(*canvas.selectedPoint(), p);
            type(panel.frameXBox(), x);
            type(panel.frameYBox(), 0.0);
        };
        // a link drawn from a point towards where its end should be, its end typed along it
        // (the link's frame has its x-axis along the link)
        const auto link = [&](const JointEnd& from, const Eigen::Vector2d& towards, double length,
                              const char* id) {
            use(EditorCanvas::Tool::Link);
            // released short of the target: on an existing point it would pin the end there
            const Eigen::Vector2d start = *pointInWorld(canvas.drawing(), from);
            drag(pointAt(from), at(start + 0.8 * (towards - start)));
            QVERIFY(std::any_of(canvas.drawing().spec.bodies.begin(),
                                canvas.drawing().spec.bodies.end(),
                                [&](const BodySpec& b) { return b.id == id; }));
            place({id, "P2"}, length);
        };
        // a point clicked on a link (on its line) and typed along it
        const auto point = [&](const char* body, double x) {
            use(EditorCanvas::Tool::Point);
            QTest::mouseClick(viewport, Qt::LeftButton, {},
                              at(0.5 * (*pointInWorld(canvas.drawing(), {body, "P1"}) +
                                        *pointInWorld(canvas.drawing(), {body, "P2"}))));
            place({body, "P3"}, x);
        };
        const auto pin = [&](const JointEnd& a, const JointEnd& b) {
            use(EditorCanvas::Tool::Pin);
            drag(pointAt(a), pointAt(b));
        };

        // the ground pivots O1, O2 and the file's O4, clicked and then typed
        use(EditorCanvas::Tool::GroundPivot);
        for (const BodyPoint& p : file->spec.ground.points) {
            QTest::mouseClick(viewport, Qt::LeftButton, {}, at(p.p_B));
        }
        QCOMPARE(canvas.drawing().spec.ground.points.size(), std::size_t(3));
        for (std::size_t k = 0; k < 3; ++k) {
            const JointEnd pivot{"ground", "O" + std::to_string(k + 1)};
            select(pivot);
            type(panel.xBox(), file->spec.ground.points[k].p_B.x());
            type(panel.yBox(), file->spec.ground.points[k].p_B.y());
            QVERIFY(
                (*pointInWorld(canvas.drawing(), pivot) - file->spec.ground.points[k].p_B).norm() <
                1e-15);
        }
        // the crank along x (θ1 = 0), made the input at 45 rpm
        link({"ground", "O1"}, ref("link1", "J8"), 0.038, "L1");
        select({"ground", "O1"});
        QCOMPARE(panel.jointBox()->currentData().toString(), QStringLiteral("J1"));
        panel.inputBox()->setFocus();
        QTest::keyClick(panel.inputBox(), Qt::Key_Space);
        QVERIFY(panel.inputBox()->isChecked());
        type(panel.rateBox(), 4.7124);
        // the rocker, the coupler (J3 in its middle: J8 one side, J9 the other), pinned at J8
        link({"ground", "O2"}, ref("link2", "J3"), 0.1152, "L2");
        link({"L2", "P2"}, ref("link3", "J8"), 0.1152, "L3");
        point("L3", -0.1152);
        pin({"L3", "P2"}, {"L1", "P2"});
        // the base link with J5 on it, the link J5–J9, pinned at J9
        link({"ground", "O3"}, ref("link4", "J6"), 0.3346, "L4");
        point("L4", 0.0956);
        link({"L4", "P3"}, ref("link5", "J9"), 0.239, "L5");
        pin({"L5", "P2"}, {"L3", "P3"});
        // the blade arm to the tip, J7 on it, the link J7–J10, pinned at J10; the tip traced
        link({"L4", "P2"}, ref("link6", "tip"), 0.8365, "L6");
        point("L6", 0.239);
        link({"L6", "P3"}, ref("link7", "J10"), 0.239, "L7");
        pin({"L7", "P2"}, {"L5", "P2"});
        select({"L6", "P2"});
        panel.tracedBox()->setFocus();
        QTest::keyClick(panel.tracedBox(), Qt::Key_Space);

        // each link's mass, centre of mass and inertia from the spec, typed
        const std::pair<const char*, const char*> links[] = {
            {"L1", "link1"}, {"L2", "link2"}, {"L3", "link3"}, {"L4", "link4"},
            {"L5", "link5"}, {"L6", "link6"}, {"L7", "link7"}};
        for (const auto& [drawn, original] : links) {
            const BodySpec& spec =
                *std::find_if(file->spec.bodies.begin(), file->spec.bodies.end(),
                              [&](const BodySpec& b) { return b.id == original; });
            use(EditorCanvas::Tool::Select);
            const Eigen::Vector2d a = *pointInWorld(canvas.drawing(), {drawn, "P1"});
            const Eigen::Vector2d b = *pointInWorld(canvas.drawing(), {drawn, "P2"});
            // on the link, away from the points of the links around it
            for (const double along : {0.5, 0.35, 0.65, 0.2, 0.8}) {
                QTest::mouseClick(viewport, Qt::LeftButton, {}, at(a + along * (b - a)));
                if (canvas.selectedBody().value_or("") == drawn) {
                    break;
                }
            }
            QVERIFY2(canvas.selectedBody().value_or("") == drawn,
                     qPrintable(
                         QStringLiteral("%1 wanted, %2 selected")
                             .arg(QString::fromUtf8(drawn),
                                  QString::fromStdString(canvas.selectedBody().value_or(
                                      canvas.selectedPoint() ? canvas.selectedPoint()->body + "." +
                                                                   canvas.selectedPoint()->point
                                                             : "nothing")))));
            type(panel.massBox(), spec.mass);
            type(panel.comXBox(), spec.com_B.x());
            type(panel.comYBox(), spec.com_B.y());
            if (panel.uniformInertiaBox()->isChecked()) {
                panel.uniformInertiaBox()->setFocus();
                QTest::keyClick(panel.uniformInertiaBox(), Qt::Key_Space);
            }
            type(panel.inertiaBox(), *spec.inertiaCom);
        }
        grabScreenshot(window, "studio_editor_scraper.png");
        // the joint labels do not cover each other (the crank is 0.038 m: J1, J4 and J6 crowd)
        const std::vector<QRect> labels = labelRects(canvas);
        QCOMPARE(labels.size(), std::size_t(9)); // ten joints, J10 and J7's pin at one place
        for (std::size_t a = 0; a < labels.size(); ++a) {
            for (std::size_t b = a + 1; b < labels.size(); ++b) {
                QVERIFY(!labels[a].adjusted(1, 1, -1, -1).intersects(labels[b]));
            }
        }

        const MechanismSpec& drawn = window.document()->spec();
        QCOMPARE(drawn.bodies.size(), std::size_t(7));
        QCOMPARE(drawn.joints.size(), std::size_t(10));
        QVERIFY2(!window.checkPanel()->result().hasErrors(),
                 qPrintable(window.checkPanel()->findingTexts().join(QLatin1Char('\n'))));
        QVERIFY(window.currentModel() && window.currentModel()->spec == drawn);
        QCOMPARE(window.currentModel()->nLoops(), 3);

        // the same motion as the file's: blade tip and total energy every 0.01 s for 1 s
        const fixtures::MotionDifference difference =
            fixtures::motionDifference(*file, *window.currentModel(), 1.0);
        qInfo("scraper entered with mouse and keyboard vs the file over 1 s: blade tip within "
              "%.3g m, energy within %.3g J",
              difference.point, difference.energy);
        QCOMPARE(difference.samples, std::size_t(101));
        QVERIFY(difference.point < 1e-8);
        QVERIFY(difference.energy < 1e-6);
        window.centralTabs()->setCurrentIndex(0);
    }

    // The dialogs answered as a user would: the unsaved-changes prompt (Cancel keeps the edit,
    // Discard opens the other file), Edit ▸ Insert Template through its dialog (one undo step),
    // and a drawing that does not compile yet: saved, opened again into the Edit tab where it
    // was drawn, and guarded by the prompt once edited.
    void dialogsAndUnfinishedDrawings() {
        MainWindow& window = freshWindow("four_bar.json");
        MechanismDocument& document = *window.document();

        // the unsaved-changes prompt
        MechanismSpec edited = document.spec();
        edited.bodies.front().mass *= 2.0;
        document.edit(edited, QStringLiteral("Mass"));
        answerNextDialog([](QWidget* dialog) {
            auto* box = qobject_cast<QMessageBox*>(dialog);
            QVERIFY(box && box->text().contains(QStringLiteral("not saved")));
            box->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!window.openFile(example("slider_crank.json")));
        QVERIFY(document.spec() == edited);
        QVERIFY(window.isWindowModified());
        answerNextDialog([](QWidget* dialog) {
            qobject_cast<QMessageBox*>(dialog)->button(QMessageBox::Discard)->click();
        });
        QVERIFY(window.openFile(example("slider_crank.json")));
        QCOMPARE(window.currentModel()->name, std::string("Slider-crank"));
        QVERIFY(!window.isWindowModified());

        // Insert Template (Ctrl+Shift+I): a slider-crank beside the drawn four-bar
        const MechanismSpec fourBar = fixtures::drawnFourBar().spec;
        QVERIFY(window.newDocument(fourBar));
        answerNextDialog([](QWidget* dialog) {
            auto* templates = qobject_cast<TemplateDialog*>(dialog);
            QVERIFY(templates && templates->setTemplate(QStringLiteral("slider_crank")));
            templates->buttons()->button(QDialogButtonBox::Ok)->click();
        });
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_I, Qt::ControlModifier | Qt::ShiftModifier);
        const MechanismSpec sliderCrank = mechanismTemplate("slider_crank");
        QCOMPARE(document.spec().bodies.size(), fourBar.bodies.size() + sliderCrank.bodies.size());
        QCOMPARE(window.centralTabs()->currentIndex(), 1);
        QVERIFY(window.currentModel());
        QCOMPARE(window.currentModel()->mobilityGrubler, 2);
        window.undoStack()->undo();
        QVERIFY(document.spec() == fourBar);

        // an unfinished drawing (the rocker's pins deleted: L3 is not connected) is saved...
        const Drawing unfinished = fixtures::unfinishedFourBar();
        QVERIFY(window.newDocument(unfinished.spec));
        QVERIFY(!window.currentModel());
        QVERIFY(!window.staleBanner()->isHidden()); // over the 3-D view (the Edit tab is up)
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("unfinished.json"));
        QString error;
        QVERIFY2(window.saveAs(path, &error), qPrintable(error));
        QVERIFY(!window.isWindowModified());
        // ...and opened again into the Edit tab, drawn where it was
        QVERIFY(window.openFile(example("four_bar.json"), &error));
        QVERIFY(window.openFile(path, &error));
        QVERIFY2(error.contains(QStringLiteral("does not compile yet")), qPrintable(error));
        QVERIFY(document.spec() == unfinished.spec);
        QCOMPARE(document.path(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(window.centralTabs()->currentIndex(), 1);
        const Drawing& shown = window.editor()->canvas()->drawing();
        for (const char* body : {"L1", "L2"}) {
            for (const char* point : {"P1", "P2"}) {
                QVERIFY(
                    (*pointInWorld(shown, {body, point}) - *pointInWorld(unfinished, {body, point}))
                        .norm() < 1e-12);
            }
        }
        QVERIFY(!window.startSimulation());
        grabScreenshot(window, "studio_unfinished_drawing.png");
        // edited, it is guarded by the prompt although it does not compile
        QVERIFY(window.editor()->canvas()->edit(
            [](Drawing& d) {
                return addGroundPivot(d, {0.5, 0.5});
            },
            QStringLiteral("Pivot")));
        QVERIFY(window.isWindowModified());
        answerNextDialog([](QWidget* dialog) {
            qobject_cast<QMessageBox*>(dialog)->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!window.openFile(example("four_bar.json")));
        QCOMPARE(document.spec().ground.points.size(), unfinished.spec.ground.points.size() + 1);
        window.centralTabs()->setCurrentIndex(0);
    }

    // A field of the Properties panel changes its own number only: the others keep their exact
    // values (the boxes show them rounded); a refused edit shows the link as it is; a floating
    // link keeps its place through undo and redo.
    void panelEditsChangeOnlyTheirField() {
        MechanismSpec spec = fixtures::drawnFourBar().spec;
        ActuatorSpec& pd = spec.actuators.at(0);
        pd.kind = ActuatorSpec::Kind::PdTracking;
        pd.kp = 12.3456789;
        pd.reference.kind = SignalSpec::Kind::Linear;
        pd.reference.rate = 4.71238898;
        MainWindow& window = editing(spec);
        EditorCanvas& canvas = *window.editor()->canvas();
        PropertiesPanel& panel = *window.properties();
        const auto crankPd = [&] {
            return window.document()->spec().actuators.at(0);
        };

        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {}, canvas.viewportPoint({0, 0}));
        QCOMPARE(panel.jointBox()->currentData().toString(), QStringLiteral("J1"));
        panel.springBox()->setFocus();
        QTest::keyClick(panel.springBox(), Qt::Key_Space);
        typeInto(panel.stiffnessBox(), 2.0);
        typeInto(panel.kdBox(), 0.5);
        QCOMPARE(window.document()->spec().joints[0].springDamper->stiffness, 2.0);
        QCOMPARE(crankPd().kd, 0.5);
        QCOMPARE(crankPd().kp, 12.3456789);                 // shown as 12.3457
        QCOMPARE(crankPd().reference.rate, 4.71238898);     // shown as 4.7124
        typeInto(panel.referenceEditor()->valueBox(), 1.0); // the reference's value only
        QCOMPARE(crankPd().reference.value, 1.0);
        QCOMPARE(crankPd().reference.rate, 4.71238898);

        // a name refused: the link is shown as it is, and the next edit goes through
        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {},
                          canvas.viewportPoint({0.025, 0.0433}));
        QCOMPARE(canvas.selectedBody().value_or(""), std::string("L1"));
        panel.nameEdit()->setFocus();
        panel.nameEdit()->clear();
        QTest::keyClick(panel.nameEdit(), Qt::Key_Return);
        QCOMPARE(panel.nameEdit()->text(), QStringLiteral("#1 link"));
        typeInto(panel.massBox(), 1.5);
        QCOMPARE(window.document()->spec().bodies[0].mass, 1.5);
        QCOMPARE(window.document()->spec().bodies[0].name, std::string("#1 link"));

        // a floating link keeps its place through undo and redo
        QVERIFY(canvas.edit(
            [](Drawing& d) {
                return addLink(d, Eigen::Vector2d(0.5, 0.3), Eigen::Vector2d(0.6, 0.35));
            },
            QStringLiteral("Float")));
        const auto floatingEnd = [&] {
            return *pointInWorld(canvas.drawing(), {"L4", "P2"});
        };
        QVERIFY((floatingEnd() - Eigen::Vector2d(0.6, 0.35)).norm() < 1e-12);
        window.undoStack()->undo();
        window.undoStack()->redo();
        QVERIFY((floatingEnd() - Eigen::Vector2d(0.6, 0.35)).norm() < 1e-12);
        window.centralTabs()->setCurrentIndex(0);
    }

    // Links and guides need not start on a point: a link dragged in empty space floats, a
    // slider's guide started in empty space gets a ground point; the Pin tool joins them.
    void freeStartsWithTheMouse() {
        MainWindow& window = editing(emptyDrawing("Free starts").spec);
        EditorWidget& editor = *window.editor();
        EditorCanvas& canvas = *editor.canvas();
        const auto at = [&](double x, double y) {
            return canvas.viewportPoint({x, y});
        };
        const auto drag = [&](QPoint from, QPoint to) {
            dragOn(canvas, from, to);
        };
        const MechanismSpec& spec = window.document()->spec();
        editor.toolAction(EditorCanvas::Tool::Link)->trigger();
        drag(at(0.0, 0.1), at(0.1, 0.1));
        QCOMPARE(spec.bodies.size(), std::size_t(1));
        QVERIFY(spec.joints.empty()); // floating
        editor.toolAction(EditorCanvas::Tool::Slider)->trigger();
        drag(at(0.3, 0.0), at(0.2, 0.0));
        QCOMPARE(spec.ground.points.size(), std::size_t(1));
        QCOMPARE(spec.joints.size(), std::size_t(1));
        QCOMPARE(spec.joints[0].type, JointType::Prismatic);
        editor.toolAction(EditorCanvas::Tool::Pin)->trigger();
        drag(at(0.1, 0.1), at(0.2, 0.0)); // the link's free end to the block
        QCOMPARE(spec.joints.size(), std::size_t(2));
        QCOMPARE(spec.joints[1].parent, (JointEnd{"L1", "P2"}));
        QCOMPARE(spec.joints[1].child, (JointEnd{"S1", "P1"}));
        QVERIFY(!canvas.edit([](Drawing&) { return EditError("refused"); }, QStringLiteral("x")));
        window.centralTabs()->setCurrentIndex(0);
    }

    // A crash while a drawing was unfinished: the next session's recovery offer, answered
    // "Recover", brings it back into the Edit tab as an unsaved document.
    void recoveryOfferBringsBackAnUnfinishedDrawing() {
        MainWindow& window = freshWindow("four_bar.json");
        MechanismDocument& document = *window.document();
        QTemporaryDir dir;
        document.setRecoveryDirectory(dir.filePath(QStringLiteral("live")));
        const Drawing unfinished = fixtures::unfinishedFourBar();
        QVERIFY(window.newDocument(unfinished.spec));
        QString error;
        QVERIFY2(document.writeRecovery(&error), qPrintable(error));
        const QString left = dir.filePath(QStringLiteral("left"));
        QVERIFY(!fixtures::layOutCrashedCopy(document.recoveryFile(), left,
                                             QStringLiteral("crashed.recovery.json"))
                     .isEmpty());

        // the next session: another file open, then the offer
        QVERIFY(window.openFile(example("four_bar.json"), &error));
        document.setRecoveryDirectory(left);
        answerNextDialog([](QWidget* dialog) {
            auto* box = qobject_cast<QMessageBox*>(dialog);
            QVERIFY(box && box->text().contains(QStringLiteral("did not close normally")));
            for (QAbstractButton* button : box->buttons()) {
                if (button->text() == QStringLiteral("Recover")) {
                    button->click();
                }
            }
        });
        QCOMPARE(window.offerRecovery(), 1);
        QVERIFY(document.spec() == unfinished.spec);
        QVERIFY(window.isWindowModified());
        QVERIFY(!window.currentModel());
        QCOMPARE(window.centralTabs()->currentIndex(), 1);
        QVERIFY(MechanismDocument::pendingRecoveries(left).empty());
        window.centralTabs()->setCurrentIndex(0);
    }

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

    void staysResponsiveAndClosesMidRun() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        enterSettings(*window.runPanel(), kLongRun, 0.05);
        testing::EventLoopProbe probe;
        QVERIFY(window.startSimulation());
        probe.start();
        const double cpuBefore = threadCpuMs();
        QTest::qWait(2000);
        const double guiCpuMs = threadCpuMs() - cpuBefore;
        const double maxGapMs = probe.maxGapMs();
        const QString renderer = glRenderer(*window.mechanismView());
        qInfo("2 s of a live run in the window: max gap between 10 ms ticks %.1f ms, %zu "
              "samples, GUI thread CPU %.0f ms, drawing a report %.0f ms, reports every %d ms, "
              "OpenGL renderer %s",
              maxGapMs, window.controller()->currentRun()->samples().size(), guiCpuMs,
              window.controller()->reportCostMs(), window.controller()->reportIntervalMs(),
              qPrintable(renderer));
        // A software rasteriser (Mesa llvmpipe under xvfb) spends 50–150 ms on each frame of
        // this window, so one frame alone exceeds the bound; there, the test only checks that
        // the window never freezes.
        const bool softwareGl = renderer.contains(QLatin1String("llvmpipe")) ||
                                renderer.contains(QLatin1String("softpipe")) ||
                                renderer.contains(QLatin1String("swrast"));
        const double bound = softwareGl ? kMaxSoftwareGlGapMs : kMaxLatencyMs;
        QVERIFY2(maxGapMs < bound, qPrintable(QString::number(maxGapMs)));
        QVERIFY(window.controller()->isRunning());
        QVERIFY(window.close());
        QVERIFY(!window.controller()->isRunning());
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
             {std::pair{"carpet_scraper.json", "studio_window_scraper.png"},
              std::pair{"three_rrr.json", "studio_window_three_rrr.png"}}) {
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

private:
    /// With SSLM_STUDIO_SCREENSHOT_DIR set, saves the window there as `png` once the view's
    /// anti-aliased still frame has followed.
    static void grabScreenshot(MainWindow& window, const char* png) {
        const QByteArray dir = qgetenv("SSLM_STUDIO_SCREENSHOT_DIR");
        if (dir.isEmpty()) {
            return;
        }
        QTest::qWait(900);
        const QString path = QString::fromLocal8Bit(dir) + QLatin1Char('/') + png;
        if (window.grab().toImage().save(path)) {
            qInfo("wrote %s", qPrintable(path));
        } else {
            qWarning("could not write %s", qPrintable(path));
        }
    }

    static std::vector<std::string> cutJointNamesOf(const Model& model) {
        std::vector<std::string> names;
        for (const int j : model.cuts) {
            names.push_back(model.joints[j].name);
        }
        return names;
    }
};

int main(int argc, char* argv[]) {
    QSurfaceFormat::setDefaultFormat(MechanismView::surfaceFormat());
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("SSLM-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_main_window"));
    TestMainWindow test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_main_window.moc"
