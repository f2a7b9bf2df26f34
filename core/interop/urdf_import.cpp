// SPDX-License-Identifier: MIT
// Over 600 lines: URDF and its loop-closure extensions (URDF+, Extended URDF) read into one link
// tree: the three share every link, joint and visual rule.
#include "core/interop/urdf_import.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include <Eigen/Geometry>

#include "core/interop/extended_urdf.hpp"
#include "core/interop/import_sink.hpp"
#include "core/interop/joint_extras.hpp"
#include "core/interop/link_group.hpp"
#include "core/interop/mesh_reference.hpp"
#include "core/interop/model_file.hpp"
#include "core/interop/report_text.hpp"
#include "core/interop/rigid_frame.hpp"
#include "core/interop/triangle_mesh.hpp"
#include "core/interop/xml_error.hpp"
#include "core/spatial/roll_pitch_yaw.hpp"
#include "core/spec/joint_kinds.hpp"
#include "core/spec/spec_validate.hpp"

#include <console_bridge/console.h>
#include <tinyxml2.h>
#include <urdf_parser/urdf_parser.h>

namespace sslm {

namespace {

RigidFrame toFrame(const urdf::Pose& pose) {
    RigidFrame f;
    const Eigen::Quaterniond q(pose.rotation.w, pose.rotation.x, pose.rotation.y, pose.rotation.z);
    f.R = q.normalized().toRotationMatrix();
    f.p = {pose.position.x, pose.position.y, pose.position.z};
    return f;
}

/// URDF's roll-pitch-yaw: fixed axes x, then y, then z: R = Rz(yaw) Ry(pitch) Rx(roll).
Eigen::Matrix3d rpyMatrix(const Eigen::Vector3d& rpy) {
    return (Eigen::AngleAxisd(rpy.z(), Eigen::Vector3d::UnitZ()) *
            Eigen::AngleAxisd(rpy.y(), Eigen::Vector3d::UnitY()) *
            Eigen::AngleAxisd(rpy.x(), Eigen::Vector3d::UnitX()))
        .toRotationMatrix();
}

/// Collects what urdfdom reports through console_bridge, instead of printing it.
class CapturedLog : public console_bridge::OutputHandler {
public:
    CapturedLog() { console_bridge::useOutputHandler(this); }
    ~CapturedLog() override { console_bridge::restorePreviousOutputHandler(); }
    CapturedLog(const CapturedLog&) = delete;
    CapturedLog& operator=(const CapturedLog&) = delete;

    void log(const std::string& text,
             console_bridge::LogLevel level,
             const char* /*filename*/,
             int /*line*/) override {
        if (level >= console_bridge::CONSOLE_BRIDGE_LOG_ERROR) {
            errors.push_back(text);
        }
    }

    std::vector<std::string> errors;
};

/// One loop closure read beside urdfdom: a URDF+ <loop> or a proposed <constraint>.
struct Closure {
    std::string element; ///< "loop" or "constraint"
    std::string name;
    std::string type;
    int line = 0;
    std::string linkA, linkB;    ///< predecessor/parent, successor/child
    RigidFrame originA, originB; ///< the closure's frame on each link, in the link's frame
    Eigen::Vector3d axisA = Eigen::Vector3d::UnitX(); ///< in originA's frame
    std::optional<Eigen::Vector3d> axisB;             ///< in originB's frame (constraint)
};

/// A universal, cylindrical or spherical joint written as hinges and a slide through massless
/// links that meet at its point (as exportUrdf writes them, and CAD exporters ball joints).
struct Composite {
    JointType type = JointType::Universal;
    std::string name;
    std::vector<const urdf::Joint*> chain; ///< from the parent side
    std::vector<std::string> links;        ///< the massless links between them
};

class UrdfImporter {
public:
    UrdfImporter(std::string_view text,
                 std::string source,
                 const ExtendedUrdf* extended,
                 LoopNote loopNote)
        : m_text(text), m_source(std::move(source)), m_sink(ModelFormat::Urdf, m_source, loopNote),
          m_extended(extended) {}

    ImportResult run() {
        if (!scanXml()) {
            return m_sink.take();
        }
        urdf::ModelInterfaceSharedPtr model;
        {
            CapturedLog log;
            model = urdf::parseURDF(std::string(m_text));
            if (!model) {
                std::string why =
                    log.errors.empty() ? "urdfdom could not read the model" : log.errors.front();
                for (std::size_t k = 1; k < log.errors.size(); ++k) {
                    why += "; " + log.errors[k];
                }
                m_sink.error(
                    "robot", m_rootLine, "urdfdom refused the file: " + why,
                    "fix the element it names (every joint needs a parent, a child and a known "
                    "type, every link a unique name, and the links must form one tree)");
                return m_sink.take();
            }
        }
        build(*model);
        return m_sink.take();
    }

private:
    // ---- lines ----------------------------------------------------------------------------

    int jointLine(const std::string& name) const {
        const auto it = m_jointLines.find(name);
        return it == m_jointLines.end() ? 0 : it->second;
    }
    int linkLine(const std::string& name) const {
        const auto it = m_linkLines.find(name);
        return it == m_linkLines.end() ? 0 : it->second;
    }

    // ---- the TinyXML2 pass: well-formedness, joint types, lines, loop closures ------------

    bool scanXml() {
        tinyxml2::XMLDocument doc;
        const tinyxml2::XMLElement* robot =
            parseRootElement(doc, m_text, "robot", "a URDF file is one <robot> element", m_sink);
        if (robot == nullptr) {
            return false;
        }
        m_rootLine = robot->GetLineNum();
        for (const tinyxml2::XMLElement* e = robot->FirstChildElement(); e != nullptr;
             e = e->NextSiblingElement()) {
            const std::string_view tag = e->Name();
            const char* name = e->Attribute("name");
            if (tag == "link" && name) {
                m_linkLines[name] = e->GetLineNum();
            } else if (tag == "joint") {
                scanJoint(*e);
            } else if (tag == "loop" || tag == "constraint") {
                readClosure(*e);
            } else if (tag == "transmission") {
                m_sink.drop("transmission " + std::string(name ? name : ""),
                            "actuator transmissions are not modelled; add actuators in SSLM");
            } else if (tag == "gazebo") {
                const char* ref = e->Attribute("reference");
                m_sink.drop("gazebo" + (ref ? " " + std::string(ref) : std::string()),
                            "simulator-specific settings are ignored");
            }
        }
        return !m_sink.failed();
    }

