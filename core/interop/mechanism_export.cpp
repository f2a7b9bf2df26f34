// SPDX-License-Identifier: MIT
#include "core/interop/mechanism_export.hpp"

#include <sstream>
#include <stdexcept>

#include "core/interop/mjcf_export.hpp"
#include "core/interop/sdf_export.hpp"
#include "core/interop/urdf_export.hpp"

namespace sslm {

namespace {

ExportResult exportSdfResult(const MechanismSpec& spec) {
    ExportResult result;
    result.format = ModelFormat::Sdformat;
    try {
        result.text = exportSdf(spec);
        if (spec.space == MotionSpace::Planar) {
            result.mapped.push_back({"plane", "the planar mechanism drawn in the x–z plane, z up "
                                              "(planar X → x, Y → z); revolute axes along −y"});
        }
        result.mapped.push_back({"joint graph", "every body a link, every joint (cuts last) "
                                                "a joint of the model"});
        result.dropped.push_back(
            {"mechanism", "actuators, traced points, the initial state, solver settings and "
                          "counterweights are not written (SDFormat export)"});
    } catch (const std::invalid_argument& e) {
        Diagnostic d;
        d.where = "--to sdf";
        d.message = e.what();
        d.hint = "SDFormat holds revolute, prismatic, universal and ball joints";
        result.diagnostics.push_back(d);
    }
    return result;
}

} // namespace

std::string exportReportText(const ExportResult& result, const MechanismSpec& spec) {
    std::ostringstream out;
    out << "exported '" << spec.name << "' as " << modelFormatName(result.format) << '\n';
    writeItems(out, result);
    return out.str();
}

ExportResult exportMechanism(const MechanismSpec& spec, ModelFormat format) {
    switch (format) {
    case ModelFormat::Urdf:
        return exportUrdf(spec);
    case ModelFormat::Sdformat:
        return exportSdfResult(spec);
    case ModelFormat::Mjcf:
        return exportMjcf(spec);
    }
    return exportMjcf(spec);
}

ExportResult exportMechanism(const MechanismSpec& spec, const std::string& format) {
    if (const std::optional<ModelFormat> known = modelFormatNamed(format)) {
        return exportMechanism(spec, *known);
    }
    ExportResult result;
    Diagnostic d;
    d.where = "--to " + format;
    d.message = "unknown export format '" + format + "'";
    d.hint = "write MJCF (--to mjcf), SDFormat (--to sdf) or URDF with loop closures (--to urdf)";
    result.diagnostics.push_back(d);
    return result;
}

} // namespace sslm
