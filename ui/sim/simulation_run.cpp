// SPDX-License-Identifier: MIT
#include "ui/sim/simulation_run.hpp"

#include <stdexcept>
#include <utility>

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

} // namespace

SimulationRun::SimulationRun(int id,
                             QString name,
                             QColor colour,
                             std::shared_ptr<const Model> model,
                             const SimulationSettings& settings,
                             Eigen::VectorXd q0,
                             Eigen::VectorXd qd0)
    : m_id(id), m_name(std::move(name)), m_colour(std::move(colour)), m_model(std::move(model)),
      m_settings(settings), m_q0(std::move(q0)), m_qd0(std::move(qd0)), m_layout(checked(m_model)),
      m_samples(m_layout.columnCount()) {
    for (int cut : m_model->cuts) {
        m_cuts.append(QString::fromStdString(m_model->joints[cut].name));
    }
}

} // namespace sslm::ui
