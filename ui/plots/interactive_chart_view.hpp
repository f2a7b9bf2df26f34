// SPDX-License-Identifier: MIT
#pragma once

// A QChartView with the navigation of a plotting tool: the mouse wheel zooms about the pointer
// (Ctrl: time axis only, Shift: value axis only), dragging with the left button pans, and a
// double click asks for the zoom to be reset. userNavigated() tells the owner to stop
// auto-scaling.

#include <QChartView>
#include <QPointF>

namespace sslm::ui {

class InteractiveChartView : public QChartView {
    Q_OBJECT

public:
    explicit InteractiveChartView(QChart* chart, QWidget* parent = nullptr);

Q_SIGNALS:
    /// The user zoomed or panned.
    void userNavigated();
    /// The user asked for the automatic range back (double click).
    void resetRequested();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    bool m_panning = false;
    QPointF m_lastPan;
};

} // namespace sslm::ui
