// SPDX-License-Identifier: MIT
// The run kind belongs to the document it was chosen for: a forced (or inverse) run chosen for
// one mechanism is set back to forward dynamics, with a note on the panel, when another is
// opened, drawn or made from a template, so that the first Start of the new mechanism is the
// forward run a user expects; within one document the choice stays, through runs and edits.

#include <memory>

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include "core/edit/drawing.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/main_window.hpp"
#include "ui/run/actuator_inputs.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/sim/simulation_run.hpp"

#include "tests/core/fixtures/drawings.hpp"
#include "tests/ui/fixtures/main_window.hpp"

namespace tst_run_panel {

using namespace sslm;
using namespace sslm::ui;

class TestRunPanel : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    /// Chooses the run kind on the panel with the keyboard, as a user would (the combo box has
    /// the focus; Forward, Inverse, Forced in that order).
    void chooseRunKind(RunKind kind) {
        QComboBox* box = m_window->runPanel()->runKindBox();
        box->setFocus(Qt::TabFocusReason);
        QTest::keyClick(box, Qt::Key_Home);
        for (int step = 0; step < static_cast<int>(kind); ++step) {
            QTest::keyClick(box, Qt::Key_Down);
        }
        QCOMPARE(m_window->runPanel()->runKind(), kind);
    }

    /// The kind of the run that the Start button started (it is stopped at once).
    RunKind startedKind() {
        if (!fixtures::clickStart(*m_window)) {
            qWarning("the run did not start");
            return static_cast<RunKind>(-1);
        }
        const RunKind kind = m_window->controller()->currentRun()->kind();
        m_window->controller()->stop();
        fixtures::waitForRunEnd(*m_window);
        return kind;
    }

    RunPanel& panel() const { return *m_window->runPanel(); }

    /// Runs RCR for `tEnd` s with `names` typed as its independent coordinates; the run's
    /// failure message, empty when it finished.
    QString runWithIndependent(const QString& names, double tEnd) {
        fixtures::typeInto(panel().independentEdit(), names);
        std::optional<SimulationSettings> settings = panel().settings();
        if (!settings) {
            return QStringLiteral("form refused");
        }
        settings->tEnd = tEnd;
        panel().setSettings(*settings);
        QSignalSpy finished(m_window->controller(), &SimulationController::finished);
        // a run that ended already (while the click waited for its start) is not waited for again
        if (!fixtures::clickStart(*m_window) || (finished.isEmpty() && !finished.wait(120000))) {
            return QStringLiteral("the run did not finish");
        }
        const std::shared_ptr<SimulationRun> run = m_window->controller()->currentRun();
        if (!run || !run->summary()) {
            return QStringLiteral("no summary");
        }
        return QString::fromStdString(run->summary()->message);
    }

private Q_SLOTS:
    void init() { m_window = fixtures::windowWith(fixtures::example("four_bar.json")); }
    void cleanup() { m_window.reset(); }

    void everySolverOfAFileIsOffered() {
        // a file asking for recursive coordinate reduction keeps it (no silent fallback)
        for (const SolverKind kind :
             {SolverKind::Sslm, SolverKind::Slm, SolverKind::Augmented, SolverKind::Rcr}) {
            RunPanel panel;
            SimulationSettings settings;
            settings.solver = kind;
            panel.setSettings(settings);
            const std::optional<SimulationSettings> shown = panel.settings();
            QVERIFY(shown.has_value());
            QCOMPARE(static_cast<int>(shown->solver), static_cast<int>(kind));
        }
    }

