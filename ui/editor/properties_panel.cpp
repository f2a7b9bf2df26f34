// SPDX-License-Identifier: MIT
// Over 600 lines: The Properties dock: the selection's tree and its sections, each edit one
// undoable step of the document.
#include "ui/editor/properties_panel.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QVBoxLayout>

#include "core/edit/joint_properties.hpp"
#include "core/interop/mass_properties.hpp"
#include "core/model/compile.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/editor/counterweight_table.hpp"
#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/signal_editor.hpp"
#include "ui/editor/visual_table.hpp"

namespace sslm::ui {

namespace {

constexpr double kDegree = M_PI / 180.0;

QDoubleSpinBox* numberBox(const QString& tip,
                          const QString& suffix,
                          double low = -1e6,
                          double high = 1e6,
                          int decimals = 4) {
    auto* box = new QDoubleSpinBox;
    box->setRange(low, high);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    box->setKeyboardTracking(false);
    box->setToolTip(tip);
    return box;
}

const BodySpec* findBody(const Drawing& drawing, const std::string& id) {
    const auto it = std::find_if(drawing.spec.bodies.begin(), drawing.spec.bodies.end(),
                                 [&](const BodySpec& b) { return b.id == id; });
    return it == drawing.spec.bodies.end() ? nullptr : &*it;
}

const JointSpec* findJoint(const Drawing& drawing, const std::string& name) {
    const auto it = std::find_if(drawing.spec.joints.begin(), drawing.spec.joints.end(),
                                 [&](const JointSpec& j) { return j.name == name; });
    return it == drawing.spec.joints.end() ? nullptr : &*it;
}

/// A bar with two points: its length can be typed.
bool isBar(const BodySpec& body) {
    return body.shape == BodyShape::Bar && body.points.size() == 2;
}

/// A length or coordinate in m, to the micrometre.
QDoubleSpinBox* metresBox(const QString& tip) {
    QDoubleSpinBox* box = numberBox(tip, QStringLiteral(" m"), -100, 100, 6);
    box->setSingleStep(0.005);
    return box;
}

/// Shows a number that must be positive as the document has it (a file's −2 kg, not a
/// clamped 0): while it is not positive, the box is marked and its tool tip says what to fix
/// (the Check panel lists it too).
void showPositive(QDoubleSpinBox* box, double value, const QString& what) {
    if (!box->property("plainToolTip").isValid()) {
        box->setProperty("plainToolTip", box->toolTip());
    }
    box->setValue(value);
    const bool bad = !(value > 0);
    box->setStyleSheet(bad ? QStringLiteral("QDoubleSpinBox { background: #fde2e2; }") : QString());
    const QString plain = box->property("plainToolTip").toString();
    box->setToolTip(bad ? QCoreApplication::translate("PropertiesPanel",
                                                      "%1 must be positive; it is %2%3. Type a "
                                                      "number greater than 0.\n\n%4")
                              .arg(what, QString::number(value, 'g', 6), box->suffix(), plain)
                        : plain);
}

/// A link as the views name it: its name ("#2 rocker"), else its id.
QString linkName(const BodySpec& link) {
    return QString::fromStdString(link.name.empty() ? link.id : link.name);
}

enum ActuatorChoice { kNoActuator, kForce, kTracking };

} // namespace

PropertiesPanel::PropertiesPanel(EditorCanvas* canvas, QWidget* parent)
    : QWidget(parent), m_canvas(canvas) {
    m_title = new QLabel;
    m_title->setWordWrap(true);
    buildPointGroup();
    buildLinkGroup();
    buildJointGroup();
    layOutContent();
    connectPointEditors();
    connectLinkEditors();
    connectJointEditors();
    connectActuatorEditors();
    connect(m_canvas, &EditorCanvas::selectionChanged, this, &PropertiesPanel::showSelection);
    showSelection();
}

void PropertiesPanel::buildPointGroup() {
    m_x = metresBox(tr("x of the selected point in the ground frame"));
    m_y = metresBox(tr("y of the selected point in the ground frame"));
    m_frameX = metresBox(tr("x of the point in its link's frame (origin at the link's first "
                            "point, x-axis towards its second)"));
    m_frameY = metresBox(tr("y of the point in its link's frame"));
    m_traced = new QCheckBox(tr("traced"));
    m_traced->setToolTip(tr("Trace this point: its path (a coupler curve) is drawn while "
                            "driving and in the 3-D view, and written with the run's data"));
    m_pointGroup = new QGroupBox(tr("Point"));
    auto* pointForm = new QFormLayout(m_pointGroup);
    pointForm->addRow(QStringLiteral("x"), m_x);
    pointForm->addRow(QStringLiteral("y"), m_y);
    auto* inFrame = new QHBoxLayout;
    inFrame->addWidget(m_frameX);
    inFrame->addWidget(m_frameY);
    m_frameLabel = new QLabel;
    pointForm->addRow(m_frameLabel, inFrame);
    m_pointForm = pointForm;
    pointForm->addRow(QString(), m_traced);
}

void PropertiesPanel::buildLinkGroup() {
    m_name = new QLineEdit;
    m_name->setToolTip(tr("The link's name, shown in the views and the plots"));
    // the range takes a file's non-positive value as it is, to be shown and fixed
    m_mass = numberBox(tr("The link's mass"), QStringLiteral(" kg"), -1e6, 1e6);
    m_comX = metresBox(tr("Centre of mass, x in the link's frame (origin at its first point, "
                          "x-axis towards its second)"));
    m_comY = metresBox(tr("Centre of mass, y in the link's frame"));
    m_uniform = new QCheckBox(tr("uniform from the shape"));
    m_uniform->setToolTip(tr("Inertia of a uniform bar or plate of the link's shape and mass; "
                             "untick to type it"));
    m_inertia = numberBox(tr("Moment of inertia about the centre of mass"),
                          QStringLiteral(" kg·m²"), -1e6, 1e6, 10);
    m_length = metresBox(tr("The bar's length: its second point moves along the bar (links "
                            "pinned there follow)"));
    m_length->setMinimum(1e-6);
    m_angle = numberBox(tr("The bar's angle from the x-axis of the ground, counter-clockwise: "
                           "its second point turns about its first"),
                        QStringLiteral(" °"), -360, 360, 3);
    m_linkGroup = new QGroupBox(tr("Link"));
    m_linkForm = new QFormLayout(m_linkGroup);
    m_linkForm->addRow(tr("name"), m_name);
    m_linkForm->addRow(tr("mass"), m_mass);
    auto* com = new QHBoxLayout;
    com->addWidget(m_comX);
    com->addWidget(m_comY);
    m_linkForm->addRow(tr("COM x, y"), com);
    m_linkForm->addRow(tr("inertia"), m_uniform);
    m_linkForm->addRow(QString(), m_inertia);
    m_linkForm->addRow(tr("length"), m_length);
    m_linkForm->addRow(tr("angle"), m_angle);
    m_counterweights = new CounterweightTable;
    m_linkForm->addRow(tr("counterweights"), m_counterweights);
    m_visuals = new VisualTable;
    m_linkForm->addRow(tr("visuals"), m_visuals);
}

void PropertiesPanel::buildJointGroup() {
    m_joint = new QComboBox;
    m_joint->setToolTip(tr("The joints at the selected point"));
    m_type = new QComboBox;
    m_type->addItem(tr("revolute (pin)"), static_cast<int>(JointType::Revolute));
    m_type->addItem(tr("prismatic (slider)"), static_cast<int>(JointType::Prismatic));
    m_type->setToolTip(tr("A pin, or a slider along an axis fixed to the parent; the mechanism "
                          "keeps its drawn pose"));
    m_axis = numberBox(tr("The slider's axis: its angle in the parent's frame"),
                       QStringLiteral(" °"), -360, 360, 3);
    m_input = new QCheckBox(tr("input (independent coordinate)"));
    m_input->setToolTip(tr("The joint's coordinate is given at the start (at its drawn value) "
                           "and its actuator drives the mechanism"));
    m_rate = numberBox(tr("Initial rate of the input, e.g. 4.7124 rad/s for 45 rpm"),
                       QStringLiteral(" rad/s"), -1e4, 1e4);
    m_spring = new QCheckBox(tr("spring/damper"));
    m_spring->setToolTip(tr("A linear spring and a viscous damper on the joint's coordinate"));
    m_stiffness = numberBox(tr("Spring stiffness"), QString(), -1e9, 1e9);
    m_rest = numberBox(tr("The coordinate's value at which the spring is relaxed"), QString(), -1e3,
                       1e3);
    m_damping = numberBox(tr("Viscous damping"), QString(), 0, 1e9);
    m_actuator = new QComboBox;
    m_actuator->addItem(tr("none"), kNoActuator);
    m_actuator->addItem(tr("force f(t)"), kForce);
    m_actuator->addItem(tr("PD tracking of a reference"), kTracking);
    m_actuator->setToolTip(tr("A generalized force on the joint's coordinate: a given signal of "
                              "time, or kp·(q_ref − q) + kd·(q̇_ref − q̇) plus the signal"));
    m_force = new SignalEditor;
    m_kp = numberBox(tr("Proportional gain"), QString(), 0, 1e9);
    m_kd = numberBox(tr("Derivative gain"), QString(), 0, 1e9);
    m_reference = new SignalEditor;
    m_jointGroup = new QGroupBox(tr("Joint"));
    m_jointForm = new QFormLayout(m_jointGroup);
    m_jointForm->addRow(tr("joint"), m_joint);
    m_jointForm->addRow(tr("type"), m_type);
    m_jointForm->addRow(tr("axis"), m_axis);
    m_jointForm->addRow(QString(), m_input);
    m_jointForm->addRow(tr("initial rate"), m_rate);
    m_jointForm->addRow(QString(), m_spring);
    m_jointForm->addRow(tr("stiffness"), m_stiffness);
    m_jointForm->addRow(tr("rest at"), m_rest);
    m_jointForm->addRow(tr("damping"), m_damping);
    m_jointForm->addRow(tr("actuator"), m_actuator);
    m_jointForm->addRow(tr("force"), m_force);
    m_jointForm->addRow(tr("kp"), m_kp);
    m_jointForm->addRow(tr("kd"), m_kd);
    m_jointForm->addRow(tr("reference"), m_reference);
}

void PropertiesPanel::layOutContent() {
    auto* content = new QWidget;
    auto* column = new QVBoxLayout(content);
    column->addWidget(m_title);
    column->addWidget(m_pointGroup);
    column->addWidget(m_linkGroup);
    column->addWidget(m_jointGroup);
    column->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
}

void PropertiesPanel::connectPointEditors() {
    connect(m_x, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::applyPoint);
    connect(m_y, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::applyPoint);
    connect(m_frameX, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::applyPointInFrame);
    connect(m_frameY, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::applyPointInFrame);
    connect(m_traced, &QCheckBox::toggled, this, [this] {
        if (!m_updating) {
            m_canvas->toggleSelectionTrace();
        }
    });
}

void PropertiesPanel::connectLinkEditors() {
    // each field changes only its own number, on the document's exact values (the boxes show
    // them rounded)
    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        const std::string name = m_name->text().trimmed().toStdString();
        editBody([&](BodyProperties& p) { p.name = name; });
    });
    connect(m_mass, &QDoubleSpinBox::valueChanged, this,
            [this](double mass) { editBody([&](BodyProperties& p) { p.mass = mass; }); });
    connect(m_comX, &QDoubleSpinBox::valueChanged, this,
            [this](double x) { editBody([&](BodyProperties& p) { p.com_B.x() = x; }); });
    connect(m_comY, &QDoubleSpinBox::valueChanged, this,
            [this](double y) { editBody([&](BodyProperties& p) { p.com_B.y() = y; }); });
    connect(m_inertia, &QDoubleSpinBox::valueChanged, this, [this](double inertia) {
        editBody([&](BodyProperties& p) { p.inertiaCom = inertia; });
    });
    connect(m_uniform, &QCheckBox::toggled, this, [this](bool uniform) {
        m_inertia->setEnabled(!uniform);
        const double typed = m_inertia->value(); // what "uniform" gives, as the typed start
        editBody([&](BodyProperties& p) {
            p.inertiaCom = uniform ? std::nullopt : std::optional<double>(typed);
        });
    });
    connect(m_counterweights, &CounterweightTable::edited, this,
            [this](const std::vector<CounterweightSpec>& weights, const QString& text) {
                editBody([&](BodyProperties& p) { p.counterweights = weights; }, text);
            });
    connect(m_visuals, &VisualTable::edited, this,
            [this](const std::vector<VisualSpec>& visuals, const QString& text) {
                editBody([&](BodyProperties& p) { p.visuals = visuals; }, text);
            });
    m_visuals->setMassFromMesh([this](int row, double density, QString* error) {
        return setMassFromVisual(row, density, error);
    });
    connect(m_length, &QDoubleSpinBox::valueChanged, this,
            [this](double length) { editBar(length, std::nullopt); });
    connect(m_angle, &QDoubleSpinBox::valueChanged, this,
            [this](double degrees) { editBar(std::nullopt, degrees * kDegree); });
}

