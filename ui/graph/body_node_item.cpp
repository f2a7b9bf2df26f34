// SPDX-License-Identifier: MIT
#include "ui/graph/body_node_item.hpp"

#include <QFontMetricsF>
#include <QPainter>

#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

constexpr double kPaddingX = 14; // px
constexpr double kHeight = 30;
constexpr double kMinWidth = 64;
constexpr double kRadius = 7;
constexpr double kHaloWidth = 6;

} // namespace

BodyNodeItem::BodyNodeItem(int node, QString label, QString toolTip, const QFont& font)
    : m_node(node), m_label(std::move(label)), m_font(font), m_size(boxSize(m_label, font)),
      m_fill(node == 0 ? groundColour() : graphNodeFillColour()) {
    setToolTip(toolTip);
    setZValue(1);
}

QSizeF BodyNodeItem::boxSize(const QString& label, const QFont& font) {
    const QFontMetricsF metrics(font);
    return {std::max(kMinWidth, metrics.horizontalAdvance(label) + 2 * kPaddingX), kHeight};
}

void BodyNodeItem::setWidth(double width) {
    prepareGeometryChange();
    m_size.setWidth(std::max(width, boxSize(m_label, m_font).width()));
}

void BodyNodeItem::setFill(const QColor& fill) {
    if (fill != m_fill) {
        m_fill = fill;
        update();
    }
}

void BodyNodeItem::setHighlighted(bool highlighted) {
    if (highlighted != m_highlighted) {
        m_highlighted = highlighted;
        update();
    }
}

QRectF BodyNodeItem::box() const {
    return {-m_size.width() / 2, -m_size.height() / 2, m_size.width(), m_size.height()};
}

QRectF BodyNodeItem::boundingRect() const {
    const double margin = kHaloWidth + 2;
    return box().adjusted(-margin, -margin, margin, margin + 2);
}

void BodyNodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->setRenderHint(QPainter::Antialiasing);
    const QRectF rect = box();
    if (m_highlighted) {
        painter->setPen(QPen(loopHighlightColour(), kHaloWidth));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(rect.adjusted(-2, -2, 2, 2), kRadius + 2, kRadius + 2);
    }
    // soft shadow
    painter->setPen(Qt::NoPen);
    painter->setBrush(graphNodeShadowColour());
    painter->drawRoundedRect(rect.translated(0, 2), kRadius, kRadius);

    painter->setBrush(m_fill);
    painter->setPen(QPen(m_fill.darker(isGround() ? 150 : 135), 1.2));
    painter->drawRoundedRect(rect, kRadius, kRadius);
    if (isGround()) {
        painter->save();
        QPainterPath clip;
        clip.addRoundedRect(rect, kRadius, kRadius);
        painter->setClipPath(clip);
        painter->setPen(QPen(graphGroundHatchColour(), 1.5));
        for (double x = rect.left() - rect.height(); x < rect.right(); x += 8) {
            painter->drawLine(QPointF(x, rect.bottom()), QPointF(x + rect.height(), rect.top()));
        }
        painter->restore();
    }

    painter->setFont(m_font);
    painter->setPen(textColourOn(m_fill));
    painter->drawText(rect, Qt::AlignCenter, m_label);
}

QColor textColourOn(const QColor& fill) {
    const double luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
    return luminance > 0.5 ? darkLabelColour() : lightLabelColour();
}

} // namespace sslm::ui
