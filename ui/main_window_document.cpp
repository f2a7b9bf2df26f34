// SPDX-License-Identifier: MIT
// MainWindow: the document — its edits compiled off the GUI thread and shown, Save, Save As,
// the unsaved-changes prompt, the window title, and the recovery of copies a crashed session
// left.

#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>

#include "core/edit/coordinate_names.hpp"
#include "core/edit/drawing.hpp"
#include "core/edit/insert_mechanism.hpp"
#include "ui/actions/file_actions.hpp"
#include "ui/actions/view_actions.hpp"
#include "ui/balance/balance_panel.hpp"
#include "ui/document/document_compiler.hpp"
#include "ui/editor/check_panel.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/main_window.hpp"
#include "ui/playback/playback_bar.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/statics/statics_panel.hpp"
#include "ui/viewport/mechanism_view.hpp"

namespace sslm::ui {

namespace {

/// A document with nothing drawn: no ground pivot and no body.
bool isBlank(const MechanismSpec& spec) {
    return spec.ground.points.empty() && spec.bodies.empty();
}

} // namespace

void MainWindow::connectDocument() {
    connect(m_document, &MechanismDocument::modifiedChanged, this, &MainWindow::setWindowModified);
    connect(m_document, &MechanismDocument::pathChanged, this, [this] { updateWindowTitle(); });
    connect(m_document, &MechanismDocument::specChanged, this, &MainWindow::onDocumentChanged);
    connect(m_compiler, &DocumentCompiler::compiled, this, &MainWindow::onDocumentCompiled);
    connect(m_compiler, &DocumentCompiler::busyChanged, this, &MainWindow::showCompiling);
    // a run kind chosen for the previous mechanism does not carry over to another one
    connect(m_document, &MechanismDocument::documentReplaced, m_runPanel,
            &RunPanel::startNewDocument);
    // the Check panel shows the editor's check of every change, also those that do not compile
    connect(m_editor->canvas(), &EditorCanvas::checked, m_checkPanel, &CheckPanel::show);
    // the Check tab comes up when it has something new to say, not at every edit
    connect(m_document, &MechanismDocument::documentReplaced, m_checkPanel,
            &CheckPanel::startNewDocument);
    connect(m_checkPanel, &CheckPanel::findingsAppeared, m_checkDock, &QDockWidget::raise);
    connect(m_checkPanel, &CheckPanel::loopSelected, this, [this](int loop) {
        m_view->setHighlightedLoop(loop);
        m_graph->highlightLoop(loop);
    });
}

void MainWindow::updateWindowTitle() {
    const QString name =
        m_document->path().isEmpty() ? tr("Untitled") : QFileInfo(m_document->path()).fileName();
    setWindowTitle(tr("%1[*] — SSLM Studio").arg(name));
    setWindowFilePath(m_document->path());
    setWindowModified(m_document->isModified());
}

void MainWindow::onDocumentChanged() {
    const MechanismSpec& spec = m_document->spec();
    if (m_current && spec == m_current->model->spec) {
        // back to the mechanism on screen (opened, or an undo to it)
        m_compiler->cancel();
        m_shownSpec = spec;
        m_documentCompiles = true;
        m_staleBanner->hide();
        return;
    }
    if (spec == m_shownSpec) {
        // its outcome is on screen already (a cut change, an unfinished file opened)
        m_compiler->cancel();
        return;
    }
    m_compiler->compile(spec, m_document->path()); // supersedes a compile still running
}

void MainWindow::onDocumentCompiled(const LoadOutcome& outcome) {
    // the outcome is the document's as it is: a change since would have superseded it
    m_shownSpec = m_document->spec();
    m_documentCompiles = outcome.mechanism.has_value();
    if (!outcome.mechanism) {
        if (!m_current) {
            m_graph->setSpec(m_document->spec(), {});
        }
        const QString reason = outcome.error.section(QLatin1Char('\n'), 0, 0);
        showStaleBanner(reason);
        statusBar()->showMessage(tr("The edited mechanism does not compile: %1").arg(reason));
        Q_EMIT documentCompiled();
        return;
    }
    showMechanism(*outcome.mechanism, /*edited=*/true);
    statusBar()->showMessage(m_current->warnings.isEmpty()
                                 ? tr("Mechanism updated.")
                                 : m_current->warnings.section(QLatin1Char('\n'), 0, 0));
    Q_EMIT documentCompiled();
}

bool MainWindow::isCompiling() const {
    return m_compiler->isBusy();
}

bool MainWindow::documentShownCompiles() const {
    return m_documentCompiles && !m_compiler->isBusy();
}

void MainWindow::showCompiling(bool busy) {
    if (busy) {
        m_compilingDelay->start();
    } else {
        m_compilingDelay->stop();
        m_compilingLabel->hide();
    }
    updateRunActions();
}

void MainWindow::showStaleBanner(const QString& reason) {
    const QString shown =
        m_current ? tr("The 3-D view shows <b>%1</b> as it last compiled, not the "
                       "drawing being edited.")
                        .arg(QString::fromStdString(m_current->model->spec.name).toHtmlEscaped())
                  : tr("Nothing to show in 3-D yet.");
    if (m_document->spec().space == MotionSpace::Spatial) {
        m_staleBanner->setText(tr("%1 The edited mechanism does not compile: %2 <a "
                                  "href=\"properties\">Fix it in the Properties dock</a>, or "
                                  "undo (Ctrl+Z).")
                                   .arg(shown, reason.toHtmlEscaped()));
        m_staleBanner->show();
        return;
    }
    m_staleBanner->setText(
        tr("%1 The drawing does not compile: %2 <a href=\"edit\">Fix it in the Edit tab</a>; "
           "the Check panel says what is missing.")
            .arg(shown, reason.toHtmlEscaped()));
    m_staleBanner->show();
}

void MainWindow::showMechanism(LoadedMechanism mechanism, bool edited) {
    stopRun(); // a run belongs to the mechanism it started with
    m_documentCompiles = true;
    m_staleBanner->hide();
    m_current = std::move(mechanism);
    m_shownSpec = m_current->model->spec;
    updateEditTab(m_current->model->spec);
    m_view->setMeshFolder(m_current->path.isEmpty() ? QString()
                                                    : QFileInfo(m_current->path).absolutePath());
    m_view->setModel(m_current->model, m_current->q0);
    for (const QString& problem : m_view->visualProblems()) {
        m_current->warnings += (m_current->warnings.isEmpty() ? QString() : QStringLiteral("\n")) +
                               tr("A visual is not drawn: %1").arg(problem);
    }
    m_graph->setModel(m_current->model);
    m_runPanel->setModel(*m_current->model,
                         edited ? RunPanel::ModelChange::Edited : RunPanel::ModelChange::Opened);
    m_balancePanel->setMechanism(m_current->model, m_current->q0, m_current->qd0, m_current->path);
    m_staticsPanel->setMechanism(m_current->model, m_current->q0);
    m_playback->setRun(nullptr);
    m_shownSample = -1;
    if (!edited) {
        m_progressLabel->clear(); // the time of the previous document's run is not this one's
    }
    updateRunActions();
    Q_EMIT mechanismLoaded(*m_current);
}

void MainWindow::applyCounterweights(const MechanismSpec& balanced, const QString& text) {
    MechanismSpec after = m_document->spec();
    bool changed = false;
    for (const BodySpec& source : balanced.bodies) {
        for (BodySpec& body : after.bodies) {
            if (body.id == source.id && body.counterweights != source.counterweights) {
                body.counterweights = source.counterweights;
                changed = true;
            }
        }
    }
    if (changed) {
        m_document->edit(std::move(after), text);
    }
}

void MainWindow::showUnfinished(const MechanismSpec& spec,
                                const QString& path,
                                bool modified,
                                const QString& reason) {
    stopRun();
    m_current.reset();
    m_balancePanel->setMechanism(nullptr, {}, {}, {});
    m_staticsPanel->setMechanism(nullptr, {});
    m_documentCompiles = false;
    m_view->setModel(nullptr, Eigen::VectorXd());
    m_graph->setSpec(spec, {});
    m_playback->setRun(nullptr);
    m_shownSample = -1;
    m_shownSpec = spec; // the document's reset below finds it judged: not compiled again
    m_document->reset(spec, path, modified);
    m_reactionDefaultsPending = true; // its λ columns once it compiles, not the last mechanism's
    updateRunActions();
    updateWindowTitle();
    updateEditTab(spec);
    showStaleBanner(reason.section(QLatin1Char('\n'), 0, 0));
}

void MainWindow::updateEditTab(const MechanismSpec& spec) {
    const bool spatial = spec.space == MotionSpace::Spatial;
    m_centralTabs->setTabEnabled(1, !spatial);
    m_propertiesDock->setToolTip(spatial ? tr("The spatial mechanism's bodies and joints: "
                                              "masses, inertias, points, joint types and axes")
                                         : tr("The selection in the Edit tab: a point, a link "
                                              "or a joint"));
    m_centralTabs->setTabToolTip(
        1, spatial ? tr("The Edit tab draws planar mechanisms (file version 1). %1 is spatial: "
                        "turn it in the 3-D view, choose its cuts in the Loops and cuts dock, and "
                        "edit its bodies and joints in the Properties dock (or generate sized "
                        "ones with File ▸ New From Template).")
                         .arg(QString::fromStdString(spec.name))
                   : tr("Draw and edit the mechanism in 2-D: pivots, links, points; every edit "
                        "can be undone (Ctrl+Z)"));
    if (m_viewActions) {
        m_viewActions->setSpatial(spatial);
    }
    if (spatial && m_centralTabs->currentIndex() == 1) {
        m_centralTabs->setCurrentIndex(0);
    }
}

bool MainWindow::newDocument(const MechanismSpec& spec, QString* error) {
    LoadOutcome outcome = compileMechanism(spec, {});
    if (!outcome.mechanism) {
        // a drawing to be finished in the Edit tab (an empty one, say): nothing to simulate yet
        showUnfinished(spec, {}, /*modified=*/true, outcome.error);
        if (error != nullptr) {
            *error = outcome.error;
        }
        statusBar()->showMessage(tr("New mechanism: draw it in the Edit tab (P places pivots, L "
                                    "draws links); the Check panel says when it can move."));
        return true;
    }
    showMechanism(std::move(*outcome.mechanism));
    m_document->reset(spec, {}, /*modified=*/true); // never saved
    updateWindowTitle();
    statusBar()->showMessage(tr("New mechanism \u201c%1\u201d: F5 simulates it, Ctrl+S saves it.")
                                 .arg(QString::fromStdString(spec.name)));
    return true;
}

bool MainWindow::insertIntoDrawing(const MechanismSpec& part, QString* error) {
    EditorCanvas* canvas = m_editor->canvas();
    // beside the drawing: the part's leftmost pivot 0.15 m right of the rightmost point drawn
    std::optional<double> right;
    const Drawing& drawing = canvas->drawing();
    const auto extend = [&](const JointEnd& point) {
        if (const std::optional<Eigen::Vector2d> w = pointInWorld(drawing, point)) {
            right = std::max(right.value_or(w->x()), w->x());
        }
    };
    for (const BodyPoint& p : drawing.spec.ground.points) {
        extend({"ground", p.name});
    }
    for (const BodySpec& body : drawing.spec.bodies) {
        for (const BodyPoint& p : body.points) {
            extend({body.id, p.name});
        }
    }
    double left = 0;
    for (std::size_t k = 0; k < part.ground.points.size(); ++k) {
        left =
            k == 0 ? part.ground.points[k].p_B.x() : std::min(left, part.ground.points[k].p_B.x());
    }
    const Eigen::Vector2d offset(right ? *right + 0.15 - left : 0.0, 0.0);
    QString reason;
    const QMetaObject::Connection listen =
        connect(canvas, &EditorCanvas::message, this, [&](const QString& text) { reason = text; });
    const bool inserted = canvas->edit([&](Drawing& d) { return insertMechanism(d, part, offset); },
                                       tr("Insert %1").arg(QString::fromStdString(part.name)));
    disconnect(listen);
    if (!inserted) {
        if (error != nullptr) {
            *error = reason;
        }
        return false;
    }
    m_centralTabs->setCurrentIndex(1);
    canvas->fit();
    statusBar()->showMessage(tr("Inserted \u201c%1\u201d: pin it to the drawing with the Pin "
                                "tool (J), or drive it as it is.")
                                 .arg(QString::fromStdString(part.name)));
    return true;
}

void MainWindow::adoptCutsIntoDocument(const Model& model) {
    MechanismSpec spec = m_document->spec();
    nameCutCoordinates(spec); // as the graph view named them for the model (theta8, not J8)
    spec.cuts = cutNames(model);
    // the model on screen is compiled with these cuts: a document shown as it is stays shown
    // (its change finds nothing to compile); one not judged yet is compiled with them
    if (m_document->spec() == m_shownSpec) {
        m_shownSpec = spec;
    }
    m_document->replaceWithoutHistory(std::move(spec));
}

bool MainWindow::save(QString* error) {
    if (isBlank(m_document->spec())) {
        return false;
    }
    if (m_document->path().isEmpty()) {
        if (error != nullptr) {
            *error = tr("The mechanism has no file yet: use Save As.");
            return false;
        }
        m_fileActions->promptSaveAs();
        return !m_document->isModified();
    }
    return saveAs(m_document->path(), error);
}

bool MainWindow::saveAs(const QString& path, QString* error) {
    if (isBlank(m_document->spec())) {
        return false;
    }
    QString failure;
    if (!m_document->saveAs(path, &failure)) {
        if (error != nullptr) {
            *error = failure;
        } else {
            QMessageBox::critical(this, tr("Cannot save"),
                                  tr("The mechanism was not saved; the file on disk is as it "
                                     "was.\n\n%1")
                                      .arg(failure));
        }
        return false;
    }
    if (m_current) {
        m_current->path = m_document->path();
        m_balancePanel->setMechanism(m_current->model, m_current->q0, m_current->qd0,
                                     m_current->path);
    }
    FileActions::rememberFile(m_document->path());
    updateWindowTitle();
    statusBar()->showMessage(
        m_documentCompiles
            ? tr("Saved %1").arg(m_document->path())
            : tr("Saved %1; it does not compile yet and opens in the Edit tab to be finished.")
                  .arg(m_document->path()));
    return true;
}

bool MainWindow::confirmDiscardChanges() {
    if (!m_document->isModified() || isBlank(m_document->spec())) {
        return true; // nothing drawn is nothing lost
    }
    QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                    tr("%1 has changes that are not saved.")
                        .arg(m_document->path().isEmpty()
                                 ? tr("The mechanism")
                                 : QFileInfo(m_document->path()).fileName()),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setInformativeText(tr("Save them before going on?"));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        m_document->removeRecovery();
        return true;
    default:
        return false;
    }
}

