// SPDX-License-Identifier: MIT
// Over 600 lines: The Forces dock: loads, two-point springs and cylinders, friction and end stops
// share one list, one form and one undo path.
#include "ui/editor/force_elements_panel.hpp"

#include <algorithm>
#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "ui/document/mechanism_document.hpp"
#include "ui/editor/signal_editor.hpp"
#include "ui/input/number_box.hpp"

namespace sslm::ui {
namespace {

constexpr int kSelectionRole = Qt::UserRole + 1;
constexpr double kBig = 1e12;

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

/// "crank · tip" for a point of a body (its name) or of the ground.
QString pointText(const MechanismSpec& spec, const JointEnd& end) {
    if (end.body == kGroundId) {
        return QStringLiteral("ground · %1").arg(qs(end.point));
    }
    for (const BodySpec& body : spec.bodies) {
        if (body.id == end.body) {
            return QStringLiteral("%1 · %2").arg(qs(body.name.empty() ? body.id : body.name),
                                                 qs(end.point));
        }
    }
    return QStringLiteral("%1 · %2").arg(qs(end.body), qs(end.point));
}

/// Every named point, of the bodies and (with `ground`) of the ground, in file order.
std::vector<JointEnd> namedPoints(const MechanismSpec& spec, bool ground) {
    std::vector<JointEnd> points;
    if (ground) {
        for (const BodyPoint& p : spec.ground.points) {
            points.push_back({kGroundId, p.name});
        }
    }
    for (const BodySpec& body : spec.bodies) {
        for (const BodyPoint& p : body.points) {
            points.push_back({body.id, p.name});
        }
    }
    return points;
}

bool isOneCoordinate(JointType type) {
    return type == JointType::Revolute || type == JointType::Prismatic;
}

QString jointSummary(const JointSpec& joint) {
    QStringList parts;
    if (joint.friction) {
        parts << QObject::tr("friction");
    }
    if (joint.limits) {
        parts << QObject::tr("stops");
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

ForceElementsPanel::ForceElementsPanel(MechanismDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);

    // short buttons: the dock shares the right column with the graph and must stay narrow
    auto* buttons = new QHBoxLayout;
    buttons->setSpacing(4);
    auto* addLoad = new QToolButton;
    addLoad->setText(tr("+ Load"));
    addLoad->setToolTip(tr("Add Load: click a body's point in the 3-D view to put a force on it"));
    auto* addSpring = new QToolButton;
    addSpring->setText(tr("+ Spring"));
    addSpring->setToolTip(tr("Add Spring: click two points in the 3-D view; it starts at its "
                             "rest length"));
    auto* addCylinder = new QToolButton;
    addCylinder->setText(tr("+ Cylinder"));
    addCylinder->setToolTip(tr("Add Cylinder: click two points in the 3-D view; a hydraulic "
                               "cylinder between them (its force is set below)"));
    m_remove = new QToolButton;
    m_remove->setText(tr("Remove"));
    m_remove->setToolTip(tr("Removes the chosen load or element, or the chosen joint's friction "
                            "and stops"));
    for (QToolButton* button : {addLoad, addSpring, addCylinder}) {
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        buttons->addWidget(button);
    }
    buttons->addStretch(1);
    layout->addLayout(buttons);
    connect(addLoad, &QToolButton::clicked, this, [this] { startPlacing(Placing::Load); });
    connect(addSpring, &QToolButton::clicked, this, [this] { startPlacing(Placing::Spring); });
    connect(addCylinder, &QToolButton::clicked, this, [this] { startPlacing(Placing::Cylinder); });
    connect(m_remove, &QToolButton::clicked, this, [this] { removeSelected(); });

    auto* splitter = new QSplitter(Qt::Vertical);
    m_tree = new QTreeWidget;
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Element"), tr("Carries")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->setRootIsDecorated(true);
    splitter->addWidget(m_tree);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    m_formHost = new QWidget;
    scroll->setWidget(m_formHost);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    // Remove goes under the list, beside the hint: the buttons above keep the dock narrow
    auto* footer = new QHBoxLayout;
    m_hint = new QLabel;
    m_hint->setWordWrap(true);
    footer->addWidget(m_hint, 1);
    footer->addWidget(m_remove, 0, Qt::AlignTop);
    layout->addLayout(footer);

    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (!item || !item->data(0, kSelectionRole).isValid()) {
            m_selection.reset();
        } else {
            const QPoint entry = item->data(0, kSelectionRole).toPoint();
            m_selection = Selection{static_cast<Selection::Kind>(entry.x()), entry.y()};
        }
        rebuildForm();
    });
    connect(m_document, &MechanismDocument::specChanged, this, [this] {
        if (m_applying) {
            rebuildTree(); // the form the user types in stays
        } else {
            rebuild();
        }
    });
    connect(m_document, &MechanismDocument::documentReplaced, this, [this] {
        cancelPlacing();
        m_selection.reset();
        rebuild();
    });
    rebuild();
}

std::string ForceElementsPanel::freshName(const std::string& stem,
                                          const std::vector<std::string>& names) {
    for (int k = 1;; ++k) {
        const std::string name = stem + " " + std::to_string(k);
        if (std::find(names.begin(), names.end(), name) == names.end()) {
            return name;
        }
    }
}

void ForceElementsPanel::rebuild() {
    rebuildTree();
    rebuildForm();
}

void ForceElementsPanel::rebuildTree() {
    const MechanismSpec& spec = m_document->spec();
    const QSignalBlocker block(m_tree);
    m_tree->clear();
    auto group = [&](const QString& title) {
        auto* item = new QTreeWidgetItem(m_tree, {title});
        item->setFlags(Qt::ItemIsEnabled);
        QFont font = item->font(0);
        font.setBold(true);
        item->setFont(0, font);
        item->setExpanded(true);
        return item;
    };
    auto entry = [&](QTreeWidgetItem* parent, const QString& name, const QString& carries,
                     Selection selection) {
        auto* item = new QTreeWidgetItem(parent, {name, carries});
        item->setData(0, kSelectionRole, QPoint(static_cast<int>(selection.kind), selection.index));
        if (m_selection && *m_selection == selection) {
            m_tree->setCurrentItem(item);
        }
    };
    QTreeWidgetItem* loads = group(tr("Loads"));
    for (std::size_t i = 0; i < spec.loads.size(); ++i) {
        const LoadSpec& load = spec.loads[i];
        entry(loads, qs(load.name), pointText(spec, load.at),
              {Selection::Kind::Load, static_cast<int>(i)});
    }
    QTreeWidgetItem* elements = group(tr("Springs and cylinders"));
    for (std::size_t i = 0; i < spec.twoPointElements.size(); ++i) {
        const TwoPointSpec& element = spec.twoPointElements[i];
        entry(elements, qs(element.name),
              element.kind == TwoPointSpec::Kind::Spring ? tr("spring") : tr("cylinder"),
              {Selection::Kind::Element, static_cast<int>(i)});
    }
    QTreeWidgetItem* joints = group(tr("Joint friction and stops"));
    for (std::size_t i = 0; i < spec.joints.size(); ++i) {
        const JointSpec& joint = spec.joints[i];
        if (isOneCoordinate(joint.type)) {
            entry(joints, qs(joint.name), jointSummary(joint),
                  {Selection::Kind::Joint, static_cast<int>(i)});
        }
    }
    m_tree->expandAll();
    m_tree->resizeColumnToContents(1);
}

bool ForceElementsPanel::select(const Selection& selection) {
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = m_tree->topLevelItem(g);
        for (int k = 0; k < group->childCount(); ++k) {
            const QPoint entry = group->child(k)->data(0, kSelectionRole).toPoint();
            if (entry == QPoint(static_cast<int>(selection.kind), selection.index)) {
                m_tree->setCurrentItem(group->child(k));
                return true;
            }
        }
    }
    return false;
}

