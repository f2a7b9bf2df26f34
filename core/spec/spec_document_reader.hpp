// SPDX-License-Identifier: MIT
#pragma once

// Reading a parsed mechanism document into a MechanismSpec, every problem reported with its
// JSON path. Internal to core/spec: spec_reader.cpp parses the text and calls readDocument.

#include <cstddef>
#include <string>
#include <utility>

#include "core/spec/mechanism_spec.hpp"
#include "core/spec/spec_json_schema.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm::spec_json {

inline constexpr std::size_t kMaxDiagnostics = 200; ///< problems listed per document

/// Collects diagnostics, listing at most kMaxDiagnostics of them.
class Report {
public:
    explicit Report(Diagnostics& out) : m_out(out) {}

    void error(std::string where, std::string message, std::string hint = {}) {
        ++m_errors;
        add({Diagnostic::Severity::Error, std::move(where), std::move(message), std::move(hint)});
    }
    void warning(std::string where, std::string message, std::string hint = {}) {
        add({Diagnostic::Severity::Warning, std::move(where), std::move(message), std::move(hint)});
    }
    bool hasErrors() const { return m_errors > 0; }
    std::size_t errorCount() const { return m_errors; }

private:
    void add(Diagnostic d) {
        if (m_out.size() < kMaxDiagnostics) {
            m_out.push_back(std::move(d));
        } else if (m_out.size() == kMaxDiagnostics) {
            m_out.push_back({Diagnostic::Severity::Warning,
                             {},
                             "too many problems; only the first " +
                                 std::to_string(kMaxDiagnostics) + " are listed",
                             "fix these and load the file again"});
        }
    }

    Diagnostics& m_out;
    std::size_t m_errors = 0;
};

/// Reads the document into `spec`, reporting every problem with its JSON path; `spec` is
/// complete only when `report` has no errors.
void readDocument(const Json& doc, MechanismSpec& spec, Report& report);

} // namespace sslm::spec_json
