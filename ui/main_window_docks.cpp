// SPDX-License-Identifier: MIT
// MainWindow: the docks, the playback bar, the View menu's dock toggles and the status bar's
// progress and "Compiling…" widgets.

#include <algorithm>

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>
#include <QUndoView>

#include "ui/actions/view_actions.hpp"
#include "ui/balance/balance_panel.hpp"
#include "ui/document/document_compiler.hpp"
#include "ui/editor/check_panel.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/editor/force_elements_panel.hpp"
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
#include "ui/statics/statics_panel.hpp"
#include "ui/style/dock_tab_bars.hpp"
#include "ui/style/resources.hpp"
#include "ui/viewport/mechanism_view.hpp"

namespace sslm::ui {

namespace {

constexpr int kCompilingShownAfterMs = 200; ///< a quicker compile shows no "Compiling…"

} // namespace

void MainWindow::createDocks() {
    m_controller = new SimulationController(this);
    m_undoStack = new QUndoStack(this);
    m_document = new MechanismDocument(m_undoStack, this);
    m_compiler = new DocumentCompiler(this);
    m_document->setRecoveryDirectory(
        QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
        QStringLiteral("/recovery"));

    m_runPanel = new RunPanel(this);
    m_runPanel->setMinimumWidth(280);
    addDockWidget(Qt::LeftDockWidgetArea, m_runPanel);

    m_runList = new RunList(m_controller->history());
    m_runsDock = new QDockWidget(tr("Runs"), this);
    m_runsDock->setObjectName(QStringLiteral("RunsDock"));
    m_runsDock->setWidget(m_runList);
    addDockWidget(Qt::LeftDockWidgetArea, m_runsDock);
    splitDockWidget(m_runPanel, m_runsDock, Qt::Vertical);

    createSideDocks();
    createPlotDocks();

    // the bottom docks span the whole width; the side docks take the full height above them
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);

    m_playback = new PlaybackBar(this);
    addToolBar(Qt::BottomToolBarArea, m_playback);
    keepDockTabTitlesWhole(*this);
}

