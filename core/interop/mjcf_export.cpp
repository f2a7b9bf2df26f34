// SPDX-License-Identifier: MIT
// Over 600 lines: MJCF's writer: bodies, joints, loop equalities, actuators and meshes at the
// assembled pose, one XML tree.
#include "core/interop/mjcf_export.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <string_view>

#include <Eigen/Geometry>

#include "core/interop/joint_extras.hpp"
#include "core/interop/report_text.hpp"
#include "core/interop/xml_text.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"
#include "core/spatial/roll_pitch_yaw.hpp"
#include "core/spec/joint_kinds.hpp"

namespace sslm {

namespace {

/// Equality constraints as stiff as MuJoCo allows: impedance 0.9999 at any violation (the
/// benchmark peer's setting) and, for the drift that MuJoCo's acceleration constraint leaves
/// (it omits J̇q̇), a time constant of two time steps (the least MuJoCo accepts) at critical
/// damping.
constexpr const char* kSolimp = "0.9999 0.9999 0.001 0.5 2";
/// MuJoCo's loops drift by about the square of that time constant: the exported four-bar
/// follows SSLM's θ1 within 2.2e-4 rad over 1 s at a 1e-4 s step (2e-4 s time constant), but
/// 0.04 rad at 5e-4 s and 0.29 rad at 1e-3 s (tests/core/interop/tst_mjcf.cpp).
constexpr double kLargestTimestep = 1e-4;

struct Pose {
    Eigen::Matrix3d R = Eigen::Matrix3d::Identity();
    Eigen::Vector3d p = Eigen::Vector3d::Zero();
};

struct Site {
    std::string name;
    Eigen::Vector3d position; ///< body frame (m)
};

class MjcfWriter {
public:
    explicit MjcfWriter(const MechanismSpec& spec) : m_spec(spec) {}

    ExportResult run() {
        m_result.format = ModelFormat::Mjcf;
        const CompileResult compiled = compileModel(m_spec);
        if (!compiled.ok()) {
            m_result.diagnostics = compiled.diagnostics;
            return std::move(m_result);
        }
        m_model = compiled.model.get();
        const Model& model = *m_model;
        m_state = assembleInitialState(model);
        if (!m_state.report.converged) {
            m_result.error("initial",
                           "the initial state does not assemble: " + m_state.report.message,
                           "fix the initial state (sslm check says what fails)");
            return std::move(m_result);
        }
        m_ws = std::make_unique<Workspace>(model);
        updatePositions(model, *m_ws, m_state.q);
        updateVelocities(model, *m_ws, m_state.qd);
        m_lever = leverLength();
        m_timestep = std::min(m_spec.solver.step, kLargestTimestep);
        m_solref = xmlNumber(2 * m_timestep) + " 1";
        names();
        sites();
        write();
        m_result.text = std::move(m_xml);
        return std::move(m_result);
    }

private:
    // ---- geometry --------------------------------------------------------------------------

    /// Body b's frame in W at the assembled initial state.
    Pose pose(int b) const {
        Pose out;
        if (b <= 0) {
            return out;
        }
        out.R = m_ws->rotation[b];
        out.p = m_ws->position[b];
        return out;
    }

    /// The direction (W) of joint j's axis fixed in side A (`second`: a universal joint's
    /// second axis, fixed in B) at the assembled state.
    Eigen::Vector3d worldAxis(const Joint& joint, bool second = false) const {
        if (second) {
            return pose(joint.bodyB).R * joint.axis_B.normalized();
        }
        return pose(joint.bodyA).R * joint.axis_A.normalized();
    }

    /// The axis (body frame) of a joint fixed in side A, for a cut's second connect or a
    /// tendon site (a planar revolute joint's is z).
    Eigen::Vector3d axisOnA(const Joint& joint) const { return joint.axis_A.normalized(); }
    /// The axis (body frame) fixed in side B: a universal joint's second axis, else A's axis as
    /// B holds it at the assembled state.
    Eigen::Vector3d axisOnB(const Joint& joint) const {
        return joint.type == JointType::Universal
                   ? Eigen::Vector3d(joint.axis_B.normalized())
                   : Eigen::Vector3d(pose(joint.bodyB).R.transpose() * worldAxis(joint));
    }

    /// The distance between a cut's two connects on its axis, and a universal cut's tendon
    /// levers: the largest extent of a body (m), 0.1 m if every body is a point.
    double leverLength() const {
        double largest = 0;
        for (const Body& body : m_model->bodies) {
            for (const BodyPoint& a : body.points) {
                for (const BodyPoint& b : body.points) {
                    largest = std::max(largest, (a.position3() - b.position3()).norm());
                }
            }
        }
        return largest > 1e-9 ? largest : 0.1;
    }

