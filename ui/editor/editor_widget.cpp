// SPDX-License-Identifier: MIT
#include "ui/editor/editor_widget.hpp"

#include <QAction>
#include <QActionGroup>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolBar>
#include <QVBoxLayout>

#include "core/model/compile.hpp"

namespace sslm::ui {

EditorWidget::EditorWidget(QWidget* parent) : QWidget(parent) {
    m_canvas = new EditorCanvas;
    m_toolBar = new QToolBar;
    m_tools = new QActionGroup(this);
    const auto tool = [this](const QString& text, const QString& tip, QKeySequence key,
                             EditorCanvas::Tool which) {
        QAction* action = m_toolBar->addAction(text);
        action->setCheckable(true);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
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
                  tr("Drag from a pivot or a point: a bar pinned there, and at its other end "
                     "when released on a point"),
                  QKeySequence(Qt::Key_L), EditorCanvas::Tool::Link);
    m_slider = tool(tr("Slider"),
                    tr("Drag from a pivot or a point: a slider block where released, on a guide "
                       "from that point in that direction"),
                    QKeySequence(Qt::Key_R), EditorCanvas::Tool::Slider);
    m_point = tool(tr("Point"),
                   tr("Click on a link to add a point to it (three points make a plate), to "
                      "pin more links to"),
                   QKeySequence(Qt::Key_T), EditorCanvas::Tool::Point);
    m_drive = tool(tr("Drive"),
                   tr("Press and move: the input link turns towards the pointer and the "
                      "mechanism follows; traced points draw their curves"),
                   QKeySequence(Qt::Key_D), EditorCanvas::Tool::Drive);
    m_select->setChecked(true);
    m_toolBar->addSeparator();
    QAction* grid = m_toolBar->addAction(tr("Snap to grid"));
    grid->setCheckable(true);
    grid->setChecked(true);
    grid->setToolTip(tr("Snap new and moved points to a 10 mm grid (existing points always "
                        "attract a link's end)"));
    connect(grid, &QAction::toggled, m_canvas, &EditorCanvas::setSnapToGrid);
    QAction* fit = m_toolBar->addAction(tr("Fit"), m_canvas, &EditorCanvas::fit);
    fit->setToolTip(tr("Show the whole mechanism"));

    // the selection strip
    m_selection = new QLabel(tr("Nothing selected"));
    // the text may be cut short rather than widen the window
    m_selection->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_selection->setMinimumWidth(40);
    const auto coordinateBox = [](const QString& tip) {
        auto* box = new QDoubleSpinBox;
        box->setRange(-50.0, 50.0);
        box->setMaximumWidth(110);
        box->setDecimals(4);
        box->setSingleStep(0.005);
        box->setSuffix(QStringLiteral(" m"));
        box->setKeyboardTracking(false);
        box->setToolTip(tip);
        return box;
    };
    m_x = coordinateBox(tr("x of the selected point in the ground frame (m)"));
    m_y = coordinateBox(tr("y of the selected point in the ground frame (m)"));
    // actions on the selection (in the tool bar, which folds away when the window is narrow)
    m_toolBar->addSeparator();
    m_input = m_toolBar->addAction(tr("Make Input"));
    m_input->setToolTip(tr("Drive the selected ground pivot's joint: it becomes an independent "
                           "coordinate with an actuator"));
    m_trace = m_toolBar->addAction(tr("Trace"));
    m_trace->setToolTip(tr("Trace the selected point (its coupler curve is drawn while driving "
                           "and in the 3-D view), or stop tracing it"));
    m_delete = m_toolBar->addAction(tr("Delete"));
    m_delete->setToolTip(tr("Delete the selected link, or the joints at the selected point "
                            "(Delete)"));
    m_rate = new QDoubleSpinBox;
    m_rate->setRange(-1e4, 1e4);
    m_rate->setDecimals(4);
    m_rate->setSuffix(QStringLiteral(" rad/s"));
    m_rate->setKeyboardTracking(false);
    m_rate->setMaximumWidth(130);
    m_rate->setToolTip(tr("Initial rate of the input joint at this point (rad/s, or m/s for a "
                          "slider), e.g. 4.7124 for 45 rpm"));
    m_pointFields = new QWidget;
    auto* pointGrid = new QGridLayout(m_pointFields);
    pointGrid->setContentsMargins(0, 0, 0, 0);
    pointGrid->addWidget(new QLabel(QStringLiteral("x")), 0, 0);
    pointGrid->addWidget(m_x, 0, 1);
    pointGrid->addWidget(new QLabel(QStringLiteral("y")), 0, 2);
    pointGrid->addWidget(m_y, 0, 3);
    pointGrid->addWidget(new QLabel(tr("rate")), 1, 0);
    pointGrid->addWidget(m_rate, 1, 1);
    m_name = new QLineEdit;
    m_name->setMaximumWidth(140);
    m_name->setToolTip(tr("The link's name, shown in the views and the plots"));
    m_mass = new QDoubleSpinBox;
    m_mass->setRange(1e-6, 1e6);
    m_mass->setDecimals(4);
    m_mass->setSuffix(QStringLiteral(" kg"));
    m_mass->setKeyboardTracking(false);
    m_mass->setMaximumWidth(120);
    m_mass->setToolTip(tr("The link's mass"));
    const auto lengthBox = [](const QString& tip) {
        auto* box = new QDoubleSpinBox;
        box->setRange(-50.0, 50.0);
        box->setDecimals(4);
        box->setSingleStep(0.005);
        box->setSuffix(QStringLiteral(" m"));
        box->setKeyboardTracking(false);
        box->setMaximumWidth(110);
        box->setToolTip(tip);
        return box;
    };
    m_comX = lengthBox(tr("Centre of mass, x in the link's frame (origin at its first point, "
                          "x-axis towards its second)"));
    m_comY = lengthBox(tr("Centre of mass, y in the link's frame"));
    m_uniform = new QCheckBox(tr("uniform"));
    m_uniform->setToolTip(tr("Inertia of a uniform bar or plate of the link's shape and mass; "
                             "untick to type it"));
    m_inertia = new QDoubleSpinBox;
    m_inertia->setRange(1e-12, 1e6);
    m_inertia->setDecimals(8);
    m_inertia->setSuffix(QStringLiteral(" kg·m²"));
    m_inertia->setKeyboardTracking(false);
    m_inertia->setMaximumWidth(150);
    m_inertia->setToolTip(tr("Moment of inertia about the centre of mass"));
    m_bodyFields = new QWidget;
    auto* bodyGrid = new QGridLayout(m_bodyFields);
    bodyGrid->setContentsMargins(0, 0, 0, 0);
    bodyGrid->addWidget(new QLabel(tr("name")), 0, 0);
    bodyGrid->addWidget(m_name, 0, 1);
    bodyGrid->addWidget(new QLabel(tr("mass")), 0, 2);
    bodyGrid->addWidget(m_mass, 0, 3);
    bodyGrid->addWidget(new QLabel(tr("COM")), 1, 0);
    auto* com = new QHBoxLayout;
    com->addWidget(m_comX);
    com->addWidget(m_comY);
    bodyGrid->addLayout(com, 1, 1);
    bodyGrid->addWidget(m_uniform, 1, 2);
    bodyGrid->addWidget(m_inertia, 1, 3);
    auto* strip = new QHBoxLayout;
    strip->addWidget(m_pointFields);
    strip->addWidget(m_bodyFields);
    strip->addStretch(1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_canvas, 1);
    layout->addWidget(m_selection);
    layout->addLayout(strip);

    const auto moveTo = [this] {
        if (!m_updating) {
            m_canvas->moveSelectedPoint({m_x->value(), m_y->value()});
        }
    };
    connect(m_rate, &QDoubleSpinBox::valueChanged, this, [this](double rate) {
        if (!m_updating) {
            m_canvas->setSelectionInputRate(rate);
        }
    });
    connect(m_x, &QDoubleSpinBox::valueChanged, this, moveTo);
    connect(m_y, &QDoubleSpinBox::valueChanged, this, moveTo);
    const auto setBody = [this] {
        if (m_updating || !m_canvas->selectedBody()) {
            return;
        }
        BodyProperties properties;
        properties.name = m_name->text().trimmed().toStdString();
        properties.mass = m_mass->value();
        properties.com_B = {m_comX->value(), m_comY->value()};
        if (!m_uniform->isChecked()) {
            properties.inertiaCom = m_inertia->value();
        }
        m_canvas->setSelectedBodyProperties(properties);
    };
    connect(m_name, &QLineEdit::editingFinished, this, setBody);
    for (QDoubleSpinBox* box : {m_mass, m_comX, m_comY, m_inertia}) {
        connect(box, &QDoubleSpinBox::valueChanged, this, setBody);
    }
    connect(m_uniform, &QCheckBox::toggled, this, [this, setBody](bool uniform) {
        m_inertia->setEnabled(!uniform);
        setBody();
    });
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
    case EditorCanvas::Tool::Drive:
        return m_drive;
    }
    return nullptr;
}

