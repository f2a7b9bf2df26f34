// SPDX-License-Identifier: MIT
#include "ui/graph/block_pattern_widget.hpp"

#include <algorithm>

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include "ui/graph/body_node_item.hpp"
#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

constexpr int kLargestCell = 34; // px
constexpr int kSmallestCell = 16;
constexpr int kSwatch = 5;

} // namespace

BlockPatternWidget::BlockPatternWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void BlockPatternWidget::setPattern(QStringList rowLabels,
                                    QStringList columnLabels,
                                    std::vector<QColor> columnColours,
                                    std::vector<std::vector<BlockPatternCell>> cells) {
    m_rowLabels = std::move(rowLabels);
    m_columnLabels = std::move(columnLabels);
    m_columnColours = std::move(columnColours);
    m_cells = std::move(cells);
    m_highlightedRow = -1;
    updateGeometry();
    update();
}

void BlockPatternWidget::setHighlightedRow(int row) {
    if (row != m_highlightedRow) {
        m_highlightedRow = row;
        update();
    }
}

int BlockPatternWidget::rowHeaderWidth() const {
    int width = 0;
    for (const QString& label : m_rowLabels) {
        width = std::max(width, fontMetrics().horizontalAdvance(label));
    }
    return width + 10;
}

int BlockPatternWidget::columnHeaderHeight() const {
    return fontMetrics().height() + kSwatch + 6;
}

int BlockPatternWidget::cellSize() const {
    return cellSizeFor(width());
}

int BlockPatternWidget::cellSizeFor(int widgetWidth) const {
    const int columns = std::max(1, columnCount());
    const int available = widgetWidth - rowHeaderWidth() - 2;
    return std::clamp(available / columns, kSmallestCell, kLargestCell);
}

QRect BlockPatternWidget::cellRect(int row, int column) const {
    const int size = cellSize();
    return {rowHeaderWidth() + column * size, columnHeaderHeight() + row * size, size, size};
}

QPoint BlockPatternWidget::cellCentre(int row, int column) const {
    return cellRect(row, column).center();
}

std::pair<int, int> BlockPatternWidget::cellAt(const QPoint& point) const {
    for (int r = 0; r < rowCount(); ++r) {
        for (int c = 0; c < columnCount(); ++c) {
            if (cellRect(r, c).contains(point)) {
                return {r, c};
            }
        }
    }
    return {-1, -1};
}

QSize BlockPatternWidget::sizeHint() const {
    const int width = rowHeaderWidth() + columnCount() * 28 + 2;
    return {width, heightForWidth(width)};
}

QSize BlockPatternWidget::minimumSizeHint() const {
    return {rowHeaderWidth() + columnCount() * kSmallestCell + 2,
            columnHeaderHeight() + rowCount() * kSmallestCell + 2};
}

int BlockPatternWidget::heightForWidth(int width) const {
    return columnHeaderHeight() + rowCount() * cellSizeFor(width) + 2;
}

bool BlockPatternWidget::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const auto [row, column] = cellAt(help->pos());
        if (row >= 0 && !cell(row, column).toolTip.isEmpty()) {
            QToolTip::showText(help->globalPos(), cell(row, column).toolTip, this,
                               cellRect(row, column));
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QWidget::event(event);
}

void BlockPatternWidget::mouseMoveEvent(QMouseEvent* event) {
    const int row = cellAt(event->position().toPoint()).first;
    if (row != m_hoveredRow) {
        m_hoveredRow = row;
        Q_EMIT rowHovered(row);
    }
}

void BlockPatternWidget::leaveEvent(QEvent*) {
    if (m_hoveredRow != -1) {
        m_hoveredRow = -1;
        Q_EMIT rowHovered(-1);
    }
}

void BlockPatternWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const int size = cellSize();
    QFont small = font();
    small.setPointSizeF(std::max(6.5, font().pointSizeF() * (size >= 28 ? 0.85 : 0.75)));

    // column headers with the subsystem swatches
    for (int c = 0; c < columnCount(); ++c) {
        const QRect top = cellRect(0, c);
        const QRect label(top.left(), 0, size, fontMetrics().height());
        painter.setPen(palette().color(QPalette::WindowText));
        painter.setFont(font());
        painter.drawText(label, Qt::AlignCenter, m_columnLabels[c]);
        if (c < static_cast<int>(m_columnColours.size())) {
            painter.fillRect(QRect(top.left() + 3, label.bottom() + 2, size - 6, kSwatch),
                             m_columnColours[c]);
        }
    }
    // row headers
    for (int r = 0; r < rowCount(); ++r) {
        const QRect first = cellRect(r, 0);
        const QRect label(0, first.top(), rowHeaderWidth() - 6, size);
        QFont rowFont = font();
        rowFont.setBold(r == m_highlightedRow);
        painter.setFont(rowFont);
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(label, Qt::AlignRight | Qt::AlignVCenter, m_rowLabels.value(r));
    }
    // cells
    painter.setFont(small);
    for (int r = 0; r < rowCount(); ++r) {
        for (int c = 0; c < columnCount(); ++c) {
            const BlockPatternCell& blockCell = cell(r, c);
            const QRectF rect = QRectF(cellRect(r, c)).adjusted(1.5, 1.5, -1.5, -1.5);
            if (blockCell.filled) {
                const QColor fill = blockCell.fill.isValid() ? blockCell.fill : blockFillColour();
                const double band =
                    blockCell.band.empty() ? 0.0 : std::max(5.0, rect.height() * 0.3);
                painter.setPen(Qt::NoPen);
                painter.setBrush(fill);
                painter.drawRoundedRect(rect, 3, 3);
                if (band > 0) {
                    painter.save();
                    QPainterPath clip;
                    clip.addRoundedRect(rect, 3, 3);
                    painter.setClipPath(clip);
                    const double stripe = rect.width() / static_cast<double>(blockCell.band.size());
                    for (std::size_t k = 0; k < blockCell.band.size(); ++k) {
                        painter.fillRect(QRectF(rect.left() + static_cast<double>(k) * stripe,
                                                rect.bottom() - band, stripe + 0.5, band),
                                         blockCell.band[k]);
                    }
                    painter.restore();
                }
                if (painter.fontMetrics().horizontalAdvance(blockCell.text) < rect.width() - 2) {
                    const QRectF textRect = rect.adjusted(0, 0, 0, -band);
                    painter.setPen(textColourOn(fill));
                    painter.drawText(textRect, Qt::AlignCenter, blockCell.text);
                }
            } else {
                painter.setPen(QPen(blockGridColour(), 1));
                painter.setBrush(palette().color(QPalette::Base));
                painter.drawRoundedRect(rect, 3, 3);
                painter.setPen(blockEmptyTextColour());
                painter.drawText(rect, Qt::AlignCenter, QStringLiteral("O"));
            }
        }
    }
    // the highlighted loop's row
    if (m_highlightedRow >= 0 && m_highlightedRow < rowCount() && columnCount() > 0) {
        const QRect first = cellRect(m_highlightedRow, 0);
        const QRect last = cellRect(m_highlightedRow, columnCount() - 1);
        painter.setPen(QPen(loopHighlightColour(), 3));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(QRectF(first.topLeft(), last.bottomRight()).adjusted(0, 0, 1, 1), 4,
                                4);
    }
}

} // namespace sslm::ui
