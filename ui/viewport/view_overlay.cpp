// SPDX-License-Identifier: MIT
#include "ui/viewport/view_overlay.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include <QFontMetrics>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QString>
#include <QStringList>

#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

const QColor kCutRed = ui::viewCutJointColour();
const QColor kTrace = ui::traceColour();
const QColor kHighlight = ui::viewHighlightColour();
/// Past this share of the view's width or height the legend box keeps to two lines.
constexpr double kMaxLegendShare = 0.4;

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

/// The largest 1, 2 or 5 × 10^k not above x.
double niceLength(double x) {
    const double decade = std::pow(10.0, std::floor(std::log10(x)));
    for (const double step : {5.0, 2.0, 1.0}) {
        if (step * decade <= x) {
            return step * decade;
        }
    }
    return decade;
}

QString lengthLabel(double metres) {
    if (metres >= 1.0) {
        return QStringLiteral("%1 m").arg(metres);
    }
    if (metres >= 1e-3) {
        return QStringLiteral("%1 mm").arg(metres * 1e3);
    }
    return QStringLiteral("%1 µm").arg(metres * 1e6);
}

} // namespace

std::vector<JointLabel>
jointLabels(const OverlayContext& c, const QFont& font, const QRectF& keepClear) {
    std::vector<JointLabel> labels;
    if (!c.model || !c.jointAnchor || !(c.metresPerPixel > 0)) {
        return labels;
    }
    const Model& model = *c.model;
    const double pinPx = c.pinRadius / c.metresPerPixel;
    if (pinPx < 2.5) {
        return labels; // too small to label without clutter
    }
    // joints that share a screen position share a label ("J9, J10")
    std::vector<QPointF> anchors;
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const QPointF at = c.project(c.jointAnchor(static_cast<int>(j)));
        std::size_t k = 0;
        while (k < anchors.size() && QLineF(anchors[k], at).length() >= 2.0) {
            ++k;
        }
        if (k == anchors.size()) {
            anchors.push_back(at);
            labels.push_back({});
            labels.back().anchor = at;
        }
        labels[k].names << qs(model.joints[j].name);
        labels[k].cut = labels[k].cut || model.joints[j].isCut();
    }
    // each label at the first of eight places around its joint (then twice as far) where it
    // covers no label placed before it, no joint and not `keepClear`
    std::vector<QRectF> placed;
    for (JointLabel& label : labels) {
        QFont labelFont = font;
        labelFont.setBold(label.cut);
        const QFontMetricsF metrics(labelFont);
        label.text = label.names.join(QStringLiteral(", "));
        const QSizeF size(metrics.horizontalAdvance(label.text), metrics.height());
        const double offset = (label.cut ? 1.75 : 1.0) * pinPx + 3.0;
        const auto sign = [](double v) {
            return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0);
        };
        const auto rectAt = [&](double dx, double dy, double reach) {
            // (dx, dy) a direction: the rect's nearest corner or side at `reach` from the joint
            const QPointF centre =
                label.anchor + QPointF(dx * reach + sign(dx) * 0.5 * size.width(),
                                       dy * reach + sign(dy) * 0.5 * size.height());
            return QRectF(centre - QPointF(0.5 * size.width(), 0.5 * size.height()), size);
        };
        const auto isClear = [&](const QRectF& rect) {
            if (rect.intersects(keepClear)) {
                return false;
            }
            for (const QRectF& other : placed) {
                if (rect.intersects(other)) {
                    return false;
                }
            }
            for (const QPointF& anchor : anchors) {
                if (anchor != label.anchor &&
                    rect.adjusted(-pinPx, -pinPx, pinPx, pinPx).contains(anchor)) {
                    return false;
                }
            }
            return true;
        };
        static constexpr double kD = 0.7071;
        const std::array<QPointF, 8> directions = {
            QPointF(kD, -kD), QPointF(-kD, -kD), QPointF(kD, kD), QPointF(-kD, kD),
            QPointF(1, 0),    QPointF(-1, 0),    QPointF(0, -1),  QPointF(0, 1)};
        label.rect = rectAt(directions[0].x(), directions[0].y(), offset);
        bool found = false;
        for (const double reach : {offset, 2.2 * offset + 4.0}) {
            for (const QPointF& d : directions) {
                const QRectF rect = rectAt(d.x(), d.y(), reach);
                if (isClear(rect)) {
                    label.rect = rect;
                    found = true;
                    break;
                }
            }
            if (found) {
                break;
            }
        }
        placed.push_back(label.rect);
    }
    return labels;
}

