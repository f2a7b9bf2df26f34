// SPDX-License-Identifier: MIT
// Over 600 lines: One chart: runs, axes, ticks, cursor and export act on the same QChart and its
// series, which Qt Charts does not let us share.
#include "ui/plots/plot_widget.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include <QAction>
#include <QChart>
#include <QCoreApplication>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <QValueAxis>

#include "ui/plots/interactive_chart_view.hpp"
#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

/// Line style by run, in the order the runs were added.
Qt::PenStyle runPenStyle(int index) {
    static constexpr std::array<Qt::PenStyle, 4> kStyles{Qt::SolidLine, Qt::DashLine, Qt::DotLine,
                                                         Qt::DashDotLine};
    return kStyles[static_cast<std::size_t>(index) % kStyles.size()];
}

constexpr double kCurveWidth = 1.8;    ///< px
constexpr double kAutoScalePad = 0.05; ///< fraction of the value span added above and below
constexpr int kMinPlotColumns = 200;   ///< pixel columns assumed while the widget is not laid out
/// Points drawn over all curves on screen: painting costs about linearly in them, so a plot of
/// many curves is decimated to wider columns than a pixel. Exports use every pixel column.
constexpr int kScreenPointBudget = 4000;
constexpr int kMinDecimationColumns = 100;
/// Qt Charts takes an axis span below 1e-12 for empty and draws no axis: keep spans above it.
constexpr double kMinAxisSpan = 1e-11;
/// The legend moves to the right of the plot, one entry per line with its whole label, when
/// there are more curves than fit side by side below it and the chart is wide enough.
constexpr int kMaxCurvesInBottomLegend = 3;
constexpr double kMinWidthForSideLegend = 340; ///< px
constexpr double kMinHeightForTitle = 260;     ///< px: shorter charts have no title
constexpr double kLegendMarkerWidth = 34;      ///< px: a legend entry's marker and spacing
constexpr double kLegendChrome = 40;           ///< px: the chart's margins around its legend
constexpr double kMaxSideLegendShare = 0.38;   ///< of the chart's width, for a side legend
/// Tick steps that fit compared by niceRange() for the tightest range.
constexpr int kStepsCompared = 2;
/// Key of the one axis shared by the logarithmic families (no unit is spelt like this).
const QString kLogAxisKey = QStringLiteral("\x01log");
/// Qt Charts elides a tick label taller than its share of the axis less 2 label paddings, and
/// a label is its font's height plus 2 text margins: this much is kept per tick beyond the font.
constexpr double kTickSlack = 20; ///< px
/// What the chart's furniture takes from its height beside the plot (px): margins and the time
/// axis's labels and title; the title and a legend below the plot take more.
constexpr double kChartChromeHeight = 64;
constexpr double kTitleHeight = 30;
constexpr double kBottomLegendHeight = 28;
/// Room kept per time-axis label beyond its own width (px).
constexpr double kTimeLabelSlack = 24;
constexpr double kLegendRowGap = 8;        ///< px between the rows of a side legend
constexpr double kSideLegendChrome = 36;   ///< px above and below a side legend's rows
constexpr double kAxisTitleSlack = 12;     ///< px kept free along an axis beside its title
constexpr double kVerticalAxesShare = 0.4; ///< Qt Charts' most for the vertical axes
constexpr double kAxisLabelPadding = 14;   ///< px beside a vertical axis's widest label
constexpr double kAxisTitlePadding = 6;    ///< px beside a vertical axis's title
constexpr int kMaxTicks = 12;              ///< labels on an axis at most, whatever its range
constexpr double kChartMargins = 12;       ///< px above and below the chart's contents
constexpr double kTextMargins = 10;        ///< px around a label's line, with its padding

/// Family and unit of a column name, from the first run that has it.
const SampleColumn* findColumn(const std::vector<const SampleLayout*>& layouts,
                               const QString& name) {
    for (const SampleLayout* layout : layouts) {
        const int index = layout->indexOf(name);
        if (index >= 0) {
            return &layout->column(index);
        }
    }
    return nullptr;
}

QString axisKeyOf(const SampleColumn& column) {
    return familyIsLogarithmic(column.family) ? kLogAxisKey : column.unit;
}

} // namespace

PlotWidget::NiceRange PlotWidget::niceRange(double low, double high, int maxIntervals) {
    // the smallest tick step of 1, 2, 2.5 or 5 × 10^k from span / target whose multiples around
    // [low, high] make at most maxIntervals intervals
    const double span = high - low;
    if (!(span > 0) || !std::isfinite(span)) {
        return {low - 0.5, low + 0.5, 3, 0.5};
    }
    // a range across zero needs two intervals at least
    maxIntervals = std::max(maxIntervals, 2);
    const double raw = span / std::min(6, maxIntervals);
    double decade = std::pow(10.0, std::floor(std::log10(raw)));
    static constexpr std::array<double, 4> kFactors{1.0, 2.0, 2.5, 5.0};
    std::size_t f = 0;
    while (f < kFactors.size() && raw > kFactors[f] * decade * (1 + 1e-9)) {
        ++f;
    }
    // of the first steps that fit, the one whose range overshoots the data least (a 5 s run's
    // time axis ends at 5 with steps of 2.5, not at 6 with steps of 2); the smaller step on a tie
    std::optional<NiceRange> best;
    int feasible = 0;
    while (feasible < kStepsCompared) {
        if (f == kFactors.size()) {
            f = 0;
            decade *= 10.0;
        }
        const double step = kFactors[f] * decade;
        const double from = std::floor(low / step + 1e-9) * step;
        const double to = std::ceil(high / step - 1e-9) * step;
        const int intervals = static_cast<int>(std::lround((to - from) / step));
        if (best && step > 4 * span) {
            break; // larger steps give a single interval
        }
        // two intervals at least (three labels), unless no step gives them within the limit
        if (intervals <= maxIntervals && (intervals >= 2 || (!best && step > 4 * span))) {
            ++feasible;
            if (!best || to - from < (best->max - best->min) * (1 - 1e-9)) {
                best = NiceRange{from, to, intervals + 1, step};
            }
        }
        ++f;
    }
    return *best;
}

