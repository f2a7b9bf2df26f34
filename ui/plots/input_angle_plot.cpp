// SPDX-License-Identifier: MIT
#include "ui/plots/input_angle_plot.hpp"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QChartView>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include "ui/style/palette.hpp"
#include "ui/style/theme.hpp"

namespace sslm::ui {

namespace {

constexpr double kDegreesPerRadian = 180.0 / M_PI;

/// x of a coordinate value: an angle in degrees in [0, 360), a length in m.
double plotX(double q, bool angular) {
    if (!angular) {
        return q;
    }
    const double degrees = std::fmod(q * kDegreesPerRadian, 360.0);
    return degrees < 0 ? degrees + 360.0 : degrees;
}

} // namespace

InputAnglePlot::InputAnglePlot(QWidget* parent) : QWidget(parent) {
    m_chart = new QChart;
    m_chart->setTheme(isDarkTheme() ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    m_chart->setBackgroundRoundness(0);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_xAxis = new QValueAxis;
    m_yAxis = new QValueAxis;
    m_xAxis->setLabelFormat(QStringLiteral("%g"));
    m_yAxis->setLabelFormat(QStringLiteral("%g"));
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    m_marker = new QScatterSeries;
    m_marker->setName(tr("playback sample"));
    m_marker->setMarkerSize(9);
    m_marker->setColor(cutJointColour());
    m_marker->setBorderColor(Qt::white);
    m_chart->addSeries(m_marker);
    m_marker->attachAxis(m_xAxis);
    m_marker->attachAxis(m_yAxis);
    m_view = new QChartView(m_chart);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setToolTip(tr("Driving torque (or force) of each actuated joint against its angle "
                          "(or position): what a motor or bearing is sized by. Runs of the "
                          "inverse dynamics fill it; the dot marks the playback sample."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    connect(ThemeWatcher::instance(), &ThemeWatcher::themeChanged, this,
            &InputAnglePlot::followTheme);
    rebuild();
}

void InputAnglePlot::followTheme() {
    m_chart->setTheme(isDarkTheme() ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    m_chart->setBackgroundRoundness(0);
    m_marker->setColor(cutJointColour());
    m_marker->setBorderColor(palette().color(QPalette::Base));
    rebuild(); // the curves' colours over the theme's
    refresh();
}

void InputAnglePlot::setRun(std::shared_ptr<const SimulationRun> run) {
    if (run == m_run) {
        return;
    }
    m_run = std::move(run);
    rebuild();
    refresh();
}

void InputAnglePlot::rebuild() {
    for (Curve& curve : m_curves) {
        for (QLineSeries* segment : curve.segments) {
            m_chart->removeSeries(segment);
            delete segment;
        }
    }
    m_curves.clear();
    m_rowsRead = 0;
    m_yMin = 0;
    m_yMax = 0;
    m_marker->clear();
    bool angular = true;
    if (m_run) {
        const Model& model = *m_run->model();
        for (const Actuator& actuator : model.actuators) {
            if (actuator.coordinate < 0) {
                continue;
            }
            const Coordinate& c = model.coordinates[static_cast<std::size_t>(actuator.coordinate)];
            const QString name = QString::fromStdString(c.name);
            Curve curve;
            curve.positionColumn = m_run->layout().indexOf(QStringLiteral("q.") + name);
            curve.forceColumn = m_run->layout().indexOf(QStringLiteral("tau.") + name);
            curve.angular = c.angular;
            curve.name = name;
            if (curve.positionColumn >= 0 && curve.forceColumn >= 0) {
                angular = angular && c.angular;
                m_curves.push_back(std::move(curve));
            }
        }
        for (std::size_t i = 0; i < m_curves.size(); ++i) {
            newSegment(m_curves[i], static_cast<int>(i));
        }
    }
    const bool any = !m_curves.empty();
    m_chart->setTitle(any ? tr("Driving %1 against input %2 — %3")
                                .arg(angular ? tr("torque") : tr("force"),
                                     angular ? tr("angle") : tr("position"), m_run->name())
                          : tr("No actuated joint to plot: run the inverse dynamics "
                               "(Run ▸ Inverse dynamics, F5)"));
    m_xAxis->setTitleText(angular ? tr("input angle (°)") : tr("input position (m or °)"));
    m_yAxis->setTitleText(angular ? tr("τ (N·m)") : tr("τ (N·m or N)"));
    fitAxes();
}

QLineSeries* InputAnglePlot::newSegment(Curve& curve, int index) {
    auto* series = new QLineSeries;
    series->setName(QStringLiteral("τ %1").arg(curve.name));
    series->setPen(QPen(subsystemColour(index), 2.0));
    m_chart->addSeries(series);
    series->attachAxis(m_xAxis);
    series->attachAxis(m_yAxis);
    // one legend entry per coordinate
    if (!curve.segments.empty()) {
        for (QLegendMarker* marker : m_chart->legend()->markers(series)) {
            marker->setVisible(false);
        }
    }
    curve.segments.push_back(series);
    curve.points.clear();
    return series;
}

void InputAnglePlot::refresh() {
    if (!m_run || m_curves.empty()) {
        return;
    }
    std::vector<int> columns;
    for (const Curve& curve : m_curves) {
        columns.push_back(curve.positionColumn);
        columns.push_back(curve.forceColumn);
    }
    const SampleBlock block = m_run->samples().snapshotSince(m_rowsRead, columns);
    if (block.rows == 0) {
        return;
    }
    for (std::size_t i = 0; i < m_curves.size(); ++i) {
        Curve& curve = m_curves[i];
        const std::vector<double>& q = block.columns[2 * i];
        const std::vector<double>& tau = block.columns[2 * i + 1];
        for (std::size_t r = 0; r < block.rows; ++r) {
            if (!std::isfinite(q[r]) || !std::isfinite(tau[r])) {
                continue;
            }
            const double x = plotX(q[r], curve.angular);
            // a wrap (the angle passed 360° or 0°): the next points start a new segment
            if (curve.angular && !curve.points.isEmpty() && std::abs(x - curve.lastX) > 180.0) {
                curve.segments.back()->replace(curve.points);
                newSegment(curve, static_cast<int>(i));
            }
            curve.points.append(QPointF(x, tau[r]));
            curve.lastX = x;
            m_yMin = std::min(m_yMin, tau[r]);
            m_yMax = std::max(m_yMax, tau[r]);
        }
        curve.segments.back()->replace(curve.points);
    }
    m_rowsRead += block.rows;
    fitAxes();
}

void InputAnglePlot::fitAxes() {
    bool angular = true;
    double xMin = std::numeric_limits<double>::infinity();
    double xMax = -std::numeric_limits<double>::infinity();
    for (const Curve& curve : m_curves) {
        angular = angular && curve.angular;
        for (const QLineSeries* segment : curve.segments) {
            for (const QPointF& p : segment->points()) {
                xMin = std::min(xMin, p.x());
                xMax = std::max(xMax, p.x());
            }
        }
    }
    if (angular) {
        m_xAxis->setRange(0.0, 360.0);
        m_xAxis->setTickCount(13); // every 30°
    } else if (xMin < xMax) {
        m_xAxis->setRange(xMin, xMax);
        m_xAxis->setTickCount(6);
    }
    const double span = std::max(m_yMax - m_yMin, 1e-9);
    m_yAxis->setRange(m_yMin - 0.05 * span, m_yMax + 0.05 * span);
    m_yAxis->applyNiceNumbers();
}

void InputAnglePlot::setMarkedSample(int row) {
    m_marker->clear();
    if (!m_run || row < 0 || static_cast<std::size_t>(row) >= m_run->samples().size()) {
        return;
    }
    for (const Curve& curve : m_curves) {
        const double q =
            m_run->samples().value(static_cast<std::size_t>(row), curve.positionColumn);
        const double tau = m_run->samples().value(static_cast<std::size_t>(row), curve.forceColumn);
        if (std::isfinite(q) && std::isfinite(tau)) {
            m_marker->append(plotX(q, curve.angular), tau);
        }
    }
}

std::vector<QList<QPointF>> InputAnglePlot::curvePoints() const {
    std::vector<QList<QPointF>> out;
    for (const Curve& curve : m_curves) {
        QList<QPointF> points;
        for (const QLineSeries* segment : curve.segments) {
            points.append(segment->points());
        }
        out.push_back(points);
    }
    return out;
}

bool InputAnglePlot::exportPng(const QString& path, const QSize& size) {
    QImage image(size, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    const QSize before = m_view->size();
    m_view->resize(size);
    m_view->render(&painter);
    m_view->resize(before);
    painter.end();
    return image.save(path);
}

} // namespace sslm::ui
