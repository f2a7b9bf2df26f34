// SPDX-License-Identifier: MIT
#pragma once

// The File menu: New Mechanism, New From Template, Open, Import, Open Recent, the bundled
// Examples, Save, Save As, the Export submenu (ExportActions) and Quit; the recent files and the
// folder the open and save dialogs start in (QSettings). Each action asks what it needs (a
// file, a template, a confirmation) and has the window carry it out through FileCommands, the
// slice of the window's API the File menu needs.

#include <QObject>
#include <QString>

#include "core/spec/mechanism_spec.hpp"

class QMainWindow;
class QMenu;
class QTabWidget;

namespace sslm::ui {

class ExportActions;
class MechanismDocument;

/// What the File actions ask of the window (MainWindow's public API).
class FileCommands {
public:
    virtual bool openFile(const QString& path, QString* error) = 0;
    virtual bool importFile(const QString& path, QString* error) = 0;
    virtual bool newDocument(const MechanismSpec& spec, QString* error) = 0;
    virtual bool confirmDiscardChanges() = 0;
    virtual bool save(QString* error) = 0;
    virtual bool saveAs(const QString& path, QString* error) = 0;
    virtual MechanismDocument* document() const = 0;
    virtual QTabWidget* centralTabs() const = 0;

protected:
    ~FileCommands() = default;
};

class FileActions : public QObject {
    Q_OBJECT

public:
    /// Adds the File menu to `window`'s menu bar, with `exports`' submenu in it; the dialogs
    /// and status messages go to `window`, the commands to `commands`.
    FileActions(QMainWindow* window, FileCommands& commands, ExportActions& exports);

    /// Save As: asks for a file (.json added when no extension is typed), then saveAs.
    void promptSaveAs();

    /// A file opened or saved: first in the recent files, and its folder the next dialogs'
    /// start.
    static void rememberFile(const QString& path);
    /// The folder the open and save dialogs start in (empty before a file was opened).
    static QString lastDirectory();
    /// Folder of the bundled examples: next to the executable when installed
    /// (../share/sslm-studio/examples), else the source tree's; empty if neither exists.
    static QString examplesDirectory();

private:
    void addOpenActions(QMenu* file);
    /// File ▸ Examples: the bundled mechanisms by section.
    void addExamplesMenu(QMenu* file);
    void rebuildRecentMenu();
    void promptOpen();
    void promptImport();
    /// A new, empty drawing (the ground only) in the Edit tab.
    void promptNewEmpty();
    void promptNewFromTemplate();

    QMainWindow* m_window;
    FileCommands& m_commands;
    QMenu* m_recentMenu = nullptr;
};

} // namespace sslm::ui
