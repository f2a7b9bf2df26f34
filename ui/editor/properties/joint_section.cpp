// SPDX-License-Identifier: MIT
#include "ui/editor/properties/joint_section.hpp"

#include <algorithm>
#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>

#include "core/spec/joint_kinds.hpp"
#include "ui/editor/properties/property_fields.hpp"
#include "ui/editor/signal_editor.hpp"

namespace sslm::ui {

namespace {

constexpr double kDegree = M_PI / 180.0;

enum ActuatorChoice { kNoActuator, kForce, kTracking };

/// The joint types that have an axis (all but the spherical joint).
bool hasAxis(JointType type) {
    return type != JointType::Spherical;
}

} // namespace

JointSection::JointSection(QWidget* parent) : QGroupBox(tr("Joint"), parent) {
    m_form = new QFormLayout(this);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    buildTypeRows();
    buildDrawnRows();
    buildActuatorRows();
    connectTypeEditors();
    connectDrawnEditors();
    connectActuatorEditors();
}

void JointSection::buildTypeRows() {
    m_joint = new QComboBox;
    m_joint->setToolTip(tr("The joints at the selected point"));
    m_type = new QComboBox;
    m_axisAngle = numberBox(tr("The slider's axis: its angle in the parent's frame"),
                            QStringLiteral(" °"), -360, 360, 3);
    m_form->addRow(tr("joint"), m_joint);
    m_form->addRow(tr("type"), m_type);
    m_form->addRow(tr("axis"), m_axisAngle);
    for (const bool second : {false, true}) {
        for (int k = 0; k < 3; ++k) {
            QDoubleSpinBox* box = numberBox(second ? tr("The universal joint's second axis, "
                                                        "fixed in the child (normalised when "
                                                        "stored; perpendicular to the first)")
                                                   : tr("The joint's axis, fixed in the parent "
                                                        "(normalised when stored)"),
                                            QString(), -1.0, 1.0, 6);
            box->setSingleStep(0.1);
            m_axis[second][k] = box;
            m_form->addRow(tr("%1 %2").arg(second ? tr("axis 2") : tr("axis"), axisName(k)), box);
        }
    }
}

void JointSection::buildDrawnRows() {
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
    m_form->addRow(QString(), m_input);
    m_form->addRow(tr("initial rate"), m_rate);
    m_form->addRow(QString(), m_spring);
    m_form->addRow(tr("stiffness"), m_stiffness);
    m_form->addRow(tr("rest at"), m_rest);
    m_form->addRow(tr("damping"), m_damping);
}

void JointSection::buildActuatorRows() {
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
    m_form->addRow(tr("actuator"), m_actuator);
    m_form->addRow(tr("force"), m_force);
    m_form->addRow(tr("kp"), m_kp);
    m_form->addRow(tr("kd"), m_kd);
    m_form->addRow(tr("reference"), m_reference);
}

void JointSection::connectTypeEditors() {
    connect(m_joint, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating) {
            Q_EMIT chosen();
        }
    });
    connect(m_type, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating && m_type->currentIndex() >= 0) {
            Q_EMIT typeChosen(static_cast<JointType>(m_type->currentData().toInt()));
        }
    });
    connect(m_axisAngle, &QDoubleSpinBox::valueChanged, this, [this](double degrees) {
        if (!m_updating) {
            Q_EMIT drawnEdited([degrees](JointProperties& p) { p.axisAngle = degrees * kDegree; });
        }
    });
    for (const bool second : {false, true}) {
        for (QDoubleSpinBox* box : m_axis[second]) {
            connect(box, &QDoubleSpinBox::valueChanged, this, [this, second] {
                if (!m_updating) {
                    axisEdited(second);
                }
            });
        }
    }
}

void JointSection::axisEdited(bool second) {
    QDoubleSpinBox* const* boxes = m_axis[second];
    Eigen::Vector3d v(boxes[0]->value(), boxes[1]->value(), boxes[2]->value());
    if (v.norm() < 1e-9) {
        Q_EMIT refused(tr("The axis of %1 cannot be zero: give a direction").arg(m_name));
        return;
    }
    v.normalize();
    // the unit vector that is stored, shown at once
    m_updating = true;
    for (int k = 0; k < 3; ++k) {
        boxes[k]->setValue(v[k]);
    }
    m_updating = false;
    Q_EMIT axisTyped(second, v);
}

