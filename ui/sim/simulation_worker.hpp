// SPDX-License-Identifier: MIT
#pragma once

// The thread that runs one SimulationRun: sslm::simulate for forward dynamics,
// sslm::runInverseDynamics for inverse dynamics, both in turn for a forced run (the torque
// history of the desired motion, then the forward run it drives). Samples go into the run's store;
// pause, resume and stop are applied between accepted steps through the core's shouldContinue
// hook, which blocks on a condition variable while paused. No Qt: the owner is told about the
// end through a callback on the worker thread.

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "core/sim/simulation.hpp"
#include "ui/sim/simulation_run.hpp"

namespace sslm::ui {

class SimulationWorker {
public:
    /// Called once on the worker thread when simulate returns (or throws).
    using FinishedHandler = std::function<void(const SimulationSummary&)>;

    /// Starts the thread at once.
    SimulationWorker(std::shared_ptr<SimulationRun> run, FinishedHandler onFinished);
    /// Requests a stop and joins.
    ~SimulationWorker();
    SimulationWorker(const SimulationWorker&) = delete;
    SimulationWorker& operator=(const SimulationWorker&) = delete;

    void setPaused(bool paused);
    /// Cancels at the next accepted step (also wakes a paused worker); does not wait.
    void requestStop();
    /// Waits for the thread to end.
    void join();

    /// True while the worker is blocked in the pause wait.
    bool isHalted() const { return m_halted.load(); }
    /// True once simulate has returned.
    bool isDone() const { return m_done.load(); }
    /// Simulated time of the last accepted step (s).
    double simulatedTime() const { return m_time.load(); }
    /// The core's summary; valid once isDone().
    const SimulationSummary& summary() const { return m_summary; }

private:
    void run();
    SimulationSummary runForward();
    SimulationSummary runInverse();
    SimulationSummary runForced();
    bool shouldContinue(double t);

    std::shared_ptr<SimulationRun> m_run;
    FinishedHandler m_onFinished;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_paused = false; ///< guarded by m_mutex
    bool m_stop = false;   ///< guarded by m_mutex
    std::atomic<bool> m_halted{false};
    std::atomic<bool> m_done{false};
    std::atomic<double> m_time{0.0};
    SimulationSummary m_summary; ///< written by the thread before m_done
    std::thread m_thread;        ///< last: starts after everything above is built
};

} // namespace sslm::ui
