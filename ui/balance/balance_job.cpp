// SPDX-License-Identifier: MIT
#include "ui/balance/balance_job.hpp"

#include <algorithm>
#include <chrono>

#include <QThread>

#include "core/model/compile.hpp"
#include "ui/graph/cut_set_evaluation.hpp"

namespace sslm::ui {

BalanceJobOutput runBalanceJob(const BalanceJobInput& input,
                               const std::atomic<bool>& cancel,
                               const std::function<void(const BalanceProgress&)>& onProgress) {
    BalanceJobOutput output;
    const Model& model = *input.model;
    output.before = shakingCycle(model, input.motions, input.q0, input.settings.run);
    if (!output.before.ok) {
        output.error =
            QString::fromStdString("The cycle could not be run: " + output.before.message);
        return output;
    }
    if (!input.optimise) {
        return output;
    }
    if (cancel.load()) {
        output.cancelled = true; // during the first cycle: the optimisation never starts
        return output;
    }
    BalanceCallbacks callbacks;
    callbacks.onProgress = onProgress;
    callbacks.shouldContinue = [&cancel] {
        return !cancel.load();
    };
    BalanceResult result =
        balanceCounterweights(model, input.motions, input.q0, input.settings, callbacks);
    output.cancelled = result.stop == BalanceStop::Cancelled;
    if (!result.ok) {
        output.error = QString::fromStdString(result.message);
        return output;
    }
    if (result.improved && !output.cancelled) {
        // the balanced mechanism with the same cuts: counterweights leave the motion alone
        const CompileResult compiled =
            compileModel(result.balanced, CompileOptions{.cuts = cutJointNames(model)});
        if (compiled.ok()) {
            output.balancedModel = compiled.model;
            output.after =
                shakingCycle(*compiled.model, input.motions, input.q0, input.settings.run);
        }
    }
    output.result = std::move(result);
    return output;
}

BalanceJob::BalanceJob(QObject* parent) : QObject(parent) {}

BalanceJob::~BalanceJob() {
    if (m_thread != nullptr) {
        m_cancel->store(true);
        m_thread->wait();
        delete m_thread;
    }
}

bool BalanceJob::start(BalanceJobInput input) {
    if (m_thread != nullptr) {
        return false;
    }
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    const long maxEvaluations = input.settings.maxEvaluations;
    m_cancelledAt.reset();
    m_thread = QThread::create([this, input = std::move(input), cancel, maxEvaluations] {
        // the first evaluation reports at once (the bar moves), then at most every 100 ms
        std::optional<Clock::time_point> lastReport;
        const auto onProgress = [&](const BalanceProgress& p) {
            const Clock::time_point now = Clock::now();
            if (lastReport && now - *lastReport < std::chrono::milliseconds(100)) {
                return;
            }
            lastReport = now;
            QMetaObject::invokeMethod(
                this,
                [this, p, maxEvaluations] {
                    Q_EMIT progress(p.evaluations, maxEvaluations, p.bestObjective, p.seconds);
                },
                Qt::QueuedConnection);
        };
        auto output = std::make_shared<BalanceJobOutput>(runBalanceJob(input, *cancel, onProgress));
        const Clock::time_point stoppedAt = Clock::now();
        QMetaObject::invokeMethod(
            this,
            [this, output, stoppedAt] {
                if (m_thread != nullptr) {
                    m_thread->wait();
                    m_thread->deleteLater();
                    m_thread = nullptr;
                }
                // cancel() runs on this thread too, so this reads every click made before the
                // result reaches the panel, however late in the job it came
                if (m_cancelledAt) {
                    output->cancelled = true;
                    output->secondsToStop = std::max(
                        0.0, std::chrono::duration<double>(stoppedAt - *m_cancelledAt).count());
                }
                Q_EMIT finished(output);
            },
            Qt::QueuedConnection);
    });
    m_thread->start();
    return true;
}

void BalanceJob::cancel() {
    if (m_thread == nullptr) {
        return; // nothing running: the last output stands as it came
    }
    if (!m_cancelledAt) {
        m_cancelledAt = Clock::now();
    }
    m_cancel->store(true);
}

} // namespace sslm::ui
