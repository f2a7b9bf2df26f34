// SPDX-License-Identifier: MIT
#include "core/interop/urdf_export.hpp"

#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/interop/joint_extras.hpp"
#include "core/interop/planar_lift.hpp"
#include "core/interop/report_text.hpp"
#include "core/interop/xml_text.hpp"
#include "core/model/compile.hpp"
#include "core/spec/counterweights.hpp"
#include "core/spec/joint_kinds.hpp"
#include "core/spec/spec_validate.hpp"
#include "core/topology/mechanism_graph.hpp"

namespace sslm {

namespace {

/// URDF's gravity, which every reader assumes (m/s², W).
const Eigen::Vector3d kUrdfGravity(0.0, 0.0, -9.81);

class UrdfWriter {
public:
    explicit UrdfWriter(const MechanismSpec& spec) : m_original(spec) {}

    ExportResult run() {
        m_result.format = ModelFormat::Urdf;
        try {
            m_spec = spatialFromPlanar(m_original);
        } catch (const std::invalid_argument& e) {
            m_result.error("mechanism", e.what(),
                           "fix the mechanism (sslm check) and export again");
            return std::move(m_result);
        }
        m_result.diagnostics = validateSpec(m_spec);
        if (hasErrors(m_result.diagnostics) || !buildTree()) {
            return std::move(m_result);
        }
        header();
        writeLink(-1);
        for (const int b : m_order) {
            writeLink(b);
        }
        for (const int b : m_order) {
            writeTreeJoint(b);
        }
        for (std::size_t j = 0; j < m_spec.joints.size(); ++j) {
            if (m_isCut[j]) {
                writeCut(m_spec.joints[j]);
            }
        }
        m_xml += "</robot>\n";
        notWritten();
        m_result.text = std::move(m_xml);
        return std::move(m_result);
    }

private:
    /// A body's index in the spec, -1 for the ground.
    int bodyIndex(const std::string& id) const {
        for (std::size_t b = 0; b < m_spec.bodies.size(); ++b) {
            if (m_spec.bodies[b].id == id) {
                return static_cast<int>(b);
            }
        }
        return -1;
    }

    /// A joint end's point in its body frame (m); validateSpec has found it.
    Eigen::Vector3d pointOf(const JointEnd& end) const {
        return findBodyPoint(m_spec, end)->position3();
    }

    /// The link name of body b (-1: the ground).
    std::string linkName(int b) const {
        return b < 0 ? std::string("ground") : m_spec.bodies[b].id;
    }

    /// The cut joints (the spec's, or the automatic choice when it names none) and the spanning
    /// tree of the others, from the ground: each body's tree joint, its tree parent, and its
    /// link origin in its body frame and in W at q = 0, where all body frames are parallel to W.
    bool buildTree() {
        const MechanismGraph graph = mechanismGraph(m_spec);
        m_isCut.assign(m_spec.joints.size(), false);
        if (m_spec.cuts.empty()) {
            for (const int j : chooseCuts(graph)) {
                m_isCut[j] = true;
            }
        }
        for (const std::string& name : m_spec.cuts) {
            for (std::size_t j = 0; j < m_spec.joints.size(); ++j) {
                m_isCut[j] = m_isCut[j] || m_spec.joints[j].name == name;
            }
        }
        const CutSetCheck check = checkCutSet(graph, m_isCut);
        if (!check.ok()) {
            m_result.error("cuts",
                           "the cut joints do not leave a spanning tree (" +
                               std::to_string(check.closedCycles.size()) +
                               " loop(s) left closed, " +
                               std::to_string(check.disconnectedNodes.size()) +
                               " body(ies) cut off from the ground)",
                           "cut one joint of every loop and no more (sslm check says which)");
            return false;
        }
        const std::size_t n = m_spec.bodies.size();
        m_treeJoint.assign(n, -1);
        m_parent.assign(n, -1);
        m_forward.assign(n, true);
        m_linkOrigin.assign(n, Eigen::Vector3d::Zero());
        m_bodyOrigin.assign(n, Eigen::Vector3d::Zero());
        std::vector<int> open{-1};
        std::vector<bool> placed(n, false);
        while (!open.empty()) {
            const int from = open.front();
            open.erase(open.begin());
            const std::string fromId = from < 0 ? std::string(kGroundId) : m_spec.bodies[from].id;
            const Eigen::Vector3d fromOrigin =
                from < 0 ? Eigen::Vector3d::Zero() : m_bodyOrigin[from];
            for (std::size_t j = 0; j < m_spec.joints.size(); ++j) {
                const JointSpec& joint = m_spec.joints[j];
                if (m_isCut[j] || (joint.parent.body != fromId && joint.child.body != fromId)) {
                    continue;
                }
                const bool forward = joint.parent.body == fromId;
                const JointEnd& onParent = forward ? joint.parent : joint.child;
                const JointEnd& onChild = forward ? joint.child : joint.parent;
                const int to = bodyIndex(onChild.body);
                if (to < 0 || placed[to]) {
                    continue;
                }
                placed[to] = true;
                m_treeJoint[to] = static_cast<int>(j);
                m_parent[to] = from;
                m_forward[to] = forward;
                m_linkOrigin[to] = pointOf(onChild);
                m_bodyOrigin[to] = fromOrigin + pointOf(onParent) - m_linkOrigin[to];
                m_order.push_back(to);
                open.push_back(to);
            }
        }
        return !hasErrors(m_result.diagnostics);
    }

