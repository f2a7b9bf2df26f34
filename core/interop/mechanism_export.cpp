// SPDX-License-Identifier: MIT
#include "core/interop/mechanism_export.hpp"

#include <sstream>

#include "core/interop/mjcf_export.hpp"
#include "core/interop/sdf_export.hpp"
#include "core/interop/urdf_export.hpp"

namespace sslm {

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
        return exportSdf(spec);
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
    result.error("--to " + format, "unknown export format '" + format + "'",
                 "write MJCF (--to mjcf), SDFormat (--to sdf) or URDF with loop closures (--to "
                 "urdf)");
    return result;
}

} // namespace sslm
