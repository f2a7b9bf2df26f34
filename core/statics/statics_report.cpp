// SPDX-License-Identifier: MIT
#include "core/statics/statics_report.hpp"

#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/kinematics/configuration.hpp"
#include "core/model/wrench_columns.hpp"
#include "core/sim/sample_csv.hpp"

namespace sslm {

namespace {

using Json = nlohmann::ordered_json;

Json vector3(const Eigen::Vector3d& v) {
    return Json::array({v.x(), v.y(), v.z()});
}

Json matrixRows(const Eigen::MatrixXd& m) {
    Json rows = Json::array();
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        Json row = Json::array();
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            row.push_back(m(i, j));
        }
        rows.push_back(row);
    }
    return rows;
}

Json equilibriumObject(const Model& model, const Equilibrium& rest) {
    Json coordinates = Json::object();
    const std::vector<std::string> names = positionNames(model);
    for (std::size_t i = 0; i < names.size(); ++i) {
        coordinates[names[i]] = rest.q[static_cast<Eigen::Index>(i)];
    }
    Json independent = Json::array();
    for (int k : rest.independent) {
        independent.push_back(model.coordinates[k].name);
    }
    Json held = Json::object();
    Json effort = Json::object();
    for (std::size_t h = 0; h < rest.held.size(); ++h) {
        const int k = rest.independent[rest.held[h]];
        held[model.coordinates[k].name] = rest.q[positionIndex(model, k)];
        effort[model.coordinates[k].name] = rest.holdingEffort[static_cast<Eigen::Index>(h)];
    }
    Json eigenvalues = Json::array();
    for (Eigen::Index i = 0; i < rest.stiffnessEigenvalues.size(); ++i) {
        eigenvalues.push_back(rest.stiffnessEigenvalues[i]);
    }
    Json reactions = Json::object();
    for (std::size_t j = 0; j < rest.reactions.size(); ++j) {
        const JointReaction& r = rest.reactions[j];
        reactions[model.joints[j].name] = {{"force", vector3(r.force)},
                                           {"moment", vector3(r.moment)},
                                           {"point", vector3(r.point)}};
    }
    return {{"coordinates", coordinates},
            {"independent", independent},
            {"held", held},
            {"holding_effort", effort},
            {"residual", rest.residualNorm},
            {"stable", rest.stable},
            {"stiffness_eigenvalues", eigenvalues},
            {"stiffness_asymmetry", rest.stiffnessAsymmetry},
            {"iterations", rest.iterations},
            {"reactions", reactions}};
}

} // namespace

std::string equilibriumJson(const Model& model, const Equilibrium& rest, int indent) {
    return equilibriumObject(model, rest).dump(indent);
}

std::string equilibriaJson(const Model& model, const std::vector<Equilibrium>& all, int indent) {
    Json list = Json::array();
    for (const Equilibrium& rest : all) {
        list.push_back(equilibriumObject(model, rest));
    }
    return Json{{"equilibria", list}}.dump(indent);
}

std::string vibrationJson(const Model& model, const VibrationAnalysis& analysis, int indent) {
    Json coordinates = Json::array();
    for (int k : analysis.coordinates) {
        coordinates.push_back(model.coordinates[k].name);
    }
    Json modes = Json::array();
    for (std::size_t m = 0; m < analysis.modes.size(); ++m) {
        const VibrationMode& mode = analysis.modes[m];
        Json shape = Json::object();
        for (std::size_t i = 0; i < analysis.coordinates.size(); ++i) {
            shape[model.coordinates[analysis.coordinates[i]].name] =
                mode.shape[static_cast<Eigen::Index>(i)];
        }
        Json rates = Json::object();
        for (int k = 0; k < model.nv(); ++k) {
            rates[model.coordinates[k].name] = mode.coordinateShape[k];
        }
        modes.push_back({{"mode", m + 1},
                         {"frequency_hz", mode.frequencyHz},
                         {"omega_squared", mode.omegaSquared},
                         {"damping_ratio", mode.dampingRatio},
                         {"stable", mode.omegaSquared > 0},
                         {"shape", shape},
                         {"coordinate_shape", rates}});
    }
    Json eigenvalues = Json::array();
    for (const std::complex<double>& s : analysis.eigenvalues) {
        eigenvalues.push_back({{"re", s.real()}, {"im", s.imag()}});
    }
    const Json json = {{"rest", equilibriumObject(model, analysis.equilibrium)},
                       {"coordinates", coordinates},
                       {"method",
                        "reduced mass N^T M N exact; stiffness and damping by central differences "
                        "of the reduced force with one Richardson extrapolation (h = 1e-4)"},
                       {"stiffness_accuracy", analysis.stiffnessAccuracy},
                       {"damping_accuracy", analysis.dampingAccuracy},
                       {"mass", matrixRows(analysis.mass)},
                       {"stiffness", matrixRows(analysis.stiffness)},
                       {"damping", matrixRows(analysis.damping)},
                       {"modes", modes},
                       {"eigenvalues", eigenvalues}};
    return json.dump(indent);
}

std::vector<std::string> holdingColumns(const Model& model, int coordinate) {
    const std::string& name = model.coordinates[coordinate].name;
    std::vector<std::string> columns = {"hold." + name, "effort." + name, "residual", "stable",
                                        "ok"};
    for (const std::string& entry : positionNames(model)) {
        columns.push_back("q." + entry);
    }
    for (int j = 0; j < static_cast<int>(model.joints.size()); ++j) {
        for (const WrenchColumn& column : reactionColumns(model, j, /*forwardRunCut=*/false)) {
            columns.push_back(column.name);
        }
    }
    return columns;
}

void holdingValues(const Model& model, const HoldingPoint& point, std::vector<double>& values) {
    values.clear();
    const Equilibrium& rest = point.rest;
    const double none = std::numeric_limits<double>::quiet_NaN();
    values.push_back(point.value);
    if (!rest.ok()) {
        // effort and residual unknown, stable and ok 0, every pose and reaction cell unknown
        values.insert(values.end(), {none, none, 0.0, 0.0});
        values.resize(holdingColumns(model, 0).size(), none);
        return;
    }
    values.insert(values.end(), {point.effort, rest.residualNorm, rest.stable ? 1.0 : 0.0, 1.0});
    values.insert(values.end(), rest.q.data(), rest.q.data() + rest.q.size());
    for (int j = 0; j < static_cast<int>(model.joints.size()); ++j) {
        if (j < static_cast<int>(rest.reactions.size())) {
            appendWrenchValues(reactionEntries(model, j), rest.reactions[j].force,
                               rest.reactions[j].moment, values);
        } else {
            values.insert(values.end(), reactionEntries(model, j).count, none);
        }
    }
}

std::string holdingRow(const Model& model, const HoldingPoint& point) {
    std::vector<double> values;
    holdingValues(model, point, values);
    std::string row;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) {
            row += ',';
        }
        if (!std::isnan(values[i])) {
            appendCsvNumber(row, values[i]);
        }
    }
    return row;
}

} // namespace sslm
