// SPDX-License-Identifier: MIT
#pragma once

// A block pattern as a small matrix: a filled cell is a structurally non-zero block, an empty
// one the zero block O. Used for J (loops × subsystems, eq. 26) and for the GICM (loops × loops,
// eqs. 31–32), whose cells carry a band of the colours of their contributing subsystems.
// Each cell has a tooltip; one row (the highlighted loop) can be outlined.

#include <vector>

#include <QColor>
#include <QString>
#include <QStringList>
#include <QWidget>

namespace sslm::ui {

struct BlockPatternCell {
    bool filled = false;
    QString text;             ///< drawn in the cell when it fits, e.g. "J12"
    QString toolTip;          ///< plain text, e.g. "Ī22 = I^22_2 + I^22_3"
    QColor fill;              ///< invalid: the neutral block colour
    std::vector<QColor> band; ///< colours side by side along the cell's bottom (may be empty)
};

class BlockPatternWidget : public QWidget {
    Q_OBJECT

public:
    explicit BlockPatternWidget(QWidget* parent = nullptr);

    /// Replaces the matrix; cells[r][c], with columnColours (may be empty) shown as a swatch
    /// under each column label.
    void setPattern(QStringList rowLabels,
                    QStringList columnLabels,
                    std::vector<QColor> columnColours,
                    std::vector<std::vector<BlockPatternCell>> cells);
    void setHighlightedRow(int row);

    int rowCount() const { return static_cast<int>(m_cells.size()); }
    int columnCount() const { return static_cast<int>(m_columnLabels.size()); }
    const BlockPatternCell& cell(int row, int column) const { return m_cells.at(row).at(column); }
    /// Centre of a cell in widget coordinates.
    QPoint cellCentre(int row, int column) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

Q_SIGNALS:
    void rowHovered(int row); ///< -1 when the pointer leaves the rows

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    QRect cellRect(int row, int column) const;
    /// (row, column) under a widget point, or (-1, -1).
    std::pair<int, int> cellAt(const QPoint& point) const;
    int cellSize() const;
    int cellSizeFor(int widgetWidth) const;
    int rowHeaderWidth() const;
    int columnHeaderHeight() const;

    QStringList m_rowLabels;
    QStringList m_columnLabels;
    std::vector<QColor> m_columnColours;
    std::vector<std::vector<BlockPatternCell>> m_cells;
    int m_highlightedRow = -1;
    int m_hoveredRow = -1;
};

} // namespace sslm::ui
