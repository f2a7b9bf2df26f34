// SPDX-License-Identifier: MIT
// Over 600 lines: MJCF's many element kinds (worldbody, equality loops, defaults, sites, meshes)
// read in one pass over mjModel; split, each part would need the whole reader's state.
#include "core/interop/mjcf_import.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <locale>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "core/dynamics/coordinate_partition.hpp"
#include "core/interop/import_sink.hpp"
#include "core/interop/joint_extras.hpp"
#include "core/interop/mesh_reference.hpp"
#include "core/interop/report_text.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"
#include "core/spec/joint_kinds.hpp"
#include "core/spec/spec_validate.hpp"

#include <mujoco/mujoco.h>
#include <tinyxml2.h>

namespace sslm {

namespace {

constexpr double kSameTolerance = 1e-9; ///< m or unit-vector components: "the same"

struct ModelDeleter {
    void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct DataDeleter {
    void operator()(mjData* d) const { mj_deleteData(d); }
};

Eigen::Vector3d vec(const mjtNum* v) {
    return {v[0], v[1], v[2]};
}
Eigen::Matrix3d mat(const mjtNum* m) {
    Eigen::Matrix3d out;
    out << m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8];
    return out;
}

/// What MuJoCo 2.2's compiled model does not keep of a mesh geom, read from the file itself:
/// the mesh file (through <compiler meshdir>), its scale, and the geom's pose in its body as
/// written (MuJoCo moves a mesh to its centroid and principal axes).
struct MeshGeomSource {
    std::string file; ///< as the file names it, meshdir prepended
    Eigen::Vector3d scale = Eigen::Vector3d::Ones();
    Eigen::Vector3d position = Eigen::Vector3d::Zero(); ///< in the body frame (m)
    Eigen::Quaterniond turn = Eigen::Quaterniond::Identity();
    bool poseRead = true; ///< false when the pose is given other than by pos and quat
};

/// MuJoCo's warnings while it reads one file, kept for the report instead of its default
/// handling: printed, and appended to MUJOCO_LOG.TXT in the working folder (the user's).
class MujocoWarnings {
public:
    MujocoWarnings() : m_previous(mju_user_warning) {
        collected().clear();
        mju_user_warning = &collect;
    }
    ~MujocoWarnings() { mju_user_warning = m_previous; }
    MujocoWarnings(const MujocoWarnings&) = delete;
    MujocoWarnings& operator=(const MujocoWarnings&) = delete;

    /// This thread's warnings since construction, each once.
    static std::vector<std::string>& collected() {
        thread_local std::vector<std::string> warnings;
        return warnings;
    }

private:
    static void collect(const char* message) {
        std::vector<std::string>& warnings = collected();
        if (std::find(warnings.begin(), warnings.end(), message) == warnings.end()) {
            warnings.emplace_back(message);
        }
    }

    void (*m_previous)(const char*);
};

class MjcfImporter {
public:
    MjcfImporter(std::filesystem::path path, LoopNote loopNote)
        : m_path(std::move(path)), m_source(m_path.string()),
          m_sink(ModelFormat::Mjcf, m_source, loopNote) {}

    ImportResult run() {
        std::array<char, 2048> message{};
        {
            const MujocoWarnings warnings;
            mjModel* loaded = mj_loadXML(m_source.c_str(), nullptr, message.data(),
                                         static_cast<int>(message.size()));
            if (loaded == nullptr) {
                refused(message.data());
                return m_sink.take();
            }
            m_model.reset(loaded);
            m_data.reset(mj_makeData(m_model.get()));
            mj_kinematics(m_model.get(), m_data.get()); // at qpos0
            for (const std::string& warning : MujocoWarnings::collected()) {
                m_sink.approximate("MuJoCo", "warning while loading: " + warning);
            }
        }
        if (message[0] != '\0') {
            m_sink.approximate("MuJoCo", std::string("warning while loading: ") + message.data());
        }
        build();
        return m_sink.take();
    }

private:
    /// MuJoCo's message names the element and line ("Element 'joint', line 12", "line = 12");
    /// the diagnostic puts them where the URDF importer's are: "file:line: <element>".
    void refused(const std::string& message) {
        std::string text = message;
        while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
            text.pop_back();
        }
        std::smatch match;
        int line = 0;
        std::string element;
        if (std::regex_search(text, match, std::regex("Element '([^']*)', line ([0-9]+)"))) {
            element = match[1];
            line = std::stoi(match[2]);
        } else if (std::regex_search(text, match, std::regex("line = ([0-9]+)"))) {
            line = std::stoi(match[1]);
            std::smatch object;
            if (std::regex_search(text, object, std::regex("Object name = ([^,]*),"))) {
                element = "name=\"" + std::string(object[1]) + "\"";
            }
        } else if (std::regex_search(text, match, std::regex("[Ll]ine(?: number)?[ =]*([0-9]+)"))) {
            line = std::stoi(match[1]);
        }
        std::string flat; // one line, runs of blanks collapsed
        for (const char c : text) {
            const bool blank = c == '\n' || c == ' ';
            if (!blank || (!flat.empty() && flat.back() != ' ')) {
                flat += blank ? ' ' : c;
            }
        }
        Diagnostic d;
        d.where = m_source + (line > 0 ? ":" + std::to_string(line) : std::string()) +
                  (element.empty() ? std::string() : ": <" + element + ">");
        d.message = "MuJoCo refused the file: " + (flat.empty() ? "no reason given" : flat);
        d.hint = "fix the element on that line (MJCF's reference: mujoco.readthedocs.io, "
                 "XML Reference); the file must load in MuJoCo 2.2";
        m_sink.add(std::move(d));
    }

    // ---- names -----------------------------------------------------------------------------

    std::string name(mjtObj type, int id, const char* fallback) const {
        const char* n = mj_id2name(m_model.get(), type, id);
        return n != nullptr && n[0] != '\0' ? std::string(n) : fallback + std::to_string(id);
    }

    JointEnd end(int group, const std::string& pointName, const Eigen::Vector3d& pW) {
        LinkGroup& g = m_sink.groups()[group];
        return {g.id, g.addUniquePoint(pointName, pW)};
    }

    // ---- the model -------------------------------------------------------------------------

