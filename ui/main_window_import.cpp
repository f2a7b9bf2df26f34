// SPDX-License-Identifier: MIT
// MainWindow::importFile: another tool's model file read in the background (core/interop), shown as
// a new, unsaved document, with the report of what was mapped, approximated and dropped.

#include <filesystem>

#include <QApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStatusBar>
#include <QtConcurrent/QtConcurrentRun>

#include "core/interop/mechanism_import.hpp"
#include "core/util/diagnostic.hpp"
#include "ui/actions/file_actions.hpp"
#include "ui/document/interop_report_dialog.hpp"
#include "ui/main_window.hpp"

namespace sslm::ui {

namespace {

constexpr int kBusyAfterMs = 300; ///< a quick import shows no progress dialog

/// The import's errors, one per line: file:line: <element>: message (hint).
QString errorText(const ImportResult& result, const QString& path) {
    QString text = QString::fromStdString(formatDiagnostics(result.diagnostics));
    if (text.trimmed().isEmpty()) {
        text = QObject::tr("%1: the file could not be imported.").arg(path);
    }
    return text.trimmed();
}

} // namespace

bool MainWindow::isImportable(const QString& path) {
    return modelFormatOf(std::filesystem::path(path.toStdString())).has_value();
}

bool MainWindow::importFile(const QString& path, QString* error) {
    // interactive imports ask about unsaved changes first; scripted ones (error given) do not
    if (error == nullptr && !confirmDiscardChanges()) {
        return false;
    }
    const QString name = QFileInfo(path).fileName();
    const std::filesystem::path file(QFileInfo(path).absoluteFilePath().toStdString());
    // meshes and large files take a while: read off the GUI thread, a busy dialog after 300 ms
    QFutureWatcher<ImportResult> watcher;
    QEventLoop wait;
    connect(&watcher, &QFutureWatcher<ImportResult>::finished, &wait, &QEventLoop::quit);
    watcher.setFuture(QtConcurrent::run([file] { return importMechanism(file); }));
    if (!watcher.isFinished()) {
        QProgressDialog busy(tr("Importing %1…").arg(name), QString(), 0, 0, this);
        busy.setWindowTitle(tr("Import"));
        busy.setWindowModality(Qt::WindowModal);
        busy.setMinimumDuration(kBusyAfterMs);
        busy.setValue(0);
        wait.exec(QEventLoop::ExcludeUserInputEvents);
    }
    const ImportResult result = watcher.result();
    if (!result.ok()) {
        const QString reason = errorText(result, path);
        if (error != nullptr) {
            *error = reason;
        } else {
            QMessageBox box(QMessageBox::Critical, tr("Cannot import %1").arg(name),
                            tr("%1 could not be imported; nothing was changed.").arg(name),
                            QMessageBox::Ok, this);
            box.setInformativeText(reason);
            box.exec();
        }
        statusBar()->showMessage(tr("%1 could not be imported.").arg(name));
        return false;
    }
    m_lastImportReport = QString::fromStdString(reportText(result.report, *result.spec));
    QString compileError;
    newDocument(*result.spec, &compileError);
    FileActions::rememberFile(QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(
        tr("Imported %1: %2 mapped, %3 approximated, %4 dropped; Save As writes it as a "
           "mechanism file.")
            .arg(name)
            .arg(result.report.mapped.size())
            .arg(result.report.approximated.size())
            .arg(result.report.dropped.size()));
    if (error != nullptr) {
        *error = compileError;
    } else {
        auto* dialog = InteropReportDialog::forImport(path, result.report, *result.spec, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    }
    return true;
}

} // namespace sslm::ui