    void scanJoint(const tinyxml2::XMLElement& e) {
        const char* name = e.Attribute("name");
        const char* type = e.Attribute("type");
        const std::string element =
            "joint" + (name ? " name=\"" + std::string(name) + "\"" : std::string());
        if (name) {
            m_jointLines[name] = e.GetLineNum();
        }
        if (type == nullptr) {
            m_sink.error(element, e.GetLineNum(), "the joint has no type",
                         "add type=\"revolute\", \"continuous\", \"prismatic\" or \"fixed\"");
            return;
        }
        const std::string_view t = type;
        if (t == "floating" || t == "planar") {
            m_sink.error(
                element, e.GetLineNum(), "joint type '" + std::string(t) + "' is not supported",
                "SSLM's mechanisms are fixed to the ground: make it \"fixed\", or build it "
                "from revolute and prismatic joints");
        } else if (t != "revolute" && t != "continuous" && t != "prismatic" && t != "fixed") {
            m_sink.error(
                element, e.GetLineNum(), "unknown joint type '" + std::string(t) + "'",
                "use \"revolute\", \"continuous\", \"prismatic\" or \"fixed\" (URDF's joint "
                "types; loops close with <loop> elements)");
        }
    }

    /// Reads "a b c" into v; false when it is not three finite numbers.
    static bool threeNumbers(const char* text, Eigen::Vector3d& v) {
        if (text == nullptr) {
            return false;
        }
        std::istringstream in(text);
        in.imbue(std::locale::classic());
        if (!(in >> v.x() >> v.y() >> v.z()) || !v.allFinite()) {
            return false;
        }
        std::string rest;
        return !(in >> rest);
    }

    /// An <origin xyz rpy> element (absent: identity) into `frame`.
    bool readOrigin(const tinyxml2::XMLElement* origin, const Closure& c, RigidFrame& frame) {
        if (origin == nullptr) {
            return true;
        }
        Eigen::Vector3d xyz = Eigen::Vector3d::Zero();
        Eigen::Vector3d rpy = Eigen::Vector3d::Zero();
        const char* xyzText = origin->Attribute("xyz");
        const char* rpyText = origin->Attribute("rpy");
        if ((xyzText && !threeNumbers(xyzText, xyz)) || (rpyText && !threeNumbers(rpyText, rpy))) {
            m_sink.error(std::string(origin->Name()) + " of " + c.element + " " + c.name,
                         origin->GetLineNum(), "xyz and rpy must be three numbers each",
                         "write e.g. xyz=\"0 0 0.1\" rpy=\"0 0 0\"");
            return false;
        }
        frame.R = rpyMatrix(rpy);
        frame.p = xyz;
        return true;
    }

    /// The link a <predecessor>/<successor>/<parent>/<child> names (link= or name=).
    static std::string linkOf(const tinyxml2::XMLElement* e) {
        if (e == nullptr) {
            return {};
        }
        const char* link = e->Attribute("link");
        if (link == nullptr) {
            link = e->Attribute("name");
        }
        return link ? link : "";
    }

    static const tinyxml2::XMLElement*
    child(const tinyxml2::XMLElement& e, const char* a, const char* b = nullptr) {
        const tinyxml2::XMLElement* found = e.FirstChildElement(a);
        return found == nullptr && b != nullptr ? e.FirstChildElement(b) : found;
    }

    void readClosure(const tinyxml2::XMLElement& e) {
        Closure c;
        c.element = e.Name();
        c.line = e.GetLineNum();
        const char* name = e.Attribute("name");
        const char* type = e.Attribute("type");
        c.name = name ? name : "";
        const std::string element = c.element + (name ? " name=\"" + c.name + "\"" : std::string());
        if (c.name.empty()) {
            m_sink.error(element, c.line, "the loop closure has no name", "add name=\"…\"");
            return;
        }
        if (type == nullptr) {
            m_sink.error(element, c.line, "the loop closure has no type",
                         "add type=\"revolute\", \"prismatic\", \"cylindrical\", \"universal\" or "
                         "\"spherical\"");
            return;
        }
        c.type = type;
        const bool isLoop = c.element == "loop";
        // URDF+: <predecessor link|name> and <successor …>, each with an <origin> inside or a
        // sibling <predecessor_origin>/<successor_origin>; one <axis> in the predecessor's
        // frame. Proposed <constraint>: <parent link>, <parent_origin>, <parent_axis>, and the
        // same for <child>.
        const tinyxml2::XMLElement* a = isLoop ? child(e, "predecessor") : child(e, "parent");
        const tinyxml2::XMLElement* b =
            isLoop ? child(e, "successor", "sucessor") : child(e, "child");
        c.linkA = linkOf(a);
        c.linkB = linkOf(b);
        if (c.linkA.empty() || c.linkB.empty()) {
            m_sink.error(element, c.line,
                         std::string("the loop closure does not name both links: it needs <") +
                             (isLoop ? "predecessor link=\"…\"/> and <successor link=\"…\"/>"
                                     : "parent link=\"…\"/> and <child link=\"…\"/>"),
                         "name the two links the closure joins");
            return;
        }
        const tinyxml2::XMLElement* originA =
            isLoop ? (a->FirstChildElement("origin") ? a->FirstChildElement("origin")
                                                     : child(e, "predecessor_origin"))
                   : child(e, "parent_origin");
        const tinyxml2::XMLElement* originB =
            isLoop ? (b->FirstChildElement("origin") ? b->FirstChildElement("origin")
                                                     : child(e, "successor_origin"))
                   : child(e, "child_origin");
        if (!readOrigin(originA, c, c.originA) || !readOrigin(originB, c, c.originB)) {
            return;
        }
        const tinyxml2::XMLElement* axisA = isLoop ? child(e, "axis") : child(e, "parent_axis");
        if (axisA != nullptr && !threeNumbers(axisA->Attribute("xyz"), c.axisA)) {
            m_sink.error(element, axisA->GetLineNum(),
                         "the axis must be xyz=\"x y z\", three numbers",
                         "write e.g. <axis xyz=\"0 0 1\"/>");
            return;
        }
        if (const tinyxml2::XMLElement* axisB = isLoop ? nullptr : child(e, "child_axis")) {
            Eigen::Vector3d v;
            if (!threeNumbers(axisB->Attribute("xyz"), v)) {
                m_sink.error(element, axisB->GetLineNum(),
                             "the child axis must be xyz=\"x y z\", three numbers",
                             "write e.g. <child_axis xyz=\"0 1 0\"/>");
                return;
            }
            c.axisB = v;
        }
        m_closures.push_back(std::move(c));
    }