    void build() {
        const mjModel* m = m_model.get();
        MechanismSpec spec;
        spec.space = MotionSpace::Spatial;
        spec.name = m->names != nullptr && m->names[0] != '\0' ? std::string(m->names)
                                                               : m_path.stem().string();
        spec.gravity = {m->opt.gravity[0], m->opt.gravity[1]};
        spec.gravityZ = m->opt.gravity[2];
        m_sink.map("option gravity", vectorText(vec(m->opt.gravity)) + " m/s²");

        makeGroups();
        applyWelds();
        for (int b = 1; b < m->nbody; ++b) {
            addMass(b);
        }
        addTreeJoints(spec);
        addEqualities(spec);
        addGeoms();
        addOthers(spec);
        if (m_sink.failed()) {
            return;
        }
        addBodies(spec);
        m_sink.groundInto(spec);
        if (m_sink.failed()) {
            return;
        }
        initialState(spec);
        spec.description = description(spec);
        m_sink.adopt(std::move(spec));
    }

    /// The groups: the ground, then one per body with joints, parents first.
    void makeGroups() {
        const mjModel* m = m_model.get();
        const mjData* d = m_data.get();
        m_groupOf.assign(m->nbody, 0);
        std::set<std::string> ids{kGroundId};
        for (int b = 1; b < m->nbody; ++b) {
            if (m->body_jntnum[b] == 0) {
                m_groupOf[b] = m_groupOf[m->body_weldid[b]];
                const std::string& into = m_sink.groups()[m_groupOf[b]].id;
                m_sink.map("body " + name(mjOBJ_BODY, b, "body"),
                           into == kGroundId
                               ? std::string("welded to the world: part of the ground")
                               : "no joint: merged into body " + into);
                continue;
            }
            const std::string mjBody = name(mjOBJ_BODY, b, "body");
            std::string id = mjBody;
            if (ids.count(id) != 0) {
                id += "_body";
                m_sink.approximate("body " + mjBody,
                                   "renamed " + id + ": 'ground' is the ground's reserved id");
            }
            ids.insert(id);
            m_groupOf[b] = static_cast<int>(m_sink.groups().size());
            m_groupMaker[static_cast<int>(m_sink.groups().size())] = b;
            m_sink.addGroup(std::move(id), vec(d->xpos + 3 * b)).links.push_back(mjBody);
        }
    }

    /// The joints of every body with joints; a joint a <weld> made close a loop becomes a cut.
    void addTreeJoints(MechanismSpec& spec) {
        const mjModel* m = m_model.get();
        for (int b = 1; b < m->nbody; ++b) {
            if (m->body_jntnum[b] > 0) {
                const std::size_t before = spec.joints.size();
                addJoints(b, spec);
                if (m_weldCutBodies.count(b) != 0 && spec.joints.size() > before) {
                    // the weld made this body's joint close a loop: a cut, no tree coordinate
                    const JointSpec& cut = spec.joints.back();
                    spec.cuts.push_back(cut.name);
                    const std::vector<std::string> names = coordinateNames(cut);
                    std::erase_if(m_scalars, [&](const Scalar& s) {
                        return std::find(names.begin(), names.end(), s.coordinate) != names.end();
                    });
                    std::erase_if(m_balls,
                                  [&](const Scalar& s) { return s.coordinate == cut.name; });
                }
            }
        }
    }

    /// One body per group not welded into another, its inertia summed from the parts.
    void addBodies(MechanismSpec& spec) {
        for (std::size_t g = 1; g < m_sink.groups().size(); ++g) {
            const LinkGroup& group = m_sink.groups()[g];
            if (m_weldedGroups.count(static_cast<int>(g)) != 0) {
                continue; // welded into another body
            }
            if (!(group.mass() > 0)) {
                m_sink.error("body name=\"" + group.links.front() + "\"", 0,
                             "the body moves (it has joints) but has no mass, nor have the bodies "
                             "welded to it",
                             "give it an <inertial> with a positive mass or a geom with density");
                continue;
            }
            m_sink.addBody(spec, group, "body");
        }
    }

    /// The imported mechanism's description: where it came from and what it holds.
    std::string description(const MechanismSpec& spec) const {
        const mjModel* m = m_model.get();
        std::ostringstream text;
        text << "Imported from " << m_path.filename().string()
             << " (MJCF, MuJoCo 2.2) by sslm import: " << (m->nbody - 1) << " bodies, " << m->njnt
             << " joints, " << spec.cuts.size()
             << " loop closure(s). Body frames are parallel to the ground at the model's "
                "qpos0; coordinates are qpos − qpos0.";
        return text.str();
    }

    void addMass(int b) {
        const mjModel* m = m_model.get();
        const mjData* d = m_data.get();
        const double mass = m->body_mass[b];
        const std::string element = "body " + name(mjOBJ_BODY, b, "body");
        if (mass == 0) {
            return;
        }
        LinkGroup& group = m_sink.groups()[m_groupOf[b]];
        if (m_groupOf[b] == 0) {
            m_sink.drop(element, "its mass (" + numberText(mass) +
                                     " kg) is part of the ground, which does not move");
            return;
        }
        const Eigen::Matrix3d R = mat(d->ximat + 9 * b);
        const Eigen::Matrix3d inW = R * vec(m->body_inertia + 3 * b).asDiagonal() * R.transpose();
        const Eigen::Vector3d c = vec(d->xipos + 3 * b);
        group.parts.push_back({mass, c, inW});
        m_sink.map(element, "mass " + numberText(mass) + " kg, COM and inertia tensor" +
                                (group.links.front() != name(mjOBJ_BODY, b, "body")
                                     ? " merged into body " + group.id
                                     : std::string()));
    }

    /// Each active <weld> makes its two bodies one: the second (not the ground) is merged into
    /// the first, and the joints of the MJCF body that made the second close the loop as its
    /// cut (the split-link form of a loop). Two parts of one body welded are reported.
    void applyWelds() {
        const mjModel* m = m_model.get();
        for (int e = 0; e < m->neq; ++e) {
            if (m->eq_active[e] == 0 || m->eq_type[e] != mjEQ_WELD) {
                continue;
            }
            const std::string element = "weld " + name(mjOBJ_EQUALITY, e, "equality");
            int a = m_groupOf[m->eq_obj1id[e]];
            int b = m_groupOf[m->eq_obj2id[e]];
            if (a == b) {
                m_sink.drop(element, "welds two parts of one rigid body");
                continue;
            }
            // weld the one that is not an ancestor of the other (never the ground), so that
            // the joints of the body that made it lie in the loop
            if (isAncestorGroup(b, a)) {
                std::swap(a, b);
            }
            const int maker = m_groupMaker.at(b); // the MJCF body whose joints made group b
            for (int& group : m_groupOf) {
                group = group == b ? a : group;
            }
            m_weldedGroups.insert(b);
            m_weldCutBodies.insert(maker);
            m_sink.map(element, m_sink.groups()[b].id + " welded into " + m_sink.groups()[a].id +
                                    " (one body, at the pose of qpos0), so the joint of body " +
                                    name(mjOBJ_BODY, maker, "body") +
                                    " closes the loop as its cut");
        }
    }

