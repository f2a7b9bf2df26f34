// SPDX-License-Identifier: MIT
#include "core/interop/urdf_export.hpp"

#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

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
/// The travel written as a prismatic joint's <limit>, which URDF requires (m).
constexpr double kPrismaticTravel = 1e9;

class UrdfWriter {
public:
    explicit UrdfWriter(const MechanismSpec& spec) : original_(spec) {}

    ExportResult run() {
        result_.format = "urdf";
        try {
            spec_ = spatialFromPlanar(original_);
        } catch (const std::invalid_argument& e) {
            fail("mechanism", e.what(), "fix the mechanism (sslm check) and export again");
            return std::move(result_);
        }
        result_.diagnostics = validateSpec(spec_);
        if (hasErrors(result_.diagnostics) || !buildTree()) {
            return std::move(result_);
        }
        header();
        writeLink(-1);
        for (const int b : order_) {
            writeLink(b);
        }
        for (const int b : order_) {
            writeTreeJoint(b);
        }
        for (std::size_t j = 0; j < spec_.joints.size(); ++j) {
            if (isCut_[j]) {
                writeCut(spec_.joints[j]);
            }
        }
        xml_ += "</robot>\n";
        notWritten();
        result_.text = std::move(xml_);
        return std::move(result_);
    }

private:
    void mapped(std::string element, std::string note) {
        result_.mapped.push_back({std::move(element), std::move(note)});
    }
    void approximated(std::string element, std::string note) {
        result_.approximated.push_back({std::move(element), std::move(note)});
    }
    void dropped(std::string element, std::string note) {
        result_.dropped.push_back({std::move(element), std::move(note)});
    }
    void fail(const std::string& where, const std::string& message, const std::string& hint) {
        Diagnostic d;
        d.where = where;
        d.message = message;
        d.hint = hint;
        result_.diagnostics.push_back(d);
    }

    /// A body's index in the spec, -1 for the ground.
    int bodyIndex(const std::string& id) const {
        for (std::size_t b = 0; b < spec_.bodies.size(); ++b) {
            if (spec_.bodies[b].id == id) {
                return static_cast<int>(b);
            }
        }
        return -1;
    }

    /// A joint end's point in its body frame (m); validateSpec has found it.
    Eigen::Vector3d pointOf(const JointEnd& end) const {
        return findBodyPoint(spec_, end)->position3();
    }

    /// The link name of body b (-1: the ground).
    std::string linkName(int b) const { return b < 0 ? std::string("ground") : spec_.bodies[b].id; }

