// SPDX-License-Identifier: MIT
#include "ui/sim/simulation_run.hpp"

#include <stdexcept>
#include <utility>

#include "core/kinematics/configuration.hpp"
#include "core/model/compile.hpp"

namespace sslm::ui {

QString runStateText(RunState state) {
    switch (state) {
    case RunState::Running:
        return QStringLiteral("running");
    case RunState::Paused:
        return QStringLiteral("paused");
    case RunState::Finished:
        return QStringLiteral("finished");
    case RunState::Cancelled:
        return QStringLiteral("cancelled");
    case RunState::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

namespace {

const Model& checked(const std::shared_ptr<const Model>& model) {
    if (!model) {
        throw std::invalid_argument("SimulationRun: no model");
    }
    return *model;
}

/// The columns of a run: a forced run's come from forcedSpec's model, whose actuators (one per
/// driven joint added where the file has none) do not depend on the history's values.
SampleLayout layoutFor(const Model& model, RunKind kind, const PrescribedDrive& drive) {
    const std::vector<int> driven = drive.drivenCoordinates();
    switch (kind) {
    case RunKind::Forward:
        break;
    case RunKind::Inverse:
        return SampleLayout::forInverse(model, driven);
    case RunKind::Forced: {
        DriveHistory placeholder;
        placeholder.t = {0.0, 1.0};
        placeholder.driven = driven;
        placeholder.q = neutralPositions(model).replicate(1, 2); // nq rows
        placeholder.qd = Eigen::MatrixXd::Zero(model.nv(), 2);
        placeholder.tau = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(driven.size()), 2);
        if (driveHistoryError(model, placeholder).empty()) {
            const CompileResult forced = compileModel(forcedSpec(model, placeholder, drive.gains));
            if (forced.ok()) {
                return SampleLayout::forForced(*forced.model);
            }
        }
        return SampleLayout::forForced(model); // the run will fail with the reason
    }
    }
    return SampleLayout(model);
}

} // namespace

SimulationRun::SimulationRun(int id,
                             QString name,
                             QColor colour,
                             std::shared_ptr<const Model> model,
                             const SimulationSettings& settings,
                             Eigen::VectorXd q0,
                             Eigen::VectorXd qd0,
                             RunKind kind,
                             PrescribedDrive drive)
    : m_id(id), m_name(std::move(name)), m_colour(std::move(colour)), m_model(std::move(model)),
      m_settings(settings), m_kind(kind), m_drive(std::move(drive)), m_q0(std::move(q0)),
      m_qd0(std::move(qd0)), m_layout(layoutFor(checked(m_model), m_kind, m_drive)),
      m_samples(m_layout.columnCount()) {
    for (int cut : m_model->cuts) {
        m_cuts.append(QString::fromStdString(m_model->joints[cut].name));
    }
}

} // namespace sslm::ui
