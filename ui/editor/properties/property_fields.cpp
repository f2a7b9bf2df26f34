// SPDX-License-Identifier: MIT
#include "ui/editor/properties/property_fields.hpp"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QVariant>

namespace sslm::ui {

const char* axisName(int axis) {
    static const char* const names[3] = {"x", "y", "z"};
    return names[axis];
}

QDoubleSpinBox* metresBox(const QString& tip, double limit) {
    QDoubleSpinBox* box = numberBox(tip, QStringLiteral(" m"), -limit, limit, 6);
    box->setSingleStep(0.005);
    return box;
}

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

QString number(double value) {
    return QString::number(value, 'g', 6);
}

QString bodyName(const BodySpec& body) {
    return QString::fromStdString(body.name.empty() ? body.id : body.name);
}

QHBoxLayout* sideBySide(std::initializer_list<QWidget*> widgets) {
    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    for (QWidget* widget : widgets) {
        row->addWidget(widget);
    }
    return row;
}

} // namespace sslm::ui
