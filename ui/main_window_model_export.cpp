// SPDX-License-Identifier: MIT
// MainWindow::exportModel: the mechanism as edited written for another tool (URDF with URDF+
// loops, SDFormat, MJCF; core/interop/mechanism_export.hpp), with the report of what was
// mapped, approximated and dropped.

#include <filesystem>

#include <QFileInfo>
#include <QMessageBox>
#include <QSaveFile>
#include <QStatusBar>

#include "core/interop/mechanism_export.hpp"
#include "core/interop/mesh_reference.hpp"
#include "core/util/diagnostic.hpp"
#include "ui/actions/export_actions.hpp"
#include "ui/document/interop_report_dialog.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/graph/cut_set_evaluation.hpp"
#include "ui/main_window.hpp"

namespace sslm::ui {

std::optional<ModelFormat> MainWindow::exportFormatOf(const QString& path) {
    return modelFormatOf(std::filesystem::path(path.toStdString()));
}

bool MainWindow::exportModel(const QString& path, QString* error) {
    const auto fail = [&](const QString& reason) {
        if (error != nullptr) {
            *error = reason;
        } else {
            QMessageBox box(QMessageBox::Critical, tr("Cannot export"),
                            tr("%1 was not written; the mechanism is unchanged.")
                                .arg(QFileInfo(path).fileName()),
                            QMessageBox::Ok, this);
            box.setInformativeText(reason);
            box.exec();
        }
        statusBar()->showMessage(tr("%1 was not written.").arg(QFileInfo(path).fileName()));
        return false;
    };
    if (!m_current) {
        return fail(tr("There is no mechanism to export yet: open or draw one first."));
    }
    const std::optional<ModelFormat> format = exportFormatOf(path);
    if (!format) {
        return fail(tr("%1: unknown model format; name the file .urdf (URDF with loop "
                       "closures), .sdf (SDFormat) or .xml (MJCF).")
                        .arg(QFileInfo(path).fileName()));
    }
    // the document as edited (it compiles: m_current is it, or the last that did), with the
    // cut joints on screen, its meshes found from the new file's folder
    MechanismSpec spec = documentShownCompiles() ? m_document->spec() : m_current->model->spec;
    spec.cuts = cutJointNames(*m_current->model);
    rebaseVisualFiles(spec, {}, QFileInfo(path).absolutePath().toStdString());
    const ExportResult result = exportMechanism(spec, *format);
    if (!result.ok()) {
        return fail(QString::fromStdString(formatDiagnostics(result.diagnostics)).trimmed());
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(QByteArray::fromStdString(*result.text)) < 0 || !file.commit()) {
        return fail(tr("Could not write %1: %2").arg(path, file.errorString()));
    }
    m_lastExportReport = QString::fromStdString(exportReportText(result, spec));
    statusBar()->showMessage(tr("Wrote %1: %2 mapped, %3 approximated, %4 dropped.")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(result.mapped.size())
                                 .arg(result.approximated.size())
                                 .arg(result.dropped.size()));
    if (error == nullptr) {
        auto* dialog = InteropReportDialog::forExport(path, result, spec, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    }
    return true;
}

} // namespace sslm::ui
