// SPDX-License-Identifier: MIT
// Over 600 lines: The live check of a half-drawn mechanism: each finding with what to highlight and
// how to fix it, over one graph of the drawing.
#include "core/analysis/mechanism_check.hpp"

#include <algorithm>
#include <exception>
#include <map>
#include <set>
#include <string_view>
#include <utility>

#include <Eigen/SVD>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/model/spherical_loops.hpp"
#include "core/model/workspace.hpp"
#include "core/spec/joint_kinds.hpp"
#include "core/spec/spec_text.hpp"
#include "core/spec/spec_validate.hpp"
#include "core/topology/mechanism_graph.hpp"
#include "core/util/text.hpp"

namespace sslm {

bool MechanismCheck::hasErrors() const {
    return std::ranges::any_of(findings, [](const CheckFinding& f) { return f.isError(); });
}

std::vector<const CheckFinding*> MechanismCheck::findingsOf(FindingKind kind) const {
    std::vector<const CheckFinding*> out;
    for (const CheckFinding& f : findings) {
        if (f.kind == kind) {
            out.push_back(&f);
        }
    }
    return out;
}

namespace {

using Severity = Diagnostic::Severity;
using spec_text::inQuotes;
using text::joinNames;
using text::metres;

/// σ_min(J_dep) / σ_max(J) below which the initial pose is a toggle for its inputs.
constexpr double kToggleTol = 1e-8;
/// Largest coordinate change (rad or m) of the step off the assembled pose that tells a
/// redundant loop (J still loses rank) from a change point (J has full rank again).
constexpr double kProbeStep = 1e-2;
/// A loop whose rows weigh less than this in a left null vector of J takes no part in it.
constexpr double kInvolvedTol = 1e-6;
/// Name prefix of the free pendulums added to a copy of the spec so that compileModel, which
/// refuses Grübler ≤ 0, builds a model whose J can be ranked. Each adds one coordinate that no
/// loop involves (a zero column of J).
constexpr std::string_view kProbePrefix = "__mechanism_check_probe_";

/// An integer with a typographic minus, as in "3·3 − 2·5 = −1".
std::string signedInt(int value) {
    return value < 0 ? "−" + std::to_string(-value) : std::to_string(value);
}

void addUnique(std::vector<std::string>& list, const std::string& item) {
    if (std::ranges::find(list, item) == list.end()) {
        list.push_back(item);
    }
}

/// For a JSON path "<array>[<i>]<rest>": i and rest.
std::optional<std::pair<std::size_t, std::string_view>> elementOf(std::string_view path,
                                                                  std::string_view array) {
    if (path.size() < array.size() + 3 || path.substr(0, array.size()) != array ||
        path[array.size()] != '[') {
        return std::nullopt;
    }
    std::size_t index = 0;
    std::size_t i = array.size() + 1;
    const std::size_t first = i;
    for (; i < path.size() && path[i] >= '0' && path[i] <= '9'; ++i) {
        index = index * 10 + static_cast<std::size_t>(path[i] - '0');
    }
    if (i == first || i >= path.size() || path[i] != ']') {
        return std::nullopt;
    }
    return std::pair{index, path.substr(i + 1)};
}

bool isProbe(std::string_view name) {
    return name.starts_with(kProbePrefix);
}

/// A copy of the spec with `count` free pendulums on a ground pivot of their own.
void addProbes(MechanismSpec& spec, int count) {
    const std::string pivot = std::string(kProbePrefix) + "pivot";
    spec.ground.points.push_back({pivot, Eigen::Vector2d::Zero()});
    for (int k = 0; k < count; ++k) {
        const std::string id = std::string(kProbePrefix) + std::to_string(k);
        BodySpec body;
        body.id = id;
        body.mass = 1.0;
        body.inertiaCom = 1.0;
        body.points = {{"o", Eigen::Vector2d::Zero()}};
        spec.bodies.push_back(std::move(body));
        spec.joints.push_back(revoluteJoint(id, id, {kGroundId, pivot}, {id, "o"}));
    }
}

int rankOf(const Eigen::MatrixXd& m, double threshold) {
    if (m.size() == 0) {
        return 0;
    }
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(m);
    return static_cast<int>((svd.singularValues().array() > threshold).count());
}

class Checker {
public:
    explicit Checker(const MechanismSpec& spec) : m_spec(spec) {}

