// SPDX-License-Identifier: MIT
#include "core/sim/sample_csv.hpp"

#include <charconv>

#include "core/kinematics/configuration.hpp"

namespace sslm {

void appendCsvNumber(std::string& line, double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    line.append(buffer, result.ptr);
}

std::vector<std::string> sampleCsvColumns(const Model& model) {
    std::vector<std::string> columns{"t"};
    for (const std::string& name : positionNames(model)) {
        columns.push_back("q." + name);
    }
    for (const char* prefix : {"qd.", "qdd."}) {
        for (const Coordinate& c : model.coordinates) {
            columns.push_back(prefix + c.name);
        }
    }
    for (int cut : model.cuts) {
        const Joint& joint = model.joints[cut];
        if (model.isSpatial()) {
            // force and moment (about side A's joint point) that side B exerts on side A, W
            for (const char* component : {".fx", ".fy", ".fz", ".mx", ".my", ".mz"}) {
                columns.push_back("reaction." + joint.name + component);
            }
            continue;
        }
        columns.push_back("lambda." + joint.name + ".x");
        columns.push_back("lambda." + joint.name + ".y");
        if (joint.type == JointType::Prismatic) {
            columns.push_back("lambda." + joint.name + ".moment");
        }
    }
    for (const Actuator& actuator : model.actuators) {
        columns.push_back("tau." + model.joints[actuator.joint].coordinateName);
    }
    for (const char* name :
         {"energy.kinetic", "energy.potential", "energy.total", "work.actuators", "work.dampers",
          "violation.position", "violation.velocity", "cpu.lambda_ns", "cpu.rhs_ns"}) {
        columns.emplace_back(name);
    }
    for (const TracedPoint& p : model.tracedPoints) {
        columns.push_back("point." + p.name + ".x");
        columns.push_back("point." + p.name + ".y");
        if (model.isSpatial()) {
            columns.push_back("point." + p.name + ".z");
        }
    }
    // the shaking force and moment about the ground origin, as `sslm inverse` names them
    if (model.isSpatial()) {
        for (const char* name : {"shaking.force.x", "shaking.force.y", "shaking.force.z",
                                 "shaking.moment.x", "shaking.moment.y", "shaking.moment.z"}) {
            columns.emplace_back(name);
        }
    } else {
        for (const char* name : {"shaking.force.x", "shaking.force.y", "shaking.moment"}) {
            columns.emplace_back(name);
        }
    }
    return columns;
}

std::string sampleCsvHeader(const Model& model) {
    std::string header;
    for (const std::string& column : sampleCsvColumns(model)) {
        header += (header.empty() ? "" : ",") + column;
    }
    return header;
}

void sampleValues(const Model& model, const Sample& sample, std::vector<double>& values) {
    values.clear();
    values.push_back(sample.t);
    for (const Eigen::VectorXd* v : {&sample.q, &sample.qd, &sample.qdd}) {
        values.insert(values.end(), v->begin(), v->end());
    }
    // a force's or point's entries: x, y, z in space, x, y in the plane; a moment's: x, y, z
    // in space, z in the plane (a planar revolute cut's is always 0 and not written)
    const bool spatial = model.isSpatial();
    const int axes = spatial ? 3 : 2;
    const int firstMoment = spatial ? 0 : 2;
    for (int i = 0; i < model.nLoops(); ++i) {
        const CutReaction& r = sample.reactions[static_cast<std::size_t>(i)];
        values.insert(values.end(), r.force.data(), r.force.data() + axes);
        if (spatial || model.joints[model.cuts[i]].type == JointType::Prismatic) {
            values.insert(values.end(), r.moment.data() + firstMoment, r.moment.data() + 3);
        }
    }
    values.insert(values.end(), sample.actuatorForces.begin(), sample.actuatorForces.end());
    for (double x : {sample.kineticEnergy, sample.potentialEnergy, sample.totalEnergy,
                     sample.actuatorWork, sample.damperWork, sample.positionViolation,
                     sample.velocityViolation, sample.cpuLambdaNs, sample.cpuRhsNs}) {
        values.push_back(x);
    }
    for (const Eigen::Vector3d& p : sample.points) {
        values.insert(values.end(), p.data(), p.data() + axes);
    }
    const ShakingWrench& shaking = sample.shaking;
    values.insert(values.end(), shaking.force.data(), shaking.force.data() + axes);
    values.insert(values.end(), shaking.moment.data() + firstMoment, shaking.moment.data() + 3);
}

void sampleCsvRow(const Model& model, const Sample& sample, std::string& line) {
    thread_local std::vector<double> values;
    sampleValues(model, sample, values);
    line.clear();
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) {
            line += ',';
        }
        appendCsvNumber(line, values[i]);
    }
}

} // namespace sslm
