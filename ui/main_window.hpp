// SPDX-License-Identifier: MIT
#pragma once

// The SSLM Studio main window: the mechanism view in the centre, File and View menus, recent
// files, examples, drag and drop. Docks (simulation, plots, graph) are added by their owners
// through the usual QMainWindow API and react to mechanismLoaded().

#include <memory>
#include <optional>

#include <QMainWindow>
#include <QString>

#include "core/model/model.hpp"
#include "ui/document/mechanism_loader.hpp"

class QMenu;
class QAction;

namespace sslm::ui {

class MechanismView;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Loads a mechanism file and shows its assembled pose. On failure the previous mechanism
    /// stays; the reason goes to `error` when given, else to an error dialog.
    bool openFile(const QString& path, QString* error = nullptr);

    /// Opens `file`, shows the window at `size` (logical pixels), renders the assembled pose
    /// and writes the whole window to `png`. False with the reason in `error` on failure; load
    /// warnings are put in `error` too.
    bool
    writeScreenshot(const QString& file, const QString& png, const QSize& size, QString* error);

    /// The mechanism on screen (null before the first successful load).
    std::shared_ptr<const sslm::Model> currentModel() const;
    /// The loaded mechanism with its initial state; empty before the first successful load.
    const std::optional<LoadedMechanism>& currentMechanism() const { return current_; }
    MechanismView* mechanismView() const { return view_; }
    /// The View menu, for docks to add their toggle actions.
    QMenu* viewMenu() const { return viewMenu_; }

    /// Folder of the bundled examples: next to the executable when installed
    /// (../share/sslm-studio/examples), else the source tree's; empty if neither exists.
    static QString examplesDirectory();

Q_SIGNALS:
    /// A mechanism was loaded (or reloaded) and is on screen.
    void mechanismLoaded(const sslm::ui::LoadedMechanism& mechanism);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void rebuildRecentMenu();
    void addRecentFile(const QString& path);
    void promptOpen();

    MechanismView* view_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    std::optional<LoadedMechanism> current_;
};

} // namespace sslm::ui
