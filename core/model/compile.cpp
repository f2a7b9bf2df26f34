// SPDX-License-Identifier: MIT
// Over 600 lines: Spec to Model in one pass: bodies, joints, the spanning tree, cuts, loops and
// subsystems depend on each other in this order.
#include "core/model/compile.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <ranges>

#include "core/model/spherical_loops.hpp"
#include "core/spec/counterweights.hpp"
#include "core/spec/joint_kinds.hpp"
#include "core/spec/spec_text.hpp"
#include "core/spec/spec_validate.hpp"
#include "core/topology/mechanism_graph.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

using text::joinNames;

Diagnostic error(std::string where, std::string message, std::string hint = {}) {
    return {Diagnostic::Severity::Error, std::move(where), std::move(message), std::move(hint)};
}

Diagnostic warning(std::string where, std::string message, std::string hint = {}) {
    return {Diagnostic::Severity::Warning, std::move(where), std::move(message), std::move(hint)};
}

/// Node n of the graph is spec body n − 1; node 0 is the ground.
std::string nodeName(const MechanismSpec& spec, int node) {
    return node == 0 ? std::string(kGroundId) : spec.bodies[node - 1].id;
}

const BodyPoint& bodyPointOf(const MechanismSpec& spec, const JointEnd& end) {
    return *findBodyPoint(spec, end);
}

/// Checks the graph before any cut is chosen: connection to the ground and mobility.
void checkConnectivityAndMobility(const MechanismSpec& spec,
                                  const MechanismGraph& graph,
                                  Diagnostics& diagnostics) {
    for (int node : nodesUnreachableFromGround(graph)) {
        diagnostics.push_back(disconnectedBodyError(spec, graph, node));
    }
    const int bodies = static_cast<int>(spec.bodies.size());
    const int joints = static_cast<int>(spec.joints.size());
    const int spherical = sphericalLoopCount(spec);
    const int mobility = grublerMobility(spec) + 3 * spherical;
    if (mobility <= 0 && bodies > 0) {
        std::string count;
        if (spec.space == MotionSpace::Planar) {
            count = "Grübler: 3×" + std::to_string(bodies) + " bodies − 2×" +
                    std::to_string(joints) + " joints = " + std::to_string(mobility);
        } else {
            count = "Grübler: 6×" + std::to_string(bodies) + " bodies − " +
                    std::to_string(6 * bodies - grublerMobility(spec)) + " joint constraints" +
                    (spherical > 0 ? " + 3×" + std::to_string(spherical) + " spherical loops"
                                   : std::string()) +
                    " = " + std::to_string(mobility);
        }
        if (mobility == 0) {
            diagnostics.push_back(error(
                "joints", "the mechanism is locked: 0 DOF (" + count + ")",
                "remove a joint or add a body so that it can move; if it moves all the same "
                "(a double parallelogram, say), its loop constraints are redundant, which SSLM "
                "cannot solve: remove the redundant link"));
        } else {
            diagnostics.push_back(
                error("joints",
                      "the mechanism is over-constrained: " + std::to_string(mobility) + " DOF (" +
                          count + "); its loop constraints are redundant",
                      "remove " + std::to_string(1 - mobility) +
                          " joint(s); SSLM needs independent loop constraints"));
        }
    }
}

/// Whether an actuator of the spec drives the joint named `joint`.
bool isActuated(const MechanismSpec& spec, const std::string& joint) {
    return std::ranges::any_of(spec.actuators,
                               [&](const ActuatorSpec& a) { return a.joint == joint; });
}

