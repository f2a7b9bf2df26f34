// SPDX-License-Identifier: MIT
#pragma once

// The shaking-force diagram of balancing work: the tip of the dynamic shaking force vector over
// one cycle (its "polar" plot), before and after balancing, on equal axes through the origin
// (N). A fully force-balanced mechanism shrinks to the origin. Planar: F_x against F_y; spatial:
// the two components the unbalanced force spans most.

#include <QChartView>

#include "core/balance/shaking_cycle.hpp"

namespace sslm::ui {

class ShakingLocusChart : public QChartView {
    Q_OBJECT

public:
    explicit ShakingLocusChart(QWidget* parent = nullptr);

    /// Shows `before` and, when given, `after` (null: none); both null clears the chart.
    void setCycles(const ShakingCycle* before, const ShakingCycle* after);

    /// The components on the horizontal and vertical axes (0 x, 1 y, 2 z).
    int horizontalComponent() const { return m_horizontal; }
    int verticalComponent() const { return m_vertical; }
    /// Points of the before and after curves (closed: the first repeated at the end).
    int beforePoints() const;
    int afterPoints() const;

    QSize sizeHint() const override { return {320, 300}; }

private:
    int m_horizontal = 0;
    int m_vertical = 1;
};

} // namespace sslm::ui
