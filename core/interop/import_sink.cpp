// SPDX-License-Identifier: MIT
#include "core/interop/import_sink.hpp"

#include <Eigen/Geometry>

#include "core/interop/mesh_reference.hpp"
#include "core/interop/report_text.hpp"
#include "core/model/spherical_loops.hpp"
#include "core/spec/joint_kinds.hpp"

namespace sslm {

ImportSink::ImportSink(ModelFormat format, std::string source, LoopNote loopNote)
    : m_source(std::move(source)), m_loopNote(loopNote) {
    m_result.report.format = format;
    addGroup(kGroundId, Eigen::Vector3d::Zero());
}

std::string ImportSink::where(const std::string& element, int line) const {
    return m_source + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": <" + element +
           ">";
}

void ImportSink::error(const std::string& element,
                       int line,
                       std::string message,
                       std::string hint) {
    Diagnostic d;
    d.where = where(element, line);
    d.message = std::move(message);
    d.hint = std::move(hint);
    m_result.diagnostics.push_back(std::move(d));
}

void ImportSink::addVisual(VisualShape shape,
                           LinkGroup& group,
                           const std::filesystem::path& sourceFile,
                           const std::string& element,
                           const std::optional<Eigen::Vector3d>& color) {
    VisualShape drawnShape = shape;
    const bool capsule = shape.kind == "capsule";
    if (capsule) {
        drawnShape.kind = "cylinder"; // its caps are not drawn
    }
    std::string note;
    bool drawn = true;
    VisualSpec visual = visualOf(drawnShape, sourceFile, note, drawn);
    if (color) {
        visual.color = color->cwiseMax(0.0).cwiseMin(1.0);
    }
    const std::string item = element + " " + shape.kind;
    if (capsule) {
        approximate(item, note + ", drawn as a cylinder without its caps");
    } else if (drawn) {
        map(item, note);
    } else {
        approximate(item, note);
    }
    group.visuals.push_back(std::move(visual));
    m_result.report.visuals.push_back(std::move(shape));
}

LinkGroup& ImportSink::addGroup(std::string id, const Eigen::Vector3d& origin) {
    LinkGroup group;
    group.id = std::move(id);
    group.origin = origin;
    m_groups.push_back(std::move(group));
    return m_groups.back();
}

void ImportSink::groundInto(MechanismSpec& spec) const {
    spec.ground.points = m_groups.front().points;
    spec.ground.visuals = m_groups.front().visuals;
}

void ImportSink::initialStateAtFilePose(MechanismSpec& spec, const std::string& pose) {
    if (spec.cuts.empty()) {
        for (const JointSpec& joint : spec.joints) {
            if (joint.type == JointType::Spherical) {
                continue; // at its identity turn
            }
            for (const std::string& name : coordinateNames(joint)) {
                spec.initial.independent.emplace_back(name, 0.0);
            }
        }
    } else if (spec.initial.independent.empty()) {
        approximate("initial state", pose + "; the inputs (initial.independent) are left to "
                                            "choose, the assembly holds the free coordinates "
                                            "at 0 until then");
    }
}

void ImportSink::addBody(MechanismSpec& spec, const LinkGroup& group, const char* kind) {
    BodySpec body = group.toBody();
    if (const std::optional<double> size = drawCompactBodyAsBlock(body)) {
        approximate(std::string(kind) + " " + body.name,
                    "its joints meet at one point: drawn as a block of " + numberText(*size) +
                        " m (shapes are for drawing only)");
    }
    spec.bodies.push_back(std::move(body));
}

void ImportSink::adopt(MechanismSpec spec) {
    if (!validateImported(spec, m_source, m_result.diagnostics)) {
        return;
    }
    if (m_loopNote == LoopNote::Gruebler) {
        noteGruebler(spec);
    }
    m_result.spec = std::move(spec);
}

ImportResult ImportSink::take() {
    if (failed()) {
        m_result.spec.reset();
    }
    return std::move(m_result);
}

/// Grübler's count in space, 6·bodies − Σ constraint rows (+ 3 per spherical loop); a loop that
/// leaves no freedom is most often a planar linkage drawn in 3-D (all axes parallel), whose spatial
/// loop constraints are redundant. Said now, not at the first `sslm check`.
void ImportSink::noteGruebler(const MechanismSpec& spec) {
    if (spec.cuts.empty()) {
        return;
    }
    const int dof = mobilityCount(spec);
    if (dof >= 1) {
        return;
    }
    bool parallel = true;
    const Eigen::Vector3d first = spec.joints.front().axis;
    for (const JointSpec& joint : spec.joints) {
        parallel = parallel && joint.type != JointType::Spherical &&
                   joint.type != JointType::Universal && joint.axis.cross(first).norm() < 1e-9;
    }
    std::string note = "Grübler's count in space gives " + std::to_string(dof) +
                       " DOF: the loops lock the mechanism or their constraints are redundant "
                       "(sslm check says which)";
    note += parallel ? "; all joint axes are parallel: a planar linkage drawn in 3-D, which "
                       "the spatial kernel cannot simulate yet (recognising it as planar is "
                       "planned): draw it as a planar (version 1) file meanwhile"
                     : "; a closed loop of n joints moves with one DOF when their freedoms sum "
                       "to 7 (e.g. R-U-S-R): change the closure's type or add a joint";
    approximate("loops", note);
    Diagnostic d;
    d.severity = Diagnostic::Severity::Warning;
    d.where = m_source;
    d.message = note;
    m_result.diagnostics.push_back(std::move(d));
}

} // namespace sslm
