// SPDX-License-Identifier: MIT
#pragma once

// Reduces a polyline whose x values ascend to at most two points per pixel column, the lowest
// and the highest of the column in x order, so that the drawn curve keeps every peak. Points
// can be added as they arrive; only the new ones are visited.

#include <cstddef>
#include <vector>

#include <QList>
#include <QPointF>

namespace sslm::ui {

class MinMaxDecimator {
public:
    /// Starts over for the x range [x0, x1] drawn over `columns` pixel columns, with the first
    /// point to visit at index `first`.
    void reset(double x0, double x1, int columns, std::size_t first = 0);
    /// Whether the decimator was set up for this range and width.
    bool matches(double x0, double x1, int columns) const;

    /// Visits points [processed(), n) of (x, y); those outside [x0, x1] are skipped.
    void add(const std::vector<double>& x, const std::vector<double>& y, std::size_t n);
    std::size_t processed() const { return m_processed; }

    /// Appends the kept points to `out`, in x order.
    void appendPoints(QList<QPointF>& out) const;

private:
    struct Column {
        bool used = false;
        QPointF low;
        QPointF high;
    };
    double m_x0 = 0;
    double m_x1 = 0;
    std::vector<Column> m_columns;
    std::size_t m_processed = 0;
};

} // namespace sslm::ui
