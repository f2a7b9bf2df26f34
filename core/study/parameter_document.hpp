// SPDX-License-Identifier: MIT
#pragma once

// A mechanism file held as its JSON document, whose numbers are read and changed by name: the
// parameters of scripts and studies. A name is the path of a number in the file, its keys
// joined by dots; a list of objects is indexed by each entry's "id", else "name", else "joint"
// (else its position, 0-based), a list of numbers by x, y, z (else its position):
//   bodies.link1.mass             bodies.link1.points.J8.at.x    bodies.link3.com.x
//   ground.points.O2.at.x         joints.J1.offset               gravity.y
//   actuators.J1.force.value      initial.rates.theta1           solver.t_end
// Changing a number changes only the document; spec() validates it as a file would be.
// (The editor's undoable document is another thing: ui/document/mechanism_document.hpp.)

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/spec/mechanism_spec.hpp"
#include "core/spec/spec_json.hpp"

namespace sslm {

/// A parameter name that does not name a number of the document; what() names it, says where
/// the path stopped matching and lists the nearest valid names.
class ParameterError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

class ParameterDocument {
public:
    /// The document of `spec` as toJson writes it.
    explicit ParameterDocument(const MechanismSpec& spec);
    /// The document of a file's text; throws std::invalid_argument when it is not JSON (with
    /// the parser's message) or not an object.
    static ParameterDocument fromText(std::string_view text);

    ParameterDocument(const ParameterDocument& other);
    ParameterDocument& operator=(const ParameterDocument& other);
    ParameterDocument(ParameterDocument&&) noexcept;
    ParameterDocument& operator=(ParameterDocument&&) noexcept;
    ~ParameterDocument();

    /// The number named `name`; throws ParameterError.
    double get(const std::string& name) const;
    /// Sets the number named `name`; throws ParameterError (the document is then unchanged).
    void set(const std::string& name, double value);
    /// Every number's name, in document order (the format's version excepted).
    std::vector<std::string> parameterNames() const;
    /// The names nearest `name` (edit distance), best first, at most `count`.
    std::vector<std::string> nearestNames(const std::string& name, std::size_t count = 5) const;

    /// The document as JSON text (indented by `indent` spaces; -1: one line).
    std::string text(int indent = -1) const;
    /// The document read as a mechanism file: the spec, or the diagnostics of what is wrong.
    LoadResult spec() const;

private:
    ParameterDocument();
    struct Data;
    std::unique_ptr<Data> m_data;
};

} // namespace sslm