    // ---- the model -------------------------------------------------------------------------

    using Group = LinkGroup;

    static void addPoint(Group& group, const std::string& name, const Eigen::Vector3d& pW) {
        group.addPoint(name, pW);
    }

    void build(const urdf::ModelInterface& model) {
        MechanismSpec spec;
        spec.name = model.getName();
        spec.space = MotionSpace::Spatial;
        spec.gravity = {0.0, 0.0};
        spec.gravityZ = -9.81;
        m_sink.approximate("gravity",
                           "URDF has none: −9.81 m/s² along −z (ROS's convention, z up)");

        const urdf::LinkConstSharedPtr root = model.getRoot();
        if (!root) {
            m_sink.error("robot", m_rootLine, "the model has no root link",
                         "add at least one <link>");
            return;
        }
        const std::vector<urdf::LinkConstSharedPtr> order = makeGroups(model, root);
        findComposites(model, order);
        std::vector<JointSpec> pointClosures;
        if (m_extended != nullptr) {
            applyExtendedClosures(model, pointClosures);
        }
        for (const urdf::LinkConstSharedPtr& link : order) {
            if (m_virtualGroups.count(m_groupOf[link->name]) == 0) {
                addLink(*link, link == root);
            }
        }
        addTreeJoints(order, spec);
        for (const Closure& c : m_closures) {
            addClosure(c, spec);
        }
        addPointClosures(pointClosures, spec);
        if (m_extended != nullptr) {
            applyExtendedMotors(spec);
        }
        if (m_sink.failed()) {
            return;
        }
        addBodies(spec);
        m_sink.initialStateAtFilePose(spec, "the pose at q = 0");
        std::ostringstream description;
        description << "Imported from " << std::filesystem::path(m_source).filename().string()
                    << " (URDF) by sslm import: " << order.size() << " links, "
                    << model.joints_.size() << " joints, " << m_closures.size()
                    << " loop closure(s). The pose at zero joint values is the initial state.";
        spec.description = description.str();
        if (m_sink.failed()) {
            return;
        }
        m_sink.adopt(std::move(spec));
    }

    /// World poses at q = 0 and the welded groups; returns the links, parents first.
    std::vector<urdf::LinkConstSharedPtr> makeGroups(const urdf::ModelInterface& model,
                                                     const urdf::LinkConstSharedPtr& root) {
        std::vector<urdf::LinkConstSharedPtr> order{root};
        m_frames[root->name] = RigidFrame{};
        m_groupOf[root->name] = 0;
        m_sink.map("link " + root->name, "the root link is the ground");
        for (std::size_t k = 0; k < order.size(); ++k) {
            const urdf::LinkConstSharedPtr link = order[k]; // a copy: order grows below
            for (const urdf::JointSharedPtr& joint : link->child_joints) {
                const urdf::LinkConstSharedPtr childLink = model.getLink(joint->child_link_name);
                if (!childLink) {
                    continue;
                }
                const RigidFrame f =
                    m_frames[link->name] * toFrame(joint->parent_to_joint_origin_transform);
                m_frames[childLink->name] = f;
                if (joint->type == urdf::Joint::FIXED || convertedType(joint->name) == "FIXED") {
                    m_groupOf[childLink->name] = m_groupOf[link->name];
                } else {
                    m_groupOf[childLink->name] = static_cast<int>(m_sink.groups().size());
                    std::string id = childLink->name;
                    if (id == kGroundId) {
                        id = "ground_link";
                        m_sink.approximate("link ground", "renamed ground_link: 'ground' is the "
                                                          "ground's reserved id");
                    }
                    m_creatorJoint[static_cast<int>(m_sink.groups().size())] = joint->name;
                    m_sink.addGroup(id, f.p);
                }
                order.push_back(childLink);
            }
        }
        return order;
    }

    /// The tree's joints in link order; a composite joint once, at the first joint of its chain.
    void addTreeJoints(const std::vector<urdf::LinkConstSharedPtr>& order, MechanismSpec& spec) {
        for (const urdf::LinkConstSharedPtr& link : order) {
            for (const urdf::JointSharedPtr& joint : link->child_joints) {
                const auto composite = m_compositeOf.find(joint->name);
                if (composite == m_compositeOf.end()) {
                    addJoint(*joint, spec);
                } else if (m_composites[composite->second].chain.front() == joint.get()) {
                    addComposite(m_composites[composite->second], spec);
                }
            }
        }
    }

    /// The extended file's point closures as cuts, each with a point on either group.
    void addPointClosures(std::vector<JointSpec>& pointClosures, MechanismSpec& spec) {
        for (JointSpec& js : pointClosures) {
            addPoint(m_sink.groups()[m_groupOf[js.parent.body]], js.name, m_pointW[js.name].first);
            addPoint(m_sink.groups()[m_groupOf[js.child.body]], js.name, m_pointW[js.name].second);
            js.parent = {m_sink.groups()[m_groupOf[js.parent.body]].id, js.name};
            js.child = {m_sink.groups()[m_groupOf[js.child.body]].id, js.name};
            spec.cuts.push_back(js.name);
            spec.joints.push_back(std::move(js));
        }
    }

    /// The ground's points and visuals, and a body per group that moves.
    void addBodies(MechanismSpec& spec) {
        m_sink.groundInto(spec);
        for (std::size_t g = 1; g < m_sink.groups().size(); ++g) {
            const Group& group = m_sink.groups()[g];
            if (m_virtualGroups.count(static_cast<int>(g)) != 0 ||
                m_weldedGroups.count(static_cast<int>(g)) != 0) {
                continue; // a massless link inside a universal, cylindrical or spherical joint
            }
            if (!(group.mass() > 0)) {
                const std::string& link = group.links.front();
                m_sink.error(
                    "link name=\"" + link + "\"", linkLine(link),
                    "the link moves (its joint is not fixed) but has no mass",
                    "give it an <inertial> with a positive mass, or attach it with a fixed "
                    "joint");
                continue;
            }
            m_sink.addBody(spec, group, "link");
        }
    }