    /// Whether group `ancestor` lies on the tree path from group `g` to the ground (the ground
    /// is every group's ancestor).
    bool isAncestorGroup(int ancestor, int g) const {
        const mjModel* m = m_model.get();
        for (std::size_t steps = 0; g != 0 && steps <= m_sink.groups().size(); ++steps) {
            if (g == ancestor) {
                return true;
            }
            const auto maker = m_groupMaker.find(g);
            if (maker == m_groupMaker.end()) {
                return false;
            }
            g = m_groupOf[m->body_parentid[maker->second]];
        }
        return ancestor == 0;
    }

    struct Scalar {
        std::string coordinate;
        int qposAddress = 0;
        int dofAddress = 0;
    };

    void addJoints(int b, MechanismSpec& spec) {
        const mjModel* m = m_model.get();
        const mjData* d = m_data.get();
        const int first = m->body_jntadr[b];
        const int count = m->body_jntnum[b];
        const int parent = m_groupOf[m->body_parentid[b]];
        const int child = m_groupOf[b];
        const std::string bodyName = name(mjOBJ_BODY, b, "body");
        if (parent == child) {
            // a <weld> made this body one with its parent: its joints cannot move
            m_sink.map("body " + bodyName + " joints",
                       "locked: a <weld> made the body one with its parent " +
                           m_sink.groups()[parent].id);
            return;
        }
        std::vector<int> types;
        std::vector<std::string> names;
        for (int j = first; j < first + count; ++j) {
            types.push_back(m->jnt_type[j]);
            names.push_back(name(mjOBJ_JOINT, j, "joint"));
        }
        const auto anchor = [&](int j) {
            return vec(d->xanchor + 3 * j);
        };
        const auto axis = [&](int j) {
            return vec(d->xaxis + 3 * j).normalized();
        };
        JointSpec js;
        js.name = names.front();
        const std::string element = "joint name=\"" + js.name + "\"";
        if (count == 1 && types[0] == mjJNT_FREE) {
            m_sink.error(
                element, 0, "a free joint: body " + bodyName + " floats",
                "attach it to its parent with a hinge, slide or ball joint (SSLM has no free "
                "bodies), or weld it (no joint)");
            return;
        }
        Eigen::Vector3d point = anchor(first);
        if (count == 1) {
            js.coordinate = js.name;
            if (types[0] == mjJNT_HINGE) {
                js.type = JointType::Revolute;
                js.axis = axis(first);
                m_scalars.push_back({js.name, m->jnt_qposadr[first], m->jnt_dofadr[first]});
                m_sink.map("joint " + js.name, "hinge → revolute, axis " + vectorText(js.axis));
            } else if (types[0] == mjJNT_SLIDE) {
                js.type = JointType::Prismatic;
                js.axis = axis(first);
                m_scalars.push_back({js.name, m->jnt_qposadr[first], m->jnt_dofadr[first]});
                m_sink.map("joint " + js.name, "slide → prismatic, axis " + vectorText(js.axis));
            } else {
                js.type = JointType::Spherical;
                js.coordinate.clear();
                js.coordinates = {js.name + ".wx", js.name + ".wy", js.name + ".wz"};
                m_balls.push_back({js.name, m->jnt_qposadr[first], m->jnt_dofadr[first]});
                m_sink.map("joint " + js.name, "ball → spherical");
            }
            springDamper(first, js);
        } else if (count == 2 && types[0] == mjJNT_HINGE && types[1] == mjJNT_HINGE &&
                   (anchor(first) - anchor(first + 1)).norm() < kSameTolerance &&
                   std::abs(axis(first).dot(axis(first + 1))) < kSameTolerance) {
            js.name = commonName(names[0], names[1]);
            js.type = JointType::Universal;
            js.axis = axis(first);
            js.axis2 = axis(first + 1);
            js.coordinates = {names[0], names[1]};
            for (int k = 0; k < 2; ++k) {
                m_scalars.push_back(
                    {names[k], m->jnt_qposadr[first + k], m->jnt_dofadr[first + k]});
                springDamper(first + k, js);
            }
            m_sink.map("joints " + names[0] + ", " + names[1],
                       "two perpendicular hinges through one point in body " + bodyName +
                           " → universal joint " + js.name + ", axes " + vectorText(js.axis) +
                           " (in the parent) and " + vectorText(js.axis2) + " (in the child)");
        } else if (count == 2 &&
                   ((types[0] == mjJNT_HINGE && types[1] == mjJNT_SLIDE) ||
                    (types[0] == mjJNT_SLIDE && types[1] == mjJNT_HINGE)) &&
                   axis(first).cross(axis(first + 1)).norm() < kSameTolerance) {
            const int hinge = types[0] == mjJNT_HINGE ? first : first + 1;
            const int slide = hinge == first ? first + 1 : first;
            const std::string& turn = names[hinge - first];
            const std::string& move = names[slide - first];
            js.name = commonName(turn, move);
            js.type = JointType::Cylindrical;
            js.axis = axis(hinge);
            js.coordinates = {turn, move};
            point = anchor(hinge);
            m_scalars.push_back({turn, m->jnt_qposadr[hinge], m->jnt_dofadr[hinge]});
            m_scalars.push_back({move, m->jnt_qposadr[slide], m->jnt_dofadr[slide]});
            springDamper(hinge, js);
            springDamper(slide, js);
            m_sink.map("joints " + names[0] + ", " + names[1],
                       "a hinge and a slide on one axis in body " + bodyName +
                           " → cylindrical joint " + js.name + ", axis " + vectorText(js.axis));
        } else {
            std::string list;
            for (int k = 0; k < count; ++k) {
                list += (k > 0 ? ", " : "") + names[k];
            }
            m_sink.error("body name=\"" + bodyName + "\"", 0,
                         "the body has " + std::to_string(count) + " joints (" + list +
                             ") that are no universal (two perpendicular hinges through one point) "
                             "and no cylindrical (a hinge and a slide on one axis) joint",
                         "split the joints over massive bodies, one joint each");
            return;
        }
        js.parent = end(parent, js.name, point);
        js.child = end(child, js.name, point);
        spec.joints.push_back(std::move(js));
    }

