// SPDX-License-Identifier: MIT
#include "ui/editor/signal_editor.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>

#include "ui/input/number_box.hpp"

namespace sslm::ui {

namespace {

using Kind = SignalSpec::Kind;

} // namespace

SignalEditor::SignalEditor(QWidget* parent) : QWidget(parent) {
    m_kind = new QComboBox;
    m_kind->addItem(tr("zero"), static_cast<int>(Kind::Zero));
    m_kind->addItem(tr("constant"), static_cast<int>(Kind::Constant));
    m_kind->addItem(tr("linear: value + rate·t"), static_cast<int>(Kind::Linear));
    m_kind->addItem(tr("sinusoid: value + A·sin(2πft + φ)"), static_cast<int>(Kind::Sinusoid));
    m_kind->addItem(tr("table"), static_cast<int>(Kind::Table));
    m_kind->addItem(tr("spline"), static_cast<int>(Kind::Spline));
    m_kind->setToolTip(tr("How the value changes with time t (s)"));
    m_value = numberBox(tr("The value at t = 0 (the mean of a sinusoid)"));
    m_rate = numberBox(tr("How fast the value grows, per second"));
    m_amplitude = numberBox(tr("The sinusoid's amplitude A"));
    m_frequency = numberBox(tr("The sinusoid's frequency f"), {}, 0.0, 1e4);
    m_frequency->setSuffix(QStringLiteral(" Hz"));
    m_phase = numberBox(tr("The sinusoid's phase φ"), {}, -100.0, 100.0);
    m_phase->setSuffix(QStringLiteral(" rad"));

    m_form = new QFormLayout(this);
    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->addRow(tr("signal"), m_kind);
    m_form->addRow(tr("value"), m_value);
    m_form->addRow(tr("rate"), m_rate);
    m_form->addRow(tr("amplitude"), m_amplitude);
    m_form->addRow(tr("frequency"), m_frequency);
    m_form->addRow(tr("phase"), m_phase);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        showRows();
        if (!m_updating) {
            m_signal.kind = static_cast<Kind>(m_kind->currentData().toInt());
            Q_EMIT changed();
        }
    });
    // a box changes its own number only: the others keep their exact values
    const auto field = [this](QDoubleSpinBox* box, double SignalSpec::*member) {
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, member](double value) {
            if (!m_updating) {
                m_signal.*member = value;
                Q_EMIT changed();
            }
        });
    };
    field(m_value, &SignalSpec::value);
    field(m_rate, &SignalSpec::rate);
    field(m_amplitude, &SignalSpec::amplitude);
    field(m_frequency, &SignalSpec::frequency);
    field(m_phase, &SignalSpec::phase);
    setUnit(QString());
    showRows();
}

void SignalEditor::setSignal(const SignalSpec& signal) {
    m_updating = true;
    const bool tabulated = signal.kind == Kind::Table || signal.kind == Kind::Spline;
    m_signal = signal;
    m_table = tabulated ? signal : SignalSpec{};
    // a table or spline can only be kept, not typed: offered only when the signal is one
    for (const Kind kind : {Kind::Table, Kind::Spline}) {
        const int row = m_kind->findData(static_cast<int>(kind));
        const bool offered = signal.kind == kind;
        m_kind->setItemData(row, offered ? QVariant() : QVariant(0), Qt::UserRole - 1);
        m_kind->setItemText(
            row, kind == Kind::Table
                     ? tr("table (%1 points, from the file)").arg(m_table.table.size())
                     : tr("spline (%1 points, from the file)").arg(m_table.table.size()));
    }
    m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(signal.kind)));
    m_value->setValue(signal.value);
    m_rate->setValue(signal.rate);
    m_amplitude->setValue(signal.amplitude);
    m_frequency->setValue(signal.frequency);
    m_phase->setValue(signal.phase);
    showRows();
    m_updating = false;
}

SignalSpec SignalEditor::signal() const {
    if (m_signal.kind == Kind::Table || m_signal.kind == Kind::Spline) {
        return m_table;
    }
    SignalSpec s = m_signal;
    s.table.clear();
    return s;
}

void SignalEditor::setUnit(const QString& unit) {
    const QString suffix = unit.isEmpty() ? QString() : QStringLiteral(" ") + unit;
    m_value->setSuffix(suffix);
    m_amplitude->setSuffix(suffix);
    m_rate->setSuffix(unit.isEmpty() ? QStringLiteral(" /s") : suffix + QStringLiteral("/s"));
}

void SignalEditor::showRows() {
    const auto kind = static_cast<Kind>(m_kind->currentData().toInt());
    const bool typed = kind != Kind::Zero && kind != Kind::Table && kind != Kind::Spline;
    m_form->setRowVisible(m_value, typed);
    m_form->setRowVisible(m_rate, kind == Kind::Linear);
    for (QDoubleSpinBox* box : {m_amplitude, m_frequency, m_phase}) {
        m_form->setRowVisible(box, kind == Kind::Sinusoid);
    }
}

} // namespace sslm::ui