void MainWindow::createSideDocks() {
    m_graph = new MechanismGraphView;
    m_graphDock = new QDockWidget(tr("Loops and cuts"), this);
    m_graphDock->setObjectName(QStringLiteral("GraphDock"));
    m_graphDock->setWidget(m_graph);
    m_graphDock->setToolTip(tr("Click a joint to cut it (or swap it with the loop's cut); the "
                               "next run uses the new cuts. Ctrl+Z undoes."));
    addDockWidget(Qt::RightDockWidgetArea, m_graphDock);

    m_checkPanel = new CheckPanel;
    m_checkDock = new QDockWidget(tr("Check"), this);
    m_checkDock->setObjectName(QStringLiteral("CheckDock"));
    m_checkDock->setWidget(m_checkPanel);
    m_checkDock->setToolTip(tr("Live validation of the mechanism: DOF, loops, assembly, and what "
                               "to fix"));
    addDockWidget(Qt::RightDockWidgetArea, m_checkDock);
    tabifyDockWidget(m_graphDock, m_checkDock);

    // the undo history: every edit, cut change and drag, clickable to go back to it
    auto* history = new QUndoView(m_undoStack);
    history->setEmptyLabel(tr("Opened"));
    history->setToolTip(tr("Every change of the mechanism; click one to go back to it"));
    m_historyDock = new QDockWidget(tr("History"), this);
    m_historyDock->setObjectName(QStringLiteral("HistoryDock"));
    m_historyDock->setWidget(history);
    addDockWidget(Qt::RightDockWidgetArea, m_historyDock);
    tabifyDockWidget(m_graphDock, m_historyDock);

    // the planar editor's selection (point, link, joint), or a spatial mechanism's bodies and
    // joints: the panel follows the document's space
    m_properties = new PropertiesPanel(m_document, m_editor->canvas());
    connect(m_properties, &PropertiesPanel::edited, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    m_propertiesDock = new QDockWidget(tr("Properties"), this);
    m_propertiesDock->setObjectName(QStringLiteral("PropertiesDock"));
    m_propertiesDock->setWidget(m_properties);
    m_propertiesDock->setToolTip(tr("The selection in the Edit tab: a point, a link or a joint"));
    addDockWidget(Qt::RightDockWidgetArea, m_propertiesDock);
    tabifyDockWidget(m_graphDock, m_propertiesDock);
    // loads, springs, cylinders, joint friction and stops, placed by picking points in the view
    m_forces = new ForceElementsPanel(m_document);
    m_forcesDock = new QDockWidget(tr("Forces"), this);
    m_forcesDock->setObjectName(QStringLiteral("ForcesDock"));
    m_forcesDock->setWidget(m_forces);
    m_forcesDock->setToolTip(
        tr("Loads at body points, springs and cylinders between two points, joint friction and "
           "end stops"));
    addDockWidget(Qt::RightDockWidgetArea, m_forcesDock);
    tabifyDockWidget(m_graphDock, m_forcesDock);
    connect(m_forces, &ForceElementsPanel::edited, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_forces, &ForceElementsPanel::pickRequested, this,
            [this](const QString& prompt, bool ground) {
                m_centralTabs->setCurrentIndex(0); // the 3-D view, where the points are picked
                m_view->startPointPicking(prompt, ground);
            });
    connect(m_forces, &ForceElementsPanel::pickFinished, m_view, &MechanismView::stopPointPicking);
    connect(m_view, &MechanismView::pickingCancelled, m_forces, &ForceElementsPanel::cancelPlacing);
    connect(
        m_view, &MechanismView::pointPicked, this,
        [this](int body, int point, const Eigen::Vector3d& position) {
            const std::shared_ptr<const Model> model = m_view->model();
            if (!model) {
                return;
            }
            const Body& b = model->bodies[static_cast<std::size_t>(body)];
            m_forces->pointPicked({b.id, b.points[static_cast<std::size_t>(point)].name}, position);
        });
    // shaking over one cycle and counterweights that reduce it; Apply is one undoable edit
    m_balancePanel = new BalancePanel;
    m_balanceDock = new QDockWidget(tr("Balance"), this);
    m_balanceDock->setObjectName(QStringLiteral("BalanceDock"));
    m_balanceDock->setWidget(m_balancePanel);
    m_balanceDock->setToolTip(tr("What the mechanism shakes its frame with over one turn of its "
                                 "input, and counterweights that reduce it"));
    addDockWidget(Qt::RightDockWidgetArea, m_balanceDock);
    tabifyDockWidget(m_graphDock, m_balanceDock);
    connect(m_balancePanel, &BalancePanel::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_balancePanel, &BalancePanel::applyRequested, this,
            [this](const MechanismSpec& balanced, const QString& text) {
                applyCounterweights(balanced, text);
            });
    // where the mechanism rests, how it vibrates there, and what holds it over a stroke
    m_staticsPanel = new StaticsPanel;
    m_staticsDock = new QDockWidget(tr("Statics"), this);
    m_staticsDock->setObjectName(QStringLiteral("StaticsDock"));
    m_staticsDock->setWidget(m_staticsPanel);
    m_staticsDock->setToolTip(tr("Where the mechanism comes to rest, its vibration modes, and the "
                                 "effort that holds it over a stroke"));
    addDockWidget(Qt::RightDockWidgetArea, m_staticsDock);
    tabifyDockWidget(m_graphDock, m_staticsDock);
    connect(m_staticsPanel, &StaticsPanel::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_staticsPanel, &StaticsPanel::poseRequested, this, [this](const Eigen::VectorXd& q) {
        m_centralTabs->setCurrentIndex(0); // the 3-D view
        m_view->setPose(q);
    });
    connect(m_staticsPanel, &StaticsPanel::modeRunRequested, this, &MainWindow::runMode);
    m_graphDock->raise();
    // editing shows the selection's properties (the problems first, if any); simulating shows
    // the loops and cuts
    connect(m_centralTabs, &QTabWidget::currentChanged, this, [this](int tab) {
        QDockWidget* editing = m_checkPanel->result().hasErrors() ? m_checkDock : m_propertiesDock;
        (tab == 1 ? editing : m_graphDock)->raise();
    });
}

void MainWindow::createPlotDocks() {
    m_jointPlot = new PlotDock(tr("Joint coordinates"), this);
    m_reactionPlot = new PlotDock(tr("Cut reactions"), this);
    // the solver's cost as it runs, on an axis of its own (a tab beside the reactions)
    m_cpuPlot = new PlotDock(tr("CPU time"), this);
    m_cpuPlot->setToolTip(tr("CPU time of the multiplier solve and of the whole right-hand "
                             "side per sample (ns)"));
    addDockWidget(Qt::BottomDockWidgetArea, m_jointPlot);
    splitDockWidget(m_jointPlot, m_reactionPlot, Qt::Horizontal);
    tabifyDockWidget(m_reactionPlot, m_cpuPlot);
    m_reactionPlot->raise();
    for (PlotDock* plot : {m_jointPlot, m_reactionPlot, m_cpuPlot}) {
        plot->follow(m_controller);
    }

    // the driving torque against the input angle, of the playback run (inverse dynamics)
    m_torqueAngle = new InputAnglePlot;
    m_torqueAngleDock = new QDockWidget(tr("Torque vs angle"), this);
    m_torqueAngleDock->setObjectName(QStringLiteral("TorqueAngleDock"));
    m_torqueAngleDock->setWidget(m_torqueAngle);
    addDockWidget(Qt::BottomDockWidgetArea, m_torqueAngleDock);
    tabifyDockWidget(m_jointPlot, m_torqueAngleDock);
    m_jointPlot->raise();
}

void MainWindow::applyDefaultDockSizes() {
    // the 3-D view keeps about half of what the run panel leaves, and 60 % of the height
    const int w = width();
    // (no more than the window has: a narrow window keeps its width)
    resizeDocks({m_runPanel, m_graphDock},
                {280, std::max(m_graphDock->minimumSizeHint().width(), (w - 280) * 9 / 20)},
                Qt::Horizontal);
    // the Runs list shows four runs or more with its buttons (150 px showed one and a half)
    const int runs = std::clamp(height() / 4, 200, 240);
    resizeDocks({m_runsDock}, {runs}, Qt::Vertical);
    resizeDocks({m_jointPlot}, {std::max(260, height() * 3 / 10)}, Qt::Vertical);
    resizeDocks({m_jointPlot, m_reactionPlot}, {w / 2, w / 2}, Qt::Horizontal);
}

PlotDock* MainWindow::addPlotDock() {
    auto* dock = new PlotDock(tr("Plot %1").arg(m_extraPlots.size() + 4), this);
    m_extraPlots.push_back(dock);
    dock->follow(m_controller);
    for (const std::shared_ptr<SimulationRun>& run : m_controller->history()->runs()) {
        if (m_controller->history()->isShown(run->id())) {
            dock->addRun(run);
        }
    }
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    tabifyDockWidget(m_reactionPlot, dock);
    dock->show();
    dock->raise();
    m_viewActions->menu()->addAction(dock->toggleViewAction());
    return dock;
}

void MainWindow::addDockToggles() {
    m_viewActions->addDockToggles(
        {m_runPanel->toggleViewAction(), m_runsDock->toggleViewAction(),
         m_graphDock->toggleViewAction(), m_checkDock->toggleViewAction(),
         m_historyDock->toggleViewAction(), m_propertiesDock->toggleViewAction(),
         m_jointPlot->toggleViewAction(), m_reactionPlot->toggleViewAction(),
         m_cpuPlot->toggleViewAction(), m_torqueAngleDock->toggleViewAction(),
         m_balanceDock->toggleViewAction(), m_staticsDock->toggleViewAction(),
         m_playback->toggleViewAction()});
}

void MainWindow::createStatusWidgets() {
    m_progressLabel = new QLabel;
    m_progressLabel->setToolTip(tr("Simulated time and real-time factor of the run"));
    m_progressBar = new QProgressBar;
    m_progressBar->setRange(0, 1000);
    m_progressBar->setMaximumWidth(180);
    m_progressBar->setTextVisible(false);
    m_progressBar->hide();
    statusBar()->addPermanentWidget(m_progressLabel);
    statusBar()->addPermanentWidget(m_progressBar);
    // an edit being compiled off the GUI thread: said once it takes a moment
    m_compilingLabel = new QLabel(tr("Compiling…"));
    m_compilingLabel->setToolTip(tr("The edited mechanism is being compiled and assembled; the "
                                    "3-D view shows it, and Start is offered, once it is done"));
    m_compilingLabel->hide();
    statusBar()->addPermanentWidget(m_compilingLabel);
    m_compilingDelay = new QTimer(this);
    m_compilingDelay->setSingleShot(true);
    m_compilingDelay->setInterval(kCompilingShownAfterMs);
    connect(m_compilingDelay, &QTimer::timeout, m_compilingLabel, &QLabel::show);
}

} // namespace sslm::ui