    // ---- names -----------------------------------------------------------------------------

    void names() {
        const Model& model = *m_model;
        m_bodyNames.assign(model.bodies.size(), "world");
        for (std::size_t b = 1; b < model.bodies.size(); ++b) {
            m_bodyNames[b] = model.bodies[b].id;
            if (m_bodyNames[b] == "world") {
                m_bodyNames[b] = "world_body";
                m_result.approximate("body world",
                                     "renamed world_body: 'world' is MJCF's world body");
            }
        }
    }

    /// The MJCF joint name of tree coordinate k: the joint's name for a one-coordinate joint
    /// (its coordinate's name is said in the report when it differs), the coordinate's name
    /// for a universal or cylindrical joint's hinges and slides.
    std::string jointName(const Joint& joint, int k) const {
        if (joint.coordinateCount == 1 || joint.type == JointType::Spherical) {
            return joint.name;
        }
        return m_model->coordinates[k].name;
    }

    // ---- sites: traced points and the tendons of universal cuts ----------------------------

    void sites() {
        const Model& model = *m_model;
        m_sites.assign(model.bodies.size(), {});
        for (const TracedPoint& point : model.tracedPoints) {
            m_sites[point.body].push_back({point.name, point.p_B});
            m_result.map("trace " + point.name, "site " + point.name);
        }
        for (int i = 0; i < model.nLoops(); ++i) {
            const Joint& cut = model.joints[model.cuts[i]];
            if (cut.type == JointType::Universal) {
                m_sites[cut.bodyA].push_back({cut.name + "_a", cut.p_A + m_lever * axisOnA(cut)});
                m_sites[cut.bodyB].push_back({cut.name + "_b", cut.p_B + m_lever * axisOnB(cut)});
            }
        }
        for (const TwoPointElement& e : model.twoPointElements) {
            if (e.spec.kind == TwoPointSpec::Kind::Spring) {
                m_sites[e.firstBody].push_back({e.spec.name + "_first", e.first_B});
                m_sites[e.secondBody].push_back({e.spec.name + "_second", e.second_B});
            }
        }
    }

    void writeSites(int b, const std::string& indent) {
        for (const Site& site : m_sites[b]) {
            m_xml += indent + "<site name=\"" + xmlEscaped(site.name) + "\" pos=\"" +
                     xmlVector(site.position) + "\"/>\n";
        }
    }

    // ---- visuals: geoms that draw, never collide, weigh nothing -----------------------------

