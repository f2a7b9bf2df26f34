// SPDX-License-Identifier: MIT
#pragma once

// The runs kept for comparison, newest last, as a list model (display: name and state,
// decoration: run colour, check box: shown in the plots, tool tip: state, settings and the
// core's message). Holds at most capacity() runs: adding one more drops the oldest run that is
// no longer active.

#include <memory>
#include <set>
#include <vector>

#include <QAbstractListModel>

#include "ui/sim/simulation_run.hpp"

namespace sslm::ui {

class RunHistory : public QAbstractListModel {
    Q_OBJECT

public:
    enum Role { RunIdRole = Qt::UserRole + 1, StateRole };

    explicit RunHistory(QObject* parent = nullptr);

    int capacity() const { return m_capacity; }
    /// At least 1; drops the oldest inactive runs beyond it.
    void setCapacity(int capacity);

    void add(std::shared_ptr<SimulationRun> run);
    void remove(int runId);
    void clearInactive();
    /// Tell views that a run's state or summary changed.
    void notifyChanged(int runId);
    /// Whether the run's curves are drawn in the plots (new runs are shown).
    bool isShown(int runId) const { return !m_hidden.contains(runId); }
    void setShown(int runId, bool shown);
    /// Hides from the plots every run not started from `document` (SimulationRun::document):
    /// runs of another mechanism stay listed, unchecked, and can be shown again.
    void hideOtherDocuments(int document);

    int size() const { return static_cast<int>(m_runs.size()); }
    std::shared_ptr<SimulationRun> at(int row) const { return m_runs[row]; }
    std::shared_ptr<SimulationRun> find(int runId) const;
    const std::vector<std::shared_ptr<SimulationRun>>& runs() const { return m_runs; }

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    /// The check box (Qt::CheckStateRole) shows or hides the run in the plots.
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

Q_SIGNALS:
    void runAdded(int runId);
    void runRemoved(int runId);
    void runShownChanged(int runId, bool shown);

private:
    int rowOf(int runId) const;
    void trim();

    std::vector<std::shared_ptr<SimulationRun>> m_runs;
    int m_capacity = 8;
    std::set<int> m_hidden; ///< ids of runs hidden from the plots
};

} // namespace sslm::ui
