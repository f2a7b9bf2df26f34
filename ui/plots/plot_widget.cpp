// SPDX-License-Identifier: MIT
#include "ui/plots/plot_widget.hpp"

#include <algorithm>
#include <array>
#include <cmath>

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

/// Curve colours by chosen column (Tableau 10, readable on white).
QColor curveColour(int index) {
    static constexpr std::array<QRgb, 10> kPalette{0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728,
                                                   0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f,
                                                   0xbcbd22, 0x17becf};
    return QColor::fromRgb(kPalette[static_cast<std::size_t>(index) % kPalette.size()]);
}

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
constexpr double kMinWidthForSideLegend = 480; ///< px
constexpr double kMinHeightForTitle = 260;     ///< px: shorter charts have no title
constexpr double kLegendMarkerWidth = 34;      ///< px: a legend entry's marker and spacing
constexpr double kLegendChrome = 40;           ///< px: the chart's margins around its legend
constexpr double kMaxSideLegendShare = 0.45;   ///< of the chart's width, for a side legend

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

} // namespace

PlotWidget::NiceRange PlotWidget::niceRange(double low, double high) {
    // a tick step of 1, 2, 2.5 or 5 × 10^k giving about six intervals
    const double span = high - low;
    if (!(span > 0) || !std::isfinite(span)) {
        return {low - 0.5, low + 0.5, 3};
    }
    const double raw = span / 6.0;
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    double step = decade * 10.0;
    for (double factor : {1.0, 2.0, 2.5, 5.0}) {
        if (raw <= factor * decade * (1 + 1e-9)) {
            step = factor * decade;
            break;
        }
    }
    const double from = std::floor(low / step + 1e-9) * step;
    const double to = std::ceil(high / step - 1e-9) * step;
    return {from, to, static_cast<int>(std::lround((to - from) / step)) + 1};
}

bool PlotWidget::RunData::isLive() const {
    return run->isActive() || run->samples().size() > t.size();
}

PlotWidget::PlotWidget(QWidget* parent) : QWidget(parent) {
    m_chart = new QChart;
    m_chart->setTheme(QChart::ChartThemeLight);
    m_chart->setBackgroundRoundness(0);
    m_chart->setMargins(QMargins(6, 6, 12, 6));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    m_chart->legend()->setShowToolTips(true); // whole labels, should they be elided
    QFont titleFont = m_chart->titleFont();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.1);
    titleFont.setBold(true);
    m_chart->setTitleFont(titleFont);

    m_timeAxis = new QValueAxis;
    m_timeAxis->setTitleText(QStringLiteral("t (s)"));
    m_timeAxis->setLabelFormat(QStringLiteral("%g"));
    m_timeAxis->setRange(0.0, 1.0);
    m_chart->addAxis(m_timeAxis, Qt::AlignBottom);
    connect(m_timeAxis, &QValueAxis::rangeChanged, this, [this] {
        if (!m_settingRange) {
            m_autoScale = false;
        }
        render(true); // the visible time range decides the decimation
    });

    m_cursor = new QLineSeries;
    m_cursor->setName(QStringLiteral("time cursor"));
    m_cursor->setPen(QPen(plotCursorColour(), 1.2, Qt::DashLine));
    m_cursor->setVisible(false);
    m_chart->addSeries(m_cursor);
    createValueAxes();
    m_cursor->attachAxis(m_timeAxis);
    m_cursor->attachAxis(m_valueAxis);

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
    updateValueAxisType();
    rebuildTraces();
}

QList<QLineSeries*> PlotWidget::dataSeries() const {
    QList<QLineSeries*> out;
    for (const RunData& entry : m_runs) {
        for (const Trace& trace : entry.traces) {
            out.append(trace.series);
        }
    }
    return out;
}