bool MainWindow::restoreRecovery(const RecoveryEntry& entry, QString* error) {
    QString failure;
    const std::optional<MechanismSpec> spec = MechanismDocument::readRecovery(entry, &failure);
    if (!spec) {
        if (error != nullptr) {
            *error = failure;
        }
        return false;
    }
    LoadOutcome outcome = compileMechanism(*spec, entry.originalPath);
    if (outcome.mechanism) {
        showMechanism(std::move(*outcome.mechanism));
        m_document->reset(*spec, entry.originalPath, /*modified=*/true);
    } else {
        // a drawing that was not finished: back into the Edit tab as it was
        showUnfinished(*spec, entry.originalPath, /*modified=*/true, outcome.error);
        m_centralTabs->setCurrentIndex(1);
    }
    MechanismDocument::discardRecovery(entry); // the document writes its own copy from now on
    m_document->writeRecovery();
    updateWindowTitle();
    statusBar()->showMessage(tr("Recovered the unsaved changes of %1 (written %2). Save them "
                                "with Ctrl+S.")
                                 .arg(entry.originalPath.isEmpty()
                                          ? tr("an untitled mechanism")
                                          : QFileInfo(entry.originalPath).fileName(),
                                      entry.written.toString(Qt::ISODate)));
    return true;
}

