// SPDX-License-Identifier: MIT
// MainWindow: running simulations (start, progress, end, failure), playback of the stored
// samples in the 3-D view and the plots, undoable cut changes, and the CSV / PNG exports.

#include <algorithm>
#include <array>
#include <utility>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QStatusBar>
#include <QUndoStack>

#include "core/inverse/inverse_dynamics.hpp"
#include "core/inverse/inverse_run.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/motion/prescribed_motion.hpp"
#include "ui/document/cut_change_command.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/export/export_folder.hpp"
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
#include "ui/sim/sample_csv_export.hpp"
#include "ui/sim/sample_state.hpp"
#include "ui/sim/simulation_controller.hpp"
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
    connect(runPanel_, &RunPanel::startRequested, this, &MainWindow::startSimulation);
    connect(runPanel_, &RunPanel::pauseRequested, controller_, &SimulationController::pause);
    connect(runPanel_, &RunPanel::resumeRequested, controller_, &SimulationController::resume);
    connect(runPanel_, &RunPanel::stopRequested, controller_, &SimulationController::stop);
    connect(runPanel_, &RunPanel::restartRequested, this, [this] {
        if (!controller_->restart()) {
            startSimulation();
        }
    });
    connect(controller_, &SimulationController::started, this, &MainWindow::onRunStarted);
    connect(controller_, &SimulationController::progress, this, &MainWindow::onProgress);
    connect(controller_, &SimulationController::samplesAvailable, this, [this](int count) {
        // the plot docks pull at the same report, so all is drawn in one frame
        if (playback_->run() == controller_->currentRun()) {
            playback_->setAvailableSamples(count);
        }
        if (torqueAngle_->run() == controller_->currentRun()) {
            torqueAngle_->refresh();
        }
    });
    connect(controller_, &SimulationController::pausedChanged, this, [this](bool paused) {
        updateRunActions();
        statusBar()->showMessage(paused ? tr("Paused (F6 resumes)") : tr("Running…"));
    });
    connect(controller_, &SimulationController::finished, this, &MainWindow::onRunFinished);
    connect(controller_, &SimulationController::finished, torqueAngle_, &InputAnglePlot::refresh);
    connect(playback_, &PlaybackBar::sampleIndexChanged, this, &MainWindow::showSample);
    connect(runList_, &RunList::playbackRequested, this, &MainWindow::playBackRun);
    connect(controller_->history(), &RunHistory::runRemoved, this, [this](int runId) {
        if (playback_->run() && playback_->run()->id() == runId) {
            playback_->setRun(nullptr);
            runList_->setPlaybackRun(-1);
        }
        if (torqueAngle_->run() && torqueAngle_->run()->id() == runId) {
            torqueAngle_->setRun(nullptr);
        }
    });
    // the plots show the runs of the document being worked on: opening another one hides the
    // earlier runs (they stay in the run list, unchecked), and its first run picks its series
    const auto documentLabel = [this] {
        return document_->path().isEmpty() ? QString() : QFileInfo(document_->path()).fileName();
    };
    connect(document_, &MechanismDocument::documentReplaced, this, [this, documentLabel] {
        controller_->setDocument(controller_->document() + 1, documentLabel());
        controller_->history()->hideOtherDocuments(controller_->document());
        reactionDefaultsPending_ = true;
    });
    connect(document_, &MechanismDocument::pathChanged, this, [this, documentLabel] {
        controller_->setDocument(controller_->document(), documentLabel()); // saved as
    });
    connect(graph_, &MechanismGraphView::cutsChanged, this, &MainWindow::onCutsChanged);
    connect(graph_, &MechanismGraphView::loopHighlighted, view_,
            &MechanismView::setHighlightedLoop);
    updateRunActions();
}

