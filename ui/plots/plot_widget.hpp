// SPDX-License-Identifier: MIT
#pragma once

// Live time plots of one or more simulation runs with Qt Charts. The widget pulls new samples
// from each run's SampleStore every kRefreshIntervalMs while a run is live (or on refresh()),
// appends them to its own columns, tracks each curve's min/max as data arrives for the
// auto-scale, and hands every curve to Qt Charts in one replace() per refresh, decimated to two
// points per pixel column when there are more points than pixels.
//
// Curves are chosen by column name (SampleLayout, e.g. "q.theta1"); each chosen column is shown
// for every run that has it: colour per column, line style per run. The value axis is
// logarithmic when every chosen column belongs to a logarithmic family (constraint violation).

#include <limits>
#include <memory>
#include <vector>

#include <QColor>
#include <QImage>
#include <QList>
#include <QSize>
#include <QStringList>
#include <QTimer>
#include <QWidget>

#include "ui/plots/min_max_decimator.hpp"
#include "ui/sim/simulation_run.hpp"

class QAbstractAxis;
class QAction;
class QChart;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace sslm::ui {

class InteractiveChartView;

class PlotWidget : public QWidget {
    Q_OBJECT

public:
    /// Interval of the pulls from live runs (20 Hz).
    static constexpr int kRefreshIntervalMs = 50;

    explicit PlotWidget(QWidget* parent = nullptr);
    ~PlotWidget() override;

    /// Shows `run` (live or finished); its samples are pulled on the next refresh.
    void addRun(std::shared_ptr<const SimulationRun> run);
    void removeRun(int runId);
    void clearRuns();
    QList<int> runIds() const;

    /// Columns to show, by name; names a run does not have are skipped for that run.
    void setSelectedColumns(const QStringList& names);
    QStringList selectedColumns() const { return m_selected; }

    /// Pulls new samples from every run and redraws what changed.
    void refresh();
    /// When set, live runs are pulled only by the owner's refresh() calls (the main window
    /// calls it at each of the controller's reports, whose pace adapts to the drawing cost),
    /// and the owner calls it once more when a run ends; the widget's own timer then only picks
    /// up runs added after they ended. Off by default: the widget pulls every
    /// kRefreshIntervalMs.
    void setRefreshDrivenByOwner(bool driven) { m_refreshDrivenByOwner = driven; }

    /// Moves the vertical time cursor to t (s); NaN hides it.
    void setTimeCursor(double t);
    double timeCursor() const { return m_cursorTime; }

    /// Back to the automatic ranges (all data of every run).
    void resetZoom();
    bool isAutoScaling() const { return m_autoScale; }
    QAction* resetZoomAction() const { return m_resetZoomAction; }

    /// The chart rendered at `size` (px) on white, as exportPng draws it; null if it fails.
    QImage renderImage(const QSize& size);
    /// Renders the chart at `size` (px) into a PNG file; false if it cannot be written.
    bool exportPng(const QString& path, const QSize& size = QSize(1600, 1000));
    /// Renders the chart as SVG, laid out at `size` (px); false if it cannot be written.
    bool exportSvg(const QString& path, const QSize& size = QSize(1200, 750));

    // inspection (tests, the main window)
    QChart* chart() const { return m_chart; }
    /// Curves shown (one per chosen column and run), without the time cursor.
    QList<QLineSeries*> dataSeries() const;
    QLineSeries* cursorSeries() const { return m_cursor; }
    QAbstractAxis* timeAxis() const;
    QAbstractAxis* valueAxis() const { return m_valueAxis; }
    bool isLogarithmic() const { return m_logarithmic; }
    /// The families of the chosen columns, in their order ("Actuator forces τ", ...).
    const QStringList& plottedFamilies() const { return m_families; }
    /// Whether the chart shows its legend: only when every label fits whole, below the plot
    /// or to its right; otherwise the series list beside the plot names the colours.
    bool isLegendShown() const { return m_legendShown; }
    /// The colour of chosen column `name`'s curves; invalid if it is not chosen.
    QColor columnColour(const QString& name) const;

Q_SIGNALS:
    /// New samples were drawn (after a refresh that found some).
    void refreshed();
    /// The legend was shown or hidden, or the curves' colours changed.
    void legendChanged();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// One column of one run, and its curve.
    struct Trace {
        int column = -1;
        QString name;
        std::vector<double> y;
        double min = std::numeric_limits<double>::infinity(); ///< over the finite values
        double max = -std::numeric_limits<double>::infinity();
        double minPositive = std::numeric_limits<double>::infinity(); ///< for the log axis
        QLineSeries* series = nullptr;
        MinMaxDecimator decimator;
        bool dirty = true;
    };
    struct RunData {
        std::shared_ptr<const SimulationRun> run;
        std::vector<double> t; ///< s, the run's first loaded() samples
        std::vector<Trace> traces;
        bool isLive() const;
    };

    void rebuildTraces();
    void pull(RunData& entry);
    void render(bool all);
    void createValueAxes();
    void updateValueAxisType();
    struct NiceRange {
        double min = 0;
        double max = 1;
        int ticks = 6;
    };
    /// [low, high] widened to multiples of a round tick step, and the tick count.
    static NiceRange niceRange(double low, double high);
    /// Fits the axes to the data; with exact false and a run live, the axes only grow.
    void applyAutoScale(bool exact = false);
    void setTimeRange(const NiceRange& range);
    void updateCursor();
    void updateTitles();
    /// Fits the chart's furniture to its size (px): the legend below the plot, or to its right
    /// (whole labels) when there are many curves or the chart is short, if the chart is at least
    /// kMinWidthForSideLegend wide; the title only on charts at least kMinHeightForTitle tall.
    void fitLayout(const QSizeF& chartSize);
    bool renderTo(QPaintDevice& device, const QSize& size);
    /// Columns of the min/max decimation: the plot's pixel columns, fewer on screen when many
    /// curves are shown.
    int plotColumns() const;

    QChart* m_chart = nullptr;
    InteractiveChartView* m_view = nullptr;
    QValueAxis* m_timeAxis = nullptr;
    QValueAxis* m_linearAxis = nullptr;
    QLogValueAxis* m_logAxis = nullptr;
    QAbstractAxis* m_valueAxis = nullptr; ///< the one of the two in use
    QLineSeries* m_cursor = nullptr;
    QAction* m_resetZoomAction = nullptr;
    QTimer m_refreshTimer;
    bool m_refreshDrivenByOwner = false;
    bool m_hadLiveRun = false; ///< a run was live at the last refresh (or was just added)
    std::vector<RunData> m_runs;
    QStringList m_selected;
    bool m_logarithmic = false;
    bool m_autoScale = true;
    bool m_settingRange = false; ///< ranges being set by the auto-scale, not by the user
    QStringList m_families;      ///< of the chosen columns (updateTitles)
    QString m_title;          ///< the chart's title, shown when there is room and always exported
    bool m_exporting = false; ///< decimate to every pixel column of the export
    double m_cursorTime = std::numeric_limits<double>::quiet_NaN();
    bool m_legendShown = false;
};

} // namespace sslm::ui
