// SPDX-License-Identifier: MIT
#pragma once

// The View menu: the centre's tabs (3-D View, Edit in 2-D), Fit View and Orbit With Left Drag,
// the Camera menu (standard views, projection, floor; for spatial mechanisms), the Theme menu,
// traces and reaction arrows, New Plot and the docks' toggles. It steers the window's 3-D view
// and tabs, asked through ViewCommands, the slice of the window's API it needs.

#include <QList>
#include <QObject>

class QAction;
class QMainWindow;
class QMenu;
class QTabWidget;

namespace sslm::ui {

class MechanismView;
class PlotDock;

/// What the View actions ask of the window (MainWindow's public API).
class ViewCommands {
public:
    virtual MechanismView* mechanismView() const = 0;
    virtual QTabWidget* centralTabs() const = 0;
    virtual PlotDock* addPlotDock() = 0;

protected:
    ~ViewCommands() = default;
};

class ViewActions : public QObject {
    Q_OBJECT

public:
    /// Adds the View menu to `window`'s menu bar; the docks' toggles follow with
    /// addDockToggles().
    ViewActions(QMainWindow* window, ViewCommands& commands);

    /// The View menu, for docks to add their toggle actions.
    QMenu* menu() const { return m_menu; }
    /// New Plot, then the docks' `toggles` (their toggleViewAction()s).
    void addDockToggles(const QList<QAction*>& toggles);
    /// A spatial mechanism is shown: the camera's actions are offered, Edit in 2-D is not.
    void setSpatial(bool spatial);

private:
    /// 3-D View, Edit in 2-D, Fit View and Orbit With Left Drag.
    void addNavigationActions();
    /// The Camera menu: standard views, projection and floor of a spatial mechanism's view.
    void addCameraMenu();
    /// The Theme menu: light or dark, the desktop's scheme by default.
    void addThemeMenu();
    /// Show Traces, Clear Traces, Show Loads, Springs and Stops, and Show Reactions.
    void addOverlayActions();

    ViewCommands& m_commands;
    MechanismView* m_view;
    QMenu* m_menu = nullptr;
    QAction* m_showEditor = nullptr;
    QList<QAction*> m_spatialCamera; ///< enabled for spatial mechanisms only
};

} // namespace sslm::ui
