// SPDX-License-Identifier: MIT
#pragma once

// A problem found in user input (a file, a Spec, a cut choice), reported rather than thrown so
// that every problem is listed at once and the UI can highlight the element it names.

#include <string>
#include <vector>

namespace sslm {

struct Diagnostic {
    enum class Severity { Error, Warning };
    Severity severity = Severity::Error;
    std::string where;   ///< JSON path such as "joints[3].parent", or an element such as "joint J8"
    std::string message; ///< what is wrong, one sentence
    std::string hint;    ///< how to fix it; may be empty

    bool isError() const { return severity == Severity::Error; }
};

using Diagnostics = std::vector<Diagnostic>;

/// True when any diagnostic is an error.
bool hasErrors(const Diagnostics& diagnostics);

/// "source: where: error: message (hint)" — one line per diagnostic, for the CLI and logs.
std::string formatDiagnostics(const Diagnostics& diagnostics, const std::string& source = {});

} // namespace sslm
