// SPDX-License-Identifier: MIT
#include "ui/plots/result_chart.hpp"

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QValueAxis>

namespace sslm::ui {

ResultChart newResultChart(const QString& xTitle, const QString& yTitle, bool legend) {
    ResultChart made;
    made.chart = new QChart;
    if (legend) {
        made.chart->legend()->setAlignment(Qt::AlignBottom);
    } else {
        made.chart->legend()->hide();
    }
    made.chart->setMargins(QMargins(4, 4, 4, 4));
    made.x = new QValueAxis;
    made.y = new QValueAxis;
    made.x->setTitleText(xTitle);
    made.y->setTitleText(yTitle);
    made.x->setLabelFormat(QStringLiteral("%.3g"));
    made.y->setLabelFormat(QStringLiteral("%.3g"));
    made.chart->addAxis(made.x, Qt::AlignBottom);
    made.chart->addAxis(made.y, Qt::AlignLeft);
    return made;
}

void showResultChart(QChartView& view, QChart* chart) {
    QChart* old = view.chart();
    view.setChart(chart);
    delete old;
}

} // namespace sslm::ui
