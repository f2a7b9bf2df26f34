// SPDX-License-Identifier: MIT
#include "core/util/diagnostic.hpp"

#include <algorithm>

namespace sslm {

bool hasErrors(const Diagnostics& diagnostics) {
    return std::ranges::any_of(diagnostics, [](const Diagnostic& d) { return d.isError(); });
}

std::string formatDiagnostics(const Diagnostics& diagnostics, const std::string& source) {
    std::string out;
    for (const Diagnostic& d : diagnostics) {
        if (!source.empty()) {
            out += source + ": ";
        }
        if (!d.where.empty()) {
            out += d.where + ": ";
        }
        out += d.isError() ? "error: " : "warning: ";
        out += d.message;
        if (!d.hint.empty()) {
            out += " (hint: " + d.hint + ")";
        }
        out += '\n';
    }
    return out;
}

} // namespace sslm
