// SPDX-License-Identifier: MIT
#include "bench/peers/mujoco_peer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <Eigen/Geometry>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/model/workspace.hpp"
#include "core/spatial/spatial_algebra.hpp"
#include "core/spec/joint_kinds.hpp"

#include <mujoco/mujoco.h>

namespace sslm::bench {

namespace {

constexpr double kGuideMass = 1e-9;     ///< kg, auxiliary guide body of a prismatic cut
constexpr double kGuideInertia = 1e-12; ///< kg·m²
/// Equality constraints as stiff as MuJoCo allows: impedance d = mjMAXIMP at any violation
/// (dmin dmax width midpoint power), and the default reference (time constant 0.02 s, damping
/// ratio 1), which acts only on a violation and so not on an assembled state.
constexpr const char* kSolimp = "0.9999 0.9999 0.001 0.5 2";
constexpr const char* kSolref = "0.02 1";
constexpr const char* kFileName = "sslm_peer.xml";

Eigen::Vector2d rotated(double angle, const Eigen::Vector2d& v) {
    const double c = std::cos(angle);
    const double s = std::sin(angle);
    return {c * v.x() - s * v.y(), s * v.x() + c * v.y()};
}

/// Writes MJCF text, numbers in their shortest round-trip form, locale-independent.
class XmlWriter {
public:
    XmlWriter& operator<<(std::string_view text) {
        m_text += text;
        return *this;
    }
    XmlWriter& operator<<(char c) {
        m_text += c;
        return *this;
    }
    XmlWriter& operator<<(double value) {
        std::array<char, 32> buffer{};
        const auto end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value).ptr;
        m_text.append(buffer.data(), end);
        return *this;
    }
    XmlWriter& operator<<(int value) { return *this << std::string_view(std::to_string(value)); }
    /// A planar vector as an MJCF 3-vector "x y 0".
    XmlWriter& vec(const Eigen::Vector2d& v) { return *this << v.x() << ' ' << v.y() << " 0"; }
    XmlWriter& vec3(const Eigen::Vector3d& v) {
        return *this << v.x() << ' ' << v.y() << ' ' << v.z();
    }
    /// The unit quaternion "w x y z" of a turn about z (rad).
    XmlWriter& quatAboutZ(double angle) {
        return *this << std::cos(angle / 2) << " 0 0 " << std::sin(angle / 2);
    }
    const std::string& str() const { return m_text; }

private:
    std::string m_text;
};

std::string bodyName(int body) {
    return body == 0 ? "world" : "b" + std::to_string(body);
}
std::string jointName(int coordinate) {
    return "q" + std::to_string(coordinate);
}
std::string guideName(int cut) {
    return "guide" + std::to_string(cut);
}

/// The guide body of prismatic cut `cutIndex`, nested in its side-A body: origin p_A, turned by
/// the cut's offset (so it is aligned with B when the cut is closed), sliding along axis_A.
void writeGuide(XmlWriter& xml, const Joint& cut, int cutIndex) {
    const Eigen::Vector2d axisInGuide = rotated(-cut.offset, cut.axis_A.normalized());
    xml << "<body name=\"" << guideName(cutIndex) << "\" pos=\"";
    xml.vec(cut.p_A) << "\" quat=\"";
    xml.quatAboutZ(cut.offset) << "\">";
    xml << "<inertial pos=\"0 0 0\" mass=\"" << kGuideMass << "\" diaginertia=\"" << kGuideInertia
        << ' ' << kGuideInertia << ' ' << kGuideInertia << "\"/>";
    xml << "<joint name=\"" << guideName(cutIndex) << "\" type=\"slide\" axis=\"";
    xml.vec(axisInGuide) << "\"/></body>\n";
}

/// Body `b` and its subtree. The body frame is ours; at qpos = 0 the child sits at angle
/// φ_parent + treeSign·offset with its joint point on the parent's (forward_kinematics.cpp):
/// - revolute: hinge through the child's joint point about +z (A → B) or −z (B → A), so that
///   qpos is our q;
/// - prismatic: slide along axis_A as seen from the child, reversed for B → A.
void writeBody(XmlWriter& xml, const Model& model, int b) {
    const Body& body = model.bodies[b];
    const Joint& joint = model.joints[body.treeJoint];
    const bool forward = joint.treeSign > 0;
    const Eigen::Vector2d& onParent = forward ? joint.p_A : joint.p_B;
    const Eigen::Vector2d& onChild = forward ? joint.p_B : joint.p_A;
    const double angleInParent = joint.treeSign * joint.offset;
    xml << "<body name=\"" << bodyName(b) << "\" pos=\"";
    xml.vec(onParent - rotated(angleInParent, onChild)) << "\" quat=\"";
    xml.quatAboutZ(angleInParent) << "\">\n";
    const double izz = body.inertiaCom;
    xml << "<inertial pos=\"";
    xml.vec(body.com_B) << "\" mass=\"" << body.mass << "\" diaginertia=\"" << izz << ' ' << izz
                        << ' ' << izz << "\"/>\n";
    xml << "<joint name=\"" << jointName(b - 1) << "\" ";
    if (joint.type == JointType::Revolute) {
        xml << "type=\"hinge\" pos=\"";
        xml.vec(onChild) << "\" axis=\"0 0 " << (forward ? "1" : "-1") << "\"/>\n";
    } else {
        const Eigen::Vector2d axis = joint.axis_A.normalized();
        xml << "type=\"slide\" axis=\"";
        xml.vec(forward ? rotated(-joint.offset, axis) : Eigen::Vector2d(-axis)) << "\"/>\n";
    }
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        if (cut.type == JointType::Prismatic && cut.bodyA == b) {
            writeGuide(xml, cut, i);
        }
    }
    for (const int child : body.children) {
        writeBody(xml, model, child);
    }
    xml << "</body>\n";
}

