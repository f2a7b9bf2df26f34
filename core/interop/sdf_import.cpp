// SPDX-License-Identifier: MIT
// Over 600 lines: SDFormat's models, nested models and frames read into one link tree, through
// libsdformat and a first TinyXML2 pass.
#include "core/interop/sdf_import.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include <Eigen/Geometry>

#include "core/interop/import_sink.hpp"
#include "core/interop/joint_extras.hpp"
#include "core/interop/link_group.hpp"
#include "core/interop/mesh_reference.hpp"
#include "core/interop/model_file.hpp"
#include "core/interop/report_text.hpp"
#include "core/interop/rigid_frame.hpp"
#include "core/interop/xml_error.hpp"
#include "core/spec/spec_validate.hpp"

#include <sdf/sdf.hh>
#include <tinyxml2.h>

namespace sslm {

namespace {

RigidFrame toFrame(const ignition::math::Pose3d& pose) {
    RigidFrame f;
    const ignition::math::Quaterniond& r = pose.Rot();
    f.R = Eigen::Quaterniond(r.W(), r.X(), r.Y(), r.Z()).normalized().toRotationMatrix();
    f.p = {pose.Pos().X(), pose.Pos().Y(), pose.Pos().Z()};
    return f;
}

Eigen::Vector3d toVector(const ignition::math::Vector3d& v) {
    return {v.X(), v.Y(), v.Z()};
}

/// Union-find over indices.
class Partition {
public:
    explicit Partition(std::size_t n) : m_parent(n) {
        std::iota(m_parent.begin(), m_parent.end(), std::size_t{0});
    }
    std::size_t find(std::size_t i) {
        while (m_parent[i] != i) {
            m_parent[i] = m_parent[m_parent[i]];
            i = m_parent[i];
        }
        return i;
    }
    /// Joins the sets of a and b; false when they were one already.
    bool join(std::size_t a, std::size_t b) {
        a = find(a);
        b = find(b);
        if (a == b) {
            return false;
        }
        m_parent[std::max(a, b)] = std::min(a, b);
        return true;
    }

private:
    std::vector<std::size_t> m_parent;
};

/// The joint types SSLM reads, by their SDFormat names.
bool supportedJointType(std::string_view t) {
    return t == "revolute" || t == "continuous" || t == "prismatic" || t == "universal" ||
           t == "ball" || t == "fixed";
}

constexpr const char* kJointTypesHint =
    "use \"revolute\", \"continuous\", \"prismatic\", \"universal\", \"ball\" or \"fixed\" (the "
    "SDFormat joint types SSLM reads; a link may have several parent joints, which closes a loop)";

/// "major.minor" (or "major.minor.patch"), each part 1 to 4 digits.
bool isVersionNumber(std::string_view version) {
    int parts = 0;
    std::size_t digits = 0;
    for (const char c : version) {
        if (c == '.') {
            if (digits == 0) {
                return false;
            }
            ++parts;
            digits = 0;
        } else if (c >= '0' && c <= '9' && digits < 4) {
            ++digits;
        } else {
            return false;
        }
    }
    return digits > 0 && (parts == 1 || parts == 2);
}

class SdfImporter {
public:
    SdfImporter(std::string_view text, std::string source, LoopNote loopNote)
        : m_text(text), m_source(std::move(source)),
          m_sink(ModelFormat::Sdformat, m_source, loopNote) {}

    ImportResult run() {
        if (!scanXml()) {
            return m_sink.take();
        }
        sdf::Console::Instance()->SetQuiet(true);
        sdf::Root root;
        const sdf::Errors errors = root.LoadSdfString(std::string(m_text));
        if (!errors.empty()) {
            for (const sdf::Error& e : errors) {
                Diagnostic d;
                std::optional<int> line = e.LineNumber();
                std::string element;
                if (const std::optional<std::string> path = e.XmlPath()) {
                    element = *path;
                }
                if (!line) {
                    // libsdformat 12 gives its graph errors neither line nor path: find the
                    // element the message names ("joint with name[j]") in the first pass's lines
                    if (const auto found = locate(e.Message())) {
                        line = found->first;
                        element = found->second;
                    }
                }
                d.where = m_source + (line ? ":" + std::to_string(*line) : std::string()) +
                          (element.empty() ? std::string() : ": <" + element + ">");
                d.message = "libsdformat refused the file: " + e.Message();
                d.hint = "fix the element it names (SDFormat 1.9 specification, sdformat.org)";
                m_sink.add(std::move(d));
            }
            return m_sink.take();
        }
        const sdf::Model* model = root.Model();
        RigidFrame modelPose;
        if (root.WorldCount() > 0) {
            const sdf::World* world = root.WorldByIndex(0);
            model = world->ModelCount() > 0 ? world->ModelByIndex(0) : nullptr;
            m_gravity = toVector(world->Gravity());
            m_gravitySource = m_worldHasGravity
                                  ? "the world's <gravity>"
                                  : "SDFormat's default for a <world> without <gravity>";
            if (model != nullptr) {
                ignition::math::Pose3d pose;
                if (model->SemanticPose().Resolve(pose).empty()) {
                    modelPose = toFrame(pose);
                }
            }
        } else if (model != nullptr) {
            modelPose = toFrame(model->RawPose());
        }
        if (model == nullptr) {
            m_sink.error("sdf", m_rootLine, "the file holds no <model>",
                         "an SDFormat file for SSLM holds one <model>, alone or in a <world>");
            return m_sink.take();
        }
        build(*model, modelPose);
        return m_sink.take();
    }

private:
    /// The line and element of the first joint, link or frame that `message` names as
    /// "name[…]" or "name […]" (a scoped name "model::joint" by its last part).
    std::optional<std::pair<int, std::string>> locate(const std::string& message) const {
        for (std::size_t at = message.find('['); at != std::string::npos;
             at = message.find('[', at)) {
            const std::string before = message.substr(0, at);
            ++at;
            if (!before.ends_with("name") && !before.ends_with("name ")) {
                continue;
            }
            const std::size_t end = message.find(']', at);
            if (end == std::string::npos) {
                break;
            }
            std::string name = message.substr(at, end - at);
            if (const std::size_t scope = name.rfind("::"); scope != std::string::npos) {
                name = name.substr(scope + 2);
            }
            for (const auto& [tag, lines] :
                 {std::pair<const char*, const std::map<std::string, int>*>{"joint", &m_jointLines},
                  {"link", &m_linkLines},
                  {"frame", &m_frameLines}}) {
                if (const auto it = lines->find(name); it != lines->end()) {
                    return std::pair{it->second, std::string(tag) + " name=\"" + name + "\""};
                }
            }
        }
        return std::nullopt;
    }

