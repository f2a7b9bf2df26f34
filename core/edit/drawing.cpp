// SPDX-License-Identifier: MIT
// Over 600 lines: The editor's drawing: each edit keeps every other body's drawn pose, so they
// share the pose bookkeeping here.
#include "core/edit/drawing.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/model/workspace.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

constexpr double kMinLinkLength = 1e-6; ///< m: shorter links are refused

Eigen::Matrix2d rotation(double angle) {
    Eigen::Matrix2d r;
    r << std::cos(angle), -std::sin(angle), std::sin(angle), std::cos(angle);
    return r;
}

/// The pose of `body` ("ground": W itself), or empty.
std::optional<BodyPose> poseOf(const Drawing& drawing, const std::string& body) {
    if (body == kGroundId) {
        return BodyPose{};
    }
    const auto it = drawing.poses.find(body);
    return it == drawing.poses.end() ? std::nullopt : std::optional<BodyPose>(it->second);
}

/// The smallest k ≥ 1 such that prefix + k is not in `taken`.
std::string nextName(const std::string& prefix, const std::set<std::string>& taken) {
    return text::numberedName(prefix,
                              [&](const std::string& name) { return taken.count(name) != 0; });
}

/// Gives `value` back through `out` when the caller asked for it.
template <class T> void giveBack(T* out, const T& value) {
    if (out != nullptr) {
        *out = value;
    }
}

Eigen::Vector2d centroid(const std::vector<BodyPoint>& points) {
    Eigen::Vector2d sum = Eigen::Vector2d::Zero();
    for (const BodyPoint& p : points) {
        sum += p.p_B;
    }
    return points.empty() ? sum : Eigen::Vector2d(sum / static_cast<double>(points.size()));
}

/// The first value named `name` in a coordinate → value list (spec.initial's), if any.
std::optional<double> valueIn(const std::vector<std::pair<std::string, double>>& values,
                              const std::string& name) {
    const auto it = std::ranges::find(values, name, &std::pair<std::string, double>::first);
    return it == values.end() ? std::nullopt : std::optional<double>(it->second);
}

std::string describe(const JointEnd& ref) {
    return ref.body + "." + ref.point;
}

/// Where a link end is in W (m): its point's place, or the free point; empty when the point
/// does not exist.
std::optional<Eigen::Vector2d> whereIs(const Drawing& drawing, const LinkEnd& end) {
    const JointEnd* point = std::get_if<JointEnd>(&end);
    return point != nullptr ? pointInWorld(drawing, *point) : std::get<Eigen::Vector2d>(end);
}

/// Appends a joint "J<n>" of `type` with the editor's coordinate name (or the joint's name when
/// that is taken) and returns it.
JointSpec&
addJoint(MechanismSpec& spec, JointType type, const JointEnd& parent, const JointEnd& child) {
    const std::set<std::string> taken = jointAndCoordinateNames(spec);
    const std::string name = nextName("J", taken);
    const std::string coordinate = editorCoordinateName(name, type);
    JointSpec& joint = spec.joints.emplace_back(
        revoluteJoint(name, taken.count(coordinate) == 0 ? coordinate : name, parent, child));
    joint.type = type; // a prismatic joint: the same fields, its axis set by the caller
    return joint;
}

/// A bar whose points are no longer on one line becomes a plate.
void becomePlateWhenOffLine(BodySpec& body) {
    if (body.shape != BodyShape::Bar || body.points.size() < 3) {
        return;
    }
    const Eigen::Vector2d along = body.points[1].p_B - body.points[0].p_B;
    for (std::size_t k = 2; k < body.points.size(); ++k) {
        const Eigen::Vector2d off = body.points[k].p_B - body.points[0].p_B;
        const double cross = along.x() * off.y() - along.y() * off.x();
        if (std::abs(cross) > 1e-9 * std::max(1.0, along.norm() * off.norm())) {
            body.shape = BodyShape::Plate;
            return;
        }
    }
}

} // namespace

std::string editorCoordinateName(const std::string& joint, JointType type) {
    if (joint.size() < 2 || joint.front() != 'J') {
        return joint; // not the editor's "J<n>": the joint's own name
    }
    return (type == JointType::Revolute ? "theta" : "x") + joint.substr(1);
}