    /// "J3" for "J3.1" and "J3.2" (sslm export's names of a universal joint's hinges), else
    /// the first name.
    static std::string commonName(const std::string& a, const std::string& b) {
        const std::size_t dotA = a.rfind('.');
        const std::size_t dotB = b.rfind('.');
        if (dotA != std::string::npos && dotA > 0 && dotA == dotB &&
            a.compare(0, dotA, b, 0, dotB) == 0) {
            return a.substr(0, dotA);
        }
        return a;
    }

    /// A limited hinge's or slide's range (qpos) as the end stops of its coordinate
    /// qpos − qpos0 (`one`: the joint is the one-coordinate js). MuJoCo's limit is a soft
    /// constraint whose stiffness scales with the inertia behind the joint (solref is a time
    /// constant and a damping ratio, solimp an impedance): no N·m/rad to read, so SSLM's
    /// default stiffness and restitution stand, reported with the solref.
    void stops(int j, bool one, JointSpec& js) {
        const mjModel* m = m_model.get();
        const std::string element = "joint " + name(mjOBJ_JOINT, j, "joint") + " range";
        const double low = m->jnt_range[2 * j];
        const double high = m->jnt_range[2 * j + 1];
        const std::string range = "[" + numberText(low) + ", " + numberText(high) + "]";
        if (!one) {
            m_sink.drop(element, range + " on " +
                                     (m->jnt_type[j] == mjJNT_BALL
                                          ? std::string("a ball joint (a cone)")
                                          : "one axis of a " + std::string(jointTypeWord(js.type)) +
                                                " joint") +
                                     " is not modelled");
            return;
        }
        std::optional<JointLimitsSpec> limits = stopsWithin(low, high);
        if (!limits) {
            m_sink.map(element,
                       range + ": no stops (bounds beyond ±" + numberText(kNoStop) + " are none)");
            return;
        }
        if (!hasTravel(*limits)) {
            m_sink.drop(element, "lower ≥ upper " + range + ": no travel between them, no stops");
            return;
        }
        const double q0 = m->qpos0[m->jnt_qposadr[j]];
        if (limits->lower) {
            *limits->lower -= q0;
        }
        if (limits->upper) {
            *limits->upper -= q0;
        }
        js.limits = limits;
        m_sink.approximate(
            element,
            "end stops " + boundsText(*limits) + (js.type == JointType::Prismatic ? " m" : " rad") +
                " (range − qpos0); MuJoCo's limit is a soft constraint (solref " +
                numberText(m->jnt_solref[mjNREF * j]) + " " +
                numberText(m->jnt_solref[mjNREF * j + 1]) +
                ") whose stiffness scales with the inertia behind the joint, no " +
                stiffnessUnit(js.type) + " to read: SSLM's defaults, " + stopText(*limits));
    }

    void springDamper(int j, JointSpec& js) {
        const mjModel* m = m_model.get();
        const std::string element = "joint " + name(mjOBJ_JOINT, j, "joint");
        const int q = m->jnt_qposadr[j];
        const int v = m->jnt_dofadr[j];
        const double stiffness = m->jnt_stiffness[j];
        const double damping = m->dof_damping[v];
        const bool scalar = m->jnt_type[j] == mjJNT_HINGE || m->jnt_type[j] == mjJNT_SLIDE;
        if (stiffness != 0 || damping != 0) {
            if (scalar && js.coordinates.empty()) {
                js.springDamper =
                    SpringDamperSpec{stiffness, m->qpos_spring[q] - m->qpos0[q], damping};
                m_sink.map(element + " stiffness/damping", "spring_damper: stiffness " +
                                                               numberText(stiffness) +
                                                               ", damping " + numberText(damping));
            } else {
                m_sink.drop(element + " stiffness/damping",
                            "stiffness " + numberText(stiffness) + ", damping " +
                                numberText(damping) + ": only one-coordinate joints carry one");
            }
        }
        const bool one = scalar && js.coordinates.empty();
        if (m->jnt_limited[j] != 0) {
            stops(j, one, js);
        }
        const int dofs = m->jnt_type[j] == mjJNT_BALL ? 3 : 1;
        for (int k = 0; k < dofs; ++k) {
            const double loss = m->dof_frictionloss[v + k];
            if (loss == 0) {
                continue;
            }
            if (one) {
                js.friction = JointFrictionSpec{};
                js.friction->coulomb = loss;
                m_sink.map(element + " frictionloss",
                           "Coulomb friction " + numberText(loss) +
                               (m->jnt_type[j] == mjJNT_SLIDE ? " N" : " N·m") + ", " +
                               smoothLawText());
            } else {
                m_sink.drop(element + " frictionloss",
                            "dry friction " + numberText(loss) + " on " +
                                (scalar ? "one axis of a " + std::string(jointTypeWord(js.type))
                                        : std::string("a ball")) +
                                " joint is not modelled");
            }
            break;
        }
        for (int k = 0; k < dofs; ++k) {
            if (m->dof_armature[v + k] != 0) {
                m_sink.drop(element + " armature", "rotor inertia is not modelled");
                break;
            }
        }
    }

    // ---- equality constraints: the loop closures ------------------------------------------

    /// World position of anchor `side` (0: on body1, 1: on body2) of connect `e` at qpos0.
    Eigen::Vector3d connectPoint(int e, int side) const {
        const mjModel* m = m_model.get();
        const int body = side == 0 ? m->eq_obj1id[e] : m->eq_obj2id[e];
        const mjtNum* local = m->eq_data + mjNEQDATA * e + 3 * side;
        return vec(m_data->xpos + 3 * body) + mat(m_data->xmat + 9 * body) * vec(local);
    }