    void addLink(const urdf::Link& link, bool isRoot) {
        Group& group = m_sink.groups()[m_groupOf[link.name]];
        group.links.push_back(link.name);
        const RigidFrame& frame = m_frames[link.name];
        const std::string element = "link " + link.name;
        if (!isRoot && m_groupOf[link.name] == 0) {
            m_sink.map(element, "welded to the ground by fixed joints");
        }
        if (link.inertial && link.inertial->mass != 0) {
            const urdf::Inertial& in = *link.inertial;
            if (m_groupOf[link.name] == 0) {
                m_sink.drop(element, "its mass (" + numberText(in.mass) +
                                         " kg) is part of the ground, which does not move");
            } else if (!(in.mass > 0) || !std::isfinite(in.mass)) {
                m_sink.error("link name=\"" + link.name + "\"", linkLine(link.name),
                             "the mass is " + numberText(in.mass) + " kg", "give a positive mass");
            } else {
                const RigidFrame inertialFrame = frame * toFrame(in.origin);
                Eigen::Matrix3d local;
                local << in.ixx, in.ixy, in.ixz, in.ixy, in.iyy, in.iyz, in.ixz, in.iyz, in.izz;
                const Eigen::Matrix3d inW = inertialFrame.R * local * inertialFrame.R.transpose();
                group.parts.push_back({in.mass, inertialFrame.p, inW});
                m_sink.map(element, "mass " + numberText(in.mass) + " kg, COM and inertia tensor" +
                                        (group.id != link.name ? " merged into body " + group.id
                                                               : std::string()));
            }
        } else if (m_groupOf[link.name] != 0 && group.links.size() > 1) {
            m_sink.map(element, "massless, welded to body " + group.id);
        }
        for (const urdf::VisualSharedPtr& visual : link.visual_array) {
            if (visual && visual->geometry) {
                addVisual(link, *visual, group);
            }
        }
        if (!link.collision_array.empty()) {
            m_sink.drop(element + " collision", std::to_string(link.collision_array.size()) +
                                                    " collision shape(s): SSLM has no contact");
        }
    }

    void addVisual(const urdf::Link& link, const urdf::Visual& visual, Group& group) {
        VisualShape shape;
        shape.body = group.id;
        shape.link = link.name;
        const RigidFrame f = m_frames[link.name] * toFrame(visual.origin);
        shape.position = f.p - group.origin;
        shape.rotation = f.R;
        switch (visual.geometry->type) {
        case urdf::Geometry::MESH: {
            const auto& mesh = static_cast<const urdf::Mesh&>(*visual.geometry);
            shape.kind = "mesh";
            shape.meshFile = mesh.filename;
            shape.scale = {mesh.scale.x, mesh.scale.y, mesh.scale.z};
            break;
        }
        case urdf::Geometry::BOX: {
            const auto& box = static_cast<const urdf::Box&>(*visual.geometry);
            shape.kind = "box";
            shape.size = {box.dim.x, box.dim.y, box.dim.z};
            break;
        }
        case urdf::Geometry::CYLINDER: {
            const auto& cylinder = static_cast<const urdf::Cylinder&>(*visual.geometry);
            shape.kind = "cylinder";
            shape.radius = cylinder.radius;
            shape.length = cylinder.length;
            break;
        }
        case urdf::Geometry::SPHERE:
            shape.kind = "sphere";
            shape.radius = static_cast<const urdf::Sphere&>(*visual.geometry).radius;
            break;
        }
        if (shape.kind.empty()) {
            return;
        }
        std::optional<Eigen::Vector3d> color;
        if (visual.material && visual.material->color.a > 0 &&
            (visual.material->color.r > 0 || visual.material->color.g > 0 ||
             visual.material->color.b > 0)) {
            color = Eigen::Vector3d(visual.material->color.r, visual.material->color.g,
                                    visual.material->color.b);
        }
        m_sink.addVisual(std::move(shape), group, m_source, "link " + link.name + " visual", color);
    }

    // ---- universal, cylindrical and spherical joints as chains ------------------------------

    static bool isHinge(const urdf::Joint& joint) {
        return joint.type == urdf::Joint::REVOLUTE || joint.type == urdf::Joint::CONTINUOUS;
    }

    /// A link that only carries a joint onwards: no mass, no shape, one joint out, no loop.
    bool carriesOnly(const urdf::Link& link) const {
        const bool massless = !link.inertial || link.inertial->mass == 0;
        const bool inLoop =
            std::any_of(m_closures.begin(), m_closures.end(), [&](const Closure& c) {
                return c.linkA == link.name || c.linkB == link.name;
            });
        return massless && link.visual_array.empty() && link.child_joints.size() == 1 &&
               link.child_joints.front()->type != urdf::Joint::FIXED && !inLoop;
    }

    /// A joint's axis in W at q = 0.
    Eigen::Vector3d worldAxis(const urdf::Joint& joint) {
        const Eigen::Vector3d axis(joint.axis.x, joint.axis.y, joint.axis.z);
        return (m_frames[joint.child_link_name].R * axis).normalized();
    }