std::set<std::string> jointAndCoordinateNames(const MechanismSpec& spec) {
    std::set<std::string> names;
    for (const JointSpec& j : spec.joints) {
        names.insert(j.name);
        names.insert(j.coordinateName());
    }
    return names;
}

Drawing emptyDrawing(const std::string& name) {
    Drawing drawing;
    drawing.spec.name = name;
    drawing.spec.ground.name = kGroundId;
    return drawing;
}

Drawing drawingAt(const MechanismSpec& spec, const Model& model, const Eigen::VectorXd& q) {
    Drawing drawing;
    drawing.spec = spec;
    Workspace ws(model);
    updatePositions(model, ws, q);
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        drawing.poses[model.bodies[b].id] = {ws.position[b].head<2>(), ws.angle[b]};
    }
    return drawing;
}

Drawing drawingFromGuess(const MechanismSpec& spec, const std::map<std::string, BodyPose>& kept) {
    Drawing drawing;
    drawing.spec = spec;
    for (const BodySpec& body : spec.bodies) {
        if (const auto it = kept.find(body.id); it != kept.end()) {
            drawing.poses[body.id] = it->second;
        }
    }
    const auto valueOf = [&](const std::string& coordinate) {
        return valueIn(spec.initial.assemblyGuess, coordinate)
            .value_or(valueIn(spec.initial.independent, coordinate).value_or(0.0));
    };
    // outwards from the ground and the kept bodies, one joint at a time
    for (bool placed = true; placed;) {
        placed = false;
        for (const JointSpec& joint : spec.joints) {
            const std::optional<BodyPose> parent = poseOf(drawing, joint.parent.body);
            const std::optional<BodyPose> child = poseOf(drawing, joint.child.body);
            if (parent.has_value() == child.has_value()) {
                continue; // both placed (a loop left as drawn) or neither yet
            }
            const bool outwards = parent.has_value(); // placing the child from the parent
            const JointEnd& from = outwards ? joint.parent : joint.child;
            const JointEnd& to = outwards ? joint.child : joint.parent;
            const BodyPose known = outwards ? *parent : *child;
            const BodyPoint* fromPoint = findBodyPoint(spec, from);
            const BodyPoint* toPoint = findBodyPoint(spec, to);
            if (fromPoint == nullptr || toPoint == nullptr || to.body == kGroundId) {
                continue;
            }
            const double q = valueOf(joint.coordinateName());
            const double turn = joint.offset + (joint.type == JointType::Revolute ? q : 0.0);
            BodyPose pose;
            pose.angle = outwards ? known.angle + turn : known.angle - turn;
            Eigen::Vector2d at = known.origin + rotation(known.angle) * fromPoint->p_B;
            if (joint.type == JointType::Prismatic) {
                // the child's point sits q along the axis from the parent's point
                const BodyPose parentPose = outwards ? known : pose;
                at += (outwards ? q : -q) * (rotation(parentPose.angle) * joint.axis_P);
            }
            pose.origin = at - rotation(pose.angle) * toPoint->p_B;
            drawing.poses[to.body] = pose;
            placed = true;
        }
    }
    for (const BodySpec& body : spec.bodies) {
        drawing.poses.try_emplace(body.id, BodyPose{});
    }
    return drawing;
}

std::optional<Eigen::Vector2d> pointInWorld(const Drawing& drawing, const JointEnd& point) {
    const std::optional<BodyPose> pose = poseOf(drawing, point.body);
    if (!pose) {
        return std::nullopt;
    }
    const BodyPoint* p = findBodyPoint(drawing.spec, point);
    if (p == nullptr) {
        return std::nullopt;
    }
    return Eigen::Vector2d(pose->origin + rotation(pose->angle) * p->p_B);
}

std::vector<std::pair<std::string, double>> jointValuesAt(const Drawing& drawing) {
    std::vector<std::pair<std::string, double>> values;
    for (const JointSpec& joint : drawing.spec.joints) {
        const std::optional<BodyPose> parent = poseOf(drawing, joint.parent.body);
        const std::optional<BodyPose> child = poseOf(drawing, joint.child.body);
        if (!parent || !child) {
            continue;
        }
        double value = 0;
        if (joint.type == JointType::Revolute) {
            value = std::remainder(child->angle - parent->angle - joint.offset, 2.0 * M_PI);
        } else {
            const std::optional<Eigen::Vector2d> a = pointInWorld(drawing, joint.parent);
            const std::optional<Eigen::Vector2d> b = pointInWorld(drawing, joint.child);
            if (!a || !b) {
                continue;
            }
            value = (*b - *a).dot(rotation(parent->angle) * joint.axis_P);
        }
        values.emplace_back(joint.coordinateName(), value);
    }
    return values;
}

