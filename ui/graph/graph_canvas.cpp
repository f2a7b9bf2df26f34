// SPDX-License-Identifier: MIT
#include "ui/graph/graph_canvas.hpp"

#include <algorithm>

#include <QEvent>
#include <QFontInfo>
#include <QFontMetrics>
#include <QKeyEvent>
#include <QPainter>

#include "ui/style/palette.hpp"
#include "ui/style/theme.hpp"

namespace sslm::ui {

namespace {

constexpr double kLargestScale = 1.3;
constexpr int kLegendMargin = 10;       // px
constexpr double kMinLabelPoints = 9.0; // pt: labels and legend at least this high on screen

} // namespace

GraphCanvas::GraphCanvas(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent) {
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setBackgroundBrush(canvasBackgroundColour());
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // the edge legend in a strip of its own below the viewport: scrolled nodes never go under it
    m_legend = new LegendStrip(this);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(160, 140); // a 1024×700 window leaves the graph dock about 300 px square
    connect(ThemeWatcher::instance(), &ThemeWatcher::themeChanged, this, &GraphCanvas::followTheme);
}

void GraphCanvas::followTheme() {
    setBackgroundBrush(canvasBackgroundColour());
    if (scene()) {
        scene()->update();
    }
    m_legend->update();
}

double GraphCanvas::legibleScale() const {
    const QFont sceneFont = scene() ? scene()->font() : font();
    const double fontPx = std::max(1, QFontInfo(sceneFont).pixelSize());
    const double minimumPx = kMinLabelPoints * logicalDpiY() / 72.0;
    return minimumPx / fontPx;
}

QFont GraphCanvas::legendFont() const {
    QFont legend = font();
    legend.setPointSizeF(std::max(kMinLabelPoints, legend.pointSizeF() * 0.9));
    return legend;
}

QStringList GraphCanvas::legendLabels() const {
    return {m_spatial ? tr("joint · equations as a cut") : tr("revolute"), tr("prismatic"),
            tr("cut joint (click)"), tr("highlighted loop")};
}

void GraphCanvas::setSpatial(bool spatial) {
    if (spatial != m_spatial) {
        m_spatial = spatial;
        placeLegend(); // the legend's rows may change
        m_legend->update();
    }
}

int GraphCanvas::legendRows() const {
    const QFontMetrics metrics(legendFont());
    const int right = contentsRect().width() - kLegendMargin;
    int rows = 1;
    int x = kLegendMargin;
    for (const QString& label : legendLabels()) {
        const int width = 32 + metrics.horizontalAdvance(label) + 18;
        if (x > kLegendMargin && x + width - 18 > right) {
            ++rows;
            x = kLegendMargin;
        }
        x += width;
    }
    return rows;
}

int GraphCanvas::legendHeight() const {
    const QFontMetrics metrics(legendFont());
    return legendRows() * (metrics.height() + 6) + kLegendMargin;
}

void GraphCanvas::refit() {
    if (!scene() || scene()->sceneRect().isEmpty()) {
        return;
    }
    const QRectF target = scene()->sceneRect();
    // the viewport ends above the legend strip; a graph too large for it at a legible scale
    // scrolls
    const QSizeF room(viewport()->width(), std::max(40, viewport()->height()));
    const double fit =
        std::min({room.width() / target.width(), room.height() / target.height(), kLargestScale});
    const double scale = std::max(fit, legibleScale());
    resetTransform();
    this->scale(scale, scale);
    centerOn(target.center());
}

void GraphCanvas::resizeEvent(QResizeEvent* event) {
    // the strip's height depends on the width (its entries flow onto rows)
    setViewportMargins(0, 0, 0, legendHeight());
    QGraphicsView::resizeEvent(event);
    placeLegend();
}

void GraphCanvas::placeLegend() {
    setViewportMargins(0, 0, 0, legendHeight());
    const QRect frame = contentsRect();
    m_legend->setGeometry(frame.left(), frame.bottom() + 1 - legendHeight(), frame.width(),
                          legendHeight());
    refit();
}

GraphCanvas::LegendStrip::LegendStrip(GraphCanvas* canvas) : QWidget(canvas), m_canvas(canvas) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
}

void GraphCanvas::LegendStrip::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    m_canvas->paintLegend(&painter, rect());
}

void GraphCanvas::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        Q_EMIT escapePressed();
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void GraphCanvas::paintLegend(QPainter* painter, const QRect& area) const {
    // the legend, in the strip below the viewport
    painter->save();
    painter->fillRect(area, backgroundBrush());
    painter->translate(area.topLeft());
    painter->setRenderHint(QPainter::Antialiasing);
    const QFont legendFont = this->legendFont();
    painter->setFont(legendFont);
    const QFontMetrics metrics(legendFont);
    // entries flow left to right, bottom-aligned, onto as many rows as the width needs
    const QStringList labels = legendLabels();
    const int rowHeight = metrics.height() + 6;
    const int right = area.width() - kLegendMargin;
    const auto entryWidth = [&](const QString& text) {
        return 32 + metrics.horizontalAdvance(text) + 18;
    };
    const int rows = legendRows();
    int y = area.height() - kLegendMargin - metrics.height() / 2 - (rows - 1) * rowHeight;
    int x = kLegendMargin;
    const QColor tree = graphTreeEdgeColour();
    const auto sample = [&](const QString& text, auto drawLine) {
        if (x > kLegendMargin && x + entryWidth(text) - 18 > right) {
            x = kLegendMargin;
            y += rowHeight;
        }
        drawLine(QPointF(x, y), QPointF(x + 26, y));
        x += 32;
        painter->setPen(graphLegendTextColour());
        painter->drawText(QPoint(x, y + metrics.ascent() / 2 - 1), text);
        x += metrics.horizontalAdvance(text) + 18;
    };
    sample(labels[0], [&](QPointF a, QPointF b) {
        painter->setPen(QPen(tree, 2.2));
        painter->drawLine(a, b);
    });
    sample(labels[1], [&](QPointF a, QPointF b) {
        painter->setPen(QPen(tree, 7));
        painter->drawLine(a, b);
        painter->setPen(QPen(backgroundBrush().color(), 3.4));
        painter->drawLine(a, b);
    });
    sample(labels[2], [&](QPointF a, QPointF b) {
        QPen pen(cutJointColour(), 2.2);
        pen.setDashPattern({3.5, 2.5});
        painter->setPen(pen);
        painter->drawLine(a, b);
    });
    sample(labels[3], [&](QPointF a, QPointF b) {
        painter->setPen(QPen(loopHighlightColour(), 9, Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(a, b);
        painter->setPen(QPen(tree, 2.2));
        painter->drawLine(a, b);
    });
    painter->restore();
}

} // namespace sslm::ui
