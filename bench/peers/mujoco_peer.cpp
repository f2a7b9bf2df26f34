// SPDX-License-Identifier: MIT
#include "bench/peers/mujoco_peer.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <Eigen/Geometry>

#include "core/interop/mechanism_export.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/model/workspace.hpp"
#include "core/spec/joint_kinds.hpp"

#include <mujoco/mujoco.h>

namespace sslm::bench {

namespace {

constexpr const char* kFileName = "sslm_peer.xml";

/// The mechanism the peer runs: the model's spec with the model's cuts, and without springs,
/// dampers or actuators (the peer is free motion under gravity only) or visuals (the peer's
/// model lives in memory, where no mesh file resolves, and draws nothing).
MechanismSpec freeMotion(const Model& model) {
    MechanismSpec spec = model.spec;
    spec.ground.visuals.clear();
    for (BodySpec& body : spec.bodies) {
        body.visuals.clear();
    }
    spec.cuts.clear();
    for (const int cut : model.cuts) {
        spec.cuts.push_back(model.joints[cut].name);
    }
    for (JointSpec& joint : spec.joints) {
        joint.springDamper.reset();
    }
    spec.actuators.clear();
    return spec;
}

/// The MJCF text of sslm export (core/interop/mjcf_export.hpp) for the model.
std::string exportedMjcf(const Model& model) {
    if (model.isSpatial()) {
        for (const int c : model.cuts) {
            const Joint& cut = model.joints[c];
            if (cut.type == JointType::Prismatic || cut.type == JointType::Cylindrical) {
                // the export's guide body needs our travel along the cut, which the spatial
                // kinematics do not give (jointValue); not run here
                throw std::invalid_argument("MujocoPeer: the " +
                                            std::string(jointTypeWord(cut.type)) + " cut " +
                                            cut.name + " of a spatial model is not supported");
            }
        }
    }
    const ExportResult exported = exportMechanism(freeMotion(model), "mjcf");
    if (!exported.ok()) {
        throw std::runtime_error("MujocoPeer: sslm export refuses the model: " +
                                 formatDiagnostics(exported.diagnostics));
    }
    return *exported.text;
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

/// The exporter's MJCF name of tree coordinate k of `joint`: the joint's name for a
/// one-coordinate or spherical joint, the coordinate's for a universal or cylindrical one.
std::string exportedJointName(const Model& model, const Joint& joint, int k) {
    if (joint.coordinateCount == 1 || joint.type == JointType::Spherical) {
        return joint.name;
    }
    return model.coordinates[k].name;
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
        /// The ball's body quaternion in its parent (the exported, assembled pose): MuJoCo's
        /// ball turns the body from there, so qpos = bodyQuat⁻¹ ⊗ (E or Eᵀ).
        Eigen::Quaterniond bodyQuat = Eigen::Quaterniond::Identity();
    };
    std::vector<Ball> balls;
    struct Guide {
        int cutJoint = -1;
        int qposAddress = -1;
        int dofAddress = -1;
        double slide = 0;         ///< m, from the exported pose
        double rate = 0;          ///< m/s
        double travelAtQpos0 = 0; ///< m, the cut's travel at the exported pose
    };
    std::vector<Guide> guides;
    Eigen::VectorXd q;
    Eigen::VectorXd qd;
};

MujocoPeer::MujocoPeer(const sslm::Model& model) : m_impl(std::make_unique<Impl>(model)) {
    Impl& s = *m_impl;
    const int nv = model.nv();
    s.q = Eigen::VectorXd::Zero(model.nq());
    s.qd = Eigen::VectorXd::Zero(nv);
    s.mjcf = exportedMjcf(model);
    s.mj = loadFromMemory(s.mjcf);
    s.data = mj_makeData(s.mj);
    // the peer's solver setting since its first version: Newton to 1e-12 (the export leaves
    // MuJoCo's defaults, 1e-8)
    s.mj->opt.solver = mjSOL_NEWTON;
    s.mj->opt.iterations = 100;
    s.mj->opt.tolerance = 1e-12;

    s.qposAddress.assign(nv, -1);
    s.dofAddress.assign(nv, -1);
    s.positionOf.assign(nv, -1);
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        if (joint.type == JointType::Spherical) {
            const int id = jointId(s.mj, exportedJointName(model, joint, joint.coordinate));
            Impl::Ball ball;
            ball.position = joint.position;
            ball.coordinate = joint.coordinate;
            ball.forward = joint.treeSign > 0;
            ball.qposAddress = s.mj->jnt_qposadr[id];
            ball.dofAddress = s.mj->jnt_dofadr[id];
            const mjtNum* quat = s.mj->body_quat + 4 * s.mj->jnt_bodyid[id];
            ball.bodyQuat = Eigen::Quaterniond(quat[0], quat[1], quat[2], quat[3]);
            s.balls.push_back(ball);
            continue;
        }
        for (int k = 0; k < joint.coordinateCount; ++k) {
            const int id = jointId(s.mj, exportedJointName(model, joint, joint.coordinate + k));
            s.qposAddress[joint.coordinate + k] = s.mj->jnt_qposadr[id];
            s.dofAddress[joint.coordinate + k] = s.mj->jnt_dofadr[id];
            s.positionOf[joint.coordinate + k] =
                model.isSpatial() ? joint.position + k : joint.coordinate + k;
        }
    }
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        if (cut.type != JointType::Prismatic) {
            continue;
        }
        // the export's guide: a light body in A at B's point, sliding along the cut's axis,
        // its qpos the travel from the exported (assembled) pose
        const int id = jointId(s.mj, cut.name + "_guide");
        const int guideBody = s.mj->jnt_bodyid[id];
        const Eigen::Vector3d origin(s.mj->body_pos + 3 * guideBody);
        const Eigen::Vector3d axis(s.mj->jnt_axis + 3 * id);
        Impl::Guide guide;
        guide.cutJoint = model.cuts[i];
        guide.qposAddress = s.mj->jnt_qposadr[id];
        guide.dofAddress = s.mj->jnt_dofadr[id];
        guide.travelAtQpos0 = (origin - cut.p_A).dot(axis.normalized());
        s.guides.push_back(guide);
        // The weld's regularisation R scales with the bodies' inverse weights at qpos0; the
        // near-massless guide's would make it ~1e9 times softer than a constraint between A
        // and B. The guide stands for A's guide line, so it gets A's inverse weights.
        const int sideA = s.mj->body_parentid[guideBody];
        s.mj->body_invweight0[2 * guideBody] = s.mj->body_invweight0[2 * sideA];
        s.mj->body_invweight0[2 * guideBody + 1] = s.mj->body_invweight0[2 * sideA + 1];
    }
}