void keepDrawnPose(Drawing& drawing) {
    InitialStateSpec& initial = drawing.spec.initial;
    const std::vector<std::pair<std::string, double>> values = jointValuesAt(drawing);
    initial.assemblyGuess = values;
    std::vector<std::pair<std::string, double>> independent;
    for (const auto& [name, value] : initial.independent) {
        if (const std::optional<double> v = valueIn(values, name)) {
            independent.emplace_back(name, *v);
        }
    }
    initial.independent = std::move(independent);
    std::erase_if(initial.rates, [&](const auto& rate) { return !valueIn(values, rate.first); });
}

EditError addGroundPivot(Drawing& drawing, const Eigen::Vector2d& w, std::string* name) {
    if (!w.allFinite()) {
        return "the pivot's position is not a number";
    }
    const std::string pivot =
        nextName("O", text::nameSet(drawing.spec.ground.points, &BodyPoint::name));
    drawing.spec.ground.points.push_back({pivot, w});
    giveBack(name, pivot);
    return {};
}

EditError addLink(Drawing& drawing,
                  const LinkEnd& start,
                  const LinkEnd& to,
                  const LinkOptions& options,
                  std::string* id) {
    const JointEnd* pinnedStart = std::get_if<JointEnd>(&start);
    const std::optional<Eigen::Vector2d> a = whereIs(drawing, start);
    if (!a) {
        return "a link starts at an existing point or a free one: " + describe(*pinnedStart) +
               " is not a point of the drawing";
    }
    if (!a->allFinite()) {
        return "the link's start is not a number";
    }
    const JointEnd from = pinnedStart != nullptr ? *pinnedStart : JointEnd{};
    const JointEnd* target = std::get_if<JointEnd>(&to);
    const std::optional<Eigen::Vector2d> b = whereIs(drawing, to);
    if (!b) {
        return "the link's end " + describe(*target) + " is not an existing point";
    }
    if (target != nullptr && pinnedStart != nullptr &&
        (*target == from || (target->body == from.body && from.body != kGroundId))) {
        return "a link cannot join a body to itself: pick a point of another body";
    }
    const double length = (*b - *a).norm();
    if (!(length >= kMinLinkLength) || !b->allFinite()) {
        return "the link has no length: its two ends are at the same place";
    }
    if (!(options.density > 0.0)) {
        return "the link's density must be positive";
    }

    MechanismSpec& spec = drawing.spec;
    const std::string body = nextName("L", text::nameSet(spec.bodies, &BodySpec::id));
    BodySpec link;
    link.id = body;
    link.name = "#" + body.substr(1) + " link";
    link.mass = options.density * length;
    link.com_B = {0.5 * length, 0.0};
    link.shape = BodyShape::Bar;
    link.points = {{"P1", {0.0, 0.0}}, {"P2", {length, 0.0}}};
    spec.bodies.push_back(link);
    drawing.poses[body] = {*a, std::atan2((*b - *a).y(), (*b - *a).x())};

    if (pinnedStart != nullptr) {
        addJoint(spec, JointType::Revolute, from, {body, "P1"});
    }
    if (target != nullptr) {
        addJoint(spec, JointType::Revolute, {body, "P2"}, *target); // closes a loop
    }
    spec.cuts.clear(); // the loops changed: the compiler chooses the cuts
    keepDrawnPose(drawing);
    giveBack(id, body);
    return {};
}

