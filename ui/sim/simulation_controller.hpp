// SPDX-License-Identifier: MIT
#pragma once

// Runs simulations in the background for the desktop app: one active run at a time on a
// SimulationWorker thread, every run kept in a RunHistory for comparison. Signals are emitted on
// the GUI thread: progress and samplesAvailable at most every reportIntervalMs() while a run
// goes, finished once per run. Destroying the controller stops and joins a run still going.
//
// The report interval adapts to what the window spends drawing each report: it is measured
// from the report to the end of the repaints it caused, and the interval kept at about twice
// that (between kReportIntervalMs and kMaxReportIntervalMs), so the GUI thread stays at
// least half idle for input even where drawing is slow (software OpenGL).

#include <memory>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/sim/simulation.hpp"
#include "ui/sim/run_history.hpp"
#include "ui/sim/simulation_run.hpp"

namespace sslm::ui {

class SimulationWorker;

class SimulationController : public QObject {
    Q_OBJECT

public:
    /// Shortest interval of the progress and samplesAvailable reports (20 Hz).
    static constexpr int kReportIntervalMs = 50;
    /// Longest interval, however slow the drawing (4 Hz).
    static constexpr int kMaxReportIntervalMs = 250;

    explicit SimulationController(QObject* parent = nullptr);
    ~SimulationController() override;

    /// Starts a new run from (q0, qd0) at t = 0 (q0 assembled; rad or m, rad/s or m/s). A run
    /// still going is stopped and joined first (it ends as cancelled). Throws
    /// std::invalid_argument for a null model; problems of the inputs (sizes, a singular pose)
    /// end the run as failed, with the core's message in finished().
    /// An inverse or forced run (`kind`) follows `drive` from q0 (its rates come from the
    /// motions) over settings.tEnd, sampled every settings.sampleInterval. `name` names the run
    /// (empty: by what differs from the document's last run).
    std::shared_ptr<SimulationRun> start(std::shared_ptr<const Model> model,
                                         const SimulationSettings& settings,
                                         const Eigen::VectorXd& q0,
                                         const Eigen::VectorXd& qd0,
                                         RunKind kind = RunKind::Forward,
                                         PrescribedDrive drive = {},
                                         const QString& name = {});
    /// The document the next runs belong to (a number that changes when another document is
    /// opened) and its label for run names (the file's name, else empty for the mechanism's
    /// name). A run is named by what differs from the last run of the same document.
    void setDocument(int document, const QString& label);
    int document() const { return m_document; }
    /// Starts again from the last run's kind, model, settings and initial state; null if none.
    std::shared_ptr<SimulationRun> restart();
    /// Holds the worker at its next accepted step.
    void pause();
    void resume();
    /// Cancels the active run at its next accepted step; finished() follows.
    void stop();

    /// A run is active (running or paused).
    bool isRunning() const;
    bool isPaused() const;
    /// The worker has acknowledged a pause and is blocked (no more samples until resume()).
    bool isWorkerHalted() const;

    /// The active run, else the last one started; null before the first start().
    std::shared_ptr<SimulationRun> currentRun() const { return m_current; }
    RunHistory* history() const { return m_history; }

    /// The current interval of the reports (ms), in [kReportIntervalMs, kMaxReportIntervalMs].
    int reportIntervalMs() const { return m_reportTimer.interval(); }
    /// Smoothed time (ms) from a report to the end of the repaints it caused.
    double reportCostMs() const { return m_reportCostMs; }

Q_SIGNALS:
    void started(int runId);
    /// Simulated time t of tEnd (s) and simulated seconds per wall second (pauses excluded).
    void progress(double t, double tEnd, double realTimeFactor);
    /// The active run's store now holds `count` samples.
    void samplesAvailable(int count);
    void pausedChanged(bool paused);
    /// A run ended: ok, cancelled, or failed with the core's message (time, matrix, loop).
    void finished(const sslm::SimulationSummary& summary);

protected:
    bool event(QEvent* event) override;

private:
    void report();
    /// Adapts the report interval to the time since the report (the drawing it caused).
    void onReportDrawn();
    void complete(const std::shared_ptr<SimulationRun>& run, const SimulationSummary& summary);
    double activeWallSeconds() const;

    RunHistory* m_history;
    QTimer m_reportTimer;
    std::shared_ptr<SimulationRun> m_current;
    std::unique_ptr<SimulationWorker> m_worker;
    int m_nextRunId = 1;
    int m_document = 0;
    QString m_documentLabel;
    // wall time of the active run, pauses excluded
    QElapsedTimer m_wallClock;
    double m_wallBeforePause = 0; ///< s
    // last values reported, so that unchanged values are not re-emitted
    std::size_t m_reportedSamples = 0;
    double m_reportedTime = -1;
    // cost of drawing a report: from its signals to the end of the repaints they caused
    QElapsedTimer m_reportClock;
    bool m_reportCostProbePending = false;
    double m_reportCostMs = 0;
};

} // namespace sslm::ui
