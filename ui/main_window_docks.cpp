// SPDX-License-Identifier: MIT
// MainWindow: the docks, the playback bar, the Edit and Simulation menus and the status bar's
// progress widgets.

#include <algorithm>

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QUndoStack>
#include <QUndoView>

#include "ui/editor/check_panel.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/editor/properties_panel.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/main_window.hpp"
#include "ui/playback/playback_bar.hpp"
#include "ui/plots/input_angle_plot.hpp"
#include "ui/plots/plot_dock.hpp"
#include "ui/run/run_list.hpp"
#include "ui/run/run_panel.hpp"
#include "ui/sim/run_history.hpp"
#include "ui/sim/simulation_controller.hpp"
#include "ui/style/resources.hpp"
#include "ui/viewport/mechanism_view.hpp"

namespace sslm::ui {

void MainWindow::createDocks() {
    controller_ = new SimulationController(this);
    undoStack_ = new QUndoStack(this);
    document_ = new MechanismDocument(undoStack_, this);
    document_->setRecoveryDirectory(
        QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
        QStringLiteral("/recovery"));

    runPanel_ = new RunPanel(this);
    runPanel_->setMinimumWidth(280);
    addDockWidget(Qt::LeftDockWidgetArea, runPanel_);

    runList_ = new RunList(controller_->history());
    runsDock_ = new QDockWidget(tr("Runs"), this);
    runsDock_->setObjectName(QStringLiteral("RunsDock"));
    runsDock_->setWidget(runList_);
    addDockWidget(Qt::LeftDockWidgetArea, runsDock_);
    splitDockWidget(runPanel_, runsDock_, Qt::Vertical);

    graph_ = new MechanismGraphView;
    graphDock_ = new QDockWidget(tr("Loops and cuts"), this);
    graphDock_->setObjectName(QStringLiteral("GraphDock"));
    graphDock_->setWidget(graph_);
    graphDock_->setToolTip(tr("Click a joint to cut it (or swap it with the loop's cut); the "
                              "next run uses the new cuts. Ctrl+Z undoes."));
    addDockWidget(Qt::RightDockWidgetArea, graphDock_);

    checkPanel_ = new CheckPanel;
    checkDock_ = new QDockWidget(tr("Check"), this);
    checkDock_->setObjectName(QStringLiteral("CheckDock"));
    checkDock_->setWidget(checkPanel_);
    checkDock_->setToolTip(tr("Live validation of the mechanism: DOF, loops, assembly, and what "
                              "to fix"));
    addDockWidget(Qt::RightDockWidgetArea, checkDock_);
    tabifyDockWidget(graphDock_, checkDock_);

    // the undo history: every edit, cut change and drag, clickable to go back to it
    auto* history = new QUndoView(undoStack_);
    history->setEmptyLabel(tr("Opened"));
    history->setToolTip(tr("Every change of the mechanism; click one to go back to it"));
    historyDock_ = new QDockWidget(tr("History"), this);
    historyDock_->setObjectName(QStringLiteral("HistoryDock"));
    historyDock_->setWidget(history);
    addDockWidget(Qt::RightDockWidgetArea, historyDock_);
    tabifyDockWidget(graphDock_, historyDock_);

    // the editor's selection: point, link and joint properties
    properties_ = new PropertiesPanel(editor_->canvas());
    propertiesDock_ = new QDockWidget(tr("Properties"), this);
    propertiesDock_->setObjectName(QStringLiteral("PropertiesDock"));
    propertiesDock_->setWidget(properties_);
    propertiesDock_->setToolTip(tr("The selection in the Edit tab: a point, a link or a joint"));
    addDockWidget(Qt::RightDockWidgetArea, propertiesDock_);
    tabifyDockWidget(graphDock_, propertiesDock_);
    graphDock_->raise();
    // editing shows the selection's properties (the problems first, if any); simulating shows
    // the loops and cuts
    connect(centralTabs_, &QTabWidget::currentChanged, this, [this](int tab) {
        QDockWidget* editing = checkPanel_->result().hasErrors() ? checkDock_ : propertiesDock_;
        (tab == 1 ? editing : graphDock_)->raise();
    });

    jointPlot_ = new PlotDock(tr("Joint coordinates"), this);
    reactionPlot_ = new PlotDock(tr("Cut reactions"), this);
    addDockWidget(Qt::BottomDockWidgetArea, jointPlot_);
    splitDockWidget(jointPlot_, reactionPlot_, Qt::Horizontal);
    jointPlot_->follow(controller_);
    reactionPlot_->follow(controller_);

    // the driving torque against the input angle, of the playback run (inverse dynamics)
    torqueAngle_ = new InputAnglePlot;
    torqueAngleDock_ = new QDockWidget(tr("Torque vs angle"), this);
    torqueAngleDock_->setObjectName(QStringLiteral("TorqueAngleDock"));
    torqueAngleDock_->setWidget(torqueAngle_);
    addDockWidget(Qt::BottomDockWidgetArea, torqueAngleDock_);
    tabifyDockWidget(jointPlot_, torqueAngleDock_);
    jointPlot_->raise();

    // the bottom docks span the whole width; the side docks take the full height above them
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);

