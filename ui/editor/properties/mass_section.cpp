// SPDX-License-Identifier: MIT
#include "ui/editor/properties/mass_section.hpp"

#include <algorithm>

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "ui/editor/counterweight_table.hpp"
#include "ui/editor/properties/property_fields.hpp"
#include "ui/style/style_sheet.hpp"

namespace sslm::ui {

MassSection::MassSection(QWidget* parent) : QGroupBox(tr("Mass"), parent) {
    auto* layout = new QVBoxLayout(this);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    layout->addLayout(m_form);
    buildMassRows();
    buildInertiaRows();
    // The counterweights have a form of their own: their table's total wraps its words (a
    // height-for-width item), and Qt 6.4's QFormLayout writes past its row data when a form
    // that hides rows (the inertia entries, setRowVisible) holds one.
    m_counterweights = new CounterweightTable;
    auto* weightsForm = new QFormLayout;
    weightsForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    weightsForm->addRow(tr("counterweights"), m_counterweights);
    layout->addLayout(weightsForm);
    connectEditors();
}

void MassSection::buildMassRows() {
    m_mass = numberBox(tr("The link's mass"), QStringLiteral(" kg"));
    m_form->addRow(tr("mass"), m_mass);
    for (int k = 0; k < 3; ++k) {
        m_com[k] = metresBox(QString());
    }
    m_comRow = sideBySide({m_com[0], m_com[1], m_com[2]});
    m_comLabel = new QLabel;
    m_form->addRow(m_comLabel, m_comRow);
}

void MassSection::buildInertiaRows() {
    m_uniform = new QCheckBox(tr("uniform from the shape"));
    m_uniform->setToolTip(tr("Inertia of a uniform bar or plate of the link's shape and mass; "
                             "untick to type it"));
    m_uniformNote = new QLabel(tr("Uniform from the shape until an entry is set:"));
    setStyleRole(m_uniformNote, StyleRole::MutedText);
    m_form->addRow(tr("inertia"), sideBySide({m_uniform, m_uniformNote}));
    for (int e = 0; e < 6; ++e) {
        m_inertia[e] = numberBox(QString(), QStringLiteral(" kg·m²"), -1e6, 1e6, 10);
        m_form->addRow(QString::fromLatin1(kInertiaEntries[e].name), m_inertia[e]);
    }
}

void MassSection::connectEditors() {
    // each field changes only its own number, on the document's exact values (the boxes show
    // them rounded)
    connect(m_mass, &QDoubleSpinBox::valueChanged, this, [this](double mass) {
        if (!m_updating) {
            Q_EMIT edited([mass](BodySpec& b) { b.mass = mass; },
                          tr("Mass of %1 = %2 kg").arg(m_body, number(mass)));
        }
    });
    for (int k = 0; k < 3; ++k) {
        connect(m_com[k], &QDoubleSpinBox::valueChanged, this, [this, k](double value) {
            if (m_updating) {
                return;
            }
            Q_EMIT edited([k, value](BodySpec& b) { (k < 2 ? b.com_B[k] : b.comZ_B) = value; },
                          tr("Centre of mass of %1: %2 = %3 m")
                              .arg(m_body, QLatin1String(axisName(k)), number(value)));
        });
    }
    for (int e = 0; e < 6; ++e) {
        connect(m_inertia[e], &QDoubleSpinBox::valueChanged, this, [this, e](double value) {
            if (m_updating) {
                return;
            }
            Eigen::Matrix3d tensor = m_shownInertia;
            tensor(kInertiaEntries[e].row, kInertiaEntries[e].column) = value;
            tensor(kInertiaEntries[e].column, kInertiaEntries[e].row) = value;
            Q_EMIT edited([this, tensor](BodySpec& b) { storeInertia(b, tensor); },
                          tr("Inertia of %1: %2 = %3 kg·m²")
                              .arg(m_body, QLatin1String(kInertiaEntries[e].name), number(value)));
        });
    }
    connect(m_uniform, &QCheckBox::toggled, this, [this](bool uniform) {
        if (m_updating) {
            return;
        }
        // what "uniform" gives, as the typed start
        const std::optional<Eigen::Matrix3d> typed =
            uniform ? std::nullopt : std::optional<Eigen::Matrix3d>(m_shownInertia);
        Q_EMIT edited(
            [this, typed](BodySpec& b) { storeInertia(b, typed); },
            (uniform ? tr("Inertia of %1 uniform from the shape") : tr("Inertia of %1 typed"))
                .arg(m_body));
    });
    connect(m_counterweights, &CounterweightTable::edited, this,
            [this](const std::vector<CounterweightSpec>& weights, const QString& text) {
                Q_EMIT edited([weights](BodySpec& b) { b.counterweights = weights; }, text);
            });
}

void MassSection::setSpace(const PropertiesSpace& space) {
    m_space = space;
    const QString body = space.bodyWord.toLower();
    m_mass->setMinimum(space.massMinimum);
    m_mass->setDecimals(space.massDecimals);
    m_mass->setToolTip(tr("The %1's mass (kg), more than 0").arg(body));
    m_mass->setProperty("plainToolTip", QVariant()); // showPositive keeps the new one
    QStringList axes;
    for (int k = 0; k < 3; ++k) {
        const bool shown = k < space.dimensions;
        m_com[k]->setVisible(shown);
        m_com[k]->setRange(-space.lengthLimit, space.lengthLimit);
        m_com[k]->setToolTip(
            space.drawn ? (k == 0 ? tr("Centre of mass, x in the link's frame (origin at its "
                                       "first point, x-axis towards its second)")
                                  : tr("Centre of mass, y in the link's frame"))
                        : tr("Centre of mass, %1 in the body frame (m)").arg(axisName(k)));
        if (shown) {
            axes << QLatin1String(axisName(k));
        }
    }
    m_comLabel->setText(tr("COM %1").arg(axes.join(QStringLiteral(", "))));
    m_uniform->setVisible(space.uniformInertiaBox);
    const bool tensor = space.inertiaEntries.size() > 1;
    for (int e = 0; e < 6; ++e) {
        const bool shown = std::find(space.inertiaEntries.begin(), space.inertiaEntries.end(), e) !=
                           space.inertiaEntries.end();
        m_form->setRowVisible(m_inertia[e], shown);
        m_inertia[e]->setDecimals(space.inertiaDecimals);
        m_inertia[e]->setToolTip(tensor ? tr("Inertia tensor about the COM, body frame (kg·m²); "
                                             "symmetric positive definite")
                                        : tr("Moment of inertia about the centre of mass"));
        m_inertia[e]->setProperty("plainToolTip", QVariant());
        if (!tensor) {
            // one moment: it sits under "inertia" without a name of its own
            if (auto* label = qobject_cast<QLabel*>(m_form->labelForField(m_inertia[e]))) {
                label->setText(QString());
            }
        } else if (auto* label = qobject_cast<QLabel*>(m_form->labelForField(m_inertia[e]))) {
            label->setText(QString::fromLatin1(kInertiaEntries[e].name));
        }
    }
}

void MassSection::showBody(const BodySpec& body, const Eigen::Matrix3d& shapeInertia) {
    m_updating = true;
    m_body = bodyName(body);
    showPositive(m_mass, body.mass, tr("The mass"));
    const Eigen::Vector3d com(body.com_B.x(), body.com_B.y(), body.comZ_B);
    for (int k = 0; k < 3; ++k) {
        m_com[k]->setValue(com[k]);
    }
    const bool planar = m_space.dimensions == 2;
    const bool typed = planar ? body.inertiaCom.has_value() : body.inertiaTensor.has_value();
    // the value "uniform" gives, as the starting point for a typed one
    Eigen::Matrix3d inertia = body.inertiaTensor.value_or(shapeInertia);
    if (planar) {
        inertia(2, 2) = body.inertiaCom.value_or(shapeInertia(2, 2));
    }
    m_shownInertia = inertia;
    m_uniform->setChecked(!typed);
    m_uniformNote->setVisible(!m_space.uniformInertiaBox && !typed);
    for (int e = 0; e < 6; ++e) {
        const InertiaEntry& entry = kInertiaEntries[e];
        m_inertia[e]->setEnabled(typed || !m_space.uniformInertiaBox);
        if (entry.row == entry.column) {
            showPositive(m_inertia[e], inertia(entry.row, entry.column),
                         planar ? tr("The moment of inertia") : tr("%1").arg(entry.name));
        } else {
            m_inertia[e]->setValue(inertia(entry.row, entry.column));
        }
    }
    m_counterweights->showWeights(body.counterweights, body.mass, m_body, !planar);
    m_updating = false;
}

void MassSection::storeInertia(BodySpec& body, const std::optional<Eigen::Matrix3d>& tensor) const {
    if (m_space.dimensions == 2) {
        body.inertiaCom = tensor ? std::optional<double>((*tensor)(2, 2)) : std::nullopt;
    } else {
        body.inertiaTensor = tensor;
    }
}

} // namespace sslm::ui
