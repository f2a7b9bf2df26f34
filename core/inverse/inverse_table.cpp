// SPDX-License-Identifier: MIT
#include "core/inverse/inverse_table.hpp"

#include <nlohmann/json.hpp>

#include "core/inverse/inverse_dynamics.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/motion/prescribed_motion.hpp"

namespace sslm {

namespace {

/// Force and moment components of a spatial reaction column.
constexpr const char* kWrenchComponents[] = {".fx", ".fy", ".fz", ".mx", ".my", ".mz"};

} // namespace

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
    if (model.isSpatial()) {
        // every joint's constraint reaction, B on A (W; moment about A's joint point): the cut
        // multipliers' basis is the cut type's rows, so the wrench is what is reported
        for (const Joint& joint : model.joints) {
            for (const char* component : kWrenchComponents) {
                columns.push_back("reaction." + joint.name + component);
            }
        }
        for (const char* name : {"shaking.force.x", "shaking.force.y", "shaking.force.z",
                                 "shaking.moment.x", "shaking.moment.y", "shaking.moment.z"}) {
            columns.emplace_back(name);
        }
        return columns;
    }
    for (int cut : model.cuts) {
        const Joint& joint = model.joints[cut];
        const bool prismatic = joint.type == JointType::Prismatic;
        columns.push_back("lambda." + joint.name + (prismatic ? ".normal" : ".x"));
        columns.push_back("lambda." + joint.name + (prismatic ? ".moment" : ".y"));
    }
    for (const Joint& joint : model.joints) {
        columns.push_back("reaction." + joint.name + ".x");
        columns.push_back("reaction." + joint.name + ".y");
        if (joint.type == JointType::Prismatic) {
            columns.push_back("reaction." + joint.name + ".moment");
        }
    }
    for (const char* name : {"shaking.force.x", "shaking.force.y", "shaking.moment"}) {
        columns.emplace_back(name);
    }
    return columns;
}

void inverseValues(const Model& model, const InverseSample& sample, std::vector<double>& values) {
    values.clear();
    values.push_back(sample.t);
    for (const double x : sample.q) {
        values.push_back(x);
    }
    for (const double x : sample.qd) {
        values.push_back(x);
    }
    for (const double x : sample.tau) {
        values.push_back(x);
    }
    if (model.isSpatial()) {
        for (const JointReaction& r : sample.reactions) {
            for (int k = 0; k < 3; ++k) {
                values.push_back(r.force[k]);
            }
            for (int k = 0; k < 3; ++k) {
                values.push_back(r.moment[k]);
            }
        }
        for (const Eigen::Vector3d* v : {&sample.shaking.force, &sample.shaking.moment}) {
            for (int k = 0; k < 3; ++k) {
                values.push_back((*v)[k]);
            }
        }
        return;
    }
    for (const double x : sample.lambda) {
        values.push_back(x);
    }
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const JointReaction& r = sample.reactions[j];
        values.push_back(r.force.x());
        values.push_back(r.force.y());
        if (model.joints[j].type == JointType::Prismatic) {
            values.push_back(r.moment.z());
        }
    }
    values.push_back(sample.shaking.force.x());
    values.push_back(sample.shaking.force.y());
    values.push_back(sample.shaking.moment.z());
}

std::string inverseSummaryJson(const Model& model,
                               const std::vector<DrivenMotion>& motions,
                               const InverseRunSettings& settings,
                               const InverseRunSummary& summary,
                               int indent) {
    using Json = nlohmann::ordered_json;
    Json cuts = Json::array();
    for (int cut : model.cuts) {
        cuts.push_back(model.joints[cut].name);
    }
    Json driven = Json::array();
    for (const DrivenMotion& motion : motions) {
        driven.push_back({{"coordinate", model.coordinates[motion.coordinate].name},
                          {"law", describeMotionLaw(motion.law)}});
    }
    const Json json = {{"model", model.name},
                       {"method", inverseMethodName(settings.method)},
                       {"cuts", cuts},
                       {"driven", driven},
                       {"t_end", settings.tEnd},
                       {"sample", settings.sampleInterval},
                       {"end_time", summary.endTime},
                       {"samples", summary.samples},
                       {"assemblies", summary.assemblies},
                       {"wall_seconds", summary.wallSeconds},
                       {"plan", summary.plan},
                       {"max_position_violation", summary.maxPositionViolation},
                       {"min_conditioning", summary.minConditioning},
                       {"min_conditioning_time", summary.minConditioningTime},
                       {"shaking_force_rms", summary.shaking.force().rms},
                       {"shaking_force_peak", summary.shaking.force().peak},
                       {"shaking_moment_rms", summary.shaking.moment().rms},
                       {"shaking_moment_peak", summary.shaking.moment().peak},
                       {"ok", summary.ok},
                       {"message", summary.message}};
    return json.dump(indent);
}

} // namespace sslm
