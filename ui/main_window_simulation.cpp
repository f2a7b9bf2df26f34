// SPDX-License-Identifier: MIT
// Over 600 lines: MainWindow's run part: start, progress, end, playback and the exports of a run
// share the run's state.
// MainWindow: running simulations (start, progress, end, failure), playback of the stored
// samples in the 3-D view and the plots, undoable cut changes, and what the CSV, PNG, Python
// and animation exports write (ui/actions/export_actions asks where).

#include <algorithm>
#include <array>
#include <utility>

#include <QAction>
#include <QCheckBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QSaveFile>
#include <QStatusBar>
#include <QUndoStack>

#include "core/inverse/driven_motions.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/inverse/inverse_run.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/motion/prescribed_motion.hpp"
#include "ui/balance/balance_panel.hpp"
#include "ui/document/cut_change_command.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/export/python_script.hpp"
#include "ui/export/video_export_dialog.hpp"
#include "ui/export/video_exporter.hpp"
#include "ui/graph/cut_set_evaluation.hpp"
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
#include "ui/sim/assembly_mode_listing.hpp"
#include "ui/sim/sample_csv_export.hpp"
#include "ui/sim/sample_state.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/statics/statics_panel.hpp"
#include "ui/viewport/mechanism_view.hpp"

namespace sslm::ui {

namespace {

constexpr int kStopTimeoutMs = 30000;

QString cutList(const Model& model) {
    QStringList names;
    for (const std::string& name : cutJointNames(model)) {
        names << QString::fromStdString(name);
    }
    return names.join(QStringLiteral(", "));
}

QString seconds(double t) {
    return QString::number(t, 'f', t < 10 ? 2 : 1);
}

} // namespace

void MainWindow::connectSimulation() {
    connect(m_runPanel, &RunPanel::startRequested, this, &MainWindow::startSimulation);
    connect(m_runPanel, &RunPanel::pauseRequested, m_controller, &SimulationController::pause);
    connect(m_runPanel, &RunPanel::resumeRequested, m_controller, &SimulationController::resume);
    connect(m_runPanel, &RunPanel::stopRequested, m_controller, &SimulationController::stop);
    // Restart runs what the form says now (as Start does), from the initial state
    connect(m_runPanel, &RunPanel::restartRequested, this, &MainWindow::startSimulation);
    connect(m_controller, &SimulationController::started, this, &MainWindow::onRunStarted);
    connect(m_controller, &SimulationController::progress, this, &MainWindow::onProgress);
    connect(m_controller, &SimulationController::samplesAvailable, this, [this](int count) {
        // the plot docks pull at the same report, so all is drawn in one frame
        if (m_playback->run() == m_controller->currentRun()) {
            m_playback->setAvailableSamples(count);
        }
        if (m_torqueAngle->run() == m_controller->currentRun()) {
            m_torqueAngle->refresh();
        }
    });
    connect(m_controller, &SimulationController::pausedChanged, this, [this](bool paused) {
        updateRunActions();
        statusBar()->showMessage(paused ? tr("Paused (F6 resumes)") : tr("Running…"));
    });
    connect(m_controller, &SimulationController::finished, this, &MainWindow::onRunFinished);
    connect(m_controller, &SimulationController::finished, m_torqueAngle, &InputAnglePlot::refresh);
    connect(m_playback, &PlaybackBar::sampleIndexChanged, this, &MainWindow::showSample);
    connect(m_runList, &RunList::playbackRequested, this, &MainWindow::playBackRun);
    connect(m_controller->history(), &RunHistory::runRemoved, this, [this](int runId) {
        if (m_playback->run() && m_playback->run()->id() == runId) {
            m_playback->setRun(nullptr);
            m_runList->setPlaybackRun(-1);
        }
        if (m_torqueAngle->run() && m_torqueAngle->run()->id() == runId) {
            m_torqueAngle->setRun(nullptr);
        }
    });
    // the plots show the runs of the document being worked on: opening another one hides the
    // earlier runs (they stay in the run list, unchecked), and its first run picks its series
    const auto documentLabel = [this] {
        return m_document->path().isEmpty() ? QString() : QFileInfo(m_document->path()).fileName();
    };
    connect(m_document, &MechanismDocument::documentReplaced, this, [this, documentLabel] {
        m_controller->setDocument(m_controller->document() + 1, documentLabel());
        m_controller->history()->hideOtherDocuments(m_controller->document());
        m_reactionDefaultsPending = true;
    });
    connect(m_document, &MechanismDocument::pathChanged, this, [this, documentLabel] {
        m_controller->setDocument(m_controller->document(), documentLabel()); // saved as
    });
    connect(m_graph, &MechanismGraphView::cutsChanged, this, &MainWindow::onCutsChanged);
    connect(m_graph, &MechanismGraphView::loopHighlighted, m_view,
            &MechanismView::setHighlightedLoop);
    updateRunActions();
}

bool MainWindow::startSimulation() {
    const MechanismSpec& drawn = m_document->spec();
    if (!m_current && drawn.bodies.empty() && drawn.ground.points.empty()) {
        statusBar()->showMessage(tr("Open a mechanism first (Ctrl+O), or draw one (Ctrl+N)."));
        return false;
    }
    if (isCompiling()) {
        statusBar()->showMessage(tr("Cannot start yet: the edited mechanism is being compiled; "
                                    "Start is offered again once it is shown."));
        return false;
    }
    if (!m_current || !m_documentCompiles) {
        statusBar()->showMessage(tr("Cannot start: the edited mechanism does not compile; the "
                                    "Check panel says what to fix (Ctrl+Z undoes the edit)."));
        m_checkDock->raise();
        return false;
    }
    if (m_current->model->nv() == 0) {
        statusBar()->showMessage(tr("Nothing moves yet: draw links in the Edit tab (Ctrl+2)."));
        return false;
    }
    const std::optional<SimulationSettings> settings = m_runPanel->settings();
    if (!settings) {
        statusBar()->showMessage(tr("Cannot start: %1").arg(m_runPanel->validationMessage()));
        return false;
    }
    if (m_runPanel->runKind() != RunKind::Forward) {
        return startPrescribedRun(m_runPanel->runKind(), *settings);
    }
    // the form's actuator inputs: the run's model is compiled with them (the file is unchanged)
    std::shared_ptr<const Model> model = m_current->model;
    if (!m_runPanel->actuatorInputs()->isFileInput()) {
        MechanismSpec spec = model->spec;
        spec.actuators = m_runPanel->actuatorInputs()->actuators();
        const CompileResult compiled =
            compileModel(spec, CompileOptions{.cuts = cutJointNames(*model)});
        if (!compiled.ok()) {
            statusBar()->showMessage(
                tr("Cannot start with these actuator inputs: %1")
                    .arg(QString::fromStdString(formatDiagnostics(compiled.diagnostics))));
            return false;
        }
        model = compiled.model;
    }
    m_controller->start(std::move(model), *settings, m_current->q0, m_current->qd0);
    return true;
}

std::vector<int> MainWindow::prescribedCoordinates(std::string& problem, bool& inputs) const {
    const Model& model = *m_current->model;
    std::vector<int> driven = actuatedCoordinates(model, &problem);
    inputs = driven.empty() && problem.empty() && model.actuators.empty();
    return inputs ? model.independent : driven;
}

bool MainWindow::startPrescribedRun(RunKind kind, const SimulationSettings& settings) {
    // the actuated coordinates turn at their initial rates from the initial pose; without an
    // actuator, the file's independent (input) coordinates do
    const Model& model = *m_current->model;
    std::string problem;
    PrescribedDrive drive;
    bool inputs = false;
    if (const auto motions =
            initialRateMotions(model, m_current->q0, m_current->qd0, problem, &inputs)) {
        drive.motions = *motions;
    }
    drive.gains = m_runPanel->forcedGains();
    InverseRunSettings inverse;
    inverse.tEnd = settings.tEnd;
    inverse.sampleInterval = settings.sampleInterval;
    if (problem.empty()) {
        problem = inverseRunError(model, drive.motions, inverse);
    }
    if (!problem.empty()) {
        statusBar()->showMessage(
            tr("Cannot start the %1: %2")
                .arg(runKindText(kind).toLower(), QString::fromStdString(problem)));
        return false;
    }
    if (inputs && !drive.motions.empty()) {
        QStringList names;
        for (const DrivenMotion& motion : drive.motions) {
            names << QString::fromStdString(model.coordinates[motion.coordinate].name);
        }
        statusBar()->showMessage(tr("The file has no actuator: %1 turns the input coordinate%2 %3 "
                                    "at %4 initial rate%2.")
                                     .arg(runKindText(kind), names.size() == 1 ? "" : "s",
                                          names.join(QStringLiteral(", ")),
                                          names.size() == 1 ? tr("its") : tr("their")),
                                 8000);
    }
    m_controller->start(m_current->model, settings, m_current->q0, m_current->qd0, kind,
                        std::move(drive));
    return true;
}

void MainWindow::nextAssemblyMode() {
    if (!m_current || !m_documentCompiles) {
        statusBar()->showMessage(tr("No assembly to cycle: the mechanism does not compile."));
        return;
    }
    const std::shared_ptr<const Model> listed = m_current->model;
    if (m_assemblyModesOf != listed) {
        // listed on a worker: a long ladder takes seconds, and the window stays live; the
        // action waits for the listing (a quick one shows no dialog that blocks the window)
        QAction* next = simulationActions()->nextAssemblyModeAction();
        next->setEnabled(false);
        std::optional<std::vector<Eigen::VectorXd>> modes =
            listAssemblyModes(listed, m_current->q0, this);
        next->setEnabled(true);
        if (!modes) {
            statusBar()->showMessage(tr("Listing the assembly modes was cancelled; the pose is "
                                        "unchanged."),
                                     8000);
            return;
        }
        if (!m_current || m_current->model != listed) {
            return; // the document changed meanwhile: these modes are of another mechanism
        }
        m_assemblyModes = std::move(*modes);
        m_assemblyModesOf = listed;
        m_assemblyMode = 0; // the first is the file's own assembly
    }
    const Model& model = *listed;
    if (m_assemblyModes.size() < 2) {
        statusBar()->showMessage(tr("This mechanism closes in one way only at these inputs."),
                                 8000);
        return;
    }
    m_assemblyMode = (m_assemblyMode + 1) % static_cast<int>(m_assemblyModes.size());
    const Eigen::VectorXd& q = m_assemblyModes[static_cast<std::size_t>(m_assemblyMode)];
    Workspace ws(model);
    Eigen::VectorXd qd = m_current->qd0;
    solveVelocities(model, ws, q, qd, model.independent);
    m_current->q0 = q;
    m_current->qd0 = qd;
    m_view->clearTraces(); // another assembly is a jump, not a motion to trace
    m_view->setPose(q);
    m_balancePanel->setMechanism(m_current->model, q, qd, m_current->path);
    m_staticsPanel->setMechanism(m_current->model, q);
    statusBar()->showMessage(tr("Assembly mode %1 of %2 at these inputs; runs start from it "
                                "(Ctrl+Shift+M: the next).")
                                 .arg(m_assemblyMode + 1)
                                 .arg(m_assemblyModes.size()),
                             8000);
}

void MainWindow::runMode(const Eigen::VectorXd& q0, double period, const QString& name) {
    if (!m_current || !m_documentCompiles || !(period > 0)) {
        return;
    }
    // the form's integrator and solver, tightened, over four periods at 50 samples each
    SimulationSettings settings = m_runPanel->settings().value_or(SimulationSettings{});
    settings.tEnd = 4 * period;
    settings.sampleInterval = period / 50;
    settings.step = std::min(settings.step, period / 200);
    settings.rtol = std::min(settings.rtol, 1e-10);
    settings.atol = std::min(settings.atol, 1e-10);
    m_staticsPanel->animateBox()->setChecked(false);
    m_controller->start(m_current->model, settings, q0,
                        Eigen::VectorXd::Zero(m_current->model->nv()), RunKind::Forward, {}, name);
    statusBar()->showMessage(tr("%1: the free motion from the rest pose moved along the mode, "
                                "four periods")
                                 .arg(name),
                             8000);
}

void MainWindow::showDefaultSeries(const SimulationRun& run, bool replace) {
    const auto columns = [&run](SeriesFamily family, bool magnitudesOnly) {
        QStringList names;
        for (const SampleColumn& column : run.layout().columns()) {
            if (column.family == family &&
                (!magnitudesOnly || column.name.endsWith(QStringLiteral(".magnitude")))) {
                names << column.name;
            }
        }
        return names;
    };
    QStringList joint;
    QStringList reaction;
    switch (run.kind()) {
    case RunKind::Forward:
        joint = columns(SeriesFamily::Position, false);
        reaction = columns(SeriesFamily::Reaction, true);
        break;
    case RunKind::Inverse: // the driving torques, and the reaction at every joint
        joint = columns(SeriesFamily::Actuator, false);
        reaction = columns(SeriesFamily::JointReaction, true);
        break;
    case RunKind::Forced: // how far the motion strays from the desired one
        joint = columns(SeriesFamily::Deviation, false);
        reaction = columns(SeriesFamily::Reaction, true);
        break;
    }
    const std::array<std::pair<PlotDock*, QStringList>, 3> plots{
        {{m_jointPlot, joint},
         {m_reactionPlot, reaction},
         {m_cpuPlot, columns(SeriesFamily::CpuTime, false)}}};
    for (const auto& [dock, defaults] : plots) {
        SeriesChooser& chooser = *dock->chooser();
        if (replace) {
            chooser.setSelectedColumns(defaults);
            continue;
        }
        // a run with other cuts than the run before: its new cuts' |λ| join the chosen ones,
        // else it would be missing from the plot
        QStringList chosen = chooser.selectedColumns();
        for (const QString& column : defaults) {
            if (!chosen.contains(column)) {
                chosen.append(column);
            }
        }
        if (chosen != chooser.selectedColumns()) {
            chooser.setSelectedColumns(chosen);
        }
    }
}

void MainWindow::onRunStarted() {
    const std::shared_ptr<SimulationRun> run = m_controller->currentRun();
    if (m_view->model() != run->model()) {
        m_view->setModel(run->model(), run->q0());
    }
    m_view->clearTraces();
    m_shownSample = -1;
    m_playback->setFollowLive(true);
    m_playback->setRun(run);
    m_torqueAngle->setRun(run);
    m_runList->setPlaybackRun(run->id());
    const RunHistory& history = *m_controller->history();
    const bool otherCuts =
        history.size() > 1 && history.at(history.size() - 2)->cuts() != run->cuts();
    if (m_reactionDefaultsPending || run->kind() != m_lastRunKind || otherCuts) {
        showDefaultSeries(*run, m_reactionDefaultsPending || run->kind() != m_lastRunKind);
    }
    m_reactionDefaultsPending = false;
    m_lastRunKind = run->kind();
    updateRunActions();
    m_progressBar->setValue(0);
    m_progressBar->show();
    statusBar()->showMessage(tr("%1 started: cuts %2").arg(run->name(), cutList(*run->model())));
}

void MainWindow::onProgress(double t, double tEnd, double realTimeFactor) {
    m_progressBar->setValue(tEnd > 0 ? static_cast<int>(1000.0 * std::min(1.0, t / tEnd)) : 0);
    const QString factor = realTimeFactor >= 10 ? QString::number(realTimeFactor, 'f', 0)
                                                : QString::number(realTimeFactor, 'g', 2);
    m_progressLabel->setText(
        tr("t = %1 / %2 s · %3× real time").arg(seconds(t), seconds(tEnd), factor));
}

void MainWindow::onRunFinished(const SimulationSummary& summary) {
    const std::shared_ptr<SimulationRun> run = m_controller->currentRun();
    updateRunActions();
    m_progressBar->hide();
    if (run && m_playback->run() == run) {
        m_playback->setAvailableSamples(static_cast<int>(run->samples().size()));
    }
    m_view->refitUnlessNavigated(); // the traces may reach beyond the initial pose's box
    const QString name = run ? run->name() : tr("The run");
    const double factor = summary.wallSeconds > 0 ? summary.endTime / summary.wallSeconds : 0.0;
    if (summary.ok) {
        QString text = tr("%1 finished: %2 s simulated in %3 s of solver time (%4× real time), "
                          "%5 steps, max |Φ| %6")
                           .arg(name, seconds(summary.endTime))
                           .arg(summary.wallSeconds, 0, 'f', 2)
                           .arg(factor, 0, 'f', 0)
                           .arg(summary.steps)
                           .arg(summary.maxPositionViolation, 0, 'g', 2);
        if (!summary.warning.empty()) {
            text += QStringLiteral(" — ") + QString::fromStdString(summary.warning);
        }
        statusBar()->showMessage(text);
        return;
    }
    if (summary.cancelled) {
        statusBar()->showMessage(tr("%1 stopped at t = %2 s; its samples are kept.")
                                     .arg(name, seconds(summary.endTime)));
        return;
    }
    // failed: the core's message, non-modal; the last good sample stays on screen
    const QString message = QString::fromStdString(summary.message);
    statusBar()->showMessage(tr("%1 failed at t = %2 s: %3")
                                 .arg(name, seconds(summary.endTime), message.section('\n', 0, 0)));
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Simulation stopped"),
                                tr("%1 stopped at t = %2 s.").arg(name, seconds(summary.endTime)),
                                QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("SimulationFailureBox"));
    box->setInformativeText(message + tr("\n\nThe last good sample stays on screen; the samples "
                                         "up to it can be scrubbed and exported."));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setModal(false);
    box->show();
}