/// Resolves the requested cut names into edges, or explains why they do not leave a tree.
std::vector<int> resolveCuts(const MechanismSpec& spec,
                             const MechanismGraph& graph,
                             const std::vector<std::string>& names,
                             Diagnostics& diagnostics) {
    std::vector<bool> isCut(graph.edgeCount(), false);
    std::vector<int> cuts;
    bool bad = false;
    for (const std::string& name : names) {
        const JointSpec* it = findJoint(spec, name);
        if (it == nullptr) {
            diagnostics.push_back(
                error("cuts", "cut joint " + name + " does not exist",
                      "joints are " + text::joined(spec.joints, ", ", &JointSpec::name)));
            bad = true;
            continue;
        }
        const int e = static_cast<int>(it - spec.joints.data());
        if (isCut[e]) {
            diagnostics.push_back(
                error("cuts", "joint " + name + " is cut twice", "list each cut joint once"));
            bad = true;
        }
        isCut[e] = true;
        cuts.push_back(e);
    }
    if (bad) {
        return {};
    }
    const CutSetCheck check = checkCutSet(graph, isCut);
    for (const std::vector<int>& cycle : check.closedCycles) {
        const auto loopJoints = text::mapped(cycle, [&](int e) { return spec.joints[e].name; });
        diagnostics.push_back(error("cuts",
                                    "the loop " + joinNames(loopJoints, "–") +
                                        " stays closed: none of its joints is cut",
                                    "cut one of " + joinNames(loopJoints, ", ")));
    }
    if (!check.disconnectedNodes.empty()) {
        std::vector<std::string> bodies;
        std::vector<std::string> culprits;
        for (int node : check.disconnectedNodes) {
            bodies.push_back(nodeName(spec, node));
            for (int e : cuts) {
                const GraphEdge& edge = graph.edges[e];
                if (edge.a == node || edge.b == node) {
                    culprits.push_back(spec.joints[e].name);
                }
            }
        }
        std::sort(culprits.begin(), culprits.end());
        culprits.erase(std::unique(culprits.begin(), culprits.end()), culprits.end());
        diagnostics.push_back(error(
            "cuts",
            "the cuts separate " + joinNames(bodies, ", ") + " from the ground" +
                (culprits.empty() ? std::string() : " (cut at " + joinNames(culprits, ", ") + ")"),
            "cut fewer joints around " + joinNames(bodies, ", ") + "; " +
                std::to_string(graph.independentLoopCount()) +
                " cuts, one per independent loop, are needed"));
    }
    if (!check.ok()) {
        return {};
    }
    std::sort(cuts.begin(), cuts.end());
    return cuts;
}

/// A spatial cut joint has no coordinate for an actuator, spring-damper, friction or limits to
/// act along, and a planar revolute cut joint's angle is known only to within a turn, so that
/// its limits need both bounds: errors for cuts that break these.
void checkCutJointForces(const MechanismSpec& spec,
                         const MechanismGraph& graph,
                         const std::vector<bool>& isCut,
                         Diagnostics& diagnostics) {
    for (std::size_t e = 0; e < spec.joints.size(); ++e) {
        const JointSpec& joint = spec.joints[e];
        if (!isCut[e]) {
            continue;
        }
        std::string problem;
        std::string fix;
        if (spec.space == MotionSpace::Spatial) {
            const char* force = isActuated(spec, joint.name) ? "an actuator"
                                : joint.springDamper         ? "a spring-damper"
                                : joint.friction             ? "friction"
                                : joint.limits               ? "limits"
                                                             : nullptr;
            if (force != nullptr) {
                problem = "joint " + joint.name + " carries " + force +
                          " but is cut; on a spatial mechanism joint forces act on "
                          "spanning-tree joints only";
            }
        } else if (joint.type == JointType::Revolute && joint.limits &&
                   !(joint.limits->lower && joint.limits->upper)) {
            problem = "joint " + joint.name +
                      " is cut, so its angle is known only to within a turn: its limits need "
                      "both a lower and an upper bound";
            fix = "add the missing bound, or ";
        }
        if (problem.empty()) {
            continue;
        }
        // the joint's loop: the tree path between its two bodies, from its second to its first
        const std::vector<int> path = treePath(graph, isCut, graph.edges[e].a, graph.edges[e].b);
        const auto others =
            text::mapped(std::views::reverse(path), [&](int j) { return spec.joints[j].name; });
        diagnostics.push_back(
            error("cuts", problem,
                  fix + (others.empty()
                             ? std::string("cut another joint of its loop")
                             : "cut another joint of its loop, e.g. " + joinNames(others, ", "))));
    }
}

} // namespace

