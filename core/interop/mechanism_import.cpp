// SPDX-License-Identifier: MIT
#include "core/interop/mechanism_import.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <sstream>

#include "core/interop/import_inputs.hpp"
#include "core/interop/joint_extras.hpp"
#include "core/interop/mjcf_import.hpp"
#include "core/interop/planar_recognition.hpp"
#include "core/interop/report_text.hpp"
#include "core/interop/sdf_import.hpp"
#include "core/interop/urdf_import.hpp"

namespace sslm {

namespace {

std::string joined(const std::vector<std::string>& names, const char* separator) {
    std::string out;
    for (const std::string& name : names) {
        out += (out.empty() ? "" : separator) + name;
    }
    return out;
}

/// Why visual `v` cannot be drawn, or empty: a size, scale or radius that is not a finite
/// positive number, or a pose or colour that is not finite (what the mechanism file's reader
/// refuses, so that an import never writes a file that does not open again).
std::string undrawable(const VisualSpec& v) {
    const auto positive = [](double x) {
        return std::isfinite(x) && x > 0;
    };
    switch (v.kind) {
    case VisualKind::Mesh:
        if (!positive(v.scale.x()) || !positive(v.scale.y()) || !positive(v.scale.z())) {
            return "its scale " + vectorText(v.scale) + " is not positive";
        }
        break;
    case VisualKind::Box:
        if (!positive(v.size.x()) || !positive(v.size.y()) || !positive(v.size.z())) {
            return "its size " + vectorText(v.size) + " is not positive";
        }
        break;
    case VisualKind::Cylinder:
        if (!positive(v.radius) || !positive(v.length)) {
            return "its radius or length is not positive";
        }
        break;
    case VisualKind::Sphere:
        if (!positive(v.radius)) {
            return "its radius is not positive";
        }
        break;
    }
    if (!v.position.allFinite() || !v.rpy.allFinite()) {
        return "its pose is not a finite number";
    }
    if (v.color &&
        !(v.color->allFinite() && v.color->minCoeff() >= 0 && v.color->maxCoeff() <= 1)) {
        return "its colour is not in [0, 1]";
    }
    return {};
}

/// Drops the visuals that cannot be drawn, each with a warning and a "dropped" item naming it:
/// the mechanism imports without them.
void dropUndrawableVisuals(ImportResult& result, const std::string& source) {
    if (!result.spec) {
        return;
    }
    const auto sweep = [&](std::vector<VisualSpec>& visuals, const std::string& owner) {
        for (std::size_t k = visuals.size(); k-- > 0;) {
            const std::string why = undrawable(visuals[k]);
            if (why.empty()) {
                continue;
            }
            const std::string element = "visual " + std::to_string(k + 1) + " of " + owner;
            result.report.dropped.push_back({element, why + ": not drawn"});
            Diagnostic d;
            d.severity = Diagnostic::Severity::Warning;
            d.where = source + ": " + element;
            d.message = why + ", so it is not drawn";
            d.hint = "give the shape positive, finite sizes in the file to see it";
            result.diagnostics.push_back(std::move(d));
            visuals.erase(visuals.begin() + static_cast<std::ptrdiff_t>(k));
        }
    };
    sweep(result.spec->ground.visuals, "the ground");
    for (BodySpec& body : result.spec->bodies) {
        sweep(body.visuals, "body " + body.id);
    }
}

/// The result of a reader that threw (libsdformat, MuJoCo's parser, urdfdom, TinyXML2 and
/// Assimp throw on some malformed input that their own checks let through): an error naming
/// the file, never an exception out of the import.
ImportResult
failedImport(const std::filesystem::path& path, ModelFormat format, const std::string& what) {
    const std::string name = modelFormatTitle(format);
    ImportResult result;
    result.report.format = format;
    Diagnostic d;
    d.where = path.string();
    d.message = "the " + name + " reader failed on this file (" + what + ")";
    d.hint = "check the file against the " + name +
             " specification (a value out of range or of the wrong kind is the usual cause), or "
             "open it in the tool that wrote it and save it again";
    result.diagnostics.push_back(std::move(d));
    return result;
}

/// The joint forces a cut joint cannot carry (model/compile.cpp), dropped and said: on a
/// spatial mechanism every one (a spatial cut has no coordinate), on a planar one a revolute
/// cut's stops with one bound only (its angle is known only to within a turn). A file's joint
/// becomes a cut only where it closes a loop, so the reader cannot know this beforehand.
void dropCutJointForces(ImportResult& result) {
    MechanismSpec& spec = *result.spec;
    const bool spatial = spec.space == MotionSpace::Spatial;
    for (JointSpec& joint : spec.joints) {
        if (std::find(spec.cuts.begin(), spec.cuts.end(), joint.name) == spec.cuts.end()) {
            continue;
        }
        const std::string element = "joint " + joint.name;
        const std::string why = "it is a cut joint of a spatial mechanism, which has no "
                                "coordinate for joint forces (they act on spanning-tree joints)";
        if (spatial && joint.springDamper) {
            joint.springDamper.reset();
            result.report.dropped.push_back({element + " spring-damper", why});
        }
        if (spatial && joint.friction) {
            joint.friction.reset();
            result.report.dropped.push_back({element + " friction", why});
        }
        if (joint.limits && (spatial || (joint.type == JointType::Revolute &&
                                         !(joint.limits->lower && joint.limits->upper)))) {
            result.report.dropped.push_back(
                {element + " limit",
                 "stops " + boundsText(*joint.limits) + ": " +
                     (spatial ? why
                              : std::string("a planar revolute cut's angle is known only to "
                                            "within a turn, so its stops need both bounds"))});
            joint.limits.reset();
        }
    }
}

} // namespace

void recognisePlanarOrRedundant(ImportResult& result,
                                const std::string& source,
                                const MechanismImportOptions& options) {
    if (!result.spec || result.spec->space != MotionSpace::Spatial) {
        return;
    }
    PlanarRecognition planar = planarFromSpatial(*result.spec);
    if (planar.planar && !options.keepSpatial) {
        const ImportPlane& plane = *planar.plane;
        result.spec = std::move(*planar.planar);
        result.report.plane = plane;
        result.report.mapped.push_back(
            {"plane",
             "every joint turns about or slides along the plane normal to " +
                 vectorText(plane.normal) +
                 ": written as a planar mechanism (version 1) with X = " + vectorText(plane.xAxis) +
                 ", Y = " + vectorText(plane.yAxis) + ", origin " + vectorText(plane.origin) +
                 " (in the file's world frame); keep it spatial with --keep-spatial"});
        for (ImportItem& item : planar.mapped) {
            result.report.mapped.push_back(std::move(item));
        }
        for (ImportItem& item : planar.approximated) {
            result.report.approximated.push_back(std::move(item));
        }
        dropCutJointForces(result);
        return;
    }
    dropCutJointForces(result);
    for (const LoopRedundancy& r : loopRedundancy(*result.spec)) {
        std::string note = std::to_string(r.redundant) + " of the " + std::to_string(r.rows) +
                           " constraint rows of cut joint " + r.cut +
                           " repeat the others at the file's pose (" + joined(r.which, ", ") +
                           "): the loop " + joined(r.loop, "–") +
                           " has redundant closure equations, which the spatial kernel cannot "
                           "solve";
        std::string fix = "cut the loop with a spherical or universal joint at " + r.cut +
                          " (a revolute cut over-constrains it)";
        if (planar.planar) {
            fix += ", or import it without --keep-spatial: it is a planar mechanism";
        }
        result.report.approximated.push_back({"loop " + r.cut, note + "; fix: " + fix});
        Diagnostic d;
        d.severity = Diagnostic::Severity::Warning;
        d.where = source + ": loop " + joined(r.loop, "–");
        d.message = note;
        d.hint = fix;
        result.diagnostics.push_back(std::move(d));
    }
}

ImportResult importMechanism(const std::filesystem::path& path,
                             const MechanismImportOptions& options) {
    const std::optional<ModelFormat> format = modelFormatOf(path);
    if (!format) {
        ImportResult result;
        Diagnostic d;
        d.where = path.string();
        d.message = "unknown model format '" + path.extension().string() + "'";
        d.hint = "sslm import reads URDF (.urdf), SDFormat (.sdf, .world) and MJCF (.xml, "
                 ".mjcf) files";
        result.diagnostics.push_back(d);
        return result;
    }
    try {
        // the loops are judged below by the rank of their constraints, not by Grübler's count
        ImportResult result = *format == ModelFormat::Urdf       ? importUrdf(path, LoopNote::None)
                              : *format == ModelFormat::Sdformat ? importSdf(path, LoopNote::None)
                                                                 : importMjcf(path, LoopNote::None);
        dropUndrawableVisuals(result, path.string());
        recognisePlanarOrRedundant(result, path.string(), options);
        chooseInputsAtFilePose(result);
        return result;
    } catch (const std::exception& e) {
        return failedImport(path, *format, e.what());
    } catch (...) {
        return failedImport(path, *format, "an unknown exception");
    }
}

} // namespace sslm
