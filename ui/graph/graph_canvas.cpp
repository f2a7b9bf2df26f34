// SPDX-License-Identifier: MIT
#include "ui/graph/graph_canvas.hpp"

#include <algorithm>

#include <QKeyEvent>
#include <QPainter>

#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

constexpr double kLargestScale = 1.3;
constexpr int kLegendMargin = 10; // px

} // namespace

GraphCanvas::GraphCanvas(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent) {
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setBackgroundBrush(canvasBackgroundColour());
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate); // the legend is in the foreground
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(240, 220);
}

void GraphCanvas::refit() {
    if (!scene() || scene()->sceneRect().isEmpty()) {
        return;
    }
    const QRectF target = scene()->sceneRect();
    // room at the bottom for the legend
    const QSizeF room(viewport()->width(), std::max(40, viewport()->height() - 34));
    const double scale =
        std::min({room.width() / target.width(), room.height() / target.height(), kLargestScale});
    resetTransform();
    this->scale(scale, scale);
    centerOn(target.center() + QPointF(0, 17 / scale));
}

void GraphCanvas::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    refit();
}

void GraphCanvas::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        emit escapePressed();
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void GraphCanvas::drawForeground(QPainter* painter, const QRectF&) {
    // the legend, in viewport pixels
    painter->save();
    painter->resetTransform();
    painter->setRenderHint(QPainter::Antialiasing);
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.9);
    painter->setFont(legendFont);
    const QFontMetrics metrics(legendFont);
    // entries flow left to right, bottom-aligned, onto as many rows as the width needs
    const QStringList labels = {tr("revolute"), tr("prismatic"), tr("cut joint (click to change)"),
                                tr("highlighted loop")};
    const int rowHeight = metrics.height() + 6;
    const int right = viewport()->width() - kLegendMargin;
    const auto entryWidth = [&](const QString& text) {
        return 32 + metrics.horizontalAdvance(text) + 18;
    };
    int rows = 1;
    for (int k = 0, x = kLegendMargin; k < labels.size(); ++k) {
        if (x > kLegendMargin && x + entryWidth(labels[k]) - 18 > right) {
            ++rows;
            x = kLegendMargin;
        }
        x += entryWidth(labels[k]);
    }
    int y = viewport()->height() - kLegendMargin - metrics.height() / 2 - (rows - 1) * rowHeight;
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