    MechanismCheck run() {
        m_out.dofGrubler = mobilityCount(m_spec);
        const MechanismGraph graph = drawnGraph();
        m_out.independentLoops = independentLoops(graph);

        // an invalid spec cannot compile: report it, and the topology of what is drawn
        const Diagnostics validation = validateSpec(m_spec);
        if (hasErrors(validation)) {
            for (const Diagnostic& d : validation) {
                translate(d);
            }
            disconnected(graph);
            return std::move(m_out);
        }

        // compileModel checks connectivity, mobility and the cuts; its mobility verdict waits
        // for the rank of J, which may refine it
        const CompileResult compiled = compileModel(m_spec);
        std::optional<Diagnostic> mobility;
        for (const Diagnostic& d : compiled.diagnostics) {
            if (d.where == "joints") {
                mobility = d;
            } else {
                translate(d);
            }
        }
        analyse(compiled, mobility);
        return std::move(m_out);
    }

private:
    /// A new finding of `kind`, appended to the result.
    CheckFinding& addFinding(FindingKind kind, Severity severity = Severity::Error) {
        CheckFinding& f = m_out.findings.emplace_back();
        f.severity = severity;
        f.kind = kind;
        return f;
    }

    bool bodyExists(const std::string& id) const {
        return id == kGroundId || findBody(m_spec, id) != nullptr;
    }

    /// Graph node of a body id: 0 for the ground, index + 1 for a body, −1 if unknown.
    int nodeOf(const std::string& id) const {
        if (id == kGroundId) {
            return 0;
        }
        const BodySpec* body = findBody(m_spec, id);
        return body == nullptr ? -1 : static_cast<int>(body - m_spec.bodies.data()) + 1;
    }

    /// The body/joint graph of the joints whose ends name two existing, different bodies.
    MechanismGraph drawnGraph() const {
        MechanismGraph graph;
        graph.nodeCount = static_cast<int>(m_spec.bodies.size()) + 1;
        for (const JointSpec& joint : m_spec.joints) {
            const int a = nodeOf(joint.parent.body);
            const int b = nodeOf(joint.child.body);
            if (a >= 0 && b >= 0 && a != b) {
                graph.edges.push_back({a, b, joint.type == JointType::Prismatic});
            }
        }
        return graph;
    }

    /// Bodies without a chain of joints to the ground (for a spec compileModel cannot take).
    void disconnected(const MechanismGraph& graph) {
        for (int node : nodesUnreachableFromGround(graph)) {
            const BodySpec& body = m_spec.bodies[node - 1];
            if (findBody(m_spec, body.id) != &body) {
                continue; // a duplicate id, already an error
            }
            translate(disconnectedBodyError(m_spec, graph, node)); // as compileModel reports it
        }
    }

