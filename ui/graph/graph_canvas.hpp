// SPDX-License-Identifier: MIT
#pragma once

// The view of the mechanism graph: keeps the whole graph in sight (fitted, never enlarged
// beyond 1.3×), draws the edge legend in a corner, and reports Escape.

#include <QGraphicsView>

namespace sslm::ui {

class GraphCanvas : public QGraphicsView {
    Q_OBJECT

public:
    explicit GraphCanvas(QGraphicsScene* scene, QWidget* parent = nullptr);

    /// Fits the scene into the viewport again (after the scene changed).
    void refit();

signals:
    void escapePressed();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
};

} // namespace sslm::ui