MujocoPeer::~MujocoPeer() = default;
MujocoPeer::MujocoPeer(MujocoPeer&&) noexcept = default;
MujocoPeer& MujocoPeer::operator=(MujocoPeer&&) noexcept = default;

void MujocoPeer::setState(const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    Impl& s = *m_impl;
    if (q.size() != s.q.size() || qd.size() != nv()) {
        throw std::invalid_argument("MujocoPeer::setState: q and qd need " +
                                    std::to_string(s.q.size()) + " and " + std::to_string(nv()) +
                                    " entries");
    }
    s.q = q;
    s.qd = qd;
    for (Impl::Ball& ball : s.balls) {
        const int p = ball.position;
        const Eigen::Quaterniond e =
            Eigen::Quaterniond(q[p], q[p + 1], q[p + 2], q[p + 3]).normalized();
        const Eigen::Quaterniond local =
            ball.bodyQuat.conjugate() * (ball.forward ? e : e.conjugate());
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
        guide.slide = jointValue(s.model, s.ws, guide.cutJoint) - guide.travelAtQpos0;
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
    Eigen::VectorXd out(nv());
    for (int k = 0; k < nv(); ++k) {
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

int MujocoPeer::nv() const {
    return static_cast<int>(m_impl->qd.size());
}

const std::string& MujocoPeer::mjcf() const {
    return m_impl->mjcf;
}

} // namespace sslm::bench