bool PlotWidget::RunData::isLive() const {
    return run->isActive() || run->samples().size() > t.size();
}

PlotWidget::PlotWidget(QWidget* parent) : QWidget(parent) {
    m_chart = new QChart;
    applyChartTheme();
    m_chart->setMargins(QMargins(6, 6, 12, 6));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    m_chart->legend()->setShowToolTips(true); // whole labels, should they be elided

    m_timeAxis = new QValueAxis;
    m_timeAxis->setTitleText(QStringLiteral("t (s)"));
    m_timeAxis->setLabelFormat(QStringLiteral("%g"));
    m_timeAxis->setRange(0.0, 1.0);
    m_chart->addAxis(m_timeAxis, Qt::AlignBottom);
    connect(m_timeAxis, &QValueAxis::rangeChanged, this, [this] {
        if (!m_settingRange) {
            m_autoScale = false;
            fitUserRangeTicks(m_timeAxis, Qt::Horizontal);
        }
        render(true); // the visible time range decides the decimation
    });

    m_cursor = new QLineSeries;
    m_cursor->setName(QStringLiteral("time cursor"));
    m_cursor->setPen(QPen(plotCursorColour(), 1.2, Qt::DashLine));
    m_cursor->setVisible(false);
    m_chart->addSeries(m_cursor);
    updateValueAxes();
    m_cursor->attachAxis(m_timeAxis);
    m_cursor->attachAxis(valueAxis());

    m_view = new InteractiveChartView(m_chart, this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    connect(m_view, &InteractiveChartView::userNavigated, this, [this] { m_autoScale = false; });
    connect(m_view, &InteractiveChartView::resetRequested, this, &PlotWidget::resetZoom);

    m_resetZoomAction = new QAction(QStringLiteral("Reset zoom"), this);
    m_resetZoomAction->setToolTip(
        QStringLiteral("Show all data again and follow new samples (double click)"));
    connect(m_resetZoomAction, &QAction::triggered, this, &PlotWidget::resetZoom);
    m_view->addAction(m_resetZoomAction);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);

    connect(ThemeWatcher::instance(), &ThemeWatcher::themeChanged, this, &PlotWidget::followTheme);
    m_refreshTimer.setInterval(kRefreshIntervalMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, &PlotWidget::refresh);
    updateTitles();
}

PlotWidget::~PlotWidget() = default;

void PlotWidget::addRun(std::shared_ptr<const SimulationRun> run) {
    if (!run) {
        return;
    }
    removeRun(run->id());
    m_runs.push_back({std::move(run), {}, {}});
    rebuildTraces();
    m_hadLiveRun = true;
    m_refreshTimer.start();
}

void PlotWidget::removeRun(int runId) {
    const auto it = std::find_if(m_runs.begin(), m_runs.end(),
                                 [runId](const RunData& d) { return d.run->id() == runId; });
    if (it == m_runs.end()) {
        return;
    }
    for (Trace& trace : it->traces) {
        m_chart->removeSeries(trace.series);
        delete trace.series;
    }
    if (it->key) {
        m_chart->removeSeries(it->key);
        delete it->key;
    }
    m_runs.erase(it);
    rebuildTraces();
}

void PlotWidget::clearRuns() {
    while (!m_runs.empty()) {
        removeRun(m_runs.back().run->id());
    }
}

QList<int> PlotWidget::runIds() const {
    QList<int> ids;
    for (const RunData& entry : m_runs) {
        ids.append(entry.run->id());
    }
    return ids;
}

void PlotWidget::setSelectedColumns(const QStringList& names) {
    if (names == m_selected) {
        return;
    }
    m_selected = names;
    m_selected.removeAll(QStringLiteral("t"));
    rebuildTraces();
}

QList<QLineSeries*> PlotWidget::dataSeries(int runId) const {
    QList<QLineSeries*> out;
    for (const RunData& entry : m_runs) {
        if (runId != -1 && entry.run->id() != runId) {
            continue;
        }
        for (const Trace& trace : entry.traces) {
            out.append(trace.series);
        }
    }
    return out;
}

QAbstractAxis* PlotWidget::timeAxis() const {
    return m_timeAxis;
}

QList<QAbstractAxis*> PlotWidget::valueAxes() const {
    QList<QAbstractAxis*> axes;
    for (const ValueAxis& axis : m_axes) {
        axes.append(axis.axis);
    }
    return axes;
}

