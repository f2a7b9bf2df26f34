// SPDX-License-Identifier: MIT
#pragma once

// A joint of the loop/subsystem graph: an edge between two bodies, labelled with the joint's
// name. Revolute joints are single lines, prismatic joints double lines; a cut joint is dashed
// in the cut colour and carries a scissors mark. Highlighting (a loop) draws a halo under it;
// an armed cut (about to be released) gets a filled label.

#include <QFont>
#include <QGraphicsItem>
#include <QPainterPath>
#include <QPolygonF>
#include <QString>

namespace sslm::ui {

class JointEdgeItem : public QGraphicsItem {
public:
    JointEdgeItem(int joint, QString name, bool prismatic, QString toolTip, const QFont& font);

    /// The drawn centreline (scene coordinates), already clipped to the two bodies' boxes.
    void setRoute(const QPolygonF& route);
    const QPolygonF& route() const { return m_route; }

    int joint() const { return m_joint; }
    const QString& name() const { return m_name; }
    /// Text drawn after the name, e.g. the number of loop equations a spatial cut gives ("4");
    /// empty for none.
    void setCaption(const QString& caption);
    /// What the label shows: the name, then the caption after a thin space and a dot.
    QString labelText() const;
    bool isPrismatic() const { return m_prismatic; }
    /// Centre of the name label (scene coordinates): where a click is surest to land.
    QPointF labelCentre() const { return m_labelCentre; }
    /// The name label's box (scene coordinates): the main click target.
    QRectF labelRect() const;

    void setCut(bool cut);
    bool isCut() const { return m_cut; }
    void setHighlighted(bool highlighted);
    bool isHighlighted() const { return m_highlighted; }
    void setArmed(bool armed);
    bool isArmed() const { return m_armed; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    QPointF pointAtFraction(double fraction, QPointF* direction = nullptr) const;
    void drawScissors(QPainter* painter) const;

    int m_joint;
    QString m_name;
    QString m_caption;
    bool m_prismatic;
    QFont m_font;
    QPolygonF m_route;
    QPainterPath m_path;
    QPointF m_labelCentre;
    bool m_cut = false;
    bool m_highlighted = false;
    bool m_armed = false;
    bool m_hovered = false;
};

} // namespace sslm::ui
