// SPDX-License-Identifier: MIT
#include "ui/editor/properties/point_section.hpp"

#include <algorithm>
#include <cmath>

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QTableWidget>

#include "ui/editor/properties/property_fields.hpp"

namespace sslm::ui {

PointSection::PointSection(QWidget* parent) : QGroupBox(tr("Point"), parent) {
    m_form = new QFormLayout(this);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    buildPointRows();
    buildTable();
}

void PointSection::buildPointRows() {
    m_world[0] = metresBox(tr("x of the selected point in the ground frame"));
    m_world[1] = metresBox(tr("y of the selected point in the ground frame"));
    m_frame[0] = metresBox(tr("x of the point in its link's frame (origin at the link's first "
                              "point, x-axis towards its second)"));
    m_frame[1] = metresBox(tr("y of the point in its link's frame"));
    m_traced = new QCheckBox(tr("traced"));
    m_traced->setToolTip(tr("Trace this point: its path (a coupler curve) is drawn while "
                            "driving and in the 3-D view, and written with the run's data"));
    m_frameLabel = new QLabel;
    m_form->addRow(QStringLiteral("x"), m_world[0]);
    m_form->addRow(QStringLiteral("y"), m_world[1]);
    m_form->addRow(m_frameLabel, sideBySide({m_frame[0], m_frame[1]}));
    m_form->addRow(QString(), m_traced);
    for (int k = 0; k < 2; ++k) {
        connect(m_world[k], &QDoubleSpinBox::valueChanged, this, [this, k](double value) {
            if (!m_updating) {
                Q_EMIT movedInWorld(k, value);
            }
        });
        connect(m_frame[k], &QDoubleSpinBox::valueChanged, this, [this, k](double value) {
            if (!m_updating) {
                Q_EMIT movedInFrame(k, value);
            }
        });
    }
    connect(m_traced, &QCheckBox::toggled, this, [this] {
        if (!m_updating) {
            Q_EMIT traceToggled();
        }
    });
}

void PointSection::buildTable() {
    m_table = new QTableWidget;
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setToolTip(tr("The body's points in its frame (m); the joints refer to them by "
                           "name"));
    m_form->addRow(m_table);
    connect(m_table, &QTableWidget::itemChanged, this, &PointSection::tableEdited);
}

void PointSection::setSpace(const PropertiesSpace& space) {
    m_dimensions = space.dimensions;
    setTitle(space.drawn ? tr("Point") : tr("Points"));
    for (QWidget* row : {static_cast<QWidget*>(m_world[0]), static_cast<QWidget*>(m_world[1]),
                         static_cast<QWidget*>(m_traced)}) {
        m_form->setRowVisible(row, space.drawn);
    }
    m_form->setRowVisible(m_frameLabel, space.drawn);
    m_form->setRowVisible(m_table, !space.drawn);
    QStringList headers{tr("Point")};
    for (int k = 0; k < m_dimensions; ++k) {
        headers << tr("%1 (m)").arg(QLatin1String(axisName(k)));
    }
    const QSignalBlocker blocker(m_table);
    m_table->setColumnCount(m_dimensions + 1);
    m_table->setHorizontalHeaderLabels(headers);
}

void PointSection::showPoint(const Eigen::Vector2d& world,
                             const BodySpec* owner,
                             const Eigen::Vector2d& inOwner,
                             bool traced) {
    m_updating = true;
    setTitle(tr("Point"));
    m_world[0]->setValue(world.x());
    m_world[1]->setValue(world.y());
    m_form->setRowVisible(m_frameLabel, owner != nullptr);
    if (owner != nullptr) {
        m_frameLabel->setText(tr("in %1").arg(bodyName(*owner)));
        m_frame[0]->setValue(inOwner.x());
        m_frame[1]->setValue(inOwner.y());
    }
    m_traced->setChecked(traced);
    m_traced->setEnabled(owner != nullptr); // the ground's points do not move
    m_updating = false;
}

void PointSection::showBodyPoints(const BodySpec& body) {
    const QSignalBlocker blocker(m_table);
    const int rows = static_cast<int>(body.points.size());
    // a table edited in place keeps its items (the edit may come from one of them)
    const bool rebuild =
        m_table->rowCount() != rows || m_points.size() != body.points.size() ||
        !std::equal(m_points.begin(), m_points.end(), body.points.begin(),
                    [](const BodyPoint& a, const BodyPoint& b) { return a.name == b.name; });
    m_points = body.points;
    if (rebuild) {
        m_table->setRowCount(rows);
    }
    for (int i = 0; i < rows; ++i) {
        const BodyPoint& p = body.points[static_cast<std::size_t>(i)];
        const Eigen::Vector3d at = p.position3();
        if (rebuild) {
            auto* name = new QTableWidgetItem(QString::fromStdString(p.name));
            name->setFlags(name->flags() & ~Qt::ItemIsEditable);
            m_table->setItem(i, 0, name);
        }
        for (int k = 0; k < m_dimensions; ++k) {
            if (rebuild || m_table->item(i, k + 1) == nullptr) {
                m_table->setItem(i, k + 1, new QTableWidgetItem(number(at[k])));
            } else {
                m_table->item(i, k + 1)->setText(number(at[k]));
            }
        }
    }
    // as tall as its rows, up to four (then it scrolls): the dock scrolls as a whole, and a
    // table at its default size hint pushed the mass off the first screen
    m_table->setFixedHeight(
        m_table->verticalHeader()->defaultSectionSize() * (std::min(rows, 4) + 1) + 4);
}

void PointSection::tableEdited(QTableWidgetItem* item) {
    const int row = item->row();
    const int k = item->column() - 1;
    if (k < 0 || k >= m_dimensions || row >= static_cast<int>(m_points.size())) {
        return;
    }
    const BodyPoint& point = m_points[static_cast<std::size_t>(row)];
    bool ok = false;
    const double value = item->text().toDouble(&ok);
    if (!ok || !std::isfinite(value)) {
        // not a number: put the stored value back and say why
        const QSignalBlocker blocker(m_table);
        item->setText(number(point.position3()[k]));
        Q_EMIT refused(tr("%1 of point %2: give a number of metres")
                           .arg(QLatin1String(axisName(k)), QString::fromStdString(point.name)));
        return;
    }
    Q_EMIT bodyPointMoved(row, k, value);
}

} // namespace sslm::ui
