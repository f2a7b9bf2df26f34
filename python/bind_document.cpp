// SPDX-License-Identifier: MIT
#include "bind_document.hpp"

#include "core/spec/spec_json.hpp"
#include "core/study/mechanism_document.hpp"
#include "core/util/diagnostic.hpp"

#include "bind_errors.hpp"
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

namespace py = pybind11;

namespace sslm::python {

namespace {

/// The spec of `document`, or InputError with the diagnostics.
MechanismSpec checkedSpec(const MechanismDocument& document) {
    LoadResult loaded = document.spec();
    if (!loaded.ok() || hasErrors(loaded.diagnostics)) {
        throwInputError("the mechanism is not valid:\n" + formatDiagnostics(loaded.diagnostics));
    }
    return *loaded.spec;
}

} // namespace

void bindDocument(py::module_& m) {
    py::class_<MechanismDocument>(m, "Document",
                                  "A mechanism file's JSON document; its numbers are "
                                  "parameters, named by their path in the file.")
        .def_static("from_text", &MechanismDocument::fromText, py::arg("text"),
                    "The document of a mechanism file's text (JSON).")
        .def("copy", [](const MechanismDocument& d) { return MechanismDocument(d); })
        .def("get", &MechanismDocument::get, py::arg("name"),
             "The number named `name`; ParameterError when there is none.")
        .def("set", &MechanismDocument::set, py::arg("name"), py::arg("value"),
             "Sets the number named `name`; ParameterError when there is none.")
        .def("parameter_names", &MechanismDocument::parameterNames,
             "Every number's name, in file order.")
        .def("nearest_names", &MechanismDocument::nearestNames, py::arg("name"),
             py::arg("count") = 5, "The parameter names nearest `name`, best first.")
        .def("text", &MechanismDocument::text, py::arg("indent") = -1, "The document as JSON text.")
        .def(
            "check",
            [](const MechanismDocument& d) {
                const LoadResult loaded = d.spec();
                if (!loaded.ok() || hasErrors(loaded.diagnostics)) {
                    throwInputError("the mechanism is not valid:\n" +
                                    formatDiagnostics(loaded.diagnostics));
                }
                return formatDiagnostics(loaded.diagnostics);
            },
            "Validates the document as a file; InputError with the diagnostics when it is not "
            "valid, else the warnings' text (empty when none).")
        .def(
            "canonical_text", [](const MechanismDocument& d) { return toJson(checkedSpec(d)); },
            "The file as SSLM writes it (validated).")
        .def(
            "save",
            [](const MechanismDocument& d, const std::filesystem::path& path) {
                if (const auto error = saveMechanismFile(checkedSpec(d), path)) {
                    throwInputError(path.string() + ": " + *error);
                }
            },
            py::arg("path"), "Validates and writes the file atomically.");
}

} // namespace sslm::python
