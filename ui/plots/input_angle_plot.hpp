// SPDX-License-Identifier: MIT
#pragma once

// The driving force of each actuated coordinate against that coordinate's value (a crank's
// torque against its angle in degrees, wrapped to [0°, 360°); a slider's force against its
// position in m) for one run: what a motor is sized by. One curve per actuated coordinate,
// broken where the angle wraps; a marker at the playback sample. Reads the run's tau.<coord>
// and q.<coord> columns, so forward, inverse and forced runs all qualify.

#include <memory>
#include <vector>

#include <QWidget>

#include "ui/sim/simulation_run.hpp"

class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace sslm::ui {

class InputAnglePlot : public QWidget {
    Q_OBJECT

public:
    explicit InputAnglePlot(QWidget* parent = nullptr);

    /// Shows `run` (null clears); its samples are read on refresh().
    void setRun(std::shared_ptr<const SimulationRun> run);
    const std::shared_ptr<const SimulationRun>& run() const { return m_run; }
    /// Reads the samples stored since the last refresh and redraws.
    void refresh();
    /// Marks sample `row` of the run (−1 hides the marker).
    void setMarkedSample(int row);

    /// Writes the chart as a PNG (px); false if it cannot be written.
    bool exportPng(const QString& path, const QSize& size = QSize(1600, 1000));

    // inspection (tests)
    QChart* chart() const { return m_chart; }
    /// The curves' points (x in ° or m, y in N·m or N), per actuated coordinate.
    std::vector<QList<QPointF>> curvePoints() const;

private:
    /// Light or dark (ThemeWatcher): the chart's theme, then the curves again.
    void followTheme();
    /// One actuated coordinate: its columns and its curve segments.
    struct Curve {
        int positionColumn = -1;
        int forceColumn = -1;
        bool angular = true;
        QString name;
        std::vector<QLineSeries*> segments; ///< a new segment at each wrap of the angle
        QList<QPointF> points;              ///< since the last segment break
        double lastX = 0;
    };
    void rebuild();
    QLineSeries* newSegment(Curve& curve, int index);
    void fitAxes();

    QChart* m_chart = nullptr;
    QChartView* m_view = nullptr;
    QValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
    QScatterSeries* m_marker = nullptr;
    std::shared_ptr<const SimulationRun> m_run;
    std::vector<Curve> m_curves;
    std::size_t m_rowsRead = 0;
    double m_yMin = 0;
    double m_yMax = 0;
};

} // namespace sslm::ui
