// SPDX-License-Identifier: MIT
#include "ui/plots/min_max_decimator.hpp"

#include <algorithm>

namespace sslm::ui {

void MinMaxDecimator::reset(double x0, double x1, int columns, std::size_t first) {
    m_x0 = x0;
    m_x1 = x1;
    m_columns.assign(static_cast<std::size_t>(std::max(columns, 1)), Column{});
    m_processed = first;
}

bool MinMaxDecimator::matches(double x0, double x1, int columns) const {
    return x0 == m_x0 && x1 == m_x1 && static_cast<int>(m_columns.size()) == columns;
}

void MinMaxDecimator::add(const std::vector<double>& x,
                          const std::vector<double>& y,
                          std::size_t n) {
    const double width = m_x1 - m_x0;
    const auto last = static_cast<long>(m_columns.size()) - 1;
    for (std::size_t i = m_processed; i < n; ++i) {
        if (x[i] < m_x0 || x[i] > m_x1 || !(width > 0)) {
            continue;
        }
        const long index = std::clamp(
            static_cast<long>((x[i] - m_x0) / width * static_cast<double>(last + 1)), 0L, last);
        Column& column = m_columns[static_cast<std::size_t>(index)];
        const QPointF p(x[i], y[i]);
        if (!column.used) {
            column = {true, p, p};
        } else if (y[i] < column.low.y()) {
            column.low = p;
        } else if (y[i] > column.high.y()) {
            column.high = p;
        }
    }
    m_processed = std::max(m_processed, n);
}

void MinMaxDecimator::appendPoints(QList<QPointF>& out) const {
    for (const Column& column : m_columns) {
        if (!column.used) {
            continue;
        }
        if (column.low == column.high) {
            out.append(column.low);
        } else if (column.low.x() < column.high.x()) {
            out.append(column.low);
            out.append(column.high);
        } else {
            out.append(column.high);
            out.append(column.low);
        }
    }
}

} // namespace sslm::ui