void PlotWidget::rebuildTraces() {
    // drop every curve, then make one per chosen column and run, colour by column
    for (RunData& entry : m_runs) {
        for (Trace& trace : entry.traces) {
            m_chart->removeSeries(trace.series);
            delete trace.series;
        }
        entry.traces.clear();
        entry.t.clear();
        if (entry.key) {
            m_chart->removeSeries(entry.key);
            delete entry.key;
            entry.key = nullptr;
        }
    }
    updateValueAxes();
    const bool mixedUnits = m_axes.size() > 1;
    const bool severalRuns = m_runs.size() > 1;
    for (std::size_t r = 0; r < m_runs.size(); ++r) {
        RunData& entry = m_runs[r];
        const SampleLayout& layout = entry.run->layout();
        for (int k = 0; k < m_selected.size(); ++k) {
            const int column = layout.indexOf(m_selected[k]);
            if (column < 0) {
                continue;
            }
            const SampleColumn& info = layout.column(column);
            QString legend = info.label;
            if (mixedUnits && !info.unit.isEmpty()) { // a quaternion's entries have none
                legend += QStringLiteral(" [%1]").arg(info.unit);
            }
            auto* series = new QLineSeries;
            series->setName(legend);
            QPen pen(plotCurveColour(k), kCurveWidth, runPenStyle(static_cast<int>(r)));
            pen.setCapStyle(Qt::RoundCap);
            pen.setJoinStyle(Qt::RoundJoin);
            series->setPen(pen);
            m_chart->addSeries(series);
            Trace trace;
            trace.column = column;
            trace.name = m_selected[k];
            trace.series = series;
            const QString key = axisKeyOf(info);
            for (std::size_t a = 0; a < m_axes.size(); ++a) {
                if (m_axes[a].key == key) {
                    trace.axis = a;
                }
            }
            series->attachAxis(m_timeAxis);
            series->attachAxis(m_axes[trace.axis].axis);
            entry.traces.push_back(std::move(trace));
        }
    }
    // with several runs, one legend entry per run names it and shows its line style
    if (severalRuns) {
        for (std::size_t r = 0; r < m_runs.size(); ++r) {
            RunData& entry = m_runs[r];
            entry.key = new QLineSeries;
            entry.key->setName(entry.run->name());
            entry.key->setPen(
                QPen(plotRunKeyColour(), kCurveWidth, runPenStyle(static_cast<int>(r))));
            m_chart->addSeries(entry.key);
            entry.key->attachAxis(m_timeAxis);
            entry.key->attachAxis(valueAxis());
        }
    }

    // the cursor is drawn last, over the curves, and stays out of the legend; its points are
    // set again for the new axis (a log axis must not see the old ones)
    m_chart->removeSeries(m_cursor);
    m_cursor->clear();
    m_chart->addSeries(m_cursor);
    m_cursor->attachAxis(m_timeAxis);
    m_cursor->attachAxis(valueAxis());
    for (QLegendMarker* marker : m_chart->legend()->markers(m_cursor)) {
        marker->setVisible(false);
    }
    fitLayout(m_view->size());
    Q_EMIT legendChanged();

    updateTitles();
    for (RunData& entry : m_runs) {
        pull(entry);
    }
    applyAutoScale(true);
    render(true);
    updateCursor();
}

void PlotWidget::pull(RunData& entry) {
    std::vector<int> columns{0};
    for (const Trace& trace : entry.traces) {
        columns.push_back(trace.column);
    }
    const SampleBlock block = entry.run->samples().snapshotSince(entry.t.size(), columns);
    if (block.rows == 0) {
        return;
    }
    entry.t.insert(entry.t.end(), block.columns[0].begin(), block.columns[0].end());
    for (std::size_t k = 0; k < entry.traces.size(); ++k) {
        Trace& trace = entry.traces[k];
        const std::vector<double>& values = block.columns[k + 1];
        trace.y.insert(trace.y.end(), values.begin(), values.end());
        for (double v : values) {
            if (std::isfinite(v)) {
                trace.min = std::min(trace.min, v);
                trace.max = std::max(trace.max, v);
                if (v > 0) {
                    trace.minPositive = std::min(trace.minPositive, v);
                }
            }
        }
        trace.dirty = true;
    }
}

void PlotWidget::refresh() {
    bool live = false;
    bool changed = false;
    for (RunData& entry : m_runs) {
        const std::size_t before = entry.t.size();
        pull(entry);
        changed = changed || entry.t.size() != before;
        live = live || entry.isLive();
    }
    if (changed) {
        applyAutoScale(!live);
        render(false);
        Q_EMIT refreshed();
    } else if (!live && m_hadLiveRun) {
        applyAutoScale(true); // the runs have ended: fit the axes to their data
    }
    m_hadLiveRun = live;
    if (!live || m_refreshDrivenByOwner) {
        m_refreshTimer.stop();
    }
}

void PlotWidget::render(bool all) {
    const int columns = plotColumns();
    const double x0 = m_timeAxis->min();
    const double x1 = m_timeAxis->max();
    QList<QPointF> points;
    for (RunData& entry : m_runs) {
        const std::vector<double>& t = entry.t;
        const std::size_t n = t.size();
        const auto i0 =
            static_cast<std::size_t>(std::lower_bound(t.begin(), t.end(), x0) - t.begin());
        const auto i1 =
            static_cast<std::size_t>(std::upper_bound(t.begin(), t.end(), x1) - t.begin());
        // one point beyond each end of the visible range keeps the curve to the plot's edge
        const std::size_t from = i0 > 0 ? i0 - 1 : 0;
        const std::size_t to = std::min(i1 + 1, n);
        for (Trace& trace : entry.traces) {
            if (!all && !trace.dirty) {
                continue;
            }
            trace.dirty = false;
            points.clear();
            if (i1 - std::min(i0, i1) <= static_cast<std::size_t>(2 * columns)) {
                points.reserve(static_cast<qsizetype>(to - from));
                for (std::size_t i = from; i < to; ++i) {
                    points.append(QPointF(t[i], trace.y[i]));
                }
            } else {
                if (!trace.decimator.matches(x0, x1, columns)) {
                    trace.decimator.reset(x0, x1, columns, i0);
                }
                trace.decimator.add(t, trace.y, n);
                if (from < i0) {
                    points.append(QPointF(t[from], trace.y[from]));
                }
                trace.decimator.appendPoints(points);
                if (i1 < n) {
                    points.append(QPointF(t[i1], trace.y[i1]));
                }
            }
            // a log axis cannot show zero or negative values (an exactly closed loop): gaps
            if (m_axes[trace.axis].logarithmic) {
                points.removeIf([](const QPointF& p) { return !(p.y() > 0); });
            }
            trace.series->replace(points);
        }
    }
}