void PropertiesPanel::connectJointEditors() {
    connect(m_joint, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating) {
            showJoint();
        }
    });
    connect(m_type, &QComboBox::currentIndexChanged, this, [this] {
        const auto type = static_cast<JointType>(m_type->currentData().toInt());
        editJoint([&](JointProperties& p) {
            if (p.type != type) {
                p.type = type;
                p.axisAngle = 0; // a new slider runs along the parent's x-axis
            }
        });
    });
    connect(m_axis, &QDoubleSpinBox::valueChanged, this, [this](double degrees) {
        editJoint([&](JointProperties& p) { p.axisAngle = degrees * kDegree; });
    });
    connect(m_input, &QCheckBox::toggled, this, &PropertiesPanel::applyInput);
    connect(m_rate, &QDoubleSpinBox::valueChanged, this, &PropertiesPanel::applyRate);
    connect(m_spring, &QCheckBox::toggled, this, [this](bool on) {
        editJoint([&](JointProperties& p) {
            p.springDamper =
                on ? std::optional<SpringDamperSpec>(SpringDamperSpec{}) : std::nullopt;
        });
    });
    const auto springField = [this](QDoubleSpinBox* box, double SpringDamperSpec::*field) {
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, field](double value) {
            editJoint([&](JointProperties& p) {
                if (p.springDamper) {
                    (*p.springDamper).*field = value;
                }
            });
        });
    };
    springField(m_stiffness, &SpringDamperSpec::stiffness);
    springField(m_rest, &SpringDamperSpec::restPosition);
    springField(m_damping, &SpringDamperSpec::damping);
}

