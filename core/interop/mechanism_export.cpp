// SPDX-License-Identifier: MIT
#include "core/interop/mechanism_export.hpp"

#include "core/interop/mjcf_export.hpp"

namespace sslm {

bool exportFormatKnown(const std::string& format, bool& supported) {
    supported = format == "mjcf";
    return supported || format == "urdf" || format == "sdf";
}

ExportResult exportMechanism(const MechanismSpec& spec, const std::string& format) {
    bool supported = false;
    const bool known = exportFormatKnown(format, supported);
    if (supported) {
        return exportMjcf(spec);
    }
    ExportResult result;
    result.format = format;
    Diagnostic d;
    d.where = "--to " + format;
    d.message =
        known ? format + " export is not supported yet" : "unknown export format '" + format + "'";
    d.hint = "this version writes MJCF (--to mjcf); URDF and SDFormat come later";
    result.diagnostics.push_back(d);
    return result;
}

} // namespace sslm
