// SPDX-License-Identifier: MIT
#include "ui/actions/simulation_actions.hpp"

#include <QAction>
#include <QDockWidget>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>

#include "ui/playback/playback_bar.hpp"
#include "ui/run/run_panel.hpp"

namespace sslm::ui {

SimulationActions::SimulationActions(QMainWindow* window, SimulationCommands& commands)
    : QObject(window) {
    RunPanel* runPanel = commands.runPanel();
    QMenu* simulation = window->menuBar()->addMenu(tr("&Simulation"));
    simulation->setToolTipsVisible(true);
    for (QAction* action : {runPanel->startAction(), runPanel->pauseResumeAction(),
                            runPanel->stopAction(), runPanel->restartAction()}) {
        simulation->addAction(action);
        window->addAction(action); // shortcuts work wherever the focus is
    }
    simulation->addSection(tr("What to run"));
    simulation->addActions(runPanel->runKindActions());
    simulation->addSeparator();
    QDockWidget* balanceDock = commands.balanceDock();
    QAction* balance = simulation->addAction(tr("&Balance…"), this, [balanceDock] {
        balanceDock->show();
        balanceDock->raise();
    });
    balance->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    balance->setToolTip(tr("Shaking force, moment and driving torque over one cycle, and "
                           "counterweights that reduce them"));
    QDockWidget* staticsDock = commands.staticsDock();
    QAction* statics = simulation->addAction(tr("S&tatics…"), this, [staticsDock] {
        staticsDock->show();
        staticsDock->raise();
    });
    statics->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    statics->setToolTip(tr("Where the mechanism rests, its vibration modes, and the effort that "
                           "holds it over a stroke"));
    m_nextMode = simulation->addAction(tr("Next Assembly &Mode"), this,
                                       [&commands] { commands.nextAssemblyMode(); });
    m_nextMode->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    m_nextMode->setToolTip(tr("Show the next way the loops close at the same inputs (the "
                              "closed-form loops' roots, seed 004); runs start from it"));
    window->addAction(m_nextMode);
    simulation->addSeparator();
    simulation->addAction(commands.playbackBar()->playAction());
    simulation->addAction(commands.playbackBar()->followLiveAction());
}

} // namespace sslm::ui
