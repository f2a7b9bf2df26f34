// SPDX-License-Identifier: MIT
#pragma once

// One simulation run as the UI keeps it: what was simulated (kind, model, cut set, settings,
// initial state, the prescribed motion of an inverse or forced run), how it is shown (id, name,
// colour) and what came out (a SampleStore filled while the run goes, and the core's summary once
// it ends). Shared between the controller, the run history and the plots as std::shared_ptr; the
// state and summary are written on the GUI thread only, the store by the worker.

#include <memory>
#include <optional>
#include <vector>

#include <QColor>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/sim/simulation.hpp"
#include "ui/sim/run_kind.hpp"
#include "ui/sim/sample_layout.hpp"
#include "ui/sim/sample_store.hpp"

namespace sslm::ui {

enum class RunState { Running, Paused, Finished, Cancelled, Failed };

QString runStateText(RunState state);

class SimulationRun {
public:
    SimulationRun(int id,
                  QString name,
                  QColor colour,
                  std::shared_ptr<const Model> model,
                  const SimulationSettings& settings,
                  Eigen::VectorXd q0,
                  Eigen::VectorXd qd0,
                  RunKind kind = RunKind::Forward,
                  PrescribedDrive drive = {});

    int id() const { return m_id; }
    const QString& name() const { return m_name; }
    void setName(const QString& name) { m_name = name; }
    const QColor& colour() const { return m_colour; }
    /// The document the run was started from (SimulationController::setDocument), 0 if none:
    /// the plots show the runs of the document being worked on.
    int document() const { return m_document; }
    void setDocument(int document) { m_document = document; }

    RunKind kind() const { return m_kind; }
    /// The prescribed motion of an inverse or forced run (empty for a forward run).
    const PrescribedDrive& drive() const { return m_drive; }
    /// The mechanism (a forced run drives it through forcedSpec's actuators, which its layout
    /// has; the geometry and coordinates are this model's).
    const std::shared_ptr<const Model>& model() const { return m_model; }
    const SimulationSettings& settings() const { return m_settings; }
    /// Names of the cut joints, loop order.
    const QStringList& cuts() const { return m_cuts; }
    const Eigen::VectorXd& q0() const { return m_q0; }   ///< rad or m (nv)
    const Eigen::VectorXd& qd0() const { return m_qd0; } ///< rad/s or m/s (nv)

    const SampleLayout& layout() const { return m_layout; }
    SampleStore& samples() { return m_samples; }
    const SampleStore& samples() const { return m_samples; }

    RunState state() const { return m_state; }
    void setState(RunState state) { m_state = state; }
    bool isActive() const { return m_state == RunState::Running || m_state == RunState::Paused; }
    /// The core's summary, once the run has ended.
    const std::optional<SimulationSummary>& summary() const { return m_summary; }
    void setSummary(const SimulationSummary& summary) { m_summary = summary; }

private:
    int m_id;
    QString m_name;
    QColor m_colour;
    int m_document = 0;
    std::shared_ptr<const Model> m_model;
    SimulationSettings m_settings;
    RunKind m_kind;
    PrescribedDrive m_drive;
    QStringList m_cuts;
    Eigen::VectorXd m_q0;
    Eigen::VectorXd m_qd0;
    SampleLayout m_layout;
    SampleStore m_samples;
    RunState m_state = RunState::Running;
    std::optional<SimulationSummary> m_summary;
};

} // namespace sslm::ui

Q_DECLARE_METATYPE(sslm::SimulationSummary)