std::optional<ForceElementsPanel::Selection> ForceElementsPanel::selection() const {
    return m_selection;
}

void ForceElementsPanel::apply(const QString& text,
                               const std::function<void(MechanismSpec&)>& change) {
    MechanismSpec spec = m_document->spec();
    change(spec);
    m_applying = true;
    const bool changed = m_document->edit(std::move(spec), text);
    m_applying = false;
    if (changed) {
        Q_EMIT edited(text);
    }
}

QDoubleSpinBox* ForceElementsPanel::numberBoxLabelled(const QString& label) const {
    if (!m_form) {
        return nullptr;
    }
    for (int row = 0; row < m_form->rowCount(); ++row) {
        auto* name =
            qobject_cast<QLabel*>(m_form->itemAt(row, QFormLayout::LabelRole)
                                      ? m_form->itemAt(row, QFormLayout::LabelRole)->widget()
                                      : nullptr);
        QLayoutItem* field = m_form->itemAt(row, QFormLayout::FieldRole);
        if (name && field && name->text() == label) {
            return qobject_cast<QDoubleSpinBox*>(field->widget());
        }
    }
    return nullptr;
}

QCheckBox* ForceElementsPanel::checkBox(const QString& text) const {
    if (!m_form) {
        return nullptr;
    }
    for (int row = 0; row < m_form->rowCount(); ++row) {
        for (const auto role : {QFormLayout::SpanningRole, QFormLayout::FieldRole}) {
            QLayoutItem* item = m_form->itemAt(row, role);
            auto* box = qobject_cast<QCheckBox*>(item ? item->widget() : nullptr);
            if (box && box->text() == text) {
                return box;
            }
        }
    }
    return nullptr;
}

