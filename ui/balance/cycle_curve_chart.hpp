// SPDX-License-Identifier: MIT
#pragma once

// A quantity over one cycle of the input motion, before (dashed) and after (solid) balancing:
// the driving force of each driven coordinate (N·m or N), the size of the dynamic shaking
// force |F| (N) or of the dynamic shaking moment |M| (N·m), against the time into the cycle (s).

#include <QStringList>
#include <QWidget>

#include "core/balance/shaking_cycle.hpp"

class QChartView;
class QComboBox;

namespace sslm::ui {

class CycleCurveChart : public QWidget {
    Q_OBJECT

public:
    enum class Quantity { Torque, Force, Moment };

    explicit CycleCurveChart(QWidget* parent = nullptr);

    /// Shows `before` and `after` (either may be null); `driven` names the driven coordinates
    /// and `torqueUnits` their units, in the cycles' τ order.
    void setCycles(const ShakingCycle* before,
                   const ShakingCycle* after,
                   const QStringList& driven,
                   const QStringList& torqueUnits);

    QComboBox* quantityBox() const { return m_quantity; }
    QChartView* view() const { return m_view; }
    /// Series on the chart (each driven coordinate before and after, or one quantity's two).
    int seriesCount() const;

private:
    void rebuild();

    QComboBox* m_quantity = nullptr;
    QChartView* m_view = nullptr;
    const ShakingCycle* m_before = nullptr;
    const ShakingCycle* m_after = nullptr;
    QStringList m_driven;
    QStringList m_units;
};

} // namespace sslm::ui
