// SPDX-License-Identifier: MIT
#include "core/interop/sdf_export.hpp"

#include <locale>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/model/compile.hpp"

namespace sslm {

namespace {

const BodyPoint* findPoint(const MechanismSpec& spec, const JointEnd& end) {
    const std::vector<BodyPoint>* points = nullptr;
    if (end.body == kGroundId) {
        points = &spec.ground.points;
    }
    for (const BodySpec& body : spec.bodies) {
        if (body.id == end.body) {
            points = &body.points;
        }
    }
    if (points != nullptr) {
        for (const BodyPoint& p : *points) {
            if (p.name == end.point) {
                return &p;
            }
        }
    }
    throw std::invalid_argument("joint end " + end.body + "." + end.point + " names no point");
}

std::string escaped(const std::string& text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

class Writer {
public:
    Writer() {
        out_.imbue(std::locale::classic());
        out_.precision(17);
    }

    std::ostringstream& out() { return out_; }

    std::string v3(const Eigen::Vector3d& v) {
        std::ostringstream s;
        s.imbue(std::locale::classic());
        s.precision(17);
        s << v.x() << ' ' << v.y() << ' ' << v.z();
        return s.str();
    }

private:
    std::ostringstream out_;
};

} // namespace

std::string exportSdf(const MechanismSpec& spec) {
    if (spec.space != MotionSpace::Spatial) {
        throw std::invalid_argument("exportSdf writes spatial mechanisms (version 2); '" +
                                    spec.name + "' is planar");
    }
    const std::set<std::string> cuts(spec.cuts.begin(), spec.cuts.end());
    // body origins in W at q = 0 by the tree, where each joint's two points coincide
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
    Writer w;
    std::ostringstream& out = w.out();
    const std::string name = spec.name.empty() ? std::string("mechanism") : spec.name;
    out << "<?xml version=\"1.0\"?>\n<!-- Written by SSLM Studio (exportSdf) from '"
        << escaped(name) << "': the mechanism's pose at q = 0. -->\n";
    out << "<sdf version=\"1.9\">\n  <world name=\"" << escaped(name) << "_world\">\n";
    out << "    <gravity>" << w.v3(gravity3(spec)) << "</gravity>\n";
    out << "    <model name=\"" << escaped(name) << "\">\n";
    std::set<std::string> jointPoints;
    for (const JointSpec& joint : spec.joints) {
        jointPoints.insert(joint.parent.body + "\n" + joint.parent.point);
        jointPoints.insert(joint.child.body + "\n" + joint.child.point);
    }
    for (const BodySpec& body : spec.bodies) {
        const auto at = origin.find(body.id);
        if (at == origin.end()) {
            throw std::invalid_argument("body " + body.id + " is not joined to the ground");
        }
        const Eigen::Matrix3d I =
            body.inertiaTensor ? *body.inertiaTensor : uniformInertiaTensor(body);
        out << "      <link name=\"" << escaped(body.id) << "\">\n";
        out << "        <pose>" << w.v3(at->second) << " 0 0 0</pose>\n";
        out << "        <inertial>\n";
        out << "          <pose>"
            << w.v3(Eigen::Vector3d(body.com_B.x(), body.com_B.y(), body.comZ_B))
            << " 0 0 0</pose>\n";
        out << "          <mass>" << body.mass << "</mass>\n";
        out << "          <inertia><ixx>" << I(0, 0) << "</ixx><ixy>" << I(0, 1) << "</ixy><ixz>"
            << I(0, 2) << "</ixz><iyy>" << I(1, 1) << "</iyy><iyz>" << I(1, 2) << "</iyz><izz>"
            << I(2, 2) << "</izz></inertia>\n";
        out << "        </inertial>\n      </link>\n";
    }
    const auto writeJoint = [&](const JointSpec& joint) {
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
        const char* type = nullptr;
        switch (joint.type) {
        case JointType::Revolute:
            type = "revolute";
            break;
        case JointType::Prismatic:
            type = "prismatic";
            break;
        case JointType::Universal:
            type = "universal";
            break;
        case JointType::Spherical:
            type = "ball";
            break;
        case JointType::Cylindrical:
            throw std::invalid_argument("joint " + joint.name +
                                        " is cylindrical, which SDFormat has not: write it as a "
                                        "prismatic and a revolute joint with a light link");
        }
        out << "      <joint name=\"" << escaped(joint.name) << "\" type=\"" << type << "\">\n";
        out << "        <pose>" << w.v3(findPoint(spec, child)->position3()) << " 0 0 0</pose>\n";
        out << "        <parent>"
            << (parent.body == kGroundId ? std::string("world") : escaped(parent.body))
            << "</parent>\n";
        out << "        <child>" << escaped(child.body) << "</child>\n";
        if (joint.type != JointType::Spherical) {
            out << "        <axis>\n          <xyz>" << w.v3(axis) << "</xyz>\n";
            if (joint.springDamper &&
                (joint.type == JointType::Revolute || joint.type == JointType::Prismatic)) {
                out << "          <dynamics><damping>" << joint.springDamper->damping
                    << "</damping><spring_reference>" << joint.springDamper->restPosition
                    << "</spring_reference><spring_stiffness>" << joint.springDamper->stiffness
                    << "</spring_stiffness></dynamics>\n";
            }
            out << "        </axis>\n";
        }
        if (joint.type == JointType::Universal) {
            out << "        <axis2><xyz>" << w.v3(axis2) << "</xyz></axis2>\n";
        }
        out << "      </joint>\n";
    };
    for (const JointSpec& joint : spec.joints) {
        if (cuts.count(joint.name) == 0) {
            writeJoint(joint);
        }
    }
    for (const JointSpec& joint : spec.joints) {
        if (cuts.count(joint.name) != 0) {
            writeJoint(joint);
        }
    }
    for (const BodySpec& body : spec.bodies) {
        for (const BodyPoint& p : body.points) {
            if (jointPoints.count(body.id + "\n" + p.name) == 0) {
                out << "      <frame name=\"" << escaped(body.id + "." + p.name)
                    << "\" attached_to=\"" << escaped(body.id) << "\"><pose>" << w.v3(p.position3())
                    << " 0 0 0</pose></frame>\n";
            }
        }
    }
    out << "    </model>\n  </world>\n</sdf>\n";
    return out.str();
}

} // namespace sslm
