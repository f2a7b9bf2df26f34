// SPDX-License-Identifier: MIT
#include "ui/editor/spatial_properties_panel.hpp"

#include <cmath>
#include <filesystem>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "core/interop/mass_properties.hpp"
#include "core/spec/joint_kinds.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/document/mechanism_loader.hpp"
#include "ui/editor/close_loop_dialog.hpp"
#include "ui/editor/counterweight_table.hpp"
#include "ui/editor/visual_table.hpp"
#include "ui/style/style_sheet.hpp"

namespace sslm::ui {

namespace {

constexpr int kKeyRole = Qt::UserRole;
constexpr int kKindRole = Qt::UserRole + 1;
const char* const kAxisNames[3] = {"x", "y", "z"};
const char* const kInertiaNames[6] = {"Ixx", "Iyy", "Izz", "Ixy", "Ixz", "Iyz"};
constexpr int kInertiaRow[6] = {0, 1, 2, 0, 0, 1};
constexpr int kInertiaColumn[6] = {0, 1, 2, 1, 2, 2};
constexpr JointType kJointTypes[] = {JointType::Revolute, JointType::Prismatic,
                                     JointType::Cylindrical, JointType::Universal,
                                     JointType::Spherical};

QString number(double value) {
    return QString::number(value, 'g', 6);
}

/// The joint types that have an axis (all but the spherical joint) and a second one.
bool hasAxis(JointType type) {
    return type != JointType::Spherical;
}

} // namespace

SpatialPropertiesPanel::SpatialPropertiesPanel(MechanismDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document) {
    m_tree = new QTreeWidget;
    m_tree->setHeaderHidden(true);
    m_tree->setRootIsDecorated(true);
    m_tree->setToolTip(tr("The mechanism's bodies and joints: choose one to edit it below"));
    m_formHost = new QWidget;
    m_form = new QFormLayout(m_formHost);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_validation = new QLabel;
    m_validation->setWordWrap(true);
    m_validation->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_tree);
    splitter->addWidget(m_formHost);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    auto* closeLoopButton = new QPushButton(tr("Close a Loop…"));
    closeLoopButton->setToolTip(tr("Join two bodies at a point on each with a joint that "
                                   "becomes a cut: the loops a file could not express (a URDF "
                                   "tree, say)"));
    connect(closeLoopButton, &QPushButton::clicked, this, &SpatialPropertiesPanel::promptCloseLoop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(closeLoopButton, 0, Qt::AlignLeft);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_validation);

    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        m_kind = item ? item->data(0, kKindRole).toString() : QString();
        m_key = item ? item->data(0, kKeyRole).toString() : QString();
        showSelection();
    });
    connect(m_document, &MechanismDocument::specChanged, this, [this] {
        if (m_applying) {
            return; // our own edit: the form already shows it
        }
        // undo, redo, another document (the form's own editors only emit while m_applying)
        rebuildTree();
        validate();
    });
    rebuildTree();
    validate();
}

bool SpatialPropertiesPanel::selectBody(const QString& id) {
    const QList<QTreeWidgetItem*> items =
        m_tree->findItems(id, Qt::MatchExactly | Qt::MatchRecursive);
    for (QTreeWidgetItem* item : items) {
        if (item->data(0, kKindRole).toString() == QLatin1String("body")) {
            m_tree->setCurrentItem(item);
            return true;
        }
    }
    return false;
}

bool SpatialPropertiesPanel::selectJoint(const QString& name) {
    const QList<QTreeWidgetItem*> items =
        m_tree->findItems(name, Qt::MatchStartsWith | Qt::MatchRecursive);
    for (QTreeWidgetItem* item : items) {
        if (item->data(0, kKindRole).toString() == QLatin1String("joint") &&
            item->data(0, kKeyRole).toString() == name) {
            m_tree->setCurrentItem(item);
            return true;
        }
    }
    return false;
}

QString SpatialPropertiesPanel::validationText() const {
    return m_validation->text();
}

std::optional<std::size_t> SpatialPropertiesPanel::bodyIndex() const {
    const MechanismSpec& spec = m_document->spec();
    for (std::size_t b = 0; b < spec.bodies.size(); ++b) {
        if (m_kind == QLatin1String("body") && QString::fromStdString(spec.bodies[b].id) == m_key) {
            return b;
        }
    }
    return std::nullopt;
}

std::optional<std::size_t> SpatialPropertiesPanel::jointIndex() const {
    const MechanismSpec& spec = m_document->spec();
    for (std::size_t j = 0; j < spec.joints.size(); ++j) {
        if (m_kind == QLatin1String("joint") &&
            QString::fromStdString(spec.joints[j].name) == m_key) {
            return j;
        }
    }
    return std::nullopt;
}