bool MainWindow::startSimulation() {
    const MechanismSpec& drawn = document_->spec();
    if (!current_ && drawn.bodies.empty() && drawn.ground.points.empty()) {
        statusBar()->showMessage(tr("Open a mechanism first (Ctrl+O), or draw one (Ctrl+N)."));
        return false;
    }
    if (!current_ || !documentCompiles_) {
        statusBar()->showMessage(tr("Cannot start: the edited mechanism does not compile; the "
                                    "Check panel says what to fix (Ctrl+Z undoes the edit)."));
        checkDock_->raise();
        return false;
    }
    if (current_->model->nq() == 0) {
        statusBar()->showMessage(tr("Nothing moves yet: draw links in the Edit tab (Ctrl+2)."));
        return false;
    }
    const std::optional<SimulationSettings> settings = runPanel_->settings();
    if (!settings) {
        statusBar()->showMessage(tr("Cannot start: %1").arg(runPanel_->validationMessage()));
        return false;
    }
    if (runPanel_->runKind() != RunKind::Forward) {
        return startPrescribedRun(runPanel_->runKind(), *settings);
    }
    // the form's actuator inputs: the run's model is compiled with them (the file is unchanged)
    std::shared_ptr<const Model> model = current_->model;
    if (!runPanel_->actuatorInputs()->isFileInput()) {
        MechanismSpec spec = model->spec;
        spec.actuators = runPanel_->actuatorInputs()->actuators();
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
    controller_->start(std::move(model), *settings, current_->q0, current_->qd0);
    return true;
}

bool MainWindow::startPrescribedRun(RunKind kind, const SimulationSettings& settings) {
    // the actuated coordinates turn at their initial rates from the initial pose
    const Model& model = *current_->model;
    std::string problem;
    PrescribedDrive drive;
    for (const int k : actuatedCoordinates(model, &problem)) {
        drive.motions.push_back({k, constantSpeed(current_->q0[k], current_->qd0[k])});
    }
    drive.gains = runPanel_->forcedGains();
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
    controller_->start(current_->model, settings, current_->q0, current_->qd0, kind,
                       std::move(drive));
    return true;
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
    const std::array<std::pair<PlotDock*, QStringList>, 2> plots{
        {{jointPlot_, joint}, {reactionPlot_, reaction}}};
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
    const std::shared_ptr<SimulationRun> run = controller_->currentRun();
    if (view_->model() != run->model()) {
        view_->setModel(run->model(), run->q0());
    }
    view_->clearTraces();
    shownSample_ = -1;
    playback_->setFollowLive(true);
    playback_->setRun(run);
    torqueAngle_->setRun(run);
    runList_->setPlaybackRun(run->id());
    const RunHistory& history = *controller_->history();
    const bool otherCuts =
        history.size() > 1 && history.at(history.size() - 2)->cuts() != run->cuts();
    if (reactionDefaultsPending_ || run->kind() != lastRunKind_ || otherCuts) {
        showDefaultSeries(*run, reactionDefaultsPending_ || run->kind() != lastRunKind_);
    }
    reactionDefaultsPending_ = false;
    lastRunKind_ = run->kind();
    updateRunActions();
    progressBar_->setValue(0);
    progressBar_->show();
    statusBar()->showMessage(tr("%1 started: cuts %2").arg(run->name(), cutList(*run->model())));
}

void MainWindow::onProgress(double t, double tEnd, double realTimeFactor) {
    progressBar_->setValue(tEnd > 0 ? static_cast<int>(1000.0 * std::min(1.0, t / tEnd)) : 0);
    const QString factor = realTimeFactor >= 10 ? QString::number(realTimeFactor, 'f', 0)
                                                : QString::number(realTimeFactor, 'g', 2);
    progressLabel_->setText(
        tr("t = %1 / %2 s · %3× real time").arg(seconds(t), seconds(tEnd), factor));
}

void MainWindow::onRunFinished(const SimulationSummary& summary) {
    const std::shared_ptr<SimulationRun> run = controller_->currentRun();
    updateRunActions();
    progressBar_->hide();
    if (run && playback_->run() == run) {
        playback_->setAvailableSamples(static_cast<int>(run->samples().size()));
    }
    view_->refitUnlessNavigated(); // the traces may reach beyond the initial pose's box
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
    runPanel_->setRunState(controller_->isRunning(), controller_->isPaused());
    runPanel_->startAction()->setEnabled(current_.has_value());
    runPanel_->restartAction()->setEnabled(current_.has_value());
}

void MainWindow::showSample(int index) {
    const std::shared_ptr<const SimulationRun> run = playback_->run();
    if (!run || index < 0 || static_cast<std::size_t>(index) >= run->samples().size()) {
        return;
    }
    if (view_->model() != run->model()) {
        view_->setModel(run->model(), run->q0());
        shownSample_ = -1;
    }
    // the traces go through every sample up to this one (skipping samples would draw chords
    // across a fast motion's path): those in between only extend them
    int from = shownSample_ + 1;
    if (index < shownSample_) {
        view_->clearTraces();
        from = 0;
    }
    std::vector<Eigen::VectorXd> between;
    between.reserve(static_cast<std::size_t>(std::max(0, index - from)));
    for (int k = from; k < index; ++k) {
        between.push_back(poseAt(*run, k));
    }
    view_->extendTraces(between);
    view_->setPose(poseAt(*run, index));
    view_->setReactions(reactionsAt(*run, index));
    const double t = run->samples().value(index, 0);
    if (!run->isActive()) {
        // playback: the time shown, not the end of the last run's progress
        const double tLast = run->samples().value(run->samples().size() - 1, 0);
        progressLabel_->setText(tr("t = %1 / %2 s · playback").arg(seconds(t), seconds(tLast)));
    }
    jointPlot_->plot()->setTimeCursor(t);
    reactionPlot_->plot()->setTimeCursor(t);
    torqueAngle_->setMarkedSample(index);
    shownSample_ = index;
}

void MainWindow::onCutsChanged(const std::vector<std::string>& cuts,
                               std::shared_ptr<const Model> model) {
    undoStack_->push(
        new CutChangeCommand(graph_, graph_->previousCuts(), cuts, std::move(model),
                             [this](std::shared_ptr<const Model> m) { adoptModel(std::move(m)); }));
}

void MainWindow::adoptModel(std::shared_ptr<const Model> model) {
    if (!current_ || !model) {
        return;
    }
    InitialState initial = assembleInitialState(*model);
    current_->model = model;
    adoptCutsIntoDocument(*model); // saved with the document
    current_->q0 = std::move(initial.q);
    current_->qd0 = std::move(initial.qd);
    current_->assembly = std::move(initial.report);
    runPanel_->setCuts(QString(cutList(*model)).split(QStringLiteral(", "), Qt::SkipEmptyParts));
    QString text = tr("Cut joints %1: recompiled and assembled (|Φ| = %2); the next run uses them.")
                       .arg(cutList(*model))
                       .arg(current_->assembly.residual, 0, 'g', 2);
    if (!current_->assembly.converged) {
        text = tr("Cut joints %1: the initial pose could not be assembled: %2")
                   .arg(cutList(*model), QString::fromStdString(current_->assembly.message));
    }
    if (!controller_->isRunning()) {
        // idle: show the new model's initial state (the runs stay in the plots)
        playback_->setRun(nullptr);
        shownSample_ = -1;
        view_->setModel(model, current_->q0);
    }
    statusBar()->showMessage(text);
}

void MainWindow::stopRun() {
    if (!controller_ || !controller_->isRunning()) {
        return;
    }
    controller_->stop();
    QElapsedTimer clock;
    clock.start();
    while (controller_->isRunning() && clock.elapsed() < kStopTimeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
}

bool MainWindow::playBackRun(int runId) {
    const std::shared_ptr<SimulationRun> run = controller_->history()->find(runId);
    if (!run) {
        return false;
    }
    if (playback_->run() != run) {
        playback_->setFollowLive(run->isActive());
        playback_->setRun(run);
        torqueAngle_->setRun(run);
        shownSample_ = -1;
        view_->clearTraces();
    }
    runList_->setPlaybackRun(runId);
    runList_->selectRun(runId);
    const int count = static_cast<int>(run->samples().size());
    playback_->setAvailableSamples(count);
    if (count > 0) {
        playback_->setSampleIndex(count - 1);
        showSample(count - 1);
    }
    statusBar()->showMessage(
        tr("Playing back %1: the timeline, the 3-D view and the exports use it.").arg(run->name()));
    return true;
}

bool MainWindow::exportSamplesCsv(const QString& path, QString* error) {
    std::shared_ptr<const SimulationRun> run = playback_->run();
    if (!run) {
        run = controller_->currentRun();
    }
    if (!run) {
        if (error) {
            *error = tr("There is no run to export yet; start one with F5.");
        }
        return false;
    }
    return writeSamplesCsv(*run, path, error);
}

bool MainWindow::exportViewPng(const QString& path) {
    return view_->saveSnapshot(path);
}

void MainWindow::promptExportCsv() {
    const std::shared_ptr<const SimulationRun> run =
        playback_->run() ? playback_->run() : controller_->currentRun();
    if (!run) {
        statusBar()->showMessage(tr("There is no run to export yet; start one with F5."));
        return;
    }
    const QString documentPath = current_ ? current_->path : QString();
    const QString suggested =
        QStringLiteral("%1/%2_run%3.csv")
            .arg(exportFolder(documentPath),
                 QFileInfo(current_ ? current_->path : QStringLiteral("mechanism")).baseName())
            .arg(run->id());
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Samples"), suggested,
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty()) {
        return;
    }
    rememberExportFolder(path);
    QString error;
    if (exportSamplesCsv(path, &error)) {
        statusBar()->showMessage(
            tr("Wrote %1 samples of %2 to %3").arg(run->samples().size()).arg(run->name(), path));
    } else {
        QMessageBox::warning(this, tr("Export Samples"), error);
    }
}

void MainWindow::promptExportPng() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export 3-D View"),
        QDir(exportFolder(current_ ? current_->path : QString()))
            .filePath(QFileInfo(current_ ? current_->path : QStringLiteral("mechanism"))
                          .completeBaseName() +
                      QStringLiteral(".png")),
        tr("PNG images (*.png)"));
    if (path.isEmpty()) {
        return;
    }
    rememberExportFolder(path);
    if (exportViewPng(path)) {
        statusBar()->showMessage(tr("Wrote %1").arg(path));
    } else {
        QMessageBox::warning(this, tr("Export 3-D View"), tr("Could not write %1.").arg(path));
    }
}

void MainWindow::exportAnimation() {
    VideoExportOptions defaults;
    defaults.reactions = view_->reactionsVisible();
    defaults.traces = view_->tracesVisible();
    std::shared_ptr<const SimulationRun> run = playback_->run();
    if (!run) {
        run = controller_->currentRun();
    }
    exportAnimationInteractively(this, std::move(run), defaults);
}

} // namespace sslm::ui