QDoubleSpinBox*
ForceElementsPanel::addNumber(const QString& label,
                              double value,
                              double minimum,
                              double maximum,
                              int decimals,
                              const QString& suffix,
                              const std::function<void(MechanismSpec&, double)>& set,
                              const QString& what) {
    QDoubleSpinBox* box =
        numberBox(QString(), suffix.isEmpty() ? QString() : QLatin1Char(' ') + suffix, minimum,
                  maximum, decimals);
    box->setValue(value);
    m_form->addRow(label, box);
    connect(box, &QDoubleSpinBox::valueChanged, this, [this, set, what, suffix](double v) {
        apply(QStringLiteral("%1 = %2%3")
                  .arg(what)
                  .arg(v)
                  .arg(suffix.isEmpty() ? QString() : QLatin1Char(' ') + suffix),
              [&](MechanismSpec& spec) { set(spec, v); });
    });
    return box;
}

void ForceElementsPanel::rebuildForm() {
    delete m_formHost->layout();
    // hidden now, deleted later: one of them may be emitting the signal that led here
    for (QWidget* child : m_formHost->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
        child->hide();
        child->deleteLater();
    }
    m_form = new QFormLayout(m_formHost);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const MechanismSpec& spec = m_document->spec();
    const bool valid = m_selection && m_selection->index >= 0 &&
                       ((m_selection->kind == Selection::Kind::Load &&
                         m_selection->index < static_cast<int>(spec.loads.size())) ||
                        (m_selection->kind == Selection::Kind::Element &&
                         m_selection->index < static_cast<int>(spec.twoPointElements.size())) ||
                        (m_selection->kind == Selection::Kind::Joint &&
                         m_selection->index < static_cast<int>(spec.joints.size())));
    if (!valid) {
        m_selection.reset();
        m_remove->setEnabled(false);
        m_hint->setText(
            spec.bodies.empty()
                ? tr("Open or draw a mechanism to give it loads, springs and stops.")
                : tr("Choose an entry to edit it, or add a load, a spring or a cylinder by "
                     "clicking points in the 3-D view."));
        return;
    }
    m_remove->setEnabled(true);
    m_hint->clear();
    switch (m_selection->kind) {
    case Selection::Kind::Load:
        buildLoadForm(m_selection->index);
        break;
    case Selection::Kind::Element:
        buildElementForm(m_selection->index);
        break;
    case Selection::Kind::Joint:
        buildJointForm(m_selection->index);
        break;
    }
}