    /// Link frame of body b relative to its parent link's frame (m).
    Eigen::Vector3d jointOrigin(int b) const {
        const int parent = m_parent[b];
        const Eigen::Vector3d parentLink =
            parent < 0 ? Eigen::Vector3d::Zero()
                       : Eigen::Vector3d(m_bodyOrigin[parent] + m_linkOrigin[parent]);
        return m_bodyOrigin[b] + m_linkOrigin[b] - parentLink;
    }

    void header() {
        const std::string name = m_spec.name.empty() ? std::string("mechanism") : m_spec.name;
        m_xml += "<?xml version=\"1.0\"?>\n";
        m_xml += "<!-- Written by SSLM Studio (exportUrdf) from '" + xmlComment(name) +
                 "': the pose at q = 0, link frames parallel to the world there. The loops are "
                 "URDF+ <loop> elements (a universal one the proposed <constraint>); readers "
                 "without them see the spanning tree. -->\n";
        m_xml += "<robot name=\"" + xmlEscaped(name) + "\">\n";
        if ((gravity3(m_spec) - kUrdfGravity).norm() > 1e-12) {
            m_result.approximate("gravity",
                                 vectorText(gravity3(m_spec)) +
                                     " m/s² is not written: URDF has no gravity, and its "
                                     "readers assume (0, 0, -9.81)");
        }
        if (m_original.space == MotionSpace::Planar) {
            m_result.map("plane",
                         "the planar mechanism drawn in the x–z plane, z up (planar X → x, "
                         "Y → z); revolute axes along −y");
        }
    }

    void writeVisuals(const std::vector<VisualSpec>& visuals,
                      const std::string& link,
                      const Eigen::Vector3d& origin) {
        int k = 0;
        for (const VisualSpec& v : visuals) {
            ++k;
            const std::string geometry =
                v.kind != VisualKind::Mesh ? primitiveGeometry(v, XmlValueStyle::Attributes)
                : v.scale == Eigen::Vector3d::Ones()
                    ? xmlElement("mesh", {{"filename", xmlEscaped(v.file)}},
                                 XmlValueStyle::Attributes)
                    : xmlElement("mesh",
                                 {{"filename", xmlEscaped(v.file)}, {"scale", xmlVector(v.scale)}},
                                 XmlValueStyle::Attributes);
            m_xml += "    <visual>\n      <origin xyz=\"" + xmlVector(v.position - origin) +
                     "\" rpy=\"" + xmlVector(v.rpy) + "\"/>\n      <geometry>" + geometry +
                     "</geometry>\n";
            if (v.color) {
                m_xml += "      <material name=\"" + xmlEscaped(link) + "_" + std::to_string(k) +
                         "\"><color rgba=\"" + xmlVector(*v.color) + " 1\"/></material>\n";
            }
            m_xml += "    </visual>\n";
        }
        if (!visuals.empty()) {
            m_result.map("link " + link + " visuals",
                         std::to_string(visuals.size()) + " visual(s) with their poses" +
                             (hasMesh(visuals) ? "; mesh files as written in the mechanism" : ""));
        }
    }