    void addEqualities(MechanismSpec& spec) {
        const mjModel* m = m_model.get();
        // connects between the same two groups, in file order; tendon equalities on one tendon
        std::map<std::pair<int, int>, std::vector<int>> connects;
        std::vector<int> tendonEqualities;
        // inactive connects named "<connect>_axis": sslm export's mark of a planar revolute
        // cut's axis (redundant in the plane)
        std::map<std::string, int> axisMarks;
        for (int e = 0; e < m->neq; ++e) {
            const std::string eqName = name(mjOBJ_EQUALITY, e, "equality");
            const std::string element = "equality " + eqName;
            if (m->eq_active[e] == 0) {
                if (m->eq_type[e] == mjEQ_CONNECT && eqName.size() > 5 &&
                    eqName.compare(eqName.size() - 5, 5, "_axis") == 0) {
                    axisMarks[eqName] = e;
                } else {
                    m_sink.drop(element, "inactive (active=\"false\")");
                }
                continue;
            }
            switch (m->eq_type[e]) {
            case mjEQ_CONNECT: {
                const int a = m_groupOf[m->eq_obj1id[e]];
                const int b = m_groupOf[m->eq_obj2id[e]];
                if (a == b) {
                    m_sink.drop(element, "connects two parts of one rigid body");
                    break;
                }
                connects[{a, b}].push_back(e);
                break;
            }
            case mjEQ_WELD:
                break; // applyWelds made its two bodies one
            case mjEQ_TENDON:
                tendonEqualities.push_back(e);
                break;
            case mjEQ_JOINT:
                m_sink.drop(element,
                            "joint coupling (polynomial in another joint) is not modelled");
                break;
            default:
                m_sink.drop(element, "not modelled");
                break;
            }
        }
        std::set<int> usedTendonEqualities;
        for (const auto& [bodies, list] : connects) {
            const auto [a, b] = bodies;
            std::size_t k = 0;
            while (k < list.size()) {
                const int e = list[k];
                const std::string cutName = name(mjOBJ_EQUALITY, e, "connect");
                JointSpec js;
                js.name = uniqueJointName(spec, cutName);
                const Eigen::Vector3d pA = connectPoint(e, 0);
                const Eigen::Vector3d pB = connectPoint(e, 1);
                if ((pA - pB).norm() > 1e-9) {
                    m_sink.approximate("equality " + cutName,
                                       "its anchors are " + numberText((pA - pB).norm()) +
                                           " m apart at qpos0; the assembly closes the loop");
                }
                // two connects, or one and its inactive axis mark: a revolute joint about the
                // line through the anchors
                const auto mark = axisMarks.find(cutName + "_axis");
                const bool marked = mark != axisMarks.end() &&
                                    m_groupOf[m->eq_obj1id[mark->second]] == a &&
                                    m_groupOf[m->eq_obj2id[mark->second]] == b;
                if (marked || k + 1 < list.size()) {
                    const int e2 = marked ? mark->second : list[k + 1];
                    const Eigen::Vector3d axis = connectPoint(e2, 0) - pA;
                    if (axis.norm() > 1e-9) {
                        js.type = JointType::Revolute;
                        js.axis = axis.normalized();
                        js.coordinate = js.name;
                        m_sink.map("equalities " + cutName + ", " +
                                       name(mjOBJ_EQUALITY, e2, "connect"),
                                   "two <connect>s between the same bodies → revolute cut joint " +
                                       js.name + ", axis " + vectorText(js.axis));
                        if (marked) {
                            axisMarks.erase(mark);
                        }
                        k += marked ? 1 : 2;
                        addCut(spec, js, a, b, pA, pB);
                        continue;
                    }
                }
                js.type = JointType::Spherical;
                js.coordinates = {js.name + ".wx", js.name + ".wy", js.name + ".wz"};
                if (const int t = universalTendon(a, b, pA, tendonEqualities, js); t >= 0) {
                    usedTendonEqualities.insert(t);
                    m_sink.map("equalities " + cutName + ", " + name(mjOBJ_EQUALITY, t, "tendon"),
                               "a <connect> and a tendon equality holding two perpendicular "
                               "levers → universal cut joint " +
                                   js.name + ", axes " + vectorText(js.axis) + " and " +
                                   vectorText(js.axis2));
                } else {
                    m_sink.map("equality " + cutName, "<connect> → spherical cut joint " + js.name);
                }
                ++k;
                addCut(spec, js, a, b, pA, pB);
            }
        }
        for (const auto& [markName, e] : axisMarks) {
            (void)e;
            m_sink.drop("equality " + markName, "inactive (active=\"false\")");
        }
        for (const int e : tendonEqualities) {
            if (usedTendonEqualities.count(e) == 0) {
                m_sink.drop("equality " + name(mjOBJ_EQUALITY, e, "equality"),
                            "tendon length coupling is not modelled");
            }
        }
    }

    /// The tendon equality that, with a connect at pA between groups a and b, makes a
    /// universal joint: a two-site spatial tendon between a site on a and one on b whose levers
    /// from pA are perpendicular and of one length L, held at √2·L. Sets js's axes; −1 if none.
    int universalTendon(int a,
                        int b,
                        const Eigen::Vector3d& pA,
                        const std::vector<int>& tendonEqualities,
                        JointSpec& js) const {
        const mjModel* m = m_model.get();
        for (const int e : tendonEqualities) {
            const int t = m->eq_obj1id[e];
            if (m->eq_obj2id[e] >= 0 || m->tendon_num[t] != 2) {
                continue;
            }
            const int w = m->tendon_adr[t];
            if (m->wrap_type[w] != mjWRAP_SITE || m->wrap_type[w + 1] != mjWRAP_SITE) {
                continue;
            }
            const mjtNum* c = m->eq_data + mjNEQDATA * e;
            if (c[0] != 0) {
                continue;
            }
            int s1 = m->wrap_objid[w];
            int s2 = m->wrap_objid[w + 1];
            if (m_groupOf[m->site_bodyid[s1]] == b && m_groupOf[m->site_bodyid[s2]] == a) {
                std::swap(s1, s2);
            }
            if (m_groupOf[m->site_bodyid[s1]] != a || m_groupOf[m->site_bodyid[s2]] != b) {
                continue;
            }
            const Eigen::Vector3d l1 = vec(m_data->site_xpos + 3 * s1) - pA;
            const Eigen::Vector3d l2 = vec(m_data->site_xpos + 3 * s2) - pA;
            const double L = l1.norm();
            if (!(L > 1e-9) || std::abs(l2.norm() - L) > 1e-9 * L ||
                std::abs(l1.dot(l2)) > 1e-9 * L * L ||
                std::abs(m->tendon_length0[t] - std::sqrt(2.0) * L) > 1e-9 * L) {
                continue;
            }
            js.type = JointType::Universal;
            js.axis = l1.normalized();
            js.axis2 = l2.normalized();
            js.coordinates = {js.name + ".1", js.name + ".2"};
            return e;
        }
        return -1;
    }

    std::string uniqueJointName(const MechanismSpec& spec, const std::string& wanted) const {
        std::string out = wanted;
        const auto taken = [&](const std::string& n) {
            for (const JointSpec& j : spec.joints) {
                if (j.name == n || j.coordinateName() == n) {
                    return true;
                }
            }
            return false;
        };
        for (int k = 2; taken(out); ++k) {
            out = wanted + "_" + std::to_string(k);
        }
        return out;
    }