void ForceElementsPanel::buildLoadForm(int index) {
    const MechanismSpec& spec = m_document->spec();
    const auto i = static_cast<std::size_t>(index);
    const LoadSpec& load = spec.loads[i];
    const QString what = qs(load.name);
    const bool spatial = spec.space == MotionSpace::Spatial;

    auto* name = new QLineEdit(qs(load.name));
    m_form->addRow(tr("Name"), name);
    connect(name, &QLineEdit::editingFinished, this, [this, i, name] {
        const std::string text = name->text().trimmed().toStdString();
        if (!text.empty()) {
            apply(tr("Rename load to %1").arg(qs(text)),
                  [&](MechanismSpec& s) { s.loads[i].name = text; });
        }
    });
    auto* point = new QComboBox;
    const std::vector<JointEnd> points = namedPoints(spec, false);
    for (std::size_t k = 0; k < points.size(); ++k) {
        point->addItem(pointText(spec, points[k]));
        if (points[k] == load.at) {
            point->setCurrentIndex(static_cast<int>(k));
        }
    }
    m_form->addRow(tr("At point"), point);
    connect(point, &QComboBox::activated, this, [this, i, points, what](int k) {
        apply(tr("Move %1").arg(what),
              [&](MechanismSpec& s) { s.loads[i].at = points[static_cast<std::size_t>(k)]; });
    });
    auto* frame = new QComboBox;
    frame->addItems({tr("fixed in the ground"), tr("turning with the body")});
    frame->setCurrentIndex(load.frame == LoadSpec::Frame::Ground ? 0 : 1);
    m_form->addRow(tr("Direction"), frame);
    connect(frame, &QComboBox::activated, this, [this, i, what](int k) {
        apply(tr("Direction frame of %1").arg(what), [&](MechanismSpec& s) {
            s.loads[i].frame = k == 0 ? LoadSpec::Frame::Ground : LoadSpec::Frame::Body;
        });
    });
    const char* axes[] = {"x", "y", "z"};
    for (int a = 0; a < (spatial ? 3 : 2); ++a) {
        // stored as a unit vector: the others keep their ratio when one changes
        addNumber(
            tr("Direction %1").arg(QLatin1String(axes[a])), load.direction[a], -kBig, kBig, 3,
            QString(),
            [i, a](MechanismSpec& s, double v) {
                Eigen::Vector3d d = s.loads[i].direction;
                d[a] = v;
                if (d.norm() > 0) {
                    s.loads[i].direction = d.normalized();
                }
            },
            tr("Direction %1 of %2").arg(QLatin1String(axes[a]), what));
    }
    auto* force = new SignalEditor;
    force->setUnit(QStringLiteral("N"));
    force->setSignal(load.force);
    m_form->addRow(tr("Force"), force);
    connect(force, &SignalEditor::changed, this, [this, i, force, what] {
        apply(tr("Force of %1").arg(what),
              [&](MechanismSpec& s) { s.loads[i].force = force->signal(); });
    });
    if (spatial) {
        for (int a = 0; a < 3; ++a) {
            addNumber(
                tr("Torque axis %1").arg(QLatin1String(axes[a])), load.axis[a], -kBig, kBig, 3,
                QString(),
                [i, a](MechanismSpec& s, double v) {
                    Eigen::Vector3d d = s.loads[i].axis;
                    d[a] = v;
                    if (d.norm() > 0) {
                        s.loads[i].axis = d.normalized();
                    }
                },
                tr("Torque axis %1 of %2").arg(QLatin1String(axes[a]), what));
        }
    }
    auto* torque = new SignalEditor;
    torque->setUnit(QStringLiteral("N·m"));
    torque->setSignal(load.torque);
    m_form->addRow(spatial ? tr("Torque") : tr("Torque (about z)"), torque);
    connect(torque, &SignalEditor::changed, this, [this, i, torque, what] {
        apply(tr("Torque of %1").arg(what),
              [&](MechanismSpec& s) { s.loads[i].torque = torque->signal(); });
    });
}