void SpatialPropertiesPanel::rebuildTree() {
    const MechanismSpec& spec = m_document->spec();
    const QString kind = m_kind;
    const QString key = m_key;
    const QSignalBlocker blocker(m_tree);
    m_tree->clear();
    auto* bodies = new QTreeWidgetItem(m_tree, {tr("Bodies")});
    auto* joints = new QTreeWidgetItem(m_tree, {tr("Joints")});
    QTreeWidgetItem* current = nullptr;
    for (const BodySpec& body : spec.bodies) {
        auto* item = new QTreeWidgetItem(bodies, {QString::fromStdString(body.id)});
        item->setData(0, kKeyRole, QString::fromStdString(body.id));
        item->setData(0, kKindRole, QStringLiteral("body"));
        item->setToolTip(0,
                         tr("%1: %2 kg").arg(QString::fromStdString(body.id), number(body.mass)));
        if (kind == QLatin1String("body") && key == QString::fromStdString(body.id)) {
            current = item;
        }
    }
    for (const JointSpec& joint : spec.joints) {
        const QString name = QString::fromStdString(joint.name);
        auto* item = new QTreeWidgetItem(
            joints,
            {QStringLiteral("%1 (%2)").arg(name, QLatin1String(jointTypeWord(joint.type)))});
        item->setData(0, kKeyRole, name);
        item->setData(0, kKindRole, QStringLiteral("joint"));
        if (kind == QLatin1String("joint") && key == name) {
            current = item;
        }
    }
    m_tree->expandAll();
    if (current == nullptr) {
        m_kind.clear();
        m_key.clear();
    } else {
        m_tree->setCurrentItem(current);
    }
    showSelection();
}

void SpatialPropertiesPanel::clearForm() {
    while (m_form->rowCount() > 0) {
        m_form->removeRow(0);
    }
    m_mass = nullptr;
    for (auto& box : m_com) {
        box = nullptr;
    }
    for (auto& box : m_inertia) {
        box = nullptr;
    }
    m_points = nullptr;
    m_counterweights = nullptr;
    m_visuals = nullptr;
    m_jointType = nullptr;
    for (auto& box : m_axis) {
        box = nullptr;
    }
    for (auto& box : m_axis2) {
        box = nullptr;
    }
}

void SpatialPropertiesPanel::showSelection() {
    clearForm();
    if (const auto b = bodyIndex()) {
        buildBodyForm(m_document->spec().bodies[*b]);
    } else if (const auto j = jointIndex()) {
        buildJointForm(m_document->spec().joints[*j]);
    } else {
        auto* hint = new QLabel(tr("Choose a body or a joint above to edit its numbers."));
        hint->setWordWrap(true);
        setStyleRole(hint, StyleRole::MutedText);
        m_form->addRow(hint);
    }
}

QDoubleSpinBox* SpatialPropertiesPanel::numberBox(
    double value, double minimum, double maximum, int decimals, const QString& suffix) {
    auto* box = new QDoubleSpinBox;
    box->setRange(minimum, maximum);
    box->setDecimals(decimals);
    box->setSuffix(suffix.isEmpty() ? QString() : QLatin1Char(' ') + suffix);
    box->setKeyboardTracking(false); // one edit per value typed, not per keystroke
    box->setValue(value);
    return box;
}

template <typename Change> void SpatialPropertiesPanel::apply(const QString& text, Change change) {
    if (!bodyIndex() && !jointIndex()) {
        return; // the selection has gone (another document): nothing to change
    }
    MechanismSpec spec = m_document->spec();
    change(spec);
    m_applying = true;
    const bool changed = m_document->edit(std::move(spec), text);
    m_applying = false;
    if (!changed) {
        return;
    }
    validate();
    Q_EMIT edited(text);
}

void SpatialPropertiesPanel::buildBodyForm(const BodySpec& body) {
    const QString id = QString::fromStdString(body.id);
    auto* title = new QLabel(tr("<b>Body %1</b> (frame: its own; lengths in m)").arg(id));
    m_form->addRow(title);
    addBodyMassRows(body, id);
    addBodyInertiaRows(body, id);
    addBodyPointTable(body, id);
    addBodyCounterweights(body, id);
    addBodyVisuals(body, id);
}

