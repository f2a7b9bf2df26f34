// SPDX-License-Identifier: MIT
#pragma once

// The Simulation menu: the run panel's Start, Pause/Resume, Stop and Restart (their shortcuts
// work wherever the focus is in the window), the kinds of run, Balance… (the Balance dock),
// Statics… (the Statics dock), Next Assembly Mode, and the playback bar's Play and Follow Live. The
// actions belong to the panels; this menu gathers them and owns Balance…. It asks the window
// through SimulationCommands, the slice of the window's API it needs.

#include <QObject>

class QAction;
class QDockWidget;
class QMainWindow;

namespace sslm::ui {

class PlaybackBar;
class RunPanel;

/// What the Simulation menu asks of the window (MainWindow's public API).
class SimulationCommands {
public:
    virtual RunPanel* runPanel() const = 0;
    virtual PlaybackBar* playbackBar() const = 0;
    virtual QDockWidget* balanceDock() const = 0;
    virtual QDockWidget* staticsDock() const = 0;
    /// Shows the next assembly mode of the mechanism at its inputs; runs start from it.
    virtual void nextAssemblyMode() = 0;

protected:
    ~SimulationCommands() = default;
};

class SimulationActions : public QObject {
    Q_OBJECT

public:
    /// Adds the Simulation menu to `window`'s menu bar, and the run actions to `window` for
    /// their shortcuts.
    SimulationActions(QMainWindow* window, SimulationCommands& commands);

    QAction* nextAssemblyModeAction() const { return m_nextMode; }

private:
    QAction* m_nextMode = nullptr;
};

} // namespace sslm::ui
