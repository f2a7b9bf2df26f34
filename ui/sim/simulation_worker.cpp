// SPDX-License-Identifier: MIT
#include "ui/sim/simulation_worker.hpp"

#include <algorithm>
#include <exception>
#include <utility>
#include <vector>

#include "core/inverse/forced_drive.hpp"
#include "core/inverse/inverse_run.hpp"
#include "core/model/compile.hpp"

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

namespace {

/// An inverse run's summary in the form the controller reports (samples as steps).
SimulationSummary asSimulationSummary(const InverseRunSummary& inverse) {
    SimulationSummary summary;
    static_cast<RunOutcome&>(summary) = inverse;
    summary.steps = inverse.samples;
    return summary;
}

InverseRunSettings inverseSettings(const SimulationRun& run, double sampleInterval) {
    InverseRunSettings settings;
    settings.method = run.drive().method;
    settings.tEnd = run.settings().tEnd;
    settings.sampleInterval = sampleInterval;
    return settings;
}

} // namespace

SimulationSummary SimulationWorker::runForward() {
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
    return simulate(*m_run->model(), m_run->settings(), m_run->q0(), m_run->qd0(), callbacks);
}

SimulationSummary SimulationWorker::runInverse() {
    const SampleLayout& layout = m_run->layout();
    SampleStore& store = m_run->samples();
    std::vector<double> row(static_cast<std::size_t>(layout.columnCount()));
    InverseRunCallbacks callbacks;
    callbacks.onSample = [&](const InverseSample& sample) {
        layout.fillRow(sample, row.data());
        store.append(row);
    };
    callbacks.shouldContinue = [this](double t) {
        return shouldContinue(t);
    };
    return asSimulationSummary(
        runInverseDynamics(*m_run->model(), m_run->drive().motions, m_run->q0(),
                           inverseSettings(*m_run, m_run->settings().sampleInterval), callbacks));
}

SimulationSummary SimulationWorker::runForced() {
    // 1. the torque history of the desired motion (not stored: only the forced run is shown)
    const Model& model = *m_run->model();
    std::vector<InverseSample> samples;
    InverseRunSettings settings = inverseSettings(*m_run, m_run->drive().historyInterval);
    settings.reactions = JointReactions::Skip;
    InverseRunCallbacks inverseCallbacks;
    inverseCallbacks.onSample = [&](const InverseSample& s) {
        samples.push_back(s);
    };
    // progress stays at t = 0 while the torques are computed (a small share of the run)
    inverseCallbacks.shouldContinue = [this](double) {
        return shouldContinue(0.0);
    };
    const InverseRunSummary inverse =
        runInverseDynamics(model, m_run->drive().motions, m_run->q0(), settings, inverseCallbacks);
    if (!inverse.ok) {
        SimulationSummary summary = asSimulationSummary(inverse);
        summary.endTime = 0;
        summary.message =
            "while computing the driving torques (inverse dynamics): " + inverse.message;
        return summary;
    }
    std::string error;
    const std::optional<ForcedStart> forced = forcedStart(
        model, driveHistory(samples, m_run->drive().motions), m_run->drive().gains, error);
    if (!forced) {
        SimulationSummary summary;
        summary.message = error;
        return summary;
    }

    // 2. the forward dynamics driven by it, with the deviation from the desired motion
    const DesiredMotion& desired = forced->desired;
    const SampleLayout& layout = m_run->layout();
    SampleStore& store = m_run->samples();
    std::vector<double> row(static_cast<std::size_t>(layout.columnCount()));
    Eigen::VectorXd deviation = Eigen::VectorXd::Zero(model.nv());
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& sample) {
        desired.deviation(sample.t, sample.q, deviation);
        layout.fillRow(sample, row.data(), &deviation);
        store.append(row);
    };
    callbacks.shouldContinue = [this](double t) {
        return shouldContinue(t);
    };
    SimulationSettings forward = m_run->settings();
    forward.tEnd = std::min(forward.tEnd, desired.duration());
    return simulate(*forced->model, forward, forced->q0, forced->qd0, callbacks);
}

void SimulationWorker::run() {
    // the core reports numerical trouble in the summary; anything thrown (bad sizes, memory)
    // becomes a failed summary too, so that no exception leaves the thread
    try {
        switch (m_run->kind()) {
        case RunKind::Forward:
            m_summary = runForward();
            break;
        case RunKind::Inverse:
            m_summary = runInverse();
            break;
        case RunKind::Forced:
            m_summary = runForced();
            break;
        }
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