    /// A validateSpec or compileModel diagnostic as a finding, with the ids its path names.
    void translate(const Diagnostic& d, FindingKind kind = FindingKind::InvalidValue) {
        CheckFinding& f = addFinding(kind, d.severity);
        f.where = d.where;
        f.message = d.message;
        f.fix = d.hint;
        std::string subject; // the element's name, prefixed to the message if it lacks it
        std::string label;
        if (const auto e = elementOf(d.where, "joints"); e && e->first < m_spec.joints.size()) {
            const JointSpec& joint = m_spec.joints[e->first];
            addUnique(f.joints, joint.name);
            for (const std::string& body : {joint.parent.body, joint.child.body}) {
                if (bodyExists(body)) {
                    addUnique(f.bodies, body);
                }
            }
            subject = joint.name;
            label = "joint " + inQuotes(joint.name);
            const std::string_view rest = e->second;
            if (rest.starts_with(".parent.") || rest.starts_with(".child.")) {
                // validateSpec reports at a joint end only dangling references and, at the
                // child's body after any unknown-body error there, a joint on one body
                const bool child = rest.starts_with(".child.");
                const JointEnd& end = child ? joint.child : joint.parent;
                const int seen = ++m_seenAt[d.where];
                const bool self = joint.parent.body == joint.child.body;
                const bool selfReport =
                    self && child && rest == ".child.body" && (bodyExists(end.body) || seen > 1);
                f.kind = selfReport ? FindingKind::SelfJoint : FindingKind::DanglingReference;
            }
        } else if (const auto b = elementOf(d.where, "bodies");
                   b && b->first < m_spec.bodies.size()) {
            const BodySpec& body = m_spec.bodies[b->first];
            f.bodies = {body.id};
            subject = body.id; // the compiler names bodies by id, the validator by name
            label = spec_text::bodyName(body.id, body.name);
            if (b->second.empty()) {
                f.kind = FindingKind::Disconnected; // compileModel's connectivity check
            }
        } else if (d.where.starts_with("ground")) {
            f.bodies = {kGroundId};
        } else if (const auto a = elementOf(d.where, "actuators");
                   a && a->first < m_spec.actuators.size()) {
            const ActuatorSpec& actuator = m_spec.actuators[a->first];
            if (findJoint(m_spec, actuator.joint) != nullptr) {
                f.joints = {actuator.joint};
            } else if (a->second == ".joint") {
                f.kind = FindingKind::DanglingReference;
            }
            label = "the actuator on " + inQuotes(actuator.joint);
            subject = actuator.joint;
        } else if (const auto t = elementOf(d.where, "traces");
                   t && t->first < m_spec.tracedPoints.size()) {
            const TracedPointSpec& trace = m_spec.tracedPoints[t->first];
            if (bodyExists(trace.at.body)) {
                f.bodies = {trace.at.body};
            }
            if (t->second == ".body" || t->second == ".point") {
                f.kind = FindingKind::DanglingReference;
            }
            subject = trace.name;
            label = "trace " + inQuotes(trace.name);
        } else if (const auto c = elementOf(d.where, "cuts"); c && c->first < m_spec.cuts.size()) {
            const std::string& cut = m_spec.cuts[c->first];
            if (findJoint(m_spec, cut) != nullptr) {
                f.joints = {cut};
            } else {
                f.kind = FindingKind::DanglingReference;
            }
        } else if (d.where == "cuts") {
            f.kind = FindingKind::CutSet;
            for (const std::string& cut : m_spec.cuts) {
                if (findJoint(m_spec, cut) != nullptr) {
                    addUnique(f.joints, cut);
                }
            }
        } else if (d.where.starts_with("initial")) {
            f.kind = FindingKind::InitialState;
            inputJoints(d.where, f.joints);
        }
        if (!label.empty() && f.message.find(subject) == std::string::npos &&
            f.message.find(label) == std::string::npos) {
            f.message = label + ": " + f.message;
        }
    }

    /// The joints whose coordinate an "initial…" path names.
    void inputJoints(const std::string& where, std::vector<std::string>& joints) const {
        for (const auto& [map, entries] :
             {std::pair{"initial.independent", &m_spec.initial.independent},
              std::pair{"initial.rates", &m_spec.initial.rates},
              std::pair{"initial.assembly_guess", &m_spec.initial.assemblyGuess}}) {
            if (const auto e = elementOf(where, map); e && e->first < entries->size()) {
                for (const JointSpec& joint : m_spec.joints) {
                    if (joint.coordinateName() == (*entries)[e->first].first) {
                        addUnique(joints, joint.name);
                    }
                }
            }
        }
        for (const JointSpec& joint : m_spec.joints) {
            const std::string& name = joint.coordinateName();
            if (where.size() > name.size() && where.ends_with(name) &&
                where[where.size() - name.size() - 1] == '.') {
                addUnique(joints, joint.name);
            }
        }
    }