void SpatialPropertiesPanel::addBodyMassRows(const BodySpec& body, const QString& id) {
    m_mass = numberBox(body.mass, 1e-9, 1e9, 6, QStringLiteral("kg"));
    m_mass->setToolTip(tr("Mass (kg), more than 0"));
    connect(m_mass, &QDoubleSpinBox::valueChanged, this, [this, id](double value) {
        apply(tr("Mass of %1 = %2 kg").arg(id, number(value)),
              [&](MechanismSpec& spec) { spec.bodies[*bodyIndex()].mass = value; });
    });
    m_form->addRow(tr("Mass"), m_mass);

    const Eigen::Vector3d com(body.com_B.x(), body.com_B.y(), body.comZ_B);
    for (int k = 0; k < 3; ++k) {
        m_com[k] = numberBox(com[k], -1e4, 1e4, 6, QStringLiteral("m"));
        m_com[k]->setToolTip(tr("Centre of mass, %1 in the body frame (m)").arg(kAxisNames[k]));
        connect(m_com[k], &QDoubleSpinBox::valueChanged, this, [this, id, k](double value) {
            apply(tr("Centre of mass of %1: %2 = %3 m").arg(id, kAxisNames[k], number(value)),
                  [&](MechanismSpec& spec) {
                      BodySpec& b = spec.bodies[*bodyIndex()];
                      if (k < 2) {
                          b.com_B[k] = value;
                      } else {
                          b.comZ_B = value;
                      }
                  });
        });
        m_form->addRow(tr("COM %1").arg(kAxisNames[k]), m_com[k]);
    }
}

void SpatialPropertiesPanel::addBodyInertiaRows(const BodySpec& body, const QString& id) {
    // the tensor the file gives, or the one compiled from the shape when it gives none
    Eigen::Matrix3d inertia = body.inertiaTensor.value_or(Eigen::Matrix3d::Zero());
    if (!body.inertiaTensor) {
        // the shape's own, without the counterweights the compiler folds in
        MechanismSpec bare = m_document->spec();
        for (BodySpec& b : bare.bodies) {
            if (b.id == body.id) {
                b.counterweights.clear();
            }
        }
        const LoadOutcome compiled = compileMechanism(bare, m_document->path());
        if (compiled.mechanism) {
            const Model& model = *compiled.mechanism->model;
            const int b = model.bodyIndex(body.id);
            if (b >= 0) {
                inertia = model.bodies[static_cast<std::size_t>(b)].inertia_B;
            }
        }
        auto* note = new QLabel(tr("Uniform from the shape until an entry is set:"));
        setStyleRole(note, StyleRole::MutedText);
        m_form->addRow(note);
    }
    for (int e = 0; e < 6; ++e) {
        const int r = kInertiaRow[e];
        const int c = kInertiaColumn[e];
        m_inertia[e] = numberBox(inertia(r, c), -1e6, 1e6, 9, QStringLiteral("kg·m²"));
        m_inertia[e]->setToolTip(
            tr("Inertia tensor about the COM, body frame (kg·m²); symmetric positive definite"));
        connect(m_inertia[e], &QDoubleSpinBox::valueChanged, this,
                [this, id, r, c, e, inertia](double value) {
                    apply(
                        tr("Inertia of %1: %2 = %3 kg·m²").arg(id, kInertiaNames[e], number(value)),
                        [&](MechanismSpec& spec) {
                            BodySpec& b = spec.bodies[*bodyIndex()];
                            Eigen::Matrix3d tensor = b.inertiaTensor.value_or(inertia);
                            tensor(r, c) = value;
                            tensor(c, r) = value;
                            b.inertiaTensor = tensor;
                        });
                });
        m_form->addRow(QString::fromLatin1(kInertiaNames[e]), m_inertia[e]);
    }
}

