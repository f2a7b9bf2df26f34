// SPDX-License-Identifier: MIT
#include "ui/statics/holding_effort_chart.hpp"

#include <algorithm>

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include "ui/plots/result_chart.hpp"
#include "ui/style/palette.hpp"

namespace sslm::ui {

HoldingEffortChart::HoldingEffortChart(QWidget* parent) : QWidget(parent) {
    m_view = new QChartView;
    m_view->setRenderHint(QPainter::Antialiasing);
    // as tall as the panel leaves it (its own size hint would make the panel scroll), never
    // shorter than this
    m_view->setMinimumHeight(140);
    m_view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    setMinimumHeight(140);
    m_view->setToolTip(tr("The force or torque that holds the coordinate still at each value, "
                          "the other coordinates at rest"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    clear();
}

void HoldingEffortChart::clear() {
    auto* chart = new QChart;
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setTitle(tr("Holding effort: plot a stroke above"));
    showResultChart(*m_view, chart);
}

void HoldingEffortChart::setCurve(const Model& model,
                                  int coordinate,
                                  const std::vector<HoldingPoint>& curve) {
    if (curve.empty() || coordinate < 0) {
        clear();
        return;
    }
    const Coordinate& c = model.coordinates[coordinate];
    const auto [chart, x, y] =
        newResultChart(QString::fromStdString(c.name) + (c.angular ? tr(" (rad)") : tr(" (m)")),
                       tr("holding effort (%1)").arg(c.angular ? tr("N·m") : tr("N")), false);
    double low = 0;
    double high = 0;
    bool any = false;
    QLineSeries* piece = nullptr;
    for (const HoldingPoint& point : curve) {
        if (!point.rest.ok()) {
            piece = nullptr; // a pose that could not be held breaks the line
            continue;
        }
        if (!piece) {
            piece = new QLineSeries;
            piece->setPen(QPen(subsystemColour(0), 2));
            chart->addSeries(piece);
            piece->attachAxis(x);
            piece->attachAxis(y);
        }
        piece->append(point.value, point.effort);
        low = any ? std::min(low, point.effort) : point.effort;
        high = any ? std::max(high, point.effort) : point.effort;
        any = true;
    }
    const double margin = std::max(1e-9, 0.05 * (high - low));
    y->setRange(low - margin, high + margin);
    x->setRange(std::min(curve.front().value, curve.back().value),
                std::max(curve.front().value, curve.back().value));
    showResultChart(*m_view, chart);
}

int HoldingEffortChart::pointCount() const {
    int count = 0;
    for (QAbstractSeries* series : m_view->chart()->series()) {
        count += static_cast<int>(static_cast<QLineSeries*>(series)->count());
    }
    return count;
}

} // namespace sslm::ui