QAbstractAxis* PlotWidget::createValueAxis(bool logarithmic, Qt::Alignment alignment) {
    QAbstractAxis* axis = nullptr;
    if (logarithmic) {
        auto* log = new QLogValueAxis;
        log->setBase(10.0);
        log->setLabelFormat(QStringLiteral("%.0e"));
        log->setMinorTickCount(8);
        log->setMinorGridLinePen(QPen(plotMinorGridColour(), 1.0));
        log->setRange(1e-16, 1.0);
        connect(log, &QLogValueAxis::rangeChanged, this, [this] {
            if (!m_settingRange) {
                m_autoScale = false;
            }
            updateCursor();
        });
        axis = log;
    } else {
        auto* linear = new QValueAxis;
        linear->setLabelFormat(QStringLiteral("%g"));
        linear->setRange(0.0, 1.0);
        connect(linear, &QValueAxis::rangeChanged, this, [this, linear] {
            if (!m_settingRange) {
                m_autoScale = false;
                fitUserRangeTicks(linear, Qt::Vertical);
            }
            updateCursor();
        });
        axis = linear;
    }
    m_chart->addAxis(axis, alignment);
    return axis;
}

void PlotWidget::updateValueAxes() {
    std::vector<const SampleLayout*> layouts;
    for (const RunData& entry : m_runs) {
        layouts.push_back(&entry.run->layout());
    }
    // the axes the chosen columns need, in the order of their first column
    std::vector<ValueAxis> wanted;
    for (const QString& name : m_selected) {
        const SampleColumn* column = findColumn(layouts, name);
        if (column == nullptr) {
            continue;
        }
        const QString key = axisKeyOf(*column);
        auto it = std::find_if(wanted.begin(), wanted.end(),
                               [&key](const ValueAxis& a) { return a.key == key; });
        if (it == wanted.end()) {
            wanted.push_back({key, key == kLogAxisKey, nullptr, {}, {}});
            it = wanted.end() - 1;
        }
        const QString family = familyTitle(column->family);
        if (!it->families.contains(family)) {
            it->families.append(family);
        }
        if (!it->units.contains(column->unit)) {
            it->units.append(column->unit);
        }
    }
    if (wanted.empty()) {
        wanted.push_back({QString(), false, nullptr, {}, {}}); // an empty chart still has one
    }
    const bool same =
        std::equal(wanted.begin(), wanted.end(), m_axes.begin(), m_axes.end(),
                   [](const ValueAxis& a, const ValueAxis& b) { return a.key == b.key; });
    if (same) {
        for (std::size_t a = 0; a < wanted.size(); ++a) {
            m_axes[a].families = wanted[a].families;
            m_axes[a].units = wanted[a].units;
        }
        return;
    }
    // other units: new axes, the first on the left, then right, left, ...
    for (ValueAxis& old : m_axes) {
        m_chart->removeAxis(old.axis);
        delete old.axis;
    }
    m_axes = std::move(wanted);
    for (std::size_t a = 0; a < m_axes.size(); ++a) {
        ValueAxis& axis = m_axes[a];
        axis.axis = createValueAxis(axis.logarithmic, a % 2 == 0 ? Qt::AlignLeft : Qt::AlignRight);
        // the first axis's grid only: the others' lines would cross it at other heights
        axis.axis->setGridLineVisible(a == 0);
        axis.axis->setMinorGridLineVisible(a == 0);
    }
    m_autoScale = true;
}

int PlotWidget::maxIntervals(Qt::Orientation orientation) const {
    const QSizeF size = m_chart->size();
    if (orientation == Qt::Vertical) {
        // the plot's height, less than the axis's: Qt Charts gives a tick its share of the
        // whole axis, margins and time axis included
        double height = size.height() - kChartChromeHeight;
        if (!m_chart->title().isEmpty()) {
            height -= kTitleHeight;
        }
        if (m_chart->legend()->isVisible() && m_chart->legend()->alignment() == Qt::AlignBottom) {
            height -= kBottomLegendHeight;
        }
        const double perTick = QFontMetricsF(valueAxis()->labelsFont()).height() + kTickSlack;
        return std::clamp(static_cast<int>(height / perTick) - 1, 2, 6);
    }
    // the time axis's labels are at most as wide as "88.88"
    double width = size.width() - 160; // the value axes, the margins and a side legend
    const double perTick =
        QFontMetricsF(m_timeAxis->labelsFont()).horizontalAdvance(QStringLiteral("88.88")) +
        kTimeLabelSlack;
    return std::clamp(static_cast<int>(width / perTick) - 1, 2, 6);
}

