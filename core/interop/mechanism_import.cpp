// SPDX-License-Identifier: MIT
#include "core/interop/mechanism_import.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/interop/import_inputs.hpp"
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

/// The URDF importer's Grübler warning on loops ("loops" under approximated, and its
/// diagnostic): superseded here by the planar recognition or the rank of the cut Jacobian.
void dropGrueblerNote(ImportResult& result) {
    auto& items = result.report.approximated;
    const auto it = std::find_if(items.begin(), items.end(),
                                 [](const ImportItem& item) { return item.element == "loops"; });
    if (it == items.end()) {
        return;
    }
    const std::string note = it->note;
    items.erase(it);
    auto& ds = result.diagnostics;
    ds.erase(std::remove_if(ds.begin(), ds.end(),
                            [&](const Diagnostic& d) { return !d.isError() && d.message == note; }),
             ds.end());
}

} // namespace

std::string importFormatOf(const std::filesystem::path& path, bool& supported) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    supported = false;
    if (ext == ".urdf") {
        supported = true;
        return "urdf";
    }
    if (ext == ".sdf" || ext == ".world") {
        supported = true;
        return "sdformat";
    }
    if (ext == ".xml" || ext == ".mjcf") {
        supported = true;
        return "mjcf";
    }
    return {};
}

void recognisePlanarOrRedundant(ImportResult& result,
                                const std::string& source,
                                const MechanismImportOptions& options) {
    if (!result.spec || result.spec->space != MotionSpace::Spatial) {
        return;
    }
    dropGrueblerNote(result);
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
        return;
    }
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
    bool supported = false;
    const std::string format = importFormatOf(path, supported);
    if (supported) {
        ImportResult result = format == "urdf"       ? importUrdf(path)
                              : format == "sdformat" ? importSdf(path)
                                                     : importMjcf(path);
        recognisePlanarOrRedundant(result, path.string(), options);
        chooseInputsAtFilePose(result);
        return result;
    }
    ImportResult result;
    Diagnostic d;
    d.where = path.string();
    if (format.empty()) {
        d.message = "unknown model format '" + path.extension().string() + "'";
        d.hint = "sslm import reads URDF (.urdf), SDFormat (.sdf, .world) and MJCF (.xml, "
                 ".mjcf) files";
    } else {
        d.message = "this model format is not supported";
        d.hint = "this version imports URDF (.urdf), SDFormat (.sdf, .world) and MJCF (.xml, "
                 ".mjcf)";
    }
    result.diagnostics.push_back(d);
    return result;
}

} // namespace sslm
