// SPDX-License-Identifier: MIT
#include "core/interop/mechanism_export.hpp"

#include <stdexcept>

#include "core/interop/mjcf_export.hpp"
#include "core/interop/sdf_export.hpp"

namespace sslm {

bool exportFormatKnown(const std::string& format, bool& supported) {
    supported = format == "mjcf" || format == "sdf";
    return supported || format == "urdf" || format == "sdf";
}

ExportResult exportMechanism(const MechanismSpec& spec, const std::string& format) {
    bool supported = false;
    const bool known = exportFormatKnown(format, supported);
    if (supported && format == "mjcf") {
        return exportMjcf(spec);
    }
    if (supported) {
        ExportResult result;
        result.format = format;
        try {
            result.text = exportSdf(spec);
            result.mapped.push_back({"joint graph", "every body a link, every joint (cuts last) "
                                                    "a joint of the model"});
            result.dropped.push_back(
                {"mechanism", "actuators, traced points, the initial state, solver settings, "
                              "counterweights and visuals are not written (SDFormat export)"});
        } catch (const std::invalid_argument& e) {
            Diagnostic d;
            d.where = "--to sdf";
            d.message = e.what();
            d.hint = "SDFormat holds spatial revolute, prismatic, universal and ball joints";
            result.diagnostics.push_back(d);
        }
        return result;
    }
    ExportResult result;
    result.format = format;
    Diagnostic d;
    d.where = "--to " + format;
    d.message =
        known ? format + " export is not supported yet" : "unknown export format '" + format + "'";
    d.hint = "this version writes MJCF (--to mjcf) and SDFormat (--to sdf); URDF comes later";
    result.diagnostics.push_back(d);
    return result;
}

} // namespace sslm
