// SPDX-License-Identifier: MIT
#include "core/inverse/inverse_table.hpp"

#include <nlohmann/json.hpp>

#include "core/dynamics/run_outcome_json.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/model/wrench_columns.hpp"
#include "core/motion/prescribed_motion.hpp"

namespace sslm {

std::vector<std::string> inverseColumns(const Model& model,
                                        const std::vector<DrivenMotion>& motions) {
    std::vector<std::string> columns{"t"};
    for (const std::string& name : positionNames(model)) {
        columns.push_back("q." + name);
    }
    for (const Coordinate& c : model.coordinates) {
        columns.push_back("qd." + c.name);
    }
    for (const DrivenMotion& motion : motions) {
        columns.push_back("tau." + model.coordinates[motion.coordinate].name);
    }
    for (std::string& column : multiplierColumns(model)) {
        columns.push_back(std::move(column));
    }
    // every joint's constraint reaction, B on A (W; moment about A's joint point)
    for (int j = 0; j < static_cast<int>(model.joints.size()); ++j) {
        for (WrenchColumn& column : reactionColumns(model, j, /*forwardRunCut=*/false)) {
            columns.push_back(std::move(column.name));
        }
    }
    for (WrenchColumn& column : shakingColumns(model)) {
        columns.push_back(std::move(column.name));
    }
    return columns;
}

void inverseValues(const Model& model, const InverseSample& sample, std::vector<double>& values) {
    values.clear();
    values.push_back(sample.t);
    for (const Eigen::VectorXd* v : {&sample.q, &sample.qd, &sample.tau}) {
        values.insert(values.end(), v->begin(), v->end());
    }
    const auto multipliers = static_cast<Eigen::Index>(multiplierColumnCount(model));
    values.insert(values.end(), sample.lambda.begin(), sample.lambda.begin() + multipliers);
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const JointReaction& r = sample.reactions[j];
        appendWrenchValues(reactionEntries(model, static_cast<int>(j)), r.force, r.moment, values);
    }
    appendWrenchValues(shakingEntries(model), sample.shaking.force, sample.shaking.moment, values);
}

std::string inverseSummaryJson(const Model& model,
                               const std::vector<DrivenMotion>& motions,
                               const InverseRunSettings& settings,
                               const InverseRunSummary& summary,
                               int indent) {
    using Json = nlohmann::ordered_json;
    Json driven = Json::array();
    for (const DrivenMotion& motion : motions) {
        driven.push_back({{"coordinate", model.coordinates[motion.coordinate].name},
                          {"law", describeMotionLaw(motion.law)}});
    }
    Json json = {{"model", model.name},
                 {"method", inverseMethodName(settings.method)},
                 {"cuts", cutNames(model)},
                 {"driven", driven},
                 {"t_end", settings.tEnd},
                 {"sample", settings.sampleInterval},
                 {"end_time", summary.endTime},
                 {"samples", summary.samples},
                 {"assemblies", summary.assemblies},
                 {"wall_seconds", summary.wallSeconds},
                 {"plan", summary.plan},
                 {"max_position_violation", summary.maxPositionViolation}};
    appendRunOutcome(json, summary);
    return json.dump(indent);
}

} // namespace sslm