    static bool hasMesh(const std::vector<VisualSpec>& visuals) {
        for (const VisualSpec& v : visuals) {
            if (v.kind == VisualKind::Mesh) {
                return true;
            }
        }
        return false;
    }

    void writeLink(int b) {
        if (b < 0 && m_spec.ground.visuals.empty()) {
            m_xml += "  <link name=\"ground\"/>\n";
            return;
        }
        if (b < 0) {
            m_xml += "  <link name=\"ground\">\n";
            writeVisuals(m_spec.ground.visuals, "ground", Eigen::Vector3d::Zero());
            m_xml += "  </link>\n";
            return;
        }
        const BodySpec& body = m_spec.bodies[b];
        MassProperties own;
        own.mass = body.mass;
        own.com = Eigen::Vector3d(body.com_B.x(), body.com_B.y(), body.comZ_B);
        own.inertia = body.inertiaTensor ? *body.inertiaTensor : uniformInertiaTensor(body);
        const MassProperties m = foldCounterweights(own, body.counterweights, MotionSpace::Spatial);
        const Eigen::Matrix3d& I = m.inertia;
        m_xml += "  <link name=\"" + xmlEscaped(body.id) + "\">\n";
        m_xml += "    <inertial>\n      <origin xyz=\"" + xmlVector(m.com - m_linkOrigin[b]) +
                 "\" rpy=\"0 0 0\"/>\n      <mass value=\"" + xmlNumber(m.mass) +
                 "\"/>\n      <inertia ixx=\"" + xmlNumber(I(0, 0)) + "\" ixy=\"" +
                 xmlNumber(I(0, 1)) + "\" ixz=\"" + xmlNumber(I(0, 2)) + "\" iyy=\"" +
                 xmlNumber(I(1, 1)) + "\" iyz=\"" + xmlNumber(I(1, 2)) + "\" izz=\"" +
                 xmlNumber(I(2, 2)) + "\"/>\n    </inertial>\n";
        writeVisuals(body.visuals, body.id, m_linkOrigin[b]);
        m_xml += "  </link>\n";
        if (!body.counterweights.empty()) {
            m_result.map("body " + body.id + " counterweights",
                         "folded into the link's mass, COM and inertia");
        }
        if (body.id != body.name && !body.name.empty()) {
            m_result.drop("body " + body.id + " name", "the display name '" + body.name +
                                                           "' is not written (URDF names links by "
                                                           "their id)");
        }
    }

    /// One URDF joint: "continuous" or "prismatic" (a revolute joint with stops "revolute"
    /// with its <limit>), from `parent` to `child` at `origin` (in the parent link's frame)
    /// along `axis`, with `joint`'s stops,
    /// friction and damping when given: a bound the stops lack is written ±kNoStop (read back
    /// as none), effort and velocity 0 (URDF requires them; the mechanism has neither); the
    /// viscous friction adds to the damping (the same law, −c·q̇).
    void writeJointElement(const std::string& name,
                           bool revolute,
                           const std::string& parent,
                           const std::string& child,
                           const Eigen::Vector3d& origin,
                           const Eigen::Vector3d& axis,
                           const JointSpec* joint = nullptr) {
        const JointLimitsSpec* limits = joint && joint->limits ? &*joint->limits : nullptr;
        m_xml += "  <joint name=\"" + xmlEscaped(name) + "\" type=\"" +
                 (!revolute ? "prismatic"
                  : limits  ? "revolute"
                            : "continuous") +
                 "\">\n";
        m_xml += "    <parent link=\"" + xmlEscaped(parent) + "\"/>\n";
        m_xml += "    <child link=\"" + xmlEscaped(child) + "\"/>\n";
        m_xml += "    <origin xyz=\"" + xmlVector(origin) + "\" rpy=\"0 0 0\"/>\n";
        m_xml += "    <axis xyz=\"" + xmlVector(axis) + "\"/>\n";
        if (!revolute || limits) {
            const double lower = limits && limits->lower ? *limits->lower : -kNoStop;
            const double upper = limits && limits->upper ? *limits->upper : kNoStop;
            m_xml += "    <limit lower=\"" + xmlNumber(lower) + "\" upper=\"" + xmlNumber(upper) +
                     "\" effort=\"0\" velocity=\"0\"/>\n";
        }
        const double damping = joint ? (joint->springDamper ? joint->springDamper->damping : 0.0) +
                                           (joint->friction ? joint->friction->viscous : 0.0)
                                     : 0.0;
        const double coulomb = joint && joint->friction ? joint->friction->coulomb : 0.0;
        if (damping != 0 || coulomb != 0) {
            m_xml += "    <dynamics";
            if (damping != 0) {
                m_xml += " damping=\"" + xmlNumber(damping) + "\"";
            }
            if (coulomb != 0) {
                m_xml += " friction=\"" + xmlNumber(coulomb) + "\"";
            }
            m_xml += "/>\n";
        }
        m_xml += "  </joint>\n";
    }