QAbstractAxis* PlotWidget::timeAxis() const {
    return m_timeAxis;
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
    }
    std::vector<const SampleLayout*> layouts;
    for (const RunData& entry : m_runs) {
        layouts.push_back(&entry.run->layout());
    }
    QStringList units;
    for (const QString& name : m_selected) {
        if (const SampleColumn* column = findColumn(layouts, name)) {
            if (!units.contains(column->unit)) {
                units.append(column->unit);
            }
        }
    }
    const bool mixedUnits = units.size() > 1;
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
            if (severalRuns) {
                legend += QStringLiteral(" · %1").arg(entry.run->name());
            }
            auto* series = new QLineSeries;
            series->setName(legend);
            QPen pen(curveColour(k), kCurveWidth, runPenStyle(static_cast<int>(r)));
            pen.setCapStyle(Qt::RoundCap);
            pen.setJoinStyle(Qt::RoundJoin);
            series->setPen(pen);
            m_chart->addSeries(series);
            series->attachAxis(m_timeAxis);
            series->attachAxis(m_valueAxis);
            Trace trace;
            trace.column = column;
            trace.name = m_selected[k];
            trace.series = series;
            entry.traces.push_back(std::move(trace));
        }
    }

    // the cursor is drawn last, over the curves, and stays out of the legend
    m_chart->removeSeries(m_cursor);
    m_chart->addSeries(m_cursor);
    m_cursor->attachAxis(m_timeAxis);
    m_cursor->attachAxis(m_valueAxis);
    for (QLegendMarker* marker : m_chart->legend()->markers(m_cursor)) {
        marker->setVisible(false);
    }
    fitLayout(m_chart->size());
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
            if (m_logarithmic) {
                points.removeIf([](const QPointF& p) { return !(p.y() > 0); });
            }
            trace.series->replace(points);
        }
    }
}

void PlotWidget::createValueAxes() {
    // Qt Charts has separate linear and log axis types: both stay in the chart, the unused one
    // hidden, so that switching never deletes an axis the scene still draws
    m_linearAxis = new QValueAxis;
    m_linearAxis->setLabelFormat(QStringLiteral("%g"));
    m_linearAxis->setRange(0.0, 1.0);
    m_logAxis = new QLogValueAxis;
    m_logAxis->setBase(10.0);
    m_logAxis->setLabelFormat(QStringLiteral("%.0e"));
    m_logAxis->setMinorTickCount(8);
    m_logAxis->setMinorGridLinePen(QPen(plotMinorGridColour(), 1.0));
    m_logAxis->setRange(1e-16, 1.0);
    m_logAxis->setVisible(false);
    m_chart->addAxis(m_linearAxis, Qt::AlignLeft);
    m_chart->addAxis(m_logAxis, Qt::AlignLeft);
    m_valueAxis = m_linearAxis;
    const auto onRange = [this] {
        if (!m_settingRange) {
            m_autoScale = false;
        }
        updateCursor();
    };
    connect(m_linearAxis, &QValueAxis::rangeChanged, this, onRange);
    connect(m_logAxis, &QLogValueAxis::rangeChanged, this, onRange);
}

void PlotWidget::updateValueAxisType() {
    std::vector<const SampleLayout*> layouts;
    for (const RunData& entry : m_runs) {
        layouts.push_back(&entry.run->layout());
    }
    bool logarithmic = !m_selected.isEmpty();
    for (const QString& name : m_selected) {
        const SampleColumn* column = findColumn(layouts, name);
        const bool log = column ? familyIsLogarithmic(column->family)
                                : name.startsWith(QStringLiteral("violation."));
        logarithmic = logarithmic && log;
    }
    if (logarithmic == m_logarithmic) {
        return;
    }
    m_logarithmic = logarithmic;
    QAbstractAxis* old = m_valueAxis;
    m_valueAxis = logarithmic ? static_cast<QAbstractAxis*>(m_logAxis) : m_linearAxis;
    for (QAbstractSeries* series : m_chart->series()) {
        // the curves are rebuilt for the new choice; a log axis must not see their old values
        if (auto* line = qobject_cast<QLineSeries*>(series)) {
            line->clear();
        }
        series->detachAxis(old);
        series->attachAxis(m_valueAxis);
    }
    old->setVisible(false);
    m_valueAxis->setVisible(true);
    updateTitles();
}

void PlotWidget::applyAutoScale(bool exact) {
    if (!m_autoScale) {
        return;
    }
    // time: to the end of each live run, to the last sample of each finished one
    double tMax = 0;
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    bool live = false;
    for (const RunData& entry : m_runs) {
        if (entry.run->isActive()) {
            live = true;
            tMax = std::max(tMax, entry.run->settings().tEnd);
        } else if (!entry.t.empty()) {
            tMax = std::max(tMax, entry.t.back());
        }
        for (const Trace& trace : entry.traces) {
            low = std::min(low, m_logarithmic ? trace.minPositive : trace.min);
            high = std::max(high, trace.max);
        }
    }

    // while a run is live the ranges only grow, so that the axes (and every curve's geometry
    // in Qt Charts) change a few times per run rather than at every refresh
    const bool grow = live && !exact;
    m_settingRange = true;
    const NiceRange time = niceRange(0.0, tMax > 0 ? tMax : 1.0);
    setTimeRange(time);
    if (auto* log = qobject_cast<QLogValueAxis*>(m_valueAxis)) {
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
    } else if (auto* linear = qobject_cast<QValueAxis*>(m_valueAxis)) {
        NiceRange value{0.0, 1.0, 6};
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
            value = niceRange(from, to);
        }
        if (value.min != linear->min() || value.max != linear->max()) {
            linear->setRange(value.min, value.max);
            linear->setTickCount(value.ticks);
        }
    }
    m_settingRange = false;
    updateCursor();
}