    /// Finds the chains of two hinges (universal), a slide and a hinge on one axis
    /// (cylindrical) or three perpendicular hinges (spherical) whose links between carry
    /// nothing and whose joints meet at one point.
    void findComposites(const urdf::ModelInterface& model,
                        const std::vector<urdf::LinkConstSharedPtr>& order) {
        for (const urdf::LinkConstSharedPtr& link : order) {
            const urdf::Joint* first = link->parent_joint.get();
            if (first == nullptr || first->type == urdf::Joint::FIXED ||
                m_compositeOf.count(first->name) != 0 || !carriesOnly(*link)) {
                continue;
            }
            Composite c;
            c.chain = {first};
            const urdf::Link* at = link.get();
            while (c.chain.size() < 3 && carriesOnly(*at)) {
                const urdf::Joint* next = at->child_joints.front().get();
                const urdf::Vector3& offset = next->parent_to_joint_origin_transform.position;
                if (std::hypot(offset.x, offset.y, offset.z) > 1e-12) {
                    break;
                }
                c.links.push_back(at->name);
                c.chain.push_back(next);
                const urdf::LinkConstSharedPtr child = model.getLink(next->child_link_name);
                if (!child) {
                    break;
                }
                at = child.get();
            }
            if (c.chain.size() < 2 || c.links.size() + 1 != c.chain.size()) {
                continue;
            }
            std::vector<Eigen::Vector3d> axes;
            for (const urdf::Joint* joint : c.chain) {
                axes.push_back(worldAxis(*joint));
            }
            // CAD exports round their angles (rpy 1.5708): 1e-6 rad
            const auto perpendicular = [](const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
                return std::abs(a.dot(b)) < 1e-6;
            };
            const bool twoHinges = isHinge(*c.chain[0]) && isHinge(*c.chain[1]);
            if (c.chain.size() == 3 && twoHinges && isHinge(*c.chain[2]) &&
                perpendicular(axes[0], axes[1]) && perpendicular(axes[1], axes[2]) &&
                perpendicular(axes[0], axes[2])) {
                c.type = JointType::Spherical;
            } else if (twoHinges && perpendicular(axes[0], axes[1])) {
                c.type = JointType::Universal;
            } else if (isHinge(*c.chain[0]) != isHinge(*c.chain[1]) &&
                       axes[0].cross(axes[1]).norm() < 1e-6 && axes[0].dot(axes[1]) > 0) {
                c.type = JointType::Cylindrical;
            } else {
                continue;
            }
            const std::size_t joints = c.type == JointType::Spherical ? 3 : 2;
            c.chain.resize(joints);
            c.links.resize(joints - 1);
            const std::string& firstLink = c.links.front();
            const std::string suffix = "__link1";
            c.name = firstLink.size() > suffix.size() &&
                             firstLink.compare(firstLink.size() - suffix.size(), suffix.size(),
                                               suffix) == 0
                         ? firstLink.substr(0, firstLink.size() - suffix.size())
                         : firstLink;
            const int index = static_cast<int>(m_composites.size());
            for (const urdf::Joint* joint : c.chain) {
                m_compositeOf[joint->name] = index;
            }
            for (const std::string& name : c.links) {
                m_virtualGroups.insert(m_groupOf[name]); // its own group: it carries no fixed joint
            }
            m_composites.push_back(std::move(c));
        }
    }

    void addComposite(const Composite& c, MechanismSpec& spec) {
        Group& parent = m_sink.groups()[m_groupOf[c.chain.front()->parent_link_name]];
        Group& child = m_sink.groups()[m_groupOf[c.chain.back()->child_link_name]];
        if (&parent == &child) {
            m_sink.map("joint " + c.name, "locked: a 6d closure made " + parent.id +
                                              " one body with the link it moves (Extended URDF)");
            return;
        }
        const Eigen::Vector3d point = m_frames[c.chain.front()->child_link_name].p;
        JointSpec js;
        js.name = c.name;
        js.type = c.type;
        std::string joints;
        for (const urdf::Joint* joint : c.chain) {
            joints += (joints.empty() ? "" : ", ") + joint->name;
        }
        switch (c.type) {
        case JointType::Universal:
            js.axis = worldAxis(*c.chain[0]);
            js.axis2 = worldAxis(*c.chain[1]);
            js.coordinates = {c.chain[0]->name, c.chain[1]->name};
            break;
        case JointType::Cylindrical: {
            const bool hingeFirst = isHinge(*c.chain[0]);
            js.axis = worldAxis(*c.chain[0]);
            js.coordinates = {c.chain[hingeFirst ? 0 : 1]->name, c.chain[hingeFirst ? 1 : 0]->name};
            break;
        }
        default:
            js.axis = Eigen::Vector3d::UnitZ(); // a ball has no axis: the file format's default
            // the exporter names the hinges after the ball's ω coordinates: keep them
            js.coordinates = {c.chain[0]->name, c.chain[1]->name, c.chain[2]->name};
            break;
        }
        addPoint(parent, c.name, point);
        addPoint(child, c.name, point);
        js.parent = {parent.id, c.name};
        js.child = {child.id, c.name};
        if (m_weldCuts.count(c.chain.back()->name) != 0) {
            spec.cuts.push_back(c.name); // a 6d closure welded the body this joint made
        }
        std::string links;
        for (const std::string& link : c.links) {
            links += (links.empty() ? "" : ", ") + link;
        }
        m_sink.map("joints " + joints,
                   std::string(c.type == JointType::Spherical   ? "a spherical"
                               : c.type == JointType::Universal ? "a universal"
                                                                : "a cylindrical") +
                       " joint " + c.name + " between " + parent.id + " and " + child.id +
                       " (they meet at one point through the massless link(s) " + links + ")");
        for (const urdf::Joint* joint : c.chain) {
            if (joint->dynamics && joint->dynamics->damping != 0) {
                m_sink.drop("joint " + joint->name + " damping",
                            "a damper on one axis of a " + std::string(jointTypeWord(c.type)) +
                                " joint is not modelled");
            }
            if (joint->dynamics && joint->dynamics->friction != 0) {
                friction(*joint, &js, js);
            }
            if (joint->limits && joint->type != urdf::Joint::CONTINUOUS) {
                stops(*joint, &js, js);
            }
        }
        spec.joints.push_back(std::move(js));
    }

    // ---- Extended URDF: closures and joint types from the YAML beside the file -------------

    /// The joint type the YAML gives `joint` ("SPHERICAL", "CARDAN", "FIXED"), or empty.
    std::string convertedType(const std::string& joint) const {
        if (m_extended != nullptr) {
            for (const auto& [name, type] : m_extended->jointTypes) {
                if (name == joint) {
                    return type;
                }
            }
        }
        return {};
    }

    /// A frame of the YAML: a link (its origin) or a joint (its child link's origin, where
    /// the joint frame is); its link and its point in W at q = 0.
    bool frameOf(const urdf::ModelInterface& model,
                 const std::string& name,
                 std::string& link,
                 Eigen::Vector3d& pW) {
        if (model.getLink(name)) {
            link = name;
        } else if (const urdf::JointConstSharedPtr joint = model.getJoint(name)) {
            link = joint->child_link_name;
        } else {
            return false;
        }
        pW = m_frames[link].p;
        return true;
    }

