// SPDX-License-Identifier: MIT
#include "ui/editor/template_dialog.hpp"

#include <cmath>
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
#include "core/spec/spatial_templates.hpp"
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
    RssrTemplateOptions rssr;
    double ladderCells = 8;
    StewartPlatformOptions stewart;
};

namespace {

/// The spatial templates after the planar ones: id, menu text, description.
struct SpatialTemplate {
    const char* id;
    const char* name;
    const char* description;
};
constexpr SpatialTemplate kSpatialTemplates[] = {
    {"rssr", "RSSR (spatial)",
     "Spatial crank-rocker R-S-U-R of seed 002 §6.2: crank about z, spherical and universal "
     "joints on the coupler, rocker about x; 1 DOF, J3 cut"},
    {"spatial_ladder", "Spatial ladder",
     "The ladder of seed 003 §4.3: L loops of pendulums and rungs on universal joints, 2 DOF "
     "for any L; dynamically one Hooke pendulum"},
    {"stewart_platform", "Stewart–Gough platform (6-UPS)",
     "A platform on six legs, each a universal joint, a sprung prismatic joint and a spherical "
     "joint; 6 DOF, five legs' spherical joints cut"},
};

/// Whether template `id` offers the mirror-assembly option: the planar ones do (their other
/// assembly mode), the spatial ones not.
bool offersMirror(const QString& id) {
    for (const SpatialTemplate& t : kSpatialTemplates) {
        if (id == QLatin1String(t.id)) {
            return false;
        }
    }
    return true;
}

} // namespace

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
    m_template->insertSeparator(m_template->count());
    for (const SpatialTemplate& t : kSpatialTemplates) {
        m_template->addItem(tr(t.name), QString::fromLatin1(t.id));
        m_template->setItemData(m_template->count() - 1, tr(t.description), Qt::ToolTipRole);
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
    const QString id = templateId();
    m_fields = fieldsFor(id);
    m_mirror->setVisible(offersMirror(id));
    for (Field& field : m_fields) {
        addFieldRow(field);
    }
    m_description->setText(m_template->currentData(Qt::ToolTipRole).toString());
    update();
}

std::vector<TemplateDialog::Field> TemplateDialog::fieldsFor(const QString& id) {
    std::vector<Field> fields;
    Options& o = *m_options;
    const QString m = QStringLiteral("m");
    const auto length = [&](const QString& label, double& value) {
        fields.push_back({label, m, &value, 1.0});
    };
    const auto angle = [&](const QString& label, double& value) {
        fields.push_back({label, QStringLiteral("°"), &value, kDegrees, -1e4, 1e4, 2});
    };
    const auto speed = [&](const QString& label, double& value) {
        fields.push_back({label, QStringLiteral("rad/s"), &value, 1.0, -1e4, 1e4, 2});
    };
    const auto position = [&](const QString& label, double& value) {
        fields.push_back({label, m, &value, 1.0, -10.0, 10.0});
    };
    const auto mass = [&](const QString& label, double& value) {
        fields.push_back({label, QStringLiteral("kg"), &value, 1.0, 0.001, 1e4, 3});
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
    } else if (id == QLatin1String("rssr")) {
        length(tr("Crank"), o.rssr.crank);
        length(tr("Rocker"), o.rssr.rocker);
        position(tr("Rocker pivot x"), o.rssr.pivotD.x());
        position(tr("Rocker pivot y"), o.rssr.pivotD.y());
        position(tr("Rocker pivot z"), o.rssr.pivotD.z());
        angle(tr("Rocker angle"), o.rssr.rockerAngle);
        speed(tr("Crank rate"), o.rssr.crankRate);
    } else if (id == QLatin1String("spatial_ladder")) {
        fields.push_back({tr("Cells"), QString(), &o.ladderCells, 1.0, 1, 128, 0});
    } else if (id == QLatin1String("stewart_platform")) {
        length(tr("Base radius"), o.stewart.baseRadius);
        length(tr("Platform radius"), o.stewart.platformRadius);
        length(tr("Height"), o.stewart.height);
        mass(tr("Platform mass"), o.stewart.platformMass);
        length(tr("Spring rest length"), o.stewart.restLength);
        speed(tr("Twist rate"), o.stewart.twistRate);
    }
    return fields;
}

void TemplateDialog::addFieldRow(Field& field) {
    field.box = new QDoubleSpinBox;
    const bool isLength = field.unit == QLatin1String("m");
    if (field.label == tr("Guide offset")) {
        field.minimum = -10.0;
    }
    field.box->setRange(field.minimum, field.maximum);
    field.box->setDecimals(field.decimals);
    field.box->setSingleStep(isLength ? 0.01 : (field.decimals == 0 ? 1.0 : 5.0));
    field.box->setSuffix(field.unit.isEmpty() ? QString() : QLatin1Char(' ') + field.unit);
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
    if (id == QLatin1String("rssr")) {
        return rssrTemplate(o.rssr);
    }
    if (id == QLatin1String("spatial_ladder")) {
        return spatialLadderSpec(static_cast<int>(std::lround(o.ladderCells)));
    }
    if (id == QLatin1String("stewart_platform")) {
        return stewartPlatformSpec(o.stewart);
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
