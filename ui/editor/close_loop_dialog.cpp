// SPDX-License-Identifier: MIT
#include "ui/editor/close_loop_dialog.hpp"

#include <algorithm>
#include <span>
#include <string>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/model/workspace.hpp"
#include "core/util/text.hpp"
#include "ui/input/number_box.hpp"
#include "ui/style/style_sheet.hpp"

namespace sslm::ui {

namespace {

const QString kNewPoint = QObject::tr("a new point…");

struct TypeChoice {
    JointType type;
    const char* text;
};
constexpr TypeChoice kSpatialTypes[] = {
    {JointType::Spherical, "spherical (3 rows: a ball; never redundant)"},
    {JointType::Universal, "universal (4 rows)"},
    {JointType::Cylindrical, "cylindrical (4 rows)"},
    {JointType::Revolute, "revolute (5 rows)"},
    {JointType::Prismatic, "prismatic (5 rows)"},
};
constexpr TypeChoice kPlanarTypes[] = {
    {JointType::Revolute, "revolute"},
    {JointType::Prismatic, "prismatic"},
};

QDoubleSpinBox* coordinateBox(double value, const QString& suffix) {
    QDoubleSpinBox* box = numberBox(QString(), suffix, -1e4, 1e4, 6);
    box->setValue(value);
    return box;
}

const std::vector<BodyPoint>* pointsOf(const MechanismSpec& spec, const QString& body) {
    if (body == QLatin1String("ground")) {
        return &spec.ground.points;
    }
    for (const BodySpec& b : spec.bodies) {
        if (QString::fromStdString(b.id) == body) {
            return &b.points;
        }
    }
    return nullptr;
}

} // namespace

CloseLoopDialog::CloseLoopDialog(const MechanismSpec& spec,
                                 std::shared_ptr<const Model> model,
                                 const Eigen::VectorXd& q,
                                 QWidget* parent)
    : QDialog(parent), m_spec(spec), m_model(std::move(model)), m_q(q) {
    setWindowTitle(tr("Close a Loop"));
    const bool spatial = spec.space == MotionSpace::Spatial;
    auto* intro = new QLabel(tr("Join two bodies at a point on each with a joint that becomes a "
                                "cut joint (one undoable edit). A new point on the second body "
                                "starts where the first side's point is now, so that the loop "
                                "closes at this pose."));
    intro->setWordWrap(true);

    m_name = new QLineEdit;
    m_name->setPlaceholderText(tr("closure1"));
    m_name->setToolTip(tr("The new joint's name; empty: closure1, closure2, …"));
    m_type = new QComboBox;
    for (const TypeChoice& choice : spatial ? std::span<const TypeChoice>(kSpatialTypes)
                                            : std::span<const TypeChoice>(kPlanarTypes)) {
        m_type->addItem(tr(choice.text), static_cast<int>(choice.type));
    }
    m_type->setToolTip(tr("A spherical closure adds 3 rows; a revolute one 5, two of which are "
                          "redundant in a loop of parallel revolutes"));
    auto* top = new QFormLayout;
    top->addRow(tr("Name"), m_name);
    top->addRow(tr("Joint"), m_type);

    auto* sides = new QHBoxLayout;
    const QString titles[2] = {tr("First body (parent side)"), tr("Second body (child side)")};
    for (int s = 0; s < 2; ++s) {
        Side& side = m_sides[s];
        auto* box = new QGroupBox(titles[s]);
        auto* form = new QFormLayout(box);
        side.body = new QComboBox;
        side.body->addItem(QStringLiteral("ground"));
        for (const BodySpec& b : spec.bodies) {
            side.body->addItem(QString::fromStdString(b.id));
        }
        side.point = new QComboBox;
        side.newName = new QLineEdit;
        side.newName->setToolTip(tr("The new point's name on its body"));
        form->addRow(tr("Body"), side.body);
        form->addRow(tr("Point"), side.point);
        form->addRow(tr("New point"), side.newName);
        const char* axes[3] = {"x", "y", "z"};
        for (int k = 0; k < 3; ++k) {
            side.at[k] = coordinateBox(0, QStringLiteral(" m"));
            side.at[k]->setToolTip(tr("The new point's %1 in the body frame (m)").arg(axes[k]));
            form->addRow(tr("at %1").arg(QLatin1String(axes[k])), side.at[k]);
            if (!spatial && k == 2) {
                side.at[k]->setEnabled(false);
            }
        }
        sides->addWidget(box);
        connect(side.body, &QComboBox::currentIndexChanged, this, [this, s] {
            fillPoints(m_sides[s]);
            updateDefaults();
        });
        connect(side.point, &QComboBox::currentIndexChanged, this, [this] {
            updateDefaults();
            updateState();
        });
        connect(side.newName, &QLineEdit::textChanged, this, &CloseLoopDialog::updateState);
    }
    m_sides[1].body->setCurrentIndex(std::min(2, m_sides[1].body->count() - 1));
    for (Side& side : m_sides) {
        fillPoints(side);
    }

    auto* axisBox = new QGroupBox(tr("Axes (ground directions at q = 0)"));
    auto* axisForm = new QFormLayout(axisBox);
    auto* axisRow = new QHBoxLayout;
    auto* axis2Row = new QHBoxLayout;
    for (int k = 0; k < 3; ++k) {
        m_axis[k] = coordinateBox(k == 2 ? 1.0 : 0.0, QString());
        m_axis2[k] = coordinateBox(k == 1 ? 1.0 : 0.0, QString());
        axisRow->addWidget(m_axis[k]);
        axis2Row->addWidget(m_axis2[k]);
    }
    axisForm->addRow(tr("Axis"), axisRow);
    axisForm->addRow(tr("Second axis (universal)"), axis2Row);
    axisBox->setEnabled(spatial);

    m_problem = new QLabel;
    m_problem->setWordWrap(true);
    setStyleRole(m_problem, StyleRole::ErrorText);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Close the Loop"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_type, &QComboBox::currentIndexChanged, this, &CloseLoopDialog::updateState);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(top);
    layout->addLayout(sides);
    layout->addWidget(axisBox);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    updateDefaults();
    updateState();
}

void CloseLoopDialog::fillPoints(Side& side) {
    const QSignalBlocker blocker(side.point);
    side.point->clear();
    if (const std::vector<BodyPoint>* points = pointsOf(m_spec, side.body->currentText())) {
        for (const BodyPoint& p : *points) {
            side.point->addItem(QString::fromStdString(p.name));
        }
    }
    side.point->addItem(kNewPoint);
    // a fresh name for a new point on this body
    const std::vector<BodyPoint>* points = pointsOf(m_spec, side.body->currentText());
    const std::string name = text::numberedName("L", [&](const std::string& candidate) {
        return points != nullptr &&
               std::any_of(points->begin(), points->end(),
                           [&](const BodyPoint& p) { return p.name == candidate; });
    });
    side.newName->setText(QString::fromStdString(name));
}

bool CloseLoopDialog::choose(bool parentSide, const QString& body, const QString& point) {
    Side& side = m_sides[parentSide ? 0 : 1];
    const int b = side.body->findText(body);
    if (b < 0) {
        return false;
    }
    side.body->setCurrentIndex(b);
    const int p = side.point->findText(point.isEmpty() ? kNewPoint : point);
    if (p < 0) {
        return false;
    }
    side.point->setCurrentIndex(p);
    updateDefaults();
    updateState();
    return true;
}

std::optional<Eigen::Vector3d> CloseLoopDialog::worldPoint(const QString& body,
                                                           const QString& point) const {
    if (!m_model || m_q.size() != m_model->nq()) {
        return std::nullopt;
    }
    const int b = m_model->bodyIndex(body.toStdString());
    const std::vector<BodyPoint>* points = pointsOf(m_spec, body);
    if (b < 0 || points == nullptr) {
        return std::nullopt;
    }
    for (const BodyPoint& p : *points) {
        if (QString::fromStdString(p.name) == point) {
            Workspace ws(*m_model);
            updatePositions(*m_model, ws, m_q);
            return Eigen::Vector3d(ws.position[static_cast<std::size_t>(b)] +
                                   ws.rotation[static_cast<std::size_t>(b)] * p.position3());
        }
    }
    return std::nullopt;
}

std::optional<Eigen::Vector3d> CloseLoopDialog::inBodyFrame(const QString& body,
                                                            const Eigen::Vector3d& w) const {
    if (!m_model || m_q.size() != m_model->nq()) {
        return std::nullopt;
    }
    const int b = m_model->bodyIndex(body.toStdString());
    if (b < 0) {
        return std::nullopt;
    }
    Workspace ws(*m_model);
    updatePositions(*m_model, ws, m_q);
    const auto i = static_cast<std::size_t>(b);
    return Eigen::Vector3d(ws.rotation[i].transpose() * (w - ws.position[i]));
}

void CloseLoopDialog::updateDefaults() {
    for (int s = 0; s < 2; ++s) {
        Side& side = m_sides[s];
        const bool fresh = side.point->currentText() == kNewPoint;
        side.newName->setEnabled(fresh);
        for (QDoubleSpinBox* box : side.at) {
            box->setEnabled(fresh && (box != side.at[2] || m_spec.space == MotionSpace::Spatial));
        }
    }
    // the second side's new point where the first side's point is now
    Side& second = m_sides[1];
    if (second.point->currentText() == kNewPoint && m_sides[0].point->currentText() != kNewPoint) {
        const auto w = worldPoint(m_sides[0].body->currentText(), m_sides[0].point->currentText());
        if (w) {
            if (const auto local = inBodyFrame(second.body->currentText(), *w)) {
                for (int k = 0; k < 3; ++k) {
                    second.at[k]->setValue((*local)[k]);
                }
            }
        }
    }
}

void CloseLoopDialog::updateState() {
    if (m_buttons == nullptr) {
        return; // still being built
    }
    MechanismSpec trial = m_spec;
    const EditError error = closeLoop(trial, closure());
    m_problem->setText(QString::fromStdString(error));
    m_problem->setVisible(!error.empty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(error.empty());
}

LoopClosure CloseLoopDialog::closure() const {
    LoopClosure c;
    c.name = m_name->text().trimmed().toStdString();
    c.type = static_cast<JointType>(m_type->currentData().toInt());
    ClosureSide* out[2] = {&c.parent, &c.child};
    for (int s = 0; s < 2; ++s) {
        const Side& side = m_sides[s];
        out[s]->body = side.body->currentText().toStdString();
        if (side.point->currentText() == kNewPoint) {
            out[s]->point = side.newName->text().trimmed().toStdString();
            out[s]->newPoint =
                Eigen::Vector3d(side.at[0]->value(), side.at[1]->value(), side.at[2]->value());
        } else {
            out[s]->point = side.point->currentText().toStdString();
        }
    }
    c.axis = Eigen::Vector3d(m_axis[0]->value(), m_axis[1]->value(), m_axis[2]->value());
    c.axis2 = Eigen::Vector3d(m_axis2[0]->value(), m_axis2[1]->value(), m_axis2[2]->value());
    return c;
}

} // namespace sslm::ui