void PropertiesPanel::connectActuatorEditors() {
    connect(m_actuator, &QComboBox::currentIndexChanged, this, [this] {
        const int choice = m_actuator->currentData().toInt();
        editJoint([&](JointProperties& p) {
            if (choice == kNoActuator) {
                p.actuator.reset();
                return;
            }
            ActuatorSpec actuator = p.actuator.value_or(ActuatorSpec{});
            actuator.kind =
                choice == kTracking ? ActuatorSpec::Kind::PdTracking : ActuatorSpec::Kind::Force;
            p.actuator = actuator;
        });
    });
    const auto actuatorField = [this](QDoubleSpinBox* box, double ActuatorSpec::*field) {
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, field](double value) {
            editJoint([&](JointProperties& p) {
                if (p.actuator) {
                    (*p.actuator).*field = value;
                }
            });
        });
    };
    actuatorField(m_kp, &ActuatorSpec::kp);
    actuatorField(m_kd, &ActuatorSpec::kd);
    connect(m_force, &SignalEditor::changed, this, [this] {
        const SignalSpec force = m_force->signal();
        editJoint([&](JointProperties& p) {
            if (p.actuator) {
                p.actuator->force = force;
            }
        });
    });
    connect(m_reference, &SignalEditor::changed, this, [this] {
        const SignalSpec reference = m_reference->signal();
        editJoint([&](JointProperties& p) {
            if (p.actuator) {
                p.actuator->reference = reference;
            }
        });
    });
}