std::string mjcfOf(const Model& model) {
    XmlWriter xml;
    xml << "<mujoco model=\"sslm\">\n"
        << "<compiler angle=\"radian\" inertiafromgeom=\"false\"/>\n"
        << "<option timestep=\"0.001\" gravity=\"";
    xml.vec(model.gravity) << "\" integrator=\"Euler\" solver=\"Newton\" iterations=\"100\" "
                              "tolerance=\"1e-12\">\n"
                           << "<flag contact=\"disable\"/>\n</option>\n<worldbody>\n";
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        if (cut.type == JointType::Prismatic && cut.bodyA == 0) {
            writeGuide(xml, cut, i);
        }
    }
    for (const int child : model.bodies[0].children) {
        writeBody(xml, model, child);
    }
    xml << "</worldbody>\n<equality>\n";
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        if (cut.type == JointType::Revolute) {
            // body2's anchor is overwritten with p_B after loading
            xml << "<connect name=\"cut" << i << "\" body1=\"" << bodyName(cut.bodyA)
                << "\" body2=\"" << bodyName(cut.bodyB) << "\" anchor=\"";
            xml.vec(cut.p_A) << "\"";
        } else {
            // B's origin seen from the guide, which is aligned with B: −p_B
            xml << "<weld name=\"cut" << i << "\" body1=\"" << guideName(i) << "\" body2=\""
                << bodyName(cut.bodyB) << "\" relpose=\"";
            xml.vec(-cut.p_B) << " 1 0 0 0\"";
        }
        xml << " solref=\"" << kSolref << "\" solimp=\"" << kSolimp << "\"/>\n";
    }
    xml << "</equality>\n</mujoco>\n";
    return xml.str();
}

// ---- 3-D models ----

constexpr double kLever = 1.0; ///< m, length of the site levers of a perpendicularity tendon

/// A site of a perpendicularity tendon: `point` + kLever·`direction` on `body` (body frame).
struct TendonSite {
    int body = 0;
    Eigen::Vector3d position = Eigen::Vector3d::Zero();
};

/// One perpendicularity row of a cut, as a spatial tendon between two sites whose length is
/// held at kLever·√2: with the cut's points coincident (its connect), the length is √2·kLever
/// exactly when the two directions are perpendicular.
struct PerpendicularTendon {
    int cut = 0; ///< loop index
    TendonSite a;
    TendonSite b;
};

std::vector<PerpendicularTendon> perpendicularTendons(const Model& model) {
    std::vector<PerpendicularTendon> out;
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        const auto add = [&](const Eigen::Vector3d& onA, const Eigen::Vector3d& onB) {
            out.push_back({i,
                           {cut.bodyA, cut.p3_A + kLever * onA.normalized()},
                           {cut.bodyB, cut.p3_B + kLever * onB.normalized()}});
        };
        if (cut.type == JointType::Universal) {
            add(cut.axis3_A, cut.axis3_B);
        } else if (cut.type == JointType::Revolute) {
            Eigen::Vector3d n1;
            Eigen::Vector3d n2;
            spatial::perpendicularPair(cut.axis3_A.normalized(), n1, n2);
            add(n1, cut.axis3_B);
            add(n2, cut.axis3_B);
        } else if (cut.type != JointType::Spherical) {
            throw std::invalid_argument("MujocoPeer: MuJoCo has no equality constraint for the " +
                                        std::string(jointTypeWord(cut.type)) + " cut " + cut.name);
        }
    }
    return out;
}