Diagnostic disconnectedBodyError(const MechanismSpec& spec, const MechanismGraph& graph, int node) {
    const BodySpec& body = spec.bodies[node - 1];
    const bool hasJoint = std::ranges::any_of(
        graph.edges, [&](const GraphEdge& e) { return e.a == node || e.b == node; });
    const std::string name = spec_text::bodyName(body.id, body.name);
    return error(
        "bodies[" + std::to_string(node - 1) + "]",
        "body " + name + " is not connected" +
            (hasJoint ? " to the ground through any chain of joints" : ": no joint uses it"),
        "add a joint between " + name + " and a body connected to the ground, or delete it");
}

double uniformInertia(const BodySpec& body) {
    switch (body.shape) {
    case BodyShape::Bar: {
        double length = 0;
        for (const BodyPoint& p : body.points) {
            for (const BodyPoint& q : body.points) {
                length = std::max(length, (p.p_B - q.p_B).norm());
            }
        }
        return body.mass * length * length / 12.0;
    }
    case BodyShape::Plate: {
        // polygon second moment about the body origin, then shifted to the centroid
        double twiceArea = 0;
        double polar = 0;
        Eigen::Vector2d firstMoment = Eigen::Vector2d::Zero();
        const std::size_t n = body.points.size();
        for (std::size_t i = 0; i < n; ++i) {
            const Eigen::Vector2d& a = body.points[i].p_B;
            const Eigen::Vector2d& b = body.points[(i + 1) % n].p_B;
            const double c = a.x() * b.y() - b.x() * a.y();
            twiceArea += c;
            firstMoment += c * (a + b);
            polar += c * (a.squaredNorm() + a.dot(b) + b.squaredNorm());
        }
        if (std::abs(twiceArea) < 1e-300) {
            return 0;
        }
        const Eigen::Vector2d centroid = firstMoment / (3.0 * twiceArea);
        const double aboutOrigin = body.mass * polar / (6.0 * twiceArea);
        return aboutOrigin - body.mass * centroid.squaredNorm();
    }
    case BodyShape::Block:
        return body.mass *
               (body.blockWidth * body.blockWidth + body.blockHeight * body.blockHeight) / 12.0;
    }
    return 0;
}

Eigen::Matrix3d uniformInertiaTensor(const BodySpec& body) {
    // a solid round bar of diameter L/10 along the longest chord of the points
    double length = 0;
    Eigen::Vector3d along = Eigen::Vector3d::UnitX();
    for (const BodyPoint& p : body.points) {
        for (const BodyPoint& q : body.points) {
            const Eigen::Vector3d chord = q.position3() - p.position3();
            if (chord.norm() > length) {
                length = chord.norm();
                along = chord / length;
            }
        }
    }
    const double radius = length / 20.0;
    const double axial = 0.5 * body.mass * radius * radius;
    const double transverse = body.mass * (3.0 * radius * radius + length * length) / 12.0;
    return transverse * Eigen::Matrix3d::Identity() +
           (axial - transverse) * along * along.transpose();
}

MechanismGraph mechanismGraph(const MechanismSpec& spec) {
    std::map<std::string, int, std::less<>> nodeOf{{kGroundId, 0}};
    for (std::size_t i = 0; i < spec.bodies.size(); ++i) {
        nodeOf[spec.bodies[i].id] = static_cast<int>(i) + 1;
    }
    MechanismGraph graph;
    graph.nodeCount = static_cast<int>(spec.bodies.size()) + 1;
    for (const JointSpec& joint : spec.joints) {
        graph.edges.push_back({nodeOf.at(joint.parent.body), nodeOf.at(joint.child.body),
                               joint.type == JointType::Prismatic});
        graph.actuated.push_back(isActuated(spec, joint.name));
    }
    return graph;
}

