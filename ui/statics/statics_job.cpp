// SPDX-License-Identifier: MIT
#include "ui/statics/statics_job.hpp"

#include <QtConcurrent>

namespace sslm::ui {

StaticsJob::StaticsJob(QObject* parent) : QObject(parent) {
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        m_running = false;
        Q_EMIT finished(m_watcher.result());
    });
}

StaticsJob::~StaticsJob() {
    cancel();
    m_watcher.waitForFinished();
}

bool StaticsJob::start(StaticsJobInput input) {
    if (m_running || !input.model) {
        return false;
    }
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const std::shared_ptr<std::atomic<bool>> cancelled = m_cancel;
    // progress goes to the GUI thread queued; the destructor waits, so `this` outlives it
    m_watcher.setFuture(QtConcurrent::run([this, input = std::move(input), cancelled] {
        auto output = std::make_shared<StaticsJobOutput>();
        output->model = input.model;
        if (input.sweep) {
            output->sweep = *input.sweep;
            const int total = static_cast<int>(input.values.size());
            output->curve =
                holdingCurve(*input.model, input.start, *input.sweep, input.values, input.options,
                             [this, total, &cancelled](int done) {
                                 QMetaObject::invokeMethod(
                                     this, [this, done, total] { Q_EMIT progress(done, total); },
                                     Qt::QueuedConnection);
                                 return !cancelled->load();
                             });
            output->cancelled = cancelled->load();
        } else {
            output->analysis = vibrationModes(*input.model, input.start, input.options);
        }
        return std::shared_ptr<const StaticsJobOutput>(std::move(output));
    }));
    return true;
}

void StaticsJob::cancel() {
    if (m_cancel) {
        m_cancel->store(true);
    }
}

} // namespace sslm::ui