EditError addPointToBody(Drawing& drawing,
                         const std::string& body,
                         const Eigen::Vector2d& w,
                         std::string* name) {
    BodySpec* b = findBody(drawing.spec, body);
    const std::optional<BodyPose> pose = poseOf(drawing, body);
    if (b == nullptr || !pose) {
        return "there is no link " + body + " to add a point to";
    }
    if (b->shape == BodyShape::Block) {
        return "a slider block has one point: pin links to it";
    }
    if (!w.allFinite()) {
        return "the point's position is not a number";
    }
    const Eigen::Vector2d p_B = rotation(pose->angle).transpose() * (w - pose->origin);
    std::set<std::string> taken;
    for (const BodyPoint& p : b->points) {
        if ((p.p_B - p_B).norm() < kMinLinkLength) {
            return "the link has a point there already: " + p.name;
        }
        taken.insert(p.name);
    }
    const bool centred = (b->com_B - centroid(b->points)).norm() <= 1e-12;
    const std::string point = nextName("P", taken);
    b->points.push_back({point, p_B});
    becomePlateWhenOffLine(*b); // off the line of a bar's points it makes a plate
    if (centred) {
        b->com_B = centroid(b->points);
    }
    giveBack(name, point);
    return {};
}

EditError addSlider(Drawing& drawing,
                    const LinkEnd& guideStart,
                    const Eigen::Vector2d& w,
                    const LinkOptions& options,
                    std::string* id) {
    const JointEnd* onPoint = std::get_if<JointEnd>(&guideStart);
    const std::optional<Eigen::Vector2d> g = whereIs(drawing, guideStart);
    if (!g) {
        return "a slider's guide starts at an existing point or a free one: " + describe(*onPoint) +
               " is not a point of the drawing";
    }
    const Eigen::Vector2d along = w - *g;
    const double distance = along.norm();
    if (!(distance >= kMinLinkLength) || !w.allFinite() || !g->allFinite()) {
        return "drag away from the guide's point to give the guide its direction";
    }
    JointEnd guide;
    if (onPoint != nullptr) {
        guide = *onPoint;
    } else {
        // a free start: the guide is fixed to the ground there
        std::string pivot;
        addGroundPivot(drawing, *g, &pivot);
        guide = {kGroundId, pivot};
    }
    const BodyPose parent = *poseOf(drawing, guide.body);
    MechanismSpec& spec = drawing.spec;
    const std::string body = nextName("S", text::nameSet(spec.bodies, &BodySpec::id));
    BodySpec block;
    block.id = body;
    block.name = "#" + body.substr(1) + " slider";
    block.shape = BodyShape::Block;
    block.blockWidth = 0.06;
    block.blockHeight = 0.03;
    // a steel-like block: the link density per metre over its width, so masses stay comparable
    block.mass = options.density * 5.0 * block.blockWidth;
    block.points = {{"P1", {0.0, 0.0}}};
    spec.bodies.push_back(block);
    drawing.poses[body] = {w, parent.angle};

    addJoint(spec, JointType::Prismatic, guide, {body, "P1"}).axis_P =
        rotation(parent.angle).transpose() * (along / distance);
    spec.cuts.clear();
    keepDrawnPose(drawing);
    giveBack(id, body);
    return {};
}

EditError movePoint(Drawing& drawing, const JointEnd& point, const Eigen::Vector2d& w) {
    if (!pointInWorld(drawing, point)) {
        return describe(point) + " is not a point of the drawing";
    }
    if (!w.allFinite()) {
        return "the new position is not a number";
    }
    MechanismSpec& spec = drawing.spec;
    // the point and every point pinned to it by revolute joints
    std::vector<JointEnd> pinned{point};
    for (std::size_t i = 0; i < pinned.size(); ++i) {
        for (const JointSpec& joint : spec.joints) {
            if (joint.type != JointType::Revolute) {
                continue;
            }
            for (const auto& [end, other] :
                 {std::pair{joint.parent, joint.child}, std::pair{joint.child, joint.parent}}) {
                if (end == pinned[i] && std::ranges::find(pinned, other) == pinned.end()) {
                    pinned.push_back(other);
                }
            }
        }
    }
    // bodies whose centre of mass sits at the centroid of their points keep it there
    std::set<std::string> centred;
    for (const JointEnd& ref : pinned) {
        const BodySpec* body = findBody(spec, ref.body);
        if (body != nullptr && (body->com_B - centroid(body->points)).norm() <= 1e-12) {
            centred.insert(body->id);
        }
    }
    for (const JointEnd& ref : pinned) {
        const std::optional<BodyPose> pose = poseOf(drawing, ref.body);
        BodyPoint* p = findBodyPoint(spec, ref);
        if (pose && p != nullptr) {
            p->p_B = rotation(pose->angle).transpose() * (w - pose->origin);
        }
    }
    for (const JointEnd& ref : pinned) {
        if (BodySpec* body = findBody(spec, ref.body)) {
            if (centred.count(body->id) > 0) {
                body->com_B = centroid(body->points);
            }
            becomePlateWhenOffLine(*body);
        }
    }
    keepDrawnPose(drawing);
    return {};
}