void ForceElementsPanel::buildElementForm(int index) {
    const MechanismSpec& spec = m_document->spec();
    const auto i = static_cast<std::size_t>(index);
    const TwoPointSpec& element = spec.twoPointElements[i];
    const QString what = qs(element.name);

    auto* name = new QLineEdit(qs(element.name));
    m_form->addRow(tr("Name"), name);
    connect(name, &QLineEdit::editingFinished, this, [this, i, name] {
        const std::string text = name->text().trimmed().toStdString();
        if (!text.empty()) {
            apply(tr("Rename element to %1").arg(qs(text)),
                  [&](MechanismSpec& s) { s.twoPointElements[i].name = text; });
        }
    });
    auto* kind = new QComboBox;
    kind->addItems({tr("spring (with damper, preload)"), tr("cylinder (force or length)")});
    kind->setCurrentIndex(element.kind == TwoPointSpec::Kind::Spring ? 0 : 1);
    m_form->addRow(tr("Kind"), kind);
    connect(kind, &QComboBox::activated, this, [this, i, what](int k) {
        m_applying = false; // the form changes with the kind
        MechanismSpec changed = m_document->spec();
        TwoPointSpec& e = changed.twoPointElements[i];
        e.kind = k == 0 ? TwoPointSpec::Kind::Spring : TwoPointSpec::Kind::Cylinder;
        if (e.kind == TwoPointSpec::Kind::Spring && !(e.restLength > 0)) {
            e.restLength = 0.1;
        }
        m_document->edit(std::move(changed), tr("Kind of %1").arg(what));
        Q_EMIT edited(tr("Kind of %1").arg(what));
    });
    const std::vector<JointEnd> points = namedPoints(spec, true);
    const auto pointBox = [&](const JointEnd& current, bool first) {
        auto* box = new QComboBox;
        for (std::size_t k = 0; k < points.size(); ++k) {
            box->addItem(pointText(spec, points[k]));
            if (points[k] == current) {
                box->setCurrentIndex(static_cast<int>(k));
            }
        }
        connect(box, &QComboBox::activated, this, [this, i, points, what, first](int k) {
            apply(tr("Move an end of %1").arg(what), [&](MechanismSpec& s) {
                (first ? s.twoPointElements[i].first : s.twoPointElements[i].second) =
                    points[static_cast<std::size_t>(k)];
            });
        });
        return box;
    };
    m_form->addRow(tr("First point"), pointBox(element.first, true));
    m_form->addRow(tr("Second point"), pointBox(element.second, false));
    if (element.kind == TwoPointSpec::Kind::Spring) {
        addNumber(
            tr("Stiffness"), element.stiffness, 0, kBig, 3, QStringLiteral("N/m"),
            [i](MechanismSpec& s, double v) { s.twoPointElements[i].stiffness = v; },
            tr("Stiffness of %1").arg(what));
        addNumber(
            tr("Rest length"), element.restLength, 1e-6, kBig, 4, QStringLiteral("m"),
            [i](MechanismSpec& s, double v) { s.twoPointElements[i].restLength = v; },
            tr("Rest length of %1").arg(what));
        addNumber(
            tr("Damping"), element.damping, 0, kBig, 3, QStringLiteral("N·s/m"),
            [i](MechanismSpec& s, double v) { s.twoPointElements[i].damping = v; },
            tr("Damping of %1").arg(what));
        addNumber(
            tr("Preload"), element.preload, -kBig, kBig, 3, QStringLiteral("N"),
            [i](MechanismSpec& s, double v) { s.twoPointElements[i].preload = v; },
            tr("Preload of %1").arg(what));
        return;
    }
    auto* force = new SignalEditor;
    force->setUnit(QStringLiteral("N"));
    force->setSignal(element.force);
    m_form->addRow(tr("Force"), force);
    connect(force, &SignalEditor::changed, this, [this, i, force, what] {
        apply(tr("Force of %1").arg(what),
              [&](MechanismSpec& s) { s.twoPointElements[i].force = force->signal(); });
    });
    auto* tracks = new QCheckBox(tr("Track a length (PD)"));
    tracks->setChecked(element.tracksLength);
    tracks->setToolTip(tr("f = force(t) + kp·(L_ref(t) − L) + kd·(L̇_ref(t) − L̇)"));
    m_form->addRow(QString(), tracks);
    connect(tracks, &QCheckBox::toggled, this, [this, i, what](bool on) {
        m_applying = false; // the form shows or hides the tracking rows
        MechanismSpec changed = m_document->spec();
        changed.twoPointElements[i].tracksLength = on;
        m_document->edit(std::move(changed), tr("Length tracking of %1").arg(what));
    });
    if (element.tracksLength) {
        addNumber(
            tr("kp"), element.kp, 0, kBig, 3, QStringLiteral("N/m"),
            [i](MechanismSpec& s, double v) { s.twoPointElements[i].kp = v; },
            tr("kp of %1").arg(what));
        addNumber(
            tr("kd"), element.kd, 0, kBig, 3, QStringLiteral("N·s/m"),
            [i](MechanismSpec& s, double v) { s.twoPointElements[i].kd = v; },
            tr("kd of %1").arg(what));
        auto* length = new SignalEditor;
        length->setUnit(QStringLiteral("m"));
        length->setSignal(element.length);
        m_form->addRow(tr("Length"), length);
        connect(length, &SignalEditor::changed, this, [this, i, length, what] {
            apply(tr("Length of %1").arg(what),
                  [&](MechanismSpec& s) { s.twoPointElements[i].length = length->signal(); });
        });
    }
}

