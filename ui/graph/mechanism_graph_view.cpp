// SPDX-License-Identifier: MIT
#include "ui/graph/mechanism_graph_view.hpp"

#include <QAction>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QResizeEvent>
#include <QSplitter>
#include <QToolButton>

#include "ui/graph/graph_canvas.hpp"
#include "ui/graph/graph_side_panel.hpp"
#include "ui/graph/joint_edge_item.hpp"
#include "ui/graph/mechanism_graph_scene.hpp"
#include "ui/style/resources.hpp"
#include "ui/style/theme.hpp"

namespace sslm::ui {

namespace {

constexpr int kSplitterHandle = 7;    ///< px: wide enough to find and drag
constexpr int kSideBySideWidth = 620; ///< px: narrower, the panel goes below the graph

QString names(const std::vector<std::string>& cuts) {
    return QString::fromStdString(listNames(cuts));
}

} // namespace

MechanismGraphView::MechanismGraphView(QWidget* parent)
    : QWidget(parent), m_scene(new MechanismGraphScene(this)), m_canvas(new GraphCanvas(m_scene)),
      // the panel below the graph until resizeEvent finds the room to put it beside: side by
      // side, the two minimum widths would bound the window's before it is first laid out
      m_panel(new GraphSidePanel), m_splitter(new QSplitter(Qt::Vertical)),
      m_fit(new QAction(tr("Fit Graph to View"), this)) {
    m_splitter->addWidget(m_canvas);
    m_splitter->addWidget(m_panel);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setHandleWidth(kSplitterHandle);
    m_splitter->setObjectName(QStringLiteral("graphSplitter")); // its handle drawn (studio.qss)
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    // fit to view: F on the canvas, or the button in the canvas's corner
    m_fit->setShortcut(QKeySequence(Qt::Key_F));
    m_fit->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_fit->setToolTip(tr("Fit the whole graph into the view (F)"));
    m_canvas->addAction(m_fit);
    connect(m_fit, &QAction::triggered, m_canvas, &GraphCanvas::refit);
    auto* fitButton = new QToolButton(m_canvas);
    fitButton->setDefaultAction(m_fit);
    fitButton->setIcon(actionIcon(QStringLiteral("view-fit")));
    fitButton->setToolButtonStyle(Qt::ToolButtonIconOnly);
    fitButton->setAutoRaise(true);
    fitButton->move(4, 4);

    connect(m_scene, &MechanismGraphScene::jointClicked, this, &MechanismGraphView::onJointClicked);
    connect(m_scene, &MechanismGraphScene::backgroundClicked, this, [this] {
        cancelPendingCut();
        m_panel->clearLoopSelection();
    });
    connect(m_canvas, &GraphCanvas::escapePressed, this, &MechanismGraphView::cancelPendingCut);
    connect(m_panel, &GraphSidePanel::loopHovered, this, [this](int loop) {
        m_hoveredLoop = loop;
        refreshHighlight(true);
    });
    connect(m_panel, &GraphSidePanel::loopSelected, this, [this](int loop) {
        m_selectedLoop = loop;
        refreshHighlight(true);
    });
    connect(m_panel, &GraphSidePanel::automaticCutsRequested, this,
            &MechanismGraphView::useAutomaticCuts);
    connect(m_panel, &GraphSidePanel::fileCutsRequested, this, &MechanismGraphView::useFileCuts);
    // light or dark: the panel's texts carry their colours (the secondary lines)
    connect(ThemeWatcher::instance(), &ThemeWatcher::themeChanged, this, [this] {
        if (m_model) {
            m_panel->showModel(*m_model, m_dofAtPose);
        }
    });
}

Qt::Orientation MechanismGraphView::splitOrientation() const {
    return m_splitter->orientation();
}

void MechanismGraphView::resizeEvent(QResizeEvent* event) {
    // side by side only when the canvas keeps a graph-sized share beside the panel's minimum
    const Qt::Orientation wanted = width() >= kSideBySideWidth ? Qt::Horizontal : Qt::Vertical;
    if (m_splitter->orientation() != wanted || !m_splitSized) {
        m_splitSized = true;
        m_splitter->setOrientation(wanted);
        // the graph the larger share: 3/5 beside the panel, 2/3 above it (the panel scrolls)
        const int length = wanted == Qt::Horizontal ? width() : height();
        const int graph = wanted == Qt::Horizontal ? length * 3 / 5 : length * 2 / 3;
        m_splitter->setSizes({graph, length - graph});
    }
    QWidget::resizeEvent(event);
}

void MechanismGraphView::setSpec(const MechanismSpec& spec, std::vector<std::string> cuts) {
    m_scene->setSpec(spec);
    m_canvas->setSpatial(spec.space == MotionSpace::Spatial);
    m_canvas->refit();
    m_previousCuts.clear();
    CutSetEvaluation evaluation = evaluateCutSet(spec, cuts);
    if (evaluation.ok()) {
        display(evaluation);
        m_panel->showHint(); // nothing said about an earlier mechanism's cuts stays
        return;
    }
    const QString problem = QString::fromStdString(evaluation.problem);
    evaluation = evaluateCutSet(spec, std::nullopt);
    if (evaluation.ok()) {
        display(evaluation);
        m_panel->showMessage(tr("The cuts %1 are not valid, so the file's cuts %2 are shown. %3")
                                 .arg(names(cuts), names(currentCuts()), problem),
                             GraphSidePanel::MessageKind::Error);
        return;
    }
    m_model.reset();
    m_picker.reset(nullptr);
    m_panel->clearModel();
    m_panel->showMessage(QString::fromStdString(evaluation.problem),
                         GraphSidePanel::MessageKind::Error);
}

void MechanismGraphView::setModel(std::shared_ptr<const Model> model) {
    m_scene->setSpec(model->spec);
    m_canvas->setSpatial(model->isSpatial());
    m_canvas->refit();
    m_previousCuts.clear();
    CutSetEvaluation evaluation = evaluateCutSet(model->spec, cutJointNames(*model));
    if (evaluation.ok()) {
        evaluation.model = std::move(model); // keep the caller's instance
        display(evaluation);
        m_panel->showHint(); // nothing said about an earlier mechanism's cuts stays
    } else {
        m_panel->showMessage(QString::fromStdString(evaluation.problem),
                             GraphSidePanel::MessageKind::Error);
    }
}

void MechanismGraphView::display(const CutSetEvaluation& evaluation) {
    m_model = evaluation.model;
    m_picker.reset(m_model);
    m_scene->setModel(*m_model);
    m_panel->showModel(*m_model, evaluation.dofAtPose);
    m_dofAtPose = evaluation.dofAtPose;
    // loops are renumbered by a new cut choice: drop the old selection
    m_hoveredLoop = -1;
    m_selectedLoop = -1;
    refreshHighlight(true);
}

void MechanismGraphView::changeTo(const CutSetEvaluation& evaluation, const QString& message) {
    m_previousCuts = currentCuts();
    display(evaluation);
    m_panel->showMessage(message, GraphSidePanel::MessageKind::Success);
    Q_EMIT cutsChanged(currentCuts(), m_model);
}

std::shared_ptr<const Model> MechanismGraphView::applyCuts(const std::vector<std::string>& cuts) {
    if (!m_model) {
        return nullptr;
    }
    const CutSetEvaluation evaluation = evaluateCutSet(m_model->spec, cuts);
    if (!evaluation.ok()) {
        m_panel->showMessage(tr("The cuts %1 are not valid. %2")
                                 .arg(names(cuts), QString::fromStdString(evaluation.problem)),
                             GraphSidePanel::MessageKind::Error);
        return nullptr;
    }
    m_previousCuts = currentCuts();
    display(evaluation);
    m_panel->showMessage(tr("Cut joints: %1.").arg(names(currentCuts())),
                         GraphSidePanel::MessageKind::Success);
    return m_model;
}

void MechanismGraphView::requestCuts(const std::optional<std::vector<std::string>>& cuts,
                                     const QString& what) {
    if (!m_model) {
        return;
    }
    m_picker.cancel();
    const CutSetEvaluation evaluation = evaluateCutSet(m_model->spec, cuts);
    if (!evaluation.ok()) {
        m_panel->showMessage(
            tr("%1 are not usable. %2").arg(what, QString::fromStdString(evaluation.problem)),
            GraphSidePanel::MessageKind::Error);
        refreshHighlight(true);
        return;
    }
    const std::vector<std::string> chosen = cutJointNames(*evaluation.model);
    if (chosen == currentCuts()) {
        m_panel->showMessage(tr("%1 are %2: unchanged.").arg(what, names(chosen)),
                             GraphSidePanel::MessageKind::Info);
        refreshHighlight(true);
        return;
    }
    changeTo(evaluation, tr("%1: %2.").arg(what, names(chosen)));
}

void MechanismGraphView::useAutomaticCuts() {
    requestCuts(std::vector<std::string>{}, tr("The automatic cuts"));
}

void MechanismGraphView::useFileCuts() {
    requestCuts(std::nullopt, tr("The file's cuts"));
}

void MechanismGraphView::cancelPendingCut() {
    if (m_picker.armedCut() >= 0) {
        m_picker.cancel();
        m_panel->showMessage(tr("Nothing changed."), GraphSidePanel::MessageKind::Info);
        refreshHighlight(true);
    }
}

void MechanismGraphView::onJointClicked(int joint) {
    if (!m_model) {
        return;
    }
    const CutClickOutcome outcome = m_picker.click(joint);
    const QString message = QString::fromStdString(outcome.message);
    switch (outcome.kind) {
    case CutClickOutcome::Kind::Applied:
        changeTo(outcome.evaluation, message);
        return;
    case CutClickOutcome::Kind::Armed:
    case CutClickOutcome::Kind::Disarmed:
        m_panel->showMessage(message, GraphSidePanel::MessageKind::Info);
        break;
    case CutClickOutcome::Kind::Rejected:
        m_panel->showMessage(message, GraphSidePanel::MessageKind::Error);
        break;
    }
    refreshHighlight(true);
}

void MechanismGraphView::highlightLoop(int loop) {
    m_selectedLoop = m_model && loop < m_model->nLoops() ? loop : -1;
    m_hoveredLoop = -1;
    refreshHighlight(false);
}

void MechanismGraphView::refreshHighlight(bool notify) {
    const int armedLoop = m_model ? m_picker.armedLoop() : -1;
    int shown = m_hoveredLoop >= 0 ? m_hoveredLoop : m_selectedLoop;
    if (armedLoop >= 0) {
        shown = armedLoop; // the choices for the armed cut stay visible
    }
    m_scene->setArmedJoint(m_model ? m_picker.armedCut() : -1);
    m_scene->setHighlightedLoop(shown);
    m_panel->setHighlightedLoop(shown);
    if (shown != m_shownLoop) {
        m_shownLoop = shown;
        if (notify) {
            Q_EMIT loopHighlighted(shown);
        }
    }
}

QString MechanismGraphView::armedCut() const {
    const int joint = m_model ? m_picker.armedCut() : -1;
    return joint >= 0 ? QString::fromStdString(m_model->joints[joint].name) : QString();
}

QPoint MechanismGraphView::jointPosition(const QString& joint) const {
    const JointEdgeItem* edge = m_scene->edge(joint);
    if (!edge) {
        return {-1, -1};
    }
    // a graph larger than the canvas scrolls: bring the label into sight, as a user would
    m_canvas->ensureVisible(edge->labelRect(), 8, 8);
    return m_canvas->mapFromScene(edge->labelCentre());
}

std::vector<std::string> MechanismGraphView::currentCuts() const {
    return m_model ? cutJointNames(*m_model) : std::vector<std::string>{};
}

} // namespace sslm::ui
