// SPDX-License-Identifier: MIT
#include "ui/actions/view_actions.hpp"

#include <array>
#include <utility>

#include <QAction>
#include <QActionGroup>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>

#include "ui/style/resources.hpp"
#include "ui/style/theme.hpp"
#include "ui/viewport/mechanism_view.hpp"
#include "ui/viewport/standard_view.hpp"

namespace sslm::ui {

ViewActions::ViewActions(QMainWindow* window, ViewCommands& commands)
    : QObject(window), m_commands(commands), m_view(commands.mechanismView()) {
    m_menu = window->menuBar()->addMenu(tr("&View"));
    addNavigationActions();
    addCameraMenu();
    addThemeMenu();
    m_menu->addSeparator();
    addOverlayActions();
    m_menu->addSeparator(); // docks add their toggles below
}

void ViewActions::addNavigationActions() {
    QAction* show3d = m_menu->addAction(tr("&3-D View"), this,
                                        [this] { m_commands.centralTabs()->setCurrentIndex(0); });
    show3d->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    m_showEditor = m_menu->addAction(tr("&Edit in 2-D"), this,
                                     [this] { m_commands.centralTabs()->setCurrentIndex(1); });
    m_showEditor->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    m_menu->addSeparator();
    QAction* reset = m_menu->addAction(tr("&Fit View"), m_view, &MechanismView::resetCamera);
    reset->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_0), QKeySequence(Qt::Key_Home)});
    reset->setToolTip(tr("Fit the mechanism and its traces in the view (Home, or double-click "
                         "the view); a planar one returns to its top view"));
    QAction* orbit = m_menu->addAction(tr("&Orbit With Left Drag"));
    orbit->setCheckable(true);
    orbit->setChecked(m_view->orbitEnabled());
    orbit->setToolTip(tr("Planar mechanisms: a left drag orbits instead of panning. A spatial "
                         "mechanism always orbits with a left drag (Shift or the right button "
                         "pans)."));
    connect(orbit, &QAction::toggled, m_view, &MechanismView::setOrbitEnabled);
    show3d->setIcon(actionIcon(QStringLiteral("view-3d")));
    m_showEditor->setIcon(actionIcon(QStringLiteral("view-edit-2d")));
    reset->setIcon(actionIcon(QStringLiteral("view-reset")));
    orbit->setIcon(actionIcon(QStringLiteral("view-orbit")));
}

void ViewActions::addCameraMenu() {
    QMenu* camera = m_menu->addMenu(tr("&Camera"));
    camera->setToolTipsVisible(true);
    struct Direction {
        QString text;
        StandardView view;
        int key;
    };
    for (const Direction& d : {Direction{tr("&Front"), StandardView::Front, Qt::Key_1},
                               Direction{tr("&Top"), StandardView::Top, Qt::Key_2},
                               Direction{tr("&Side"), StandardView::Side, Qt::Key_3},
                               Direction{tr("&Isometric"), StandardView::Iso, Qt::Key_0}}) {
        QAction* action = camera->addAction(
            d.text, this, [this, view = d.view] { m_view->setStandardView(view); });
        action->setShortcut(QKeySequence(Qt::ALT | d.key));
        m_spatialCamera.append(action);
    }
    camera->addSeparator();
    QAction* perspective = camera->addAction(tr("&Perspective"));
    perspective->setCheckable(true);
    perspective->setShortcut(QKeySequence(Qt::ALT | Qt::Key_P));
    perspective->setToolTip(tr("Perspective projection (30° field of view) instead of parallel"));
    connect(perspective, &QAction::toggled, m_view, &MechanismView::setPerspective);
    connect(m_view, &MechanismView::perspectiveChanged, perspective, &QAction::setChecked);
    QAction* floor = camera->addAction(tr("F&loor Grid"));
    floor->setCheckable(true);
    floor->setChecked(m_view->floorVisible());
    floor->setShortcut(QKeySequence(Qt::ALT | Qt::Key_G));
    floor->setToolTip(tr("A grid under the mechanism, normal to the up direction (against "
                         "gravity)"));
    connect(floor, &QAction::toggled, m_view, &MechanismView::setFloorVisible);
    m_spatialCamera << perspective << floor;
    for (QAction* action : m_spatialCamera) {
        action->setEnabled(false); // until a spatial mechanism is open
    }
}

void ViewActions::addThemeMenu() {
    QMenu* theme = m_menu->addMenu(tr("T&heme"));
    auto* group = new QActionGroup(this);
    const ThemeChoice saved = savedThemeChoice();
    const std::array<std::pair<ThemeChoice, QString>, 3> choices{
        {{ThemeChoice::Desktop, tr("Follow the &Desktop")},
         {ThemeChoice::Light, tr("&Light")},
         {ThemeChoice::Dark, tr("&Dark")}}};
    for (const auto& [choice, text] : choices) {
        QAction* action = theme->addAction(text);
        action->setCheckable(true);
        action->setChecked(choice == saved);
        action->setData(themeChoiceName(choice));
        group->addAction(action);
        connect(action, &QAction::triggered, this, [choice = choice] { applyThemeChoice(choice); });
    }
    theme->actions().front()->setToolTip(
        tr("Light or dark as the desktop's colour scheme is, and as it changes"));
    theme->setToolTipsVisible(true);
}

void ViewActions::addOverlayActions() {
    QAction* traces = m_menu->addAction(tr("Show &Traces"));
    traces->setCheckable(true);
    traces->setChecked(m_view->tracesVisible());
    traces->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    connect(traces, &QAction::toggled, m_view, &MechanismView::setTracesVisible);
    QAction* clearTraces =
        m_menu->addAction(tr("&Clear Traces"), m_view, &MechanismView::clearTraces);
    QAction* elements = m_menu->addAction(tr("Show &Loads, Springs and Stops"));
    elements->setToolTip(tr("Load arrows with their values, springs, cylinders, end-stop marks "
                            "and friction badges (Ctrl+L)"));
    elements->setCheckable(true);
    elements->setChecked(m_view->elementsVisible());
    elements->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(elements, &QAction::toggled, m_view, &MechanismView::setElementsVisible);
    QAction* reactions = m_menu->addAction(tr("Show &Reactions"));
    reactions->setToolTip(tr("Arrows of the cut reactions λ, or of every joint's reaction for an "
                             "inverse-dynamics run (Ctrl+R)"));
    reactions->setCheckable(true);
    reactions->setChecked(m_view->reactionsVisible());
    reactions->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    connect(reactions, &QAction::toggled, m_view, &MechanismView::setReactionsVisible);
    traces->setIcon(actionIcon(QStringLiteral("trace")));
    clearTraces->setIcon(actionIcon(QStringLiteral("traces-clear")));
    reactions->setIcon(actionIcon(QStringLiteral("reactions")));
}

void ViewActions::addDockToggles(const QList<QAction*>& toggles) {
    QAction* newPlot =
        m_menu->addAction(tr("New &Plot"), this, [this] { m_commands.addPlotDock(); });
    newPlot->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    newPlot->setIcon(actionIcon(QStringLiteral("plot-new")));
    newPlot->setToolTip(tr("Another plot dock, to compare other series of the same runs"));
    m_menu->addSeparator();
    m_menu->addActions(toggles);
}

void ViewActions::setSpatial(bool spatial) {
    m_showEditor->setEnabled(!spatial);
    for (QAction* action : m_spatialCamera) {
        action->setEnabled(spatial);
    }
}

} // namespace sslm::ui
