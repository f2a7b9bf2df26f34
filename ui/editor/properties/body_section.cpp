// SPDX-License-Identifier: MIT
#include "ui/editor/properties/body_section.hpp"

#include <cmath>

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>

#include "ui/editor/properties/property_fields.hpp"

namespace sslm::ui {

namespace {

constexpr double kDegree = M_PI / 180.0;

} // namespace

BodySection::BodySection(QWidget* parent) : QGroupBox(parent) {
    m_name = new QLineEdit;
    m_name->setToolTip(tr("The link's name, shown in the views and the plots"));
    m_length = metresBox(tr("The bar's length: its second point moves along the bar (links "
                            "pinned there follow)"));
    m_length->setMinimum(1e-6);
    m_angle = numberBox(tr("The bar's angle from the x-axis of the ground, counter-clockwise: "
                           "its second point turns about its first"),
                        QStringLiteral(" °"), -360, 360, 3);
    m_form = new QFormLayout(this);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->addRow(tr("name"), m_name);
    m_form->addRow(tr("length"), m_length);
    m_form->addRow(tr("angle"), m_angle);

    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        if (m_updating) {
            return;
        }
        const std::string name = m_name->text().trimmed().toStdString();
        Q_EMIT edited([name](BodySpec& b) { b.name = name; },
                      tr("Name of %1: %2").arg(m_body, QString::fromStdString(name)));
    });
    connect(m_length, &QDoubleSpinBox::valueChanged, this, [this](double length) {
        if (!m_updating) {
            Q_EMIT barEdited(length, std::nullopt);
        }
    });
    connect(m_angle, &QDoubleSpinBox::valueChanged, this, [this](double degrees) {
        if (!m_updating) {
            Q_EMIT barEdited(std::nullopt, degrees * kDegree);
        }
    });
}

void BodySection::setSpace(const PropertiesSpace& space) {
    setTitle(space.bodyWord);
    m_name->setToolTip(
        tr("The %1's name, shown in the views and the plots").arg(space.bodyWord.toLower()));
}

void BodySection::showBody(const BodySpec& body, std::optional<std::pair<double, double>> bar) {
    m_updating = true;
    m_body = bodyName(body);
    m_name->setText(QString::fromStdString(body.name));
    m_form->setRowVisible(m_length, bar.has_value());
    m_form->setRowVisible(m_angle, bar.has_value());
    if (bar) {
        m_length->setValue(bar->first);
        m_angle->setValue(bar->second / kDegree);
    }
    m_updating = false;
}

} // namespace sslm::ui
