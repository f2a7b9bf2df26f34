// SPDX-License-Identifier: MIT
#include "ui/sim/sample_state.hpp"

#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/model/workspace.hpp"

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

namespace {

/// Every joint's reaction from an inverse run's reaction.<joint>.* columns.
std::vector<CutReaction> jointReactionsAt(const SimulationRun& run, std::size_t row) {
    const Model& model = *run.model();
    Workspace ws(model);
    updatePositions(model, ws, poseAt(run, row));
    const SampleLayout& layout = run.layout();
    std::vector<CutReaction> reactions(model.joints.size());
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const Joint& joint = model.joints[j];
        const QString prefix =
            QStringLiteral("reaction.%1.").arg(QString::fromStdString(joint.name));
        reactions[j].force = {run.samples().value(row, layout.indexOf(prefix + "x")),
                              run.samples().value(row, layout.indexOf(prefix + "y")), 0.0};
        const int moment = layout.indexOf(prefix + "moment");
        reactions[j].moment.z() = moment >= 0 ? run.samples().value(row, moment) : 0.0;
        reactions[j].point = jointPoint(model, ws, static_cast<int>(j));
    }
    return reactions;
}

} // namespace

std::vector<CutReaction> wrenchesAt(const SimulationRun& run, std::size_t row) {
    const Model& model = *run.model();
    if (!model.isSpatial()) {
        return {};
    }
    // a forward run's cut joints, or every joint of an inverse run
    std::vector<int> joints;
    if (run.layout().isInverse()) {
        for (std::size_t j = 0; j < model.joints.size(); ++j) {
            joints.push_back(static_cast<int>(j));
        }
    } else {
        joints = model.cuts;
    }
    Workspace ws(model);
    updatePositions(model, ws, poseAt(run, row));
    const SampleLayout& layout = run.layout();
    std::vector<CutReaction> wrenches(joints.size());
    for (std::size_t i = 0; i < joints.size(); ++i) {
        const Joint& joint = model.joints[static_cast<std::size_t>(joints[i])];
        const QString prefix =
            QStringLiteral("reaction.%1.").arg(QString::fromStdString(joint.name));
        const auto value = [&](const char* component) {
            return run.samples().value(row, layout.indexOf(prefix + QLatin1String(component)));
        };
        wrenches[i].force = {value("fx"), value("fy"), value("fz")};
        wrenches[i].moment = {value("mx"), value("my"), value("mz")};
        wrenches[i].point = pointPosition(ws, joint.bodyA, joint.p_A);
    }
    return wrenches;
}

std::vector<CutReaction> reactionsAt(const SimulationRun& run, std::size_t row) {
    if (run.model()->isSpatial()) {
        return {};
    }
    if (run.layout().isInverse()) {
        return jointReactionsAt(run, row);
    }
    const Model& model = *run.model();
    std::vector<CutReaction> reactions(model.nLoops());
    if (reactions.empty()) {
        return reactions;
    }
    Workspace ws(model);
    updatePositions(model, ws, poseAt(run, row));
    // the points from the pose; the stored columns are already the reactions (force, moment)
    cutReactions(model, ws, Eigen::VectorXd::Zero(model.nConstraints()), reactions);
    const SampleLayout& layout = run.layout();
    for (int i = 0; i < model.nLoops(); ++i) {
        const QString prefix = QStringLiteral("lambda.%1.")
                                   .arg(QString::fromStdString(model.joints[model.cuts[i]].name));
        reactions[i].force = {run.samples().value(row, layout.indexOf(prefix + "x")),
                              run.samples().value(row, layout.indexOf(prefix + "y")), 0.0};
        const int moment = layout.indexOf(prefix + "moment");
        reactions[i].moment.z() = moment >= 0 ? run.samples().value(row, moment) : 0.0;
    }
    return reactions;
}

} // namespace sslm::ui
