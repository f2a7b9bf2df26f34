// SPDX-License-Identifier: MIT
#include "ui/editor/template_dialog.hpp"

#include <numbers>
#include <stdexcept>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "core/spec/mechanism_templates.hpp"
#include "ui/style/style_sheet.hpp"

namespace sslm::ui {

namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;

} // namespace

struct TemplateDialog::Options {
    FourBarTemplateOptions fourBar;
    SliderCrankTemplateOptions sliderCrank;
    FiveBarTemplateOptions fiveBar;
    WattSixBarTemplateOptions watt;
    StephensonSixBarTemplateOptions stephenson;
};

TemplateDialog::TemplateDialog(QWidget* parent)
    : QDialog(parent), m_options(std::make_unique<Options>()) {
    setWindowTitle(tr("New From Template"));
    m_template = new QComboBox;
    for (const MechanismTemplateInfo& info : mechanismTemplates()) {
        m_template->addItem(QString::fromStdString(info.displayName),
                            QString::fromStdString(info.id));
        m_template->setItemData(m_template->count() - 1, QString::fromStdString(info.description),
                                Qt::ToolTipRole);
    }
    m_description = new QLabel;
    m_description->setWordWrap(true);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_mirror = new QCheckBox(tr("Other assembly branch"));
    m_mirror->setToolTip(tr("Close the loops the other way (the crossed four-bar, the slider on "
                            "the other side)"));
    m_problem = new QLabel;
    m_problem->setWordWrap(true);
    setStyleRole(m_problem, StyleRole::ErrorText);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));

    auto* layout = new QVBoxLayout(this);
    auto* top = new QFormLayout;
    top->addRow(tr("Template"), m_template);
    layout->addLayout(top);
    layout->addWidget(m_description);
    layout->addLayout(m_form);
    layout->addWidget(m_mirror);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_template, &QComboBox::currentIndexChanged, this, [this] { rebuildForm(); });
    connect(m_mirror, &QCheckBox::toggled, this, [this] { update(); });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    rebuildForm();
}

TemplateDialog::~TemplateDialog() = default;

bool TemplateDialog::setTemplate(const QString& id) {
    const int index = m_template->findData(id);
    if (index < 0) {
        return false;
    }
    m_template->setCurrentIndex(index);
    return true;
}

QString TemplateDialog::templateId() const {
    return m_template->currentData().toString();
}

bool TemplateDialog::setField(const QString& label, double value) {
    for (Field& field : m_fields) {
        if (field.label == label) {
            field.box->setValue(value);
            return true;
        }
    }
    return false;
}