    static int lineOf(const std::map<std::string, int>& lines, const std::string& name) {
        const auto it = lines.find(name);
        return it == lines.end() ? 0 : it->second;
    }

    // ---- the TinyXML2 pass: well-formedness, one model, joint types and links, lines -------

    bool scanXml() {
        tinyxml2::XMLDocument doc;
        const tinyxml2::XMLElement* sdfElement = parseRootElement(
            doc, m_text, "sdf", "an SDFormat file is one <sdf version=\"…\"> element", m_sink);
        if (sdfElement == nullptr) {
            return false;
        }
        m_rootLine = sdfElement->GetLineNum();
        if (const char* version = sdfElement->Attribute("version");
            version != nullptr && !isVersionNumber(version)) {
            // libsdformat parses it with std::stoi, which throws on a number too long
            m_sink.error("sdf", m_rootLine,
                         "the version \"" + std::string(version).substr(0, 40) +
                             "\" is not an SDFormat version",
                         "write <sdf version=\"1.9\"> (libsdformat 12 reads SDFormat 1.0 to 1.9)");
            return false;
        }
        const tinyxml2::XMLElement* model = nullptr;
        const tinyxml2::XMLElement* world = sdfElement->FirstChildElement("world");
        if (world != nullptr) {
            m_worldHasGravity = world->FirstChildElement("gravity") != nullptr;
            if (world->NextSiblingElement("world") != nullptr) {
                m_sink.error("world", world->NextSiblingElement("world")->GetLineNum(),
                             "the file holds several worlds", "keep one <world> with one <model>");
                return false;
            }
            int models = 0;
            for (const tinyxml2::XMLElement* e = world->FirstChildElement(); e != nullptr;
                 e = e->NextSiblingElement()) {
                const std::string_view tag = e->Name();
                if (tag == "model" || tag == "include") {
                    ++models;
                    if (models == 2) {
                        m_sink.error(
                            std::string(tag) + nameText(*e), e->GetLineNum(),
                            "the world holds more than one model",
                            "SSLM imports one mechanism: keep one <model> in the world (or "
                            "write the model to a file of its own)");
                        return false;
                    }
                    if (tag == "include") {
                        m_sink.error(
                            "include", e->GetLineNum(),
                            "included models are not read (their URIs are resolved by "
                            "simulators)",
                            "write the model inline in the world, or import its model.sdf");
                        return false;
                    }
                    model = e;
                } else if (tag == "plugin") {
                    m_sink.drop("plugin" + nameText(*e), "simulator plugins are not run");
                } else if (tag == "physics" || tag == "scene" || tag == "light" ||
                           tag == "atmosphere" || tag == "spherical_coordinates" || tag == "gui" ||
                           tag == "wind" || tag == "actor") {
                    m_sink.drop(std::string(tag) + nameText(*e), "not part of the mechanism");
                }
            }
        } else {
            model = sdfElement->FirstChildElement("model");
        }
        if (model == nullptr) {
            m_sink.error(world ? "world" : "sdf", world ? world->GetLineNum() : m_rootLine,
                         "the file holds no <model>",
                         "an SDFormat file for SSLM holds one <model>, alone or in a <world>");
            return false;
        }
        m_modelLine = model->GetLineNum();
        bool ok = true;
        for (const tinyxml2::XMLElement* e = model->FirstChildElement(); e != nullptr;
             e = e->NextSiblingElement()) {
            const std::string_view tag = e->Name();
            const char* name = e->Attribute("name");
            if (tag == "link" && name) {
                m_linkLines[name] = e->GetLineNum();
                scanLink(*e);
            } else if (tag == "frame" && name) {
                m_frameNames.insert(name);
                m_frameLines[name] = e->GetLineNum();
            } else if (tag == "model" || tag == "include") {
                m_sink.error(std::string(tag) + nameText(*e), e->GetLineNum(),
                             "nested models are not read",
                             "write the nested model's links and joints into the model itself");
                ok = false;
            } else if (tag == "plugin") {
                m_sink.drop("plugin" + nameText(*e), "simulator plugins are not run");
            } else if (tag == "gripper") {
                m_sink.drop("gripper" + nameText(*e), "not modelled");
            }
        }
        for (const tinyxml2::XMLElement* e = model->FirstChildElement("joint"); e != nullptr;
             e = e->NextSiblingElement("joint")) {
            ok = scanJoint(*e) && ok;
        }
        return ok && !m_sink.failed();
    }