namespace {

/// The spanning tree left by the cuts, in the order the Model lists bodies: subsystem by
/// subsystem, depth-first, children in joint file order.
struct SpanningTree {
    std::vector<std::vector<std::pair<int, int>>> children; ///< per node: (child node, edge)
    std::vector<int> parentEdgeOf;                          ///< per node; -1 for the ground
    std::vector<int> order;       ///< graph nodes of the moving bodies, Model order
    std::vector<int> subsystemOf; ///< per node; -1 for the ground
    std::vector<int> bodyOf;      ///< per node: index in Model::bodies
    int subsystemCount() const { return static_cast<int>(children[0].size()); }
};

SpanningTree spanningTree(const MechanismGraph& graph, const std::vector<bool>& isCut) {
    SpanningTree tree;
    tree.children.resize(graph.nodeCount);
    // the uncut edges form a spanning tree here: every traversal finds the same parents
    tree.parentEdgeOf = treeParentEdges(graph, isCut);
    for (int node = 1; node < graph.nodeCount; ++node) {
        if (const int e = tree.parentEdgeOf[node]; e >= 0) {
            const GraphEdge& edge = graph.edges[e];
            tree.children[edge.a == node ? edge.b : edge.a].emplace_back(node, e);
        }
    }
    for (auto& list : tree.children) {
        std::sort(list.begin(), list.end(),
                  [](const auto& x, const auto& y) { return x.second < y.second; });
    }
    // subsystem-major depth-first order
    tree.subsystemOf.assign(graph.nodeCount, -1);
    for (std::size_t s = 0; s < tree.children[0].size(); ++s) {
        std::vector<int> stack{tree.children[0][s].first};
        while (!stack.empty()) {
            const int node = stack.back();
            stack.pop_back();
            tree.order.push_back(node);
            tree.subsystemOf[node] = static_cast<int>(s);
            for (auto it = tree.children[node].rbegin(); it != tree.children[node].rend(); ++it) {
                stack.push_back(it->first);
            }
        }
    }
    tree.bodyOf.assign(graph.nodeCount, -1);
    tree.bodyOf[0] = 0;
    for (std::size_t i = 0; i < tree.order.size(); ++i) {
        tree.bodyOf[tree.order[i]] = static_cast<int>(i) + 1;
    }
    return tree;
}

/// The ground and the moving bodies in tree order; a body whose uniform inertia is zero is an
/// error.
void addBodies(const MechanismSpec& spec,
               const SpanningTree& tree,
               Model& model,
               Diagnostics& diagnostics) {
    Body ground;
    ground.id = kGroundId;
    ground.name = spec.ground.name;
    ground.points = spec.ground.points;
    model.bodies.push_back(std::move(ground));
    for (int node : tree.order) {
        const BodySpec& in = spec.bodies[node - 1];
        Body body;
        body.id = in.id;
        body.name = in.name.empty() ? in.id : in.name;
        body.specIndex = node - 1;
        body.mass = in.mass;
        body.com_B = {in.com_B.x(), in.com_B.y(), in.comZ_B};
        body.shape = in.shape;
        body.points = in.points;
        body.subsystem = tree.subsystemOf[node];
        bool resolved = true;
        if (spec.space == MotionSpace::Spatial) {
            body.inertia_B = in.inertiaTensor ? *in.inertiaTensor : uniformInertiaTensor(in);
            resolved = in.inertiaTensor || body.inertia_B.diagonal().minCoeff() > 0;
        } else {
            const double inertia = in.inertiaCom ? *in.inertiaCom : uniformInertia(in);
            body.inertia_B = Eigen::Vector3d(0.0, 0.0, inertia).asDiagonal();
            resolved = in.inertiaCom || inertia > 0;
        }
        if (!in.counterweights.empty()) {
            const MassProperties folded = foldCounterweights(
                {body.mass, body.com_B, body.inertia_B}, in.counterweights, spec.space);
            body.mass = folded.mass;
            body.com_B = folded.com;
            body.inertia_B = folded.inertia;
        }
        model.bodies.push_back(std::move(body));
        if (!resolved) {
            diagnostics.push_back(error("bodies[" + std::to_string(node - 1) + "].inertia",
                                        "the uniform inertia of " + in.id + " is zero",
                                        "give the inertia about the COM in kg·m²"));
        }
    }
}

/// The joints in file order, then the tree links: each body's parent and tree joint, and one
/// coordinate per tree joint.
void addJointsAndCoordinates(const MechanismSpec& spec,
                             const MechanismGraph& graph,
                             const SpanningTree& tree,
                             Model& model) {
    for (std::size_t e = 0; e < spec.joints.size(); ++e) {
        const JointSpec& in = spec.joints[e];
        Joint joint;
        joint.name = in.name;
        joint.type = in.type;
        joint.coordinateName = in.coordinateName();
        joint.specIndex = static_cast<int>(e);
        joint.bodyA = tree.bodyOf[graph.edges[e].a];
        joint.bodyB = tree.bodyOf[graph.edges[e].b];
        joint.p_A = bodyPointOf(spec, in.parent).position3();
        joint.p_B = bodyPointOf(spec, in.child).position3();
        joint.offset = in.offset;
        joint.springDamper = in.springDamper;
        joint.friction = in.friction;
        joint.limits = in.limits;
        if (spec.space == MotionSpace::Spatial) {
            joint.axis_A = in.axis;
            joint.axis_B = in.type == JointType::Universal ? in.axis2 : in.axis;
        } else if (in.type == JointType::Prismatic) {
            joint.axis_A = {in.axis_P.x(), in.axis_P.y(), 0.0};
            joint.axis_B = joint.axis_A;
        }
        joint.frameAxis_A = spatial::frameAxisOf(joint.axis_A);
        joint.frameAxis_B = spatial::frameAxisOf(joint.axis_B);
        joint.coordinateCount = coordinateCount(in.type);
        model.joints.push_back(std::move(joint));
    }
    model.coordinates.clear();
    int position = 0;
    for (std::size_t i = 0; i < tree.order.size(); ++i) {
        const int node = tree.order[i];
        const int b = static_cast<int>(i) + 1;
        const int e = tree.parentEdgeOf[node];
        Body& body = model.bodies[b];
        Joint& joint = model.joints[e];
        body.treeJoint = e;
        body.parent = tree.bodyOf[graph.edges[e].a == node ? graph.edges[e].b : graph.edges[e].a];
        model.bodies[body.parent].children.push_back(b);
        joint.coordinate = static_cast<int>(model.coordinates.size());
        joint.position = position;
        position += positionCount(joint.type);
        joint.treeSign = joint.bodyB == b ? +1 : -1;
        const std::vector<std::string> names = coordinateNames(spec.joints[e]);
        for (int k = 0; k < joint.coordinateCount; ++k) {
            // angular: revolute, a U or S axis, a cylinder's turn (its first coordinate)
            const bool angular = joint.type == JointType::Revolute ||
                                 joint.type == JointType::Universal ||
                                 joint.type == JointType::Spherical ||
                                 (joint.type == JointType::Cylindrical && k == 0);
            model.coordinates.push_back(
                {names[static_cast<std::size_t>(k)], e, b, k, body.subsystem, angular});
        }
    }
    model.positionCount = position;
}

/// One subsystem per branch of the tree that leaves the ground, with its contiguous range of q.
void addSubsystems(int count, Model& model) {
    model.subsystems.resize(count);
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        Subsystem& sub = model.subsystems[model.bodies[b].subsystem];
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        if (sub.bodies.empty()) {
            sub.qBegin = joint.coordinate;
        }
        sub.bodies.push_back(static_cast<int>(b));
        sub.nv += joint.coordinateCount;
        if (model.bodies[b].children.size() > 1) {
            sub.serial = false;
        }
    }
}