    void addCut(MechanismSpec& spec,
                JointSpec& js,
                int a,
                int b,
                const Eigen::Vector3d& pA,
                const Eigen::Vector3d& pB) {
        js.parent = end(a, js.name, pA);
        js.child = end(b, js.name, pB);
        spec.cuts.push_back(js.name);
        spec.joints.push_back(std::move(js));
    }

    // ---- geoms, tendons, sensors, actuators, keyframes -------------------------------------

    /// Three or four numbers of an attribute into `out`; false when absent or malformed.
    static bool numbers(const tinyxml2::XMLElement& e, const char* attribute, double* out, int n) {
        const char* text = e.Attribute(attribute);
        if (text == nullptr) {
            return false;
        }
        std::istringstream in(text);
        in.imbue(std::locale::classic());
        for (int k = 0; k < n; ++k) {
            if (!(in >> out[k])) {
                return false;
            }
        }
        return true;
    }

    /// The mesh geoms' files and written poses, by geom index: by document order when the
    /// file's <geom>s under <worldbody> are exactly MuJoCo's (no <include>, no defaults that
    /// add geoms), else by name.
    std::map<int, MeshGeomSource> readMeshGeoms() const {
        std::map<int, MeshGeomSource> out;
        tinyxml2::XMLDocument doc;
        if (doc.LoadFile(m_source.c_str()) != tinyxml2::XML_SUCCESS) {
            return out;
        }
        const tinyxml2::XMLElement* root = doc.FirstChildElement("mujoco");
        if (root == nullptr) {
            return out;
        }
        std::string meshdir;
        if (const tinyxml2::XMLElement* compiler = root->FirstChildElement("compiler")) {
            const char* dir = compiler->Attribute("meshdir");
            dir = dir != nullptr ? dir : compiler->Attribute("assetdir");
            meshdir = dir != nullptr ? dir : "";
        }
        std::map<std::string, MeshGeomSource> meshes;
        for (const tinyxml2::XMLElement* asset = root->FirstChildElement("asset"); asset != nullptr;
             asset = asset->NextSiblingElement("asset")) {
            for (const tinyxml2::XMLElement* mesh = asset->FirstChildElement("mesh");
                 mesh != nullptr; mesh = mesh->NextSiblingElement("mesh")) {
                const char* file = mesh->Attribute("file");
                if (file == nullptr) {
                    continue;
                }
                MeshGeomSource source;
                const std::filesystem::path written(file);
                source.file = written.is_absolute() || meshdir.empty()
                                  ? written.generic_string()
                                  : (std::filesystem::path(meshdir) / written).generic_string();
                double scale[3];
                if (numbers(*mesh, "scale", scale, 3)) {
                    source.scale = Eigen::Vector3d(scale[0], scale[1], scale[2]);
                }
                const char* name = mesh->Attribute("name");
                meshes[name != nullptr ? name : written.stem().string()] = source;
            }
        }
        std::vector<const tinyxml2::XMLElement*> geoms;
        const std::function<void(const tinyxml2::XMLElement&)> collect =
            [&](const tinyxml2::XMLElement& body) {
                for (const tinyxml2::XMLElement* e = body.FirstChildElement(); e != nullptr;
                     e = e->NextSiblingElement()) {
                    const std::string tag = e->Name();
                    if (tag == "geom") {
                        geoms.push_back(e);
                    }
                }
                for (const tinyxml2::XMLElement* e = body.FirstChildElement("body"); e != nullptr;
                     e = e->NextSiblingElement("body")) {
                    collect(*e);
                }
            };
        if (const tinyxml2::XMLElement* world = root->FirstChildElement("worldbody")) {
            collect(*world);
        }
        const mjModel* m = m_model.get();
        const bool inOrder = static_cast<int>(geoms.size()) == m->ngeom;
        for (std::size_t k = 0; k < geoms.size(); ++k) {
            const tinyxml2::XMLElement& geom = *geoms[k];
            const char* meshName = geom.Attribute("mesh");
            const auto mesh = meshName != nullptr ? meshes.find(meshName) : meshes.end();
            if (mesh == meshes.end()) {
                continue;
            }
            const char* geomName = geom.Attribute("name");
            const int g = inOrder               ? static_cast<int>(k)
                          : geomName != nullptr ? mj_name2id(m, mjOBJ_GEOM, geomName)
                                                : -1;
            if (g < 0 || m->geom_type[g] != mjGEOM_MESH) {
                continue;
            }
            MeshGeomSource source = mesh->second;
            double pos[3];
            if (numbers(geom, "pos", pos, 3)) {
                source.position = Eigen::Vector3d(pos[0], pos[1], pos[2]);
            }
            double quat[4];
            if (numbers(geom, "quat", quat, 4)) {
                source.turn = Eigen::Quaterniond(quat[0], quat[1], quat[2], quat[3]).normalized();
            }
            for (const char* other : {"euler", "axisangle", "xyaxes", "zaxis", "fromto"}) {
                source.poseRead = source.poseRead && geom.Attribute(other) == nullptr;
            }
            out[g] = source;
        }
        return out;
    }

