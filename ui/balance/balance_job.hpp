// SPDX-License-Identifier: MIT
#pragma once

// One Balance panel job on a worker thread, so that the window never waits for it: the
// mechanism's shaking over one cycle of its input motion (balance/shaking_cycle.hpp), then,
// when asked, the counterweight optimisation (balance/counterweight_balance.hpp) and the
// balanced mechanism's cycle. Progress (evaluations and the best objective) comes at most
// every 100 ms, the first right after the first evaluation; cancel() stops between
// evaluations (or before the optimisation, when it comes during the first cycle) and reports
// it. A Cancel that comes after the worker's last evaluation but before finished() is delivered
// still counts: the output says cancelled, so nothing a user cancelled is ever kept. Nothing is
// written: the panel applies or saves the result.

#include <atomic>
#include <chrono>
#include <functional>
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
    Eigen::VectorXd q0;       ///< assembly guess of every sample (nq())
    BalanceSettings settings; ///< settings.run is the cycle
    bool optimise = true;     ///< false: the cycle of the mechanism as it is only
};

struct BalanceJobOutput {
    ShakingCycle before;
    std::optional<BalanceResult> result; ///< when optimised
    ShakingCycle after;                  ///< of result->balanced, when it improved
    std::shared_ptr<const Model> balancedModel;
    bool cancelled = false;
    /// On the job's own clock (s): from cancel() to the worker's stop, 0 when the worker had
    /// stopped already; empty when not cancelled.
    std::optional<double> secondsToStop;
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
    using Clock = std::chrono::steady_clock;

    QThread* m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::optional<Clock::time_point> m_cancelledAt; ///< when cancel() was called (GUI thread)
};

/// Runs `input` here and now (the job's body; also for tests). `cancel` is polled after the
/// first cycle and between evaluations, `onProgress` called after each evaluation.
BalanceJobOutput runBalanceJob(const BalanceJobInput& input,
                               const std::atomic<bool>& cancel,
                               const std::function<void(const BalanceProgress&)>& onProgress);

} // namespace sslm::ui