    /// What writeJointElement made of a tree joint's stops and friction, in the result.
    void reportStopsAndFriction(const JointSpec& joint) {
        const std::string element = "joint " + joint.name;
        const bool revolute = joint.type == JointType::Revolute;
        if (joint.limits) {
            const JointLimitsSpec& l = *joint.limits;
            std::string note = std::string(revolute ? "revolute" : "prismatic") + " <limit> " +
                               boundsText(l) + (revolute ? " rad" : " m");
            if (!l.lower || !l.upper) {
                note +=
                    " (the missing bound written ±" + numberText(kNoStop) + ", read back as none)";
            }
            note += ", effort and velocity 0 (URDF requires them; none in the mechanism)";
            if (!defaultStops(l)) {
                note += "; the " + stopText(l) +
                        " are not written (URDF has neither): read "
                        "back as SSLM's defaults, " +
                        stopText(JointLimitsSpec{});
            } else {
                note += "; URDF has no stop stiffness or restitution: the " + stopText(l) +
                        " are SSLM's defaults, which the reader assumes";
            }
            m_result.approximate(element + " limit", note);
        } else if (!revolute) {
            m_result.approximate(element + " limit",
                                 "URDF requires a prismatic joint's <limit>: ±1e9 m, effort and "
                                 "velocity 0 (none in the mechanism)");
        }
        if (joint.friction) {
            const JointFrictionSpec& f = *joint.friction;
            if (f.coulomb != 0) {
                m_result.map(element + " friction",
                             "<dynamics friction=\"" + xmlNumber(f.coulomb) + "\">");
            }
            const double d = joint.springDamper ? joint.springDamper->damping : 0.0;
            reportFrictionApproximations(
                m_result, element, f,
                "<dynamics damping=\"" + xmlNumber(d + f.viscous) + "\">" +
                    (d != 0 ? " with the spring-damper's damping " + numberText(d) : ""),
                "URDF");
        }
    }

    /// A universal, cylindrical or spherical tree joint as a chain of hinges and a slide
    /// through massless links "<joint>__link1", "<joint>__link2" that meet at its point;
    /// importUrdf() recognises the chain and reads the joint back.
    void writeCompositeJoint(int b) {
        const JointSpec& joint = m_spec.joints[m_treeJoint[b]];
        const bool forward = m_forward[b];
        const double sign = forward ? 1.0 : -1.0;
        const std::vector<std::string> names = coordinateNames(joint);
        struct Step {
            std::string name;
            bool revolute;
            Eigen::Vector3d axis;
        };
        std::vector<Step> steps;
        std::string how;
        switch (joint.type) {
        case JointType::Universal:
            // R = R(a1, q1)·R(a2, q2) from the parent side; from the child side R(−a2, q2)·R(−a1,
            // q1)
            steps = forward ? std::vector<Step>{{names[0], true, joint.axis.normalized()},
                                                {names[1], true, joint.axis2.normalized()}}
                            : std::vector<Step>{{names[1], true, -joint.axis2.normalized()},
                                                {names[0], true, -joint.axis.normalized()}};
            how = "two perpendicular continuous joints through a massless link (exact)";
            break;
        case JointType::Cylindrical:
            steps = {{names[1], false, sign * joint.axis.normalized()},
                     {names[0], true, sign * joint.axis.normalized()}};
            how = "a prismatic and a continuous joint on one axis through a massless link (exact)";
            break;
        case JointType::Spherical:
            steps = {{names[0], true, Eigen::Vector3d::UnitX()},
                     {names[1], true, Eigen::Vector3d::UnitY()},
                     {names[2], true, Eigen::Vector3d::UnitZ()}};
            how = "three continuous joints about x, y, z through two massless links (a gimbal: "
                  "singular where the second angle is ±90°)";
            break;
        default:
            break;
        }
        const std::string parentLink = linkName(m_parent[b]);
        const std::string& childLink = m_spec.bodies[b].id;
        std::string from = parentLink;
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const bool last = k + 1 == steps.size();
            const std::string to = last ? childLink : joint.name + "__link" + std::to_string(k + 1);
            if (!last) {
                m_xml += "  <link name=\"" + xmlEscaped(to) + "\"/>\n";
            }
            writeJointElement(steps[k].name, steps[k].revolute, from, to,
                              k == 0 ? jointOrigin(b) : Eigen::Vector3d::Zero(), steps[k].axis);
            from = to;
        }
        const std::string note = std::string(jointTypeWord(joint.type)) + " joint " + parentLink +
                                 " → " + childLink + " as " + how +
                                 "; SSLM reads it back as one joint";
        if (joint.type == JointType::Spherical) {
            m_result.approximate("joint " + joint.name, note);
        } else {
            m_result.map("joint " + joint.name, note);
        }
        if (joint.springDamper) {
            m_result.drop("joint " + joint.name + " spring-damper",
                          "acts on one coordinate of a single-axis joint only");
        }
    }

