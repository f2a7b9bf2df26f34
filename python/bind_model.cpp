// SPDX-License-Identifier: MIT
#include "bind_model.hpp"

#include <chrono>
#include <memory>

#include "core/model/compile.hpp"
#include "core/study/model_info.hpp"
#include "core/study/parameter_document.hpp"
#include "core/study/run_table.hpp"
#include "core/util/diagnostic.hpp"

#include "bind_errors.hpp"
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace sslm::python {

namespace {

const char* statusName(RunStatus status) {
    switch (status) {
    case RunStatus::Ok:
        return "ok";
    case RunStatus::BadInput:
        return "bad_input";
    case RunStatus::Stopped:
        return "stopped";
    case RunStatus::Cancelled:
        return "cancelled";
    }
    return "bad_input";
}

std::shared_ptr<const Model> compileDocument(const ParameterDocument& document,
                                             const std::optional<std::vector<std::string>>& cuts) {
    const LoadResult loaded = document.spec();
    if (!loaded.ok() || hasErrors(loaded.diagnostics)) {
        throwInputError("the mechanism is not valid:\n" + formatDiagnostics(loaded.diagnostics));
    }
    CompileOptions options;
    options.cuts = cuts;
    const CompileResult compiled = compileModel(*loaded.spec, options);
    if (!compiled.ok()) {
        throwInputError("the mechanism does not compile:\n" +
                        formatDiagnostics(compiled.diagnostics));
    }
    return compiled.model;
}

/// Runs `request` on `model` without the GIL; Ctrl+C (checked every 0.1 s) cancels the run and
/// raises KeyboardInterrupt.
py::tuple runWithoutGil(const Model& model, const std::string& requestJson) {
    const RunRequest request = parseRunRequest(requestJson);
    RunTable table;
    bool interrupted = false;
    {
        py::gil_scoped_release release;
        auto next = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
        table = runTable(model, request, [&](double) {
            if (std::chrono::steady_clock::now() < next) {
                return true;
            }
            next = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
            py::gil_scoped_acquire acquire;
            interrupted = PyErr_CheckSignals() != 0;
            return !interrupted;
        });
    }
    if (interrupted) {
        throw py::error_already_set();
    }
    const auto rows = static_cast<py::ssize_t>(table.rows());
    const auto cols = static_cast<py::ssize_t>(table.columns.size());
    py::array_t<double> values({rows, cols});
    std::copy(table.values.begin(), table.values.end(), values.mutable_data());
    return py::make_tuple(statusName(table.status), table.error, table.columns, values,
                          table.summaryJson);
}

} // namespace

void bindModel(py::module_& m) {
    py::class_<Model, std::shared_ptr<Model>>(m, "Model", "A compiled mechanism.")
        .def_property_readonly("name", [](const Model& model) { return model.name; })
        .def_property_readonly("coordinates",
                               [](const Model& model) {
                                   std::vector<std::string> names;
                                   for (const Coordinate& c : model.coordinates) {
                                       names.push_back(c.name);
                                   }
                                   return names;
                               })
        .def_property_readonly("cuts", [](const Model& model) { return cutNames(model); })
        .def_property_readonly("is_spatial", &Model::isSpatial)
        .def(
            "info",
            [](const Model& model) {
                py::gil_scoped_release release;
                return modelInfoJson(model, analysePose(model, assembleInitialState(model)));
            },
            "The JSON text of `sslm info --json`.")
        .def("run", &runWithoutGil, py::arg("request"),
             "Runs a request (JSON text: kind and the CLI's options); returns (status, error, "
             "columns, values[rows, columns], summary JSON).");

    m.def(
        "compile",
        [](const ParameterDocument& document, const std::optional<std::vector<std::string>>& cuts) {
            return std::const_pointer_cast<Model>(compileDocument(document, cuts));
        },
        py::arg("document"), py::arg("cuts") = py::none(),
        "Compiles a document with the cut joints `cuts` (None: the file's; []: automatic).");
}

} // namespace sslm::python