EditError addPin(Drawing& drawing, const JointEnd& a, const JointEnd& b, std::string* name) {
    if (!pointInWorld(drawing, a) || !pointInWorld(drawing, b)) {
        return "a pin joins two existing points: " + describe(a) + " or " + describe(b) +
               " is not one";
    }
    if (a.body == b.body) {
        return "a pin joins two bodies: pick a point of another body";
    }
    MechanismSpec& spec = drawing.spec;
    for (const JointSpec& j : spec.joints) {
        if ((j.parent == a && j.child == b) || (j.parent == b && j.child == a)) {
            return describe(a) + " and " + describe(b) + " are pinned already (" + j.name + ")";
        }
    }
    const std::string joint = addJoint(spec, JointType::Revolute, a, b).name;
    spec.cuts.clear();
    keepDrawnPose(drawing);
    giveBack(name, joint);
    return {};
}

EditError removeJoint(Drawing& drawing, const std::string& joint) {
    MechanismSpec& spec = drawing.spec;
    const JointSpec* found = findJoint(spec, joint);
    if (found == nullptr) {
        return "there is no joint " + joint;
    }
    const std::string coordinate = found->coordinateName();
    spec.joints.erase(spec.joints.begin() + (found - spec.joints.data()));
    std::erase_if(spec.actuators, [&](const ActuatorSpec& a) { return a.joint == joint; });
    std::erase_if(spec.initial.independent, [&](const auto& v) { return v.first == coordinate; });
    spec.cuts.clear();
    keepDrawnPose(drawing);
    return {};
}

EditError removeBody(Drawing& drawing, const std::string& body) {
    MechanismSpec& spec = drawing.spec;
    if (findBody(spec, body) == nullptr) {
        return "there is no body " + body;
    }
    std::vector<std::string> joints;
    for (const JointSpec& j : spec.joints) {
        if (j.parent.body == body || j.child.body == body) {
            joints.push_back(j.name);
        }
    }
    for (const std::string& joint : joints) {
        removeJoint(drawing, joint);
    }
    std::erase_if(spec.tracedPoints, [&](const TracedPointSpec& t) { return t.at.body == body; });
    std::erase_if(spec.bodies, [&](const BodySpec& b) { return b.id == body; });
    drawing.poses.erase(body);
    keepDrawnPose(drawing);
    return {};
}

EditError setInput(Drawing& drawing, const std::string& joint) {
    MechanismSpec& spec = drawing.spec;
    const JointSpec* found = findJoint(spec, joint);
    if (found == nullptr) {
        return "there is no joint " + joint;
    }
    const std::string coordinate = found->coordinateName();
    keepDrawnPose(drawing);
    double value = 0;
    for (const auto& [name, v] : spec.initial.assemblyGuess) {
        if (name == coordinate) {
            value = v;
        }
    }
    auto& independent = spec.initial.independent;
    if (!valueIn(independent, coordinate)) {
        independent.emplace_back(coordinate, value);
    }
    if (std::ranges::none_of(spec.actuators,
                             [&](const ActuatorSpec& a) { return a.joint == joint; })) {
        spec.actuators.emplace_back().joint = joint; // a zero force
    }
    return {};
}

EditError clearInput(Drawing& drawing, const std::string& joint) {
    const JointSpec* found = findJoint(drawing.spec, joint);
    if (found == nullptr) {
        return "there is no joint " + joint;
    }
    const std::string coordinate = found->coordinateName();
    std::erase_if(drawing.spec.initial.independent,
                  [&](const auto& v) { return v.first == coordinate; });
    std::erase_if(drawing.spec.initial.rates, [&](const auto& v) { return v.first == coordinate; });
    return {};
}