std::optional<std::string> PropertiesPanel::chosenJoint() const {
    if (m_joint->currentIndex() < 0) {
        return std::nullopt;
    }
    return m_joint->currentData().toString().toStdString();
}

void PropertiesPanel::showSelection() {
    m_updating = true;
    const Drawing& drawing = m_canvas->drawing();
    const std::optional<JointEnd>& point = m_canvas->selectedPoint();
    const std::optional<std::string>& body = m_canvas->selectedBody();
    const std::optional<Eigen::Vector2d> at =
        point ? pointInWorld(drawing, *point) : std::optional<Eigen::Vector2d>();
    const BodySpec* link = body ? findBody(drawing, *body) : nullptr;

    m_pointGroup->setVisible(at.has_value());
    if (at) {
        m_title->setText(
            tr("Point %1 of %2")
                .arg(QString::fromStdString(point->point), QString::fromStdString(point->body)));
        m_x->setValue(at->x());
        m_y->setValue(at->y());
        const bool onLink = point->body != "ground";
        m_pointForm->setRowVisible(m_frameLabel, onLink);
        if (const BodySpec* owner = onLink ? findBody(drawing, point->body) : nullptr) {
            const auto p = std::find_if(owner->points.begin(), owner->points.end(),
                                        [&](const BodyPoint& b) { return b.name == point->point; });
            m_frameLabel->setText(tr("in %1").arg(linkName(*owner)));
            m_frameX->setValue(p->p_B.x());
            m_frameY->setValue(p->p_B.y());
        }
        const auto& traces = drawing.spec.tracedPoints;
        m_traced->setChecked(std::any_of(traces.begin(), traces.end(),
                                         [&](const TracedPointSpec& t) { return t.at == *point; }));
        m_traced->setEnabled(point->body != "ground");
    }

    m_linkGroup->setVisible(link != nullptr);
    if (link != nullptr) {
        double length = 0;
        for (const BodyPoint& a : link->points) {
            for (const BodyPoint& b : link->points) {
                length = std::max(length, (a.p_B - b.p_B).norm());
            }
        }
        m_title->setText(tr("Link %1: %2 m across").arg(linkName(*link)).arg(length, 0, 'g', 4));
        m_name->setText(QString::fromStdString(link->name));
        showPositive(m_mass, link->mass, tr("The mass"));
        m_comX->setValue(link->com_B.x());
        m_comY->setValue(link->com_B.y());
        m_uniform->setChecked(!link->inertiaCom);
        m_inertia->setEnabled(link->inertiaCom.has_value());
        // the value "uniform" gives, as the starting point for a typed one
        showPositive(m_inertia, link->inertiaCom ? *link->inertiaCom : uniformInertia(*link),
                     tr("The moment of inertia"));
        m_counterweights->showWeights(link->counterweights, link->mass, linkName(*link), false);
        m_visuals->showVisuals(link->visuals, linkName(*link));
        const bool bar = isBar(*link);
        m_linkForm->setRowVisible(m_length, bar);
        m_linkForm->setRowVisible(m_angle, bar);
        if (bar) {
            const Eigen::Vector2d a = *pointInWorld(drawing, {link->id, link->points[0].name});
            const Eigen::Vector2d b = *pointInWorld(drawing, {link->id, link->points[1].name});
            m_length->setValue((b - a).norm());
            m_angle->setValue(std::atan2((b - a).y(), (b - a).x()) / kDegree);
        }
    }

    const std::vector<std::string> joints =
        at ? jointsAt(drawing, *point) : std::vector<std::string>();
    m_jointGroup->setVisible(!joints.empty());
    m_joint->clear();
    for (const std::string& name : joints) {
        const JointSpec& joint = *findJoint(drawing, name);
        m_joint->addItem(QStringLiteral("%1 (%2): %3.%4 – %5.%6")
                             .arg(QString::fromStdString(name),
                                  QString::fromStdString(joint.coordinateName()),
                                  QString::fromStdString(joint.parent.body),
                                  QString::fromStdString(joint.parent.point),
                                  QString::fromStdString(joint.child.body),
                                  QString::fromStdString(joint.child.point)),
                         QString::fromStdString(name));
    }
    if (!joints.empty()) {
        const auto kept = std::find(joints.begin(), joints.end(), m_shownJoint);
        m_joint->setCurrentIndex(kept == joints.end() ? 0
                                                      : static_cast<int>(kept - joints.begin()));
    }
    if (!at && link == nullptr) {
        m_title->setText(tr("Nothing selected. In the Edit tab: S selects, P places pivots, "
                            "L draws links, R sliders, T points, J pins, D drives the input."));
    }
    m_updating = false;
    showJoint();
}