    /// The cut joints (the spec's, or the automatic choice when it names none) and the spanning
    /// tree of the others, from the ground: each body's tree joint, its tree parent, and its
    /// link origin in its body frame and in W at q = 0, where all body frames are parallel to W.
    bool buildTree() {
        const MechanismGraph graph = mechanismGraph(spec_);
        isCut_.assign(spec_.joints.size(), false);
        if (spec_.cuts.empty()) {
            for (const int j : chooseCuts(graph)) {
                isCut_[j] = true;
            }
        }
        for (const std::string& name : spec_.cuts) {
            for (std::size_t j = 0; j < spec_.joints.size(); ++j) {
                isCut_[j] = isCut_[j] || spec_.joints[j].name == name;
            }
        }
        const CutSetCheck check = checkCutSet(graph, isCut_);
        if (!check.ok()) {
            fail("cuts",
                 "the cut joints do not leave a spanning tree (" +
                     std::to_string(check.closedCycles.size()) + " loop(s) left closed, " +
                     std::to_string(check.disconnectedNodes.size()) +
                     " body(ies) cut off from the ground)",
                 "cut one joint of every loop and no more (sslm check says which)");
            return false;
        }
        const std::size_t n = spec_.bodies.size();
        treeJoint_.assign(n, -1);
        parent_.assign(n, -1);
        forward_.assign(n, true);
        linkOrigin_.assign(n, Eigen::Vector3d::Zero());
        bodyOrigin_.assign(n, Eigen::Vector3d::Zero());
        std::vector<int> open{-1};
        std::vector<bool> placed(n, false);
        while (!open.empty()) {
            const int from = open.front();
            open.erase(open.begin());
            const std::string fromId = from < 0 ? std::string(kGroundId) : spec_.bodies[from].id;
            const Eigen::Vector3d fromOrigin =
                from < 0 ? Eigen::Vector3d::Zero() : bodyOrigin_[from];
            for (std::size_t j = 0; j < spec_.joints.size(); ++j) {
                const JointSpec& joint = spec_.joints[j];
                if (isCut_[j] || (joint.parent.body != fromId && joint.child.body != fromId)) {
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
                treeJoint_[to] = static_cast<int>(j);
                parent_[to] = from;
                forward_[to] = forward;
                linkOrigin_[to] = pointOf(onChild);
                bodyOrigin_[to] = fromOrigin + pointOf(onParent) - linkOrigin_[to];
                order_.push_back(to);
                open.push_back(to);
            }
        }
        return !hasErrors(result_.diagnostics);
    }

    /// Link frame of body b relative to its parent link's frame (m).
    Eigen::Vector3d jointOrigin(int b) const {
        const int parent = parent_[b];
        const Eigen::Vector3d parentLink =
            parent < 0 ? Eigen::Vector3d::Zero()
                       : Eigen::Vector3d(bodyOrigin_[parent] + linkOrigin_[parent]);
        return bodyOrigin_[b] + linkOrigin_[b] - parentLink;
    }

    void header() {
        const std::string name = spec_.name.empty() ? std::string("mechanism") : spec_.name;
        xml_ += "<?xml version=\"1.0\"?>\n";
        xml_ += "<!-- Written by SSLM Studio (exportUrdf) from '" + xmlComment(name) +
                "': the pose at q = 0, link frames parallel to the world there. The loops are "
                "URDF+ <loop> elements (a universal one the proposed <constraint>); readers "
                "without them see the spanning tree. -->\n";
        xml_ += "<robot name=\"" + xmlEscaped(name) + "\">\n";
        if ((gravity3(spec_) - kUrdfGravity).norm() > 1e-12) {
            approximated("gravity", vectorText(gravity3(spec_)) +
                                        " m/s² is not written: URDF has no gravity, and its "
                                        "readers assume (0, 0, -9.81)");
        }
        if (original_.space == MotionSpace::Planar) {
            mapped("plane", "the planar mechanism drawn in the x–z plane, z up (planar X → x, "
                            "Y → z); revolute axes along −y");
        }
    }

    void writeVisuals(const std::vector<VisualSpec>& visuals,
                      const std::string& link,
                      const Eigen::Vector3d& origin) {
        int k = 0;
        for (const VisualSpec& v : visuals) {
            ++k;
            std::string geometry;
            switch (v.kind) {
            case VisualKind::Mesh:
                geometry =
                    "<mesh filename=\"" + xmlEscaped(v.file) + "\"" +
                    (v.scale == Eigen::Vector3d::Ones() ? std::string()
                                                        : " scale=\"" + xmlVector(v.scale) + "\"") +
                    "/>";
                break;
            case VisualKind::Box:
                geometry = "<box size=\"" + xmlVector(v.size) + "\"/>";
                break;
            case VisualKind::Cylinder:
                geometry = "<cylinder radius=\"" + xmlNumber(v.radius) + "\" length=\"" +
                           xmlNumber(v.length) + "\"/>";
                break;
            case VisualKind::Sphere:
                geometry = "<sphere radius=\"" + xmlNumber(v.radius) + "\"/>";
                break;
            }
            xml_ += "    <visual>\n      <origin xyz=\"" + xmlVector(v.position - origin) +
                    "\" rpy=\"" + xmlVector(v.rpy) + "\"/>\n      <geometry>" + geometry +
                    "</geometry>\n";
            if (v.color) {
                xml_ += "      <material name=\"" + xmlEscaped(link) + "_" + std::to_string(k) +
                        "\"><color rgba=\"" + xmlVector(*v.color) + " 1\"/></material>\n";
            }
            xml_ += "    </visual>\n";
        }
        if (!visuals.empty()) {
            mapped("link " + link + " visuals",
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
        if (b < 0 && spec_.ground.visuals.empty()) {
            xml_ += "  <link name=\"ground\"/>\n";
            return;
        }
        if (b < 0) {
            xml_ += "  <link name=\"ground\">\n";
            writeVisuals(spec_.ground.visuals, "ground", Eigen::Vector3d::Zero());
            xml_ += "  </link>\n";
            return;
        }
        const BodySpec& body = spec_.bodies[b];
        MassProperties own;
        own.mass = body.mass;
        own.com = Eigen::Vector3d(body.com_B.x(), body.com_B.y(), body.comZ_B);
        own.inertia = body.inertiaTensor ? *body.inertiaTensor : uniformInertiaTensor(body);
        const MassProperties m = foldCounterweights(own, body.counterweights, MotionSpace::Spatial);
        const Eigen::Matrix3d& I = m.inertia;
        xml_ += "  <link name=\"" + xmlEscaped(body.id) + "\">\n";
        xml_ += "    <inertial>\n      <origin xyz=\"" + xmlVector(m.com - linkOrigin_[b]) +
                "\" rpy=\"0 0 0\"/>\n      <mass value=\"" + xmlNumber(m.mass) +
                "\"/>\n      <inertia ixx=\"" + xmlNumber(I(0, 0)) + "\" ixy=\"" +
                xmlNumber(I(0, 1)) + "\" ixz=\"" + xmlNumber(I(0, 2)) + "\" iyy=\"" +
                xmlNumber(I(1, 1)) + "\" iyz=\"" + xmlNumber(I(1, 2)) + "\" izz=\"" +
                xmlNumber(I(2, 2)) + "\"/>\n    </inertial>\n";
        writeVisuals(body.visuals, body.id, linkOrigin_[b]);
        xml_ += "  </link>\n";
        if (!body.counterweights.empty()) {
            mapped("body " + body.id + " counterweights",
                   "folded into the link's mass, COM and inertia");
        }
        if (body.id != body.name && !body.name.empty()) {
            dropped("body " + body.id + " name", "the display name '" + body.name +
                                                     "' is not written (URDF names links by "
                                                     "their id)");
        }
    }

    /// One URDF joint: `type` "continuous" or "prismatic", from `parent` to `child` at `origin`
    /// (in the parent link's frame) along `axis`.
    void writeJointElement(const std::string& name,
                           bool revolute,
                           const std::string& parent,
                           const std::string& child,
                           const Eigen::Vector3d& origin,
                           const Eigen::Vector3d& axis,
                           double damping = 0) {
        xml_ += "  <joint name=\"" + xmlEscaped(name) + "\" type=\"" +
                (revolute ? "continuous" : "prismatic") + "\">\n";
        xml_ += "    <parent link=\"" + xmlEscaped(parent) + "\"/>\n";
        xml_ += "    <child link=\"" + xmlEscaped(child) + "\"/>\n";
        xml_ += "    <origin xyz=\"" + xmlVector(origin) + "\" rpy=\"0 0 0\"/>\n";
        xml_ += "    <axis xyz=\"" + xmlVector(axis) + "\"/>\n";
        if (!revolute) {
            xml_ += "    <limit lower=\"" + xmlNumber(-kPrismaticTravel) + "\" upper=\"" +
                    xmlNumber(kPrismaticTravel) + "\" effort=\"0\" velocity=\"0\"/>\n";
        }
        if (damping != 0) {
            xml_ += "    <dynamics damping=\"" + xmlNumber(damping) + "\"/>\n";
        }
        xml_ += "  </joint>\n";
    }

    /// A universal, cylindrical or spherical tree joint as a chain of hinges and a slide
    /// through massless links "<joint>__link1", "<joint>__link2" that meet at its point;
    /// importUrdf() recognises the chain and reads the joint back.
    void writeCompositeJoint(int b) {
        const JointSpec& joint = spec_.joints[treeJoint_[b]];
        const bool forward = forward_[b];
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
        const std::string parentLink = linkName(parent_[b]);
        const std::string& childLink = spec_.bodies[b].id;
        std::string from = parentLink;
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const bool last = k + 1 == steps.size();
            const std::string to = last ? childLink : joint.name + "__link" + std::to_string(k + 1);
            if (!last) {
                xml_ += "  <link name=\"" + xmlEscaped(to) + "\"/>\n";
            }
            writeJointElement(steps[k].name, steps[k].revolute, from, to,
                              k == 0 ? jointOrigin(b) : Eigen::Vector3d::Zero(), steps[k].axis);
            from = to;
        }
        const std::string note = std::string(jointTypeWord(joint.type)) + " joint " + parentLink +
                                 " → " + childLink + " as " + how +
                                 "; SSLM reads it back as one joint";
        if (joint.type == JointType::Spherical) {
            approximated("joint " + joint.name, note);
        } else {
            mapped("joint " + joint.name, note);
        }
        if (joint.springDamper) {
            dropped("joint " + joint.name + " spring-damper",
                    "acts on one coordinate of a single-axis joint only");
        }
    }

    void writeTreeJoint(int b) {
        const JointSpec& joint = spec_.joints[treeJoint_[b]];
        if (joint.type != JointType::Revolute && joint.type != JointType::Prismatic) {
            writeCompositeJoint(b);
            return;
        }
        const bool forward = forward_[b];
        const Eigen::Vector3d axis = (forward ? 1.0 : -1.0) * joint.axis.normalized();
        const std::string parentLink = linkName(parent_[b]);
        const std::string& childLink = spec_.bodies[b].id;
        const bool revolute = joint.type == JointType::Revolute;
        writeJointElement(joint.name, revolute, parentLink, childLink, jointOrigin(b), axis,
                          joint.springDamper ? joint.springDamper->damping : 0.0);
        if (!revolute) {
            approximated("joint " + joint.name + " limit",
                         "URDF requires a prismatic joint's <limit>: ±1e9 m, effort and "
                         "velocity 0 (none in the mechanism)");
        }
        if (joint.springDamper) {
            if (joint.springDamper->stiffness != 0) {
                dropped("joint " + joint.name + " spring",
                        "stiffness " + numberText(joint.springDamper->stiffness) + " (rest " +
                            numberText(joint.springDamper->restPosition) +
                            "): URDF has no joint spring");
            }
        }
        mapped("joint " + joint.name,
               std::string(revolute ? "continuous" : "prismatic") + " joint " + parentLink + " → " +
                   childLink +
                   (forward ? std::string()
                            : " (the tree runs child → parent: axis negated, same coordinate)"));
        if (joint.coordinateName() != joint.name) {
            approximated("coordinate " + joint.coordinateName(),
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
            pointOf(cut.parent) - (bodyA < 0 ? Eigen::Vector3d::Zero() : linkOrigin_[bodyA]);
        const Eigen::Vector3d onB =
            pointOf(cut.child) - (bodyB < 0 ? Eigen::Vector3d::Zero() : linkOrigin_[bodyB]);
        const std::string name = xmlEscaped(cut.name);
        if (cut.type == JointType::Universal) {
            xml_ += "  <constraint name=\"" + name + "\" type=\"universal\">\n";
            xml_ += "    <parent link=\"" + xmlEscaped(a) + "\"/>\n";
            xml_ += "    <child link=\"" + xmlEscaped(b) + "\"/>\n";
            xml_ += "    <parent_origin xyz=\"" + xmlVector(onA) + "\" rpy=\"0 0 0\"/>\n";
            xml_ += "    <child_origin xyz=\"" + xmlVector(onB) + "\" rpy=\"0 0 0\"/>\n";
            xml_ += "    <parent_axis xyz=\"" + xmlVector(cut.axis.normalized()) + "\"/>\n";
            xml_ += "    <child_axis xyz=\"" + xmlVector(cut.axis2.normalized()) + "\"/>\n";
            xml_ += "  </constraint>\n";
            mapped("cut " + cut.name, "<constraint type=\"universal\"> between " + a + " and " + b +
                                          " (the proposed urdfdom element: a <loop> has one "
                                          "axis)");
        } else {
            const std::string type = jointTypeWord(cut.type);
            xml_ += "  <loop name=\"" + name + "\" type=\"" + type + "\">\n";
            xml_ += "    <predecessor link=\"" + xmlEscaped(a) + "\"><origin xyz=\"" +
                    xmlVector(onA) + "\" rpy=\"0 0 0\"/></predecessor>\n";
            xml_ += "    <successor link=\"" + xmlEscaped(b) + "\"><origin xyz=\"" +
                    xmlVector(onB) + "\" rpy=\"0 0 0\"/></successor>\n";
            if (cut.type != JointType::Spherical) {
                xml_ += "    <axis xyz=\"" + xmlVector(cut.axis.normalized()) + "\"/>\n";
            }
            xml_ += "  </loop>\n";
            mapped("cut " + cut.name,
                   "URDF+ <loop type=\"" + type + "\"> between " + a + " and " + b);
        }
        if (cut.springDamper) {
            dropped("cut " + cut.name + " spring-damper", "a loop closure has no dynamics in URDF");
        }
    }

    void notWritten() {
        if (!original_.initial.independent.empty() || !original_.initial.rates.empty()) {
            dropped("initial state",
                    "URDF has no state: the file's pose is q = 0; set the initial state again "
                    "after import");
        }
        if (!original_.actuators.empty()) {
            dropped("actuators", std::to_string(original_.actuators.size()) +
                                     " actuator(s): URDF's <transmission> names no force signal");
        }
        if (!original_.tracedPoints.empty()) {
            dropped("traced points", std::to_string(original_.tracedPoints.size()) +
                                         " traced point(s): URDF has no points on a link");
        }
        std::set<std::string> used;
        for (const JointSpec& joint : spec_.joints) {
            used.insert(joint.parent.body + "\n" + joint.parent.point);
            used.insert(joint.child.body + "\n" + joint.child.point);
        }
        std::vector<std::string> free;
        for (const BodyPoint& p : spec_.ground.points) {
            if (used.count(std::string(kGroundId) + "\n" + p.name) == 0) {
                free.push_back("ground." + p.name);
            }
        }
        for (const BodySpec& body : spec_.bodies) {
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
            dropped("points", names + ": URDF has no points on a link (only joint origins)");
        }
        dropped("solver settings", "not a URDF notion");
    }

    const MechanismSpec& original_;
    MechanismSpec spec_;         ///< spatial
    std::vector<bool> isCut_;    ///< per joint
    std::vector<int> order_;     ///< the bodies from the ground out (breadth first)
    std::vector<int> treeJoint_; ///< per body: its joint to its tree parent
    std::vector<int> parent_;    ///< per body: its tree parent, -1 for the ground
    std::vector<bool> forward_;  ///< per body: its tree joint's parent side is the tree parent
    std::vector<Eigen::Vector3d> linkOrigin_; ///< per body: link origin in its body frame (m)
    std::vector<Eigen::Vector3d> bodyOrigin_; ///< per body: body frame origin in W at q = 0 (m)
    ExportResult result_;
    std::string xml_;
};

} // namespace

ExportResult exportUrdf(const MechanismSpec& spec) {
    return UrdfWriter(spec).run();
}

} // namespace sslm