std::string siteName(int tendon, char side) {
    return "s" + std::to_string(tendon) + side;
}

void writeSites(XmlWriter& xml, const std::vector<PerpendicularTendon>& tendons, int body) {
    for (std::size_t t = 0; t < tendons.size(); ++t) {
        for (const auto& [site, side] :
             {std::pair{tendons[t].a, 'a'}, std::pair{tendons[t].b, 'b'}}) {
            if (site.body == body) {
                xml << "<site name=\"" << siteName(static_cast<int>(t), side) << "\" pos=\"";
                xml.vec3(site.position) << "\"/>\n";
            }
        }
    }
}

/// Body `b` of a 3-D model and its subtree. Body frames are ours and parallel to the parent's
/// at qpos = 0; the joints sit at the child's joint point, with axes (child frame) such that
/// qpos is our coordinate: revolute hinge ±u, prismatic slide ±u, cylindrical hinge and slide
/// ±u, universal hinges a₁ then a₂ (MuJoCo composes a body's joints in order, each about its
/// axis in the turned frame: R = R_A·Rot(a₁, q₀)·Rot(a₂, q₁)) or, B → A, −a₂ then −a₁, and
/// spherical a ball. The sign is − where the tree runs B → A.
void writeSpatialBody(XmlWriter& xml,
                      const Model& model,
                      const std::vector<PerpendicularTendon>& tendons,
                      int b) {
    const Body& body = model.bodies[b];
    const Joint& joint = model.joints[body.treeJoint];
    const bool forward = joint.treeSign > 0;
    const Eigen::Vector3d& onParent = forward ? joint.p3_A : joint.p3_B;
    const Eigen::Vector3d& onChild = forward ? joint.p3_B : joint.p3_A;
    xml << "<body name=\"" << bodyName(b) << "\" pos=\"";
    xml.vec3(Eigen::Vector3d(onParent - onChild)) << "\">\n";
    const Eigen::Matrix3d& i = body.inertia3_B;
    xml << "<inertial pos=\"";
    xml.vec3(body.com3_B) << "\" mass=\"" << body.mass << "\" fullinertia=\"" << i(0, 0) << ' '
                          << i(1, 1) << ' ' << i(2, 2) << ' ' << i(0, 1) << ' ' << i(0, 2) << ' '
                          << i(1, 2) << "\"/>\n";
    const double sign = forward ? 1.0 : -1.0;
    const auto write = [&](int coordinate, const char* type, const Eigen::Vector3d& axis) {
        xml << "<joint name=\"" << jointName(coordinate) << "\" type=\"" << type << "\" pos=\"";
        xml.vec3(onChild) << "\" axis=\"";
        xml.vec3(Eigen::Vector3d(sign * axis.normalized())) << "\"/>\n";
    };
    const int c = joint.coordinate;
    switch (joint.type) {
    case JointType::Revolute:
        write(c, "hinge", joint.axis3_A);
        break;
    case JointType::Prismatic:
        write(c, "slide", joint.axis3_A);
        break;
    case JointType::Cylindrical:
        write(c, "hinge", joint.axis3_A);
        write(c + 1, "slide", joint.axis3_A);
        break;
    case JointType::Universal:
        if (forward) {
            write(c, "hinge", joint.axis3_A);
            write(c + 1, "hinge", joint.axis3_B);
        } else {
            write(c + 1, "hinge", joint.axis3_B);
            write(c, "hinge", joint.axis3_A);
        }
        break;
    case JointType::Spherical:
        write(c, "ball", Eigen::Vector3d::UnitZ());
        break;
    }
    writeSites(xml, tendons, b);
    for (const int child : body.children) {
        writeSpatialBody(xml, model, tendons, child);
    }
    xml << "</body>\n";
}

