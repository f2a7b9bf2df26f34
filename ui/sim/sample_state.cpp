// SPDX-License-Identifier: MIT
#include "ui/sim/sample_state.hpp"

#include "core/kinematics/forward_kinematics.hpp"
#include "core/model/workspace.hpp"

namespace sslm::ui {

Eigen::VectorXd poseAt(const SimulationRun& run, std::size_t row) {
    const Model& model = *run.model();
    Eigen::VectorXd q(model.nq());
    const int first = run.layout().indexOf(QStringLiteral("q.") +
                                           QString::fromStdString(model.coordinates.front().name));
    for (int k = 0; k < model.nq(); ++k) {
        q[k] = run.samples().value(row, first + k);
    }
    return q;
}

std::vector<CutReaction> reactionsAt(const SimulationRun& run, std::size_t row) {
    const Model& model = *run.model();
    std::vector<CutReaction> reactions(model.nLoops());
    if (reactions.empty()) {
        return reactions;
    }
    Workspace ws(model);
    updatePositions(model, ws, poseAt(run, row));
    // the points from the pose; the stored columns are already the reactions (force, moment)
    cutReactions(model, ws, Eigen::VectorXd::Zero(2 * model.nLoops()), reactions);
    const SampleLayout& layout = run.layout();
    for (int i = 0; i < model.nLoops(); ++i) {
        const QString prefix = QStringLiteral("lambda.%1.")
                                   .arg(QString::fromStdString(model.joints[model.cuts[i]].name));
        reactions[i].force = {run.samples().value(row, layout.indexOf(prefix + "x")),
                              run.samples().value(row, layout.indexOf(prefix + "y"))};
        const int moment = layout.indexOf(prefix + "moment");
        reactions[i].moment = moment >= 0 ? run.samples().value(row, moment) : 0.0;
    }
    return reactions;
}

} // namespace sslm::ui