    /// 6d pairs weld their links' bodies into one, the joint that made the second body
    /// becoming the loop's cut; 3d pairs become spherical cuts at their frames.
    void applyExtendedClosures(const urdf::ModelInterface& model,
                               std::vector<JointSpec>& pointClosures) {
        const std::string& yaml = m_extended->file;
        for (const std::string& key : m_extended->otherKeys) {
            m_sink.drop("Extended URDF " + key, "not read (" + yaml + ")");
        }
        for (std::size_t k = 0; k < m_extended->closedLoop.size(); ++k) {
            const auto& [a, b] = m_extended->closedLoop[k];
            const std::string element = "closed_loop [" + a + ", " + b + "]";
            std::string linkA;
            std::string linkB;
            Eigen::Vector3d pA;
            Eigen::Vector3d pB;
            if (!frameOf(model, a, linkA, pA) || !frameOf(model, b, linkB, pB)) {
                Diagnostic d;
                d.where = yaml + ": " + element;
                d.message = "'" + (frameOf(model, a, linkA, pA) ? b : a) +
                            "' is neither a link nor a joint of " + m_source;
                d.hint = "name the frames (links or joints) the loop holds together";
                m_sink.add(d);
                continue;
            }
            int ga = m_groupOf[linkA];
            int gb = m_groupOf[linkB];
            if (ga == gb) {
                Diagnostic d;
                d.where = yaml + ": " + element;
                d.message = "both frames are on one rigid body (" + m_sink.groups()[ga].id + ")";
                d.hint = "close the loop between frames on bodies that move relative to each other";
                m_sink.add(d);
                continue;
            }
            const double gap = (pA - pB).norm();
            if (m_extended->types[k] == "3d") {
                JointSpec js;
                js.name = a + "C" + b; // the authors' constraint name
                js.type = JointType::Spherical;
                js.parent = {linkA, js.name};
                js.child = {linkB, js.name};
                m_pointW[js.name] = {pA, pB};
                pointClosures.push_back(std::move(js));
                m_sink.map(element,
                           "3d: a spherical cut joint " + a + "C" + b + " between " +
                               m_sink.groups()[ga].id + " and " + m_sink.groups()[gb].id +
                               (gap > 1e-12 ? "; open by " + numberText(gap) + " m at q = 0"
                                            : std::string("; closed at q = 0")));
                continue;
            }
            // 6d: one body. Weld the one that is not an ancestor of the other (never the
            // ground), so that the joint that made it lies in the loop
            if (isAncestorGroup(model, gb, ga)) {
                std::swap(ga, gb);
            }
            const std::string cut = m_creatorJoint[gb];
            for (auto& [link, group] : m_groupOf) {
                if (group == gb) {
                    group = ga;
                }
            }
            m_weldedGroups.insert(gb);
            m_weldCuts.insert(cut);
            m_sink.map(element, "6d: " + m_sink.groups()[gb].id + " welded into " +
                                    m_sink.groups()[ga].id + " (one body), so joint " + cut +
                                    " closes the loop as its cut" +
                                    (gap > 1e-12 ? "; the frames are " + numberText(gap) +
                                                       " m apart at q = 0: welded as they are"
                                                 : std::string()));
        }
    }

    /// Whether group `ancestor` lies on the tree path from group `g` to the ground (the ground
    /// is every group's ancestor).
    bool isAncestorGroup(const urdf::ModelInterface& model, int ancestor, int g) {
        for (std::size_t steps = 0; g != 0 && steps <= m_sink.groups().size(); ++steps) {
            if (g == ancestor) {
                return true;
            }
            const urdf::JointConstSharedPtr joint = model.getJoint(m_creatorJoint[g]);
            if (!joint) {
                return false;
            }
            g = m_groupOf[joint->parent_link_name];
        }
        return ancestor == 0;
    }

    /// name_mot: the actuated joints are the inputs of a mechanism with loops.
    void applyExtendedMotors(MechanismSpec& spec) {
        if (m_extended->motors.empty() || spec.cuts.empty()) {
            return;
        }
        std::string inputs;
        for (const std::string& motor : m_extended->motors) {
            const auto it = std::find_if(spec.joints.begin(), spec.joints.end(),
                                         [&](const JointSpec& j) { return j.name == motor; });
            if (it == spec.joints.end() || m_weldCuts.count(motor) != 0 ||
                coordinateCount(it->type) != 1) {
                m_sink.drop("name_mot " + motor,
                            "not a one-coordinate joint of the tree: not an input");
                continue;
            }
            spec.initial.independent.emplace_back(it->coordinateName(), 0.0);
            inputs += (inputs.empty() ? "" : ", ") + motor;
        }
        if (!inputs.empty()) {
            m_sink.map("name_mot", "the inputs (initial.independent, at 0): " + inputs);
        }
    }

    /// <dynamics friction>: the Coulomb friction of `js`; dropped on a joint of several
    /// coordinates (`several`: the joint it became) or when negative.
    void friction(const urdf::Joint& joint, const JointSpec* several, JointSpec& js) {
        const std::string element = "joint " + joint.name + " friction";
        const double coulomb = joint.dynamics->friction;
        if (several != nullptr) {
            m_sink.drop(element, "Coulomb friction " + numberText(coulomb) + " on one axis of a " +
                                     std::string(jointTypeWord(several->type)) +
                                     " joint is not modelled");
        } else if (!(coulomb > 0)) {
            m_sink.drop(element, "Coulomb friction " + numberText(coulomb) +
                                     " is not positive: it would drive the joint");
        } else {
            js.friction = JointFrictionSpec{};
            js.friction->coulomb = coulomb;
            m_sink.map(element, "Coulomb friction " + numberText(coulomb) +
                                    (js.type == JointType::Prismatic ? " N" : " N·m") + ", " +
                                    smoothLawText());
        }
    }

