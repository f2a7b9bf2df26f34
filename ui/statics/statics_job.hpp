// SPDX-License-Identifier: MIT
#pragma once

// One Statics panel job on a worker thread, so that the window never waits for it: the rest
// pose nearest a start and the vibration modes about it (core/statics/vibration_modes.hpp),
// or a holding-effort curve (core/statics/holding_effort.hpp), whose poses report progress and
// whose cancel() stops it between two poses. The destructor cancels a running job and waits.

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include <QFutureWatcher>
#include <QObject>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/statics/holding_effort.hpp"
#include "core/statics/vibration_modes.hpp"

namespace sslm::ui {

struct StaticsJobInput {
    std::shared_ptr<const Model> model;
    Eigen::VectorXd start;      ///< the assembled pose the search starts from (nq)
    EquilibriumOptions options; ///< holds and time
    /// Set: the holding curve of this coordinate (index in q̇) over `values`, instead of the
    /// rest pose and modes.
    std::optional<int> sweep;
    std::vector<double> values; ///< rad or m
};

struct StaticsJobOutput {
    std::shared_ptr<const Model> model;
    VibrationAnalysis analysis;      ///< the rest pose and modes (analysis.error: why not)
    std::vector<HoldingPoint> curve; ///< the holding curve, when asked
    int sweep = -1;                  ///< its coordinate
    bool cancelled = false;
};

class StaticsJob : public QObject {
    Q_OBJECT

public:
    explicit StaticsJob(QObject* parent = nullptr);
    ~StaticsJob() override;

    /// Starts `input` on a worker thread; false when a job is running already.
    bool start(StaticsJobInput input);
    /// Asks a running curve to stop after the current pose (finished() follows).
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void progress(int done, int total);
    void finished(std::shared_ptr<const sslm::ui::StaticsJobOutput> output);

private:
    QFutureWatcher<std::shared_ptr<const StaticsJobOutput>> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
};

} // namespace sslm::ui
