// SPDX-License-Identifier: MIT
#include "ui/viewport/view_overlay.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>
#include <QString>
#include <QStringList>

#include "ui/style/palette.hpp"
#include "ui/viewport/mechanism_scene.hpp"

namespace sslm::viewport {

namespace {

const QColor kText = ui::overlayTextColour();
const QColor kMutedText = ui::overlayMutedTextColour();
const QColor kCutRed = ui::viewCutJointColour();
const QColor kTrace = ui::traceColour();
const QColor kHighlight = ui::viewHighlightColour();

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

/// Joint names, grouped where joints share a screen position ("J9, J10"), cut joints in red.
void paintJointLabels(QPainter& painter, const OverlayContext& c) {
    const Model& model = *c.model;
    const double pinPx = c.scene->metrics().pinRadius / c.metresPerPixel;
    if (pinPx < 2.5) {
        return; // too small to label without clutter
    }
    struct Label {
        QPointF at;
        QStringList names;
        bool cut = false;
    };
    std::vector<Label> labels;
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const QPointF at =
            c.project(c.scene->jointPosition(static_cast<int>(j)), c.scene->metrics().topZ);
        auto same = std::find_if(labels.begin(), labels.end(),
                                 [&](const Label& l) { return QLineF(l.at, at).length() < 2.0; });
        if (same == labels.end()) {
            labels.push_back({at, {}, false});
            same = labels.end() - 1;
        }
        same->names << qs(model.joints[j].name);
        same->cut = same->cut || model.joints[j].isCut();
    }
    QFont font = painter.font();
    for (const Label& label : labels) {
        font.setBold(label.cut);
        painter.setFont(font);
        const QString text = label.names.join(QStringLiteral(", "));
        const double offset = (label.cut ? 1.75 : 1.0) * pinPx + 3.0;
        const QPointF at = label.at + QPointF(offset * 0.75, -offset * 0.75);
        // a light halo keeps the label readable over bodies
        QPainterPath path;
        path.addText(at, font, text);
        painter.setPen(QPen(ui::overlayHaloColour(), 3.0));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(path);
        painter.fillPath(path, label.cut ? kCutRed : kMutedText);
    }
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

LegendLayout legendLayout(const OverlayContext& c, const QFont& font) {
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
                  .arg(model.nq())
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
    return l;
}

void paintLegend(QPainter& painter, const OverlayContext& c) {
    const QFont font = painter.font();
    const LegendLayout layout = legendLayout(c, font);
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

    double y = box.top() + 10 + QFontMetrics(font).ascent();
    const double x = box.left() + 12;
    painter.setFont(bold);
    painter.setPen(kText);
    painter.drawText(QPointF(x, y), rows[0]);
    painter.setFont(font);
    y += line;
    painter.setPen(kMutedText);
    painter.drawText(QPointF(x, y), rows[1]);
    for (std::size_t s = 0; s < subsystemRows.size(); ++s) {
        y += line;
        const QColor colour = c.subsystemColours[s];
        painter.setPen(colour.darker(170));
        painter.setBrush(colour);
        painter.drawRoundedRect(QRectF(x, y - swatch + 1, swatch, swatch), 2, 2);
        painter.setPen(kText);
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
        painter.setPen(kText);
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
    const double metres = niceLength(120 * c.metresPerPixel);
    const double px = metres / c.metresPerPixel;
    const QPointF left(80, size.height() - 24);
    const QPointF right = left + QPointF(px, 0);
    painter.setPen(QPen(kText, 2.0, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(left, right);
    painter.drawLine(left + QPointF(0, -5), left + QPointF(0, 5));
    painter.drawLine(right + QPointF(0, -5), right + QPointF(0, 5));
    painter.setPen(kText);
    const QString label = lengthLabel(metres);
    const double textWidth = QFontMetrics(painter.font()).horizontalAdvance(label);
    painter.drawText(QPointF(0.5 * (left.x() + right.x()) - 0.5 * textWidth, left.y() - 8), label);
}

} // namespace

QRectF legendRect(const OverlayContext& context, const QFont& font) {
    return context.model != nullptr ? legendLayout(context, font).box : QRectF();
}

void paintOverlay(QPainter& painter, const QSize& size, const OverlayContext& context) {
    if (!context.model || !context.scene || !(context.metresPerPixel > 0)) {
        return;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    paintJointLabels(painter, context);
    paintLegend(painter, context);
    paintScaleAndAxes(painter, size, context);
}

OverlayWidget::OverlayWidget(std::function<OverlayContext()> context, QWidget* parent)
    : QWidget(parent), context_(std::move(context)) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setAttribute(Qt::WA_TranslucentBackground);
    setFocusPolicy(Qt::NoFocus);
}

void OverlayWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    paintOverlay(painter, size(), context_());
}

} // namespace sslm::viewport
