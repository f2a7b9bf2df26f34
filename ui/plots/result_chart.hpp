// SPDX-License-Identifier: MIT
#pragma once

// The small result charts of the Balance and Statics panels (cycle curves, the shaking locus,
// holding-effort curves) start and end alike: a fresh QChart with 4 px margins and two value
// axes labelled to three significant digits, shown in place of the chart built before.

#include <QString>

class QChart;
class QChartView;
class QValueAxis;

namespace sslm::ui {

struct ResultChart {
    QChart* chart = nullptr;
    QValueAxis* x = nullptr; ///< at the bottom
    QValueAxis* y = nullptr; ///< at the left
};

/// A new chart (owned by the caller until shown) with its x axis titled `xTitle` and its y axis
/// `yTitle`; its legend at the bottom, or hidden when `legend` is false.
ResultChart newResultChart(const QString& xTitle, const QString& yTitle, bool legend);

/// Shows `chart` in `view` and deletes the chart it showed before.
void showResultChart(QChartView& view, QChart* chart);

} // namespace sslm::ui