    /// <limit lower upper> of a revolute or prismatic joint: the end stops of `js`, with
    /// SSLM's stop stiffness and restitution (URDF has neither); bounds beyond ±kNoStop are
    /// none. Dropped on a joint of several coordinates (`several`) or without travel.
    void stops(const urdf::Joint& joint, const JointSpec* several, JointSpec& js) {
        const std::string element = "joint " + joint.name + " limit";
        const std::string bounds =
            "[" + numberText(joint.limits->lower) + ", " + numberText(joint.limits->upper) + "]";
        const std::optional<JointLimitsSpec> limits =
            stopsWithin(joint.limits->lower, joint.limits->upper);
        if (several != nullptr) {
            m_sink.drop(element, "stops " + bounds + " on one axis of a " +
                                     std::string(jointTypeWord(several->type)) +
                                     " joint are not modelled");
        } else if (!limits) {
            m_sink.map(element,
                       bounds + ": no stops (bounds beyond ±" + numberText(kNoStop) + " are none)");
        } else if (!hasTravel(*limits)) {
            m_sink.drop(element, "lower ≥ upper " + bounds + ": no travel between them, no stops");
        } else {
            js.limits = limits;
            m_sink.approximate(element, "end stops " + boundsText(*limits) +
                                            (js.type == JointType::Prismatic ? " m" : " rad") +
                                            "; URDF has no stop stiffness or restitution: SSLM's "
                                            "defaults, " +
                                            stopText(*limits) + " (" + stiffnessUnit(js.type) +
                                            ")");
        }
    }

    void addJoint(const urdf::Joint& joint, MechanismSpec& spec) {
        const std::string element = "joint " + joint.name;
        if (joint.type == urdf::Joint::FIXED || convertedType(joint.name) == "FIXED") {
            m_sink.map(element, std::string(joint.type == urdf::Joint::FIXED
                                                ? "fixed: "
                                                : "joint_type FIXED (Extended URDF): ") +
                                    joint.child_link_name + " merged into " +
                                    m_sink.groups()[m_groupOf[joint.parent_link_name]].id);
            return;
        }
        Group& parent = m_sink.groups()[m_groupOf[joint.parent_link_name]];
        Group& childGroup = m_sink.groups()[m_groupOf[joint.child_link_name]];
        if (&parent == &childGroup) {
            // a 6d closure welded the two bodies this joint joins: it cannot move
            m_sink.map(element, "locked: a 6d closure made " + parent.id +
                                    " one body with the link it moves (Extended URDF)");
            return;
        }
        const RigidFrame& jointFrame = m_frames[joint.child_link_name];
        Eigen::Vector3d axis(joint.axis.x, joint.axis.y, joint.axis.z);
        if (!(axis.norm() > 1e-12) || !axis.allFinite()) {
            m_sink.error("joint name=\"" + joint.name + "\"", jointLine(joint.name),
                         "the joint's axis is zero", "give <axis xyz=\"…\"/> a nonzero direction");
            return;
        }
        JointSpec js;
        js.name = joint.name;
        js.coordinate = joint.name;
        js.type = joint.type == urdf::Joint::PRISMATIC ? JointType::Prismatic : JointType::Revolute;
        js.axis = (jointFrame.R * axis).normalized();
        const std::string converted = convertedType(joint.name);
        if (converted == "SPHERICAL") {
            js.type = JointType::Spherical;
            js.coordinate.clear();
            js.axis = Eigen::Vector3d::UnitZ(); // a ball has no axis: the file format's default
            m_sink.map(element + " (Extended URDF)", "joint_type SPHERICAL: a spherical joint");
        } else if (converted == "CARDAN") {
            // about the joint frame's x, then its y (the authors' loader: RX, then RY)
            js.type = JointType::Universal;
            js.coordinate.clear();
            js.axis = jointFrame.R.col(0);
            js.axis2 = jointFrame.R.col(1);
            m_sink.map(element + " (Extended URDF)",
                       "joint_type CARDAN: a universal joint about the joint frame's x, then y");
        }
        if (m_weldCuts.count(joint.name) != 0) {
            spec.cuts.push_back(joint.name);
        }
        addPoint(parent, joint.name, jointFrame.p);
        addPoint(childGroup, joint.name, jointFrame.p);
        js.parent = {parent.id, joint.name};
        js.child = {childGroup.id, joint.name};
        const char* kind = joint.type == urdf::Joint::PRISMATIC    ? "prismatic"
                           : joint.type == urdf::Joint::CONTINUOUS ? "continuous"
                                                                   : "revolute";
        if (converted.empty()) {
            m_sink.map(element, std::string(kind) + " joint, axis " + vectorText(js.axis) +
                                    " in ground directions at q = 0");
        }
        if (!converted.empty() && joint.dynamics && joint.dynamics->damping != 0) {
            m_sink.drop(element + " damping", "a damper on a " +
                                                  std::string(jointTypeWord(js.type)) +
                                                  " joint's several axes is not modelled");
        } else if (joint.dynamics && joint.dynamics->damping != 0) {
            js.springDamper = SpringDamperSpec{0.0, 0.0, joint.dynamics->damping};
            m_sink.map(element + " damping",
                       "viscous damper " + numberText(joint.dynamics->damping));
        }
        if (joint.dynamics && joint.dynamics->friction != 0) {
            friction(joint, converted.empty() ? nullptr : &js, js);
        }
        if (joint.limits && joint.type != urdf::Joint::CONTINUOUS) {
            stops(joint, converted.empty() ? nullptr : &js, js);
        }
        if (joint.limits && (joint.limits->effort != 0 || joint.limits->velocity != 0)) {
            m_sink.drop(element + " effort/velocity limit",
                        "effort " + numberText(joint.limits->effort) + ", velocity " +
                            numberText(joint.limits->velocity) + " are not enforced");
        }
        if (joint.mimic) {
            m_sink.drop(element + " mimic",
                        "follows " + joint.mimic->joint_name + " × " +
                            numberText(joint.mimic->multiplier) + " + " +
                            numberText(joint.mimic->offset) +
                            " in the file; not enforced, the joint moves freely");
        }
        if (joint.safety) {
            m_sink.drop(element + " safety_controller", "not modelled");
        }
        if (joint.calibration) {
            m_sink.drop(element + " calibration", "not modelled");
        }
        spec.joints.push_back(std::move(js));
    }