EditError setInputRate(Drawing& drawing, const std::string& joint, double rate) {
    MechanismSpec& spec = drawing.spec;
    const JointSpec* found = findJoint(spec, joint);
    if (found == nullptr) {
        return "there is no joint " + joint;
    }
    const std::string coordinate = found->coordinateName();
    if (!valueIn(spec.initial.independent, coordinate)) {
        return joint + " is not an input: make it one first";
    }
    if (!std::isfinite(rate)) {
        return "the rate is not a number";
    }
    auto& rates = spec.initial.rates;
    const auto existing =
        std::ranges::find_if(rates, [&](const auto& r) { return r.first == coordinate; });
    if (existing != rates.end()) {
        existing->second = rate;
    } else {
        rates.emplace_back(coordinate, rate);
    }
    return {};
}

std::optional<std::string> inputJointAt(const Drawing& drawing, const JointEnd& point) {
    const InitialStateSpec& initial = drawing.spec.initial;
    for (const JointSpec& joint : drawing.spec.joints) {
        const bool input = valueIn(initial.independent, joint.coordinateName()).has_value();
        if (input && (joint.parent == point || joint.child == point)) {
            return joint.name;
        }
    }
    return std::nullopt;
}

std::optional<BodyProperties> bodyProperties(const Drawing& drawing, const std::string& body) {
    const BodySpec* b = findBody(drawing.spec, body);
    if (b == nullptr) {
        return std::nullopt;
    }
    return BodyProperties{b->name, b->mass, b->com_B, b->inertiaCom, b->counterweights, b->visuals};
}

EditError
setBodyProperties(Drawing& drawing, const std::string& body, const BodyProperties& properties) {
    BodySpec* b = findBody(drawing.spec, body);
    if (b == nullptr) {
        return "there is no body " + body;
    }
    if (!(properties.mass > 0.0) || !std::isfinite(properties.mass)) {
        return "a body's mass must be a positive number of kg";
    }
    if (properties.name.empty()) {
        return "a body needs a name";
    }
    if (!properties.com_B.allFinite()) {
        return "the centre of mass is not a number";
    }
    if (properties.inertiaCom &&
        (!(*properties.inertiaCom > 0.0) || !std::isfinite(*properties.inertiaCom))) {
        return "a body's moment of inertia must be a positive number of kg·m²";
    }
    std::set<std::string> names;
    for (const CounterweightSpec& w : properties.counterweights) {
        const std::string what = "counterweight" + (w.name.empty() ? std::string() : " " + w.name);
        if (!(w.mass > 0.0) || !std::isfinite(w.mass)) {
            return "a " + what + "'s mass must be a positive number of kg (remove it instead)";
        }
        if (!w.p_B.allFinite() || !std::isfinite(w.z_B)) {
            return "the " + what + "'s position is not a number";
        }
        if (w.inertia && (!(*w.inertia >= 0.0) || !std::isfinite(*w.inertia))) {
            return "a " + what + "'s moment of inertia must be zero or positive (kg·m²)";
        }
        if (!w.name.empty() && !names.insert(w.name).second) {
            return "two counterweights of " + properties.name + " are named " + w.name +
                   ": give each its own name";
        }
    }
    for (const VisualSpec& v : properties.visuals) {
        if (!v.position.allFinite() || !v.rpy.allFinite() || !(v.scale.minCoeff() > 0.0) ||
            !v.scale.allFinite()) {
            return "a visual of " + properties.name +
                   " has a position, turn or scale that is not a number (scales must be "
                   "positive)";
        }
    }
    b->name = properties.name;
    b->mass = properties.mass;
    b->com_B = properties.com_B;
    b->inertiaCom = properties.inertiaCom;
    b->counterweights = properties.counterweights;
    b->visuals = properties.visuals;
    return {};
}

EditError toggleTrace(Drawing& drawing, const JointEnd& point, bool* traced) {
    if (point.body == kGroundId) {
        return "a ground point does not move: trace a point of a link";
    }
    if (!pointInWorld(drawing, point)) {
        return describe(point) + " is not a point of the drawing";
    }
    std::vector<TracedPointSpec>& traces = drawing.spec.tracedPoints;
    const auto it =
        std::ranges::find_if(traces, [&](const TracedPointSpec& t) { return t.at == point; });
    const bool wasTraced = it != traces.end();
    if (wasTraced) {
        traces.erase(it);
    } else {
        const std::set<std::string> taken = text::nameSet(traces, &TracedPointSpec::name);
        const std::string base = point.body + "_" + point.point;
        traces.push_back({taken.count(base) == 0 ? base : nextName(base + "_", taken), point});
    }
    giveBack(traced, !wasTraced);
    return {};
}

} // namespace sslm
