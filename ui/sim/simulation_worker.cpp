// SPDX-License-Identifier: MIT
#include "ui/sim/simulation_worker.hpp"

#include <exception>
#include <utility>
#include <vector>

namespace sslm::ui {

SimulationWorker::SimulationWorker(std::shared_ptr<SimulationRun> run, FinishedHandler onFinished)
    : m_run(std::move(run)), m_onFinished(std::move(onFinished)),
      m_thread([this] { this->run(); }) {}

SimulationWorker::~SimulationWorker() {
    requestStop();
    join();
}

void SimulationWorker::setPaused(bool paused) {
    {
        const std::scoped_lock lock(m_mutex);
        m_paused = paused;
    }
    m_wake.notify_all();
}

void SimulationWorker::requestStop() {
    {
        const std::scoped_lock lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
}

void SimulationWorker::join() {
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

bool SimulationWorker::shouldContinue(double t) {
    m_time.store(t);
    std::unique_lock lock(m_mutex);
    if (m_paused && !m_stop) {
        m_halted.store(true);
        m_wake.wait(lock, [this] { return !m_paused || m_stop; });
        m_halted.store(false);
    }
    return !m_stop;
}

void SimulationWorker::run() {
    const SampleLayout& layout = m_run->layout();
    SampleStore& store = m_run->samples();
    std::vector<double> row(static_cast<std::size_t>(layout.columnCount()));

    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& sample) {
        layout.fillRow(sample, row.data());
        store.append(row);
    };
    callbacks.shouldContinue = [this](double t) {
        return shouldContinue(t);
    };

    // simulate reports numerical trouble in the summary; anything thrown (bad sizes, memory)
    // becomes a failed summary too, so that no exception leaves the thread
    try {
        m_summary =
            simulate(*m_run->model(), m_run->settings(), m_run->q0(), m_run->qd0(), callbacks);
    } catch (const std::exception& e) {
        m_summary = {};
        m_summary.message = e.what();
    } catch (...) {
        m_summary = {};
        m_summary.message = "unknown error in the simulation thread";
    }
    m_time.store(m_summary.endTime);
    m_done.store(true);
    if (m_onFinished) {
        m_onFinished(m_summary);
    }
}

} // namespace sslm::ui