std::string spatialMjcfOf(const Model& model, const std::vector<PerpendicularTendon>& tendons) {
    XmlWriter xml;
    xml << "<mujoco model=\"sslm\">\n"
        << "<compiler angle=\"radian\" inertiafromgeom=\"false\"/>\n"
        << "<option timestep=\"0.001\" gravity=\"";
    xml.vec3(model.gravity3) << "\" integrator=\"Euler\" solver=\"Newton\" iterations=\"100\" "
                                "tolerance=\"1e-12\">\n"
                             << "<flag contact=\"disable\"/>\n</option>\n<worldbody>\n";
    writeSites(xml, tendons, 0);
    for (const int child : model.bodies[0].children) {
        writeSpatialBody(xml, model, tendons, child);
    }
    xml << "</worldbody>\n";
    if (!tendons.empty()) {
        xml << "<tendon>\n";
        for (std::size_t t = 0; t < tendons.size(); ++t) {
            const int index = static_cast<int>(t);
            xml << "<spatial name=\"t" << index << "\"><site site=\"" << siteName(index, 'a')
                << "\"/><site site=\"" << siteName(index, 'b') << "\"/></spatial>\n";
        }
        xml << "</tendon>\n";
    }
    xml << "<equality>\n";
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        // body2's anchor is overwritten with p_B after loading
        xml << "<connect name=\"cut" << i << "\" body1=\"" << bodyName(cut.bodyA) << "\" body2=\""
            << bodyName(cut.bodyB) << "\" anchor=\"";
        xml.vec3(cut.p3_A) << "\" solref=\"" << kSolref << "\" solimp=\"" << kSolimp << "\"/>\n";
    }
    for (std::size_t t = 0; t < tendons.size(); ++t) {
        // its length target is set after loading (tendon_length0 is known then)
        xml << "<tendon name=\"perp" << static_cast<int>(t) << "\" tendon1=\"t"
            << static_cast<int>(t) << "\" solref=\"" << kSolref << "\" solimp=\"" << kSolimp
            << "\"/>\n";
    }
    xml << "</equality>\n</mujoco>\n";
    return xml.str();
}

mjModel* loadFromMemory(const std::string& text) {
    auto vfs = std::make_unique<mjVFS>();
    mj_defaultVFS(vfs.get());
    if (mj_makeEmptyFileVFS(vfs.get(), kFileName, static_cast<int>(text.size())) != 0) {
        throw std::runtime_error("MujocoPeer: cannot make the in-memory MJCF file");
    }
    const int file = mj_findFileVFS(vfs.get(), kFileName);
    std::memcpy(vfs->filedata[file], text.data(), text.size());
    std::array<char, 1024> error{};
    mjModel* m = mj_loadXML(kFileName, vfs.get(), error.data(), static_cast<int>(error.size()));
    mj_deleteVFS(vfs.get());
    if (m == nullptr) {
        throw std::runtime_error(std::string("MujocoPeer: MuJoCo rejects the model: ") +
                                 error.data());
    }
    return m;
}

int jointId(const mjModel* m, const std::string& name) {
    const int id = mj_name2id(m, mjOBJ_JOINT, name.c_str());
    if (id < 0) {
        throw std::logic_error("MujocoPeer: no joint " + name + " in the compiled model");
    }
    return id;
}

} // namespace

struct MujocoPeer::Impl {
    explicit Impl(const Model& source) : model(source), ws(model) {}
    ~Impl() {
        mj_deleteData(data);
        mj_deleteModel(mj);
    }
    Impl(const Impl&) = delete;
    Impl& operator=(const Impl&) = delete;

    Model model; ///< a copy: the guide coordinates are computed from it
    Workspace ws;
    std::string mjcf;
    mjModel* mj = nullptr;
    mjData* data = nullptr;
    std::vector<int> qposAddress; ///< of our coordinate k; -1 for a spherical joint's
    std::vector<int> dofAddress;  ///< of our coordinate k; -1 for a spherical joint's
    std::vector<int> positionOf;  ///< our position index of coordinate k (scalar coordinates)
    /// A spherical tree joint: MuJoCo's ball has qpos = the quaternion of the child relative to
    /// the parent and qvel = its angular velocity in the child's frame. Forward (A → B) that
    /// is E and Eᵀω; B → A it is Eᵀ and −ω. Our ω = rateMap·qvel, and ω̇ = rateMap·qacc as
    /// qvel is parallel to the relative rate (rateMap = E, or −1).
    struct Ball {
        int position = -1;
        int coordinate = -1;
        bool forward = true;
        int qposAddress = -1;
        int dofAddress = -1;
        Eigen::Matrix3d rateMap = Eigen::Matrix3d::Identity();
        Eigen::Vector4d qpos = Eigen::Vector4d(1, 0, 0, 0);
        Eigen::Vector3d qvel = Eigen::Vector3d::Zero();
    };
    std::vector<Ball> balls;
    struct Guide {
        int cutJoint = -1;
        int qposAddress = -1;
        int dofAddress = -1;
        double slide = 0; ///< m
        double rate = 0;  ///< m/s
    };
    std::vector<Guide> guides;
    Eigen::VectorXd q;
    Eigen::VectorXd qd;
};