void PropertiesPanel::showJoint() {
    const std::optional<std::string> name = chosenJoint();
    const Drawing& drawing = m_canvas->drawing();
    const std::optional<JointProperties> properties =
        name ? jointProperties(drawing, *name) : std::nullopt;
    if (!properties) {
        return;
    }
    m_updating = true;
    m_shownJoint = *name;
    const JointSpec& joint = *findJoint(drawing, *name);
    const bool prismatic = properties->type == JointType::Prismatic;
    m_type->setCurrentIndex(m_type->findData(static_cast<int>(properties->type)));
    m_jointForm->setRowVisible(m_axis, prismatic);
    m_axis->setValue(properties->axisAngle / kDegree);

    const QString unit = prismatic ? QStringLiteral("m") : QStringLiteral("rad");
    const QString force = prismatic ? QStringLiteral("N") : QStringLiteral("N·m");
    const QString perUnit = QStringLiteral(" %1/%2").arg(force, unit);
    const QString perRate = QStringLiteral(" %1·s/%2").arg(force, unit);
    m_rate->setSuffix(QStringLiteral(" %1/s").arg(unit));
    m_stiffness->setSuffix(perUnit);
    m_rest->setSuffix(QStringLiteral(" ") + unit);
    m_damping->setSuffix(perRate);
    m_kp->setSuffix(perUnit);
    m_kd->setSuffix(perRate);
    m_force->setUnit(force);
    m_reference->setUnit(unit);

    const InitialStateSpec& initial = drawing.spec.initial;
    const auto isCoordinate = [&](const auto& entry) {
        return entry.first == joint.coordinateName();
    };
    const bool input =
        std::any_of(initial.independent.begin(), initial.independent.end(), isCoordinate);
    m_input->setChecked(input);
    m_jointForm->setRowVisible(m_rate, input);
    const auto rate = std::find_if(initial.rates.begin(), initial.rates.end(), isCoordinate);
    m_rate->setValue(rate == initial.rates.end() ? 0.0 : rate->second);

    const SpringDamperSpec spring = properties->springDamper.value_or(SpringDamperSpec{});
    m_spring->setChecked(properties->springDamper.has_value());
    m_stiffness->setValue(spring.stiffness);
    m_rest->setValue(spring.restPosition);
    m_damping->setValue(spring.damping);
    for (QWidget* row : {static_cast<QWidget*>(m_stiffness), static_cast<QWidget*>(m_rest),
                         static_cast<QWidget*>(m_damping)}) {
        m_jointForm->setRowVisible(row, properties->springDamper.has_value());
    }

    const ActuatorSpec actuator = properties->actuator.value_or(ActuatorSpec{});
    const int choice = !properties->actuator                             ? kNoActuator
                       : actuator.kind == ActuatorSpec::Kind::PdTracking ? kTracking
                                                                         : kForce;
    m_actuator->setCurrentIndex(m_actuator->findData(choice));
    m_force->setSignal(actuator.force);
    m_kp->setValue(actuator.kp);
    m_kd->setValue(actuator.kd);
    m_reference->setSignal(actuator.reference);
    m_jointForm->setRowVisible(m_force, choice != kNoActuator);
    for (QWidget* row : {static_cast<QWidget*>(m_kp), static_cast<QWidget*>(m_kd),
                         static_cast<QWidget*>(m_reference)}) {
        m_jointForm->setRowVisible(row, choice == kTracking);
    }
    m_updating = false;
}