/// The loop closed by the cut joint `cut`: the tree path between its two bodies, the
/// coordinates that move its points and the subsystems they belong to.
Loop loopOfCut(const Model& model, int cut) {
    const Joint& cutJoint = model.joints[cut];
    Loop loop;
    loop.cutJoint = cut;
    const auto ancestors = [&](int body) {
        std::vector<int> chain;
        for (int b = body; b >= 0; b = model.bodies[b].parent) {
            chain.push_back(b);
        }
        return chain;
    };
    const std::vector<int> upA = ancestors(cutJoint.bodyA);
    const std::vector<int> upB = ancestors(cutJoint.bodyB);
    int common = 0;
    for (int b : upA) {
        if (std::ranges::find(upB, b) != upB.end()) {
            common = b;
            break;
        }
    }
    // every coordinate of the body's tree joint, moving `side`
    const auto addPath = [&](int b, int side) {
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        for (int k = 0; k < joint.coordinateCount; ++k) {
            loop.path.push_back({joint.coordinate + k, side});
        }
    };
    std::vector<int> pathB;
    for (int b : upA) {
        if (b == common) {
            break;
        }
        loop.joints.push_back(model.bodies[b].treeJoint);
        addPath(b, +1);
    }
    for (int b : upB) {
        if (b == common) {
            break;
        }
        pathB.push_back(model.bodies[b].treeJoint);
        addPath(b, -1);
    }
    for (int b = common; b > 0; b = model.bodies[b].parent) {
        addPath(b, 0);
    }
    loop.joints.insert(loop.joints.end(), pathB.rbegin(), pathB.rend());
    loop.joints.push_back(cut);
    std::sort(
        loop.path.begin(), loop.path.end(),
        [](const LoopPathEntry& x, const LoopPathEntry& y) { return x.coordinate < y.coordinate; });
    for (const LoopPathEntry& entry : loop.path) {
        const int s = model.coordinates[entry.coordinate].subsystem;
        if (std::ranges::find(loop.subsystems, s) == loop.subsystems.end()) {
            loop.subsystems.push_back(s);
        }
    }
    std::sort(loop.subsystems.begin(), loop.subsystems.end());
    return loop;
}

