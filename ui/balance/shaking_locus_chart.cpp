// SPDX-License-Identifier: MIT
#include "ui/balance/shaking_locus_chart.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include "ui/plots/result_chart.hpp"
#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

constexpr const char* kComponentNames[] = {"x", "y", "z"};

QLineSeries* locus(const ShakingCycle& cycle, int h, int v, const QString& name, QPen pen) {
    auto* series = new QLineSeries;
    series->setName(name);
    series->setPen(pen);
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(cycle.force.size()) + 1);
    for (const Eigen::Vector3d& f : cycle.force) {
        points.append({f[h], f[v]});
    }
    if (!points.isEmpty()) {
        points.append(points.front()); // one cycle: a closed curve
    }
    series->replace(points);
    return series;
}

} // namespace

ShakingLocusChart::ShakingLocusChart(QWidget* parent) : QChartView(parent) {
    setRenderHint(QPainter::Antialiasing);
    setToolTip(tr("The tip of the dynamic shaking force (the weight taken away) over one cycle: "
                  "the nearer the origin, the less the frame is shaken"));
    setCycles(nullptr, nullptr);
}

int ShakingLocusChart::beforePoints() const {
    const auto list = chart()->series();
    return list.size() > 2 ? static_cast<int>(static_cast<QLineSeries*>(list[2])->count()) : 0;
}

int ShakingLocusChart::afterPoints() const {
    const auto list = chart()->series();
    return list.size() > 3 ? static_cast<int>(static_cast<QLineSeries*>(list[3])->count()) : 0;
}

void ShakingLocusChart::setCycles(const ShakingCycle* before, const ShakingCycle* after) {
    const auto [chart, x, y] = newResultChart(QString(), QString(), true);
    chart->setTitle(tr("Shaking force over one cycle"));
    // the axes: the two components the unbalanced force spans most (planar: x and y)
    m_horizontal = 0;
    m_vertical = 1;
    if (before != nullptr && !before->force.empty()) {
        std::array<double, 3> span{};
        for (int k = 0; k < 3; ++k) {
            double low = 0;
            double high = 0;
            for (const Eigen::Vector3d& f : before->force) {
                low = std::min(low, f[k]);
                high = std::max(high, f[k]);
            }
            span[static_cast<std::size_t>(k)] = high - low;
        }
        if (span[2] > std::min(span[0], span[1])) {
            const int dropped = span[0] < span[1] ? 0 : 1;
            m_horizontal = dropped == 0 ? 1 : 0;
            m_vertical = 2;
        }
    }
    double reach = 1e-9;
    for (const ShakingCycle* cycle : {before, after}) {
        if (cycle != nullptr) {
            for (const Eigen::Vector3d& f : cycle->force) {
                reach = std::max({reach, std::abs(f[m_horizontal]), std::abs(f[m_vertical])});
            }
        }
    }
    reach *= 1.1;
    x->setTitleText(tr("F%1 (N)").arg(QLatin1String(kComponentNames[m_horizontal])));
    y->setTitleText(tr("F%1 (N)").arg(QLatin1String(kComponentNames[m_vertical])));
    for (QValueAxis* axis : {x, y}) {
        axis->setRange(-reach, reach);
        axis->setTickCount(5);
    }
    // the origin's cross
    QPen thin(mutedTextColour(), 1.0);
    auto* across = new QLineSeries;
    across->append(-reach, 0);
    across->append(reach, 0);
    auto* up = new QLineSeries;
    up->append(0, -reach);
    up->append(0, reach);
    for (QLineSeries* line : {across, up}) {
        line->setPen(thin);
        chart->addSeries(line);
    }
    if (before != nullptr) {
        QPen pen(secondaryTextColour(), 1.6, Qt::DashLine);
        chart->addSeries(locus(*before, m_horizontal, m_vertical, tr("before"), pen));
    }
    if (after != nullptr) {
        QPen pen(subsystemColour(0), 2.2);
        chart->addSeries(locus(*after, m_horizontal, m_vertical, tr("after"), pen));
    }
    for (QAbstractSeries* series : chart->series()) {
        series->attachAxis(x);
        series->attachAxis(y);
    }
    for (QLegendMarker* marker : chart->legend()->markers(across) + chart->legend()->markers(up)) {
        marker->setVisible(false);
    }
    showResultChart(*this, chart);
}

} // namespace sslm::ui