void PlotWidget::setTimeRange(const NiceRange& range) {
    if (range.min != m_timeAxis->min() || range.max != m_timeAxis->max()) {
        m_timeAxis->setRange(range.min, range.max);
        m_timeAxis->setTickCount(range.ticks);
    }
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
    if (!m_cursor || !m_valueAxis) {
        return;
    }
    if (!std::isfinite(m_cursorTime)) {
        m_cursor->setVisible(false);
        return;
    }
    double low = 0;
    double high = 1;
    if (auto* log = qobject_cast<QLogValueAxis*>(m_valueAxis)) {
        low = log->min();
        high = log->max();
    } else if (auto* linear = qobject_cast<QValueAxis*>(m_valueAxis)) {
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
    std::vector<const SampleLayout*> layouts;
    for (const RunData& entry : m_runs) {
        layouts.push_back(&entry.run->layout());
    }
    QStringList families;
    QStringList units;
    for (const QString& name : m_selected) {
        if (const SampleColumn* column = findColumn(layouts, name)) {
            const QString family = familyTitle(column->family);
            if (!families.contains(family)) {
                families.append(family);
            }
            if (!units.contains(column->unit)) {
                units.append(column->unit);
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
    if (m_valueAxis) {
        // one family: its name; several: their units only; none (nothing chosen): no title
        QString axisTitle = families.size() == 1 ? families.front() : QString();
        if (!units.isEmpty()) {
            const QString unitText = units.join(QStringLiteral(", "));
            axisTitle =
                axisTitle.isEmpty() ? unitText : QStringLiteral("%1 (%2)").arg(axisTitle, unitText);
        }
        m_valueAxis->setTitleText(axisTitle);
    }
}

void PlotWidget::fitLayout(const QSizeF& chartSize) {
    // short charts (a dock at 1280×800) keep their height for the curves: the dock names the
    // plot, so the title goes, and the legend moves to the side when there is room
    const bool shortChart = chartSize.height() < kMinHeightForTitle;
    const bool side = chartSize.width() >= kMinWidthForSideLegend &&
                      (dataSeries().size() > kMaxCurvesInBottomLegend || shortChart);
    Qt::Alignment alignment = side ? Qt::AlignRight : Qt::AlignBottom;
    // the legend only when its labels read whole: in a row below the plot, else in a column to
    // its right taking at most kMaxSideLegendShare of the width; a narrow chart has none (the
    // series list beside it shows the colours)
    const QFontMetricsF metrics(m_chart->legend()->font());
    double row = 0;
    double column = 0;
    const QList<QLineSeries*> curves = dataSeries();
    for (const QLineSeries* curve : curves) {
        const double entry = kLegendMarkerWidth + metrics.horizontalAdvance(curve->name());
        row += entry;
        column = std::max(column, entry);
    }
    const double width = chartSize.width() - kLegendChrome;
    bool fits = !curves.isEmpty();
    if (alignment == Qt::AlignBottom && row > width) {
        alignment = Qt::AlignRight;
    }
    if (alignment == Qt::AlignRight && column > kMaxSideLegendShare * width) {
        fits = m_exporting; // an export is wide enough, and names its curves
    }
    if (m_chart->legend()->alignment() != alignment) {
        m_chart->legend()->setAlignment(alignment);
    }
    if (m_chart->legend()->isVisible() != fits) {
        m_chart->legend()->setVisible(fits);
    }
    if (fits != m_legendShown && !m_exporting) {
        m_legendShown = fits;
        Q_EMIT legendChanged();
    }
    // (an empty chart keeps its title: it says how to fill it)
    const QString title = shortChart && !m_runs.empty() && !m_exporting ? QString() : m_title;
    if (m_chart->title() != title) {
        m_chart->setTitle(title);
    }
}

void PlotWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitLayout(m_view->size());
}

QColor PlotWidget::columnColour(const QString& name) const {
    const qsizetype index = m_selected.indexOf(name);
    return index < 0 ? QColor() : curveColour(static_cast<int>(index));
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
