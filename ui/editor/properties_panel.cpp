// SPDX-License-Identifier: MIT
// Over 600 lines: The Properties dock: the selection's tree and its sections, each edit one
// undoable step of the document.
#include "ui/editor/properties_panel.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <type_traits>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "core/edit/joint_properties.hpp"
#include "core/model/compile.hpp"
#include "core/spec/joint_kinds.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/document/mechanism_loader.hpp"
#include "ui/editor/close_loop_dialog.hpp"
#include "ui/editor/counterweight_table.hpp"
#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/properties/body_section.hpp"
#include "ui/editor/properties/mass_section.hpp"
#include "ui/editor/properties/mechanism_outline.hpp"
#include "ui/editor/properties/point_section.hpp"
#include "ui/editor/properties/property_fields.hpp"
#include "ui/editor/properties/visuals_section.hpp"
#include "ui/editor/visual_table.hpp"
#include "ui/style/style_sheet.hpp"

namespace sslm::ui {

namespace {

const BodySpec* findBody(const MechanismSpec& spec, const std::string& id) {
    const auto it = std::find_if(spec.bodies.begin(), spec.bodies.end(),
                                 [&](const BodySpec& b) { return b.id == id; });
    return it == spec.bodies.end() ? nullptr : &*it;
}

const JointSpec* findJoint(const MechanismSpec& spec, const std::string& name) {
    const auto it = std::find_if(spec.joints.begin(), spec.joints.end(),
                                 [&](const JointSpec& j) { return j.name == name; });
    return it == spec.joints.end() ? nullptr : &*it;
}

const BodyPoint* findPoint(const BodySpec& body, const std::string& name) {
    const auto it = std::find_if(body.points.begin(), body.points.end(),
                                 [&](const BodyPoint& p) { return p.name == name; });
    return it == body.points.end() ? nullptr : &*it;
}

/// A bar with two points: its length can be typed.
bool isBar(const BodySpec& body) {
    return body.shape == BodyShape::Bar && body.points.size() == 2;
}

/// The joint as the planar joint box lists it: "J1 (theta1): ground.O2 – L2.A".
QString jointLabel(const JointSpec& joint) {
    return QStringLiteral("%1 (%2): %3.%4 – %5.%6")
        .arg(QString::fromStdString(joint.name), QString::fromStdString(joint.coordinateName()),
             QString::fromStdString(joint.parent.body), QString::fromStdString(joint.parent.point),
             QString::fromStdString(joint.child.body), QString::fromStdString(joint.child.point));
}

} // namespace

/// The sections say nothing while the panel fills their fields or applies an edit one of them
/// asked for. Either can hide or disable the field that has the focus (a section or a row
/// hidden, the inertia box disabled, the Check tab raised over the dock), and Qt then reports
/// that field again: a line edit's editingFinished on every focus-out, a spin box's pending
/// text on hide and focus-out. Heard, that report is a second edit of the document inside the
/// first one's specChanged: the canvas replaces its drawing and rebuilds its scene under the
/// canvas and panel code still running on the first edit (showSelection holds a pointer into
/// the drawing's bodies). Held back, it is dropped, as the old panel's m_updating dropped what
/// came during its refresh.
class PropertiesPanel::Quiet {
public:
    explicit Quiet(const PropertiesPanel& panel)
        : m_point(panel.m_point), m_body(panel.m_body), m_mass(panel.m_mass),
          m_visuals(panel.m_visuals), m_joint(panel.m_joint) {}

private:
    QSignalBlocker m_point;
    QSignalBlocker m_body;
    QSignalBlocker m_mass;
    QSignalBlocker m_visuals;
    QSignalBlocker m_joint;
};

template <typename Section, typename Signal, typename Apply>
void PropertiesPanel::connectEdit(Section* section, Signal signal, Apply apply) {
    connect(section, signal, this, [this, apply](const auto&... arguments) {
        const Quiet quiet(*this);
        if constexpr (std::is_member_function_pointer_v<Apply>) {
            std::invoke(apply, this, arguments...);
        } else {
            std::invoke(apply, arguments...);
        }
    });
}

PropertiesPanel::PropertiesPanel(MechanismDocument* document, EditorCanvas* canvas, QWidget* parent)
    : QWidget(parent), m_document(document), m_canvas(canvas) {
    buildParts();
    layOutParts();
    connectBodySections();
    connectJointSection();
    connectSelection();
    adoptSpace();
    if (!m_space.drawn) {
        m_outline->showSpec(m_document->spec());
        validate();
    }
    showSelection();
}

void PropertiesPanel::buildParts() {
    m_closeLoop = new QPushButton(tr("Close a Loop…"));
    m_closeLoop->setToolTip(tr("Join two bodies at a point on each with a joint that becomes a "
                               "cut: the loops a file could not express (a URDF tree, say)"));
    m_outline = new MechanismOutline;
    m_title = new QLabel;
    m_title->setWordWrap(true);
    m_point = new PointSection;
    m_body = new BodySection;
    m_mass = new MassSection;
    m_visuals = new VisualsSection;
    m_joint = new JointSection;
    m_validation = new QLabel;
    m_validation->setWordWrap(true);
    m_validation->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void PropertiesPanel::layOutParts() {
    auto* content = new QWidget;
    auto* column = new QVBoxLayout(content);
    column->addWidget(m_title);
    for (QWidget* section : {static_cast<QWidget*>(m_point), static_cast<QWidget*>(m_body),
                             static_cast<QWidget*>(m_mass), static_cast<QWidget*>(m_visuals),
                             static_cast<QWidget*>(m_joint)}) {
        column->addWidget(section);
    }
    column->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_outline);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    m_layout = new QVBoxLayout(this);
    m_layout->addWidget(m_closeLoop, 0, Qt::AlignLeft);
    m_layout->addWidget(splitter, 1);
    m_layout->addWidget(m_validation);
}

void PropertiesPanel::connectBodySections() {
    connectEdit(m_point, &PointSection::movedInWorld,
                [this](int axis, double value) { movePoint(axis, value, false); });
    connectEdit(m_point, &PointSection::movedInFrame,
                [this](int axis, double value) { movePoint(axis, value, true); });
    connectEdit(m_point, &PointSection::traceToggled, [this] { m_canvas->toggleSelectionTrace(); });
    connectEdit(m_point, &PointSection::bodyPointMoved, &PropertiesPanel::moveBodyPoint);
    connect(m_point, &PointSection::refused, this, &PropertiesPanel::showRefusal);
    connectEdit(m_body, &BodySection::edited, &PropertiesPanel::editBody);
    connectEdit(m_body, &BodySection::barEdited, &PropertiesPanel::editBar);
    connectEdit(m_mass, &MassSection::edited, &PropertiesPanel::editBody);
    connectEdit(m_visuals, &VisualsSection::edited, &PropertiesPanel::editBody);
    m_visuals->table()->setMassFromMesh([this](int row, double density, QString* error) {
        const Quiet quiet(*this);
        return setMassFromVisual(row, density, error);
    });
    connect(m_closeLoop, &QPushButton::clicked, this, &PropertiesPanel::promptCloseLoop);
}

void PropertiesPanel::connectJointSection() {
    connect(m_joint, &JointSection::chosen, this, &PropertiesPanel::showJoint);
    connectEdit(m_joint, &JointSection::typeChosen, &PropertiesPanel::chooseJointType);
    connectEdit(m_joint, &JointSection::axisTyped, &PropertiesPanel::editAxis);
    connectEdit(m_joint, &JointSection::drawnEdited, &PropertiesPanel::editDrawnJoint);
    connectEdit(m_joint, &JointSection::inputToggled, &PropertiesPanel::applyInput);
    connectEdit(m_joint, &JointSection::rateTyped, &PropertiesPanel::applyRate);
    connect(m_joint, &JointSection::refused, this, &PropertiesPanel::showRefusal);
}

void PropertiesPanel::connectSelection() {
    connect(m_canvas, &EditorCanvas::selectionChanged, this, [this] {
        if (m_space.drawn) {
            showSelection();
        }
    });
    connect(m_outline, &MechanismOutline::chosen, this, &PropertiesPanel::showSelection);
    connect(m_document, &MechanismDocument::specChanged, this, [this] {
        const bool changed = adoptSpace();
        if (m_space.drawn) {
            // the canvas follows the document and then shows its selection
            if (changed) {
                showSelection();
            }
            return;
        }
        // an edit, undo, redo, another document: the list, the validation and the numbers
        m_outline->showSpec(m_document->spec());
        validate();
        showSelection();
    });
}

bool PropertiesPanel::adoptSpace() {
    const MotionSpace space = m_document->spec().space;
    if (m_spaceAdopted && space == m_space.space) {
        return false;
    }
    m_spaceAdopted = true;
    m_space = propertiesSpace(space);
    const Quiet quiet(*this); // a box's new range or decimals may change its value
    m_point->setSpace(m_space);
    m_body->setSpace(m_space);
    m_mass->setSpace(m_space);
    m_visuals->setSpace(m_space);
    m_joint->setSpace(m_space);
    const bool listed = !m_space.drawn;
    m_closeLoop->setVisible(listed);
    m_outline->setVisible(listed);
    m_validation->setVisible(listed);
    const int margin = listed ? 6 : 0;
    m_layout->setContentsMargins(margin, margin, margin, margin);
    return true;
}

const MechanismSpec& PropertiesPanel::shownSpec() const {
    return m_space.drawn ? m_canvas->drawing().spec : m_document->spec();
}

const BodySpec* PropertiesPanel::selectedBody() const {
    if (m_space.drawn) {
        const std::optional<std::string>& body = m_canvas->selectedBody();
        return body ? findBody(shownSpec(), *body) : nullptr;
    }
    return m_outline->body().isEmpty() ? nullptr
                                       : findBody(shownSpec(), m_outline->body().toStdString());
}

const JointSpec* PropertiesPanel::selectedJoint() const {
    if (m_space.drawn) {
        const std::optional<std::string> name = m_joint->chosenJoint();
        return name ? findJoint(shownSpec(), *name) : nullptr;
    }
    return m_outline->joint().isEmpty() ? nullptr
                                        : findJoint(shownSpec(), m_outline->joint().toStdString());
}

bool PropertiesPanel::selectBody(const QString& id) {
    return m_space.drawn ? m_canvas->selectBody(id.toStdString()) : m_outline->selectBody(id);
}

bool PropertiesPanel::selectJoint(const QString& name) {
    if (!m_space.drawn) {
        return m_outline->selectJoint(name);
    }
    const int index = jointBox()->findData(name);
    if (index >= 0) {
        jointBox()->setCurrentIndex(index);
    }
    return index >= 0;
}

QTreeWidget* PropertiesPanel::tree() const {
    return m_outline->tree();
}

QString PropertiesPanel::validationText() const {
    return m_validation->text();
}

QDoubleSpinBox* PropertiesPanel::xBox() const {
    return m_point->xBox();
}
QDoubleSpinBox* PropertiesPanel::yBox() const {
    return m_point->yBox();
}
QDoubleSpinBox* PropertiesPanel::frameXBox() const {
    return m_point->frameXBox();
}
QDoubleSpinBox* PropertiesPanel::frameYBox() const {
    return m_point->frameYBox();
}
QCheckBox* PropertiesPanel::tracedBox() const {
    return m_point->tracedBox();
}
QTableWidget* PropertiesPanel::pointTable() const {
    return m_point->table();
}
QLineEdit* PropertiesPanel::nameEdit() const {
    return m_body->nameEdit();
}
QDoubleSpinBox* PropertiesPanel::lengthBox() const {
    return m_body->lengthBox();
}
QDoubleSpinBox* PropertiesPanel::angleBox() const {
    return m_body->angleBox();
}
QDoubleSpinBox* PropertiesPanel::massBox() const {
    return m_mass->massBox();
}
QDoubleSpinBox* PropertiesPanel::comBox(int axis) const {
    return m_mass->comBox(axis);
}
QCheckBox* PropertiesPanel::uniformInertiaBox() const {
    return m_mass->uniformInertiaBox();
}
QDoubleSpinBox* PropertiesPanel::inertiaBox(int entry) const {
    return m_mass->inertiaBox(entry);
}
CounterweightTable* PropertiesPanel::counterweights() const {
    return m_mass->counterweights();
}
VisualTable* PropertiesPanel::visualTable() const {
    return m_visuals->table();
}

// ---- showing the selection ----

void PropertiesPanel::showSelection() {
    const Quiet quiet(*this);
    const BodySpec* body = selectedBody();
    const bool point = showPoints(body);
    showBody(body);
    showJoints();
    showTitle(body, point);
}

bool PropertiesPanel::showPoints(const BodySpec* body) {
    if (!m_space.drawn) {
        m_point->setVisible(body != nullptr);
        if (body != nullptr) {
            m_point->showBodyPoints(*body);
        }
        return false;
    }
    const Drawing& drawing = m_canvas->drawing();
    const std::optional<JointEnd>& point = m_canvas->selectedPoint();
    const std::optional<Eigen::Vector2d> at =
        point ? pointInWorld(drawing, *point) : std::optional<Eigen::Vector2d>();
    m_point->setVisible(at.has_value());
    if (!at) {
        return false;
    }
    const BodySpec* owner =
        point->body == kGroundId ? nullptr : findBody(drawing.spec, point->body);
    const BodyPoint* inOwner = owner ? findPoint(*owner, point->point) : nullptr;
    const auto& traces = drawing.spec.tracedPoints;
    m_point->showPoint(*at, inOwner ? owner : nullptr,
                       inOwner ? inOwner->p_B : Eigen::Vector2d::Zero(),
                       std::any_of(traces.begin(), traces.end(),
                                   [&](const TracedPointSpec& t) { return t.at == *point; }));
    return true;
}

void PropertiesPanel::showBody(const BodySpec* body) {
    for (QWidget* section : {static_cast<QWidget*>(m_body), static_cast<QWidget*>(m_mass),
                             static_cast<QWidget*>(m_visuals)}) {
        section->setVisible(body != nullptr);
    }
    if (body == nullptr) {
        return;
    }
    std::optional<std::pair<double, double>> bar;
    if (m_space.drawn && isBar(*body)) {
        const Drawing& drawing = m_canvas->drawing();
        const Eigen::Vector2d a = *pointInWorld(drawing, {body->id, body->points[0].name});
        const Eigen::Vector2d b = *pointInWorld(drawing, {body->id, body->points[1].name});
        bar = std::pair((b - a).norm(), std::atan2((b - a).y(), (b - a).x()));
    }
    m_body->showBody(*body, bar);
    Eigen::Matrix3d shape = Eigen::Matrix3d::Zero();
    if (m_space.dimensions == 3) {
        shape = uniformInertiaTensor(*body); // the shape's own, without the counterweights
    } else {
        shape(2, 2) = uniformInertia(*body);
    }
    m_mass->showBody(*body, shape);
    m_visuals->showBody(*body);
}

bool PropertiesPanel::showJoints() {
    if (m_space.drawn) {
        const std::optional<JointEnd>& point = m_canvas->selectedPoint();
        const Drawing& drawing = m_canvas->drawing();
        const bool at = point && pointInWorld(drawing, *point).has_value();
        std::vector<std::pair<std::string, QString>> choices;
        for (const std::string& name :
             at ? jointsAt(drawing, *point) : std::vector<std::string>()) {
            choices.emplace_back(name, jointLabel(*findJoint(drawing.spec, name)));
        }
        m_joint->showChoices(choices, m_shownJoint);
    }
    const bool shown = selectedJoint() != nullptr;
    m_joint->setVisible(shown);
    showJoint();
    return shown;
}

void PropertiesPanel::showJoint() {
    const Quiet quiet(*this);
    const JointSpec* joint = selectedJoint();
    if (joint == nullptr) {
        return;
    }
    if (!m_space.drawn) {
        m_joint->showJoint(*joint, nullptr, shownSpec().initial);
        return;
    }
    const std::optional<JointProperties> properties =
        jointProperties(m_canvas->drawing(), joint->name);
    if (properties) {
        m_shownJoint = joint->name;
        m_joint->showJoint(*joint, &*properties, shownSpec().initial);
    }
}

void PropertiesPanel::showTitle(const BodySpec* body, bool point) {
    setStyleRole(m_title, StyleRole::Plain);
    if (m_space.drawn && body != nullptr) {
        double across = 0;
        for (const BodyPoint& a : body->points) {
            for (const BodyPoint& b : body->points) {
                across = std::max(across, (a.p_B - b.p_B).norm());
            }
        }
        m_title->setText(tr("Link %1: %2 m across").arg(bodyName(*body)).arg(across, 0, 'g', 4));
    } else if (m_space.drawn && point) {
        const JointEnd& at = *m_canvas->selectedPoint();
        m_title->setText(
            tr("Point %1 of %2")
                .arg(QString::fromStdString(at.point), QString::fromStdString(at.body)));
    } else if (m_space.drawn) {
        m_title->setText(tr("Nothing selected. In the Edit tab: S selects, P places pivots, "
                            "L draws links, R sliders, T points, J pins, D drives the input."));
    } else if (body != nullptr) {
        m_title->setText(tr("<b>Body %1</b> (frame: its own; lengths in m)")
                             .arg(QString::fromStdString(body->id)));
    } else if (const JointSpec* joint = selectedJoint()) {
        m_title->setText(tr("<b>Joint %1</b>: %2 (%3) – %4 (%5)")
                             .arg(QString::fromStdString(joint->name),
                                  QString::fromStdString(joint->parent.body),
                                  QString::fromStdString(joint->parent.point),
                                  QString::fromStdString(joint->child.body),
                                  QString::fromStdString(joint->child.point)));
    } else {
        m_title->setText(tr("Choose a body or a joint above to edit its numbers."));
        setStyleRole(m_title, StyleRole::MutedText);
    }
}

void PropertiesPanel::showRefusal(const QString& why) {
    m_validation->setText(why);
    setStyleRole(m_validation, StyleRole::ErrorText);
}

void PropertiesPanel::validate() {
    const LoadOutcome outcome = compileMechanism(m_document->spec(), m_document->path());
    m_valid = outcome.mechanism && outcome.mechanism->assembly.converged;
    if (!outcome.mechanism) {
        m_validation->setText(
            tr("Does not compile: %1").arg(outcome.error.section(QLatin1Char('\n'), 0, 1)));
        setStyleRole(m_validation, StyleRole::ErrorText);
        return;
    }
    const Model& model = *outcome.mechanism->model;
    if (!outcome.mechanism->assembly.converged) {
        m_validation->setText(
            tr("Compiles, but the initial pose does not close: %1")
                .arg(QString::fromStdString(outcome.mechanism->assembly.message)));
        setStyleRole(m_validation, StyleRole::ErrorText);
        return;
    }
    m_validation->setText(tr("OK: %1 loop%2, %3 coordinates, DOF %4 by Grübler; assembled, "
                             "|Φ| = %5")
                              .arg(model.nLoops())
                              .arg(model.nLoops() == 1 ? "" : "s")
                              .arg(model.nv())
                              .arg(model.mobilityGrubler)
                              .arg(outcome.mechanism->assembly.residual, 0, 'g', 2));
    setStyleRole(m_validation, StyleRole::MutedText);
}

// ---- the edits ----

void PropertiesPanel::editSpec(const QString& text,
                               const std::function<void(MechanismSpec&)>& change) {
    MechanismSpec spec = m_document->spec();
    change(spec);
    if (!m_document->edit(std::move(spec), text)) { // (the sections follow the document)
        return;                                     // nothing changed: no step, no signal
    }
    Q_EMIT edited(text);
}

void PropertiesPanel::editBody(const BodyChange& change, const QString& text) {
    const BodySpec* selected = selectedBody();
    if (selected == nullptr) {
        return; // the selection has gone (another document): nothing to change
    }
    if (!m_space.drawn) {
        const std::string id = selected->id;
        editSpec(text, [&](MechanismSpec& spec) {
            for (BodySpec& body : spec.bodies) {
                if (body.id == id) {
                    change(body);
                }
            }
        });
        return;
    }
    // the drawing checks the numbers (a positive mass, a name, …) and keeps the drawn pose
    BodySpec body = *selected;
    change(body);
    const BodyProperties properties{body.name,       body.mass,           body.com_B,
                                    body.inertiaCom, body.counterweights, body.visuals};
    if (!m_canvas->setSelectedBodyProperties(properties, text)) {
        showSelection(); // refused (the reason is in the status bar): show the link as it is
    }
}

bool PropertiesPanel::setMassFromVisual(int row, double density, QString* error) {
    const std::optional<NamedBodyChange> edit = VisualsSection::massFromMesh(
        selectedBody(), row, density, m_document->path(), m_space, error);
    if (!edit) {
        return false;
    }
    editBody(edit->change, edit->text);
    return true;
}

void PropertiesPanel::movePoint(int axis, double value, bool inLink) {
    const std::optional<JointEnd>& point = m_canvas->selectedPoint();
    if (!point) {
        return;
    }
    const Drawing& drawing = m_canvas->drawing();
    if (!inLink) {
        // the box that changed gives its number; the other coordinate stays exactly where it is
        Eigen::Vector2d w = pointInWorld(drawing, *point).value_or(Eigen::Vector2d::Zero());
        w[axis] = value;
        m_canvas->moveSelectedPoint(w);
        return;
    }
    const auto pose = drawing.poses.find(point->body);
    const BodySpec* owner = findBody(drawing.spec, point->body);
    const BodyPoint* current = owner ? findPoint(*owner, point->point) : nullptr;
    if (pose == drawing.poses.end() || current == nullptr) {
        return;
    }
    Eigen::Vector2d p_B = current->p_B;
    p_B[axis] = value;
    const double c = std::cos(pose->second.angle);
    const double s = std::sin(pose->second.angle);
    const Eigen::Vector2d w =
        pose->second.origin + Eigen::Vector2d(c * p_B.x() - s * p_B.y(), s * p_B.x() + c * p_B.y());
    m_canvas->moveSelectedPoint(w);
}

void PropertiesPanel::moveBodyPoint(int row, int axis, double value) {
    const BodySpec* body = selectedBody();
    if (body == nullptr || row >= static_cast<int>(body->points.size())) {
        return;
    }
    const std::string id = body->id;
    const auto index = static_cast<std::size_t>(row);
    editSpec(tr("Point %1 of %2: %3 = %4 m")
                 .arg(QString::fromStdString(body->points[index].name), QString::fromStdString(id),
                      QLatin1String(axisName(axis)), number(value)),
             [&](MechanismSpec& spec) {
                 for (BodySpec& b : spec.bodies) {
                     if (b.id == id) {
                         BodyPoint& p = b.points[index];
                         (axis < 2 ? p.p_B[axis] : p.z_B) = value;
                     }
                 }
             });
}

void PropertiesPanel::editBar(std::optional<double> length, std::optional<double> angle) {
    const BodySpec* link = selectedBody();
    if (!m_space.drawn || link == nullptr || !isBar(*link)) {
        return;
    }
    const JointEnd second{link->id, link->points[1].name};
    const Eigen::Vector2d a = *pointInWorld(m_canvas->drawing(), {link->id, link->points[0].name});
    const Eigen::Vector2d b = *pointInWorld(m_canvas->drawing(), second);
    // the number typed, and the other one exactly as it is
    const double newLength = length.value_or((b - a).norm());
    const double newAngle = angle.value_or(std::atan2((b - a).y(), (b - a).x()));
    const Eigen::Vector2d to =
        a + newLength * Eigen::Vector2d(std::cos(newAngle), std::sin(newAngle));
    if (!m_canvas->edit([&](Drawing& d) { return sslm::movePoint(d, second, to); },
                        tr("Length and angle of %1").arg(QString::fromStdString(link->id)))) {
        showSelection();
    }
}

void PropertiesPanel::editDrawnJoint(const JointChange& change) {
    const std::optional<std::string> name = m_joint->chosenJoint();
    if (!m_space.drawn || !name) {
        return;
    }
    std::optional<JointProperties> properties = jointProperties(m_canvas->drawing(), *name);
    if (!properties) {
        return;
    }
    change(*properties);
    const std::string joint = *name;
    if (!m_canvas->edit([&](Drawing& d) { return setJointProperties(d, joint, *properties); },
                        tr("Properties of %1").arg(QString::fromStdString(joint)))) {
        showJoint(); // refused (the reason is in the status bar): show the joint as it is
    }
}

void PropertiesPanel::chooseJointType(JointType type) {
    if (m_space.drawn) {
        editDrawnJoint([type](JointProperties& p) {
            if (p.type != type) {
                p.type = type;
                p.axisAngle = 0; // a new slider runs along the parent's x-axis
            }
        });
        return;
    }
    const JointSpec* joint = selectedJoint();
    if (joint == nullptr) {
        return;
    }
    const std::string name = joint->name;
    editSpec(tr("%1 made %2").arg(QString::fromStdString(name), QLatin1String(jointTypeWord(type))),
             [&](MechanismSpec& spec) {
                 for (JointSpec& j : spec.joints) {
                     if (j.name == name && j.type != type) {
                         j.type = type;
                         // the coordinates follow the type: "<joint>.1", … for several
                         j.coordinates.clear();
                     }
                 }
             });
}

void PropertiesPanel::editAxis(bool second, const Eigen::Vector3d& unit) {
    const JointSpec* joint = selectedJoint();
    if (m_space.drawn || joint == nullptr) {
        return;
    }
    const std::string name = joint->name;
    editSpec(tr("%1 axis of %2 = (%3, %4, %5)")
                 .arg(second ? tr("Second") : tr("First"), QString::fromStdString(name),
                      number(unit.x()), number(unit.y()), number(unit.z())),
             [&](MechanismSpec& spec) {
                 for (JointSpec& j : spec.joints) {
                     if (j.name == name) {
                         (second ? j.axis2 : j.axis) = unit;
                     }
                 }
             });
}

void PropertiesPanel::applyInput(bool input) {
    const std::optional<std::string> name = m_joint->chosenJoint();
    if (!m_space.drawn || !name) {
        return;
    }
    const std::string joint = *name;
    const QString text = (input ? tr("Make %1 an input") : tr("%1 no longer an input"))
                             .arg(QString::fromStdString(joint));
    m_canvas->edit([&](Drawing& d) { return input ? setInput(d, joint) : clearInput(d, joint); },
                   text);
}

void PropertiesPanel::applyRate(double rate) {
    const std::optional<std::string> name = m_joint->chosenJoint();
    if (!m_space.drawn || !name) {
        return;
    }
    const std::string joint = *name;
    m_canvas->edit([&](Drawing& d) { return setInputRate(d, joint, rate); },
                   tr("Initial rate of %1").arg(QString::fromStdString(joint)));
}

// ---- closing a loop (spatial) ----

bool PropertiesPanel::closeLoop(const LoopClosure& closure, QString* error) {
    MechanismSpec spec = m_document->spec();
    std::string note;
    const EditError refused = sslm::closeLoop(spec, closure, &note);
    if (!refused.empty()) {
        if (error != nullptr) {
            *error = QString::fromStdString(refused);
        }
        return false;
    }
    const JointSpec& joint = spec.joints.back();
    const QString text =
        tr("Close loop %1: %2 (%3) – %4 (%5)")
            .arg(QString::fromStdString(joint.name), QString::fromStdString(joint.parent.body),
                 QString::fromStdString(joint.parent.point),
                 QString::fromStdString(joint.child.body),
                 QString::fromStdString(joint.child.point));
    const QString name = QString::fromStdString(joint.name);
    m_document->edit(std::move(spec), text); // rebuilds the tree and validates
    selectJoint(name);
    Q_EMIT edited(note.empty() ? text : text + QStringLiteral("; ") + QString::fromStdString(note));
    return true;
}

void PropertiesPanel::promptCloseLoop() {
    const LoadOutcome compiled = compileMechanism(m_document->spec(), m_document->path());
    CloseLoopDialog dialog(m_document->spec(),
                           compiled.mechanism ? compiled.mechanism->model : nullptr,
                           compiled.mechanism ? compiled.mechanism->q0 : Eigen::VectorXd(), this);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    QString error;
    if (!closeLoop(dialog.closure(), &error)) {
        QMessageBox::warning(this, tr("Close a Loop"), tr("Nothing was changed.\n\n%1").arg(error));
    }
}

} // namespace sslm::ui