void EditorWidget::showSelection() {
    m_updating = true;
    const Drawing& drawing = m_canvas->drawing();
    const auto& point = m_canvas->selectedPoint();
    const auto& body = m_canvas->selectedBody();
    const bool hasPoint = point && pointInWorld(drawing, *point);
    m_x->setEnabled(hasPoint);
    m_y->setEnabled(hasPoint);
    m_pointFields->setVisible(!body.has_value());
    m_bodyFields->setVisible(body.has_value());
    m_input->setEnabled(hasPoint);
    m_trace->setEnabled(hasPoint && point->body != "ground");
    m_delete->setEnabled(hasPoint || body.has_value());
    const std::optional<std::string> input =
        hasPoint ? inputJointAt(drawing, *point) : std::optional<std::string>();
    m_rate->setEnabled(input.has_value());
    m_rate->setValue(0.0);
    if (input) {
        const JointSpec& joint =
            *std::find_if(drawing.spec.joints.begin(), drawing.spec.joints.end(),
                          [&](const JointSpec& j) { return j.name == *input; });
        for (const auto& [name, rate] : drawing.spec.initial.rates) {
            if (name == joint.coordinateName()) {
                m_rate->setValue(rate);
            }
        }
        m_rate->setSuffix(joint.type == JointType::Prismatic ? QStringLiteral(" m/s")
                                                             : QStringLiteral(" rad/s"));
    }
    if (hasPoint) {
        const Eigen::Vector2d w = *pointInWorld(drawing, *point);
        m_x->setValue(w.x());
        m_y->setValue(w.y());
        m_selection->setText(
            tr("Point %1 of %2")
                .arg(QString::fromStdString(point->point), QString::fromStdString(point->body)));
    } else if (body) {
        const auto it = std::find_if(drawing.spec.bodies.begin(), drawing.spec.bodies.end(),
                                     [&](const BodySpec& b) { return b.id == *body; });
        if (it != drawing.spec.bodies.end()) {
            double length = 0;
            for (const BodyPoint& a : it->points) {
                for (const BodyPoint& b : it->points) {
                    length = std::max(length, (a.p_B - b.p_B).norm());
                }
            }
            m_selection->setText(tr("Link %1: %2 m long")
                                     .arg(QString::fromStdString(it->id))
                                     .arg(length, 0, 'g', 4));
            m_name->setText(QString::fromStdString(it->name));
            m_mass->setValue(it->mass);
            m_comX->setValue(it->com_B.x());
            m_comY->setValue(it->com_B.y());
            m_uniform->setChecked(!it->inertiaCom);
            m_inertia->setEnabled(it->inertiaCom.has_value());
            // the value "uniform" gives, as the starting point for a typed one
            m_inertia->setValue(it->inertiaCom ? *it->inertiaCom : uniformInertia(*it));
        }
    } else {
        m_selection->setText(
            tr("Nothing selected: S selects, P places pivots, L draws links, D drives the input"));
    }
    m_updating = false;
}

} // namespace sslm::ui