MujocoPeer::MujocoPeer(const sslm::Model& model) : m_impl(std::make_unique<Impl>(model)) {
    Impl& s = *m_impl;
    const int nq = model.nq();
    s.q = Eigen::VectorXd::Zero(model.positionSize());
    s.qd = Eigen::VectorXd::Zero(nq);
    if (model.isSpatial()) {
        initSpatial();
        return;
    }
    s.mjcf = mjcfOf(model);
    s.mj = loadFromMemory(s.mjcf);
    s.data = mj_makeData(s.mj);

    s.qposAddress.resize(nq);
    s.dofAddress.resize(nq);
    s.positionOf.resize(nq);
    for (int k = 0; k < nq; ++k) {
        const int id = jointId(s.mj, jointName(k));
        s.qposAddress[k] = s.mj->jnt_qposadr[id];
        s.dofAddress[k] = s.mj->jnt_dofadr[id];
        s.positionOf[k] = k;
    }
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        const int eq = mj_name2id(s.mj, mjOBJ_EQUALITY, ("cut" + std::to_string(i)).c_str());
        if (cut.type == JointType::Revolute) {
            // MuJoCo 2.2 took body2's anchor from the qpos0 pose; the pin on B is p_B
            mjtNum* anchorOnB = s.mj->eq_data + mjNEQDATA * eq + 3;
            anchorOnB[0] = cut.p_B.x();
            anchorOnB[1] = cut.p_B.y();
            anchorOnB[2] = 0.0;
        } else {
            const int id = jointId(s.mj, guideName(i));
            s.guides.push_back({model.cuts[i], s.mj->jnt_qposadr[id], s.mj->jnt_dofadr[id]});
            // The weld's regularisation R scales with the bodies' inverse weights at qpos0; the
            // near-massless guide's would make it ~1e9 times softer than a constraint between
            // A and B. The guide stands for A's guide line, so it gets A's inverse weights.
            const int guideBody = s.mj->jnt_bodyid[id];
            const int sideA =
                cut.bodyA == 0 ? 0 : mj_name2id(s.mj, mjOBJ_BODY, bodyName(cut.bodyA).c_str());
            s.mj->body_invweight0[2 * guideBody] = s.mj->body_invweight0[2 * sideA];
            s.mj->body_invweight0[2 * guideBody + 1] = s.mj->body_invweight0[2 * sideA + 1];
        }
    }
}

void MujocoPeer::initSpatial() {
    Impl& s = *m_impl;
    const Model& model = s.model;
    const std::vector<PerpendicularTendon> tendons = perpendicularTendons(model);
    s.mjcf = spatialMjcfOf(model, tendons);
    s.mj = loadFromMemory(s.mjcf);
    s.data = mj_makeData(s.mj);

    s.qposAddress.assign(model.nq(), -1);
    s.dofAddress.assign(model.nq(), -1);
    s.positionOf.assign(model.nq(), -1);
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        if (joint.type == JointType::Spherical) {
            const int id = jointId(s.mj, jointName(joint.coordinate));
            Impl::Ball ball;
            ball.position = joint.position;
            ball.coordinate = joint.coordinate;
            ball.forward = joint.treeSign > 0;
            ball.qposAddress = s.mj->jnt_qposadr[id];
            ball.dofAddress = s.mj->jnt_dofadr[id];
            s.balls.push_back(ball);
            continue;
        }
        for (int k = 0; k < joint.coordinateCount; ++k) {
            const int id = jointId(s.mj, jointName(joint.coordinate + k));
            s.qposAddress[joint.coordinate + k] = s.mj->jnt_qposadr[id];
            s.dofAddress[joint.coordinate + k] = s.mj->jnt_dofadr[id];
            s.positionOf[joint.coordinate + k] = joint.position + k;
        }
    }
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        const int eq = mj_name2id(s.mj, mjOBJ_EQUALITY, ("cut" + std::to_string(i)).c_str());
        // MuJoCo 2.2 took body2's anchor from the qpos0 pose; the point on B is p_B
        mjtNum* anchorOnB = s.mj->eq_data + mjNEQDATA * eq + 3;
        for (int k = 0; k < 3; ++k) {
            anchorOnB[k] = cut.p3_B[k];
        }
    }
    for (std::size_t t = 0; t < tendons.size(); ++t) {
        // the constraint holds ten_length − tendon_length0 at polycoef[0]: length kLever·√2
        const int eq = mj_name2id(s.mj, mjOBJ_EQUALITY, ("perp" + std::to_string(t)).c_str());
        const int tendon = s.mj->eq_obj1id[eq];
        s.mj->eq_data[mjNEQDATA * eq] = kLever * std::sqrt(2.0) - s.mj->tendon_length0[tendon];
    }
}