    void writeTreeJoint(int b) {
        const JointSpec& joint = m_spec.joints[m_treeJoint[b]];
        if (joint.type != JointType::Revolute && joint.type != JointType::Prismatic) {
            writeCompositeJoint(b);
            return;
        }
        const bool forward = m_forward[b];
        const Eigen::Vector3d axis = (forward ? 1.0 : -1.0) * joint.axis.normalized();
        const std::string parentLink = linkName(m_parent[b]);
        const std::string& childLink = m_spec.bodies[b].id;
        const bool revolute = joint.type == JointType::Revolute;
        writeJointElement(joint.name, revolute, parentLink, childLink, jointOrigin(b), axis,
                          &joint);
        reportStopsAndFriction(joint);
        if (joint.springDamper) {
            if (joint.springDamper->stiffness != 0) {
                m_result.drop("joint " + joint.name + " spring",
                              "stiffness " + numberText(joint.springDamper->stiffness) + " (rest " +
                                  numberText(joint.springDamper->restPosition) +
                                  "): URDF has no joint spring");
            }
        }
        m_result.map("joint " + joint.name,
                     std::string(revolute ? "continuous" : "prismatic") + " joint " + parentLink +
                         " → " + childLink +
                         (forward
                              ? std::string()
                              : " (the tree runs child → parent: axis negated, same coordinate)"));
        if (joint.coordinateName() != joint.name) {
            m_result.approximate("coordinate " + joint.coordinateName(),
                                 "URDF names joints only: the coordinate is '" + joint.name +
                                     "' when read back");
        }
    }

