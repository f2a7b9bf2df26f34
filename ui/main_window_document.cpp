// SPDX-License-Identifier: MIT
// MainWindow: the document — Save, Save As, the unsaved-changes prompt, the window title, and
// the recovery of copies a crashed session left.

#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoStack>

#include "core/edit/coordinate_names.hpp"
#include "core/edit/drawing.hpp"
#include "core/edit/insert_mechanism.hpp"
#include "ui/editor/check_panel.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/editor/template_dialog.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/main_window.hpp"
#include "ui/playback/playback_bar.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/viewport/mechanism_view.hpp"

namespace sslm::ui {

namespace {

/// A document with nothing drawn: no ground pivot and no body.
bool isBlank(const MechanismSpec& spec) {
    return spec.ground.points.empty() && spec.bodies.empty();
}

/// The cut joints of `model` by name, loop order.
std::vector<std::string> cutNames(const Model& model) {
    std::vector<std::string> names;
    for (const int cut : model.cuts) {
        names.push_back(model.joints[static_cast<std::size_t>(cut)].name);
    }
    return names;
}

} // namespace

void MainWindow::connectDocument() {
    connect(document_, &MechanismDocument::modifiedChanged, this, &MainWindow::setWindowModified);
    connect(document_, &MechanismDocument::pathChanged, this, [this] { updateWindowTitle(); });
    connect(document_, &MechanismDocument::specChanged, this, &MainWindow::onDocumentChanged);
    // a run kind chosen for the previous mechanism does not carry over to another one
    connect(document_, &MechanismDocument::documentReplaced, runPanel_,
            &RunPanel::startNewDocument);
    // the Check panel shows the editor's check of every change, also those that do not compile
    connect(editor_->canvas(), &EditorCanvas::checked, checkPanel_, &CheckPanel::show);
    // the Check tab comes up when it has something new to say, not at every edit
    connect(document_, &MechanismDocument::documentReplaced, checkPanel_,
            &CheckPanel::startNewDocument);
    connect(checkPanel_, &CheckPanel::findingsAppeared, checkDock_, &QDockWidget::raise);
    connect(checkPanel_, &CheckPanel::loopSelected, this, [this](int loop) {
        view_->setHighlightedLoop(loop);
        graph_->highlightLoop(loop);
    });
}

void MainWindow::updateWindowTitle() {
    const QString name =
        document_->path().isEmpty() ? tr("Untitled") : QFileInfo(document_->path()).fileName();
    setWindowTitle(tr("%1[*] — SSLM Studio").arg(name));
    setWindowFilePath(document_->path());
    setWindowModified(document_->isModified());
}

void MainWindow::onDocumentChanged() {
    if (adoptingCuts_) {
        return; // the cuts the view shows already
    }
    if (current_ && document_->spec() == current_->model->spec) {
        // back to the mechanism on screen (opened, or an undo to it)
        documentCompiles_ = true;
        staleBanner_->hide();
        return;
    }
    LoadOutcome outcome = compileMechanism(document_->spec(), document_->path());
    documentCompiles_ = outcome.mechanism.has_value();
    if (!outcome.mechanism) {
        if (!current_) {
            graph_->setSpec(document_->spec(), {});
        }
        const QString reason = outcome.error.section(QLatin1Char('\n'), 0, 0);
        showStaleBanner(reason);
        statusBar()->showMessage(tr("The edited mechanism does not compile: %1").arg(reason));
        return;
    }
    showMechanism(std::move(*outcome.mechanism));
    statusBar()->showMessage(current_->warnings.isEmpty()
                                 ? tr("Mechanism updated.")
                                 : current_->warnings.section(QLatin1Char('\n'), 0, 0));
}

void MainWindow::showStaleBanner(const QString& reason) {
    const QString shown =
        current_ ? tr("The 3-D view shows <b>%1</b> as it last compiled, not the "
                      "drawing being edited.")
                       .arg(QString::fromStdString(current_->model->spec.name).toHtmlEscaped())
                 : tr("Nothing to show in 3-D yet.");
    staleBanner_->setText(
        tr("%1 The drawing does not compile: %2 <a href=\"edit\">Fix it in the Edit tab</a>; "
           "the Check panel says what is missing.")
            .arg(shown, reason.toHtmlEscaped()));
    staleBanner_->show();
}

void MainWindow::showMechanism(LoadedMechanism mechanism) {
    stopRun(); // a run belongs to the mechanism it started with
    documentCompiles_ = true;
    staleBanner_->hide();
    current_ = std::move(mechanism);
    view_->setModel(current_->model, current_->q0);
    graph_->setModel(current_->model);
    runPanel_->setModel(*current_->model);
    playback_->setRun(nullptr);
    shownSample_ = -1;
    updateRunActions();
    Q_EMIT mechanismLoaded(*current_);
}

void MainWindow::showUnfinished(const MechanismSpec& spec,
                                const QString& path,
                                bool modified,
                                const QString& reason) {
    stopRun();
    current_.reset();
    documentCompiles_ = false;
    view_->setModel(nullptr, Eigen::VectorXd());
    graph_->setSpec(spec, {});
    playback_->setRun(nullptr);
    shownSample_ = -1;
    document_->reset(spec, path, modified);
    reactionDefaultsPending_ = true; // its λ columns once it compiles, not the last mechanism's
    updateRunActions();
    updateWindowTitle();
    showStaleBanner(reason.section(QLatin1Char('\n'), 0, 0));
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
    document_->reset(spec, {}, /*modified=*/true); // never saved
    updateWindowTitle();
    statusBar()->showMessage(tr("New mechanism \u201c%1\u201d: F5 simulates it, Ctrl+S saves it.")
                                 .arg(QString::fromStdString(spec.name)));
    return true;
}

void MainWindow::promptNewEmpty() {
    if (!confirmDiscardChanges()) {
        return;
    }
    newDocument(emptyDrawing(tr("New mechanism").toStdString()).spec);
    centralTabs_->setCurrentIndex(1);
}

void MainWindow::promptNewFromTemplate() {
    if (!confirmDiscardChanges()) {
        return;
    }
    TemplateDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const std::optional<MechanismSpec> spec = dialog.spec();
    QString error;
    if (!spec || !newDocument(*spec, &error)) {
        QMessageBox::warning(this, tr("Cannot create the mechanism"),
                             spec ? error : dialog.problem());
    }
}

void MainWindow::promptInsertTemplate() {
    TemplateDialog dialog(this);
    dialog.setWindowTitle(tr("Insert Template"));
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const std::optional<MechanismSpec> part = dialog.spec();
    QString error;
    if (!part || !insertIntoDrawing(*part, &error)) {
        QMessageBox::warning(this, tr("Cannot insert the mechanism"),
                             part ? error : dialog.problem());
    }
}

bool MainWindow::insertIntoDrawing(const MechanismSpec& part, QString* error) {
    EditorCanvas* canvas = editor_->canvas();
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
    centralTabs_->setCurrentIndex(1);
    canvas->fit();
    statusBar()->showMessage(tr("Inserted \u201c%1\u201d: pin it to the drawing with the Pin "
                                "tool (J), or drive it as it is.")
                                 .arg(QString::fromStdString(part.name)));
    return true;
}

void MainWindow::adoptCutsIntoDocument(const Model& model) {
    MechanismSpec spec = document_->spec();
    nameCutCoordinates(spec); // as the graph view named them for the model (theta8, not J8)
    spec.cuts = cutNames(model);
    adoptingCuts_ = true; // the model is already compiled with them
    document_->replaceWithoutHistory(std::move(spec));
    adoptingCuts_ = false;
}

bool MainWindow::save(QString* error) {
    if (isBlank(document_->spec())) {
        return false;
    }
    if (document_->path().isEmpty()) {
        if (error != nullptr) {
            *error = tr("The mechanism has no file yet: use Save As.");
            return false;
        }
        promptSaveAs();
        return !document_->isModified();
    }
    return saveAs(document_->path(), error);
}

bool MainWindow::saveAs(const QString& path, QString* error) {
    if (isBlank(document_->spec())) {
        return false;
    }
    QString failure;
    if (!document_->saveAs(path, &failure)) {
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
    if (current_) {
        current_->path = document_->path();
    }
    rememberFile(document_->path());
    updateWindowTitle();
    statusBar()->showMessage(
        documentCompiles_
            ? tr("Saved %1").arg(document_->path())
            : tr("Saved %1; it does not compile yet and opens in the Edit tab to be finished.")
                  .arg(document_->path()));
    return true;
}

void MainWindow::promptSaveAs() {
    if (isBlank(document_->spec())) {
        statusBar()->showMessage(tr("Nothing to save: open a mechanism first (Ctrl+O)."));
        return;
    }
    QString start = document_->path();
    if (start.isEmpty()) {
        start = lastDirectory() + QStringLiteral("/mechanism.json");
    }
    QString path = QFileDialog::getSaveFileName(this, tr("Save Mechanism As"), start,
                                                tr("Mechanism files (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    if (QFileInfo(path).suffix().isEmpty()) {
        path += QStringLiteral(".json");
    }
    saveAs(path);
}

bool MainWindow::confirmDiscardChanges() {
    if (!document_->isModified() || isBlank(document_->spec())) {
        return true; // nothing drawn is nothing lost
    }
    QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                    tr("%1 has changes that are not saved.")
                        .arg(document_->path().isEmpty() ? tr("The mechanism")
                                                         : QFileInfo(document_->path()).fileName()),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setInformativeText(tr("Save them before going on?"));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        document_->removeRecovery();
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
        document_->reset(*spec, entry.originalPath, /*modified=*/true);
    } else {
        // a drawing that was not finished: back into the Edit tab as it was
        showUnfinished(*spec, entry.originalPath, /*modified=*/true, outcome.error);
        centralTabs_->setCurrentIndex(1);
    }
    MechanismDocument::discardRecovery(entry); // the document writes its own copy from now on
    document_->writeRecovery();
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
         MechanismDocument::pendingRecoveries(document_->recoveryDirectory())) {
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
