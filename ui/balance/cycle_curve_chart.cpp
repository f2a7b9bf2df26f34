// SPDX-License-Identifier: MIT
#include "ui/balance/cycle_curve_chart.hpp"

#include <algorithm>

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include "ui/plots/result_chart.hpp"
#include "ui/style/palette.hpp"

namespace sslm::ui {

CycleCurveChart::CycleCurveChart(QWidget* parent) : QWidget(parent) {
    m_quantity = new QComboBox;
    m_quantity->addItem(tr("Driving torque τ"), static_cast<int>(Quantity::Torque));
    m_quantity->addItem(tr("Shaking force |F|"), static_cast<int>(Quantity::Force));
    m_quantity->addItem(tr("Shaking moment |M|"), static_cast<int>(Quantity::Moment));
    m_quantity->setToolTip(tr("What to plot over the cycle, before (dashed) and after (solid)"));
    m_view = new QChartView;
    m_view->setRenderHint(QPainter::Antialiasing);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_quantity);
    layout->addWidget(m_view, 1);
    connect(m_quantity, &QComboBox::currentIndexChanged, this, &CycleCurveChart::rebuild);
    rebuild();
}

void CycleCurveChart::setCycles(const ShakingCycle* before,
                                const ShakingCycle* after,
                                const QStringList& driven,
                                const QStringList& torqueUnits) {
    m_before = before;
    m_after = after;
    m_driven = driven;
    m_units = torqueUnits;
    rebuild();
}

int CycleCurveChart::seriesCount() const {
    return static_cast<int>(m_view->chart()->series().size());
}

void CycleCurveChart::rebuild() {
    const auto quantity = static_cast<Quantity>(m_quantity->currentData().toInt());
    const auto [chart, x, y] = newResultChart(tr("t into the cycle (s)"), QString(), true);
    double low = 0;
    double high = 0;
    double end = 0;
    const auto add = [&](const ShakingCycle& cycle, int column, bool after, int colour) {
        auto* series = new QLineSeries;
        QList<QPointF> points;
        const double t0 = cycle.t.empty() ? 0.0 : cycle.t.front();
        for (std::size_t i = 0; i < cycle.t.size(); ++i) {
            double value = 0;
            switch (quantity) {
            case Quantity::Torque:
                value = cycle.tau[i][column];
                break;
            case Quantity::Force:
                value = cycle.force[i].norm();
                break;
            case Quantity::Moment:
                value = cycle.moment[i].norm();
                break;
            }
            points.append({cycle.t[i] - t0, value});
            low = std::min(low, value);
            high = std::max(high, value);
            end = std::max(end, cycle.t[i] - t0);
        }
        series->replace(points);
        QString name = quantity == Quantity::Torque && column < m_driven.size()
                           ? tr("τ %1").arg(m_driven[column])
                           : m_quantity->currentText();
        series->setName(tr("%1 %2").arg(name, after ? tr("after") : tr("before")));
        series->setPen(
            QPen(subsystemColour(colour), after ? 2.0 : 1.4, after ? Qt::SolidLine : Qt::DashLine));
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    };
    const int columns =
        quantity == Quantity::Torque && m_before != nullptr && !m_before->tau.empty()
            ? static_cast<int>(m_before->tau.front().size())
            : 1;
    for (int c = 0; c < columns; ++c) {
        if (m_before != nullptr) {
            add(*m_before, c, false, c);
        }
        if (m_after != nullptr) {
            add(*m_after, c, true, c);
        }
    }
    QString unit = QStringLiteral("N");
    if (quantity == Quantity::Moment) {
        unit = QStringLiteral("N·m");
    } else if (quantity == Quantity::Torque) {
        QStringList units = m_units;
        units.removeDuplicates();
        unit = units.isEmpty() ? QStringLiteral("N·m") : units.join(QStringLiteral(", "));
    }
    y->setTitleText(tr("%1 (%2)").arg(m_quantity->currentText(), unit));
    const double margin = 0.05 * std::max(high - low, 1e-12);
    y->setRange(low - margin, high + margin);
    x->setRange(0, std::max(end, 1e-9));
    showResultChart(*m_view, chart);
}

} // namespace sslm::ui