    static std::string nameText(const tinyxml2::XMLElement& e) {
        const char* name = e.Attribute("name");
        return name ? " name=\"" + std::string(name) + "\"" : std::string();
    }

    void scanLink(const tinyxml2::XMLElement& link) {
        const std::string name = link.Attribute("name");
        for (const tinyxml2::XMLElement* e = link.FirstChildElement(); e != nullptr;
             e = e->NextSiblingElement()) {
            const std::string_view tag = e->Name();
            const std::string value = e->GetText() ? e->GetText() : "";
            const bool on =
                value.find("true") != std::string::npos || value.find('1') != std::string::npos;
            if (tag == "plugin") {
                m_sink.drop("link " + name + " plugin" + nameText(*e),
                            "simulator plugins are not run");
            } else if (tag == "gravity" && !on) {
                m_sink.approximate(
                    "link " + name + " gravity",
                    "<gravity>false</gravity> is not kept: gravity acts on every body");
            } else if (tag == "kinematic" && on) {
                m_sink.drop("link " + name + " kinematic",
                            "a kinematic link moves by its joints' dynamics in SSLM");
            } else if (tag == "velocity_decay") {
                m_sink.drop("link " + name + " velocity_decay",
                            "simulator damping is not modelled");
            } else if (tag == "enable_wind" && on) {
                m_sink.drop("link " + name + " enable_wind", "no wind in SSLM");
            } else if (tag == "battery" || tag == "audio_source" || tag == "audio_sink" ||
                       tag == "projector") {
                m_sink.drop("link " + name + " " + std::string(tag), "not part of the mechanism");
            }
        }
        if (link.FirstChildElement("inertial") == nullptr) {
            m_linksWithoutInertial.insert(name);
        }
    }

    bool scanJoint(const tinyxml2::XMLElement& e) {
        const char* name = e.Attribute("name");
        const char* type = e.Attribute("type");
        const std::string element = "joint" + nameText(e);
        if (name) {
            m_jointLines[name] = e.GetLineNum();
        }
        if (type == nullptr) {
            m_sink.error(element, e.GetLineNum(), "the joint has no type", kJointTypesHint);
            return false;
        }
        const std::string_view t = type;
        if (t == "revolute2" || t == "screw" || t == "gearbox") {
            m_sink.error(element, e.GetLineNum(),
                         "joint type '" + std::string(t) + "' is not supported by SSLM",
                         t == "revolute2"
                             ? "write it as a \"universal\" joint, or as two revolute "
                               "joints with a light link between them"
                             : "write it as a \"revolute\" or \"prismatic\" joint (the "
                               "coupling is not modelled)");
            return false;
        }
        if (!supportedJointType(t)) {
            m_sink.error(element, e.GetLineNum(), "unknown joint type '" + std::string(t) + "'",
                         kJointTypesHint);
            return false;
        }
        bool ok = true;
        for (const char* side : {"parent", "child"}) {
            const tinyxml2::XMLElement* s = e.FirstChildElement(side);
            const char* link = s ? s->GetText() : nullptr;
            std::string linkName = link ? link : "";
            linkName.erase(0, linkName.find_first_not_of(" \t\r\n"));
            linkName.erase(linkName.find_last_not_of(" \t\r\n") + 1);
            if (linkName.empty()) {
                m_sink.error(element, e.GetLineNum(),
                             std::string("the joint has no <") + side + ">",
                             std::string("add <") + side + ">LINK</" + side + "> naming a link");
                ok = false;
                continue;
            }
            const bool isWorld = linkName == "world" && std::string_view(side) == "parent";
            if (!isWorld && m_linkLines.count(linkName) == 0 && m_frameNames.count(linkName) == 0) {
                m_sink.error(element, s->GetLineNum(),
                             std::string("the ") + side + " '" + linkName +
                                 "' is not a link of the model",
                             std::string("name one of the model's <link> elements") +
                                 (std::string_view(side) == "parent" ? " (or \"world\")" : "") +
                                 "; known links: " + knownLinks());
                ok = false;
            }
        }
        return ok;
    }

    std::string knownLinks() const {
        std::string out;
        for (const auto& [name, line] : m_linkLines) {
            out += (out.empty() ? "" : ", ") + name;
        }
        return out.empty() ? std::string("none") : out;
    }

    // ---- the model -------------------------------------------------------------------------

    /// The frame of `link` in W at the file's pose.
    RigidFrame linkFrame(const sdf::Link& link) const {
        ignition::math::Pose3d pose;
        if (!link.SemanticPose().Resolve(pose, "__model__").empty()) {
            pose = link.RawPose();
        }
        return m_modelPose * toFrame(pose);
    }