    void writeCut(const JointSpec& cut) {
        const int bodyA = bodyIndex(cut.parent.body);
        const int bodyB = bodyIndex(cut.child.body);
        const std::string a = linkName(bodyA);
        const std::string b = linkName(bodyB);
        const Eigen::Vector3d onA =
            pointOf(cut.parent) - (bodyA < 0 ? Eigen::Vector3d::Zero() : m_linkOrigin[bodyA]);
        const Eigen::Vector3d onB =
            pointOf(cut.child) - (bodyB < 0 ? Eigen::Vector3d::Zero() : m_linkOrigin[bodyB]);
        const std::string name = xmlEscaped(cut.name);
        if (cut.type == JointType::Universal) {
            m_xml += "  <constraint name=\"" + name + "\" type=\"universal\">\n";
            m_xml += "    <parent link=\"" + xmlEscaped(a) + "\"/>\n";
            m_xml += "    <child link=\"" + xmlEscaped(b) + "\"/>\n";
            m_xml += "    <parent_origin xyz=\"" + xmlVector(onA) + "\" rpy=\"0 0 0\"/>\n";
            m_xml += "    <child_origin xyz=\"" + xmlVector(onB) + "\" rpy=\"0 0 0\"/>\n";
            m_xml += "    <parent_axis xyz=\"" + xmlVector(cut.axis.normalized()) + "\"/>\n";
            m_xml += "    <child_axis xyz=\"" + xmlVector(cut.axis2.normalized()) + "\"/>\n";
            m_xml += "  </constraint>\n";
            m_result.map("cut " + cut.name, "<constraint type=\"universal\"> between " + a +
                                                " and " + b +
                                                " (the proposed urdfdom element: a <loop> has one "
                                                "axis)");
        } else {
            const std::string type = jointTypeWord(cut.type);
            m_xml += "  <loop name=\"" + name + "\" type=\"" + type + "\">\n";
            m_xml += "    <predecessor link=\"" + xmlEscaped(a) + "\"><origin xyz=\"" +
                     xmlVector(onA) + "\" rpy=\"0 0 0\"/></predecessor>\n";
            m_xml += "    <successor link=\"" + xmlEscaped(b) + "\"><origin xyz=\"" +
                     xmlVector(onB) + "\" rpy=\"0 0 0\"/></successor>\n";
            if (cut.type != JointType::Spherical) {
                m_xml += "    <axis xyz=\"" + xmlVector(cut.axis.normalized()) + "\"/>\n";
            }
            m_xml += "  </loop>\n";
            m_result.map("cut " + cut.name,
                         "URDF+ <loop type=\"" + type + "\"> between " + a + " and " + b);
        }
        if (cut.springDamper) {
            m_result.drop("cut " + cut.name + " spring-damper",
                          "a loop closure has no dynamics in URDF");
        }
        if (cut.friction) {
            m_result.drop("cut " + cut.name + " friction",
                          "a loop closure has no dynamics in URDF");
        }
        if (cut.limits) {
            m_result.drop("cut " + cut.name + " limits",
                          "stops " + boundsText(*cut.limits) +
                              ": a loop closure has no <limit> in URDF");
        }
    }

    void notWritten() {
        if (!m_original.initial.independent.empty() || !m_original.initial.rates.empty()) {
            m_result.drop(
                "initial state",
                "URDF has no state: the file's pose is q = 0; set the initial state again "
                "after import");
        }
        if (!m_original.actuators.empty()) {
            m_result.drop("actuators",
                          std::to_string(m_original.actuators.size()) +
                              " actuator(s): URDF's <transmission> names no force signal");
        }
        if (!m_original.tracedPoints.empty()) {
            m_result.drop("traced points", std::to_string(m_original.tracedPoints.size()) +
                                               " traced point(s): URDF has no points on a link");
        }
        dropForceElements(m_result, m_original, "URDF");
        std::set<std::string> used;
        for (const JointSpec& joint : m_spec.joints) {
            used.insert(joint.parent.body + "\n" + joint.parent.point);
            used.insert(joint.child.body + "\n" + joint.child.point);
        }
        std::vector<std::string> free;
        for (const BodyPoint& p : m_spec.ground.points) {
            if (used.count(std::string(kGroundId) + "\n" + p.name) == 0) {
                free.push_back("ground." + p.name);
            }
        }
        for (const BodySpec& body : m_spec.bodies) {
            for (const BodyPoint& p : body.points) {
                if (used.count(body.id + "\n" + p.name) == 0) {
                    free.push_back(body.id + "." + p.name);
                }
            }
        }
        if (!free.empty()) {
            std::string names;
            for (const std::string& n : free) {
                names += (names.empty() ? "" : ", ") + n;
            }
            m_result.drop("points", names + ": URDF has no points on a link (only joint origins)");
        }
        m_result.drop("solver settings", "not a URDF notion");
    }

    const MechanismSpec& m_original;
    MechanismSpec m_spec;         ///< spatial
    std::vector<bool> m_isCut;    ///< per joint
    std::vector<int> m_order;     ///< the bodies from the ground out (breadth first)
    std::vector<int> m_treeJoint; ///< per body: its joint to its tree parent
    std::vector<int> m_parent;    ///< per body: its tree parent, -1 for the ground
    std::vector<bool> m_forward;  ///< per body: its tree joint's parent side is the tree parent
    std::vector<Eigen::Vector3d> m_linkOrigin; ///< per body: link origin in its body frame (m)
    std::vector<Eigen::Vector3d> m_bodyOrigin; ///< per body: body frame origin in W at q = 0 (m)
    ExportResult m_result;
    std::string m_xml;
};

} // namespace

ExportResult exportUrdf(const MechanismSpec& spec) {
    return UrdfWriter(spec).run();
}

} // namespace sslm