    playback_ = new PlaybackBar(this);
    addToolBar(Qt::BottomToolBarArea, playback_);
}

void MainWindow::applyDefaultDockSizes() {
    // the 3-D view keeps about half of what the run panel leaves, and 60 % of the height
    const int w = width();
    resizeDocks({runPanel_, graphDock_}, {280, std::max(480, (w - 280) * 9 / 20)}, Qt::Horizontal);
    resizeDocks({runPanel_, runsDock_}, {std::max(300, height() - 300), 150}, Qt::Vertical);
    resizeDocks({jointPlot_}, {std::max(260, height() * 3 / 10)}, Qt::Vertical);
    resizeDocks({jointPlot_, reactionPlot_}, {w / 2, w / 2}, Qt::Horizontal);
}

void MainWindow::createEditMenu() {
    auto* edit = new QMenu(tr("&Edit"), this);
    menuBar()->insertMenu(viewMenu_->menuAction(), edit);
    QAction* undo = undoStack_->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = undoStack_->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo});
    undo->setIcon(actionIcon(QStringLiteral("edit-undo")));
    redo->setIcon(actionIcon(QStringLiteral("edit-redo")));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* insert =
        edit->addAction(tr("&Insert Template…"), this, &MainWindow::promptInsertTemplate);
    insert->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    insert->setIcon(actionIcon(QStringLiteral("insert-template")));
    insert->setStatusTip(tr("Add a sized four-bar, slider-crank, five-bar or six-bar beside the "
                            "drawing (pin it to the rest with the Pin tool)"));
}

void MainWindow::createSimulationMenu() {
    QMenu* simulation = menuBar()->addMenu(tr("&Simulation"));
    simulation->setToolTipsVisible(true);
    for (QAction* action : {runPanel_->startAction(), runPanel_->pauseResumeAction(),
                            runPanel_->stopAction(), runPanel_->restartAction()}) {
        simulation->addAction(action);
        addAction(action); // shortcuts work wherever the focus is
    }
    simulation->addSeparator();
    simulation->addAction(playback_->playAction());
    simulation->addAction(playback_->followLiveAction());
}

PlotDock* MainWindow::addPlotDock() {
    auto* dock = new PlotDock(tr("Plot %1").arg(extraPlots_.size() + 3), this);
    extraPlots_.push_back(dock);
    dock->follow(controller_);
    for (const std::shared_ptr<SimulationRun>& run : controller_->history()->runs()) {
        if (controller_->history()->isShown(run->id())) {
            dock->addRun(run);
        }
    }
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    tabifyDockWidget(reactionPlot_, dock);
    dock->show();
    dock->raise();
    viewMenu_->addAction(dock->toggleViewAction());
    return dock;
}

void MainWindow::addDockToggles() {
    QAction* newPlot = viewMenu_->addAction(tr("New &Plot"), this, [this] { addPlotDock(); });
    newPlot->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    newPlot->setIcon(actionIcon(QStringLiteral("plot-new")));
    newPlot->setToolTip(tr("Another plot dock, to compare other series of the same runs"));
    viewMenu_->addSeparator();
    viewMenu_->addAction(runPanel_->toggleViewAction());
    viewMenu_->addAction(runsDock_->toggleViewAction());
    viewMenu_->addAction(graphDock_->toggleViewAction());
    viewMenu_->addAction(checkDock_->toggleViewAction());
    viewMenu_->addAction(historyDock_->toggleViewAction());
    viewMenu_->addAction(propertiesDock_->toggleViewAction());
    viewMenu_->addAction(jointPlot_->toggleViewAction());
    viewMenu_->addAction(reactionPlot_->toggleViewAction());
    viewMenu_->addAction(torqueAngleDock_->toggleViewAction());
    viewMenu_->addAction(playback_->toggleViewAction());
}

void MainWindow::createStatusWidgets() {
    progressLabel_ = new QLabel;
    progressLabel_->setToolTip(tr("Simulated time and real-time factor of the run"));
    progressBar_ = new QProgressBar;
    progressBar_->setRange(0, 1000);
    progressBar_->setMaximumWidth(180);
    progressBar_->setTextVisible(false);
    progressBar_->hide();
    statusBar()->addPermanentWidget(progressLabel_);
    statusBar()->addPermanentWidget(progressBar_);
}

} // namespace sslm::ui
