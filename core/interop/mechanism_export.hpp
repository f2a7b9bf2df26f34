// SPDX-License-Identifier: MIT
#pragma once

// Export of a mechanism to another tool's model format by the format's name: "mjcf" now;
// "urdf" and "sdf" are recognised and refused as not supported yet.

#include <optional>
#include <string>
#include <vector>

#include "core/interop/import_report.hpp"
#include "core/spec/mechanism_spec.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm {

/// The outcome of an export: the file's text and what it could not carry exactly, or the
/// errors (each naming the element and the fix) and no text.
struct ExportResult {
    std::optional<std::string> text;
    std::string format; ///< "mjcf", "sdf"
    std::vector<ImportItem> mapped;
    std::vector<ImportItem> approximated;
    std::vector<ImportItem> dropped;
    Diagnostics diagnostics;

    bool ok() const { return text.has_value(); }
};

/// The export formats by name, and whether this version writes them.
bool exportFormatKnown(const std::string& format, bool& supported);

/// Exports `spec` as `format` ("mjcf"; "urdf" and "sdf" are not supported yet, any other name
/// is unknown: both are errors that say which formats are written).
ExportResult exportMechanism(const MechanismSpec& spec, const std::string& format);

} // namespace sslm
