// SPDX-License-Identifier: MIT
#pragma once

// File ▸ Export: the shown run's samples as CSV, the 3-D view as PNG, the animation, the
// mechanism for another tool (URDF, SDFormat, MJCF) and a Python script. Each action asks where
// (the dialogs start in the export folder, ui/export/export_folder.hpp), then has the window
// write the file through ExportCommands, the slice of the window's API the exports need.

#include <optional>

#include <QObject>
#include <QString>

#include "core/interop/model_format.hpp"
#include "ui/document/mechanism_loader.hpp"

class QAction;
class QMainWindow;
class QMenu;

namespace sslm::ui {

class PlaybackBar;
class SimulationController;

/// What the Export actions ask of the window (MainWindow's public API).
class ExportCommands {
public:
    virtual const std::optional<LoadedMechanism>& currentMechanism() const = 0;
    virtual PlaybackBar* playbackBar() const = 0;
    virtual SimulationController* controller() const = 0;
    virtual bool exportSamplesCsv(const QString& path, QString* error) = 0;
    virtual bool exportViewPng(const QString& path) = 0;
    virtual void exportAnimation() = 0;
    virtual bool exportModel(const QString& path, QString* error) = 0;
    virtual bool exportPythonScript(const QString& path, QString* error) = 0;

protected:
    ~ExportCommands() = default;
};

class ExportActions : public QObject {
    Q_OBJECT

public:
    /// The dialogs and status messages go to `window`, the files are written by `commands`.
    ExportActions(QMainWindow* window, ExportCommands& commands);

    /// Adds the Export submenu (its actions and a hint for the plots) to `file`.
    void addMenuTo(QMenu* file);
    QMenu* menu() const { return m_menu; }
    /// Export ▸ Animation…, for the video exporter (ui/export/).
    QAction* animationAction() const { return m_animation; }

    /// The model format of a file name by its extension (.urdf; .sdf, .world; .xml, .mjcf).
    static std::optional<ModelFormat> modelFormatOf(const QString& path);

private:
    void promptCsv();
    void promptPng();
    /// Asks where and in which format, then exportModel.
    void promptModel();
    /// Asks where, then writes exportPythonScript's script.
    void promptPython();
    /// The current mechanism's file, empty if none or never saved.
    QString documentPath() const;

    QMainWindow* m_window;
    ExportCommands& m_commands;
    QMenu* m_menu = nullptr;
    QAction* m_animation = nullptr;
};

} // namespace sslm::ui