void SpatialPropertiesPanel::addBodyPointTable(const BodySpec& body, const QString& id) {
    // the points: names are what joints refer to, so only their positions are edited here
    m_points = new QTableWidget(static_cast<int>(body.points.size()), 4);
    m_points->setHorizontalHeaderLabels({tr("Point"), tr("x (m)"), tr("y (m)"), tr("z (m)")});
    m_points->verticalHeader()->hide();
    m_points->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_points->setToolTip(tr("The body's points in its frame (m); the joints refer to them by "
                            "name"));
    for (std::size_t i = 0; i < body.points.size(); ++i) {
        const BodyPoint& p = body.points[i];
        auto* name = new QTableWidgetItem(QString::fromStdString(p.name));
        name->setFlags(name->flags() & ~Qt::ItemIsEditable);
        m_points->setItem(static_cast<int>(i), 0, name);
        const Eigen::Vector3d at = p.position3();
        for (int k = 0; k < 3; ++k) {
            m_points->setItem(static_cast<int>(i), k + 1, new QTableWidgetItem(number(at[k])));
        }
    }
    m_points->setMinimumHeight(m_points->verticalHeader()->defaultSectionSize() *
                                   (std::min<int>(static_cast<int>(body.points.size()), 4) + 1) +
                               4);
    connect(m_points, &QTableWidget::itemChanged, this, [this, id](QTableWidgetItem* item) {
        const int row = item->row();
        const int k = item->column() - 1;
        bool ok = false;
        const double value = item->text().toDouble(&ok);
        const MechanismSpec& now = m_document->spec();
        const std::optional<std::size_t> b = bodyIndex();
        if (!b || k < 0 || row >= static_cast<int>(now.bodies[*b].points.size())) {
            return;
        }
        const BodyPoint& point = now.bodies[*b].points[static_cast<std::size_t>(row)];
        if (!ok || !std::isfinite(value)) {
            // not a number: put the stored value back and say why
            const QSignalBlocker blocker(m_points);
            item->setText(number(point.position3()[k]));
            m_validation->setText(tr("%1 of point %2: give a number of metres")
                                      .arg(kAxisNames[k], QString::fromStdString(point.name)));
            setStyleRole(m_validation, StyleRole::ErrorText);
            return;
        }
        const QString pointName = QString::fromStdString(point.name);
        apply(tr("Point %1 of %2: %3 = %4 m").arg(pointName, id, kAxisNames[k], number(value)),
              [&](MechanismSpec& spec) {
                  BodyPoint& p = spec.bodies[*bodyIndex()].points[static_cast<std::size_t>(row)];
                  if (k < 2) {
                      p.p_B[k] = value;
                  } else {
                      p.z_B = value;
                  }
              });
    });
    m_form->addRow(m_points);
}

void SpatialPropertiesPanel::addBodyCounterweights(const BodySpec& body, const QString& id) {
    m_counterweights = new CounterweightTable;
    m_counterweights->showWeights(body.counterweights, body.mass, id, true);
    connect(m_counterweights, &CounterweightTable::edited, this,
            [this](const std::vector<CounterweightSpec>& weights, const QString& text) {
                apply(text, [&](MechanismSpec& spec) {
                    spec.bodies[*bodyIndex()].counterweights = weights;
                });
                if (const std::optional<std::size_t> b = bodyIndex()) {
                    const BodySpec& now = m_document->spec().bodies[*b];
                    m_counterweights->showWeights(now.counterweights, now.mass,
                                                  QString::fromStdString(now.id), true);
                }
            });
    m_form->addRow(tr("Counterweights"), m_counterweights);
}

void SpatialPropertiesPanel::addBodyVisuals(const BodySpec& body, const QString& id) {
    m_visuals = new VisualTable;
    m_visuals->showVisuals(body.visuals, id);
    connect(m_visuals, &VisualTable::edited, this,
            [this](const std::vector<VisualSpec>& visuals, const QString& text) {
                apply(text,
                      [&](MechanismSpec& spec) { spec.bodies[*bodyIndex()].visuals = visuals; });
            });
    m_visuals->setMassFromMesh([this](int row, double density, QString* error) {
        return setMassFromVisual(row, density, error);
    });
    m_form->addRow(tr("Visuals"), m_visuals);
}

