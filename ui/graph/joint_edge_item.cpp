// SPDX-License-Identifier: MIT
#include "ui/graph/joint_edge_item.hpp"

#include <cmath>

#include <QCursor>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPathStroker>

#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

constexpr double kLineWidth = 2.2;      // px
constexpr double kPrismaticWidth = 7.0; // outer stroke of the double line
constexpr double kHaloWidth = 14.0;     // loop highlight under the edge
constexpr double kHitWidth = 22.0;      // clickable band: ≥ 20 px at the legible scale
constexpr double kScissorsRadius = 10.5;
constexpr double kScissorsGap = 4; // px between the scissors' disc and the label

} // namespace

JointEdgeItem::JointEdgeItem(
    int joint, QString name, bool prismatic, QString toolTip, const QFont& font)
    : m_joint(joint), m_name(std::move(name)), m_prismatic(prismatic), m_font(font) {
    m_font.setBold(true);
    setToolTip(toolTip);
    setAcceptHoverEvents(true);
    setCursor(Qt::PointingHandCursor);
    setZValue(2);
}

void JointEdgeItem::setRoute(const QPolygonF& route) {
    prepareGeometryChange();
    m_route = route;
    m_path = QPainterPath();
    m_path.addPolygon(route);
    m_labelCentre = pointAtFraction(0.5);
}

QPointF JointEdgeItem::pointAtFraction(double fraction, QPointF* direction) const {
    if (m_route.size() < 2) {
        return m_route.isEmpty() ? QPointF() : m_route.first();
    }
    double total = 0;
    for (int i = 1; i < m_route.size(); ++i) {
        total += QLineF(m_route[i - 1], m_route[i]).length();
    }
    double remaining = fraction * total;
    for (int i = 1; i < m_route.size(); ++i) {
        const QLineF segment(m_route[i - 1], m_route[i]);
        if (remaining <= segment.length() || i + 1 == m_route.size()) {
            if (direction) {
                const double length = std::max(segment.length(), 1e-9);
                *direction = (segment.p2() - segment.p1()) / length;
            }
            return segment.pointAt(std::min(1.0, remaining / std::max(segment.length(), 1e-9)));
        }
        remaining -= segment.length();
    }
    return m_route.last();
}

void JointEdgeItem::setCaption(const QString& caption) {
    prepareGeometryChange();
    m_caption = caption;
    update();
}

QString JointEdgeItem::labelText() const {
    return m_caption.isEmpty() ? m_name : m_name + QStringLiteral("\u2009·\u2009") + m_caption;
}

QRectF JointEdgeItem::labelRect() const {
    const QFontMetricsF metrics(m_font);
    const double width = metrics.horizontalAdvance(labelText()) + 12;
    const double height = metrics.height() + 8; // ≥ 20 px to click at the legible scale
    return {m_labelCentre.x() - width / 2, m_labelCentre.y() - height / 2, width, height};
}

void JointEdgeItem::setCut(bool cut) {
    if (cut != m_cut) {
        m_cut = cut;
        update();
    }
}

void JointEdgeItem::setHighlighted(bool highlighted) {
    if (highlighted != m_highlighted) {
        m_highlighted = highlighted;
        update();
    }
}

void JointEdgeItem::setArmed(bool armed) {
    if (armed != m_armed) {
        m_armed = armed;
        update();
    }
}

QRectF JointEdgeItem::boundingRect() const {
    const double margin = kHaloWidth;
    return m_path.boundingRect()
        .adjusted(-margin, -margin, margin, margin)
        .united(labelRect().adjusted(-4, -4, 4, 4));
}

QPainterPath JointEdgeItem::shape() const {
    QPainterPathStroker stroker;
    stroker.setWidth(kHitWidth);
    stroker.setCapStyle(Qt::FlatCap);
    QPainterPath hit = stroker.createStroke(m_path);
    hit.addRoundedRect(labelRect().adjusted(-3, -3, 3, 3), 6, 6);
    return hit.simplified();
}

void JointEdgeItem::hoverEnterEvent(QGraphicsSceneHoverEvent*) {
    m_hovered = true;
    update();
}

void JointEdgeItem::hoverLeaveEvent(QGraphicsSceneHoverEvent*) {
    m_hovered = false;
    update();
}