/// One loop per cut, in cut order; each subsystem lists the loops that touch it.
void addLoops(const std::vector<int>& cutEdges, Model& model) {
    model.constraintCount = 0;
    for (Joint& joint : model.joints) {
        joint.firstRow = 0;
        joint.rowCount = constraintRowCount(joint.type, model.space);
    }
    for (int e : cutEdges) {
        Joint& cut = model.joints[e];
        cut.cut = static_cast<int>(model.cuts.size());
        model.cuts.push_back(e);
        Loop loop = loopOfCut(model, e);
        std::vector<int> cycle;
        for (int j : loop.joints) {
            cycle.push_back(model.joints[j].specIndex);
        }
        if (isSphericalCycle(model.spec, cycle)) {
            cut.firstRow = 3; // the axis rows alone: its point rows follow from them
            cut.rowCount = 2;
        }
        loop.rowBegin = model.constraintCount;
        loop.rows = cut.rowCount;
        model.constraintCount += loop.rows;
        for (int s : loop.subsystems) {
            model.subsystems[s].loops.push_back(static_cast<int>(model.loops.size()));
        }
        model.loops.push_back(std::move(loop));
    }
}

/// The block patterns of J (loops × subsystems) and of the GICM (loops × loops).
void addBlockPatterns(Model& model) {
    const int nLoops = model.nLoops();
    const int nSub = static_cast<int>(model.subsystems.size());
    model.jacobianPattern.setConstant(nLoops, nSub, false);
    for (int i = 0; i < nLoops; ++i) {
        for (int s : model.loops[i].subsystems) {
            model.jacobianPattern(i, s) = true;
        }
    }
    model.gicmContributors.assign(nLoops, std::vector<std::vector<int>>(nLoops));
    for (int r = 0; r < nLoops; ++r) {
        for (int s = 0; s < nLoops; ++s) {
            for (int j = 0; j < nSub; ++j) {
                if (model.jacobianPattern(r, j) && model.jacobianPattern(s, j)) {
                    model.gicmContributors[r][s].push_back(j);
                }
            }
        }
    }
}

