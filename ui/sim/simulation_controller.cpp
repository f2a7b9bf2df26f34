// SPDX-License-Identifier: MIT
#include "ui/sim/simulation_controller.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <QCoreApplication>
#include <QEvent>

#include "ui/sim/run_naming.hpp"
#include "ui/sim/simulation_worker.hpp"
#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

/// Posted after a report at a priority below the window's repaint requests
/// (Qt::LowEventPriority), so that it is handled once the repaints the report caused are done.
const QEvent::Type kReportDrawnEvent = static_cast<QEvent::Type>(QEvent::registerEventType());
constexpr int kAfterRepaintPriority = Qt::LowEventPriority - 1;
constexpr double kCostSmoothing = 0.3; ///< weight of the newest measurement
constexpr double kIdleShare = 2.0;     ///< interval / drawing cost: the GUI is ≥ half idle

RunState endState(const SimulationSummary& summary) {
    if (summary.ok) {
        return RunState::Finished;
    }
    return summary.cancelled ? RunState::Cancelled : RunState::Failed;
}

} // namespace

SimulationController::SimulationController(QObject* parent)
    : QObject(parent), m_history(new RunHistory(this)) {
    qRegisterMetaType<sslm::SimulationSummary>();
    m_reportTimer.setInterval(kReportIntervalMs);
    connect(&m_reportTimer, &QTimer::timeout, this, &SimulationController::report);
}

SimulationController::~SimulationController() {
    m_reportTimer.stop();
    m_worker.reset(); // stops and joins; its queued finish is dropped with this object
}

std::shared_ptr<SimulationRun> SimulationController::start(std::shared_ptr<const Model> model,
                                                           const SimulationSettings& settings,
                                                           const Eigen::VectorXd& q0,
                                                           const Eigen::VectorXd& qd0,
                                                           RunKind kind,
                                                           PrescribedDrive drive,
                                                           const QString& name) {
    if (!model) {
        throw std::invalid_argument("SimulationController::start: no model");
    }
    // end the active run first, synchronously, so that its finished() precedes started()
    if (m_worker) {
        m_worker->requestStop();
        m_worker->join();
        // a copy: complete() destroys the worker, and with it the summary it holds
        const SimulationSummary summary = m_worker->summary();
        complete(m_current, summary);
    }

    const int id = m_nextRunId++;
    auto run = std::make_shared<SimulationRun>(id, QString(), runColour(id), std::move(model),
                                               settings, q0, qd0, kind, std::move(drive));
    run->setDocument(m_document);
    const SimulationRun* previous = nullptr;
    for (const auto& earlier : m_history->runs()) {
        if (earlier->document() == m_document) {
            previous = earlier.get(); // the newest of this document
        }
    }
    run->setName(name.isEmpty() ? describeRun(*run, previous, m_documentLabel) : name);
    m_current = run;
    m_reportedSamples = 0;
    m_reportedTime = -1;
    m_wallBeforePause = 0;
    m_wallClock.start();
    m_history->add(run);

    // the worker's end is handed to the GUI thread; complete() ignores it if already done
    m_worker = std::make_unique<SimulationWorker>(run, [this, run](const SimulationSummary& s) {
        QMetaObject::invokeMethod(
            this, [this, run, s] { complete(run, s); }, Qt::QueuedConnection);
    });
    m_reportTimer.start();
    Q_EMIT started(id);
    return run;
}

void SimulationController::setDocument(int document, const QString& label) {
    m_document = document;
    m_documentLabel = label;
}

std::shared_ptr<SimulationRun> SimulationController::restart() {
    if (!m_current) {
        return nullptr;
    }
    const std::shared_ptr<SimulationRun> last = m_current;
    return start(last->model(), last->settings(), last->q0(), last->qd0(), last->kind(),
                 last->drive());
}

void SimulationController::pause() {
    if (!isRunning() || isPaused()) {
        return;
    }
    m_worker->setPaused(true);
    m_wallBeforePause += static_cast<double>(m_wallClock.nsecsElapsed()) * 1e-9;
    m_current->setState(RunState::Paused);
    m_history->notifyChanged(m_current->id());
    report();
    Q_EMIT pausedChanged(true);
}

void SimulationController::resume() {
    if (!isPaused()) {
        return;
    }
    m_wallClock.restart();
    m_current->setState(RunState::Running);
    m_worker->setPaused(false);
    m_history->notifyChanged(m_current->id());
    Q_EMIT pausedChanged(false);
}

void SimulationController::stop() {
    if (m_worker && isRunning()) {
        m_worker->requestStop();
    }
}

bool SimulationController::isRunning() const {
    return m_current && m_current->isActive();
}

bool SimulationController::isPaused() const {
    return m_current && m_current->state() == RunState::Paused;
}

bool SimulationController::isWorkerHalted() const {
    return m_worker && m_worker->isHalted();
}

double SimulationController::activeWallSeconds() const {
    const double running =
        isPaused() ? 0.0 : static_cast<double>(m_wallClock.nsecsElapsed()) * 1e-9;
    return m_wallBeforePause + running;
}

void SimulationController::report() {
    if (!m_current || !m_worker) {
        return;
    }
    const std::size_t samples = m_current->samples().size();
    if (samples != m_reportedSamples) {
        m_reportedSamples = samples;
        Q_EMIT samplesAvailable(
            static_cast<int>(std::min<std::size_t>(samples, std::numeric_limits<int>::max())));
        if (!m_reportCostProbePending) {
            m_reportCostProbePending = true;
            m_reportClock.start();
            QCoreApplication::postEvent(this, new QEvent(kReportDrawnEvent), kAfterRepaintPriority);
        }
    }
    const double t = m_worker->simulatedTime();
    if (t != m_reportedTime) {
        m_reportedTime = t;
        const double wall = activeWallSeconds();
        Q_EMIT progress(t, m_current->settings().tEnd, wall > 0 ? t / wall : 0.0);
    }
}

bool SimulationController::event(QEvent* event) {
    if (event->type() == kReportDrawnEvent) {
        onReportDrawn();
        return true;
    }
    return QObject::event(event);
}

void SimulationController::onReportDrawn() {
    m_reportCostProbePending = false;
    const double costMs = static_cast<double>(m_reportClock.nsecsElapsed()) * 1e-6;
    m_reportCostMs = m_reportCostMs > 0
                         ? (1 - kCostSmoothing) * m_reportCostMs + kCostSmoothing * costMs
                         : costMs;
    const int interval = std::clamp(static_cast<int>(std::lround(kIdleShare * m_reportCostMs)),
                                    kReportIntervalMs, kMaxReportIntervalMs);
    if (interval != m_reportTimer.interval()) {
        m_reportTimer.setInterval(interval);
    }
}

void SimulationController::complete(const std::shared_ptr<SimulationRun>& run,
                                    const SimulationSummary& summary) {
    if (!run || run->summary()) {
        return; // already completed (start() ended it synchronously)
    }
    const bool current = run == m_current;
    const bool wasPaused = run->state() == RunState::Paused;
    if (current) {
        report(); // the last samples and time before the end
        m_reportTimer.stop();
        m_worker->join();
        m_worker.reset();
    }
    run->setSummary(summary);
    run->setState(endState(summary));
    m_history->notifyChanged(run->id());
    if (wasPaused) {
        Q_EMIT pausedChanged(false);
    }
    Q_EMIT finished(summary);
}

} // namespace sslm::ui