void PropertiesPanel::applyPoint() {
    const std::optional<JointEnd>& point = m_canvas->selectedPoint();
    if (m_updating || !point) {
        return;
    }
    // the box that changed gives its number; the other coordinate stays exactly where it is
    Eigen::Vector2d w = pointInWorld(m_canvas->drawing(), *point).value_or(Eigen::Vector2d::Zero());
    if (sender() == m_x) {
        w.x() = m_x->value();
    } else {
        w.y() = m_y->value();
    }
    m_canvas->moveSelectedPoint(w);
}

void PropertiesPanel::applyPointInFrame() {
    const std::optional<JointEnd>& point = m_canvas->selectedPoint();
    if (m_updating || !point) {
        return;
    }
    const Drawing& drawing = m_canvas->drawing();
    const auto pose = drawing.poses.find(point->body);
    const BodySpec* owner = findBody(drawing, point->body);
    if (pose == drawing.poses.end() || owner == nullptr) {
        return;
    }
    const auto current = std::find_if(owner->points.begin(), owner->points.end(),
                                      [&](const BodyPoint& b) { return b.name == point->point; });
    if (current == owner->points.end()) {
        return;
    }
    Eigen::Vector2d p_B = current->p_B;
    if (sender() == m_frameX) {
        p_B.x() = m_frameX->value();
    } else {
        p_B.y() = m_frameY->value();
    }
    const double c = std::cos(pose->second.angle);
    const double s = std::sin(pose->second.angle);
    const Eigen::Vector2d w =
        pose->second.origin + Eigen::Vector2d(c * p_B.x() - s * p_B.y(), s * p_B.x() + c * p_B.y());
    m_canvas->moveSelectedPoint(w);
}