    void addClosure(const Closure& c, MechanismSpec& spec) {
        const std::string element = c.element + " name=\"" + c.name + "\"";
        for (const std::string* link : {&c.linkA, &c.linkB}) {
            if (m_frames.find(*link) == m_frames.end()) {
                m_sink.error(element, c.line, "link '" + *link + "' is not a link of the model",
                             "name one of the file's <link> elements");
                return;
            }
        }
        if (m_jointLines.count(c.name) != 0) {
            m_sink.error(element, c.line, "the name '" + c.name + "' is also a joint's",
                         "give the loop closure a name of its own");
            return;
        }
        JointSpec js;
        js.name = c.name;
        const std::string& t = c.type;
        if (t == "revolute" || t == "continuous") {
            js.type = JointType::Revolute;
        } else if (t == "prismatic") {
            js.type = JointType::Prismatic;
        } else if (t == "cylindrical") {
            js.type = JointType::Cylindrical;
        } else if (t == "universal") {
            js.type = JointType::Universal;
        } else if (t == "spherical" || t == "ball") {
            js.type = JointType::Spherical;
        } else {
            m_sink.error(
                element, c.line, "a loop closure of type '" + t + "' is not supported",
                "use \"revolute\", \"continuous\", \"prismatic\", \"cylindrical\", "
                "\"universal\" or \"spherical\" (a fixed closure would weld the loop rigid)");
            return;
        }
        Group& a = m_sink.groups()[m_groupOf[c.linkA]];
        Group& b = m_sink.groups()[m_groupOf[c.linkB]];
        if (&a == &b) {
            m_sink.error(element, c.line,
                         "both links are in one rigid body (" + a.id + ", welded by fixed joints)",
                         "close the loop between two links that move relative to each other");
            return;
        }
        const RigidFrame fa = m_frames[c.linkA] * c.originA;
        const RigidFrame fb = m_frames[c.linkB] * c.originB;
        if (!(c.axisA.norm() > 1e-12)) {
            m_sink.error(element, c.line, "the axis is zero", "give the axis a nonzero direction");
            return;
        }
        // a spherical joint has no axis: the file format's default, which the writer omits
        js.axis = js.type == JointType::Spherical ? Eigen::Vector3d::UnitZ()
                                                  : Eigen::Vector3d((fa.R * c.axisA).normalized());
        if (js.type == JointType::Universal) {
            if (!c.axisB) {
                m_sink.error(element, c.line, "a universal closure needs its second axis",
                             "add <child_axis xyz=\"…\"/> (fixed in the child link)");
                return;
            }
            js.axis2 = (fb.R * *c.axisB).normalized();
            if (std::abs(js.axis.dot(js.axis2)) > 1e-9) {
                m_sink.error(element, c.line,
                             "the universal closure's two axes are not perpendicular at q = 0",
                             "make parent_axis and child_axis perpendicular in the zero pose");
                return;
            }
        } else if (js.type != JointType::Spherical) {
            const Eigen::Vector3d other =
                c.axisB ? (fb.R * *c.axisB).normalized() : (fb.R * c.axisA).normalized();
            const double angle = std::acos(std::clamp(std::abs(js.axis.dot(other)), 0.0, 1.0));
            if (angle > 1e-9) {
                m_sink.approximate(element, "the two sides' axes differ by " + numberText(angle) +
                                                " rad at q = 0; the first side's axis " +
                                                vectorText(js.axis) + " is used for both");
            }
        }
        if (js.type == JointType::Revolute || js.type == JointType::Prismatic) {
            js.coordinate = c.name; // several coordinates are named "<joint>.1", … by default
        }
        addPoint(a, c.name, fa.p);
        addPoint(b, c.name, fb.p);
        js.parent = {a.id, c.name};
        js.child = {b.id, c.name};
        const double gap = (fa.p - fb.p).norm();
        m_sink.map(element, t + " cut joint between " + a.id + " and " + b.id +
                                (gap > 1e-12 ? "; open by " + numberText(gap) +
                                                   " m at q = 0, assembly closes it"
                                             : std::string("; closed at q = 0")));
        spec.joints.push_back(std::move(js));
        spec.cuts.push_back(c.name);
    }

    std::string_view m_text;
    std::string m_source;
    ImportSink m_sink;
    int m_rootLine = 0;
    std::map<std::string, int> m_jointLines;
    std::map<std::string, int> m_linkLines;
    std::vector<Closure> m_closures;
    std::map<std::string, RigidFrame> m_frames; ///< link → its frame in W at q = 0
    std::map<std::string, int> m_groupOf;       ///< link → index in the sink's groups
    std::vector<Composite> m_composites;
    std::map<std::string, int> m_compositeOf;  ///< URDF joint → index in m_composites
    std::set<int> m_virtualGroups;             ///< the massless links inside them (groups)
    const ExtendedUrdf* m_extended = nullptr;  ///< the YAML beside the file, if any
    std::map<int, std::string> m_creatorJoint; ///< group → the joint whose child link made it
    std::set<int> m_weldedGroups;              ///< groups welded into another (6d closures)
    std::set<std::string> m_weldCuts;          ///< the joints those welds turn into cuts
    std::map<std::string, std::pair<Eigen::Vector3d, Eigen::Vector3d>> m_pointW; ///< 3d closures
};

} // namespace

ImportResult importUrdfText(std::string_view text,
                            const std::string& source,
                            const ExtendedUrdf* extended,
                            LoopNote loopNote) {
    return UrdfImporter(text, source, extended, loopNote).run();
}

ImportResult importUrdf(const std::filesystem::path& path, LoopNote loopNote) {
    ImportResult result;
    const std::optional<std::string> text = readModelFile(path, "a URDF file", result.diagnostics);
    if (!text) {
        return result;
    }
    // Extended URDF: the YAML of the same name beside it closes the loops
    if (const std::optional<std::filesystem::path> yaml = extendedUrdfYamlOf(path)) {
        const std::optional<ExtendedUrdf> extended =
            readExtendedUrdfYaml(*yaml, result.diagnostics);
        if (!extended) {
            return result;
        }
        ImportResult imported = importUrdfText(*text, path.string(), &*extended, loopNote);
        imported.report.mapped.insert(
            imported.report.mapped.begin(),
            {"Extended URDF", "closures and joint types from " + yaml->filename().string()});
        return imported;
    }
    return importUrdfText(*text, path.string(), nullptr, loopNote);
}

} // namespace sslm