    /// "3·4 − 2·6 = 0": Grübler's count for the spec's bodies and joints.
    std::string grublerCount() const {
        const int bodies = static_cast<int>(m_spec.bodies.size());
        if (m_spec.space == MotionSpace::Spatial) {
            return "6·" + std::to_string(bodies) + " − " +
                   std::to_string(6 * bodies - m_out.dofGrubler) + " = " +
                   signedInt(m_out.dofGrubler);
        }
        return "3·" + std::to_string(bodies) + " − 2·" + std::to_string(m_spec.joints.size()) +
               " = " + signedInt(m_out.dofGrubler);
    }

    void emitMobility(const std::optional<Diagnostic>& mobility) {
        if (mobility) {
            translate(*mobility, FindingKind::Locked);
        }
    }

    // -- analysis of a compiled model

    void analyse(const CompileResult& compiled, const std::optional<Diagnostic>& mobility) {
        int probes = 0;
        std::shared_ptr<const Model> model = compiled.model;
        if (compiled.ok()) {
            m_out.model = model;
        } else {
            // only a mobility or a cut error leaves a model to analyse, on a variant of the spec
            const bool other = std::ranges::any_of(compiled.diagnostics, [](const Diagnostic& d) {
                return d.isError() && d.where != "joints" && d.where != "cuts";
            });
            if (other) {
                emitMobility(mobility);
                return;
            }
            MechanismSpec variant = m_spec;
            if (mobility && mobility->isError()) {
                probes = 1 - m_out.dofGrubler;
                addProbes(variant, probes);
            }
            CompileResult second = compileModel(variant);
            const bool cutErrors = std::ranges::any_of(
                second.diagnostics, [](const Diagnostic& d) { return d.where == "cuts"; });
            if (!second.ok() && cutErrors) {
                // the first compile stopped at the mobility before it looked at the cuts
                for (const Diagnostic& d : second.diagnostics) {
                    if (d.where == "cuts" && mobility) {
                        translate(d);
                    }
                }
                variant.cuts.clear();
                second = compileModel(variant);
            }
            if (!second.ok()) {
                emitMobility(mobility);
                return;
            }
            model = second.model;
        }

        const InitialState initial = assembleInitialState(*model);
        if (!initial.report.converged) {
            explainAssembly(*model, initial.q);
            emitMobility(mobility);
            return;
        }
        m_out.assembles = true;
        if (m_out.model) {
            m_out.q = initial.q;
        }

        // DOF by the rank of J at the assembled pose (probe columns are zero)
        Workspace ws(*model);
        updatePositions(*model, ws, initial.q);
        const MobilityAtPose atPose = mobilityAtPose(*model, ws);
        const Eigen::MatrixXd J = ws.J;
        const int dof = atPose.dof - probes;
        const int rank = model->nv() - atPose.dof;
        const int redundantRows = model->nConstraints() - rank;
        m_out.dofJacobian = dof;
        if (dof == 0 && !m_spec.bodies.empty()) {
            locked(*model, rank, redundantRows);
            return;
        }
        if (redundantRows > 0) {
            const double largest = atPose.singularValues.size() > 0 ? atPose.singularValues[0] : 0;
            if (rankDropsNearby(*model, ws, J, initial.q)) {
                redundancy(*model, J, rankThreshold(J, largest), rank, dof);
            } else {
                changePoint(*model, J, rankThreshold(J, largest));
                emitMobility(mobility);
            }
            return;
        }
        toggle(*model, initial.report.minSingularValue, atPose);
        inputs(*model, dof);
    }

    void locked(const Model& model, int rank, int redundantRows) {
        CheckFinding& f = addFinding(FindingKind::Locked);
        f.where = "joints";
        f.message = "the mechanism is locked: 0 DOF (Grübler " + grublerCount() + ")";
        if (redundantRows > 0) {
            f.message += "; " + std::to_string(redundantRows) + " of its " +
                         std::to_string(model.nConstraints()) + " loop equations " +
                         (redundantRows == 1 ? "is" : "are") + " redundant (J has rank " +
                         std::to_string(rank) + ")";
        }
        f.fix = "remove a joint or add a body so that it can move";
    }

