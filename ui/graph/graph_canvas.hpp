// SPDX-License-Identifier: MIT
#pragma once

// The view of the mechanism graph: keeps the whole graph in sight above the edge legend
// (fitted, never enlarged beyond 1.3×, and never shrunk below the scale at which its labels are
// 9 pt: a larger graph scrolls), draws the legend along the bottom, and reports Escape.

#include <QGraphicsView>
#include <QStringList>

namespace sslm::ui {

class GraphCanvas : public QGraphicsView {
    Q_OBJECT

public:
    explicit GraphCanvas(QGraphicsScene* scene, QWidget* parent = nullptr);

    /// Fits the scene into the viewport again (after the scene changed).
    void refit();
    /// The smallest scale: the scene's labels at least 9 pt high on screen.
    double legibleScale() const;
    /// Height (px) of the edge legend's strip below the viewport, margins included.
    int legendHeight() const;
    /// A spatial mechanism's legend: its joints of every type drawn alike, labelled with the
    /// equations they give as cuts ("J3 · 4").
    void setSpatial(bool spatial);

Q_SIGNALS:
    void escapePressed();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    /// Light or dark (ThemeWatcher): the paper's colour again.
    void followTheme();
    /// The strip below the viewport that shows the legend.
    class LegendStrip : public QWidget {
    public:
        explicit LegendStrip(GraphCanvas* canvas);

    protected:
        void paintEvent(QPaintEvent* event) override;

    private:
        GraphCanvas* m_canvas;
    };

    void paintLegend(QPainter* painter, const QRect& area) const;
    QFont legendFont() const;
    QStringList legendLabels() const;
    /// Rows the legend's entries flow onto in the viewport's width.
    int legendRows() const;
    /// Sizes the legend's strip for the width and fits the scene above it.
    void placeLegend();

    LegendStrip* m_legend = nullptr;
    bool m_spatial = false;
};

} // namespace sslm::ui
