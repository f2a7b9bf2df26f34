// SPDX-License-Identifier: MIT
#pragma once

// The run panel's actuator inputs: per actuator of the mechanism, what drives its joint in the
// next run. "File's input" keeps the file's definition; "Free" applies no force; "Constant"
// applies a constant torque (N·m) or force (N); "Hold speed" applies τ = k_d·(ω − q̇), a
// velocity servo towards ω (rad/s or m/s) with gain k_d (N·m·s/rad or N·s/m). The file is not
// changed: the run's model is compiled with these inputs.

#include <vector>

#include <QGroupBox>

#include "core/model/model.hpp"

class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;

namespace sslm::ui {

class ActuatorInputs : public QGroupBox {
    Q_OBJECT

public:
    enum class Mode { FileInput, Free, Constant, HoldSpeed };

    explicit ActuatorInputs(QWidget* parent = nullptr);

    /// One row per actuator of `model`, all on "File's input"; with `keepInputs`, a joint that
    /// had a row keeps its input (an edit of the same mechanism).
    void setModel(const Model& model, bool keepInputs = false);

    /// The actuators for the next run, in the model's order (the file's where unchanged).
    std::vector<ActuatorSpec> actuators() const;
    /// True when every row is on "File's input".
    bool isFileInput() const;

    // per row (tests, scripted use)
    int count() const { return static_cast<int>(m_rows.size()); }
    void setInput(int row, Mode mode, double value, double gain = kDefaultSpeedGain);
    QComboBox* modeBox(int row) const { return m_rows[row].mode; }

    static constexpr double kDefaultSpeedGain = 50.0; ///< k_d of "Hold speed" (N·m·s/rad)

private:
    struct Row {
        ActuatorSpec file;
        bool angular = true;
        QComboBox* mode = nullptr;
        QDoubleSpinBox* value = nullptr;
        QDoubleSpinBox* gain = nullptr;
    };
    void updateRow(Row& row);

    QGridLayout* m_grid;
    QLabel* m_none;
    std::vector<Row> m_rows;
    std::vector<QWidget*> m_rowWidgets;
};

} // namespace sslm::ui