    /// Moving bodies of a loop, in cycle order.
    std::vector<std::string> loopBodies(const Model& model, int loop) const {
        std::vector<std::string> ids;
        for (int j : model.loops[loop].joints) {
            for (int b : {model.joints[j].bodyA, model.joints[j].bodyB}) {
                if (b > 0 && !isProbe(model.bodies[b].id)) {
                    addUnique(ids, model.bodies[b].id);
                }
            }
        }
        return ids;
    }

    /// Whether J still loses rank a small step along the motion away from the assembled pose:
    /// a redundant constraint persists, a change point does not.
    bool rankDropsNearby(const Model& model,
                         Workspace& ws,
                         const Eigen::MatrixXd& J,
                         const Eigen::VectorXd& q) const {
        // a feasible direction: the null vector of J with the most weight on real coordinates
        const Eigen::JacobiSVD<Eigen::MatrixXd> svd(J, Eigen::ComputeFullV);
        const double largest = svd.singularValues().size() > 0 ? svd.singularValues()[0] : 0;
        const int rank =
            static_cast<int>((svd.singularValues().array() > rankThreshold(J, largest)).count());
        Eigen::VectorXd best = Eigen::VectorXd::Zero(model.nv());
        for (int k = rank; k < model.nv(); ++k) {
            Eigen::VectorXd v = svd.matrixV().col(k);
            for (int c = 0; c < model.nv(); ++c) {
                if (isProbe(model.coordinates[c].name)) {
                    v[c] = 0;
                }
            }
            if (v.norm() > best.norm()) {
                best = v;
            }
        }
        if (best.norm() < 1e-6) {
            return true;
        }
        Eigen::VectorXd moved = q + (kProbeStep / best.cwiseAbs().maxCoeff()) * best;
        if (!assemble(model, ws, moved, {}).converged) {
            return true;
        }
        updatePositions(model, ws, moved);
        const MobilityAtPose there = mobilityAtPose(model, ws);
        return model.nConstraints() - (model.nv() - there.dof) > 0;
    }

    /// The loops whose rows lose rank, in loop order: loop i is redundant when adding its two
    /// rows to those of loops 0…i−1 raises the rank of J by less than 2. Each comes with the
    /// earlier loops its rows depend on (the support of the left null vectors).
    std::vector<std::pair<int, std::vector<int>>>
    dependentLoops(const Model& model, const Eigen::MatrixXd& J, double threshold) const {
        std::vector<std::pair<int, std::vector<int>>> out;
        int previous = 0;
        for (int i = 0; i < model.nLoops(); ++i) {
            const Eigen::MatrixXd rows = J.topRows(2 * (i + 1));
            const int rank = rankOf(rows, threshold);
            if (rank - previous < 2) {
                const Eigen::JacobiSVD<Eigen::MatrixXd> svd(rows, Eigen::ComputeFullU);
                std::set<int> involved;
                for (Eigen::Index k = 0; k < rows.rows(); ++k) {
                    const bool null =
                        k >= svd.singularValues().size() || svd.singularValues()[k] <= threshold;
                    const Eigen::VectorXd u = svd.matrixU().col(k);
                    if (!null || u.segment(2 * i, 2).norm() <= kInvolvedTol) {
                        continue;
                    }
                    for (int l = 0; l < i; ++l) {
                        if (u.segment(2 * l, 2).norm() > kInvolvedTol) {
                            involved.insert(l);
                        }
                    }
                }
                out.emplace_back(i, std::vector<int>(involved.begin(), involved.end()));
            }
            previous = rank;
        }
        return out;
    }

