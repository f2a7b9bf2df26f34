// SPDX-License-Identifier: MIT
#include "core/study/model_info.hpp"

#include <span>

#include <nlohmann/json.hpp>

#include "core/kinematics/assembler.hpp"
#include "core/kinematics/closed_form_solution.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/model/workspace.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

/// Loop or subsystem indices as the JSON numbers them, from 1.
std::vector<int> fromOne(std::vector<int> indices) {
    for (int& i : indices) {
        ++i;
    }
    return indices;
}

/// Per loop: how its closed form is solved (closedFormProjection), "" for a Newton loop.
std::vector<std::string> projections(const std::vector<std::string>& classes) {
    std::vector<std::string> out;
    for (const std::string& kind : classes) {
        out.push_back(kind.empty() ? std::string() : closedFormProjection(kind));
    }
    return out;
}

} // namespace

PoseSummary analysePose(const Model& model, InitialState initial) {
    PoseSummary out;
    out.initial = std::move(initial);
    Workspace ws(model);
    updatePositions(model, ws, out.initial.q);
    out.residual =
        model.nConstraints() > 0 ? constraintResidual(model, ws).cwiseAbs().maxCoeff() : 0.0;
    out.mobility = mobilityAtPose(model, ws);
    out.minSigmaJ =
        out.mobility.singularValues.size() > 0 ? out.mobility.singularValues.minCoeff() : 0.0;
    return out;
}

std::string modelInfoJson(const Model& model, const PoseSummary& pose) {
    using nlohmann::ordered_json;
    const int nLoops = model.nLoops();
    const int nSub = static_cast<int>(model.subsystems.size());

    ordered_json out;
    out["name"] = model.name;
    out["dof"] = pose.mobility.dof;
    out["dof_grubler"] = model.mobilityGrubler;

    out["loops"] = ordered_json::array();
    for (const Loop& loop : model.loops) {
        out["loops"].push_back(loopJointNames(model, loop));
    }
    out["cuts"] = cutNames(model);

    out["subsystems"] = ordered_json::array();
    for (const Subsystem& sub : model.subsystems) {
        ordered_json entry;
        entry["bodies"] = text::mapped(sub.bodies, [&](int b) { return model.bodies[b].id; });
        entry["body_names"] = text::mapped(sub.bodies, [&](int b) { return model.bodies[b].name; });
        entry["coordinates"] = text::mapped(
            std::span(model.coordinates).subspan(sub.qBegin, sub.nv), &Coordinate::name);
        entry["type"] = sub.serial ? "serial" : "tree";
        entry["loops"] = fromOne(sub.loops);
        out["subsystems"].push_back(std::move(entry));
    }

    out["jacobian_pattern"] = ordered_json::array();
    for (int i = 0; i < nLoops; ++i) {
        std::vector<int> row;
        for (int s = 0; s < nSub; ++s) {
            row.push_back(model.jacobianPattern(i, s) ? 1 : 0);
        }
        out["jacobian_pattern"].push_back(row);
    }
    out["gicm_pattern"] = ordered_json::array();
    for (int r = 0; r < nLoops; ++r) {
        ordered_json row = ordered_json::array();
        for (int s = 0; s < nLoops; ++s) {
            row.push_back(fromOne(model.gicmContributors[r][s]));
        }
        out["gicm_pattern"].push_back(std::move(row));
    }

    out["closure_residual"] = pose.residual;
    out["min_singular_value"] = pose.minSigmaJ;
    const Eigen::VectorXd& sigma = pose.mobility.singularValues;
    out["singular_values"] = std::vector<double>(sigma.begin(), sigma.end());
    ordered_json q;
    const std::vector<std::string> names = positionNames(model);
    for (int k = 0; k < model.nq(); ++k) {
        q[names[static_cast<std::size_t>(k)]] = pose.initial.q[k];
    }
    out["initial_q"] = std::move(q);

    const AssemblyReport& report = pose.initial.report;
    // the position analysis planned for the file's inputs (assembler.hpp): the closed-form
    // loops in echelon order with their class
    ordered_json plan = ordered_json::array();
    for (const PlannedLoop& p : planAssembly(model, model.independent).closedForm) {
        plan.push_back({{"loop", p.loop + 1}, {"class", closedFormClassName(p.solver)}});
    }
    out["assembly"] = {{"converged", report.converged},
                       {"iterations", report.iterations},
                       {"residual", report.residual},
                       {"min_singular_value_dependent", report.minSingularValue},
                       {"closed_form_loops", fromOne(report.closedFormLoops)},
                       {"branch", report.branch},   // per loop: +1/-1 closed form, 0 Newton
                       {"classes", report.classes}, // per loop: "RRR", "RSSR", … or ""
                       {"projections", projections(report.classes)},
                       {"newton_loops", fromOne(report.newtonLoops)},
                       {"plan", std::move(plan)},
                       {"message", report.message}};
    if (!pose.modes.empty()) {
        out["modes"] = ordered_json::array();
        for (const auto& [mode, residual] : pose.modes) {
            ordered_json coordinates;
            for (int k = 0; k < model.nq(); ++k) {
                coordinates[names[static_cast<std::size_t>(k)]] = mode[k];
            }
            out["modes"].push_back(
                {{"coordinates", std::move(coordinates)}, {"closure_residual", residual}});
        }
    }
    return out.dump(2);
}

void listAssemblyModes(const Model& model,
                       PoseSummary& pose,
                       const AssemblyModesProgress& progress) {
    pose.modes.clear();
    if (!pose.initial.report.converged) {
        return;
    }
    Workspace ws(model);
    for (const Eigen::VectorXd& mode :
         assemblyModes(model, ws, pose.initial.q, model.independent, {}, progress)) {
        updatePositions(model, ws, mode);
        const double residual =
            model.nLoops() > 0 ? constraintResidual(model, ws).cwiseAbs().maxCoeff() : 0.0;
        pose.modes.emplace_back(mode, residual);
    }
}

} // namespace sslm