void PlotWidget::applyAutoScale(bool exact) {
    if (!m_autoScale) {
        return;
    }
    // time: to the end of each live run, to the last sample of each finished one
    double tMax = 0;
    std::vector<double> low(m_axes.size(), std::numeric_limits<double>::infinity());
    std::vector<double> high(m_axes.size(), -std::numeric_limits<double>::infinity());
    bool live = false;
    for (const RunData& entry : m_runs) {
        if (entry.run->isActive()) {
            live = true;
            tMax = std::max(tMax, entry.run->settings().tEnd);
        } else if (!entry.t.empty()) {
            tMax = std::max(tMax, entry.t.back());
        }
        const bool windowed = m_windowEnd > m_windowStart;
        for (const Trace& trace : entry.traces) {
            const bool log = m_axes[trace.axis].logarithmic;
            double lowest = log ? trace.minPositive : trace.min;
            double highest = trace.max;
            if (windowed) { // the values inside the window only
                lowest = std::numeric_limits<double>::infinity();
                highest = -lowest;
                for (std::size_t i = 0; i < entry.t.size(); ++i) {
                    const double v = trace.y[i];
                    if (entry.t[i] >= m_windowStart && entry.t[i] <= m_windowEnd &&
                        std::isfinite(v) && (!log || v > 0)) {
                        lowest = std::min(lowest, v);
                        highest = std::max(highest, v);
                    }
                }
            }
            low[trace.axis] = std::min(low[trace.axis], lowest);
            high[trace.axis] = std::max(high[trace.axis], highest);
        }
    }

    // while a run is live the ranges only grow, so that the axes (and every curve's geometry
    // in Qt Charts) change a few times per run rather than at every refresh
    const bool grow = live && !exact;
    m_settingRange = true;
    if (m_windowEnd > m_windowStart) {
        NiceRange window = niceRange(m_windowStart, m_windowEnd, maxIntervals(Qt::Horizontal));
        window.min = m_windowStart; // the window exactly, ticks at round times inside it
        window.max = m_windowEnd;
        setTimeRange(window);
    } else {
        setTimeRange(niceRange(0.0, tMax > 0 ? tMax : 1.0, maxIntervals(Qt::Horizontal)));
    }
    for (std::size_t a = 0; a < m_axes.size(); ++a) {
        if (auto* log = qobject_cast<QLogValueAxis*>(m_axes[a].axis)) {
            scaleLog(log, low[a], high[a], grow);
        } else if (auto* linear = qobject_cast<QValueAxis*>(m_axes[a].axis)) {
            scaleLinear(linear, low[a], high[a], grow);
        }
    }
    m_settingRange = false;
    fitValueAxes(m_exporting || !m_view ? m_chart->size() : QSizeF(m_view->size()));
    updateCursor();
}

void PlotWidget::scaleLog(QLogValueAxis* log, double low, double high, bool grow) {
    double from = 1e-16;
    double to = 1.0;
    if (low <= high && high > 0) {
        // whole decades around the data
        from = std::pow(10.0, std::floor(std::log10(low)));
        to = std::pow(10.0, std::ceil(std::log10(high) + 1e-9));
    }
    if (grow) {
        from = std::min(from, log->min());
        to = std::max(to, log->max());
    }
    to = std::max(to, kMinAxisSpan * 10.0); // Qt Charts draws no axis over a tinier span
    if (from != log->min() || to != log->max()) {
        log->setRange(from, to);
    }
}

void PlotWidget::scaleLinear(QValueAxis* linear, double low, double high, bool grow) {
    NiceRange value = niceRange(0.0, 1.0, maxIntervals(Qt::Vertical));
    if (low <= high) {
        double span = high - low;
        if (span <= 1e-12 * std::max(std::abs(high), std::abs(low))) {
            span = std::abs(high) * 0.1; // a constant curve
        }
        span = std::max(span, kMinAxisSpan);
        // pad, but not across zero: a magnitude or an energy that never changes sign keeps
        // its axis on one side
        double from = low - kAutoScalePad * span;
        double to = high + kAutoScalePad * span;
        if (low >= 0 && from < 0) {
            from = 0;
        }
        if (high <= 0 && to > 0) {
            to = 0;
        }
        if (grow && linear->min() <= from && linear->max() >= to) {
            from = linear->min(); // still inside: keep the axis as it is
            to = linear->max();
        } else if (grow) {
            // outside: grow by a further tenth of the span to skip the next few steps
            from = std::min(low >= 0 ? from : from - 0.1 * span, linear->min());
            to = std::max(high <= 0 ? to : to + 0.1 * span, linear->max());
        }
        value = niceRange(from, to, maxIntervals(Qt::Vertical));
    }
    setRangeAndTicks(linear, value);
}

void PlotWidget::setRangeAndTicks(QValueAxis* axis, const NiceRange& range) {
    if (range.min == axis->min() && range.max == axis->max()) {
        setTicks(axis, range);
        return;
    }
    // Qt Charts lays the axis out at each change: with dynamic ticks, the old step over a new,
    // much wider range would make a label per step (millions); fixed ticks in between are cheap
    if (axis->tickType() == QValueAxis::TicksDynamic && axis->tickInterval() != range.step) {
        axis->setTickCount(std::max(2, range.ticks));
        axis->setTickType(QValueAxis::TicksFixed);
    }
    axis->setRange(range.min, range.max);
    setTicks(axis, range);
}

void PlotWidget::setTicks(QValueAxis* axis, const NiceRange& range) {
    // dynamic ticks at multiples of the step from 0, so that zero is exactly a tick; decimals
    // for the step (0.025: 3), %g beyond what fixed decimals show well
    const double magnitude = std::max(std::abs(range.min), std::abs(range.max));
    QString format = QStringLiteral("%g");
    if (range.step >= 1e-4 && magnitude < 1e6) {
        int decimals = 0;
        while (decimals < 6 && std::abs(range.step * std::pow(10.0, decimals) -
                                        std::round(range.step * std::pow(10.0, decimals))) >
                                   1e-6 * range.step * std::pow(10.0, decimals)) {
            ++decimals;
        }
        format = QStringLiteral("%.%1f").arg(decimals);
    }
    if (axis->labelFormat() != format) {
        axis->setLabelFormat(format);
    }
    // never more than kMaxTicks labels, whatever the range (a step for another range)
    double step = range.step;
    if (!(step > 0) || (axis->max() - axis->min()) / step > kMaxTicks) {
        step = niceRange(axis->min(), axis->max(), kMaxTicks).step;
    }
    if (axis->tickAnchor() != 0.0) {
        axis->setTickAnchor(0.0);
    }
    if (axis->tickInterval() != step) {
        axis->setTickInterval(step);
    }
    if (axis->tickType() != QValueAxis::TicksDynamic) {
        axis->setTickType(QValueAxis::TicksDynamic);
    }
}

