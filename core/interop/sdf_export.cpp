// SPDX-License-Identifier: MIT
#include "core/interop/sdf_export.hpp"

#include <locale>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/interop/joint_extras.hpp"
#include "core/interop/planar_lift.hpp"
#include "core/interop/report_text.hpp"
#include "core/interop/xml_text.hpp"
#include "core/model/compile.hpp"
#include "core/spec/joint_kinds.hpp"

namespace sslm {

namespace {

/// The point `end` names; throws when there is none.
const BodyPoint* findPoint(const MechanismSpec& spec, const JointEnd& end) {
    if (const BodyPoint* p = findBodyPoint(spec, end)) {
        return p;
    }
    throw std::invalid_argument("joint end " + end.body + "." + end.point + " names no point");
}

/// The <visual> elements of a link whose frame is parallel to the body frame at its origin.
std::string visualElements(const std::vector<VisualSpec>& visuals, const std::string& indent) {
    std::string out;
    int k = 0;
    for (const VisualSpec& v : visuals) {
        const std::string geometry =
            v.kind == VisualKind::Mesh
                ? xmlElement("mesh", {{"uri", xmlEscaped(v.file)}, {"scale", xmlVector(v.scale)}},
                             XmlValueStyle::Elements)
                : primitiveGeometry(v, XmlValueStyle::Elements);
        out += indent + "<visual name=\"visual_" + std::to_string(++k) + "\">\n";
        out += indent + "  <pose>" + xmlVector(v.position) + " " + xmlVector(v.rpy) + "</pose>\n";
        out += indent + "  <geometry>" + geometry + "</geometry>\n";
        if (v.color) {
            out += indent + "  <material><diffuse>" + xmlVector(*v.color) +
                   " 1</diffuse></material>\n";
        }
        out += indent + "</visual>\n";
    }
    return out;
}

/// Body origins in W at q = 0 by the tree, where each joint's two points coincide.
std::map<std::string, Eigen::Vector3d> originsAtZero(const MechanismSpec& spec,
                                                     const std::set<std::string>& cuts) {
    std::map<std::string, Eigen::Vector3d> origin{{kGroundId, Eigen::Vector3d::Zero()}};
    for (bool grew = true; grew;) {
        grew = false;
        for (const JointSpec& joint : spec.joints) {
            if (cuts.count(joint.name) != 0) {
                continue;
            }
            const bool hasParent = origin.count(joint.parent.body) != 0;
            const bool hasChild = origin.count(joint.child.body) != 0;
            if (hasParent == hasChild) {
                continue;
            }
            const JointEnd& from = hasParent ? joint.parent : joint.child;
            const JointEnd& to = hasParent ? joint.child : joint.parent;
            origin[to.body] = origin[from.body] + findPoint(spec, from)->position3() -
                              findPoint(spec, to)->position3();
            grew = true;
        }
    }
    return origin;
}

/// The "body\npoint" keys of every point a joint names.
std::set<std::string> jointPointKeys(const MechanismSpec& spec) {
    std::set<std::string> jointPoints;
    for (const JointSpec& joint : spec.joints) {
        jointPoints.insert(joint.parent.body + "\n" + joint.parent.point);
        jointPoints.insert(joint.child.body + "\n" + joint.child.point);
    }
    return jointPoints;
}

/// One body's <link>: its pose at q = 0, inertial and visuals.
void writeLink(std::ostream& out,
               const BodySpec& body,
               const std::map<std::string, Eigen::Vector3d>& origin) {
    const auto at = origin.find(body.id);
    if (at == origin.end()) {
        throw std::invalid_argument("body " + body.id + " is not joined to the ground");
    }
    const Eigen::Matrix3d I = body.inertiaTensor ? *body.inertiaTensor : uniformInertiaTensor(body);
    out << "      <link name=\"" << xmlEscaped(body.id) << "\">\n";
    out << "        <pose>" << xmlVector(at->second) << " 0 0 0</pose>\n";
    out << "        <inertial>\n";
    out << "          <pose>"
        << xmlVector(Eigen::Vector3d(body.com_B.x(), body.com_B.y(), body.comZ_B))
        << " 0 0 0</pose>\n";
    out << "          <mass>" << body.mass << "</mass>\n";
    out << "          <inertia><ixx>" << I(0, 0) << "</ixx><ixy>" << I(0, 1) << "</ixy><ixz>"
        << I(0, 2) << "</ixz><iyy>" << I(1, 1) << "</iyy><iyz>" << I(1, 2) << "</iyz><izz>"
        << I(2, 2) << "</izz></inertia>\n";
    out << "        </inertial>\n";
    out << visualElements(body.visuals, "        ");
    out << "      </link>\n";
}

/// A single-axis joint's <dynamics> and <limit> (inside its <axis>), said in `result`: the
/// spring-damper and the Coulomb friction as they are, the viscous friction added to the
/// damping (the same law, −c·q̇; read back as the spring-damper's), the stops' bounds and
/// stiffness (a missing bound left to SDFormat's ±1e16, read back as none; SDFormat has no
/// restitution: <dissipation> is a damping coefficient, left out).
void writeAxisForces(std::ostream& out, const JointSpec& joint, ExportResult& result) {
    const std::string element = "joint " + joint.name;
    const SpringDamperSpec spring = joint.springDamper.value_or(SpringDamperSpec{});
    const JointFrictionSpec friction = joint.friction.value_or(JointFrictionSpec{});
    if (joint.springDamper || joint.friction) {
        out << "          <dynamics><damping>" << spring.damping + friction.viscous
            << "</damping><friction>" << friction.coulomb << "</friction><spring_reference>"
            << spring.restPosition << "</spring_reference><spring_stiffness>" << spring.stiffness
            << "</spring_stiffness></dynamics>\n";
    }
    if (joint.friction) {
        if (friction.coulomb != 0) {
            result.map(element + " friction",
                       "<dynamics><friction> " + xmlNumber(friction.coulomb));
        }
        reportFrictionApproximations(result, element, friction,
                                     "<damping> " + xmlNumber(spring.damping + friction.viscous),
                                     "SDFormat");
    }
    if (joint.limits) {
        const JointLimitsSpec& l = *joint.limits;
        out << "          <limit>";
        if (l.lower) {
            out << "<lower>" << *l.lower << "</lower>";
        }
        if (l.upper) {
            out << "<upper>" << *l.upper << "</upper>";
        }
        out << "<stiffness>" << l.stiffness << "</stiffness></limit>\n";
        std::string note =
            "<limit> " + boundsText(l) + (joint.type == JointType::Prismatic ? " m" : " rad") +
            (l.lower && l.upper ? ""
                                : " (the missing bound left to SDFormat's ±1e16, read "
                                  "back as none)") +
            ", <stiffness> " + numberText(l.stiffness) + " " + stiffnessUnit(joint.type) + "; ";
        if (l.restitution != JointLimitsSpec{}.restitution) {
            note += "restitution " + numberText(l.restitution) +
                    " not written (SDFormat has none; <dissipation> is a damping coefficient): "
                    "read back as " +
                    numberText(JointLimitsSpec{}.restitution);
        } else {
            note += "restitution " + numberText(l.restitution) +
                    ", SDFormat has none: SSLM's default, which the reader assumes";
        }
        result.approximate(element + " limit", note);
    }
}

/// One <joint>, turned around when its child is the ground.
void writeJoint(std::ostream& out,
                const MechanismSpec& spec,
                const JointSpec& joint,
                ExportResult& result) {
    JointEnd parent = joint.parent;
    JointEnd child = joint.child;
    Eigen::Vector3d axis = joint.axis.normalized();
    Eigen::Vector3d axis2 = joint.axis2.normalized();
    if (child.body == kGroundId) {
        std::swap(parent, child);
        if (joint.type == JointType::Universal) {
            std::swap(axis, axis2);
        } else {
            axis = -axis;
        }
    }
    if (joint.type == JointType::Cylindrical) {
        throw std::invalid_argument("joint " + joint.name +
                                    " is cylindrical, which SDFormat has not: write it as a "
                                    "prismatic and a revolute joint with a light link");
    }
    // SDFormat's words are the file format's, but for the ball joint
    const char* type = joint.type == JointType::Spherical ? "ball" : jointTypeWord(joint.type);
    out << "      <joint name=\"" << xmlEscaped(joint.name) << "\" type=\"" << type << "\">\n";
    out << "        <pose>" << xmlVector(findPoint(spec, child)->position3()) << " 0 0 0</pose>\n";
    out << "        <parent>"
        << (parent.body == kGroundId ? std::string("world") : xmlEscaped(parent.body))
        << "</parent>\n";
    out << "        <child>" << xmlEscaped(child.body) << "</child>\n";
    if (joint.type != JointType::Spherical) {
        out << "        <axis>\n          <xyz>" << xmlVector(axis) << "</xyz>\n";
        if (joint.type == JointType::Revolute || joint.type == JointType::Prismatic) {
            writeAxisForces(out, joint, result);
        }
        out << "        </axis>\n";
    }
    if (joint.type == JointType::Universal) {
        out << "        <axis2><xyz>" << xmlVector(axis2) << "</xyz></axis2>\n";
    }
    out << "      </joint>\n";
}

/// A <frame> for every body point that no joint names.
void writePointFrames(std::ostream& out,
                      const MechanismSpec& spec,
                      const std::set<std::string>& jointPoints) {
    for (const BodySpec& body : spec.bodies) {
        for (const BodyPoint& p : body.points) {
            if (jointPoints.count(body.id + "\n" + p.name) == 0) {
                out << "      <frame name=\"" << xmlEscaped(body.id + "." + p.name)
                    << "\" attached_to=\"" << xmlEscaped(body.id) << "\"><pose>"
                    << xmlVector(p.position3()) << " 0 0 0</pose></frame>\n";
            }
        }
    }
}

/// The SDFormat text; throws std::invalid_argument for what SDFormat cannot hold.
std::string sdfText(const MechanismSpec& spec, ExportResult& result) {
    if (spec.space != MotionSpace::Spatial) {
        return sdfText(spatialFromPlanar(spec), result);
    }
    const std::set<std::string> cuts(spec.cuts.begin(), spec.cuts.end());
    const std::map<std::string, Eigen::Vector3d> origin = originsAtZero(spec, cuts);
    std::ostringstream out;
    out.imbue(std::locale::classic());
    out.precision(17);
    const std::string name = spec.name.empty() ? std::string("mechanism") : spec.name;
    out << "<?xml version=\"1.0\"?>\n<!-- Written by SSLM Studio (exportSdf) from '"
        << xmlEscaped(name) << "': the mechanism's pose at q = 0. -->\n";
    out << "<sdf version=\"1.9\">\n  <world name=\"" << xmlEscaped(name) << "_world\">\n";
    out << "    <gravity>" << xmlVector(gravity3(spec)) << "</gravity>\n";
    out << "    <model name=\"" << xmlEscaped(name) << "\">\n";
    const std::set<std::string> jointPoints = jointPointKeys(spec);
    for (const BodySpec& body : spec.bodies) {
        writeLink(out, body, origin);
    }
    if (!spec.ground.visuals.empty()) {
        // drawn with the ground: a link welded to the world, merged into the ground on import
        out << "      <link name=\"ground\">\n"
            << visualElements(spec.ground.visuals, "        ") << "      </link>\n";
        out << "      <joint name=\"ground_weld\" type=\"fixed\"><parent>world</parent>"
               "<child>ground</child></joint>\n";
    }
    // the tree's joints first, then the cut ones
    for (const JointSpec& joint : spec.joints) {
        if (cuts.count(joint.name) == 0) {
            writeJoint(out, spec, joint, result);
        }
    }
    for (const JointSpec& joint : spec.joints) {
        if (cuts.count(joint.name) != 0) {
            writeJoint(out, spec, joint, result);
        }
    }
    writePointFrames(out, spec, jointPoints);
    out << "    </model>\n  </world>\n</sdf>\n";
    return out.str();
}

} // namespace

ExportResult exportSdf(const MechanismSpec& spec) {
    ExportResult result;
    result.format = ModelFormat::Sdformat;
    try {
        result.text = sdfText(spec, result);
    } catch (const std::invalid_argument& e) {
        result.mapped.clear();
        result.approximated.clear();
        result.error("--to sdf", e.what(),
                     "SDFormat holds revolute, prismatic, universal and ball joints");
        return result;
    }
    if (spec.space == MotionSpace::Planar) {
        result.map("plane", "the planar mechanism drawn in the x–z plane, z up "
                            "(planar X → x, Y → z); revolute axes along −y");
    }
    result.map("joint graph", "every body a link, every joint (cuts last) a joint of the model");
    result.drop("mechanism", "actuators, traced points, the initial state, solver settings and "
                             "counterweights are not written (SDFormat export)");
    dropForceElements(result, spec, "SDFormat");
    return result;
}

} // namespace sslm