    void build(const sdf::Model& model, const RigidFrame& modelPose) {
        m_modelPose = modelPose;
        MechanismSpec spec;
        spec.name = model.Name();
        spec.space = MotionSpace::Spatial;
        spec.gravity = m_gravity.head<2>();
        spec.gravityZ = m_gravity.z();
        if (m_gravitySource.empty()) {
            m_sink.approximate("gravity",
                               "a lone <model> has no world: SDFormat's default −9.81 m/s² "
                               "along −z");
        } else {
            m_sink.map("gravity", vectorText(m_gravity) + " m/s² from " + m_gravitySource);
        }
        if (model.Static()) {
            m_sink.error("model name=\"" + model.Name() + "\"", m_modelLine,
                         "the model is static: nothing moves",
                         "remove <static>true</static> and join the links with joints");
            return;
        }
        const std::size_t n = model.LinkCount();
        if (n == 0) {
            m_sink.error("model name=\"" + model.Name() + "\"", m_modelLine,
                         "the model has no links",
                         "add <link> elements joined by <joint> elements");
            return;
        }
        std::map<std::string, std::size_t> indexOf;
        std::vector<RigidFrame> frames(n);
        for (std::size_t i = 0; i < n; ++i) {
            const sdf::Link& link = *model.LinkByIndex(i);
            indexOf[link.Name()] = i;
            frames[i] = linkFrame(link);
        }
        const std::size_t worldIndex = n;
        // links welded by fixed joints, and to the world
        Partition welded(n + 1);
        bool fixedToWorld = false;
        const std::vector<const sdf::Joint*> moving =
            weldFixedJoints(model, indexOf, worldIndex, welded, fixedToWorld);
        if (m_sink.failed()) {
            return;
        }
        const std::size_t groundRoot =
            findGroundRoot(model, indexOf, worldIndex, welded, fixedToWorld);
        makeGroups(model, frames, welded, groundRoot);
        for (std::size_t i = 0; i < n; ++i) {
            addLink(*model.LinkByIndex(i), frames[i], m_sink.groups()[m_groupOf[i]]);
        }
        mapFixedJoints(model, indexOf, worldIndex);
        addMovingJoints(moving, indexOf, worldIndex, spec);
        addFrames(model, indexOf, worldIndex);
        if (m_sink.failed()) {
            return;
        }
        addBodies(spec);
        m_sink.initialStateAtFilePose(spec, "the file's pose (every coordinate 0)");
        std::ostringstream description;
        description << "Imported from " << std::filesystem::path(m_source).filename().string()
                    << " (SDFormat) by sslm import: " << n << " links, " << model.JointCount()
                    << " joints, " << spec.cuts.size()
                    << " of them cut to open the loops. The file's pose is the initial state "
                       "(every coordinate 0).";
        spec.description = description.str();
        if (m_sink.failed()) {
            return;
        }
        m_sink.adopt(std::move(spec));
    }

    /// Welds the fixed joints' links; returns the moving joints in file order.
    std::vector<const sdf::Joint*> weldFixedJoints(const sdf::Model& model,
                                                   std::map<std::string, std::size_t>& indexOf,
                                                   std::size_t worldIndex,
                                                   Partition& welded,
                                                   bool& fixedToWorld) {
        std::vector<const sdf::Joint*> moving;
        for (std::size_t j = 0; j < model.JointCount(); ++j) {
            const sdf::Joint& joint = *model.JointByIndex(j);
            std::string parent, child;
            if (!joint.ResolveParentLink(parent).empty() ||
                !joint.ResolveChildLink(child).empty() ||
                (parent != "world" && indexOf.count(parent) == 0) || indexOf.count(child) == 0) {
                m_sink.error("joint name=\"" + joint.Name() + "\"",
                             lineOf(m_jointLines, joint.Name()),
                             "the joint's parent or child is not a link of the model",
                             "name links of the model (or \"world\" as the parent)");
                continue;
            }
            const std::size_t a = parent == "world" ? worldIndex : indexOf[parent];
            const std::size_t b = indexOf[child];
            fixedToWorld = fixedToWorld || a == worldIndex;
            if (joint.Type() == sdf::JointType::FIXED) {
                if (!welded.join(a, b)) {
                    m_sink.error("joint name=\"" + joint.Name() + "\"",
                                 lineOf(m_jointLines, joint.Name()),
                                 "the fixed joint closes a loop: it would weld the loop rigid",
                                 "remove it, or make it a joint that moves");
                }
            } else {
                moving.push_back(&joint);
            }
        }
        return moving;
    }

    /// The world's welded set, with the canonical link in it when nothing attaches to the world.
    std::size_t findGroundRoot(const sdf::Model& model,
                               std::map<std::string, std::size_t>& indexOf,
                               std::size_t worldIndex,
                               Partition& welded,
                               bool fixedToWorld) {
        std::size_t groundRoot = welded.find(worldIndex);
        if (!fixedToWorld) {
            const std::string canonical = model.CanonicalLinkName().empty()
                                              ? model.LinkByIndex(0)->Name()
                                              : model.CanonicalLinkName();
            const std::size_t c = indexOf.count(canonical) ? indexOf[canonical] : 0;
            welded.join(worldIndex, c);
            groundRoot = welded.find(worldIndex);
            m_sink.approximate("model " + model.Name(),
                               "no joint attaches it to \"world\": its canonical link '" +
                                   canonical + "' is taken as the ground");
        }
        return groundRoot;
    }

    /// The groups, in link order; the ground first.
    void makeGroups(const sdf::Model& model,
                    const std::vector<RigidFrame>& frames,
                    Partition& welded,
                    std::size_t groundRoot) {
        const std::size_t n = frames.size();
        std::map<std::size_t, int> groupOfRoot{{groundRoot, 0}};
        m_groupOf.assign(n + 1, 0);
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t r = welded.find(i);
            auto it = groupOfRoot.find(r);
            if (it == groupOfRoot.end()) {
                std::string id = model.LinkByIndex(i)->Name();
                if (id == kGroundId) {
                    id = "ground_link";
                    m_sink.approximate("link ground",
                                       "renamed ground_link: 'ground' is the ground's reserved id");
                }
                it = groupOfRoot.emplace(r, static_cast<int>(m_sink.groups().size())).first;
                m_sink.addGroup(std::move(id), frames[i].p);
            }
            m_groupOf[i] = it->second;
        }
    }

