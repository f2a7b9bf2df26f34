// SPDX-License-Identifier: MIT
#pragma once

// Export of a mechanism to another tool's model format (model_format.hpp): MJCF (MuJoCo 2.2),
// SDFormat 1.9 or URDF (with URDF+ loop closures). Every writer has one signature, ModelWriter,
// and one result, ExportResult.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/interop/import_report.hpp"
#include "core/spec/mechanism_spec.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm {

/// The outcome of an export: the file's text and what it could not carry exactly, or the
/// errors (each naming the element and the fix) and no text.
struct ExportResult : InteropReport {
    std::optional<std::string> text;
    Diagnostics diagnostics;

    bool ok() const { return text.has_value(); }
    /// An error at `where` (an element, or "--to …").
    void error(std::string where, std::string message, std::string hint) {
        Diagnostic d;
        d.where = std::move(where);
        d.message = std::move(message);
        d.hint = std::move(hint);
        diagnostics.push_back(std::move(d));
    }
};

/// A writer: exportMjcf, exportSdf, exportUrdf.
using ModelWriter = ExportResult (*)(const MechanismSpec& spec);

/// What an export did, as `sslm export` prints it: "exported '<name>' as <format>", then the
/// mapped, approximated and dropped items, one per line.
std::string exportReportText(const ExportResult& result, const MechanismSpec& spec);

/// Exports `spec` as `format`. Mesh files of visuals are written as the spec has them: make
/// them relative to the output's folder first (rebaseVisualFiles).
ExportResult exportMechanism(const MechanismSpec& spec, ModelFormat format);

/// The same by the format's name as users type it ("mjcf", "sdf", "sdformat" or "urdf",
/// modelFormatNamed); any other name is an error that says which formats are written.
ExportResult exportMechanism(const MechanismSpec& spec, const std::string& format);

} // namespace sslm
