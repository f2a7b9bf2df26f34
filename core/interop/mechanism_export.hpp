// SPDX-License-Identifier: MIT
#pragma once

// Export of a mechanism to another tool's model format by the format's name: "mjcf" (MuJoCo
// 2.2), "sdf" (SDFormat 1.9) or "urdf" (URDF with URDF+ loop closures).

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
    std::string format; ///< "mjcf", "sdf", "urdf"
    std::vector<ImportItem> mapped;
    std::vector<ImportItem> approximated;
    std::vector<ImportItem> dropped;
    Diagnostics diagnostics;

    bool ok() const { return text.has_value(); }
};

/// What an export did, as `sslm export` prints it: "exported '<name>' as <format>", then the
/// mapped, approximated and dropped items, one per line.
std::string exportReportText(const ExportResult& result, const MechanismSpec& spec);

/// Exports `spec` as `format` ("mjcf", "sdf" or "urdf"; any other name is an error that says
/// which formats are written). Mesh files of visuals are written as the spec has them: make
/// them relative to the output's folder first (rebaseVisualFiles).
ExportResult exportMechanism(const MechanismSpec& spec, const std::string& format);

} // namespace sslm