void JointSection::connectDrawnEditors() {
    connect(m_input, &QCheckBox::toggled, this, [this](bool input) {
        if (!m_updating) {
            Q_EMIT inputToggled(input);
        }
    });
    connect(m_rate, &QDoubleSpinBox::valueChanged, this, [this](double rate) {
        if (!m_updating) {
            Q_EMIT rateTyped(rate);
        }
    });
    connect(m_spring, &QCheckBox::toggled, this, [this](bool on) {
        if (!m_updating) {
            Q_EMIT drawnEdited([on](JointProperties& p) {
                p.springDamper =
                    on ? std::optional<SpringDamperSpec>(SpringDamperSpec{}) : std::nullopt;
            });
        }
    });
    const auto springField = [this](QDoubleSpinBox* box, double SpringDamperSpec::*field) {
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, field](double value) {
            if (!m_updating) {
                Q_EMIT drawnEdited([field, value](JointProperties& p) {
                    if (p.springDamper) {
                        (*p.springDamper).*field = value;
                    }
                });
            }
        });
    };
    springField(m_stiffness, &SpringDamperSpec::stiffness);
    springField(m_rest, &SpringDamperSpec::restPosition);
    springField(m_damping, &SpringDamperSpec::damping);
}

void JointSection::connectActuatorEditors() {
    connect(m_actuator, &QComboBox::currentIndexChanged, this, [this] {
        const int choice = m_actuator->currentData().toInt();
        if (m_updating) {
            return;
        }
        Q_EMIT drawnEdited([choice](JointProperties& p) {
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
            if (!m_updating) {
                Q_EMIT drawnEdited([field, value](JointProperties& p) {
                    if (p.actuator) {
                        (*p.actuator).*field = value;
                    }
                });
            }
        });
    };
    actuatorField(m_kp, &ActuatorSpec::kp);
    actuatorField(m_kd, &ActuatorSpec::kd);
    const auto signalField = [this](SignalEditor* editor, SignalSpec ActuatorSpec::*field) {
        connect(editor, &SignalEditor::changed, this, [this, editor, field] {
            const SignalSpec signal = editor->signal();
            if (!m_updating) {
                Q_EMIT drawnEdited([field, signal](JointProperties& p) {
                    if (p.actuator) {
                        (*p.actuator).*field = signal;
                    }
                });
            }
        });
    };
    signalField(m_force, &ActuatorSpec::force);
    signalField(m_reference, &ActuatorSpec::reference);
}

void JointSection::setSpace(const PropertiesSpace& space) {
    m_space = space;
    m_updating = true;
    m_type->clear();
    for (const auto& [type, word] : space.jointTypes) {
        m_type->addItem(word, static_cast<int>(type));
        m_type->setItemData(m_type->count() - 1,
                            tr("%1 coordinate(s) in the tree; %2 loop equations as a cut")
                                .arg(coordinateCount(type))
                                .arg(constraintRowCount(type, space.space)),
                            Qt::ToolTipRole);
    }
    m_type->setToolTip(space.jointTypeTip);
    m_updating = false;
    for (QWidget* row : {static_cast<QWidget*>(m_joint), static_cast<QWidget*>(m_axisAngle),
                         static_cast<QWidget*>(m_input), static_cast<QWidget*>(m_rate),
                         static_cast<QWidget*>(m_spring), static_cast<QWidget*>(m_stiffness),
                         static_cast<QWidget*>(m_rest), static_cast<QWidget*>(m_damping),
                         static_cast<QWidget*>(m_actuator), static_cast<QWidget*>(m_force),
                         static_cast<QWidget*>(m_kp), static_cast<QWidget*>(m_kd),
                         static_cast<QWidget*>(m_reference)}) {
        m_form->setRowVisible(row, space.drawn);
    }
    for (QDoubleSpinBox* const* boxes : m_axis) {
        for (int k = 0; k < 3; ++k) {
            m_form->setRowVisible(boxes[k], space.dimensions == 3);
        }
    }
}

void JointSection::showChoices(const std::vector<std::pair<std::string, QString>>& joints,
                               const std::string& keep) {
    m_updating = true;
    m_joint->clear();
    for (const auto& [name, label] : joints) {
        m_joint->addItem(label, QString::fromStdString(name));
    }
    const auto kept = std::find_if(joints.begin(), joints.end(),
                                   [&](const auto& joint) { return joint.first == keep; });
    if (!joints.empty()) {
        m_joint->setCurrentIndex(kept == joints.end() ? 0
                                                      : static_cast<int>(kept - joints.begin()));
    }
    m_updating = false;
}

std::optional<std::string> JointSection::chosenJoint() const {
    if (m_joint->currentIndex() < 0) {
        return std::nullopt;
    }
    return m_joint->currentData().toString().toStdString();
}

void JointSection::showJoint(const JointSpec& joint,
                             const JointProperties* drawn,
                             const InitialStateSpec& initial) {
    m_updating = true;
    m_name = QString::fromStdString(joint.name);
    const JointType type = drawn != nullptr ? drawn->type : joint.type;
    m_type->setCurrentIndex(m_type->findData(static_cast<int>(type)));
    if (m_space.dimensions == 3) {
        for (int k = 0; k < 3; ++k) {
            m_axis[0][k]->setValue(joint.axis[k]);
            m_axis[1][k]->setValue(joint.axis2[k]);
            m_form->setRowVisible(m_axis[0][k], hasAxis(type));
            m_form->setRowVisible(m_axis[1][k], type == JointType::Universal);
        }
    }
    if (drawn != nullptr) {
        showDynamics(joint, *drawn, initial);
    }
    m_updating = false;
}

void JointSection::showUnits(bool prismatic) {
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
}

void JointSection::showDynamics(const JointSpec& joint,
                                const JointProperties& properties,
                                const InitialStateSpec& initial) {
    const bool prismatic = properties.type == JointType::Prismatic;
    m_form->setRowVisible(m_axisAngle, prismatic);
    m_axisAngle->setValue(properties.axisAngle / kDegree);
    showUnits(prismatic);

    const auto isCoordinate = [&](const auto& entry) {
        return entry.first == joint.coordinateName();
    };
    const bool input =
        std::any_of(initial.independent.begin(), initial.independent.end(), isCoordinate);
    m_input->setChecked(input);
    m_form->setRowVisible(m_rate, input);
    const auto rate = std::find_if(initial.rates.begin(), initial.rates.end(), isCoordinate);
    m_rate->setValue(rate == initial.rates.end() ? 0.0 : rate->second);

    const SpringDamperSpec spring = properties.springDamper.value_or(SpringDamperSpec{});
    m_spring->setChecked(properties.springDamper.has_value());
    m_stiffness->setValue(spring.stiffness);
    m_rest->setValue(spring.restPosition);
    m_damping->setValue(spring.damping);
    for (QWidget* row : {static_cast<QWidget*>(m_stiffness), static_cast<QWidget*>(m_rest),
                         static_cast<QWidget*>(m_damping)}) {
        m_form->setRowVisible(row, properties.springDamper.has_value());
    }

    const ActuatorSpec actuator = properties.actuator.value_or(ActuatorSpec{});
    const int choice = !properties.actuator                              ? kNoActuator
                       : actuator.kind == ActuatorSpec::Kind::PdTracking ? kTracking
                                                                         : kForce;
    m_actuator->setCurrentIndex(m_actuator->findData(choice));
    m_force->setSignal(actuator.force);
    m_kp->setValue(actuator.kp);
    m_kd->setValue(actuator.kd);
    m_reference->setSignal(actuator.reference);
    m_form->setRowVisible(m_force, choice != kNoActuator);
    for (QWidget* row : {static_cast<QWidget*>(m_kp), static_cast<QWidget*>(m_kd),
                         static_cast<QWidget*>(m_reference)}) {
        m_form->setRowVisible(row, choice == kTracking);
    }
}

} // namespace sslm::ui
