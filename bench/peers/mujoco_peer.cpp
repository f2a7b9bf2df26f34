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

#include "core/kinematics/forward_kinematics.hpp"
#include "core/model/workspace.hpp"

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
    std::vector<int> qposAddress; ///< of our coordinate k
    std::vector<int> dofAddress;  ///< of our coordinate k
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
    s.mjcf = mjcfOf(model);
    s.mj = loadFromMemory(s.mjcf);
    s.data = mj_makeData(s.mj);

    s.qposAddress.resize(nq);
    s.dofAddress.resize(nq);
    for (int k = 0; k < nq; ++k) {
        const int id = jointId(s.mj, jointName(k));
        s.qposAddress[k] = s.mj->jnt_qposadr[id];
        s.dofAddress[k] = s.mj->jnt_dofadr[id];
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
    s.q = Eigen::VectorXd::Zero(nq);
    s.qd = Eigen::VectorXd::Zero(nq);
}

MujocoPeer::~MujocoPeer() = default;
MujocoPeer::MujocoPeer(MujocoPeer&&) noexcept = default;
MujocoPeer& MujocoPeer::operator=(MujocoPeer&&) noexcept = default;

void MujocoPeer::setState(const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    Impl& s = *m_impl;
    if (q.size() != nq() || qd.size() != nq()) {
        throw std::invalid_argument("MujocoPeer::setState: q and qd need " + std::to_string(nq()) +
                                    " entries");
    }
    s.q = q;
    s.qd = qd;
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
    for (int k = 0; k < s.q.size(); ++k) {
        s.data->qpos[s.qposAddress[k]] = s.q[k];
        s.data->qvel[s.dofAddress[k]] = s.qd[k];
    }
    for (const Impl::Guide& guide : s.guides) {
        s.data->qpos[guide.qposAddress] = guide.slide;
        s.data->qvel[guide.dofAddress] = guide.rate;
    }
    mj_forward(s.mj, s.data);
}

Eigen::VectorXd MujocoPeer::qdd() const {
    Eigen::VectorXd out(nq());
    for (int k = 0; k < nq(); ++k) {
        out[k] = m_impl->data->qacc[m_impl->dofAddress[k]];
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
    return static_cast<int>(m_impl->qposAddress.size());
}

const std::string& MujocoPeer::mjcf() const {
    return m_impl->mjcf;
}

} // namespace sslm::bench