namespace {

/// Joint names, grouped where joints share a screen position ("J9, J10"), cut joints in red,
/// placed clear of each other and of the legend box.
void paintJointLabels(QPainter& painter, const OverlayContext& c, const QRectF& legend) {
    QFont font = painter.font();
    for (const JointLabel& label : jointLabels(c, font, legend)) {
        font.setBold(label.cut);
        painter.setFont(font);
        const QPointF at(label.rect.left(), label.rect.top() + QFontMetricsF(font).ascent());
        // a light halo keeps the label readable over bodies
        QPainterPath path;
        path.addText(at, font, label.text);
        painter.setPen(QPen(ui::overlayHaloColour(), 3.0));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(path);
        painter.fillPath(path, label.cut ? kCutRed : ui::overlayMutedTextColour());
    }
}

/// `text` with a halo, its baseline's left end at `at`, filled with `colour`.
void paintHaloText(QPainter& painter,
                   const QPointF& at,
                   const QString& text,
                   const QColor& colour) {
    QPainterPath path;
    path.addText(at, painter.font(), text);
    painter.setPen(QPen(ui::overlayHaloColour(), 3.0));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(path);
    painter.fillPath(path, colour);
}

/// Each load's name and value beside its arrow's tail, each spring's or cylinder's name beside
/// its middle, and a round "μ" badge beside each joint with friction.
void paintElementLabels(QPainter& painter, const OverlayContext& c) {
    if (c.elementLabels.empty()) {
        return;
    }
    painter.save();
    QFont font = painter.font();
    const double pinPx = c.pinRadius / c.metresPerPixel;
    for (const ElementLabel& label : c.elementLabels) {
        const QPointF anchor = c.project(label.anchor);
        switch (label.kind) {
        case ElementLabel::Kind::Load: {
            // above right of the arrow's tail, clear of a level shaft
            font.setBold(true);
            painter.setFont(font);
            paintHaloText(painter, anchor + QPointF(6.0, -10.0), label.text, ui::viewLoadColour());
            break;
        }
        case ElementLabel::Kind::Element: {
            font.setBold(false);
            font.setItalic(true);
            painter.setFont(font);
            const QPointF at = anchor + QPointF(0.8 * pinPx + 6.0, 0.8 * pinPx + 12.0);
            paintHaloText(painter, at, label.text, ui::overlayMutedTextColour());
            font.setItalic(false);
            break;
        }
        case ElementLabel::Kind::Friction: {
            // a small disc below left of the joint, clear of its label (placed above right)
            font.setBold(true);
            painter.setFont(font);
            const double radius = 0.5 * QFontMetricsF(font).height() + 1.0;
            const QPointF centre = anchor + QPointF(-(pinPx + radius + 2.0), pinPx + radius + 2.0);
            painter.setPen(QPen(ui::viewFrictionColour(), 1.5));
            painter.setBrush(ui::overlayBoxFillColour());
            painter.drawEllipse(centre, radius, radius);
            painter.setPen(ui::viewFrictionColour());
            painter.drawText(
                QRectF(centre - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius)),
                Qt::AlignCenter, label.text);
            break;
        }
        }
    }
    painter.restore();
}