void ForceElementsPanel::buildJointForm(int index) {
    const MechanismSpec& spec = m_document->spec();
    const auto i = static_cast<std::size_t>(index);
    const JointSpec& joint = spec.joints[i];
    const QString what = qs(joint.name);
    const bool revolute = joint.type == JointType::Revolute;
    const QString unit = revolute ? QStringLiteral("rad") : QStringLiteral("m");
    const QString force = revolute ? QStringLiteral("N·m") : QStringLiteral("N");

    auto* friction = new QCheckBox(tr("Friction"));
    friction->setChecked(joint.friction.has_value());
    friction->setToolTip(tr("τ = −τc·tanh(q̇/vs) − c·q̇: smooth, so integrators neither "
                            "chatter nor stall at a reversal"));
    m_form->addRow(friction);
    connect(friction, &QCheckBox::toggled, this, [this, i, what](bool on) {
        m_applying = false; // rows appear or go
        MechanismSpec changed = m_document->spec();
        changed.joints[i].friction =
            on ? std::optional<JointFrictionSpec>(JointFrictionSpec{}) : std::nullopt;
        const QString text =
            on ? tr("Friction on %1").arg(what) : tr("No friction on %1").arg(what);
        m_document->edit(std::move(changed), text);
        Q_EMIT edited(text);
    });
    if (joint.friction) {
        addNumber(
            tr("Coulomb"), joint.friction->coulomb, 0, kBig, 4, force,
            [i](MechanismSpec& s, double v) { s.joints[i].friction->coulomb = v; },
            tr("Coulomb friction of %1").arg(what));
        addNumber(
            tr("Viscous"), joint.friction->viscous, 0, kBig, 4,
            force + QStringLiteral("·s/") + unit,
            [i](MechanismSpec& s, double v) { s.joints[i].friction->viscous = v; },
            tr("Viscous friction of %1").arg(what));
        addNumber(
            tr("Smoothing velocity"), joint.friction->smoothingVelocity, 1e-9, kBig, 6,
            unit + QStringLiteral("/s"),
            [i](MechanismSpec& s, double v) { s.joints[i].friction->smoothingVelocity = v; },
            tr("Friction smoothing of %1").arg(what));
        if (revolute) {
            // pin friction: μ·r·|F_r|, from the reaction the pin carries (set both, or neither)
            QDoubleSpinBox* radius = addNumber(
                tr("Pin radius"), joint.friction->pinRadius, 0, kBig, 4, QStringLiteral("m"),
                [i](MechanismSpec& s, double v) { s.joints[i].friction->pinRadius = v; },
                tr("Pin radius of %1").arg(what));
            QDoubleSpinBox* coefficient = addNumber(
                tr("Pin coefficient"), joint.friction->pinCoefficient, 0, kBig, 4, QString(),
                [i](MechanismSpec& s, double v) { s.joints[i].friction->pinCoefficient = v; },
                tr("Pin friction coefficient of %1").arg(what));
            const QString tip = tr("Pin friction τ = −μ·r·|F_r|·tanh(q̇/vs), F_r the force the "
                                   "pin carries across its axis; give both the radius and μ");
            radius->setToolTip(tip);
            coefficient->setToolTip(tip);
        }
    }

    const auto stopBox = [&](const QString& label, bool lower) {
        auto* box = new QCheckBox(label);
        const std::optional<double>* stored =
            joint.limits ? (lower ? &joint.limits->lower : &joint.limits->upper) : nullptr;
        const bool hasLimit = stored && stored->has_value();
        const double limit = hasLimit ? **stored : 0.0;
        box->setChecked(hasLimit);
        m_form->addRow(box);
        connect(box, &QCheckBox::toggled, this, [this, i, what, lower](bool on) {
            m_applying = false;
            MechanismSpec changed = m_document->spec();
            JointSpec& j = changed.joints[i];
            JointLimitsSpec limits = j.limits.value_or(JointLimitsSpec{});
            // a new stop starts a little way past the other (or from the present origin)
            std::optional<double>& mine = lower ? limits.lower : limits.upper;
            const std::optional<double>& other = lower ? limits.upper : limits.lower;
            if (on) {
                mine = other ? *other + (lower ? -1.0 : 1.0) : (lower ? -1.0 : 1.0);
            } else {
                mine.reset();
            }
            j.limits = (limits.lower || limits.upper) ? std::optional(limits) : std::nullopt;
            const QString text =
                tr("%1 stop of %2 %3")
                    .arg(lower ? tr("Lower") : tr("Upper"), what, on ? tr("added") : tr("removed"));
            m_document->edit(std::move(changed), text);
            Q_EMIT edited(text);
        });
        if (hasLimit) {
            addNumber(
                lower ? tr("Lower") : tr("Upper"), limit, -kBig, kBig, 4, unit,
                [i, lower](MechanismSpec& s, double v) {
                    (lower ? s.joints[i].limits->lower : s.joints[i].limits->upper) = v;
                },
                tr("%1 stop of %2").arg(lower ? tr("Lower") : tr("Upper"), what));
        }
    };
    stopBox(tr("Lower stop"), true);
    stopBox(tr("Upper stop"), false);
    if (joint.limits) {
        addNumber(
            tr("Stop stiffness"), joint.limits->stiffness, 1e-9, kBig, 1,
            force + QStringLiteral("/") + unit,
            [i](MechanismSpec& s, double v) { s.joints[i].limits->stiffness = v; },
            tr("Stop stiffness of %1").arg(what));
        addNumber(
            tr("Restitution"), joint.limits->restitution, 0.001, 1, 3, QString(),
            [i](MechanismSpec& s, double v) { s.joints[i].limits->restitution = v; },
            tr("Restitution of %1's stops").arg(what));
    }
}

