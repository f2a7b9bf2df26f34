// SPDX-License-Identifier: MIT
#include "ui/plots/interactive_chart_view.hpp"

#include <cmath>

#include <QMouseEvent>
#include <QWheelEvent>

namespace sslm::ui {

namespace {
/// Zoom factor per wheel notch (120 eighths of a degree).
constexpr double kZoomPerNotch = 1.25;
} // namespace

InteractiveChartView::InteractiveChartView(QChart* chart, QWidget* parent)
    : QChartView(chart, parent) {
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::NoRubberBand);
    setMouseTracking(false);
}

void InteractiveChartView::wheelEvent(QWheelEvent* event) {
    const QRectF area = chart()->plotArea();
    const QPointF anchor = chart()->mapFromScene(mapToScene(event->position().toPoint()));
    if (!area.contains(anchor) || event->angleDelta().y() == 0) {
        QChartView::wheelEvent(event);
        return;
    }
    // scale the plot area about the pointer: > 1 zooms in
    const double factor = std::pow(kZoomPerNotch, event->angleDelta().y() / 120.0);
    const bool timeOnly = event->modifiers() & Qt::ControlModifier;
    const bool valueOnly = event->modifiers() & Qt::ShiftModifier;
    const double sx = valueOnly ? 1.0 : 1.0 / factor;
    const double sy = timeOnly ? 1.0 : 1.0 / factor;
    const QRectF zoomed(anchor.x() - (anchor.x() - area.left()) * sx,
                        anchor.y() - (anchor.y() - area.top()) * sy, area.width() * sx,
                        area.height() * sy);
    chart()->zoomIn(zoomed);
    event->accept();
    Q_EMIT userNavigated();
}

void InteractiveChartView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        m_panning = true;
        m_lastPan = event->position();
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QChartView::mousePressEvent(event);
}

void InteractiveChartView::mouseMoveEvent(QMouseEvent* event) {
    if (m_panning) {
        const QPointF delta = event->position() - m_lastPan;
        m_lastPan = event->position();
        chart()->scroll(-delta.x(), delta.y());
        event->accept();
        Q_EMIT userNavigated();
        return;
    }
    QChartView::mouseMoveEvent(event);
}

void InteractiveChartView::mouseReleaseEvent(QMouseEvent* event) {
    if (m_panning && event->button() == Qt::LeftButton) {
        m_panning = false;
        unsetCursor();
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}

void InteractiveChartView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        Q_EMIT resetRequested();
        event->accept();
        return;
    }
    QChartView::mouseDoubleClickEvent(event);
}

} // namespace sslm::ui