/// Point picking: the prompt in a box at the bottom middle, and a ring with the name around the
/// point under the pointer.
void paintPicking(QPainter& painter, const QSize& size, const OverlayContext& c) {
    if (c.pickPrompt.isEmpty()) {
        return;
    }
    painter.save();
    const QFontMetricsF metrics(painter.font());
    const QSizeF text = metrics.size(Qt::TextSingleLine, c.pickPrompt);
    // at the bottom middle, clear of the legend (top left) and above the scale bar's line
    const QRectF box(
        QPointF(0.5 * (size.width() - text.width()) - 10, size.height() - text.height() - 48),
        QSizeF(text.width() + 20, text.height() + 10));
    painter.setPen(QPen(ui::viewLoadColour(), 1.5));
    painter.setBrush(ui::overlayBoxFillColour());
    painter.drawRoundedRect(box, 6, 6);
    painter.setPen(ui::overlayTextColour());
    painter.drawText(box, Qt::AlignCenter, c.pickPrompt);
    if (c.pickedPoint) {
        const QPointF at = c.project(*c.pickedPoint);
        painter.setPen(QPen(ui::viewLoadColour(), 2.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(at, 9.0, 9.0);
        paintHaloText(painter, at + QPointF(12, -10), c.pickedName, ui::viewLoadColour());
    }
    painter.restore();
}

/// What the legend says and where its box is (logical pixels), for a font.
struct LegendLayout {
    QStringList rows; ///< the name and the counts
    std::vector<QString> subsystemRows;
    QString cutRow;
    QStringList traceNames;
    int line = 0;
    int swatch = 0;
    QRectF box;
};

LegendLayout legendLayout(const OverlayContext& c, const QFont& font, const QSize& view) {
    const Model& model = *c.model;
    const QFontMetrics metrics(font);
    LegendLayout l;
    l.line = metrics.height() + 3;
    l.swatch = metrics.ascent() - 1;

    QStringList cutNames;
    for (const int j : model.cuts) {
        cutNames << qs(model.joints[j].name);
    }
    l.rows << qs(model.name.empty() ? std::string("Mechanism") : model.name);
    l.rows << QStringLiteral("%1 loop%2 · %3 coordinates · DOF %4")
                  .arg(model.nLoops())
                  .arg(model.nLoops() == 1 ? "" : "s")
                  .arg(model.nv())
                  .arg(model.mobilityGrubler);
    for (std::size_t s = 0; s < model.subsystems.size(); ++s) {
        QStringList names;
        for (const int b : model.subsystems[s].bodies) {
            names << qs(model.bodies[b].name.empty() ? model.bodies[b].id : model.bodies[b].name);
        }
        l.subsystemRows.push_back(metrics.elidedText(
            QStringLiteral("S%1  %2").arg(s + 1).arg(names.join(QStringLiteral(", "))),
            Qt::ElideRight, 300));
    }
    l.cutRow = cutNames.isEmpty() ? QStringLiteral("no cut joints (tree)")
                                  : QStringLiteral("cut joint%1: %2")
                                        .arg(cutNames.size() == 1 ? "" : "s")
                                        .arg(cutNames.join(QStringLiteral(", ")));
    for (const auto& t : model.tracedPoints) {
        l.traceNames << qs(t.name);
    }

    // size of the box
    QFont bold = font;
    bold.setBold(true);
    int width = QFontMetrics(bold).horizontalAdvance(l.rows[0]);
    width = std::max(width, metrics.horizontalAdvance(l.rows[1]));
    for (const QString& row : l.subsystemRows) {
        width = std::max(width, l.swatch + 8 + metrics.horizontalAdvance(row));
    }
    width = std::max(width, l.swatch + 8 + metrics.horizontalAdvance(l.cutRow));
    const int rowsCount = 2 + static_cast<int>(l.subsystemRows.size()) + 1 +
                          (l.traceNames.isEmpty() || !c.tracesVisible ? 0 : 1);
    l.box = QRectF(12, 12, width + 24, rowsCount * l.line + 18);
    if (view.isValid() && (l.box.width() > kMaxLegendShare * view.width() ||
                           l.box.height() > kMaxLegendShare * view.height())) {
        // a small view: the name and the cut joints only, the rest in the graph view
        l.rows[0] = QFontMetrics(bold).elidedText(l.rows[0], Qt::ElideRight,
                                                  std::max(60, view.width() / 2));
        l.rows[1].clear();
        l.subsystemRows.clear();
        l.traceNames.clear();
        width = std::max(QFontMetrics(bold).horizontalAdvance(l.rows[0]),
                         l.swatch + 8 + metrics.horizontalAdvance(l.cutRow));
        l.box = QRectF(8, 8, width + 16, 2 * l.line + 10);
    }
    return l;
}

void paintLegend(QPainter& painter, const OverlayContext& c, const LegendLayout& layout) {
    const QFont font = painter.font();
    const QStringList& rows = layout.rows;
    const std::vector<QString>& subsystemRows = layout.subsystemRows;
    const QString& cutRow = layout.cutRow;
    const QStringList& traceNames = layout.traceNames;
    const int line = layout.line;
    const int swatch = layout.swatch;
    const QRectF& box = layout.box;
    QFont bold = font;
    bold.setBold(true);
    painter.setPen(ui::overlayBoxBorderColour());
    painter.setBrush(ui::overlayBoxFillColour());
    painter.drawRoundedRect(box, 6, 6);

    const bool compact = rows[1].isEmpty();
    double y = box.top() + (compact ? 5 : 10) + QFontMetrics(font).ascent();
    const double x = box.left() + (compact ? 8 : 12);
    painter.setFont(bold);
    painter.setPen(ui::overlayTextColour());
    painter.drawText(QPointF(x, y), rows[0]);
    painter.setFont(font);
    if (!compact) {
        y += line;
        painter.setPen(ui::overlayMutedTextColour());
        painter.drawText(QPointF(x, y), rows[1]);
    }
    for (std::size_t s = 0; s < subsystemRows.size(); ++s) {
        y += line;
        const QColor colour = c.subsystemColours[s];
        painter.setPen(colour.darker(170));
        painter.setBrush(colour);
        painter.drawRoundedRect(QRectF(x, y - swatch + 1, swatch, swatch), 2, 2);
        painter.setPen(ui::overlayTextColour());
        painter.drawText(QPointF(x + swatch + 8, y), subsystemRows[s]);
    }
    y += line;
    const QPointF ringCentre(x + 0.5 * swatch, y - 0.5 * swatch + 1);
    QPen dashed(kCutRed, 2.0, Qt::DashLine);
    painter.setPen(dashed);
    painter.setBrush(Qt::white);
    painter.drawEllipse(ringCentre, 0.5 * swatch, 0.5 * swatch);
    painter.setPen(kCutRed);
    painter.drawText(QPointF(x + swatch + 8, y), cutRow);
    if (!traceNames.isEmpty() && c.tracesVisible) {
        y += line;
        painter.setPen(QPen(kTrace, 2.0));
        painter.drawLine(QPointF(x, y - 0.5 * swatch), QPointF(x + swatch, y - 0.5 * swatch));
        painter.setPen(ui::overlayTextColour());
        painter.drawText(QPointF(x + swatch + 8, y),
                         QStringLiteral("trace: %1").arg(traceNames.join(QStringLiteral(", "))));
    }
    if (c.highlightedLoop >= 0) {
        painter.setPen(kHighlight.darker(130));
        painter.drawText(QPointF(box.left(), box.bottom() + line),
                         QStringLiteral("highlighted: loop %1").arg(c.highlightedLoop + 1));
    }
}

void paintScaleAndAxes(QPainter& painter, const QSize& size, const OverlayContext& c) {
    // axes triad, bottom left
    const QPointF origin(34, size.height() - 34);
    const double arm = 24;
    struct Axis {
        QPointF dir;
        QColor colour;
        const char* name;
    };
    for (const Axis& axis :
         {Axis{c.axisZ, ui::axisZColour(), "z"}, Axis{c.axisX, ui::axisXColour(), "x"},
          Axis{c.axisY, ui::axisYColour(), "y"}}) {
        const double length = std::hypot(axis.dir.x(), axis.dir.y());
        if (length < 0.15) {
            continue; // pointing at the viewer
        }
        const QPointF tip = origin + arm * axis.dir;
        painter.setPen(QPen(axis.colour, 2.0, Qt::SolidLine, Qt::RoundCap));
        painter.drawLine(origin, tip);
        const QPointF u = axis.dir / length;
        const QPointF n(-u.y(), u.x());
        painter.setBrush(axis.colour);
        painter.drawPolygon(QPolygonF({tip + 5 * u, tip - 1 * u + 3.5 * n, tip - 1 * u - 3.5 * n}));
        painter.drawText(tip + 13 * u + QPointF(-3, 4), QString::fromLatin1(axis.name));
    }

    // scale bar, to the right of the triad
    if (!c.scaleBar) {
        return;
    }
    const double metres = niceLength(120 * c.metresPerPixel);
    const double px = metres / c.metresPerPixel;
    const QPointF left(80, size.height() - 24);
    const QPointF right = left + QPointF(px, 0);
    painter.setPen(QPen(ui::overlayTextColour(), 2.0, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(left, right);
    painter.drawLine(left + QPointF(0, -5), left + QPointF(0, 5));
    painter.drawLine(right + QPointF(0, -5), right + QPointF(0, 5));
    painter.setPen(ui::overlayTextColour());
    const QString label = lengthLabel(metres);
    const double textWidth = QFontMetrics(painter.font()).horizontalAdvance(label);
    painter.drawText(QPointF(0.5 * (left.x() + right.x()) - 0.5 * textWidth, left.y() - 8), label);
}

} // namespace

QRectF legendRect(const OverlayContext& context, const QFont& font, const QSize& view) {
    return context.model != nullptr ? legendLayout(context, font, view).box : QRectF();
}

void paintOverlay(QPainter& painter, const QSize& size, const OverlayContext& context) {
    if (!context.model || !context.jointAnchor || !(context.metresPerPixel > 0)) {
        return;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const LegendLayout legend = legendLayout(context, painter.font(), size);
    paintElementLabels(painter, context);
    paintJointLabels(painter, context, legend.box);
    paintLegend(painter, context, legend);
    paintScaleAndAxes(painter, size, context);
    paintPicking(painter, size, context);
}

OverlayWidget::OverlayWidget(std::function<OverlayContext()> context, QWidget* parent)
    : QWidget(parent), m_context(std::move(context)) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setAttribute(Qt::WA_TranslucentBackground);
    setFocusPolicy(Qt::NoFocus);
}

void OverlayWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    paintOverlay(painter, size(), m_context());
}

} // namespace sslm::ui