    void
    redundancy(const Model& model, const Eigen::MatrixXd& J, double threshold, int rank, int dof) {
        for (const auto& [loop, others] : dependentLoops(model, J, threshold)) {
            CheckFinding& f = addFinding(FindingKind::RedundantConstraint);
            f.loop = loop;
            f.bodies = loopBodies(model, loop);
            f.joints = loopJointNames(model, model.loops[loop]);
            std::set<std::string> otherBodies;
            for (int l : others) {
                const std::vector<std::string> ids = loopBodies(model, l);
                otherBodies.insert(ids.begin(), ids.end());
            }
            const std::string otherText =
                text::joined(others, " and ", [&](int l) { return loopText(model, l); });
            f.message =
                "redundant constraint in " + loopText(model, loop) +
                ": at the assembled pose its closure equations " +
                (others.empty() ? std::string("are dependent") : "repeat those of " + otherText) +
                ", so J has rank " + std::to_string(rank) + " for " +
                std::to_string(model.nConstraints()) + " equations and the mechanism " +
                "moves with " + std::to_string(dof) + " DOF although Grübler counts " +
                grublerCount();
            // suggest removing what only this loop has: its own links, else its cut joint
            std::vector<std::string> own;
            std::vector<std::string> ownJoints;
            for (const std::string& id : f.bodies) {
                if (otherBodies.count(id) == 0) {
                    own.push_back(id);
                    for (const JointSpec& joint : m_spec.joints) {
                        if (joint.parent.body == id || joint.child.body == id) {
                            addUnique(ownJoints, joint.name);
                        }
                    }
                }
            }
            const std::string remove =
                own.empty() ? "joint " + model.joints[model.loops[loop].cutJoint].name
                            : "body " + joinNames(own, ", ") + " with joint(s) " +
                                  joinNames(ownJoints, ", ");
            f.fix = "SSLM needs independent loop equations: remove " + remove +
                    ", or change a length so that loop " + std::to_string(loop + 1) +
                    " no longer moves in step with the others";
        }
    }

    void changePoint(const Model& model, const Eigen::MatrixXd& J, double threshold) {
        CheckFinding& f = addFinding(FindingKind::SingularPose, Severity::Warning);
        const auto dependent = dependentLoops(model, J, threshold);
        if (!dependent.empty()) {
            f.loop = dependent.front().first;
            f.bodies = loopBodies(model, f.loop);
            f.joints = loopJointNames(model, model.loops[f.loop]);
        }
        f.message = "the initial pose is a change point: J loses rank here" +
                    (dependent.empty() ? std::string() : " in " + loopText(model, f.loop)) +
                    " but not nearby, so the motion may switch branch";
        f.fix = "move the inputs or the assembly guess away from this pose (links in line)";
    }

    /// The input coordinates' names; their joints are appended to `joints`.
    static std::vector<std::string> inputNames(const Model& model,
                                               std::vector<std::string>& joints) {
        std::vector<std::string> names;
        for (int k : model.independent) {
            names.push_back(model.coordinates[k].name);
            joints.push_back(model.joints[model.coordinates[k].joint].name);
        }
        return names;
    }

    void toggle(const Model& model, double minDependent, const MobilityAtPose& atPose) {
        if (model.independent.empty() || model.nLoops() == 0 || atPose.singularValues.size() == 0 ||
            atPose.singularValues[0] <= 0) {
            return;
        }
        const double ratio = minDependent / atPose.singularValues[0];
        if (ratio >= kToggleTol) {
            return;
        }
        CheckFinding& f = addFinding(FindingKind::SingularPose, Severity::Warning);
        const std::string names = joinNames(inputNames(model, f.joints), ", ");
        const std::string ratioText = text::number(ratio, 2);
        f.message = "the initial pose is a toggle (dead centre) for the input(s) " + names +
                    ": J_dep is singular (σ_min/σ_max = " + ratioText +
                    "), so the other rates are undetermined and a run stops at once";
        f.fix = "move " + names + " a little off this pose in initial.independent";
        f.remedy = Remedy::MoveInputsOffPose;
    }

    void inputs(const Model& model, int dof) {
        const int count = static_cast<int>(model.independent.size());
        if (count == dof || model.nLoops() == 0) {
            return; // a tree needs no assembly: any coordinate may start anywhere
        }
        CheckFinding& f = addFinding(FindingKind::InitialState, Severity::Warning);
        f.where = "initial.independent";
        const std::vector<std::string> names = inputNames(model, f.joints);
        f.message = "the initial state holds " + std::to_string(count) + " input(s)" +
                    (names.empty() ? std::string() : " (" + joinNames(names, ", ") + ")") +
                    " but the mechanism has " + std::to_string(dof) + " DOF";
        if (count < dof) {
            f.message +=
                ", so the assembly chose the other " + std::to_string(dof - count) + " freely";
            f.fix = "list " + std::to_string(dof) +
                    " coordinates in initial.independent, e.g. the actuated joints'";
            f.remedy = Remedy::AddInputs;
        } else {
            f.message += ": they over-determine the pose";
            f.fix = "keep " + std::to_string(dof) +
                    " of them in initial.independent and move the others to assembly_guess";
            f.remedy = Remedy::RemoveInputs;
        }
    }