void PropertiesPanel::editBody(const std::function<void(BodyProperties&)>& change,
                               const QString& text) {
    const std::optional<std::string>& body = m_canvas->selectedBody();
    if (m_updating || !body) {
        return;
    }
    std::optional<BodyProperties> properties = bodyProperties(m_canvas->drawing(), *body);
    if (!properties) {
        return;
    }
    change(*properties);
    if (!m_canvas->setSelectedBodyProperties(*properties, text)) {
        showSelection(); // refused (the reason is in the status bar): show the link as it is
    }
}

bool PropertiesPanel::setMassFromVisual(int row, double density, QString* error) {
    const auto fail = [error](const QString& why) {
        if (error != nullptr) {
            *error = why;
        }
        return false;
    };
    const std::optional<std::string>& body = m_canvas->selectedBody();
    const BodySpec* link = body ? findBody(m_canvas->drawing(), *body) : nullptr;
    if (link == nullptr) {
        return fail(tr("Choose a link first."));
    }
    if (row < 0 || row >= static_cast<int>(link->visuals.size()) ||
        link->visuals[static_cast<std::size_t>(row)].kind != VisualKind::Mesh) {
        return fail(tr("Choose a mesh visual of %1.").arg(linkName(*link)));
    }
    const VisualSpec& visual = link->visuals[static_cast<std::size_t>(row)];
    // a relative file is the document's (in memory they are absolute: mechanism_loader)
    std::filesystem::path file(visual.file);
    const MechanismDocument* document = m_canvas->document();
    if (file.is_relative() && document != nullptr && !document->path().isEmpty()) {
        file =
            std::filesystem::path(QFileInfo(document->path()).absolutePath().toStdString()) / file;
    }
    const MeshMassPropertiesResult props = visualMassProperties(visual, file, density);
    if (!props.ok()) {
        return fail(QString::fromStdString(props.error));
    }
    const MeshMassProperties& p = *props.properties;
    // in the plane: the mass, the COM's x and y, and the moment about the plane's normal
    const QString text =
        tr("Mass properties of %1 from %2 at %3 kg/m³: %4 kg")
            .arg(linkName(*link), QFileInfo(QString::fromStdString(visual.file)).fileName())
            .arg(density)
            .arg(p.mass, 0, 'g', 6);
    editBody(
        [&](BodyProperties& properties) {
            properties.mass = p.mass;
            properties.com_B = p.com.head<2>();
            properties.inertiaCom = p.inertiaCom(2, 2);
        },
        text);
    return true;
}

void PropertiesPanel::editBar(std::optional<double> length, std::optional<double> angle) {
    const std::optional<std::string>& body = m_canvas->selectedBody();
    const BodySpec* link = body ? findBody(m_canvas->drawing(), *body) : nullptr;
    if (m_updating || link == nullptr || !isBar(*link)) {
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
    if (!m_canvas->edit([&](Drawing& d) { return movePoint(d, second, to); },
                        tr("Length and angle of %1").arg(QString::fromStdString(link->id)))) {
        showSelection();
    }
}

void PropertiesPanel::editJoint(const std::function<void(JointProperties&)>& change) {
    const std::optional<std::string> name = chosenJoint();
    if (m_updating || !name) {
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

void PropertiesPanel::applyInput(bool input) {
    const std::optional<std::string> name = chosenJoint();
    if (m_updating || !name) {
        return;
    }
    const std::string joint = *name;
    const QString text = (input ? tr("Make %1 an input") : tr("%1 no longer an input"))
                             .arg(QString::fromStdString(joint));
    m_canvas->edit([&](Drawing& d) { return input ? setInput(d, joint) : clearInput(d, joint); },
                   text);
}

void PropertiesPanel::applyRate() {
    const std::optional<std::string> name = chosenJoint();
    if (m_updating || !name) {
        return;
    }
    const std::string joint = *name;
    const double rate = m_rate->value();
    m_canvas->edit([&](Drawing& d) { return setInputRate(d, joint, rate); },
                   tr("Initial rate of %1").arg(QString::fromStdString(joint)));
}

} // namespace sslm::ui
