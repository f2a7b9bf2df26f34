// SPDX-License-Identifier: MIT
#include "bind_study.hpp"

#include "core/study/study_runner.hpp"
#include "core/study/study_spec.hpp"

#include <pybind11/functional.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

namespace py = pybind11;

namespace sslm::python {

void bindStudy(py::module_& m) {
    py::class_<Study>(m, "Study", "A parameter study and its table.")
        .def(py::init([](const std::string& json, const std::filesystem::path& folder) {
                 return parseStudy(json, folder);
             }),
             py::arg("json"), py::arg("folder") = std::filesystem::path("."),
             "A study from its JSON text; relative paths from `folder`.")
        .def_property_readonly("run_count", &Study::runCount)
        .def_property_readonly("parameter_names",
                               [](const Study& s) {
                                   std::vector<std::string> names;
                                   for (const StudyParameter& p : s.parameters) {
                                       names.push_back(p.name);
                                   }
                                   return names;
                               })
        .def_property_readonly("metric_names",
                               [](const Study& s) {
                                   std::vector<std::string> names;
                                   for (const StudyMetric& metric : s.metrics) {
                                       names.push_back(metric.text);
                                   }
                                   return names;
                               })
        .def_property_readonly("output", [](const Study& s) { return s.output; })
        .def("values_of", &Study::valuesOf, py::arg("run"), "Run `run`'s parameter values.")
        .def("header", &studyHeader, "The table's header line.")
        .def(
            "rows",
            [](const Study& s, const std::vector<long>& runs, int threads) {
                py::gil_scoped_release release;
                return studyRows(s, runs, threads);
            },
            py::arg("runs"), py::arg("threads") = 0,
            "The table rows of `runs` (0: every core), in their order.")
        .def("finished_runs", &finishedRuns, py::arg("path"),
             "The runs already in the table at `path` (a cut-short last line dropped).")
        .def("append_rows", &appendStudyRows, py::arg("path"), py::arg("rows"),
             "Appends rows to the table (the header first when it is new), flushed.")
        .def(
            "run",
            [](const Study& s, const std::filesystem::path& path, int threads,
               const std::function<bool(long, long, long, long)>& progress) {
                StudyOutcome outcome;
                {
                    py::gil_scoped_release release;
                    outcome = runStudy(s, path, threads, [&](const StudyProgress& p) {
                        py::gil_scoped_acquire acquire;
                        if (PyErr_CheckSignals() != 0) {
                            PyErr_Clear();
                            return false; // Ctrl+C: the runs under way finish, resume later
                        }
                        try {
                            return !progress || progress(p.done, p.total, p.failed, p.skipped);
                        } catch (const std::exception&) {
                            return false; // an error of the callback cancels; never crosses
                        }
                    });
                }
                py::dict result;
                result["total"] = outcome.progress.total;
                result["done"] = outcome.progress.done;
                result["failed"] = outcome.progress.failed;
                result["skipped"] = outcome.progress.skipped;
                result["cancelled"] = outcome.cancelled;
                result["wall_seconds"] = outcome.wallSeconds;
                return result;
            },
            py::arg("path"), py::arg("threads") = 0, py::arg("progress") = nullptr,
            "Runs what is not in the table yet on C++ threads, appending rows as they finish; "
            "progress(done, total, failed, skipped) returning False cancels.");
    m.def("sort_study_table", &sortStudyTable, py::arg("path"),
          "Rewrites a study's table sorted by run.");
}

} // namespace sslm::python