    void addGeoms() {
        const mjModel* m = m_model.get();
        const mjData* d = m_data.get();
        const std::map<int, MeshGeomSource> meshSources = readMeshGeoms();
        int contacts = 0;
        for (int g = 0; g < m->ngeom; ++g) {
            const int b = m->geom_bodyid[g];
            const LinkGroup& group = m_sink.groups()[m_groupOf[b]];
            if (m->geom_contype[g] != 0 || m->geom_conaffinity[g] != 0) {
                ++contacts;
            }
            VisualShape shape;
            shape.body = group.id;
            shape.link = name(mjOBJ_BODY, b, "body");
            shape.position = vec(d->geom_xpos + 3 * g) - group.origin;
            shape.rotation = mat(d->geom_xmat + 9 * g);
            const mjtNum* size = m->geom_size + 3 * g;
            switch (m->geom_type[g]) {
            case mjGEOM_BOX:
                shape.kind = "box";
                shape.size = 2 * vec(size);
                break;
            case mjGEOM_SPHERE:
                shape.kind = "sphere";
                shape.radius = size[0];
                break;
            case mjGEOM_CYLINDER:
                shape.kind = "cylinder";
                shape.radius = size[0];
                shape.length = 2 * size[1];
                break;
            case mjGEOM_CAPSULE:
                shape.kind = "capsule";
                shape.radius = size[0];
                shape.length = 2 * size[1];
                break;
            case mjGEOM_MESH: {
                shape.kind = "mesh";
                shape.meshFile = name(mjOBJ_MESH, m->geom_dataid[g], "mesh");
                const auto source = meshSources.find(g);
                if (source != meshSources.end() && source->second.poseRead) {
                    // the file's frame: the body's at the file pose, then the geom's as written
                    const Eigen::Matrix3d bodyR = mat(d->xmat + 9 * b);
                    shape.meshFile = source->second.file;
                    shape.scale = source->second.scale;
                    shape.position =
                        vec(d->xpos + 3 * b) + bodyR * source->second.position - group.origin;
                    shape.rotation = bodyR * source->second.turn.toRotationMatrix();
                }
                break;
            }
            default:
                m_sink.drop("geom " + name(mjOBJ_GEOM, g, "geom"),
                            "a plane, height field or ellipsoid: not kept");
                continue;
            }
            const std::string element = "geom " + name(mjOBJ_GEOM, g, "geom") + " " + shape.kind;
            if (shape.kind == "mesh" && meshSources.count(g) == 0) {
                m_sink.approximate(element,
                                   "kept in this report by its MJCF <mesh> name, not drawn: "
                                   "its file could not be matched in the model file");
            } else if (shape.kind == "mesh" && !meshSources.at(g).poseRead) {
                m_sink.approximate(element,
                                   "kept in this report, not drawn: its pose is given by "
                                   "euler, axisangle, xyaxes, zaxis or fromto, which are not "
                                   "read (write pos and quat)");
            } else {
                const float* rgba = m->geom_rgba + 4 * g;
                m_sink.addVisual(std::move(shape), m_sink.groups()[m_groupOf[b]], m_path,
                                 "geom " + name(mjOBJ_GEOM, g, "geom"),
                                 Eigen::Vector3d(rgba[0], rgba[1], rgba[2]));
                continue;
            }
            m_sink.report().visuals.push_back(std::move(shape));
        }
        if (contacts > 0 && (m->opt.disableflags & mjDSBL_CONTACT) == 0) {
            m_sink.drop("contacts", std::to_string(contacts) +
                                        " geom(s) take part in contacts: SSLM has no contact");
        }
    }

    /// A spatial tendon between two sites with stiffness or damping: a two-point spring
    /// between the sites' points, f = −stiffness·(L − springlength) − damping·L̇ (MuJoCo's
    /// passive tendon force, positive lengthening, as SSLM's). Any other tendon is dropped, as
    /// are a spring's length limits and friction loss.
    void addTendon(int t, MechanismSpec& spec) {
        const mjModel* m = m_model.get();
        const std::string tendon = name(mjOBJ_TENDON, t, "tendon");
        const std::string element = "tendon " + tendon;
        const double stiffness = m->tendon_stiffness[t];
        const double damping = m->tendon_damping[t];
        const double rest = m->tendon_lengthspring[t];
        const int w = m->tendon_adr[t];
        const bool twoSites = m->tendon_num[t] == 2 && m->wrap_type[w] == mjWRAP_SITE &&
                              m->wrap_type[w + 1] == mjWRAP_SITE;
        if (stiffness == 0 && damping == 0) {
            m_sink.drop(element, "no stiffness or damping: a length only, not modelled");
            return;
        }
        const std::string law = "stiffness " + numberText(stiffness) + ", springlength " +
                                numberText(rest) + ", damping " + numberText(damping);
        if (!twoSites) {
            m_sink.drop(element, law + ": only a spatial tendon between exactly two sites is a "
                                       "two-point spring (this one wraps or has more points)");
            return;
        }
        const int s1 = m->wrap_objid[w];
        const int s2 = m->wrap_objid[w + 1];
        const int g1 = m_groupOf[m->site_bodyid[s1]];
        const int g2 = m_groupOf[m->site_bodyid[s2]];
        if (g1 == g2) {
            m_sink.drop(element, law + ": both sites are on " + m_sink.groups()[g1].id +
                                     ", so its length never changes");
            return;
        }
        if (stiffness < 0 || damping < 0 || !(rest > 0)) {
            m_sink.drop(element, law + ": a two-point spring needs stiffness and damping ≥ 0 "
                                       "and a rest length > 0");
            return;
        }
        TwoPointSpec spring;
        spring.name = tendon;
        spring.kind = TwoPointSpec::Kind::Spring;
        spring.first = end(g1, name(mjOBJ_SITE, s1, "site"), vec(m_data->site_xpos + 3 * s1));
        spring.second = end(g2, name(mjOBJ_SITE, s2, "site"), vec(m_data->site_xpos + 3 * s2));
        spring.stiffness = stiffness;
        spring.restLength = rest;
        spring.damping = damping;
        spec.twoPointElements.push_back(spring);
        m_sink.map(element, "a two-point spring between " + spring.first.body + "." +
                                spring.first.point + " and " + spring.second.body + "." +
                                spring.second.point + ": " + law + " (N/m, m, N·s/m)");
        if (m->tendon_limited[t] != 0) {
            m_sink.drop(element + " range", "[" + numberText(m->tendon_range[2 * t]) + ", " +
                                                numberText(m->tendon_range[2 * t + 1]) +
                                                "]: a tendon's length limits are not modelled");
        }
        if (m->tendon_frictionloss[t] != 0) {
            m_sink.drop(element + " frictionloss", numberText(m->tendon_frictionloss[t]) +
                                                       ": a two-point spring has no dry friction");
        }
    }

    void addOthers(MechanismSpec& spec) {
        const mjModel* m = m_model.get();
        for (int t = 0; t < m->ntendon; ++t) {
            bool used = false;
            for (int e = 0; e < m->neq; ++e) {
                used = used || (m->eq_type[e] == mjEQ_TENDON && m->eq_obj1id[e] == t);
            }
            if (!used) {
                addTendon(t, spec);
            }
        }
        if (m->nsensor > 0) {
            m_sink.drop("sensors", std::to_string(m->nsensor) + " sensor(s): not modelled");
        }
        for (int u = 0; u < m->nu; ++u) {
            const std::string element = "actuator " + name(mjOBJ_ACTUATOR, u, "actuator");
            const bool motor =
                m->actuator_trntype[u] == mjTRN_JOINT && m->actuator_dyntype[u] == mjDYN_NONE &&
                m->actuator_gaintype[u] == mjGAIN_FIXED && m->actuator_biastype[u] == mjBIAS_NONE;
            const int j = m->actuator_trnid[2 * u];
            if (!motor || (m->jnt_type[j] != mjJNT_HINGE && m->jnt_type[j] != mjJNT_SLIDE)) {
                m_sink.drop(element, "only a plain <motor> on a hinge or slide is imported");
                continue;
            }
            const std::string jointName = name(mjOBJ_JOINT, j, "joint");
            bool found = false;
            for (const JointSpec& js : spec.joints) {
                found = found || (js.name == jointName && js.coordinates.empty());
            }
            if (!found) {
                m_sink.drop(element, "its joint " + jointName + " is part of a multi-axis joint");
                continue;
            }
            ActuatorSpec a;
            a.joint = jointName;
            spec.actuators.push_back(a);
            m_sink.map(element, "<motor> → a force actuator on " + jointName +
                                    " with zero force (MuJoCo's ctrl is set at run time; gear " +
                                    numberText(m->actuator_gear[6 * u]) + ")");
        }
    }