    /// Explains a failed assembly by the loop that stays most open: its links' lengths between
    /// joints, and for an all-revolute loop whether the longest exceeds the others together.
    void explainAssembly(const Model& model, const Eigen::VectorXd& q) {
        CheckFinding& f = addFinding(FindingKind::DoesNotAssemble);
        if (model.nLoops() == 0) {
            f.message = "does not assemble";
            return;
        }
        Workspace ws(model);
        updatePositions(model, ws, q);
        constraintResidual(model, ws);
        const auto gap = [&](int i) { // each loop's own rows: 2 in the plane, 3 to 5 in space
            return ws.phi.segment(model.loops[i].rowBegin, model.loops[i].rows).norm();
        };
        int worst = 0;
        for (int i = 1; i < model.nLoops(); ++i) {
            if (gap(i) > gap(worst)) {
                worst = i;
            }
        }
        f.loop = worst;
        f.bodies = loopBodies(model, worst);
        f.joints = loopJointNames(model, model.loops[worst]);

        // link lengths: the distance between consecutive joints of the cycle on their body
        const std::vector<int>& cycle = model.loops[worst].joints;
        std::vector<std::pair<std::string, double>> links;
        bool revolute = true;
        for (std::size_t k = 0; k < cycle.size(); ++k) {
            const Joint& a = model.joints[cycle[k]];
            const Joint& b = model.joints[cycle[(k + 1) % cycle.size()]];
            revolute = revolute && a.type == JointType::Revolute;
            const int body = (a.bodyA == b.bodyA || a.bodyA == b.bodyB) ? a.bodyA : a.bodyB;
            const Eigen::Vector3d& pa = a.bodyA == body ? a.p_A : a.p_B;
            const Eigen::Vector3d& pb = b.bodyA == body ? b.p_A : b.p_B;
            links.emplace_back(spec_text::bodyName(model.bodies[body].id, model.bodies[body].name),
                               (pa - pb).norm());
        }
        f.message = "does not assemble: " + loopText(model, worst) +
                    " cannot close; its links measure " +
                    text::joined(links, ", ", [](const auto& link) {
                        return link.first + " " + metres(link.second, 4);
                    });
        const auto longest = std::ranges::max_element(
            links, [](const auto& x, const auto& y) { return x.second < y.second; });
        double others = -longest->second;
        for (const auto& link : links) {
            others += link.second;
        }
        if (revolute && longest->second > others) {
            f.message += ": the " + longest->first + " (" + metres(longest->second, 4) +
                         ") is longer than the others together (" + metres(others, 4) + ")";
            f.fix = "shorten the " + longest->first + " or lengthen the others";
        } else if (!model.independent.empty()) {
            f.message +=
                ", not at the initial inputs " + text::joined(model.independent, ", ", [&](int k) {
                    return model.coordinates[k].name + " = " + spec_text::number(q[k]);
                });
            f.fix = "change the inputs in initial.independent, or the assembly guess to reach "
                    "another branch, or the link lengths";
        } else {
            f.fix = "change the link lengths, or the assembly guess to start nearer a closed pose";
        }
    }

    const MechanismSpec& m_spec;
    std::map<std::string, int> m_seenAt; ///< diagnostics so far per JSON path
    MechanismCheck m_out;
};

} // namespace

MechanismCheck checkMechanism(const MechanismSpec& spec) {
    try {
        return Checker(spec).run();
    } catch (const std::exception& e) {
        // a bug or an exhausted memory, never bad input: still no exception for the editor
        MechanismCheck check;
        check.findings.emplace_back().message = std::string("the check failed: ") + e.what();
        return check;
    }
}

} // namespace sslm
