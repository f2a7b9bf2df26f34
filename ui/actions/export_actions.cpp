// SPDX-License-Identifier: MIT
#include "ui/actions/export_actions.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

#include "ui/export/export_folder.hpp"
#include "ui/playback/playback_bar.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/sim/simulation_run.hpp"
#include "ui/style/resources.hpp"

namespace sslm::ui {

namespace {

/// A format of the save dialog: its filter and the extension it appends.
struct ExportChoice {
    const char* filter;
    const char* suffix;
};

const ExportChoice kExportChoices[] = {
    {QT_TRANSLATE_NOOP("ExportActions", "URDF with loop closures (*.urdf)"), "urdf"},
    {QT_TRANSLATE_NOOP("ExportActions", "SDFormat 1.9 (*.sdf *.world)"), "sdf"},
    {QT_TRANSLATE_NOOP("ExportActions", "MJCF for MuJoCo (*.xml *.mjcf)"), "xml"},
};

} // namespace

ExportActions::ExportActions(QMainWindow* window, ExportCommands& commands)
    : QObject(window), m_window(window), m_commands(commands) {}

void ExportActions::addMenuTo(QMenu* file) {
    m_menu = file->addMenu(tr("&Export"));
    QAction* csv = m_menu->addAction(tr("Samples as &CSV…"), this, &ExportActions::promptCsv);
    csv->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    csv->setToolTip(tr("The shown run's samples with the columns of `sslm simulate`"));
    QAction* png = m_menu->addAction(tr("3-D View as &PNG…"), this, &ExportActions::promptPng);
    png->setToolTip(tr("A snapshot of the 3-D view as it is on screen"));
    m_animation =
        m_menu->addAction(tr("&Animation…"), this, [this] { m_commands.exportAnimation(); });
    m_animation->setToolTip(tr("Write the last run's animation as an MP4 (H.264) or animated GIF"));
    m_animation->setStatusTip(m_animation->toolTip());
    QAction* model =
        m_menu->addAction(tr("&Model (URDF, SDFormat, MJCF)…"), this, &ExportActions::promptModel);
    model->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E));
    model->setToolTip(tr("The mechanism as edited, with its cut joints, for another tool: URDF "
                         "(the loops as URDF+ <loop> elements), SDFormat or MJCF for MuJoCo; a "
                         "report says what each format could not hold"));
    QAction* python = m_menu->addAction(tr("P&ython Script…"), this, &ExportActions::promptPython);
    python->setToolTip(tr("A script for the sslm Python module that reproduces this mechanism "
                          "(as edited, with its cut joints) and the run panel's settings"));
    m_menu->setToolTipsVisible(true);
    m_menu->addSeparator();
    m_menu->addAction(tr("Plots: use Export… in each plot's tool bar"))->setEnabled(false);
    m_menu->menuAction()->setIcon(actionIcon(QStringLiteral("document-export")));
}

std::optional<ModelFormat> ExportActions::modelFormatOf(const QString& path) {
    return sslm::modelFormatOf(std::filesystem::path(path.toStdString()));
}

QString ExportActions::documentPath() const {
    const std::optional<LoadedMechanism>& current = m_commands.currentMechanism();
    return current ? current->path : QString();
}

void ExportActions::promptCsv() {
    const std::shared_ptr<const SimulationRun> run = m_commands.playbackBar()->run()
                                                         ? m_commands.playbackBar()->run()
                                                         : m_commands.controller()->currentRun();
    if (!run) {
        m_window->statusBar()->showMessage(tr("There is no run to export yet; start one with F5."));
        return;
    }
    const QString path = documentPath();
    const QString suggested =
        QStringLiteral("%1/%2_run%3.csv")
            .arg(exportFolder(path),
                 QFileInfo(m_commands.currentMechanism() ? path : QStringLiteral("mechanism"))
                     .baseName())
            .arg(run->id());
    const QString file = QFileDialog::getSaveFileName(m_window, tr("Export Samples"), suggested,
                                                      tr("CSV files (*.csv)"));
    if (file.isEmpty()) {
        return;
    }
    rememberExportFolder(file);
    QString error;
    if (m_commands.exportSamplesCsv(file, &error)) {
        m_window->statusBar()->showMessage(
            tr("Wrote %1 samples of %2 to %3").arg(run->samples().size()).arg(run->name(), file));
    } else {
        QMessageBox::warning(m_window, tr("Export Samples"), error);
    }
}

void ExportActions::promptPng() {
    const bool current = m_commands.currentMechanism().has_value();
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export 3-D View"),
        QDir(exportFolder(documentPath()))
            .filePath(QFileInfo(current ? documentPath() : QStringLiteral("mechanism"))
                          .completeBaseName() +
                      QStringLiteral(".png")),
        tr("PNG images (*.png)"));
    if (path.isEmpty()) {
        return;
    }
    rememberExportFolder(path);
    if (m_commands.exportViewPng(path)) {
        m_window->statusBar()->showMessage(tr("Wrote %1").arg(path));
    } else {
        QMessageBox::warning(m_window, tr("Export 3-D View"), tr("Could not write %1.").arg(path));
    }
}

void ExportActions::promptModel() {
    if (!m_commands.currentMechanism()) {
        m_window->statusBar()->showMessage(
            tr("There is no mechanism to export yet: open or draw one."));
        return;
    }
    QStringList filters;
    for (const ExportChoice& choice : kExportChoices) {
        filters << tr(choice.filter);
    }
    const QString documentPath = this->documentPath();
    const QString base =
        QFileInfo(documentPath.isEmpty() ? QStringLiteral("mechanism") : documentPath)
            .completeBaseName();
    QString filter = filters.front();
    QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export Model"),
        QDir(exportFolder(documentPath)).filePath(base + QStringLiteral(".urdf")),
        filters.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty()) {
        return;
    }
    if (!modelFormatOf(path)) {
        // no known extension typed: the chosen filter's, and the dialog did not ask about it
        path +=
            QLatin1Char('.') +
            QLatin1String(kExportChoices[std::max<qsizetype>(0, filters.indexOf(filter))].suffix);
        if (QFileInfo::exists(path) &&
            QMessageBox::question(
                m_window, tr("Export Model"),
                tr("%1 already exists. Replace it?").arg(QFileInfo(path).fileName())) !=
                QMessageBox::Yes) {
            return;
        }
    }
    rememberExportFolder(path);
    m_commands.exportModel(path, nullptr);
}

void ExportActions::promptPython() {
    const QString documentPath = this->documentPath();
    const QString suggested =
        QStringLiteral("%1/%2.py")
            .arg(exportFolder(documentPath),
                 QFileInfo(documentPath.isEmpty() ? QStringLiteral("mechanism") : documentPath)
                     .baseName());
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Python Script"),
                                                      suggested, tr("Python scripts (*.py)"));
    if (path.isEmpty()) {
        return;
    }
    rememberExportFolder(path);
    QString error;
    if (m_commands.exportPythonScript(path, &error)) {
        m_window->statusBar()->showMessage(
            tr("Wrote %1: run it with the sslm Python module (docs/python.md)").arg(path));
    } else {
        QMessageBox::warning(m_window, tr("Export Python Script"), error);
    }
}

} // namespace sslm::ui
