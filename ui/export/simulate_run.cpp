// SPDX-License-Identifier: MIT
#include "ui/export/simulate_run.hpp"

#include <exception>
#include <utility>
#include <vector>

#include "ui/style/palette.hpp"

namespace sslm::ui {

std::shared_ptr<SimulationRun> simulateRun(std::shared_ptr<const Model> model,
                                           const SimulationSettings& settings,
                                           const Eigen::VectorXd& q0,
                                           const Eigen::VectorXd& qd0,
                                           const QString& name) {
    if (!model) {
        return nullptr;
    }
    auto run = std::make_shared<SimulationRun>(1, name, subsystemColour(0), std::move(model),
                                               settings, q0, qd0);
    const SampleLayout& layout = run->layout();
    std::vector<double> row(static_cast<std::size_t>(layout.columnCount()));
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& sample) {
        layout.fillRow(sample, row.data());
        run->samples().append(row);
    };
    SimulationSummary summary;
    try {
        summary = simulate(*run->model(), settings, q0, qd0, callbacks);
    } catch (const std::exception& e) {
        summary.message = e.what();
    }
    run->setSummary(summary);
    run->setState(summary.ok ? RunState::Finished : RunState::Failed);
    return run;
}

} // namespace sslm::ui
