// SPDX-License-Identifier: MIT
#pragma once

// One Balance panel job on a worker thread, so that the window never waits for it: the
// mechanism's shaking over one cycle of its input motion (balance/shaking_cycle.hpp), then,
// when asked, the counterweight optimisation (balance/counterweight_balance.hpp) and the
// balanced mechanism's cycle. Progress (evaluations and the best objective) comes at most
// every 100 ms; cancel() stops between evaluations and reports it. Nothing is written: the
// panel applies or saves the result.

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include <QObject>
#include <QString>

#include <Eigen/Core>

#include "core/balance/counterweight_balance.hpp"
#include "core/balance/shaking_cycle.hpp"

class QThread;

namespace sslm::ui {

struct BalanceJobInput {
    std::shared_ptr<const Model> model;
    std::vector<DrivenMotion> motions;
    Eigen::VectorXd q0;       ///< assembly guess of every sample (positionSize())
    BalanceSettings settings; ///< settings.run is the cycle
    bool optimise = true;     ///< false: the cycle of the mechanism as it is only
};

struct BalanceJobOutput {
    ShakingCycle before;
    std::optional<BalanceResult> result; ///< when optimised
    ShakingCycle after;                  ///< of result->balanced, when it improved
    std::shared_ptr<const Model> balancedModel;
    bool cancelled = false;
    QString error; ///< why the job failed (the cycle, the settings or the optimiser)
};

class BalanceJob : public QObject {
    Q_OBJECT

public:
    explicit BalanceJob(QObject* parent = nullptr);
    ~BalanceJob() override; ///< cancels a running job and waits for it

    /// Starts `input` on a worker thread; false when a job is running already.
    bool start(BalanceJobInput input);
    /// Asks the running job to stop after the current evaluation (finished() follows).
    void cancel();
    bool isRunning() const { return m_thread != nullptr; }

Q_SIGNALS:
    void progress(long evaluations, long maxEvaluations, double bestObjective, double seconds);
    void finished(std::shared_ptr<const sslm::ui::BalanceJobOutput> output);

private:
    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

/// Runs `input` here and now (the job's body; also for tests). `cancel` is polled between
/// evaluations, `onProgress` called after each.
BalanceJobOutput runBalanceJob(const BalanceJobInput& input,
                               const std::atomic<bool>& cancel,
                               const std::function<void(const BalanceProgress&)>& onProgress);

} // namespace sslm::ui
