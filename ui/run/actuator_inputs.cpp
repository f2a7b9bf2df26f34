// SPDX-License-Identifier: MIT
#include "ui/run/actuator_inputs.hpp"

#include <map>
#include <string>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>

#include "ui/style/style_sheet.hpp"

namespace sslm::ui {

namespace {

QString describe(const SignalSpec& signal, const QString& unit) {
    switch (signal.kind) {
    case SignalSpec::Kind::Zero:
        return QObject::tr("free (0 %1)").arg(unit);
    case SignalSpec::Kind::Constant:
        return QStringLiteral("%1 %2").arg(signal.value).arg(unit);
    case SignalSpec::Kind::Linear:
        return QObject::tr("%1 + %2·t %3").arg(signal.value).arg(signal.rate).arg(unit);
    case SignalSpec::Kind::Sinusoid:
        return QObject::tr("sinusoid, %1 Hz").arg(signal.frequency);
    case SignalSpec::Kind::Table:
        return QObject::tr("table of %1 points").arg(signal.table.size());
    case SignalSpec::Kind::Spline:
        return QObject::tr("spline through %1 points").arg(signal.table.size());
    }
    return {};
}

QString describe(const ActuatorSpec& spec, bool angular) {
    const QString unit = angular ? QStringLiteral("N·m") : QStringLiteral("N");
    if (spec.kind == ActuatorSpec::Kind::PdTracking) {
        const QString tracking = QObject::tr("PD tracking, kp %1, kd %2").arg(spec.kp).arg(spec.kd);
        return spec.force == SignalSpec{}
                   ? tracking
                   : QObject::tr("%1 + %2").arg(describe(spec.force, unit), tracking);
    }
    return describe(spec.force, unit);
}

} // namespace

ActuatorInputs::ActuatorInputs(QWidget* parent) : QGroupBox(tr("Actuator inputs"), parent) {
    m_grid = new QGridLayout(this);
    m_grid->setColumnStretch(1, 1);
    m_none = new QLabel(tr("No actuators in this mechanism."));
    setStyleRole(m_none, StyleRole::MutedText);
    m_grid->addWidget(m_none, 0, 0, 1, 2);
    setToolTip(tr("What drives each actuated joint in the next run; the file is not changed"));
}

void ActuatorInputs::setModel(const Model& model, bool keepInputs) {
    struct Input {
        int mode = 0;
        double value = 0;
        double gain = 0;
    };
    std::map<std::string, Input> kept; // by joint name
    if (keepInputs) {
        for (const Row& row : m_rows) {
            kept[row.file.joint] = {row.mode->currentIndex(), row.value->value(),
                                    row.gain->value()};
        }
    }
    for (QWidget* widget : m_rowWidgets) {
        delete widget;
    }
    m_rowWidgets.clear();
    m_rows.clear();
    m_none->setVisible(model.actuators.empty());

    int gridRow = 1;
    for (const Actuator& actuator : model.actuators) {
        Row row;
        row.file = actuator.spec;
        const Joint& joint = model.joints[actuator.joint];
        row.angular = joint.type == JointType::Revolute;

        auto* name = new QLabel(QStringLiteral("<b>%1</b> (%2)")
                                    .arg(QString::fromStdString(joint.name),
                                         QString::fromStdString(joint.coordinateName)));
        name->setToolTip(tr("File's input: %1").arg(describe(row.file, row.angular)));
        row.mode = new QComboBox;
        row.mode->addItem(tr("File's input"), static_cast<int>(Mode::FileInput));
        row.mode->addItem(tr("Free"), static_cast<int>(Mode::Free));
        row.mode->addItem(row.angular ? tr("Constant torque") : tr("Constant force"),
                          static_cast<int>(Mode::Constant));
        row.mode->addItem(tr("Hold speed"), static_cast<int>(Mode::HoldSpeed));
        row.mode->setToolTip(
            tr("File's input: %1. Free: no force. Constant: a constant %2. "
               "Hold speed: τ = k_d·(ω − q̇) drives the joint towards ω.")
                .arg(describe(row.file, row.angular), row.angular ? tr("torque") : tr("force")));
        row.mode->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        row.mode->setMinimumContentsLength(10);
        row.value = new QDoubleSpinBox;
        row.value->setRange(-1e6, 1e6);
        row.value->setDecimals(4);
        row.value->setMinimumWidth(90);
        row.gain = new QDoubleSpinBox;
        row.gain->setRange(0, 1e7);
        row.gain->setDecimals(2);
        row.gain->setValue(kDefaultSpeedGain);
        row.gain->setPrefix(QStringLiteral("k_d "));
        row.gain->setSuffix(row.angular ? QStringLiteral(" N·m·s/rad") : QStringLiteral(" N·s/m"));
        row.gain->setToolTip(tr("Gain of the speed servo: larger holds the speed closer, but "
                                "makes the equations stiffer"));

        m_grid->addWidget(name, gridRow, 0, 1, 2);
        m_grid->addWidget(row.mode, gridRow + 1, 0);
        m_grid->addWidget(row.value, gridRow + 1, 1);
        m_grid->addWidget(row.gain, gridRow + 2, 0, 1, 2);
        m_rowWidgets.insert(m_rowWidgets.end(), {name, row.mode, row.value, row.gain});
        gridRow += 3;
        m_rows.push_back(row);
        const std::size_t index = m_rows.size() - 1;
        connect(row.mode, &QComboBox::currentIndexChanged, this,
                [this, index] { updateRow(m_rows[index]); });
    }
    for (Row& row : m_rows) {
        if (const auto it = kept.find(row.file.joint); it != kept.end()) {
            row.mode->setCurrentIndex(it->second.mode);
            row.value->setValue(it->second.value);
            row.gain->setValue(it->second.gain);
        }
        updateRow(row);
    }
}

void ActuatorInputs::updateRow(Row& row) {
    const auto mode = static_cast<Mode>(row.mode->currentData().toInt());
    row.value->setVisible(mode == Mode::Constant || mode == Mode::HoldSpeed);
    row.gain->setVisible(mode == Mode::HoldSpeed);
    if (mode == Mode::Constant) {
        row.value->setSuffix(row.angular ? QStringLiteral(" N·m") : QStringLiteral(" N"));
        row.value->setToolTip(row.angular ? tr("Constant torque on the joint (N·m)")
                                          : tr("Constant force along the joint (N)"));
    } else if (mode == Mode::HoldSpeed) {
        row.value->setSuffix(row.angular ? QStringLiteral(" rad/s") : QStringLiteral(" m/s"));
        row.value->setToolTip(tr("Speed the servo holds (ω)"));
    }
}

void ActuatorInputs::setInput(int row, Mode mode, double value, double gain) {
    Row& r = m_rows.at(static_cast<std::size_t>(row));
    r.mode->setCurrentIndex(r.mode->findData(static_cast<int>(mode)));
    r.value->setValue(value);
    r.gain->setValue(gain);
    updateRow(r);
}

bool ActuatorInputs::isFileInput() const {
    for (const Row& row : m_rows) {
        if (static_cast<Mode>(row.mode->currentData().toInt()) != Mode::FileInput) {
            return false;
        }
    }
    return true;
}

std::vector<ActuatorSpec> ActuatorInputs::actuators() const {
    std::vector<ActuatorSpec> out;
    for (const Row& row : m_rows) {
        ActuatorSpec spec = row.file;
        switch (static_cast<Mode>(row.mode->currentData().toInt())) {
        case Mode::FileInput:
            break;
        case Mode::Free:
            spec.kind = ActuatorSpec::Kind::Force;
            spec.force = SignalSpec{};
            break;
        case Mode::Constant:
            spec.kind = ActuatorSpec::Kind::Force;
            spec.force = SignalSpec{};
            spec.force.kind = SignalSpec::Kind::Constant;
            spec.force.value = row.value->value();
            break;
        case Mode::HoldSpeed:
            // τ = kd·(ω − q̇): a reference moving at ω, no position term
            spec.kind = ActuatorSpec::Kind::PdTracking;
            spec.force = SignalSpec{}; // no feedforward
            spec.kp = 0;
            spec.kd = row.gain->value();
            spec.reference = SignalSpec{};
            spec.reference.kind = SignalSpec::Kind::Linear;
            spec.reference.rate = row.value->value();
            break;
        }
        out.push_back(std::move(spec));
    }
    return out;
}

} // namespace sslm::ui
