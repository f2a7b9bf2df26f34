// SPDX-License-Identifier: MIT
#include "ui/sim/sample_state.hpp"

#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/model/workspace.hpp"
#include "core/model/wrench_columns.hpp"

namespace sslm::ui {

Eigen::VectorXd poseAt(const SimulationRun& run, std::size_t row) {
    const Model& model = *run.model();
    Eigen::VectorXd q(model.nq());
    if (q.size() == 0) {
        return q;
    }
    const int first = run.layout().indexOf(QStringLiteral("q.") +
                                           QString::fromStdString(positionNames(model).front()));
    for (int i = 0; i < q.size(); ++i) {
        q[i] = run.samples().value(row, first + i);
    }
    return q;
}

std::vector<CutReaction> reactionsAt(const SimulationRun& run, std::size_t row) {
    const Model& model = *run.model();
    const SampleLayout& layout = run.layout();
    // every joint of an inverse run, or a forward run's cut joints
    const bool inverse = layout.isInverse();
    std::vector<int> joints;
    if (inverse) {
        for (std::size_t j = 0; j < model.joints.size(); ++j) {
            joints.push_back(static_cast<int>(j));
        }
    } else {
        joints = model.cuts;
    }
    std::vector<CutReaction> reactions(joints.size());
    if (reactions.empty()) {
        return reactions;
    }
    Workspace ws(model);
    updatePositions(model, ws, poseAt(run, row));
    for (std::size_t i = 0; i < joints.size(); ++i) {
        CutReaction& r = reactions[i];
        for (const WrenchColumn& column :
             reactionColumns(model, joints[i], /*forwardRunCut=*/!inverse)) {
            const int index = layout.indexOf(QString::fromStdString(column.name));
            if (index < 0) {
                continue; // an entry the run has no column for stays 0
            }
            double& entry = column.entry < 3 ? r.force[column.entry] : r.moment[column.entry - 3];
            entry = run.samples().value(row, index);
        }
        r.point = reactionPoint(model, ws, joints[i]);
    }
    return reactions;
}

} // namespace sslm::ui
