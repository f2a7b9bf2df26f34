// SPDX-License-Identifier: MIT
#include "ui/document/document_compiler.hpp"

#include <utility>

#include <QtConcurrent/QtConcurrentRun>

namespace sslm::ui {

DocumentCompiler::DocumentCompiler(QObject* parent) : QObject(parent) {
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &DocumentCompiler::onFinished);
}

// a compile still running finishes on its worker; nothing of this object is left for it
DocumentCompiler::~DocumentCompiler() = default;

void DocumentCompiler::compile(MechanismSpec spec, QString path) {
    m_waiting = Request{std::move(spec), std::move(path), ++m_generation};
    setBusy(true);
    if (!m_workerBusy) {
        startNext();
    }
}

void DocumentCompiler::cancel() {
    ++m_generation;
    m_waiting.reset();
    setBusy(false);
}

void DocumentCompiler::startNext() {
    Request request = std::move(*m_waiting);
    m_waiting.reset();
    m_running = request.generation;
    m_workerBusy = true;
    m_watcher.setFuture(
        QtConcurrent::run([spec = std::move(request.spec), path = std::move(request.path)] {
            return compileMechanism(spec, path);
        }));
}

void DocumentCompiler::onFinished() {
    m_workerBusy = false;
    if (m_waiting) {
        startNext(); // a newer request: its outcome is the one to show
        return;
    }
    if (m_running != m_generation) {
        return; // cancelled while it ran
    }
    const LoadOutcome outcome = m_watcher.result();
    setBusy(false);
    Q_EMIT compiled(outcome);
}

void DocumentCompiler::setBusy(bool busy) {
    if (busy != m_busy) {
        m_busy = busy;
        Q_EMIT busyChanged(busy);
    }
}

} // namespace sslm::ui