void MainWindow::updateRunActions() {
    m_runPanel->setRunState(m_controller->isRunning(), m_controller->isPaused());
    // nothing to run, or an edit still compiling (the mechanism shown is the one before it)
    const bool ready = m_current.has_value() && !isCompiling();
    m_runPanel->startAction()->setEnabled(ready);
    m_runPanel->restartAction()->setEnabled(ready);
}

void MainWindow::showSample(int index) {
    const std::shared_ptr<const SimulationRun> run = m_playback->run();
    if (!run || index < 0 || static_cast<std::size_t>(index) >= run->samples().size()) {
        return;
    }
    if (m_view->model() != run->model()) {
        m_view->setModel(run->model(), run->q0());
        m_shownSample = -1;
    }
    // the traces go through every sample up to this one (skipping samples would draw chords
    // across a fast motion's path): those in between only extend them
    int from = m_shownSample + 1;
    if (index < m_shownSample) {
        m_view->clearTraces();
        from = 0;
    }
    std::vector<Eigen::VectorXd> between;
    between.reserve(static_cast<std::size_t>(std::max(0, index - from)));
    for (int k = from; k < index; ++k) {
        between.push_back(poseAt(*run, k));
    }
    m_view->extendTraces(between);
    const double t = run->samples().value(index, 0);
    m_view->setTime(t);
    m_view->setPose(poseAt(*run, index));
    m_view->setReactions(reactionsAt(*run, index));
    if (!run->isActive()) {
        // playback: the time shown, not the end of the last run's progress
        const double tLast = run->samples().value(run->samples().size() - 1, 0);
        m_progressLabel->setText(tr("t = %1 / %2 s · playback").arg(seconds(t), seconds(tLast)));
    }
    m_jointPlot->plot()->setTimeCursor(t);
    m_reactionPlot->plot()->setTimeCursor(t);
    m_cpuPlot->plot()->setTimeCursor(t);
    m_torqueAngle->setMarkedSample(index);
    m_shownSample = index;
}

