// SPDX-License-Identifier: MIT
#pragma once

// The holding-effort curve (the kinetostatic curve): the force or torque that holds a
// coordinate still (N·m or N) against the coordinate's value (rad or m), the others at rest.
// Poses that could not be held break the line.

#include <vector>

#include <QWidget>

#include "core/model/model.hpp"
#include "core/statics/holding_effort.hpp"

class QChartView;

namespace sslm::ui {

class HoldingEffortChart : public QWidget {
    Q_OBJECT

public:
    explicit HoldingEffortChart(QWidget* parent = nullptr);

    /// Shows `curve` of holding `coordinate` of `model`; an empty curve clears the chart.
    void setCurve(const Model& model, int coordinate, const std::vector<HoldingPoint>& curve);
    void clear();

    QChartView* view() const { return m_view; }
    /// The points drawn, over every unbroken piece of the line.
    int pointCount() const;

private:
    QChartView* m_view = nullptr;
};

} // namespace sslm::ui
