// SPDX-License-Identifier: MIT
#include "bind_document.hpp"

#include "core/spec/spec_json.hpp"
#include "core/study/parameter_document.hpp"
#include "core/util/diagnostic.hpp"

#include "bind_errors.hpp"
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

namespace py = pybind11;

namespace sslm::python {

namespace {

/// The spec of `document`, or InputError with the diagnostics.
MechanismSpec checkedSpec(const ParameterDocument& document) {
    LoadResult loaded = document.spec();
    if (!loaded.ok() || hasErrors(loaded.diagnostics)) {
        throwInputError("the mechanism is not valid:\n" + formatDiagnostics(loaded.diagnostics));
    }
    return *loaded.spec;
}

} // namespace

void bindDocument(py::module_& m) {
    py::class_<ParameterDocument>(m, "Document",
                                  "A mechanism file's JSON document; its numbers are "
                                  "parameters, named by their path in the file.")
        .def_static("from_text", &ParameterDocument::fromText, py::arg("text"),
                    "The document of a mechanism file's text (JSON).")
        .def("copy", [](const ParameterDocument& d) { return ParameterDocument(d); })
        .def("get", &ParameterDocument::get, py::arg("name"),
             "The number named `name`; ParameterError when there is none.")
        .def("set", &ParameterDocument::set, py::arg("name"), py::arg("value"),
             "Sets the number named `name`; ParameterError when there is none.")
        .def("parameter_names", &ParameterDocument::parameterNames,
             "Every number's name, in file order.")
        .def("nearest_names", &ParameterDocument::nearestNames, py::arg("name"),
             py::arg("count") = 5, "The parameter names nearest `name`, best first.")
        .def("text", &ParameterDocument::text, py::arg("indent") = -1, "The document as JSON text.")
        .def(
            "check",
            [](const ParameterDocument& d) {
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
            "canonical_text", [](const ParameterDocument& d) { return toJson(checkedSpec(d)); },
            "The file as SSLM writes it (validated).")
        .def(
            "save",
            [](const ParameterDocument& d, const std::filesystem::path& path) {
                if (const auto error = saveMechanismFile(checkedSpec(d), path)) {
                    throwInputError(path.string() + ": " + *error);
                }
            },
            py::arg("path"), "Validates and writes the file atomically.");
}

} // namespace sslm::python
