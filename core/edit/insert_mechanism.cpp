// SPDX-License-Identifier: MIT
#include "core/edit/insert_mechanism.hpp"

#include <map>
#include <set>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/util/diagnostic.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

/// The smallest k ≥ 1 such that prefix + k is not in `taken`; it is then taken.
std::string takeName(const std::string& prefix, std::set<std::string>& taken) {
    std::string name = text::numberedName(
        prefix, [&](const std::string& candidate) { return taken.count(candidate) != 0; });
    taken.insert(name);
    return name;
}

} // namespace

EditError insertMechanism(Drawing& drawing,
                          const MechanismSpec& part,
                          const Eigen::Vector2d& offset,
                          std::vector<std::string>* bodies) {
    if (!offset.allFinite()) {
        return "the place to insert at is not a number";
    }
    const CompileResult compiled = compileModel(part);
    if (!compiled.ok()) {
        return "the mechanism to insert does not compile: " +
               formatDiagnostics(compiled.diagnostics);
    }
    const InitialState assembled = assembleInitialState(*compiled.model);
    if (!assembled.report.converged) {
        return "the mechanism to insert does not assemble: " + assembled.report.message;
    }
    const Drawing placed = drawingAt(part, *compiled.model, assembled.q);

    Drawing edited = drawing;
    MechanismSpec& spec = edited.spec;
    std::set<std::string> pivotNames = text::nameSet(spec.ground.points, &BodyPoint::name);
    std::set<std::string> bodyIds = text::nameSet(spec.bodies, &BodySpec::id);
    bodyIds.insert(kGroundId);
    std::set<std::string> jointNames = jointAndCoordinateNames(spec);
    std::set<std::string> traceNames = text::nameSet(spec.tracedPoints, &TracedPointSpec::name);

    // ground pivots and bodies, renamed and moved
    std::map<std::string, std::string> pivotOf;
    for (const BodyPoint& p : part.ground.points) {
        pivotOf[p.name] = takeName("O", pivotNames);
        spec.ground.points.push_back({pivotOf[p.name], p.p_B + offset});
    }
    std::map<std::string, std::string> bodyOf{{kGroundId, kGroundId}};
    std::vector<std::string> inserted;
    for (const BodySpec& b : part.bodies) {
        BodySpec body = b;
        body.id = takeName(b.shape == BodyShape::Block ? "S" : "L", bodyIds);
        bodyOf[b.id] = body.id;
        inserted.push_back(body.id);
        BodyPose pose = placed.poses.at(b.id);
        pose.origin += offset;
        edited.poses[body.id] = pose;
        spec.bodies.push_back(std::move(body));
    }
    const auto end = [&](const JointEnd& e) {
        return e.body == kGroundId ? JointEnd{kGroundId, pivotOf.at(e.point)}
                                   : JointEnd{bodyOf.at(e.body), e.point};
    };

    // joints with fresh names and coordinates; actuators, traces and inputs follow them
    std::map<std::string, std::string> jointOf;
    std::map<std::string, std::string> coordinateOf;
    for (const JointSpec& j : part.joints) {
        JointSpec joint = j;
        joint.name = takeName("J", jointNames);
        const std::string pattern = editorCoordinateName(joint.name, j.type);
        joint.coordinate = jointNames.insert(pattern).second ? pattern : joint.name;
        joint.parent = end(j.parent);
        joint.child = end(j.child);
        jointOf[j.name] = joint.name;
        coordinateOf[j.coordinateName()] = joint.coordinateName();
        spec.joints.push_back(std::move(joint));
    }
    for (const ActuatorSpec& a : part.actuators) {
        ActuatorSpec actuator = a;
        actuator.joint = jointOf.at(a.joint);
        spec.actuators.push_back(std::move(actuator));
    }
    for (const TracedPointSpec& t : part.tracedPoints) {
        TracedPointSpec trace{t.name, end(t.at)};
        if (!traceNames.insert(trace.name).second) {
            trace.name = takeName(trace.at.body + "_" + trace.at.point + "_", traceNames);
        }
        spec.tracedPoints.push_back(std::move(trace));
    }
    for (const auto& [coordinate, value] : part.initial.independent) {
        spec.initial.independent.emplace_back(coordinateOf.at(coordinate), value);
    }
    for (const auto& [coordinate, rate] : part.initial.rates) {
        spec.initial.rates.emplace_back(coordinateOf.at(coordinate), rate);
    }
    spec.cuts.clear(); // the loops changed: the compiler chooses the cuts
    keepDrawnPose(edited);
    drawing = std::move(edited);
    if (bodies != nullptr) {
        *bodies = std::move(inserted);
    }
    return {};
}

} // namespace sslm