bool SpatialPropertiesPanel::closeLoop(const LoopClosure& closure, QString* error) {
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

void SpatialPropertiesPanel::promptCloseLoop() {
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

bool SpatialPropertiesPanel::setMassFromVisual(int row, double density, QString* error) {
    const auto fail = [error](const QString& why) {
        if (error != nullptr) {
            *error = why;
        }
        return false;
    };
    const std::optional<std::size_t> b = bodyIndex();
    if (!b) {
        return fail(tr("Choose a body first."));
    }
    const BodySpec& body = m_document->spec().bodies[*b];
    if (row < 0 || row >= static_cast<int>(body.visuals.size()) ||
        body.visuals[static_cast<std::size_t>(row)].kind != VisualKind::Mesh) {
        return fail(tr("Choose a mesh visual of %1.").arg(QString::fromStdString(body.id)));
    }
    const VisualSpec& visual = body.visuals[static_cast<std::size_t>(row)];
    std::filesystem::path file(visual.file);
    if (file.is_relative() && !m_document->path().isEmpty()) {
        file = std::filesystem::path(QFileInfo(m_document->path()).absolutePath().toStdString()) /
               file;
    }
    const MeshMassPropertiesResult props = visualMassProperties(visual, file, density);
    if (!props.ok()) {
        return fail(QString::fromStdString(props.error));
    }
    const MeshMassProperties& p = *props.properties;
    const QString name = QFileInfo(QString::fromStdString(file.string())).fileName();
    apply(tr("Mass properties of %1 from %2 at %3 kg/m³: %4 kg")
              .arg(QString::fromStdString(body.id), name, number(density), number(p.mass)),
          [&](MechanismSpec& spec) {
              BodySpec& target = spec.bodies[*b];
              target.mass = p.mass;
              target.com_B = p.com.head<2>();
              target.comZ_B = p.com.z();
              target.inertiaTensor = p.inertiaCom;
          });
    // the form shows the new mass, COM and tensor; rebuilt later, as the request may come from
    // a button of the form itself
    QTimer::singleShot(0, this, [this] { showSelection(); });
    return true;
}

void SpatialPropertiesPanel::buildJointForm(const JointSpec& joint) {
    const QString name = QString::fromStdString(joint.name);
    auto* title = new QLabel(tr("<b>Joint %1</b>: %2 (%3) – %4 (%5)")
                                 .arg(name, QString::fromStdString(joint.parent.body),
                                      QString::fromStdString(joint.parent.point),
                                      QString::fromStdString(joint.child.body),
                                      QString::fromStdString(joint.child.point)));
    title->setWordWrap(true);
    m_form->addRow(title);

    m_jointType = new QComboBox;
    for (const JointType type : kJointTypes) {
        m_jointType->addItem(QString::fromLatin1(jointTypeWord(type)), static_cast<int>(type));
        m_jointType->setItemData(m_jointType->count() - 1,
                                 tr("%1 coordinate(s) in the tree; %2 loop equations as a cut")
                                     .arg(coordinateCount(type))
                                     .arg(constraintRowCount(type, MotionSpace::Spatial)),
                                 Qt::ToolTipRole);
    }
    m_jointType->setCurrentIndex(m_jointType->findData(static_cast<int>(joint.type)));
    connect(m_jointType, &QComboBox::activated, this, [this, name](int index) {
        const auto type = static_cast<JointType>(m_jointType->itemData(index).toInt());
        apply(tr("%1 made %2").arg(name, QLatin1String(jointTypeWord(type))),
              [&](MechanismSpec& spec) {
                  JointSpec& j = spec.joints[*jointIndex()];
                  if (j.type == type) {
                      return;
                  }
                  j.type = type;
                  // the coordinates follow the type: "<joint>.1", … for several
                  j.coordinates.clear();
              });
        // the form changes with the type (axes): rebuild it once this signal has returned
        QTimer::singleShot(0, this, [this] { rebuildTree(); });
    });
    m_form->addRow(tr("Type"), m_jointType);

    const auto axisRow = [&](QDoubleSpinBox*(&boxes)[3], const Eigen::Vector3d& axis, bool second) {
        for (int k = 0; k < 3; ++k) {
            boxes[k] = numberBox(axis[k], -1.0, 1.0, 6, QString());
            boxes[k]->setSingleStep(0.1);
            boxes[k]->setToolTip(second ? tr("The universal joint's second axis, fixed in the "
                                             "child (normalised when stored; perpendicular to "
                                             "the first)")
                                        : tr("The joint's axis, fixed in the parent "
                                             "(normalised when stored)"));
            connect(boxes[k], &QDoubleSpinBox::valueChanged, this,
                    [this, name, second, &boxes](double) {
                        Eigen::Vector3d v(boxes[0]->value(), boxes[1]->value(), boxes[2]->value());
                        if (v.norm() < 1e-9) {
                            m_validation->setText(
                                tr("The axis of %1 cannot be zero: give a direction").arg(name));
                            setStyleRole(m_validation, StyleRole::ErrorText);
                            return;
                        }
                        v.normalize();
                        apply(tr("%1 axis of %2 = (%3, %4, %5)")
                                  .arg(second ? tr("Second") : tr("First"), name, number(v.x()),
                                       number(v.y()), number(v.z())),
                              [&](MechanismSpec& spec) {
                                  JointSpec& j = spec.joints[*jointIndex()];
                                  (second ? j.axis2 : j.axis) = v;
                              });
                        // show the unit vector that was stored
                        for (int i = 0; i < 3; ++i) {
                            const QSignalBlocker blocker(boxes[i]);
                            boxes[i]->setValue(v[i]);
                        }
                    });
            m_form->addRow(tr("%1 %2").arg(second ? tr("Axis 2") : tr("Axis"), kAxisNames[k]),
                           boxes[k]);
        }
    };
    if (hasAxis(joint.type)) {
        axisRow(m_axis, joint.axis, false);
    }
    if (joint.type == JointType::Universal) {
        axisRow(m_axis2, joint.axis2, true);
    }
}

void SpatialPropertiesPanel::validate() {
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

} // namespace sslm::ui
