// SPDX-License-Identifier: MIT
#include "core/interop/import_report.hpp"

#include <sstream>

#include "core/spec/spec_validate.hpp"

namespace sslm {

void writeItems(std::ostream& out, const char* title, const std::vector<ImportItem>& items) {
    out << title << " (" << items.size() << ")\n";
    for (const ImportItem& item : items) {
        out << "  " << item.element << ": " << item.note << '\n';
    }
}

void writeItems(std::ostream& out, const InteropReport& report) {
    writeItems(out, "mapped", report.mapped);
    writeItems(out, "approximated", report.approximated);
    writeItems(out, "dropped", report.dropped);
}

std::string reportText(const ImportReport& report, const MechanismSpec& spec) {
    std::ostringstream out;
    out << "imported " << modelFormatName(report.format) << " '" << spec.name
        << "': " << spec.bodies.size() << " bodies, " << spec.joints.size() << " joints, "
        << spec.cuts.size() << " loop closure(s) as cut joints\n";
    if (const auto& plane = report.plane) {
        out << "planar mechanism in the plane through (" << plane->origin.x() << ", "
            << plane->origin.y() << ", " << plane->origin.z() << ") normal to ("
            << plane->normal.x() << ", " << plane->normal.y() << ", " << plane->normal.z()
            << "): X = (" << plane->xAxis.x() << ", " << plane->xAxis.y() << ", "
            << plane->xAxis.z() << "), Y = (" << plane->yAxis.x() << ", " << plane->yAxis.y()
            << ", " << plane->yAxis.z() << ")\n";
    }
    writeItems(out, report);
    out << "visual shapes, the bodies' visuals (" << report.visuals.size() << ")\n";
    for (const VisualShape& shape : report.visuals) {
        out << "  body " << shape.body << " (link " << shape.link << "): " << shape.kind;
        if (shape.kind == "mesh") {
            out << " " << shape.meshFile;
        }
        out << '\n';
    }
    return out.str();
}

bool validateImported(const MechanismSpec& spec,
                      const std::string& source,
                      Diagnostics& diagnostics) {
    for (Diagnostic& d : validateSpec(spec)) {
        d.where = source + ": imported mechanism: " + d.where;
        diagnostics.push_back(std::move(d));
    }
    return !hasErrors(diagnostics);
}

} // namespace sslm