/// Actuators, loads and two-point elements with their signals, traced points, and the file's
/// input coordinates; an input whose joint this cut choice cuts is a warning.
void addActuatorsTracesAndInputs(const MechanismSpec& spec,
                                 Model& model,
                                 Diagnostics& diagnostics) {
    for (const ActuatorSpec& in : spec.actuators) {
        const int joint = model.jointIndex(in.joint);
        model.actuators.push_back(
            {model.joints[joint].coordinate, joint, in, Signal(in.force), Signal(in.reference)});
    }
    for (const LoadSpec& in : spec.loads) {
        const bool turns = in.frame == LoadSpec::Frame::Body;
        model.loads.push_back(
            {in.name, model.bodyIndex(in.at.body), bodyPointOf(spec, in.at).position3(), turns,
             in.direction.normalized(), in.axis.normalized(), Signal(in.force), Signal(in.torque)});
    }
    for (const TwoPointSpec& in : spec.twoPointElements) {
        model.twoPointElements.push_back(
            {in, model.bodyIndex(in.first.body), model.bodyIndex(in.second.body),
             bodyPointOf(spec, in.first).position3(), bodyPointOf(spec, in.second).position3(),
             Signal(in.force), Signal(in.length)});
    }
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const Joint& joint = model.joints[j];
        if (joint.limits) {
            model.limitedJoints.push_back(static_cast<int>(j));
        }
        if (joint.springDamper || joint.friction || joint.limits) {
            model.forceJoints.push_back(static_cast<int>(j));
        }
        if (joint.friction && joint.friction->hasPin()) {
            model.pinJoints.push_back(static_cast<int>(j));
        }
    }
    for (const TracedPointSpec& in : spec.tracedPoints) {
        const int body = model.bodyIndex(in.at.body);
        const BodyPoint& point = bodyPointOf(spec, in.at);
        model.tracedPoints.push_back({in.name, body, point.position3()});
    }
    for (std::size_t i = 0; i < spec.initial.independent.size(); ++i) {
        const std::string& name = spec.initial.independent[i].first;
        const int k = model.coordinateIndex(name);
        if (k >= 0) {
            model.independent.push_back(k);
            continue;
        }
        const auto joint = std::ranges::find(model.joints, name, &Joint::coordinateName);
        if (joint != model.joints.end()) {
            diagnostics.push_back(
                warning("initial.independent[" + std::to_string(i) + "]",
                        "input coordinate " + name + " belongs to joint " + joint->name +
                            ", which is cut in this cut choice",
                        "keep " + joint->name + " uncut to drive it, or pick other cut joints"));
        }
    }
}

} // namespace

CompileResult compileModel(const MechanismSpec& spec, const CompileOptions& options) {
    CompileResult result;
    Diagnostics& diagnostics = result.diagnostics;
    diagnostics = validateSpec(spec);
    if (hasErrors(diagnostics)) {
        return result;
    }
    const MechanismGraph graph = mechanismGraph(spec);
    checkConnectivityAndMobility(spec, graph, diagnostics);
    if (hasErrors(diagnostics)) {
        return result;
    }

    // cut joints: requested, from the file, or chosen automatically
    const std::vector<std::string>& requested = options.cuts ? *options.cuts : spec.cuts;
    std::vector<int> cutEdges =
        requested.empty() ? chooseCuts(graph) : resolveCuts(spec, graph, requested, diagnostics);
    if (hasErrors(diagnostics)) {
        return result;
    }
    std::vector<bool> isCut(graph.edgeCount(), false);
    for (int e : cutEdges) {
        isCut[e] = true;
    }
    checkCutJointForces(spec, graph, isCut, diagnostics);
    if (hasErrors(diagnostics)) {
        return result;
    }

    auto model = std::make_shared<Model>();
    model->name = spec.name;
    model->description = spec.description;
    model->space = spec.space;
    model->gravity = gravity3(spec);
    model->spec = spec;
    model->mobilityGrubler = mobilityCount(spec);

    const SpanningTree tree = spanningTree(graph, isCut);
    addBodies(spec, tree, *model, diagnostics);
    if (hasErrors(diagnostics)) {
        return result;
    }
    addJointsAndCoordinates(spec, graph, tree, *model);
    addSubsystems(tree.subsystemCount(), *model);
    addLoops(cutEdges, *model);
    addBlockPatterns(*model);
    addActuatorsTracesAndInputs(spec, *model, diagnostics);
    if (!model->usesFileCuts()) {
        // spec.initial names the coordinates of the file's cuts: keep that model at hand so
        // that assembling this one does not compile again (its diagnostics are the file's own)
        model->fileCutModel = compileModel(spec).model;
    }
    result.model = std::move(model);
    return result;
}

} // namespace sslm