bool ForceElementsPanel::removeSelected() {
    if (!m_selection) {
        return false;
    }
    const Selection selection = *m_selection;
    const MechanismSpec& now = m_document->spec();
    const auto i = static_cast<std::size_t>(selection.index);
    QString text;
    MechanismSpec spec = now;
    switch (selection.kind) {
    case Selection::Kind::Load:
        text = tr("Remove load %1").arg(qs(now.loads[i].name));
        spec.loads.erase(spec.loads.begin() + selection.index);
        break;
    case Selection::Kind::Element:
        text = tr("Remove %1").arg(qs(now.twoPointElements[i].name));
        spec.twoPointElements.erase(spec.twoPointElements.begin() + selection.index);
        break;
    case Selection::Kind::Joint:
        if (!now.joints[i].friction && !now.joints[i].limits) {
            return false;
        }
        text = tr("Remove friction and stops of %1").arg(qs(now.joints[i].name));
        spec.joints[i].friction.reset();
        spec.joints[i].limits.reset();
        break;
    }
    if (selection.kind != Selection::Kind::Joint) {
        m_selection.reset();
    }
    m_document->edit(std::move(spec), text);
    Q_EMIT edited(text);
    return true;
}

void ForceElementsPanel::startPlacing(Placing kind) {
    m_placing = kind;
    m_picked.clear();
    if (kind == Placing::None) {
        Q_EMIT pickFinished();
        return;
    }
    const QString prompt = kind == Placing::Load
                               ? tr("Add Load: click a body's point (Esc cancels)")
                               : tr("Add %1: click its first point (Esc cancels)")
                                     .arg(kind == Placing::Spring ? tr("Spring") : tr("Cylinder"));
    Q_EMIT pickRequested(prompt, kind != Placing::Load);
}