int MainWindow::offerRecovery() {
    int restored = 0;
    for (const RecoveryEntry& entry :
         MechanismDocument::pendingRecoveries(m_document->recoveryDirectory())) {
        const QString name = entry.originalPath.isEmpty()
                                 ? tr("an untitled mechanism")
                                 : QFileInfo(entry.originalPath).fileName();
        QMessageBox box(QMessageBox::Question, tr("Recover unsaved changes?"),
                        tr("SSLM Studio did not close normally. Unsaved changes to %1 were kept "
                           "at %2.")
                            .arg(name, entry.written.toString(QStringLiteral("yyyy-MM-dd hh:mm"))),
                        QMessageBox::NoButton, this);
        QPushButton* recover = box.addButton(tr("Recover"), QMessageBox::AcceptRole);
        box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        QPushButton* later = box.addButton(tr("Ask Next Time"), QMessageBox::RejectRole);
        box.setDefaultButton(recover);
        box.exec();
        if (box.clickedButton() == later) {
            continue;
        }
        if (box.clickedButton() != recover) {
            MechanismDocument::discardRecovery(entry);
            continue;
        }
        QString error;
        if (restoreRecovery(entry, &error)) {
            ++restored;
        } else {
            QMessageBox::warning(
                this, tr("Cannot recover"),
                tr("The copy %1 could not be restored; it is kept.\n\n%2").arg(entry.file, error));
        }
    }
    return restored;
}

} // namespace sslm::ui
