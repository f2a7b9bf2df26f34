// SPDX-License-Identifier: MIT
#include "ui/sim/run_history.hpp"

#include <algorithm>
#include <utility>

namespace sslm::ui {

RunHistory::RunHistory(QObject* parent) : QAbstractListModel(parent) {}

void RunHistory::setCapacity(int capacity) {
    m_capacity = std::max(1, capacity);
    trim();
}

void RunHistory::add(std::shared_ptr<SimulationRun> run) {
    const int row = size();
    const int id = run->id();
    beginInsertRows({}, row, row);
    m_runs.push_back(std::move(run));
    endInsertRows();
    Q_EMIT runAdded(id);
    trim();
}

void RunHistory::remove(int runId) {
    const int row = rowOf(runId);
    if (row < 0) {
        return;
    }
    beginRemoveRows({}, row, row);
    m_runs.erase(m_runs.begin() + row);
    m_hidden.erase(runId);
    endRemoveRows();
    Q_EMIT runRemoved(runId);
}

void RunHistory::clearInactive() {
    for (int row = size() - 1; row >= 0; --row) {
        if (!m_runs[row]->isActive()) {
            remove(m_runs[row]->id());
        }
    }
}

void RunHistory::notifyChanged(int runId) {
    const int row = rowOf(runId);
    if (row >= 0) {
        Q_EMIT dataChanged(index(row), index(row));
    }
}

void RunHistory::setShown(int runId, bool shown) {
    const int row = rowOf(runId);
    if (row < 0 || isShown(runId) == shown) {
        return;
    }
    if (shown) {
        m_hidden.erase(runId);
    } else {
        m_hidden.insert(runId);
    }
    Q_EMIT dataChanged(index(row), index(row), {Qt::CheckStateRole});
    Q_EMIT runShownChanged(runId, shown);
}

void RunHistory::hideOtherDocuments(int document) {
    for (const auto& run : std::vector<std::shared_ptr<SimulationRun>>(m_runs)) {
        if (run->document() != document) {
            setShown(run->id(), false);
        }
    }
}

std::shared_ptr<SimulationRun> RunHistory::find(int runId) const {
    const int row = rowOf(runId);
    return row < 0 ? nullptr : m_runs[row];
}

int RunHistory::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : size();
}

QVariant RunHistory::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= size()) {
        return {};
    }
    const SimulationRun& run = *m_runs[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return QStringLiteral("%1 (%2)").arg(run.name(), runStateText(run.state()));
    case Qt::CheckStateRole:
        return isShown(run.id()) ? Qt::Checked : Qt::Unchecked;
    case Qt::DecorationRole:
        return run.colour();
    case Qt::ToolTipRole: {
        QString tip = QStringLiteral("%1: %2, t_end = %3 s, %4 samples")
                          .arg(run.name(), runStateText(run.state()))
                          .arg(run.settings().tEnd)
                          .arg(run.samples().size());
        if (!run.cuts().isEmpty()) {
            tip += QStringLiteral("\ncuts: ") + run.cuts().join(QStringLiteral(", "));
        }
        if (run.summary() && !run.summary()->message.empty()) {
            tip += QLatin1Char('\n') + QString::fromStdString(run.summary()->message);
        }
        return tip;
    }
    case RunIdRole:
        return run.id();
    case StateRole:
        return static_cast<int>(run.state());
    default:
        return {};
    }
}

bool RunHistory::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || index.row() >= size() || role != Qt::CheckStateRole) {
        return false;
    }
    setShown(m_runs[index.row()]->id(), value.toInt() == Qt::Checked);
    return true;
}

Qt::ItemFlags RunHistory::flags(const QModelIndex& index) const {
    if (!index.isValid()) {
        return Qt::NoItemFlags;
    }
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable;
}

int RunHistory::rowOf(int runId) const {
    const auto it = std::find_if(m_runs.begin(), m_runs.end(),
                                 [runId](const auto& run) { return run->id() == runId; });
    return it == m_runs.end() ? -1 : static_cast<int>(it - m_runs.begin());
}

void RunHistory::trim() {
    while (size() > m_capacity) {
        const auto oldest = std::find_if(m_runs.begin(), m_runs.end(),
                                         [](const auto& run) { return !run->isActive(); });
        if (oldest == m_runs.end()) {
            return;
        }
        remove((*oldest)->id());
    }
}

} // namespace sslm::ui
