// SPDX-License-Identifier: MIT
#include "ui/editor/editor_widget.hpp"

#include <QAction>
#include <QActionGroup>
#include <QHBoxLayout>
#include <QToolBar>
#include <QVBoxLayout>

#include "ui/style/resources.hpp"

namespace sslm::ui {

EditorWidget::EditorWidget(QWidget* parent) : QWidget(parent) {
    m_canvas = new EditorCanvas;
    m_toolBar = new QToolBar;
    m_actionBar = new QToolBar;
    m_tools = new QActionGroup(this);
    const auto tool = [this](const QString& text, const QString& tip, QKeySequence key,
                             EditorCanvas::Tool which) {
        QAction* action = m_toolBar->addAction(text);
        action->setCheckable(true);
        action->setShortcut(key);
        // the key works while the focus is anywhere in the Edit tab (the canvas or its tool
        // bar), not in the text fields of the docks, where the letter is typed
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(action);
        action->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString()));
        m_tools->addAction(action);
        connect(action, &QAction::triggered, this, [this, which] { m_canvas->setTool(which); });
        return action;
    };
    m_select = tool(tr("Select"), tr("Select points and links; drag a point to move it"),
                    QKeySequence(Qt::Key_S), EditorCanvas::Tool::Select);
    m_pivot = tool(tr("Pivot"), tr("Click to place a ground pivot"), QKeySequence(Qt::Key_P),
                   EditorCanvas::Tool::GroundPivot);
    m_link = tool(tr("Link"),
                  tr("Drag: a bar, pinned at each end that is on a pivot or a point (free "
                     "elsewhere: pin it later with the Pin tool)"),
                  QKeySequence(Qt::Key_L), EditorCanvas::Tool::Link);
    m_slider = tool(tr("Slider"),
                    tr("Drag: a slider block where released, on a guide from where you pressed "
                       "(a point, or a new ground point) in that direction"),
                    QKeySequence(Qt::Key_R), EditorCanvas::Tool::Slider);
    m_point = tool(tr("Point"),
                   tr("Click on a link to add a point to it (three points make a plate), to "
                      "pin more links to"),
                   QKeySequence(Qt::Key_T), EditorCanvas::Tool::Point);
    m_pin = tool(tr("Pin"),
                 tr("Drag from a point to a point of another body: a pin joint joins them and "
                    "the mechanism re-assembles"),
                 QKeySequence(Qt::Key_J), EditorCanvas::Tool::Pin);
    m_drive = tool(tr("Drive"),
                   tr("Press and move: the input link turns towards the pointer and the "
                      "mechanism follows; traced points draw their curves"),
                   QKeySequence(Qt::Key_D), EditorCanvas::Tool::Drive);
    m_select->setChecked(true);
    QAction* grid = m_actionBar->addAction(tr("Snap to grid"));
    grid->setCheckable(true);
    grid->setChecked(true);
    grid->setToolTip(tr("Snap new and moved points to a 10 mm grid (existing points always "
                        "attract a link's end)"));
    connect(grid, &QAction::toggled, m_canvas, &EditorCanvas::setSnapToGrid);
    QAction* fit = m_actionBar->addAction(tr("Fit"), m_canvas, &EditorCanvas::fit);
    fit->setToolTip(tr("Show the whole mechanism"));

    // actions on the selection
    m_actionBar->addSeparator();
    m_input = m_actionBar->addAction(tr("Make Input"));
    m_input->setToolTip(tr("Drive the selected ground pivot's joint: it becomes an independent "
                           "coordinate with an actuator"));
    m_trace = m_actionBar->addAction(tr("Trace"));
    m_trace->setToolTip(tr("Trace the selected point (its coupler curve is drawn while driving "
                           "and in the 3-D view), or stop tracing it"));
    m_delete = m_actionBar->addAction(tr("Delete"));
    m_delete->setToolTip(tr("Delete the selected link, or the joints at the selected point "
                            "(Delete)"));
    // icons: the tool bar shows them alone; the names stay in the tool tips and menus
    const std::pair<QAction*, const char*> icons[] = {
        {m_select, "tool-select"}, {m_pivot, "tool-pivot"}, {m_link, "tool-link"},
        {m_slider, "tool-slider"}, {m_point, "tool-point"}, {m_pin, "tool-pin"},
        {m_drive, "tool-drive"},   {grid, "snap-grid"},     {fit, "view-fit"},
        {m_input, "make-input"},   {m_trace, "trace"},      {m_delete, "edit-delete"},
    };
    for (const auto& [action, icon] : icons) {
        action->setIcon(actionIcon(QString::fromLatin1(icon)));
    }
    // the seven tools in a column beside the canvas, the five actions in a row over it: in a
    // small window (the centre of 1024×700 is about 320 px square) neither folds behind »,
    // where twelve icons in one column or one row would
    m_toolBar->setOrientation(Qt::Vertical);
    auto* canvasColumn = new QVBoxLayout;
    canvasColumn->setContentsMargins(0, 0, 0, 0);
    canvasColumn->setSpacing(0);
    canvasColumn->addWidget(m_actionBar);
    canvasColumn->addWidget(m_canvas, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_toolBar);
    layout->addLayout(canvasColumn, 1);

    connect(m_input, &QAction::triggered, m_canvas, &EditorCanvas::makeSelectionInput);
    connect(m_delete, &QAction::triggered, m_canvas, &EditorCanvas::deleteSelection);
    connect(m_trace, &QAction::triggered, m_canvas, &EditorCanvas::toggleSelectionTrace);
    connect(m_canvas, &EditorCanvas::selectionChanged, this, &EditorWidget::showSelection);
    connect(m_canvas, &EditorCanvas::message, this, &EditorWidget::message);
    showSelection();
}

void EditorWidget::setDocument(MechanismDocument* document) {
    m_canvas->setDocument(document);
}

QAction* EditorWidget::toolAction(EditorCanvas::Tool tool) const {
    switch (tool) {
    case EditorCanvas::Tool::Select:
        return m_select;
    case EditorCanvas::Tool::GroundPivot:
        return m_pivot;
    case EditorCanvas::Tool::Link:
        return m_link;
    case EditorCanvas::Tool::Slider:
        return m_slider;
    case EditorCanvas::Tool::Point:
        return m_point;
    case EditorCanvas::Tool::Pin:
        return m_pin;
    case EditorCanvas::Tool::Drive:
        return m_drive;
    }
    return nullptr;
}

void EditorWidget::showSelection() {
    const Drawing& drawing = m_canvas->drawing();
    const auto& point = m_canvas->selectedPoint();
    const bool hasPoint = point && pointInWorld(drawing, *point);
    m_input->setEnabled(hasPoint);
    m_trace->setEnabled(hasPoint && point->body != "ground");
    m_delete->setEnabled(hasPoint || m_canvas->selectedBody().has_value());
}

} // namespace sslm::ui