    /// The initial state: the first keyframe (qpos − qpos0, qvel), else qpos0 at rest. Without
    /// loops every coordinate is an input; with loops the inputs are chosen at that pose by
    /// the kernel's partition (the best-conditioned dependent coordinates per loop), and every
    /// coordinate's value is the assembly guess.
    void initialState(MechanismSpec& spec) {
        const mjModel* m = m_model.get();
        const bool key = m->nkey > 0;
        const mjtNum* qpos = key ? m->key_qpos : m->qpos0;
        const mjtNum* qvel = key ? m->key_qvel : nullptr;
        if (key) {
            m_sink.map("keyframe " + name(mjOBJ_KEY, 0, "key"),
                       "the initial state (qpos − qpos0, qvel)" +
                           std::string(m->nkey > 1 ? "; the other keyframes are dropped" : ""));
        } else {
            m_sink.map("initial state", "qpos0 at rest (the file has no keyframe)");
        }
        std::vector<std::pair<std::string, double>> values;
        std::vector<std::pair<std::string, double>> rates;
        for (const Scalar& s : m_scalars) {
            values.emplace_back(s.coordinate, qpos[s.qposAddress] - m->qpos0[s.qposAddress]);
            rates.emplace_back(s.coordinate, qvel != nullptr ? qvel[s.dofAddress] : 0.0);
        }
        for (const Scalar& s : m_balls) {
            const Eigen::Quaterniond now(qpos[s.qposAddress], qpos[s.qposAddress + 1],
                                         qpos[s.qposAddress + 2], qpos[s.qposAddress + 3]);
            const Eigen::Quaterniond zero(m->qpos0[s.qposAddress], m->qpos0[s.qposAddress + 1],
                                          m->qpos0[s.qposAddress + 2], m->qpos0[s.qposAddress + 3]);
            if (now.angularDistance(zero) > 1e-12) {
                m_sink.approximate(
                    "joint " + s.coordinate,
                    "the keyframe turns the ball from qpos0; the initial state starts "
                    "it at qpos0 (a ball's turn is no named coordinate)");
            }
            const bool turning =
                qvel != nullptr && (qvel[s.dofAddress] != 0 || qvel[s.dofAddress + 1] != 0 ||
                                    qvel[s.dofAddress + 2] != 0);
            if (turning) {
                m_sink.approximate(
                    "joint " + s.coordinate,
                    "the keyframe's ball rates are dropped: a ball's coordinates cannot "
                    "be inputs of the initial state (its rates follow from the loops, "
                    "or start at 0)");
            }
        }
        if (spec.cuts.empty()) {
            spec.initial.independent = values;
            for (const auto& r : rates) {
                if (r.second != 0) {
                    spec.initial.rates.push_back(r);
                }
            }
            return;
        }
        spec.initial.assemblyGuess = values;
        // choose the inputs at that pose
        const CompileResult compiled = compileModel(spec);
        if (!compiled.ok()) {
            return; // validation below names the problem
        }
        const Model& model = *compiled.model;
        Eigen::VectorXd q = neutralPositions(model);
        for (int k = 0; k < model.nv(); ++k) {
            const int p = positionIndex(model, k);
            for (const auto& [n, v] : values) {
                if (p >= 0 && n == model.coordinates[k].name) {
                    q[p] = v;
                }
            }
        }
        Workspace ws(model);
        updatePositions(model, ws, q);
        const PartitionChoice choice = choosePartition(model, constraintJacobian(model, ws));
        if (!choice.ok()) {
            m_sink.approximate("initial state", "no inputs chosen at the initial pose (" +
                                                    choice.error +
                                                    "): initial.independent is left to choose");
            return;
        }
        std::string inputs;
        std::string skipped;
        for (const int k : choice.partition.independent) {
            const std::string& n = model.coordinates[k].name;
            if (positionIndex(model, k) < 0) {
                skipped += (skipped.empty() ? "" : ", ") + n;
                continue;
            }
            for (const auto& [vn, v] : values) {
                if (vn == n) {
                    spec.initial.independent.emplace_back(vn, v);
                    inputs += (inputs.empty() ? "" : ", ") + vn;
                }
            }
            for (const auto& [rn, r] : rates) {
                if (rn == n && r != 0) {
                    spec.initial.rates.emplace_back(rn, r);
                }
            }
        }
        m_sink.approximate(
            "initial state",
            "inputs " + (inputs.empty() ? std::string("none") : inputs) +
                " (chosen at the initial pose; the other coordinates' values are the "
                "assembly guess, their rates follow from the loops)" +
                (skipped.empty() ? std::string()
                                 : "; the partition also chose the ball rates " + skipped +
                                       ", which cannot be inputs: they start at 0"));
    }

    std::filesystem::path m_path;
    std::string m_source;
    ImportSink m_sink;
    std::unique_ptr<mjModel, ModelDeleter> m_model;
    std::unique_ptr<mjData, DataDeleter> m_data;
    std::vector<int> m_groupOf;
    std::set<int> m_weldedGroups;    ///< groups a <weld> merged into another
    std::set<int> m_weldCutBodies;   ///< MJCF bodies whose joints close those loops
    std::map<int, int> m_groupMaker; ///< group → the MJCF body (with joints) that made it
    std::vector<Scalar> m_scalars;
    std::vector<Scalar> m_balls;
};

} // namespace

ImportResult importMjcf(const std::filesystem::path& path, LoopNote loopNote) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        ImportResult result;
        result.report.format = ModelFormat::Mjcf;
        Diagnostic d;
        d.where = path.string();
        d.message = "no such file";
        d.hint = "check the path";
        result.diagnostics.push_back(d);
        return result;
    }
    return MjcfImporter(path, loopNote).run();
}

} // namespace sslm
