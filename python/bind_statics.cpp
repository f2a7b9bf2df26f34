// SPDX-License-Identifier: MIT
#include "bind_statics.hpp"

#include <algorithm>
#include <map>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/model.hpp"
#include "core/statics/holding_effort.hpp"
#include "core/statics/static_coordinates.hpp"
#include "core/statics/statics_report.hpp"

#include "bind_errors.hpp"
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace sslm::python {

namespace {

using Holds = std::map<std::string, double>;

/// The options of `holds` (coordinate name → value, rad or m) and `time`; InputError for a
/// name the model does not have.
EquilibriumOptions options(const Model& model, const Holds& holds, double time) {
    EquilibriumOptions out;
    out.time = time;
    for (const auto& [name, value] : holds) {
        std::string error;
        const int k = namedCoordinate(model, name, error);
        if (k < 0) {
            throwInputError("hold: " + error);
        }
        out.holds.push_back({k, value});
    }
    return out;
}

/// The file's assembled initial pose; InputError when it does not assemble.
Eigen::VectorXd initialPose(const Model& model) {
    const InitialState initial = assembleInitialState(model);
    if (!initial.report.converged) {
        throwInputError("the initial state cannot be assembled: " + initial.report.message);
    }
    return initial.q;
}

std::string equilibrium(const Model& model, const Holds& holds, double time, bool all) {
    const EquilibriumOptions settings = options(model, holds, time);
    const Eigen::VectorXd start = initialPose(model);
    std::string error;
    std::vector<Equilibrium> found;
    {
        py::gil_scoped_release release;
        if (all) {
            found = findEquilibria(model, start, settings, &error);
        } else {
            Equilibrium rest = findEquilibrium(model, start, settings);
            error = rest.error;
            if (rest.ok()) {
                found.push_back(std::move(rest));
            }
        }
    }
    if (found.empty()) {
        throwInputError(error);
    }
    return all ? equilibriaJson(model, found) : equilibriumJson(model, found.front());
}

std::string modes(const Model& model, const Holds& holds, double time) {
    const EquilibriumOptions settings = options(model, holds, time);
    const Eigen::VectorXd start = initialPose(model);
    VibrationAnalysis analysis;
    {
        py::gil_scoped_release release;
        analysis = vibrationModes(model, start, settings);
    }
    if (!analysis.ok()) {
        throwInputError(analysis.error);
    }
    return vibrationJson(model, analysis);
}

/// (columns, values[rows, columns]) of the holding curve, NaN where a pose failed.
py::tuple holdingCurveTable(const Model& model,
                            const std::string& coordinate,
                            const std::vector<double>& values,
                            const Holds& holds,
                            double time) {
    const EquilibriumOptions settings = options(model, holds, time);
    std::string error;
    const int k = namedCoordinate(model, coordinate, error);
    if (k < 0) {
        throwInputError(error);
    }
    const Eigen::VectorXd start = initialPose(model);
    std::vector<HoldingPoint> curve;
    {
        py::gil_scoped_release release;
        curve = holdingCurve(model, start, k, values, settings);
    }
    const std::vector<std::string> columns = holdingColumns(model, k);
    py::array_t<double> table(
        {static_cast<py::ssize_t>(curve.size()), static_cast<py::ssize_t>(columns.size())});
    double* out = table.mutable_data();
    std::vector<double> row;
    for (const HoldingPoint& point : curve) {
        holdingValues(model, point, row);
        out = std::copy(row.begin(), row.end(), out);
    }
    return py::make_tuple(columns, table);
}

} // namespace

void bindStatics(py::module_& m) {
    m.def("equilibrium", &equilibrium, py::arg("model"), py::arg("holds"), py::arg("time"),
          py::arg("all"), "The JSON text of `sslm equilibrium --json` (--all: every one found).");
    m.def("modes", &modes, py::arg("model"), py::arg("holds"), py::arg("time"),
          "The JSON text of `sslm modes --json`.");
    m.def("holding_curve", &holdingCurveTable, py::arg("model"), py::arg("coordinate"),
          py::arg("values"), py::arg("holds"), py::arg("time"),
          "(columns, values[rows, columns]) of `sslm equilibrium --sweep`.");
}

} // namespace sslm::python