void PlotWidget::fitUserRangeTicks(QValueAxis* axis, Qt::Orientation orientation) {
    const NiceRange ticks = niceRange(axis->min(), axis->max(), maxIntervals(orientation));
    setTicks(axis, ticks);
}

void PlotWidget::setTimeRange(const NiceRange& range) {
    setRangeAndTicks(m_timeAxis, range);
}

void PlotWidget::setTimeWindow(double t0, double t1) {
    m_windowStart = t0;
    m_windowEnd = t1;
    m_autoScale = true;
    applyAutoScale(true);
    render(true);
}

void PlotWidget::resetZoom() {
    m_settingRange = true;
    m_chart->zoomReset();
    m_settingRange = false;
    m_autoScale = true;
    applyAutoScale(true);
    render(true);
}

void PlotWidget::setTimeCursor(double t) {
    m_cursorTime = t;
    updateCursor();
}

void PlotWidget::updateCursor() {
    if (!m_cursor || m_axes.empty()) {
        return;
    }
    if (!std::isfinite(m_cursorTime)) {
        m_cursor->setVisible(false);
        return;
    }
    double low = 0;
    double high = 1;
    if (auto* log = qobject_cast<QLogValueAxis*>(valueAxis())) {
        low = log->min();
        high = log->max();
    } else if (auto* linear = qobject_cast<QValueAxis*>(valueAxis())) {
        low = linear->min();
        high = linear->max();
    }
    m_cursor->replace(QList<QPointF>{{m_cursorTime, low}, {m_cursorTime, high}});
    m_cursor->setVisible(true);
    for (QLegendMarker* marker : m_chart->legend()->markers(m_cursor)) {
        marker->setVisible(false);
    }
}

void PlotWidget::updateTitles() {
    QStringList families;
    for (const ValueAxis& axis : m_axes) {
        for (const QString& family : axis.families) {
            if (!families.contains(family)) {
                families.append(family);
            }
        }
    }
    QString model; // the newest run's: the mechanism being worked on
    if (!m_runs.empty()) {
        model = QString::fromStdString(m_runs.back().run->model()->name);
    }
    QString title = families.join(QStringLiteral(", "));
    if (!model.isEmpty()) {
        title = title.isEmpty() ? model : QStringLiteral("%1 — %2").arg(title, model);
    }
    if (m_runs.empty()) {
        title = QStringLiteral("No run yet: Simulation ▸ Start (F5) fills this plot");
    } else if (families.isEmpty()) {
        title += QStringLiteral(" — choose series with the Series button");
    }
    m_title = title;
    m_families = families;
    fitLayout(m_view->size());
}

QString PlotWidget::fittedTitle(const QSizeF& chartSize) const {
    // short charts (a dock at 1280×800) keep their height for the curves: the dock names the
    // plot, so the title goes (an empty chart keeps it: it says how to fill it); a narrow one
    // drops the mechanism's name, then the title
    if (chartSize.height() < kMinHeightForTitle && !m_runs.empty() && !m_exporting) {
        return {};
    }
    const QFontMetricsF metrics(m_chart->titleFont());
    const double room = chartSize.width() - kLegendChrome;
    QStringList candidates{m_title};
    if (m_runs.empty()) {
        candidates.append(QStringLiteral("No run yet: press F5"));
    } else {
        candidates.append(m_families.join(QStringLiteral(", ")));
    }
    for (const QString& candidate : candidates) {
        if (metrics.horizontalAdvance(candidate) <= room) {
            return candidate;
        }
    }
    return {};
}

std::optional<PlotWidget::LegendPlacement>
PlotWidget::legendPlacement(const QSizeF& chartSize, const QStringList& labels) const {
    if (labels.isEmpty()) {
        return std::nullopt;
    }
    const QFontMetricsF metrics(m_chart->legend()->font());
    double widest = 0;
    for (const QString& label : labels) {
        widest = std::max(widest, metrics.horizontalAdvance(label));
    }
    const double column = kLegendMarkerWidth + widest;
    const double width = chartSize.width() - kLegendChrome;
    const double rows =
        (chartSize.height() - kSideLegendChrome) / (metrics.height() + kLegendRowGap);
    const bool wide = chartSize.width() >= kMinWidthForSideLegend;
    const bool sideFits =
        wide && column <= kMaxSideLegendShare * width && static_cast<double>(labels.size()) <= rows;
    // below the plot, Qt Charts gives each label an equal share of the row, counting the
    // hidden entries too (the cursor's, a run's curves named by another run's)
    const auto markers = static_cast<double>(
        std::max<qsizetype>(m_chart->legend()->markers().size(), labels.size()));
    const bool bottomFits =
        widest <= (width - static_cast<double>(labels.size()) * kLegendMarkerWidth) / markers;
    // many curves, or a short chart: at the side, whose labels keep the plot's height
    const bool preferSide =
        labels.size() > kMaxCurvesInBottomLegend || chartSize.height() < kMinHeightForTitle;
    if (sideFits && (preferSide || !bottomFits)) {
        return LegendPlacement{Qt::AlignRight, column};
    }
    if (bottomFits) {
        return LegendPlacement{Qt::AlignBottom, 0};
    }
    if (m_exporting) {
        return LegendPlacement{Qt::AlignRight, column}; // an export is large, and names its curves
    }
    return std::nullopt;
}