    /// Reports each fixed joint as the merge it made.
    void mapFixedJoints(const sdf::Model& model,
                        std::map<std::string, std::size_t>& indexOf,
                        std::size_t worldIndex) {
        for (std::size_t j = 0; j < model.JointCount(); ++j) {
            const sdf::Joint& joint = *model.JointByIndex(j);
            if (joint.Type() == sdf::JointType::FIXED) {
                std::string parent, child;
                joint.ResolveParentLink(parent);
                joint.ResolveChildLink(child);
                m_sink.map(
                    "joint " + joint.Name(),
                    "fixed: " + child + " merged into " +
                        m_sink.groups()[m_groupOf[parent == "world" ? worldIndex : indexOf[parent]]]
                            .id);
                dropAxisExtras(joint);
            }
        }
    }

    /// The moving joints in file order: each one that closes a loop is a cut.
    void addMovingJoints(const std::vector<const sdf::Joint*>& moving,
                         std::map<std::string, std::size_t>& indexOf,
                         std::size_t worldIndex,
                         MechanismSpec& spec) {
        Partition tree(m_sink.groups().size());
        for (const sdf::Joint* joint : moving) {
            std::string parent, child;
            joint->ResolveParentLink(parent);
            joint->ResolveChildLink(child);
            const int a = m_groupOf[parent == "world" ? worldIndex : indexOf[parent]];
            const int b = m_groupOf[indexOf[child]];
            if (a == b) {
                m_sink.error("joint name=\"" + joint->Name() + "\"",
                             lineOf(m_jointLines, joint->Name()),
                             "the joint joins two links of one rigid body (" +
                                 m_sink.groups()[a].id + ", welded by fixed joints)",
                             "join links that move relative to each other, or make it fixed");
                continue;
            }
            const bool cut = !tree.join(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
            addJoint(*joint, m_sink.groups()[a], m_sink.groups()[b], cut, spec);
        }
    }

    /// The ground's points and visuals, and a body per moving group.
    void addBodies(MechanismSpec& spec) {
        m_sink.groundInto(spec);
        for (std::size_t g = 1; g < m_sink.groups().size(); ++g) {
            const LinkGroup& group = m_sink.groups()[g];
            if (!(group.mass() > 0)) {
                const std::string& link = group.links.front();
                m_sink.error(
                    "link name=\"" + link + "\"", lineOf(m_linkLines, link),
                    "the link moves (its joint is not fixed) but has no mass",
                    "give it an <inertial> with a positive <mass>, or attach it with a fixed "
                    "joint");
                continue;
            }
            if (group.points.empty()) {
                m_sink.error("link name=\"" + group.links.front() + "\"",
                             lineOf(m_linkLines, group.links.front()),
                             "the link is joined to nothing: it would fall freely",
                             "join it to the model with a joint (SSLM's bodies move on joints)");
                continue;
            }
            m_sink.addBody(spec, group, "link");
        }
    }

    void addLink(const sdf::Link& link, const RigidFrame& frame, LinkGroup& group) {
        group.links.push_back(link.Name());
        const std::string element = "link " + link.Name();
        const bool ground = &group == &m_sink.groups()[0];
        if (ground) {
            m_sink.map(element, "welded to the world: part of the ground");
        }
        const ignition::math::Inertiald& inertial = link.Inertial();
        const double mass = inertial.MassMatrix().Mass();
        if (m_linksWithoutInertial.count(link.Name()) != 0 && !ground) {
            m_sink.approximate(element,
                               "no <inertial>: SDFormat's default, 1 kg with a unit inertia "
                               "tensor at the link's origin");
        }
        if (ground) {
            if (mass != 0 && m_linksWithoutInertial.count(link.Name()) == 0) {
                m_sink.drop(element, "its mass (" + numberText(mass) +
                                         " kg) is part of the ground, which does not move");
            }
        } else if (!(mass > 0) || !std::isfinite(mass)) {
            if (mass != 0) {
                m_sink.error("link name=\"" + link.Name() + "\"", lineOf(m_linkLines, link.Name()),
                             "the mass is " + numberText(mass) + " kg", "give a positive <mass>");
            }
        } else {
            const RigidFrame inertialFrame = frame * toFrame(inertial.Pose());
            const ignition::math::Matrix3d moi = inertial.MassMatrix().Moi();
            Eigen::Matrix3d local;
            for (int r = 0; r < 3; ++r) {
                for (int c = 0; c < 3; ++c) {
                    local(r, c) = moi(r, c);
                }
            }
            const Eigen::Matrix3d inW = inertialFrame.R * local * inertialFrame.R.transpose();
            group.parts.push_back({mass, inertialFrame.p, inW});
            m_sink.map(element, "mass " + numberText(mass) + " kg, COM and inertia tensor" +
                                    (group.id != link.Name() ? " merged into body " + group.id
                                                             : std::string()));
        }
        for (std::uint64_t v = 0; v < link.VisualCount(); ++v) {
            addVisual(link, *link.VisualByIndex(v), group);
        }
        if (link.CollisionCount() > 0) {
            m_sink.drop(element + " collision", std::to_string(link.CollisionCount()) +
                                                    " collision shape(s): SSLM has no contact");
        }
        for (std::uint64_t s = 0; s < link.SensorCount(); ++s) {
            m_sink.drop(element + " sensor " + link.SensorByIndex(s)->Name(), "sensors are not "
                                                                              "modelled");
        }
        for (std::uint64_t l = 0; l < link.LightCount(); ++l) {
            m_sink.drop(element + " light " + link.LightByIndex(l)->Name(),
                        "not part of the mechanism");
        }
        for (std::uint64_t p = 0; p < link.ParticleEmitterCount(); ++p) {
            m_sink.drop(element + " particle_emitter " + link.ParticleEmitterByIndex(p)->Name(),
                        "not part of the mechanism");
        }
    }

    void addVisual(const sdf::Link& link, const sdf::Visual& visual, LinkGroup& group) {
        const std::string element = "link " + link.Name() + " visual " + visual.Name();
        const sdf::Geometry* geometry = visual.Geom();
        if (geometry == nullptr) {
            return;
        }
        VisualShape shape;
        shape.body = group.id;
        shape.link = link.Name();
        ignition::math::Pose3d pose;
        if (!visual.SemanticPose().Resolve(pose, "__model__").empty()) {
            pose = visual.RawPose();
        }
        const RigidFrame f = m_modelPose * toFrame(pose);
        shape.position = f.p - group.origin;
        shape.rotation = f.R;
        switch (geometry->Type()) {
        case sdf::GeometryType::MESH:
            shape.kind = "mesh";
            shape.meshFile = geometry->MeshShape()->Uri();
            shape.scale = toVector(geometry->MeshShape()->Scale());
            break;
        case sdf::GeometryType::BOX:
            shape.kind = "box";
            shape.size = toVector(geometry->BoxShape()->Size());
            break;
        case sdf::GeometryType::CYLINDER:
            shape.kind = "cylinder";
            shape.radius = geometry->CylinderShape()->Radius();
            shape.length = geometry->CylinderShape()->Length();
            break;
        case sdf::GeometryType::SPHERE:
            shape.kind = "sphere";
            shape.radius = geometry->SphereShape()->Radius();
            break;
        default:
            m_sink.drop(element, "only box, cylinder, sphere and mesh visuals are kept");
            return;
        }
        std::optional<Eigen::Vector3d> color;
        if (const sdf::Material* material = visual.Material()) {
            const ignition::math::Color diffuse = material->Diffuse();
            if (diffuse.A() > 0 && (diffuse.R() > 0 || diffuse.G() > 0 || diffuse.B() > 0)) {
                color = Eigen::Vector3d(diffuse.R(), diffuse.G(), diffuse.B());
            }
        }
        m_sink.addVisual(std::move(shape), group, m_source, element, color);
    }

    /// An axis in W at the file's pose; zero when it cannot be resolved.
    Eigen::Vector3d axisInWorld(const sdf::JointAxis& axis) const {
        ignition::math::Vector3d xyz;
        if (!axis.ResolveXyz(xyz, "__model__").empty()) {
            return Eigen::Vector3d::Zero();
        }
        return m_modelPose.R * toVector(xyz);
    }

    /// Limits, friction and the like of a joint's axes: dropped, with their values.
    void dropAxisExtras(const sdf::Joint& joint) {
        const std::string element = "joint " + joint.Name();
        for (unsigned int k = 0; k < 2; ++k) {
            const sdf::JointAxis* axis = joint.Axis(k);
            if (axis == nullptr) {
                continue;
            }
            const std::string which = k == 0 ? "" : " axis2";
            // libsdformat fills in a default <limit> (±1e16, effort and velocity unbounded):
            // only what the file bounds is reported
            const bool stops = axis->Lower() > -1e15 || axis->Upper() < 1e15;
            const bool effort = std::isfinite(axis->Effort()) && axis->Effort() >= 0;
            const bool velocity = std::isfinite(axis->MaxVelocity()) && axis->MaxVelocity() >= 0;
            const bool single = joint.Type() == sdf::JointType::REVOLUTE ||
                                joint.Type() == sdf::JointType::CONTINUOUS ||
                                joint.Type() == sdf::JointType::PRISMATIC;
            // a single axis's stops and friction are the joint's (addJoint)
            if (!single && stops) {
                m_sink.drop(element + which + " limit",
                            "stops [" + numberText(axis->Lower()) + ", " +
                                numberText(axis->Upper()) + "] on one axis of a " +
                                std::string(sdfJointWord(joint.Type())) +
                                " joint are not modelled");
            }
            if (effort || velocity) {
                m_sink.drop(element + which + " effort/velocity limit",
                            "effort " + numberText(axis->Effort()) + ", velocity " +
                                numberText(axis->MaxVelocity()) + " are not enforced");
            }
            if (!single && axis->Friction() != 0) {
                m_sink.drop(element + which + " friction",
                            "Coulomb friction " + numberText(axis->Friction()) +
                                " on one axis of a " + std::string(sdfJointWord(joint.Type())) +
                                " joint is not modelled");
            }
            if (!single && (axis->Damping() != 0 || axis->SpringStiffness() != 0)) {
                m_sink.drop(element + which + " dynamics",
                            "damping " + numberText(axis->Damping()) + ", spring stiffness " +
                                numberText(axis->SpringStiffness()) +
                                ": only single-axis joints carry a spring-damper in SSLM");
            }
        }
        for (std::uint64_t s = 0; s < joint.SensorCount(); ++s) {
            m_sink.drop(element + " sensor " + joint.SensorByIndex(s)->Name(),
                        "sensors are not modelled");
        }
        if (joint.Element() && joint.Element()->HasElement("physics")) {
            m_sink.drop(element + " physics", "simulator-specific settings are ignored");
        }
    }

    static const char* sdfJointWord(sdf::JointType type) {
        switch (type) {
        case sdf::JointType::UNIVERSAL:
            return "universal";
        case sdf::JointType::BALL:
            return "ball";
        default:
            return "multi-axis";
        }
    }

    /// <dynamics><friction> of a revolute or prismatic joint's axis: its Coulomb friction.
    void axisFriction(const sdf::JointAxis& axis, JointSpec& js, const std::string& element) {
        const double coulomb = axis.Friction();
        if (coulomb == 0) {
            return;
        }
        if (!(coulomb > 0)) {
            m_sink.drop(element + " friction", "Coulomb friction " + numberText(coulomb) +
                                                   " is not positive: it would drive the joint");
            return;
        }
        js.friction = JointFrictionSpec{};
        js.friction->coulomb = coulomb;
        m_sink.map(element + " friction", "Coulomb friction " + numberText(coulomb) +
                                              (js.type == JointType::Prismatic ? " N" : " N·m") +
                                              ", " + smoothLawText());
    }

    /// <limit> of a revolute or prismatic joint's axis: its end stops. The bounds within
    /// ±kNoStop (libsdformat fills in ±1e16: no stop), <stiffness> when the file gives one
    /// (else SSLM's default rather than SDFormat's 1e8, which only makes the run stiff); no
    /// restitution from <dissipation>, a damping coefficient whose loss depends on the inertia
    /// behind the joint.
    void axisStops(const sdf::JointAxis& axis, JointSpec& js, const std::string& element) {
        const std::string bounds =
            "[" + numberText(axis.Lower()) + ", " + numberText(axis.Upper()) + "]";
        std::optional<JointLimitsSpec> limits = stopsWithin(axis.Lower(), axis.Upper());
        if (!limits) {
            if (axis.Lower() > -1e15 || axis.Upper() < 1e15) {
                m_sink.map(element + " limit", bounds + ": no stops (bounds beyond ±" +
                                                   numberText(kNoStop) + " are none)");
            }
            return;
        }
        if (!hasTravel(*limits)) {
            m_sink.drop(element + " limit",
                        "lower ≥ upper " + bounds + ": no travel between them, no stops");
            return;
        }
        const sdf::ElementPtr axisElement = axis.Element();
        const sdf::ElementPtr limitElement =
            axisElement ? axisElement->FindElement("limit") : sdf::ElementPtr();
        const bool stiffness = limitElement && limitElement->HasElement("stiffness");
        const bool dissipation = limitElement && limitElement->HasElement("dissipation");
        std::string note = "end stops " + boundsText(*limits) +
                           (js.type == JointType::Prismatic ? " m" : " rad") + ", ";
        if (stiffness) {
            if (axis.Stiffness() > 0 && std::isfinite(axis.Stiffness())) {
                limits->stiffness = axis.Stiffness();
                note += "<stiffness> " + numberText(axis.Stiffness()) + " " +
                        stiffnessUnit(js.type) + "; ";
            } else {
                note += "<stiffness> " + numberText(axis.Stiffness()) +
                        " is not positive: SSLM's default stiffness " +
                        numberText(limits->stiffness) + "; ";
            }
        } else {
            note += "no <stiffness>: SSLM's default " + numberText(limits->stiffness) + " " +
                    stiffnessUnit(js.type) + " (SDFormat's 1e8 would only make the run stiff); ";
        }
        note += "restitution " + numberText(limits->restitution) + ", SSLM's default";
        if (dissipation) {
            note += " (<dissipation> " + numberText(axis.Dissipation()) +
                    " is a damping coefficient: the speed it takes off depends on the inertia "
                    "behind the joint, so it gives no restitution and is not read)";
        } else {
            note += " (SDFormat has none)";
        }
        js.limits = limits;
        m_sink.approximate(element + " limit", note);
    }

    void addJoint(const sdf::Joint& joint,
                  LinkGroup& parent,
                  LinkGroup& child,
                  bool cut,
                  MechanismSpec& spec) {
        const std::string element = "joint " + joint.Name();
        const std::string tag = "joint name=\"" + joint.Name() + "\"";
        const int line = lineOf(m_jointLines, joint.Name());
        ignition::math::Pose3d pose;
        if (!joint.SemanticPose().Resolve(pose, "__model__").empty()) {
            m_sink.error(tag, line, "the joint's pose cannot be resolved",
                         "check its <pose relative_to=\"…\">");
            return;
        }
        const RigidFrame jointFrame = m_modelPose * toFrame(pose);
        JointSpec js;
        js.name = joint.Name();
        const char* kind = "revolute";
        switch (joint.Type()) {
        case sdf::JointType::REVOLUTE:
        case sdf::JointType::CONTINUOUS:
            js.type = JointType::Revolute;
            kind = joint.Type() == sdf::JointType::CONTINUOUS ? "continuous" : "revolute";
            break;
        case sdf::JointType::PRISMATIC:
            js.type = JointType::Prismatic;
            kind = "prismatic";
            break;
        case sdf::JointType::UNIVERSAL:
            js.type = JointType::Universal;
            kind = "universal";
            break;
        case sdf::JointType::BALL:
            js.type = JointType::Spherical;
            kind = "ball";
            break;
        default:
            m_sink.error(tag, line, "this joint type is not supported", kJointTypesHint);
            return;
        }
        if (js.type != JointType::Spherical) {
            const sdf::JointAxis* axis = joint.Axis(0);
            const Eigen::Vector3d a = axis ? axisInWorld(*axis) : Eigen::Vector3d::Zero();
            if (!(a.norm() > 1e-12) || !a.allFinite()) {
                m_sink.error(tag, line, "the joint's axis is missing or zero",
                             "give it <axis><xyz>x y z</xyz></axis> with a nonzero direction");
                return;
            }
            js.axis = a.normalized();
        }
        if (js.type == JointType::Universal) {
            const sdf::JointAxis* axis2 = joint.Axis(1);
            const Eigen::Vector3d a2 = axis2 ? axisInWorld(*axis2) : Eigen::Vector3d::Zero();
            if (!(a2.norm() > 1e-12) || !a2.allFinite()) {
                m_sink.error(tag, line, "a universal joint needs its second axis",
                             "add <axis2><xyz>x y z</xyz></axis2> (fixed in the child link)");
                return;
            }
            js.axis2 = a2.normalized();
            if (std::abs(js.axis.dot(js.axis2)) > 1e-9) {
                m_sink.error(tag, line, "the universal joint's two axes are not perpendicular",
                             "make <axis> and <axis2> perpendicular at the file's pose");
                return;
            }
        }
        if (js.type == JointType::Revolute || js.type == JointType::Prismatic) {
            js.coordinate = joint.Name();
            const sdf::JointAxis* axis = joint.Axis(0);
            if (axis->Damping() != 0 || axis->SpringStiffness() != 0) {
                js.springDamper = SpringDamperSpec{axis->SpringStiffness(), axis->SpringReference(),
                                                   axis->Damping()};
                m_sink.map(element + " dynamics",
                           "spring-damper: stiffness " + numberText(axis->SpringStiffness()) +
                               ", rest position " + numberText(axis->SpringReference()) +
                               ", damping " + numberText(axis->Damping()));
            }
            axisFriction(*axis, js, element);
            if (joint.Type() != sdf::JointType::CONTINUOUS) {
                axisStops(*axis, js, element);
            }
        }
        parent.addPoint(joint.Name(), jointFrame.p);
        child.addPoint(joint.Name(), jointFrame.p);
        js.parent = {parent.id, joint.Name()};
        js.child = {child.id, joint.Name()};
        std::string note = std::string(kind) + " joint";
        if (js.type != JointType::Spherical) {
            note += ", axis " + vectorText(js.axis) + " in ground directions at the file's pose";
        }
        if (cut) {
            note += "; a cut joint: it closes a loop of the joints before it in the file";
            spec.cuts.push_back(joint.Name());
        }
        m_sink.map(element, note);
        dropAxisExtras(joint);
        spec.joints.push_back(std::move(js));
    }

    /// <frame> elements attached to links: named points of their bodies.
    void addFrames(const sdf::Model& model,
                   const std::map<std::string, std::size_t>& indexOf,
                   std::size_t worldIndex) {
        for (std::uint64_t f = 0; f < model.FrameCount(); ++f) {
            const sdf::Frame& frame = *model.FrameByIndex(f);
            const std::string element = "frame " + frame.Name();
            std::string body;
            ignition::math::Pose3d pose;
            if (!frame.ResolveAttachedToBody(body).empty() ||
                !frame.SemanticPose().Resolve(pose, "__model__").empty()) {
                m_sink.drop(element, "its pose or link could not be resolved");
                continue;
            }
            const auto it = indexOf.find(body);
            const std::size_t index =
                body == "world" ? worldIndex : (it == indexOf.end() ? worldIndex + 1 : it->second);
            if (index > worldIndex) {
                m_sink.drop(element, "attached to '" + body + "', which is not a link");
                continue;
            }
            LinkGroup& group = m_sink.groups()[m_groupOf[index]];
            const bool taken =
                std::any_of(group.points.begin(), group.points.end(),
                            [&](const BodyPoint& p) { return p.name == frame.Name(); });
            if (taken) {
                m_sink.drop(element, "body " + group.id + " has a point of that name already");
                continue;
            }
            group.addPoint(frame.Name(), (m_modelPose * toFrame(pose)).p);
            m_sink.map(element, "point " + frame.Name() + " of body " + group.id +
                                    " (its orientation is not kept)");
        }
    }

    std::string_view m_text;
    std::string m_source;
    ImportSink m_sink;
    int m_rootLine = 0;
    int m_modelLine = 0;
    std::map<std::string, int> m_jointLines;
    std::map<std::string, int> m_linkLines;
    std::set<std::string> m_frameNames;
    std::map<std::string, int> m_frameLines;
    std::set<std::string> m_linksWithoutInertial;
    Eigen::Vector3d m_gravity{0.0, 0.0, -9.81};
    std::string m_gravitySource;
    bool m_worldHasGravity = false;
    RigidFrame m_modelPose;
    std::vector<int> m_groupOf; ///< link index (the world last) → index in the sink's groups
};

} // namespace

ImportResult importSdfText(std::string_view text, const std::string& source, LoopNote loopNote) {
    return SdfImporter(text, source, loopNote).run();
}

ImportResult importSdf(const std::filesystem::path& path, LoopNote loopNote) {
    ImportResult result;
    const std::optional<std::string> text =
        readModelFile(path, "an SDFormat file", result.diagnostics);
    return text ? importSdfText(*text, path.string(), loopNote) : result;
}

} // namespace sslm
