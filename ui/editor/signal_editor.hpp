// SPDX-License-Identifier: MIT
#pragma once

// Entry of a signal of time (core SignalSpec) for an actuator's force or reference: its kind
// (zero, constant, linear value + rate·t, sinusoid value + amplitude·sin(2π·f·t + phase)) and
// the numbers that kind uses; the other fields are hidden. A table or spline signal read from a
// file is kept as it is and shown by its number of points.

#include <QWidget>

#include "core/spec/mechanism_spec.hpp"

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;

namespace sslm::ui {

class SignalEditor : public QWidget {
    Q_OBJECT

public:
    explicit SignalEditor(QWidget* parent = nullptr);

    /// Shows `signal` (no changed() is emitted).
    void setSignal(const SignalSpec& signal);
    /// The signal as entered.
    SignalSpec signal() const;
    /// The unit of the signal's value, e.g. "N·m" or "rad" (rates get "/s").
    void setUnit(const QString& unit);

    QComboBox* kindBox() const { return m_kind; }
    QDoubleSpinBox* valueBox() const { return m_value; }
    QDoubleSpinBox* rateBox() const { return m_rate; }
    QDoubleSpinBox* amplitudeBox() const { return m_amplitude; }
    QDoubleSpinBox* frequencyBox() const { return m_frequency; }

Q_SIGNALS:
    /// The user changed the kind or a number.
    void changed();

private:
    void showRows();

    QFormLayout* m_form = nullptr;
    QComboBox* m_kind = nullptr;
    QDoubleSpinBox* m_value = nullptr;
    QDoubleSpinBox* m_rate = nullptr;
    QDoubleSpinBox* m_amplitude = nullptr;
    QDoubleSpinBox* m_frequency = nullptr;
    QDoubleSpinBox* m_phase = nullptr;
    SignalSpec m_signal; ///< the signal shown, exact: each box changes its own number
    SignalSpec m_table;  ///< the table or spline points shown (kept unless the kind changes)
    bool m_updating = false;
};

} // namespace sslm::ui
