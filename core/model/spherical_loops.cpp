// SPDX-License-Identifier: MIT
#include "core/model/spherical_loops.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "core/model/compile.hpp"
#include "core/spatial/line_meeting.hpp"
#include "core/spec/joint_kinds.hpp"
#include "core/topology/mechanism_graph.hpp"

namespace sslm {

namespace {

using Vec3 = Eigen::Vector3d;

/// Lines closer than this (m) meet; points closer than this coincide.
constexpr double kGeometryTolerance = 1e-9;

/// Where the lines p + t·u and r + s·v meet (u, v unit); empty when they are parallel or skew.
std::optional<Vec3> meet(const Vec3& p, const Vec3& u, const Vec3& r, const Vec3& v) {
    const auto at = spatial::lineMeeting(p, u, r, v, kGeometryTolerance);
    return at ? std::optional<Vec3>(p + at->first * u) : std::nullopt;
}

/// The point of `joint` on body `body` (its frame, m).
Vec3 pointOn(const MechanismSpec& spec, const JointSpec& joint, const std::string& body) {
    const JointEnd& end = joint.parent.body == body ? joint.parent : joint.child;
    const BodyPoint* point = findBodyPoint(spec, end);
    return point != nullptr ? point->position3() : Vec3::Zero();
}

} // namespace

bool isSphericalCycle(const MechanismSpec& spec, const std::vector<int>& cycle) {
    if (spec.space != MotionSpace::Spatial || cycle.size() < 3) {
        return false;
    }
    // each body's two joints of the cycle
    std::map<std::string, std::vector<int>> jointsOf;
    for (int j : cycle) {
        const JointSpec& joint = spec.joints[j];
        if (joint.type != JointType::Revolute || joint.parent.body == joint.child.body) {
            return false;
        }
        jointsOf[joint.parent.body].push_back(j);
        jointsOf[joint.child.body].push_back(j);
    }
    // O in each body's frame: where its two axes meet (an axis has the same components in both
    // of its bodies' frames)
    std::map<std::string, Vec3> centreIn;
    for (const auto& [body, joints] : jointsOf) {
        if (joints.size() != 2) {
            return false;
        }
        const JointSpec& a = spec.joints[joints[0]];
        const JointSpec& b = spec.joints[joints[1]];
        const std::optional<Vec3> centre = meet(pointOn(spec, a, body), a.axis.normalized(),
                                                pointOn(spec, b, body), b.axis.normalized());
        if (!centre) {
            return false;
        }
        centreIn[body] = *centre;
    }
    // one point for all: each joint carries its parent's O onto its child's (a turn about an
    // axis through O keeps O where it is)
    return std::ranges::all_of(cycle, [&](int j) {
        const JointSpec& joint = spec.joints[j];
        const Vec3 fromParent =
            centreIn[joint.parent.body] - pointOn(spec, joint, joint.parent.body);
        const Vec3 fromChild = centreIn[joint.child.body] - pointOn(spec, joint, joint.child.body);
        return (fromParent - fromChild).norm() <= kGeometryTolerance;
    });
}

std::vector<std::vector<int>> sphericalLoops(const MechanismSpec& spec) {
    std::vector<std::vector<int>> loops;
    if (spec.space != MotionSpace::Spatial || spec.joints.empty()) {
        return loops;
    }
    // (a spec not yet validated may name bodies that do not exist: no graph, no loops)
    for (const JointSpec& joint : spec.joints) {
        if (pointsOf(spec, joint.parent.body) == nullptr ||
            pointsOf(spec, joint.child.body) == nullptr) {
            return loops;
        }
    }
    const MechanismGraph graph = mechanismGraph(spec);
    // a breadth-first tree over all joints; each other joint closes one fundamental cycle
    const std::vector<int> parentEdge =
        treeParentEdges(graph, std::vector<bool>(graph.edgeCount(), false));
    std::vector<bool> closing(graph.edgeCount(), true);
    for (int e : parentEdge) {
        if (e >= 0) {
            closing[e] = false;
        }
    }
    for (int e = 0; e < graph.edgeCount(); ++e) {
        if (!closing[e] || spec.joints[e].type != JointType::Revolute) {
            continue; // (a spherical loop has revolutes only: no path to search)
        }
        std::vector<int> cycle = treePath(graph, closing, graph.edges[e].a, graph.edges[e].b);
        if (cycle.empty()) {
            continue; // a joint joining a body to itself, or an unreachable part
        }
        cycle.push_back(e);
        if (isSphericalCycle(spec, cycle)) {
            loops.push_back(std::move(cycle));
        }
    }
    return loops;
}

int sphericalLoopCount(const MechanismSpec& spec) {
    return static_cast<int>(sphericalLoops(spec).size());
}

std::vector<int> rowsAsCut(const MechanismSpec& spec) {
    std::vector<int> rows;
    for (const JointSpec& joint : spec.joints) {
        rows.push_back(constraintRowCount(joint.type, spec.space));
    }
    for (const std::vector<int>& loop : sphericalLoops(spec)) {
        for (int j : loop) {
            rows[j] = 2;
        }
    }
    return rows;
}

int mobilityCount(const MechanismSpec& spec) {
    return grublerMobility(spec) + 3 * sphericalLoopCount(spec);
}

} // namespace sslm