void PlotWidget::fitLayout(const QSizeF& chartSize) {
    // the legend only when its labels read whole: each chosen column once (from the first run
    // with it), then each run by its full name or "Run 3"; with no room for the columns, the
    // runs alone (the series list beside the plot then shows the columns' colours); a chart
    // too small for even that has none
    QStringList curves;
    std::vector<const QLineSeries*> named; // the curves whose legend entry names a column
    for (const RunData& entry : m_runs) {
        for (const Trace& trace : entry.traces) {
            if (std::none_of(named.begin(), named.end(), [&](const QLineSeries* s) {
                    return s->name() == trace.series->name();
                })) {
                named.push_back(trace.series);
                curves.append(trace.series->name());
            }
        }
    }
    QStringList fullKeys;
    QStringList shortKeys;
    for (const RunData& entry : m_runs) {
        if (entry.key) {
            fullKeys.append(entry.run->name());
            shortKeys.append(entry.run->name().section(QStringLiteral(" · "), 0, 0));
        }
    }
    std::optional<LegendPlacement> placement;
    QStringList keys;
    bool namesColumns = true;
    const std::array<std::pair<bool, const QStringList*>, 4> choices{
        {{true, &fullKeys}, {true, &shortKeys}, {false, &fullKeys}, {false, &shortKeys}}};
    for (const auto& [withColumns, runKeys] : choices) {
        if (!withColumns && runKeys->isEmpty()) {
            break; // one run: its curves are the legend
        }
        placement = legendPlacement(chartSize, (withColumns ? curves : QStringList()) + *runKeys);
        if (placement) {
            keys = *runKeys;
            namesColumns = withColumns;
            break;
        }
    }
    int k = 0;
    for (RunData& entry : m_runs) {
        if (entry.key && !keys.isEmpty() && entry.key->name() != keys[k]) {
            entry.key->setName(keys[k]);
        }
        k += entry.key ? 1 : 0;
        for (const Trace& trace : entry.traces) {
            const bool shown =
                namesColumns && std::find(named.begin(), named.end(), trace.series) != named.end();
            // (a marker reads as hidden while the legend is: set it whatever it says)
            for (QLegendMarker* marker : m_chart->legend()->markers(trace.series)) {
                marker->setVisible(shown);
            }
        }
    }
    const bool fits = placement.has_value();
    if (fits && m_chart->legend()->alignment() != placement->alignment) {
        m_chart->legend()->setAlignment(placement->alignment);
    }
    m_sideLegendWidth = fits ? placement->width : 0.0;
    if (m_chart->legend()->isVisible() != fits) {
        m_chart->legend()->setVisible(fits);
    }
    if (!m_exporting) {
        m_legendLabels = fits ? (namesColumns ? curves : QStringList()) + keys : QStringList();
        const bool columnsNamed = fits && namesColumns;
        if (fits != m_legendShown || columnsNamed != m_legendNamesColumns) {
            m_legendShown = fits;
            m_legendNamesColumns = columnsNamed;
            Q_EMIT legendChanged();
        }
    }
    const QString title = fittedTitle(chartSize);
    if (m_chart->title() != title) {
        m_chart->setTitle(title);
    }
    fitValueAxes(chartSize);
}

double PlotWidget::labelsWidth(const ValueAxis& axis) const {
    const QFontMetricsF metrics(axis.axis->labelsFont());
    double widest = 0;
    if (auto* log = qobject_cast<QLogValueAxis*>(axis.axis)) {
        const QByteArray format = log->labelFormat().toLatin1();
        for (const double value : {log->min(), log->max()}) {
            widest = std::max(
                widest, metrics.horizontalAdvance(QString::asprintf(format.constData(), value)));
        }
    } else if (auto* linear = qobject_cast<QValueAxis*>(axis.axis)) {
        const QByteArray format = linear->labelFormat().toLatin1();
        const double step = linear->tickInterval();
        if (step > 0 && (linear->max() - linear->min()) / step < 100) {
            for (double k = std::ceil(linear->min() / step - 1e-9);
                 k * step <= linear->max() * (1 + 1e-12) + 1e-300; k += 1) {
                widest = std::max(widest, metrics.horizontalAdvance(
                                              QString::asprintf(format.constData(), k * step)));
            }
        }
    }
    return widest + kAxisLabelPadding;
}