MujocoPeer::~MujocoPeer() = default;
MujocoPeer::MujocoPeer(MujocoPeer&&) noexcept = default;
MujocoPeer& MujocoPeer::operator=(MujocoPeer&&) noexcept = default;

void MujocoPeer::setState(const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    Impl& s = *m_impl;
    if (q.size() != s.q.size() || qd.size() != nq()) {
        throw std::invalid_argument("MujocoPeer::setState: q and qd need " +
                                    std::to_string(s.q.size()) + " and " + std::to_string(nq()) +
                                    " entries");
    }
    s.q = q;
    s.qd = qd;
    for (Impl::Ball& ball : s.balls) {
        const int p = ball.position;
        const Eigen::Quaterniond e =
            Eigen::Quaterniond(q[p], q[p + 1], q[p + 2], q[p + 3]).normalized();
        const Eigen::Quaterniond local = ball.forward ? e : e.conjugate();
        ball.qpos << local.w(), local.x(), local.y(), local.z();
        ball.rateMap =
            ball.forward ? e.toRotationMatrix() : Eigen::Matrix3d(-Eigen::Matrix3d::Identity());
        ball.qvel = ball.rateMap.transpose() * qd.segment<3>(ball.coordinate);
    }
    if (s.guides.empty()) {
        return;
    }
    // a guide sits where B's point is on A's guide line, moving with it
    updatePositions(s.model, s.ws, q);
    updateVelocities(s.model, s.ws, qd);
    for (Impl::Guide& guide : s.guides) {
        guide.slide = jointValue(s.model, s.ws, guide.cutJoint);
        guide.rate = jointRate(s.model, s.ws, guide.cutJoint);
    }
}

void MujocoPeer::computeAccelerations() {
    Impl& s = *m_impl;
    for (int k = 0; k < s.qd.size(); ++k) {
        if (s.qposAddress[k] >= 0) {
            s.data->qpos[s.qposAddress[k]] = s.q[s.positionOf[k]];
            s.data->qvel[s.dofAddress[k]] = s.qd[k];
        }
    }
    for (const Impl::Ball& ball : s.balls) {
        for (int i = 0; i < 4; ++i) {
            s.data->qpos[ball.qposAddress + i] = ball.qpos[i];
        }
        for (int i = 0; i < 3; ++i) {
            s.data->qvel[ball.dofAddress + i] = ball.qvel[i];
        }
    }
    for (const Impl::Guide& guide : s.guides) {
        s.data->qpos[guide.qposAddress] = guide.slide;
        s.data->qvel[guide.dofAddress] = guide.rate;
    }
    mj_forward(s.mj, s.data);
}

Eigen::VectorXd MujocoPeer::qdd() const {
    const Impl& s = *m_impl;
    Eigen::VectorXd out(nq());
    for (int k = 0; k < nq(); ++k) {
        if (s.dofAddress[k] >= 0) {
            out[k] = s.data->qacc[s.dofAddress[k]];
        }
    }
    for (const Impl::Ball& ball : s.balls) {
        const Eigen::Map<const Eigen::Vector3d> qacc(s.data->qacc + ball.dofAddress);
        out.segment<3>(ball.coordinate) = ball.rateMap * qacc;
    }
    return out;
}

double MujocoPeer::constraintViolation() const {
    const mjData* d = m_impl->data;
    double largest = 0;
    for (int row = 0; row < d->nefc; ++row) {
        if (d->efc_type[row] == mjCNSTR_EQUALITY) {
            largest = std::max(largest, std::abs(d->efc_pos[row]));
        }
    }
    return largest;
}

int MujocoPeer::nq() const {
    return static_cast<int>(m_impl->qd.size());
}

const std::string& MujocoPeer::mjcf() const {
    return m_impl->mjcf;
}

} // namespace sslm::bench