    void rcrTakesNamedIndependentCoordinates() {
        RunPanel& p = panel();
        QLineEdit* independent = p.independentEdit();
        // only RCR has independent coordinates to name
        p.solverBox()->setCurrentIndex(p.solverBox()->findData(static_cast<int>(SolverKind::Sslm)));
        QVERIFY(!independent->isVisibleTo(&p));
        p.solverBox()->setCurrentIndex(p.solverBox()->findData(static_cast<int>(SolverKind::Rcr)));
        QVERIFY(independent->isVisibleTo(&p) && independent->isEnabled());
        fixtures::grabIfAsked(p, QStringLiteral("run_panel_rcr"));
        // an unknown name is refused with the names there are
        fixtures::typeInto(independent, QStringLiteral("theta9"));
        QVERIFY(!p.settings());
        QVERIFY(p.validationMessage().contains(QStringLiteral("theta9")));
        QVERIFY(p.validationMessage().contains(QStringLiteral("theta1, theta2, theta3")));
        // the crank named independent: the run keeps it and says so at the end
        QCOMPARE(runWithIndependent(QStringLiteral("theta1"), 0.2), QString());
        const std::shared_ptr<SimulationRun> crankRun = m_window->controller()->currentRun();
        qInfo("RCR run: %s", crankRun->summary()->reduction.c_str());
        QVERIFY(crankRun->summary()->reduction.find("independent theta1") != std::string::npos);
        QVERIFY(crankRun->summary()->maxPositionViolation < 1e-9);
        // the rocker reaches a turning point, where the loop cannot be solved for the crank:
        // the run stops there cleanly, naming the loop and the coordinates
        const QString stop = runWithIndependent(QStringLiteral("theta2"), 0.5);
        qInfo("%s", qPrintable(stop));
        QVERIFY(stop.contains(QStringLiteral("RCR: loop 1 (cut J8)")));
        QVERIFY(stop.contains(QStringLiteral("named (theta2)")));
        QVERIFY(!stop.contains(QStringLiteral("not finite")));
    }

    void aForcedRunDoesNotCarryOverToAnotherFile() {
        chooseRunKind(RunKind::Forced);
        QCOMPARE(startedKind(), RunKind::Forced);
        QString error;
        QVERIFY2(m_window->openFile(fixtures::example("carpet_scraper.json"), &error),
                 qPrintable(error));
        QCOMPARE(panel().runKind(), RunKind::Forward);
        QCOMPARE(panel().runKindNote(),
                 QStringLiteral("Run set back to forward dynamics for this mechanism (it was "
                                "forced simulation for the previous one); choose another above or "
                                "in the Simulation menu."));
        fixtures::grabIfAsked(panel(), QStringLiteral("run_panel_note"));
        QCOMPARE(startedKind(), RunKind::Forward);
    }

    void aFreshlyDrawnFourBarStartsForward() {
        chooseRunKind(RunKind::Forced);
        fixtures::newEmptyMechanism(*m_window);
        QTRY_VERIFY(m_window->document()->spec().bodies.empty());
        m_window->document()->edit(fixtures::drawnFourBar().spec, QStringLiteral("Draw"));
        QVERIFY(fixtures::waitForCompile(*m_window));
        QVERIFY(m_window->currentModel() != nullptr);
        QCOMPARE(panel().runKind(), RunKind::Forward);
        QVERIFY(panel().runKindNote().contains(QStringLiteral("forced simulation")));
        QCOMPARE(startedKind(), RunKind::Forward);
    }

    void aTemplateStartsForward() {
        chooseRunKind(RunKind::Inverse);
        fixtures::newFromTemplate(*m_window, QStringLiteral("slider_crank"));
        QTRY_VERIFY(m_window->document()->path().isEmpty());
        QCOMPARE(panel().runKind(), RunKind::Forward);
        QVERIFY(panel().runKindNote().contains(QStringLiteral("inverse dynamics")));
        chooseRunKind(RunKind::Inverse); // choosing again: the note has done its work
        QCOMPARE(panel().runKindNote(), QString());
    }

    void theChoiceStaysWithinTheDocument() {
        chooseRunKind(RunKind::Inverse);
        QCOMPARE(startedKind(), RunKind::Inverse);
        MechanismSpec heavier = m_window->document()->spec();
        heavier.bodies[0].mass *= 2.0;
        m_window->document()->edit(heavier, QStringLiteral("Mass"));
        QVERIFY(fixtures::waitForCompile(*m_window));
        QCOMPARE(panel().runKind(), RunKind::Inverse);
        QCOMPARE(panel().runKindNote(), QString());
        QCOMPARE(startedKind(), RunKind::Inverse);
        // the same file opened again is another document: forward
        fixtures::newEmptyMechanism(*m_window);
        QTRY_COMPARE(panel().runKind(), RunKind::Forward);
    }