void PlotWidget::fitValueAxes(const QSizeF& chartSize) {
    // the room along a vertical axis is the plot's height
    double height = chartSize.height() - kChartChromeHeight;
    if (!m_chart->title().isEmpty()) {
        height -= kTitleHeight;
    }
    if (m_chart->legend()->isVisible() && m_chart->legend()->alignment() == Qt::AlignBottom) {
        height -= kBottomLegendHeight;
    }
    std::vector<QString> titles;
    for (const ValueAxis& axis : m_axes) {
        const QFontMetricsF metrics(axis.axis->titleFont());
        const QString units = axis.units.join(QStringLiteral(", "));
        // one family: its name and unit; several: their units only; a quaternion's entries
        // (no unit): the family
        QStringList candidates;
        if (axis.families.size() == 1) {
            candidates.append(units.isEmpty()
                                  ? axis.families.front()
                                  : QStringLiteral("%1 (%2)").arg(axis.families.front(), units));
        }
        candidates.append(units);
        QString title;
        for (const QString& candidate : candidates) {
            if (metrics.horizontalAdvance(candidate) + kAxisTitleSlack <= height) {
                title = candidate;
                break;
            }
        }
        titles.push_back(title);
    }

    // Qt Charts' share for the vertical axes: 40 % of the width beside the legend, split
    // between the sides by their number of axes
    const double room =
        kVerticalAxesShare * (chartSize.width() - kLegendChrome - m_sideLegendWidth);
    const auto fits = [&](std::size_t shown, bool withTitles) {
        double need[2] = {0, 0};
        for (std::size_t a = 0; a < shown; ++a) {
            double width = labelsWidth(m_axes[a]);
            if (withTitles && !titles[a].isEmpty()) {
                width += QFontMetricsF(m_axes[a].axis->titleFont()).height() + kAxisTitlePadding;
            }
            need[a % 2] += width;
        }
        const double perAxis = room / static_cast<double>(shown);
        return need[0] <= perAxis * static_cast<double>((shown + 1) / 2) &&
               need[1] <= perAxis * static_cast<double>(shown / 2);
    };
    std::size_t shown = m_axes.size();
    bool withTitles = fits(shown, true);
    while (!withTitles && shown > 1 && !fits(shown, false)) {
        --shown;
        withTitles = fits(shown, true);
    }
    // the time axis: Qt Charts gives the horizontal axes 40 % of the height beside the title
    // and a legend below; its title goes when its labels and title do not fit both
    double below = chartSize.height() - kChartMargins;
    if (!m_chart->title().isEmpty()) {
        below -= kTitleHeight;
    }
    if (m_chart->legend()->isVisible() && m_chart->legend()->alignment() == Qt::AlignBottom) {
        below -= kBottomLegendHeight;
    }
    const double line = QFontMetricsF(m_timeAxis->labelsFont()).height() + kTextMargins;
    const QString timeTitle = kVerticalAxesShare * below >= 2 * line + kAxisTitlePadding
                                  ? QStringLiteral("t (s)")
                                  : QString();
    if (m_timeAxis->titleText() != timeTitle) {
        m_timeAxis->setTitleText(timeTitle);
    }
    for (std::size_t a = 0; a < m_axes.size(); ++a) {
        QAbstractAxis* axis = m_axes[a].axis;
        const QString title = withTitles ? titles[a] : QString();
        if (axis->titleText() != title) {
            axis->setTitleText(title);
        }
        if (axis->isVisible() != (a < shown)) {
            axis->setVisible(a < shown);
        }
    }
}

void PlotWidget::applyChartTheme() {
    // Qt Charts' light or dark theme; it resets the fonts, the background and the pens
    m_chart->setTheme(isDarkTheme() ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    m_chart->setBackgroundRoundness(0);
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.1);
    titleFont.setBold(true);
    m_chart->setTitleFont(titleFont);
}

void PlotWidget::followTheme() {
    applyChartTheme();
    m_cursor->setPen(QPen(plotCursorColour(), 1.2, Qt::DashLine));
    // new axes and curves: their pens (colour per column, style per run) over the theme's
    for (ValueAxis& axis : m_axes) {
        m_chart->removeAxis(axis.axis);
        delete axis.axis;
    }
    m_axes.clear();
    rebuildTraces();
}

void PlotWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitLayout(m_view->size());
    fitTickCounts();
}

void PlotWidget::fitTickCounts() {
    if (m_autoScale) {
        bool live = false;
        for (const RunData& entry : m_runs) {
            live = live || entry.isLive();
        }
        applyAutoScale(!live); // the ranges' steps depend on the room for tick labels
        return;
    }
    // the user's zoom keeps its ranges, with round steps for the new room
    fitUserRangeTicks(m_timeAxis, Qt::Horizontal);
    for (const ValueAxis& axis : m_axes) {
        if (auto* linear = qobject_cast<QValueAxis*>(axis.axis)) {
            fitUserRangeTicks(linear, Qt::Vertical);
        }
    }
}

QColor PlotWidget::columnColour(const QString& name) const {
    const qsizetype index = m_selected.indexOf(name);
    return index < 0 ? QColor() : plotCurveColour(static_cast<int>(index));
}

int PlotWidget::plotColumns() const {
    const int width = std::max(static_cast<int>(m_chart->plotArea().width()), kMinPlotColumns);
    if (m_exporting) {
        return width;
    }
    // two points (min and max) per column and curve
    const int curves = std::max(1, static_cast<int>(dataSeries().size()));
    return std::clamp(kScreenPointBudget / (2 * curves), kMinDecimationColumns, width);
}

bool PlotWidget::renderTo(QPaintDevice& device, const QSize& size) {
    // lay the chart out at the export size, draw it, then give it back to the view
    // Qt Charts applies some changes through posted events: apply them first
    QCoreApplication::sendPostedEvents();
    const QRectF viewGeometry = m_chart->geometry();
    m_exporting = true;
    fitLayout(QSizeF(size));
    m_chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    fitTickCounts(); // the ticks (and auto ranges) for the export's size
    if (m_chart->layout()) {
        m_chart->layout()->activate();
    }
    render(true);
    {
        QPainter painter(&device);
        if (!painter.isActive()) {
            m_exporting = false;
            fitLayout(viewGeometry.size());
            m_chart->setGeometry(viewGeometry);
            fitTickCounts();
            render(true);
            return false;
        }
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        m_view->scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)),
                                m_chart->sceneBoundingRect());
    }
    m_exporting = false;
    fitLayout(viewGeometry.size());
    m_chart->setGeometry(viewGeometry);
    fitTickCounts();
    if (m_chart->layout()) {
        m_chart->layout()->activate();
    }
    render(true);
    return true;
}

QImage PlotWidget::renderImage(const QSize& size) {
    if (size.isEmpty()) {
        return {};
    }
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    return renderTo(image, size) ? image : QImage();
}

bool PlotWidget::exportPng(const QString& path, const QSize& size) {
    const QImage image = renderImage(size);
    return !image.isNull() && image.save(path, "PNG");
}

bool PlotWidget::exportSvg(const QString& path, const QSize& size) {
    if (size.isEmpty()) {
        return false;
    }
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(m_title);
    generator.setDescription(QStringLiteral("SSLM Studio plot"));
    return renderTo(generator, size) && QFileInfo(path).size() > 0;
}

} // namespace sslm::ui
