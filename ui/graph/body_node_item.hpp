// SPDX-License-Identifier: MIT
#pragma once

// A body of the loop/subsystem graph: a rounded box filled with its subsystem's colour and
// labelled with the body's name; the ground is a dark hatched box.

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QString>

namespace sslm::ui {

class BodyNodeItem : public QGraphicsItem {
public:
    /// `node` 0 is the ground.
    BodyNodeItem(int node, QString label, QString toolTip, const QFont& font);

    /// Size of the box for a label (px).
    static QSizeF boxSize(const QString& label, const QFont& font);

    int node() const { return m_node; }
    bool isGround() const { return m_node == 0; }
    const QString& label() const { return m_label; }
    /// The box in scene coordinates.
    QRectF sceneBox() const { return mapRectToScene(box()); }

    /// Widens the box (the ground becomes a bar over its pivots); never below the label's size.
    void setWidth(double width);

    void setFill(const QColor& fill);
    QColor fill() const { return m_fill; }
    void setHighlighted(bool highlighted);
    bool isHighlighted() const { return m_highlighted; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    QRectF box() const;

    int m_node;
    QString m_label;
    QFont m_font;
    QSizeF m_size;
    QColor m_fill;
    bool m_highlighted = false;
};

/// Black or white, whichever reads better on `fill`.
QColor textColourOn(const QColor& fill);

} // namespace sslm::ui