void TemplateDialog::rebuildForm() {
    while (m_form->rowCount() > 0) {
        m_form->removeRow(0);
    }
    m_fields.clear();
    Options& o = *m_options;
    const QString m = QStringLiteral("m");
    const QString deg = QStringLiteral("°");
    const QString rate = QStringLiteral("rad/s");
    const QString id = templateId();
    const auto length = [&](const QString& label, double& value) {
        m_fields.push_back({label, m, &value, 1.0});
    };
    const auto angle = [&](const QString& label, double& value) {
        m_fields.push_back({label, deg, &value, kDegrees});
    };
    const auto speed = [&](const QString& label, double& value) {
        m_fields.push_back({label, rate, &value, 1.0});
    };
    if (id == QLatin1String("four_bar")) {
        length(tr("Ground"), o.fourBar.ground);
        length(tr("Crank"), o.fourBar.crank);
        length(tr("Coupler"), o.fourBar.coupler);
        length(tr("Rocker"), o.fourBar.rocker);
        angle(tr("Crank angle"), o.fourBar.crankAngle);
        speed(tr("Crank rate"), o.fourBar.crankRate);
    } else if (id == QLatin1String("slider_crank")) {
        length(tr("Crank"), o.sliderCrank.crank);
        length(tr("Connecting rod"), o.sliderCrank.connectingRod);
        length(tr("Guide offset"), o.sliderCrank.offset);
        angle(tr("Crank angle"), o.sliderCrank.crankAngle);
        speed(tr("Crank rate"), o.sliderCrank.crankRate);
    } else if (id == QLatin1String("five_bar")) {
        length(tr("Ground"), o.fiveBar.ground);
        length(tr("Crank 1"), o.fiveBar.crank1);
        length(tr("Coupler 1"), o.fiveBar.coupler1);
        length(tr("Coupler 2"), o.fiveBar.coupler2);
        length(tr("Crank 2"), o.fiveBar.crank2);
        angle(tr("Crank 1 angle"), o.fiveBar.crank1Angle);
        angle(tr("Crank 2 angle"), o.fiveBar.crank2Angle);
    } else if (id == QLatin1String("watt_six_bar")) {
        length(tr("Ground 1"), o.watt.ground1);
        length(tr("Crank"), o.watt.crank);
        length(tr("Coupler"), o.watt.coupler);
        length(tr("Rocker arm"), o.watt.rockerArm);
        length(tr("Ground 2"), o.watt.ground2);
        length(tr("Coupler 2"), o.watt.coupler2);
        length(tr("Output rocker"), o.watt.output);
        angle(tr("Crank angle"), o.watt.crankAngle);
        speed(tr("Crank rate"), o.watt.crankRate);
    } else if (id == QLatin1String("stephenson_six_bar")) {
        length(tr("Ground"), o.stephenson.ground);
        length(tr("Crank"), o.stephenson.crank);
        length(tr("Coupler"), o.stephenson.coupler);
        length(tr("Rocker"), o.stephenson.rocker);
        length(tr("Output coupler"), o.stephenson.outputCoupler);
        length(tr("Output rocker"), o.stephenson.output);
        angle(tr("Crank angle"), o.stephenson.crankAngle);
        speed(tr("Crank rate"), o.stephenson.crankRate);
    }
    for (Field& field : m_fields) {
        field.box = new QDoubleSpinBox;
        const bool isLength = field.unit == m;
        field.box->setRange(isLength ? (field.label == tr("Guide offset") ? -10.0 : 0.001) : -1e4,
                            isLength ? 10.0 : 1e4);
        field.box->setDecimals(isLength ? 4 : 2);
        field.box->setSingleStep(isLength ? 0.01 : 5.0);
        field.box->setSuffix(QLatin1Char(' ') + field.unit);
        field.box->setValue(*field.value * field.scale);
        field.box->setKeyboardTracking(false);
        double* target = field.value;
        const double scale = field.scale;
        connect(field.box, &QDoubleSpinBox::valueChanged, this, [this, target, scale](double v) {
            *target = v / scale;
            update();
        });
        m_form->addRow(field.label, field.box);
    }
    m_description->setText(m_template->currentData(Qt::ToolTipRole).toString());
    update();
}

MechanismSpec TemplateDialog::build() const {
    const Options& o = *m_options;
    const bool mirror = m_mirror->isChecked();
    const QString id = templateId();
    const auto mirrored = [mirror](auto options) {
        options.mirrorAssembly = mirror;
        return options;
    };
    if (id == QLatin1String("four_bar")) {
        return fourBarTemplate(mirrored(o.fourBar));
    }
    if (id == QLatin1String("slider_crank")) {
        return sliderCrankTemplate(mirrored(o.sliderCrank));
    }
    if (id == QLatin1String("five_bar")) {
        return fiveBarTemplate(mirrored(o.fiveBar));
    }
    if (id == QLatin1String("watt_six_bar")) {
        return wattSixBarTemplate(mirrored(o.watt));
    }
    if (id == QLatin1String("stephenson_six_bar")) {
        return stephensonSixBarTemplate(mirrored(o.stephenson));
    }
    throw std::invalid_argument("unknown template " + id.toStdString());
}

std::optional<MechanismSpec> TemplateDialog::spec() const {
    try {
        return build();
    } catch (const std::invalid_argument&) {
        return std::nullopt;
    }
}

QString TemplateDialog::problem() const {
    return m_problem->text();
}

void TemplateDialog::update() {
    QString reason;
    try {
        (void)build();
    } catch (const std::invalid_argument& e) {
        reason = QString::fromUtf8(e.what());
    }
    m_problem->setText(reason);
    m_problem->setVisible(!reason.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(reason.isEmpty());
}

} // namespace sslm::ui