void JointEdgeItem::drawScissors(QPainter* painter) const {
    // beside the label, on the side of the joint's first body (A), clear of the label
    const QRectF label = labelRect();
    double length = 0;
    for (int i = 1; i < m_route.size(); ++i) {
        length += QLineF(m_route[i - 1], m_route[i]).length();
    }
    QPointF direction;
    pointAtFraction(0.5, &direction);
    const double labelReach =
        std::abs(direction.x()) * label.width() / 2 + std::abs(direction.y()) * label.height() / 2;
    const double distance = labelReach + kScissorsGap + kScissorsRadius;
    const double fraction = length > 0 ? 0.5 - distance / length : 0;
    QPointF at;
    if (fraction >= 0.12) {
        at = pointAtFraction(fraction, &direction);
    } else {
        // too short: above the label
        at = m_labelCentre - QPointF(0, label.height() / 2 + kScissorsGap + kScissorsRadius);
    }
    painter->save();
    painter->translate(at);
    painter->rotate(std::atan2(direction.y(), direction.x()) * 180.0 / M_PI);
    // a white disc so the mark reads over the dashes
    painter->setPen(QPen(cutJointColour(), 1.4));
    painter->setBrush(canvasBackgroundColour());
    painter->drawEllipse(QPointF(0, 0), kScissorsRadius, kScissorsRadius);
    // scissors: two finger rings behind, two blades crossing at the pivot
    const QColor colour = cutJointColour();
    painter->setPen(QPen(colour, 1.6, Qt::SolidLine, Qt::RoundCap));
    painter->setBrush(Qt::NoBrush);
    painter->drawEllipse(QPointF(-5.2, -3.2), 2.4, 2.4);
    painter->drawEllipse(QPointF(-5.2, 3.2), 2.4, 2.4);
    painter->drawLine(QPointF(-3.2, -1.9), QPointF(7.0, 3.4));
    painter->drawLine(QPointF(-3.2, 1.9), QPointF(7.0, -3.4));
    painter->setBrush(colour);
    painter->drawEllipse(QPointF(0.6, 0), 0.9, 0.9);
    painter->restore();
}

void JointEdgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->setRenderHint(QPainter::Antialiasing);
    const QColor colour = m_cut ? cutJointColour() : graphTreeEdgeColour();
    const double emphasis = m_hovered ? 1.6 : 1.0;

    if (m_highlighted || m_armed) {
        QColor halo = loopHighlightColour();
        halo.setAlpha(m_armed ? 255 : 190);
        painter->setPen(QPen(halo, kHaloWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->drawPath(m_path);
    }

    const Qt::PenStyle style = m_cut ? Qt::DashLine : Qt::SolidLine;
    if (m_prismatic) {
        // double line: a wide stroke with the background drawn down its middle
        QPen outer(colour, kPrismaticWidth * (m_hovered ? 1.2 : 1.0), Qt::SolidLine, Qt::FlatCap,
                   Qt::RoundJoin);
        if (m_cut) {
            outer.setDashPattern({1.2, 0.8});
        }
        painter->setPen(outer);
        painter->drawPath(m_path);
        painter->setPen(QPen(m_highlighted ? loopHighlightColour() : canvasBackgroundColour(),
                             kPrismaticWidth - 2 * 1.8, Qt::SolidLine, Qt::FlatCap, Qt::RoundJoin));
        painter->drawPath(m_path);
    } else {
        QPen pen(colour, kLineWidth * emphasis, style, Qt::FlatCap, Qt::RoundJoin);
        if (m_cut) {
            pen.setDashPattern({3.5, 2.5});
        }
        painter->setPen(pen);
        painter->drawPath(m_path);
    }

    if (m_cut) {
        drawScissors(painter);
    }

    // the name label
    const QRectF label = labelRect();
    QColor fill = canvasBackgroundColour();
    QColor text = colour;
    if (m_armed) {
        fill = cutJointColour();
        text = Qt::white;
    } else if (m_highlighted) {
        fill = loopHighlightColour();
        text = m_cut ? cutJointColour().darker(130) : graphLabelTextColour();
    }
    painter->setPen(QPen(colour, m_hovered ? 2.0 : 1.2));
    painter->setBrush(fill);
    painter->drawRoundedRect(label, label.height() / 2, label.height() / 2);
    painter->setFont(m_font);
    painter->setPen(text);
    painter->drawText(label, Qt::AlignCenter, labelText());
}

} // namespace sslm::ui