    // At the default layout of a 1280 × 800 and a 1920 × 1080 window, and after the dock is
    // made narrow and wide again, the kind selector is on screen beside nothing else, inside the
    // dock, and the keyboard chooses Inverse with it; the Simulation menu offers the kinds too.
    void theKindSelectorShowsAtEverySize_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x800") << QSize(1280, 800);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void theKindSelectorShowsAtEverySize() {
        QFETCH(QSize, size);
        m_window = fixtures::openWindow("carpet_scraper.json", size);
        QComboBox* box = panel().runKindBox();
        const auto onScreen = [&] {
            QApplication::processEvents();
            const QWidget* viewport = panel().widget();
            const QRect inDock(box->mapTo(viewport, QPoint(0, 0)), box->size());
            return box->isVisible() && box->width() >= 80 && box->height() >= 16 &&
                   viewport->rect().contains(inDock);
        };
        QVERIFY(onScreen());
        for (const int width : {200, 460, 260}) {
            m_window->resizeDocks({&panel()}, {width}, Qt::Horizontal);
            QVERIFY2(onScreen(), qPrintable(QString::number(width)));
        }
        chooseRunKind(RunKind::Inverse);
        const QList<QAction*>& kinds = panel().runKindActions();
        QCOMPARE(kinds.size(), 3);
        QVERIFY(kinds[1]->isChecked());
        kinds[2]->trigger();
        QCOMPARE(panel().runKind(), RunKind::Forced);
        QVERIFY(panel().forcedKpBox()->isVisible());
        kinds[0]->trigger();
        QCOMPARE(panel().runKind(), RunKind::Forward);
        QVERIFY(!panel().forcedKpBox()->isVisible());
    }

    // Edits of the mechanism and their undo keep what the user set on the form; Restart
    // (Ctrl+F5) runs with it, not with the file's solver block.
    void editsAndUndoKeepTheRunSettings() {
        m_window = fixtures::windowWith(fixtures::example("carpet_scraper.json"));
        RunPanel& form = panel();
        fixtures::typeInto(form.endTimeBox(), 7.0);
        form.solverBox()->setCurrentIndex(
            form.solverBox()->findData(static_cast<int>(SolverKind::Slm)));
        form.actuatorInputs()->setInput(0, ActuatorInputs::Mode::HoldSpeed, 3.0, 50.0);
        const auto unchanged = [&] {
            const std::optional<SimulationSettings> settings = form.settings();
            return settings && settings->tEnd == 7.0 && settings->solver == SolverKind::Slm &&
                   !form.actuatorInputs()->isFileInput() &&
                   form.actuatorInputs()->actuators()[0].reference.rate == 3.0;
        };
        QVERIFY(unchanged());
        MechanismSpec heavier = m_window->document()->spec();
        heavier.bodies[0].mass *= 2.0;
        m_window->document()->edit(heavier, QStringLiteral("Mass"));
        QTRY_VERIFY(m_window->currentModel()->spec == heavier);
        QVERIFY(unchanged());
        m_window->undoStack()->undo();
        QTRY_VERIFY(m_window->currentModel()->spec != heavier);
        QVERIFY(unchanged());
        m_window->undoStack()->redo();
        QTRY_VERIFY(m_window->currentModel()->spec == heavier);
        QVERIFY(unchanged());

        // Restart runs the form's settings
        QSignalSpy started(m_window->controller(), &SimulationController::started);
        form.restartAction()->trigger();
        QVERIFY(!started.isEmpty() || started.wait(10000));
        const std::shared_ptr<SimulationRun> run = m_window->controller()->currentRun();
        QCOMPARE(run->settings().tEnd, 7.0);
        QCOMPARE(run->settings().solver, SolverKind::Slm);
        m_window->controller()->stop();
        QVERIFY(fixtures::waitForRunEnd(*m_window));

        // Reset brings the file's own back
        std::string error;
        form.setSettings(*settingsFromSpec(m_window->currentModel()->spec.solver, &error));
        QCOMPARE(form.settings()->tEnd, 5.0);
    }
};

SSLM_WINDOW_TEST_MAIN(TestRunPanel, "tst_run_panel")
} // namespace tst_run_panel

#include "tst_run_panel.moc"