void ForceElementsPanel::cancelPlacing() {
    if (m_placing != Placing::None) {
        m_placing = Placing::None;
        m_picked.clear();
        Q_EMIT pickFinished();
    }
}

void ForceElementsPanel::pointPicked(const JointEnd& point, const Eigen::Vector3d& position) {
    if (m_placing == Placing::None) {
        return;
    }
    MechanismSpec spec = m_document->spec();
    if (m_placing == Placing::Load) {
        if (point.body == kGroundId) {
            Q_EMIT edited(tr("A load acts on a body: click a point of a moving body"));
            return;
        }
        std::vector<std::string> names;
        for (const LoadSpec& l : spec.loads) {
            names.push_back(l.name);
        }
        LoadSpec load;
        load.name = freshName("load", names);
        load.at = point;
        // along gravity, as a weight or a payload pushes
        const Eigen::Vector3d g(spec.gravity.x(), spec.gravity.y(), spec.gravityZ);
        load.direction = g.norm() > 0 ? Eigen::Vector3d(g.normalized())
                                      : Eigen::Vector3d(-Eigen::Vector3d::UnitY());
        load.force.kind = SignalSpec::Kind::Constant;
        load.force.value = 100.0;
        const int index = static_cast<int>(spec.loads.size());
        spec.loads.push_back(load);
        const QString text = tr("Add %1 at %2").arg(qs(load.name), pointText(spec, point));
        m_placing = Placing::None;
        Q_EMIT pickFinished();
        m_selection = Selection{Selection::Kind::Load, index};
        m_document->edit(std::move(spec), text);
        Q_EMIT edited(text);
        return;
    }
    const bool spring = m_placing == Placing::Spring;
    if (m_picked.empty()) {
        m_picked.emplace_back(point, position);
        Q_EMIT pickRequested(
            tr("Add %1: from %2, click its second point (Esc cancels)")
                .arg(spring ? tr("Spring") : tr("Cylinder"), pointText(spec, point)),
            true);
        return;
    }
    const auto& [first, firstPosition] = m_picked.front();
    if (first.body == point.body) {
        Q_EMIT pickRequested(tr("Both ends are on one body: click a point of another body or the "
                                "ground (Esc cancels)"),
                             true);
        return;
    }
    const double length = (position - firstPosition).norm();
    if (!(length > 1e-9)) {
        Q_EMIT pickRequested(
            tr("The two points coincide here: click another second point (Esc cancels)"), true);
        return;
    }
    std::vector<std::string> names;
    for (const TwoPointSpec& e : spec.twoPointElements) {
        names.push_back(e.name);
    }
    TwoPointSpec element;
    element.name = freshName(spring ? "spring" : "cylinder", names);
    element.kind = spring ? TwoPointSpec::Kind::Spring : TwoPointSpec::Kind::Cylinder;
    element.first = first;
    element.second = point;
    if (spring) {
        element.stiffness = 1000.0;
        element.restLength = length; // unloaded where it was placed
    }
    const int index = static_cast<int>(spec.twoPointElements.size());
    spec.twoPointElements.push_back(element);
    const QString text = tr("Add %1 from %2 to %3 (%4 m)")
                             .arg(qs(element.name), pointText(spec, first), pointText(spec, point))
                             .arg(length, 0, 'g', 4);
    m_placing = Placing::None;
    m_picked.clear();
    Q_EMIT pickFinished();
    m_selection = Selection{Selection::Kind::Element, index};
    m_document->edit(std::move(spec), text);
    Q_EMIT edited(text);
}

} // namespace sslm::ui