    /// Whether MuJoCo 2.2 reads the mesh file (STL, OBJ, MSH; not what only Assimp reads).
    static bool mujocoReadsMesh(const std::string& file) {
        std::string extension = std::filesystem::path(file).extension().string();
        std::transform(extension.begin(), extension.end(), extension.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return extension == ".stl" || extension == ".obj" || extension == ".msh";
    }

    /// The <mesh> asset of a body's (or the ground's) k-th visual, by its owner's name.
    static std::string meshName(const std::string& owner, std::size_t k) {
        return owner + "_mesh" + std::to_string(k + 1);
    }

    void writeMeshAssets() {
        const MechanismSpec& spec = m_model->spec;
        std::string assets;
        const auto add = [&](const std::vector<VisualSpec>& visuals, const std::string& owner) {
            for (std::size_t k = 0; k < visuals.size(); ++k) {
                const VisualSpec& v = visuals[k];
                if (v.kind == VisualKind::Mesh && mujocoReadsMesh(v.file)) {
                    assets += "    <mesh name=\"" + xmlEscaped(meshName(owner, k)) + "\" file=\"" +
                              xmlEscaped(v.file) + "\" scale=\"" + xmlVector(v.scale) + "\"/>\n";
                }
            }
        };
        add(spec.ground.visuals, "ground");
        for (std::size_t b = 1; b < m_model->bodies.size(); ++b) {
            add(spec.bodies[m_model->bodies[b].specIndex].visuals, m_bodyNames[b]);
        }
        if (!assets.empty()) {
            m_xml += "  <asset>\n" + assets + "  </asset>\n";
        }
    }

    /// The visuals in the body frame (which is the mechanism's body frame at the assembled
    /// pose) as geoms of group 1 with no contact and no mass (inertiafromgeom is off).
    void writeVisuals(const std::vector<VisualSpec>& visuals,
                      const std::string& owner,
                      const std::string& indent) {
        for (std::size_t k = 0; k < visuals.size(); ++k) {
            const VisualSpec& v = visuals[k];
            if (v.kind == VisualKind::Mesh && !mujocoReadsMesh(v.file)) {
                m_result.drop(owner + " visual " + std::to_string(k + 1),
                              v.file +
                                  ": MuJoCo 2.2 reads STL, OBJ and MSH meshes only (convert it)");
                continue;
            }
            const Eigen::Quaterniond q(rotationFromRpy(v.rpy));
            std::string shape;
            switch (v.kind) {
            case VisualKind::Mesh:
                shape = "type=\"mesh\" mesh=\"" + xmlEscaped(meshName(owner, k)) + "\"";
                break;
            case VisualKind::Box:
                shape = "type=\"box\" size=\"" + xmlVector(v.size / 2) + "\"";
                break;
            case VisualKind::Cylinder:
                shape = "type=\"cylinder\" size=\"" + xmlNumber(v.radius) + ' ' +
                        xmlNumber(v.length / 2) + "\"";
                break;
            case VisualKind::Sphere:
                shape = "type=\"sphere\" size=\"" + xmlNumber(v.radius) + "\"";
                break;
            }
            const Eigen::Vector3d c = v.color.value_or(Eigen::Vector3d(0.7, 0.7, 0.7));
            m_xml += indent + "<geom name=\"" + xmlEscaped(owner) + "_visual" +
                     std::to_string(k + 1) + "\" " + shape + " pos=\"" + xmlVector(v.position) +
                     "\" quat=\"" + xmlNumber(q.w()) + ' ' + xmlNumber(q.x()) + ' ' +
                     xmlNumber(q.y()) + ' ' + xmlNumber(q.z()) + "\" rgba=\"" + xmlVector(c) +
                     " 1\" group=\"1\" contype=\"0\" conaffinity=\"0\"/>\n";
        }
        if (!visuals.empty()) {
            m_result.map(owner + " visuals",
                         std::to_string(visuals.size()) +
                             " geom(s) of group 1, no contact, no mass (meshes "
                             "as <mesh> assets, files as the mechanism has them)");
        }
    }

    // ---- the file --------------------------------------------------------------------------

    void write() {
        const Model& model = *m_model;
        const MechanismSpec& spec = model.spec;
        m_xml += "<!-- " + xmlComment(spec.name) +
                 ": written by sslm export at its assembled initial state (keyframe \"initial\"; "
                 "hinge and slide qpos are the mechanism's coordinates). -->\n";
        m_xml += "<mujoco model=\"" + xmlEscaped(spec.name) + "\">\n";
        m_xml += "  <compiler angle=\"radian\" inertiafromgeom=\"false\"/>\n";
        writeMeshAssets();
        const Eigen::Vector3d& g = model.gravity;
        m_xml += "  <option timestep=\"" + xmlNumber(m_timestep) + "\" gravity=\"" + xmlVector(g) +
                 "\" integrator=\"RK4\">\n    <flag contact=\"disable\"/>\n  </option>\n";
        m_result.map("gravity", xmlVector(g) + " m/s²");
        m_result.map(
            "solver step",
            "option timestep " + xmlNumber(m_timestep) +
                " s (at most 1e-4 s: MuJoCo's loops drift with the constraints' time constant, "
                "two steps), RK4; contacts disabled");
        m_result.drop("solver", "method, integrator and tolerances are SSLM's (MuJoCo's are set in "
                                "<option>)");
        m_xml += "  <worldbody>\n";
        writeVisuals(spec.ground.visuals, "ground", "    ");
        writeSites(0, "    ");
        writeGuides(0, "    ");
        for (const int child : model.bodies[0].children) {
            writeBody(child, "    ");
        }
        m_xml += "  </worldbody>\n";
        writeTendons();
        writeEqualities();
        writeActuators();
        if (!model.loads.empty()) {
            m_result.drop("loads", std::to_string(model.loads.size()) +
                                       " load(s): MJCF applies forces at run time only "
                                       "(xfrc_applied), not in the file");
        }
        m_xml += "  <keyframe>\n    <key name=\"initial\" qpos=\"" + join(m_keyQpos) +
                 "\" qvel=\"" + join(m_keyQvel) + "\"/>\n  </keyframe>\n";
        m_result.map("initial", "keyframe \"initial\": the assembled initial state (qpos = qpos0)");
        m_xml += "</mujoco>\n";
    }

    static std::string join(const std::vector<double>& values) {
        std::string out;
        for (const double v : values) {
            out += (out.empty() ? "" : " ") + xmlNumber(v);
        }
        return out;
    }

    void writeBody(int b, const std::string& indent) {
        const Model& model = *m_model;
        const Body& body = model.bodies[b];
        const Joint& joint = model.joints[body.treeJoint];
        const Pose parent = pose(body.parent);
        const Pose self = pose(b);
        const Eigen::Vector3d pos = parent.R.transpose() * (self.p - parent.p);
        const Eigen::Quaterniond quat(Eigen::Matrix3d(parent.R.transpose() * self.R));
        m_xml += indent + "<body name=\"" + xmlEscaped(m_bodyNames[b]) + "\" pos=\"" +
                 xmlVector(pos) + "\" quat=\"" + xmlNumber(quat.w()) + ' ' + xmlNumber(quat.x()) +
                 ' ' + xmlNumber(quat.y()) + ' ' + xmlNumber(quat.z()) + "\">\n";
        const std::string inner = indent + "  ";
        m_xml += inner + "<inertial pos=\"" + xmlVector(body.com_B) + "\" mass=\"" +
                 xmlNumber(body.mass) + "\" ";
        if (model.isSpatial()) {
            const Eigen::Matrix3d& i = body.inertia_B;
            m_xml += "fullinertia=\"" + xmlNumber(i(0, 0)) + ' ' + xmlNumber(i(1, 1)) + ' ' +
                     xmlNumber(i(2, 2)) + ' ' + xmlNumber(i(0, 1)) + ' ' + xmlNumber(i(0, 2)) +
                     ' ' + xmlNumber(i(1, 2)) + "\"/>\n";
            m_result.map("body " + body.id, "mass, COM and full inertia tensor (body frame)");
        } else {
            const std::string izz = xmlNumber(body.inertiaCom());
            m_xml += "diaginertia=\"" + izz + ' ' + izz + ' ' + izz + "\"/>\n";
            m_result.approximate(
                "body " + body.id,
                "planar inertia " + izz +
                    " kg·m² written as Ixx = Iyy = Izz (only Izz acts in the plane)");
        }
        writeJoint(joint, b, inner);
        writeVisuals(model.spec.bodies[body.specIndex].visuals, m_bodyNames[b], inner);
        writeSites(b, inner);
        writeGuides(b, inner);
        for (const int child : body.children) {
            writeBody(child, inner);
        }
        m_xml += indent + "</body>\n";
    }

    void writeJoint(const Joint& joint, int b, const std::string& indent) {
        const Model& model = *m_model;
        const bool forward = joint.treeSign > 0;
        const double sign = forward ? 1.0 : -1.0;
        const Eigen::Vector3d& onChild = forward ? joint.p_B : joint.p_A;
        const Eigen::Matrix3d toChild = pose(b).R.transpose();
        const auto scalar = [&](const char* type, int k, const Eigen::Vector3d& axisW,
                                bool spring) {
            const double value = m_state.q[positionIndex(model, k)];
            m_xml += indent + "<joint name=\"" + xmlEscaped(jointName(joint, k)) + "\" type=\"" +
                     type + "\" pos=\"" + xmlVector(onChild) + "\" axis=\"" +
                     xmlVector(Eigen::Vector3d(sign * (toChild * axisW).normalized())) +
                     "\" ref=\"" + xmlNumber(value) + "\"";
            if (spring && (joint.springDamper || joint.friction)) {
                const SpringDamperSpec s = joint.springDamper.value_or(SpringDamperSpec{});
                const JointFrictionSpec f = joint.friction.value_or(JointFrictionSpec{});
                m_xml += " stiffness=\"" + xmlNumber(s.stiffness) + "\" springref=\"" +
                         xmlNumber(s.restPosition) + "\" damping=\"" +
                         xmlNumber(s.damping + f.viscous) + "\"";
                if (f.coulomb != 0) {
                    m_xml += " frictionloss=\"" + xmlNumber(f.coulomb) + "\"";
                }
            }
            if (spring && joint.limits) {
                const JointLimitsSpec& l = *joint.limits;
                m_xml += " limited=\"true\" range=\"" + xmlNumber(l.lower.value_or(-kNoStop)) +
                         ' ' + xmlNumber(l.upper.value_or(kNoStop)) + "\"";
            }
            m_xml += "/>\n";
            m_keyQpos.push_back(value);
            m_keyQvel.push_back(m_state.qd[k]);
        };
        const int c = joint.coordinate;
        const std::string element = "joint " + joint.name;
        switch (joint.type) {
        case JointType::Revolute:
            scalar("hinge", c, worldAxis(joint), true);
            m_result.map(element, "hinge");
            break;
        case JointType::Prismatic:
            scalar("slide", c, worldAxis(joint), true);
            m_result.map(element, "slide");
            break;
        case JointType::Cylindrical:
            scalar("hinge", c, worldAxis(joint), false);
            scalar("slide", c + 1, worldAxis(joint), false);
            m_result.map(element, "hinge " + jointName(joint, c) + " and slide " +
                                      jointName(joint, c + 1) + " in one body");
            break;
        case JointType::Universal:
            if (forward) {
                scalar("hinge", c, worldAxis(joint), false);
                scalar("hinge", c + 1, worldAxis(joint, true), false);
            } else {
                scalar("hinge", c + 1, worldAxis(joint, true), false);
                scalar("hinge", c, worldAxis(joint), false);
            }
            m_result.map(element, "hinges " + jointName(joint, c) + " and " +
                                      jointName(joint, c + 1) +
                                      " in one body (MuJoCo composes them in order: first axis "
                                      "fixed in the parent, second in the child)");
            break;
        case JointType::Spherical: {
            m_xml += indent + "<joint name=\"" + xmlEscaped(joint.name) +
                     "\" type=\"ball\" pos=\"" + xmlVector(onChild) + "\"/>\n";
            const Eigen::Vector3d omega = m_state.qd.segment<3>(c);
            const Eigen::Vector3d local =
                forward ? Eigen::Vector3d(toChild * pose(joint.bodyA).R * omega)
                        : Eigen::Vector3d(-omega);
            m_keyQpos.insert(m_keyQpos.end(), {1.0, 0.0, 0.0, 0.0});
            m_keyQvel.insert(m_keyQvel.end(), {local.x(), local.y(), local.z()});
            m_result.approximate(element,
                                 "ball: its qpos is the turn from the assembled pose (identity "
                                 "there), not the mechanism's quaternion");
            break;
        }
        }
        if (joint.coordinateCount == 1 && joint.coordinateName != joint.name) {
            m_result.approximate(element, "MJCF names the joint only: qpos of " + joint.name +
                                              " is the coordinate " + joint.coordinateName);
        }
        if (joint.springDamper && joint.type != JointType::Revolute &&
            joint.type != JointType::Prismatic) {
            m_result.drop(element + " spring_damper", "only hinges and slides carry one in MJCF");
        }
        if (joint.type == JointType::Revolute || joint.type == JointType::Prismatic) {
            reportStopsAndFriction(joint);
        }
    }

    /// What the hinge's or slide's range, frictionloss and damping carry of the joint's stops
    /// and friction.
    void reportStopsAndFriction(const Joint& joint) {
        const std::string element = "joint " + joint.name;
        const bool revolute = joint.type == JointType::Revolute;
        if (joint.limits) {
            const JointLimitsSpec& l = *joint.limits;
            m_result.approximate(
                element + " limit",
                "limited range " + boundsText(l) + (revolute ? " rad" : " m") +
                    " (qpos is the coordinate" +
                    (l.lower && l.upper ? std::string()
                                        : "; the missing bound written ±" + numberText(kNoStop) +
                                              ", read back as none") +
                    "); MuJoCo enforces it as a soft constraint (its solref and solimp), not as "
                    "a spring: the " +
                    stopText(l) + " are not written" +
                    (defaultStops(l)
                         ? std::string(" (SSLM's defaults, which the reader assumes)")
                         : "; read back as SSLM's defaults, " + stopText(JointLimitsSpec{})));
        }
        if (joint.friction) {
            const JointFrictionSpec& f = *joint.friction;
            if (f.coulomb != 0) {
                m_result.approximate(element + " friction",
                                     "frictionloss " + xmlNumber(f.coulomb) +
                                         " (MuJoCo's dry friction is a soft constraint that can "
                                         "stick, SSLM's the smooth tanh law that creeps)");
            }
            const double d = joint.springDamper ? joint.springDamper->damping : 0.0;
            reportFrictionApproximations(m_result, element, f,
                                         "damping " + xmlNumber(d + f.viscous), "MJCF");
        }
    }

    std::string bodyAttribute(int b) const { return xmlEscaped(m_bodyNames[b]); }

    /// <connect> of the point onA (A's frame) on body a to onB (B's frame) on body b; MuJoCo
    /// reads the anchor on body1 and takes body2's from the assembled pose at qpos0. The world
    /// is never body1.
    void connect(const std::string& name,
                 int a,
                 const Eigen::Vector3d& onA,
                 int b,
                 const Eigen::Vector3d& onB,
                 bool active = true) {
        const bool swap = a == 0;
        const int body1 = swap ? b : a;
        const int body2 = swap ? a : b;
        m_xml +=
            "    <connect name=\"" + xmlEscaped(name) + "\" body1=\"" + bodyAttribute(body1) + "\"";
        if (body2 != 0) {
            m_xml += " body2=\"" + bodyAttribute(body2) + "\"";
        }
        m_xml += " anchor=\"" + xmlVector(swap ? onB : onA) + "\"" +
                 (active ? std::string() : std::string(" active=\"false\"")) + " solref=\"" +
                 m_solref + "\" solimp=\"" + kSolimp + "\"/>\n";
    }

    // ---- prismatic and cylindrical cuts: a guide body on side A ----------------------------

    /// World velocity (m/s) of the point of body b at x (W) at the initial state.
    Eigen::Vector3d velocityAt(int b, const Eigen::Vector3d& x) const {
        if (b <= 0) {
            return Eigen::Vector3d::Zero();
        }
        const Pose body = pose(b);
        const Eigen::Vector3d local = body.R.transpose() * (x - body.p);
        return pointVelocity(*m_ws, b, local);
    }

    /// The guide of each prismatic or cylindrical cut whose side A is body b: a light body in A
    /// at B's point, turned like A, sliding along the cut's axis (its slide is the cut's
    /// travel from the assembled pose); B is welded to it (prismatic) or pinned to it on the
    /// axis by two connects (cylindrical), in writeEqualities.
    void writeGuides(int b, const std::string& indent) {
        const Model& model = *m_model;
        for (int i = 0; i < model.nLoops(); ++i) {
            const Joint& cut = model.joints[model.cuts[i]];
            if ((cut.type != JointType::Prismatic && cut.type != JointType::Cylindrical) ||
                cut.bodyA != b) {
                continue;
            }
            const Pose a = pose(cut.bodyA);
            const Pose other = pose(cut.bodyB);
            const Eigen::Vector3d xA = a.p + a.R * cut.p_A;
            const Eigen::Vector3d xB = other.p + other.R * cut.p_B;
            const Eigen::Vector3d axisW = worldAxis(cut);
            const Eigen::Vector3d axisInA = a.R.transpose() * axisW;
            const double travel = axisW.dot(xB - xA);
            const Eigen::Vector3d origin = cut.p_A + travel * axisInA;
            const double rate = axisW.dot(velocityAt(cut.bodyB, xB) - velocityAt(cut.bodyA, xB));
            double lightest = 0;
            for (std::size_t k = 1; k < model.bodies.size(); ++k) {
                const double mk = model.bodies[k].mass;
                lightest = lightest == 0 ? mk : std::min(lightest, mk);
            }
            const double mass = 1e-6 * lightest;
            const double inertia = mass * m_lever * m_lever;
            const std::string name = xmlEscaped(cut.name) + "_guide";
            const std::string inner = indent + "  ";
            m_xml += indent + "<body name=\"" + name + "\" pos=\"" + xmlVector(origin) + "\">\n";
            m_xml += inner + "<inertial pos=\"0 0 0\" mass=\"" + xmlNumber(mass) +
                     "\" diaginertia=\"" + xmlNumber(inertia) + ' ' + xmlNumber(inertia) + ' ' +
                     xmlNumber(inertia) + "\"/>\n";
            m_xml += inner + "<joint name=\"" + name + "\" type=\"slide\" pos=\"0 0 0\" axis=\"" +
                     xmlVector(axisInA.normalized()) + "\"/>\n";
            m_xml += indent + "</body>\n";
            m_keyQpos.push_back(0.0);
            m_keyQvel.push_back(rate);
            m_guideAxis[i] = axisInA.normalized();
            m_result.approximate(
                "joint " + cut.name,
                std::string("cut ") + jointTypeWord(cut.type) +
                    ": MJCF has no equality for a point on a line, so a guide body " + cut.name +
                    "_guide (" + xmlNumber(mass) +
                    " kg, 1e-6 of the lightest body) slides along the axis in " +
                    (cut.bodyA == 0 ? std::string("the world") : m_bodyNames[b]) +
                    (cut.type == JointType::Prismatic
                         ? " and is welded to "
                         : " and is pinned on the axis by two <connect>s to ") +
                    m_bodyNames[cut.bodyB] +
                    ": the same kinematics, plus the guide's mass, and MuJoCo softens "
                    "the constraint by the light guide's inverse weight; its qpos is "
                    "the cut's travel from the assembled pose");
        }
    }

    void writeTendons() {
        const Model& model = *m_model;
        std::string tendons;
        for (int i = 0; i < model.nLoops(); ++i) {
            const Joint& cut = model.joints[model.cuts[i]];
            if (cut.type == JointType::Universal) {
                const std::string name = xmlEscaped(cut.name);
                tendons += "    <spatial name=\"" + name + "_perp\">\n      <site site=\"" + name +
                           "_a\"/>\n      <site site=\"" + name + "_b\"/>\n    </spatial>\n";
            }
        }
        for (const TwoPointElement& e : model.twoPointElements) {
            tendons += springTendon(e);
        }
        if (!tendons.empty()) {
            m_xml += "  <tendon>\n" + tendons + "  </tendon>\n";
        }
    }

    /// A two-point spring as a spatial tendon between sites at its ends, whose passive force
    /// −stiffness·(L − springlength) − damping·L̇ is the spring's. A preload P is the same law
    /// with the rest length L0 + P/k (exact, but read back as that rest length and no
    /// preload); without stiffness it has no MJCF form. A cylinder is dropped: MJCF's
    /// actuators take their control at run time, not a signal of time or a length to track.
    std::string springTendon(const TwoPointElement& e) {
        const TwoPointSpec& s = e.spec;
        const std::string element = "two-point element " + s.name;
        if (s.kind != TwoPointSpec::Kind::Spring) {
            m_result.drop(element, std::string("a cylinder (") +
                                       (s.tracksLength ? "PD tracking of a length signal"
                                                       : "a force signal of time") +
                                       "): MJCF's actuators take their control at run time");
            return {};
        }
        double rest = s.restLength;
        std::string note;
        if (s.preload != 0 && s.stiffness != 0 && s.restLength + s.preload / s.stiffness > 0) {
            rest = s.restLength + s.preload / s.stiffness;
            note = "; its preload " + numberText(s.preload) + " N folded into springlength " +
                   xmlNumber(rest) +
                   " = rest length + preload/stiffness (the same force law; "
                   "read back as that rest length, no preload)";
        } else if (s.preload != 0) {
            note = "; its preload " + numberText(s.preload) +
                   " N is not written (no stiffness or rest length to fold it into)";
        }
        const std::string name = xmlEscaped(s.name);
        const std::string text =
            "    <spatial name=\"" + name + "\" stiffness=\"" + xmlNumber(s.stiffness) +
            "\" springlength=\"" + xmlNumber(rest) + "\" damping=\"" + xmlNumber(s.damping) +
            "\">\n      <site site=\"" + name + "_first\"/>\n      <site site=\"" + name +
            "_second\"/>\n    </spatial>\n";
        const std::string what = "spatial tendon " + s.name + " between sites " + s.name +
                                 "_first and " + s.name + "_second: stiffness " +
                                 numberText(s.stiffness) + ", springlength " + numberText(rest) +
                                 ", damping " + numberText(s.damping) + note;
        if (note.empty()) {
            m_result.map(element, what);
        } else {
            m_result.approximate(element, what);
        }
        return text;
    }

    void writeEqualities() {
        const Model& model = *m_model;
        if (model.nLoops() == 0) {
            return;
        }
        m_xml += "  <equality>\n";
        for (int i = 0; i < model.nLoops(); ++i) {
            const Joint& cut = model.joints[model.cuts[i]];
            const int a = cut.bodyA;
            const int b = cut.bodyB;
            const auto connectPair = [&](const std::string& name, const Eigen::Vector3d& offsetA,
                                         const Eigen::Vector3d& offsetB, bool active = true) {
                connect(name, a, cut.p_A + offsetA, b, cut.p_B + offsetB, active);
            };
            const std::string element = "joint " + cut.name;
            const Eigen::Vector3d zero = Eigen::Vector3d::Zero();
            if (cut.type == JointType::Prismatic || cut.type == JointType::Cylindrical) {
                writeGuided(cut, i);
                continue;
            }
            connectPair(cut.name, zero, zero);
            switch (cut.type) {
            case JointType::Spherical:
                m_result.map(element, "cut: <connect> " + cut.name);
                break;
            case JointType::Revolute: {
                // in a planar mechanism the tree keeps every body in the plane: the first
                // connect is the revolute cut exactly and the second's rows are redundant, so
                // it is written inactive, marking the axis (MuJoCo then solves no extra rows)
                const bool axisActive = model.isSpatial();
                connectPair(cut.name + "_axis", m_lever * axisOnA(cut), m_lever * axisOnB(cut),
                            axisActive);
                m_result.map(
                    element,
                    "cut: the pair <connect> " + cut.name + " and " + cut.name +
                        "_axis at two points of its axis, " + xmlNumber(m_lever) +
                        " m apart (exact)" +
                        (axisActive ? std::string()
                                    : std::string("; planar: " + cut.name +
                                                  " alone is exact in the plane, and " + cut.name +
                                                  "_axis, redundant there, is written "
                                                  "inactive (active=\"false\"), marking the "
                                                  "axis")));
                break;
            }
            case JointType::Universal:
                m_xml += "    <tendon name=\"" + xmlEscaped(cut.name) + "_perp\" tendon1=\"" +
                         xmlEscaped(cut.name) + "_perp\" solref=\"" + m_solref + "\" solimp=\"" +
                         kSolimp + "\"/>\n";
                m_result.map(element, "cut: <connect> " + cut.name + " and the tendon equality " +
                                          cut.name +
                                          "_perp holding the spatial tendon between sites " +
                                          xmlNumber(m_lever) +
                                          " m along each axis at its assembled length √2·" +
                                          xmlNumber(m_lever) + " m (exact: axes perpendicular)");
                break;
            default:
                break;
            }
            if (cut.springDamper) {
                m_result.drop(element + " spring_damper",
                              "a cut joint's spring acts on no MJCF joint");
            }
            if (cut.friction) {
                m_result.drop(element + " friction",
                              "a cut joint's friction acts on no MJCF joint");
            }
            if (cut.limits) {
                m_result.drop(element + " limit", "stops " + boundsText(*cut.limits) +
                                                      ": a cut joint has no MJCF joint to limit");
            }
        }
        m_xml += "  </equality>\n";
    }

    /// B fixed to the guide of cut i (its frame, the guide's, are known only by name): a weld
    /// for a prismatic cut, two connects on the axis for a cylindrical one; MuJoCo takes the
    /// relative pose, and the anchors on B, from the assembled pose at qpos0.
    void writeGuided(const Joint& cut, int i) {
        const std::string guide = xmlEscaped(cut.name) + "_guide";
        const int b = cut.bodyB;
        const std::string body2 = b == 0 ? std::string() : " body2=\"" + bodyAttribute(b) + "\"";
        const std::string soft =
            "\" solref=\"" + m_solref + "\" solimp=\"" + std::string(kSolimp) + "\"/>\n";
        if (cut.type == JointType::Prismatic) {
            m_xml += "    <weld name=\"" + xmlEscaped(cut.name) + "\" body1=\"" + guide + "\"" +
                     body2 + " relpose=\"0 0 0 0 0 0 0" + soft;
            return;
        }
        m_xml += "    <connect name=\"" + xmlEscaped(cut.name) + "\" body1=\"" + guide + "\"" +
                 body2 + " anchor=\"0 0 0" + soft;
        m_xml += "    <connect name=\"" + xmlEscaped(cut.name) + "_axis\" body1=\"" + guide + "\"" +
                 body2 + " anchor=\"" + xmlVector(m_lever * m_guideAxis.at(i)) + soft;
    }

    void writeActuators() {
        const Model& model = *m_model;
        std::string motors;
        for (const Actuator& actuator : model.actuators) {
            const ActuatorSpec& a = actuator.spec;
            const std::string element = "actuator on " + a.joint;
            const Joint& joint = model.joints[actuator.joint];
            if (actuator.coordinate < 0) {
                m_result.drop(element, "its joint is cut: no MJCF joint to drive");
                continue;
            }
            if (joint.type != JointType::Revolute && joint.type != JointType::Prismatic) {
                m_result.drop(element, "only hinges and slides are driven");
                continue;
            }
            if (a.kind != ActuatorSpec::Kind::Force) {
                m_result.drop(element, "PD tracking has no MJCF form here");
                continue;
            }
            motors += "    <motor name=\"" + xmlEscaped(a.joint) + "_motor\" joint=\"" +
                      xmlEscaped(jointName(joint, actuator.coordinate)) + "\" gear=\"1\"/>\n";
            if (a.force.kind == SignalSpec::Kind::Zero) {
                m_result.map(element,
                             "<motor> " + a.joint + "_motor (zero force until ctrl is set)");
            } else {
                m_result.approximate(element,
                                     "<motor> " + a.joint +
                                         "_motor: the force signal is not carried (MuJoCo's "
                                         "ctrl is set at run time)");
            }
        }
        if (!motors.empty()) {
            m_xml += "  <actuator>\n" + motors + "  </actuator>\n";
        }
    }

    const MechanismSpec& m_spec;
    ExportResult m_result;
    const Model* m_model = nullptr;
    InitialState m_state;
    std::unique_ptr<Workspace> m_ws;
    double m_lever = 0.1;
    std::string m_solref;
    double m_timestep = kLargestTimestep;
    std::map<int, Eigen::Vector3d> m_guideAxis; ///< per prismatic/cylindrical cut: its axis in A
    std::vector<std::string> m_bodyNames;
    std::vector<std::vector<Site>> m_sites;
    std::vector<double> m_keyQpos;
    std::vector<double> m_keyQvel;
    std::string m_xml;
};

} // namespace

ExportResult exportMjcf(const MechanismSpec& spec) {
    return MjcfWriter(spec).run();
}

} // namespace sslm