void MainWindow::onCutsChanged(const std::vector<std::string>& cuts,
                               std::shared_ptr<const Model> model) {
    m_undoStack->push(
        new CutChangeCommand(m_graph, m_graph->previousCuts(), cuts, std::move(model),
                             [this](std::shared_ptr<const Model> m) { adoptModel(std::move(m)); }));
}

void MainWindow::adoptModel(std::shared_ptr<const Model> model) {
    if (!m_current || !model) {
        return;
    }
    InitialState initial = assembleInitialState(*model);
    m_current->model = model;
    adoptCutsIntoDocument(*model); // saved with the document
    m_current->q0 = std::move(initial.q);
    m_current->qd0 = std::move(initial.qd);
    m_current->assembly = std::move(initial.report);
    m_runPanel->setCuts(QString(cutList(*model)).split(QStringLiteral(", "), Qt::SkipEmptyParts));
    QString text = tr("Cut joints %1: recompiled and assembled (|Φ| = %2); the next run uses them.")
                       .arg(cutList(*model))
                       .arg(m_current->assembly.residual, 0, 'g', 2);
    if (!m_current->assembly.converged) {
        text = tr("Cut joints %1: the initial pose could not be assembled: %2")
                   .arg(cutList(*model), QString::fromStdString(m_current->assembly.message));
    }
    if (!m_controller->isRunning()) {
        // idle: show the new model's initial state (the runs stay in the plots)
        m_playback->setRun(nullptr);
        m_shownSample = -1;
        m_view->setModel(model, m_current->q0);
    }
    statusBar()->showMessage(text);
}

