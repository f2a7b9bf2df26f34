// SPDX-License-Identifier: MIT
#pragma once

// Live time plots of one or more simulation runs with Qt Charts. The widget pulls new samples
// from each run's SampleStore every kRefreshIntervalMs while a run is live (or on refresh()),
// appends them to its own columns, tracks each curve's min/max as data arrives for the
// auto-scale, and hands every curve to Qt Charts in one replace() per refresh, decimated to two
// points per pixel column when there are more points than pixels.
//
// Curves are chosen by column name (SampleLayout, e.g. "q.theta1"); each chosen column is shown
// for every run that has it: colour per column, line style per run, and with several runs the
// legend has one entry per run in its line style. Each unit has its own value axis (the first
// on the left, the next on the right, and so on), so that CPU time in ns does not flatten angles
// in rad; the logarithmic families (constraint violations) share one log axis. Tick counts and
// axis titles follow the chart's size so that no label is elided.

#include <limits>
#include <memory>
#include <optional>
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
#include "ui/style/theme.hpp"

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

    /// Shows [t0, t1] (s) only, its values scaled to the data inside it (a video's clip); an
    /// empty window (t1 <= t0) shows all data again.
    void setTimeWindow(double t0, double t1);

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
    /// Curves shown (one per chosen column and run; of run `runId` only if not -1), without the
    /// time cursor and the runs' legend entries.
    QList<QLineSeries*> dataSeries(int runId = -1) const;
    QLineSeries* cursorSeries() const { return m_cursor; }
    QAbstractAxis* timeAxis() const;
    /// The first value axis (on the left): the first chosen column's.
    QAbstractAxis* valueAxis() const { return m_axes.front().axis; }
    /// Every value axis, one per unit of the chosen columns (one for all logarithmic ones).
    QList<QAbstractAxis*> valueAxes() const;
    /// Whether the first value axis is logarithmic.
    bool isLogarithmic() const { return m_axes.front().logarithmic; }
    /// The legend's entries (chosen columns, then runs when there are several), as shown.
    const QStringList& legendLabels() const { return m_legendLabels; }
    /// The families of the chosen columns, in their order ("Actuator forces τ", ...).
    const QStringList& plottedFamilies() const { return m_families; }
    /// Whether the chart shows its legend: only when every label fits whole, below the plot
    /// or to its right.
    bool isLegendShown() const { return m_legendShown; }
    /// Whether the legend names the chosen columns; when not, it names the runs only (or is
    /// hidden) and the series list beside the plot shows the columns' colours.
    bool legendNamesColumns() const { return m_legendNamesColumns; }
    /// The colour of chosen column `name`'s curves; invalid if it is not chosen.
    QColor columnColour(const QString& name) const;

    struct NiceRange {
        double min = 0;
        double max = 1;
        int ticks = 6;
        double step = 0.2;
    };
    /// [low, high] widened to multiples of a round tick step (1, 2, 2.5 or 5 × 10^k) giving at
    /// most maxIntervals intervals, about six when there is room.
    static NiceRange niceRange(double low, double high, int maxIntervals = 6);

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
        std::size_t axis = 0; ///< index in m_axes
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
        QLineSeries* key = nullptr; ///< the legend's entry for the run (no points), or null
        bool isLive() const;
    };
    /// A value axis and what it shows.
    struct ValueAxis {
        QString key; ///< the unit, or kLogAxisKey for the logarithmic families
        bool logarithmic = false;
        QAbstractAxis* axis = nullptr;
        QStringList families; ///< titles of its columns' families, in order
        QStringList units;
    };

    void rebuildTraces();
    /// Qt Charts' light or dark theme, as the application's palette is, and the title's font.
    void applyChartTheme();
    /// Light or dark (ThemeWatcher): the chart's theme, then the axes and curves with their
    /// pens (colour per column, style per run) over the theme's.
    void followTheme();
    void pull(RunData& entry);
    void render(bool all);
    /// Makes m_axes one axis per unit of the chosen columns (the runs' layouts name them), keeping
    /// the axes when the units are the same as before.
    void updateValueAxes();
    QAbstractAxis* createValueAxis(bool logarithmic, Qt::Alignment alignment);
    /// The most tick intervals an axis of this chart can label without eliding, by its size.
    int maxIntervals(Qt::Orientation orientation) const;
    void scaleLinear(QValueAxis* axis, double low, double high, bool grow);
    void scaleLog(QLogValueAxis* axis, double low, double high, bool grow);
    /// The axes' tick counts (and, when auto-scaling, ranges) for the chart's size.
    void fitTickCounts();
    /// Fits the axes to the data; with exact false and a run live, the axes only grow.
    void applyAutoScale(bool exact = false);
    void setTimeRange(const NiceRange& range);
    /// Ticks at the multiples of range.step, labelled with as many decimals as the step needs.
    static void setTicks(QValueAxis* axis, const NiceRange& range);
    /// The axis's range and ticks, without a moment of the old step over the new range.
    static void setRangeAndTicks(QValueAxis* axis, const NiceRange& range);
    /// After the user's zoom or pan: ticks at round steps of the new range.
    void fitUserRangeTicks(QValueAxis* axis, Qt::Orientation orientation);
    void updateCursor();
    void updateTitles();
    /// Each value axis's title (its family and unit, only the unit when the chart is too short
    /// for that, nothing when not even the unit fits) and whether it is shown at all: Qt Charts
    /// gives the vertical axes 40 % of the chart's width and elides their labels beyond it, so
    /// the titles go first, then the last axes (their curves keep their scale; the legend and
    /// the first axes name their units).
    void fitValueAxes(const QSizeF& chartSize);
    /// The width (px) an axis's tick labels need at its range, with their padding.
    double labelsWidth(const ValueAxis& axis) const;
    /// Fits the chart's furniture to its size (px): the legend below the plot, or to its right
    /// (whole labels) when there are many curves or the chart is short, if the chart is at least
    /// kMinWidthForSideLegend wide; the title only on charts at least kMinHeightForTitle tall;
    /// the axis titles.
    void fitLayout(const QSizeF& chartSize);
    struct LegendPlacement {
        Qt::Alignment alignment = Qt::AlignBottom;
        double width = 0; ///< px, of a legend at the side
    };
    /// Where a legend of these labels reads whole at this size; none if nowhere.
    std::optional<LegendPlacement> legendPlacement(const QSizeF& chartSize,
                                                   const QStringList& labels) const;
    /// The chart's title as it fits this size: whole, without the mechanism, or none.
    QString fittedTitle(const QSizeF& chartSize) const;
    bool renderTo(QPaintDevice& device, const QSize& size);
    /// Columns of the min/max decimation: the plot's pixel columns, fewer on screen when many
    /// curves are shown.
    int plotColumns() const;

    QChart* m_chart = nullptr;
    InteractiveChartView* m_view = nullptr;
    QValueAxis* m_timeAxis = nullptr;
    std::vector<ValueAxis> m_axes; ///< never empty
    QLineSeries* m_cursor = nullptr;
    QAction* m_resetZoomAction = nullptr;
    QTimer m_refreshTimer;
    bool m_refreshDrivenByOwner = false;
    bool m_hadLiveRun = false; ///< a run was live at the last refresh (or was just added)
    std::vector<RunData> m_runs;
    QStringList m_selected;
    bool m_autoScale = true;
    bool m_settingRange = false; ///< ranges being set by the auto-scale, not by the user
    QStringList m_families;      ///< of the chosen columns (updateTitles)
    QString m_title;          ///< the chart's title, shown when there is room and always exported
    bool m_exporting = false; ///< decimate to every pixel column of the export
    double m_cursorTime = std::numeric_limits<double>::quiet_NaN();
    double m_windowStart = 0; ///< s: the time window, when m_windowEnd > m_windowStart
    double m_windowEnd = 0;
    bool m_legendShown = false;
    bool m_legendNamesColumns = false;
    double m_sideLegendWidth = 0; ///< px, while the legend is at the side
    QStringList m_legendLabels;   ///< the legend's entries while it is shown
};

} // namespace sslm::ui
