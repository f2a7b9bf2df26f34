// SPDX-License-Identifier: MIT
#include "core/sim/sample_csv.hpp"

#include <algorithm>
#include <charconv>

#include "core/kinematics/configuration.hpp"
#include "core/model/wrench_columns.hpp"
#include "core/util/text.hpp"

namespace sslm {

void appendCsvNumber(std::string& line, double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    line.append(buffer, result.ptr);
}

namespace {

bool hasFriction(const Model& model) {
    return std::ranges::any_of(model.joints, [](const Joint& j) { return j.friction.has_value(); });
}

} // namespace

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
        for (WrenchColumn& column : reactionColumns(model, cut, /*forwardRunCut=*/true)) {
            columns.push_back(std::move(column.name));
        }
    }
    for (const Actuator& actuator : model.actuators) {
        columns.push_back("tau." + model.joints[actuator.joint].coordinateName);
    }
    columns.insert(columns.end(), {"energy.kinetic", "energy.potential", "energy.total",
                                   "work.actuators", "work.dampers", "violation.position",
                                   "violation.velocity", "cpu.lambda_ns", "cpu.rhs_ns"});
    const char* const axes[] = {".x", ".y", ".z"};
    for (const TracedPoint& p : model.tracedPoints) {
        for (int k = 0; k < model.dimension(); ++k) {
            columns.push_back("point." + p.name + axes[k]);
        }
    }
    // the shaking force and moment about the ground origin, as `sslm inverse` names them
    for (WrenchColumn& column : shakingColumns(model)) {
        columns.push_back(std::move(column.name));
    }
    // the modelling elements' columns, only where the model has them
    if (!model.loads.empty() || !model.twoPointElements.empty()) {
        columns.emplace_back("work.loads");
    }
    if (hasFriction(model)) {
        columns.emplace_back("work.friction");
    }
    if (!model.limitedJoints.empty()) {
        columns.emplace_back("work.stops");
    }
    for (int j : model.limitedJoints) {
        columns.push_back("contact." + model.joints[j].name);
    }
    for (const TwoPointElement& e : model.twoPointElements) {
        for (const char* quantity : {".length", ".rate", ".force"}) {
            columns.push_back("element." + e.spec.name + quantity);
        }
    }
    return columns;
}

std::string sampleCsvHeader(const Model& model) {
    return text::joinNames(sampleCsvColumns(model), ",");
}

void sampleValues(const Model& model, const Sample& sample, std::vector<double>& values) {
    values.clear();
    values.push_back(sample.t);
    for (const Eigen::VectorXd* v : {&sample.q, &sample.qd, &sample.qdd}) {
        values.insert(values.end(), v->begin(), v->end());
    }
    for (int i = 0; i < model.nLoops(); ++i) {
        const CutReaction& r = sample.reactions[static_cast<std::size_t>(i)];
        appendWrenchValues(reactionEntries(model, model.cuts[i]), r.force, r.moment, values);
    }
    values.insert(values.end(), sample.actuatorForces.begin(), sample.actuatorForces.end());
    values.insert(values.end(), {sample.kineticEnergy, sample.potentialEnergy, sample.totalEnergy,
                                 sample.actuatorWork, sample.damperWork, sample.positionViolation,
                                 sample.velocityViolation, sample.cpuLambdaNs, sample.cpuRhsNs});
    for (const Eigen::Vector3d& p : sample.points) {
        values.insert(values.end(), p.data(), p.data() + model.dimension());
    }
    appendWrenchValues(shakingEntries(model), sample.shaking.force, sample.shaking.moment, values);
    if (!model.loads.empty() || !model.twoPointElements.empty()) {
        values.push_back(sample.loadWork);
    }
    if (hasFriction(model)) {
        values.push_back(sample.frictionWork);
    }
    if (!model.limitedJoints.empty()) {
        values.push_back(sample.stopWork);
    }
    values.insert(values.end(), sample.stopForces.begin(), sample.stopForces.end());
    for (const TwoPointState& e : sample.elements) {
        values.insert(values.end(), {e.length, e.rate, e.force});
    }
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