void MainWindow::stopRun() {
    if (!m_controller || !m_controller->isRunning()) {
        return;
    }
    m_controller->stop();
    QElapsedTimer clock;
    clock.start();
    while (m_controller->isRunning() && clock.elapsed() < kStopTimeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
}

bool MainWindow::playBackRun(int runId) {
    const std::shared_ptr<SimulationRun> run = m_controller->history()->find(runId);
    if (!run) {
        return false;
    }
    if (m_playback->run() != run) {
        m_playback->setFollowLive(run->isActive());
        m_playback->setRun(run);
        m_torqueAngle->setRun(run);
        m_shownSample = -1;
        m_view->clearTraces();
    }
    m_runList->setPlaybackRun(runId);
    m_runList->selectRun(runId);
    const int count = static_cast<int>(run->samples().size());
    m_playback->setAvailableSamples(count);
    if (count > 0) {
        m_playback->setSampleIndex(count - 1);
        showSample(count - 1);
    }
    statusBar()->showMessage(
        tr("Playing back %1: the timeline, the 3-D view and the exports use it.").arg(run->name()));
    return true;
}

bool MainWindow::exportSamplesCsv(const QString& path, QString* error) {
    std::shared_ptr<const SimulationRun> run = m_playback->run();
    if (!run) {
        run = m_controller->currentRun();
    }
    if (!run) {
        if (error) {
            *error = tr("There is no run to export yet; start one with F5.");
        }
        return false;
    }
    return writeSamplesCsv(*run, path, error);
}

bool MainWindow::exportPythonScript(const QString& path, QString* error) {
    if (!m_current) {
        if (error) {
            *error = tr("There is no mechanism to export yet: open or draw one first.");
        }
        return false;
    }
    const std::optional<SimulationSettings> settings = m_runPanel->settings();
    if (!settings) {
        if (error) {
            *error = tr("The run panel's settings are not valid: %1")
                         .arg(m_runPanel->validationMessage());
        }
        return false;
    }
    const Model& model = *m_current->model;
    PythonScriptRun run;
    run.kind = m_runPanel->runKind();
    run.settings = *settings;
    run.cuts = cutJointNames(model);
    run.unsavedEdits = m_document->isModified();
    if (run.kind != RunKind::Forward) {
        std::string problem;
        bool inputs = false;
        for (const int k : prescribedCoordinates(problem, inputs)) {
            run.speeds.emplace_back(model.coordinates[k].name, m_current->qd0[k]);
        }
        if (run.speeds.empty()) {
            if (error) {
                *error = tr("The %1 has no coordinate to drive: %2")
                             .arg(runKindText(run.kind).toLower(), QString::fromStdString(problem));
            }
            return false;
        }
    }
    // the document as edited (it compiles: m_current is it, or the last that did)
    const MechanismSpec& spec = documentShownCompiles() ? m_document->spec() : model.spec;
    MechanismSpec withCuts = spec;
    withCuts.cuts = run.cuts;
    const QString text = pythonScript(withCuts, m_document->path(), run);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error) {
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        }
        return false;
    }
    file.write(text.toUtf8());
    if (!file.commit()) {
        if (error) {
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        }
        return false;
    }
    QFile::setPermissions(path, QFile::permissions(path) | QFileDevice::ExeOwner);
    return true;
}

bool MainWindow::exportViewPng(const QString& path) {
    return m_view->saveSnapshot(path);
}

void MainWindow::exportAnimation() {
    VideoExportOptions defaults;
    defaults.reactions = m_view->reactionsVisible();
    defaults.traces = m_view->tracesVisible();
    defaults.meshFolder = m_view->meshFolder();
    // the video looks at the mechanism as the view does now (a planar one: from +z, flat)
    defaults.camera = VideoExportOptions::Camera{m_view->viewDirection(), m_view->viewUp(),
                                                 m_view->isPerspective()};
    std::shared_ptr<const SimulationRun> run = m_playback->run();
    if (!run) {
        run = m_controller->currentRun();
    }
    exportAnimationInteractively(this, std::move(run), defaults);
}

} // namespace sslm::ui
