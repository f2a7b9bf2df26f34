// SPDX-License-Identifier: MIT
#include "core/statics/static_coordinates.hpp"

#include <algorithm>

#include <Eigen/QR>

#include "core/dynamics/coordinate_partition.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

/// Weight of a file input's column: it is pivoted (made dependent) only when the others
/// cannot span J.
constexpr double kInputWeight = 1e-3;

/// The dependent coordinates: the first nConstraints pivots of J with its columns weighted;
/// the smallest |R_kk| / |R_00| of those pivots (0 when J has no rows of rank) in `quality`.
std::vector<int> pivotColumns(const Eigen::MatrixXd& weighted, double& quality) {
    const int rows = static_cast<int>(weighted.rows());
    std::vector<int> dependent;
    quality = 1.0;
    if (rows == 0) {
        return dependent;
    }
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(weighted);
    const Eigen::MatrixXd& r = qr.matrixR();
    const double largest = std::abs(r(0, 0));
    const int pivots = std::min(rows, static_cast<int>(weighted.cols()));
    for (int k = 0; k < pivots; ++k) {
        dependent.push_back(qr.colsPermutation().indices()[k]);
        quality = std::min(quality, largest > 0 ? std::abs(r(k, k)) / largest : 0.0);
    }
    if (pivots < rows) {
        quality = 0;
    }
    return dependent;
}

} // namespace

int namedCoordinate(const Model& model, const std::string& name, std::string& error) {
    const int k = model.coordinateIndex(name);
    if (k >= 0) {
        return k;
    }
    for (const Joint& joint : model.joints) {
        if (joint.isCut() && (joint.coordinateName == name || joint.name == name)) {
            error = "'" + name + "' belongs to the cut joint " + joint.name +
                    ", which has no coordinate in this cut choice (hint: cut another joint with "
                    "--cut, or name another coordinate)";
            return -1;
        }
    }
    std::string names;
    for (const Coordinate& c : model.coordinates) {
        names += (names.empty() ? "" : ", ") + c.name;
    }
    error = "no coordinate is named '" + name + "' (the coordinates: " + names + ")";
    return -1;
}

std::string holdsError(const Model& model, const std::vector<int>& held) {
    const int mobility = model.nv() - model.nConstraints();
    for (int k : held) {
        if (k < 0 || k >= model.nv()) {
            return "no coordinate " + std::to_string(k) + " to hold";
        }
        if (positionIndex(model, k) < 0) {
            return "cannot hold " + model.coordinates[k].name +
                   ": a spherical joint's rate has no angle of its own (hold a one-coordinate "
                   "joint instead)";
        }
        if (std::ranges::count(held, k) > 1) {
            return model.coordinates[k].name + " is held twice";
        }
    }
    if (static_cast<int>(held.size()) > std::max(mobility, 0)) {
        return std::to_string(held.size()) + " coordinates held (" + coordinateList(model, held) +
               ") but the mechanism has " + std::to_string(std::max(mobility, 0)) +
               (mobility == 1 ? " degree" : " degrees") + " of freedom (hint: hold fewer)";
    }
    return {};
}

StaticCoordinates chooseStaticCoordinates(const Model& model,
                                          Workspace& ws,
                                          const Eigen::VectorXd& q,
                                          const std::vector<int>& held) {
    StaticCoordinates out;
    out.error = holdsError(model, held);
    if (!out.ok()) {
        return out;
    }
    if (model.nConstraints() == 0) {
        // an open tree: every coordinate is independent
        for (int k = 0; k < model.nv(); ++k) {
            out.independent.push_back(k);
        }
        for (int k : held) {
            out.held.push_back(k);
        }
        for (int i = 0; i < model.nv(); ++i) {
            if (std::ranges::find(held, i) == held.end()) {
                out.free.push_back(i);
            }
        }
        return out;
    }
    updatePositions(model, ws, q);
    const Eigen::MatrixXd& J = constraintJacobian(model, ws);
    Eigen::MatrixXd weighted = J;
    for (int k : model.independent) {
        weighted.col(k) *= kInputWeight;
    }
    double quality = 0;
    pivotColumns(J, quality);
    if (quality < kSingularStaticPose) {
        out.error = "the loop constraints are singular at this pose (relative σ_min " +
                    text::number(quality, 2) +
                    "): a toggle or change point, where the loops lock or gain a freedom "
                    "(hint: start from another pose)";
        return out;
    }
    for (int k : held) {
        weighted.col(k).setZero();
    }
    const std::vector<int> dependent = pivotColumns(weighted, quality);
    // the pivots' quality with the weights: undo the inputs' weight for the check
    Eigen::MatrixXd block(J.rows(), static_cast<Eigen::Index>(dependent.size()));
    for (std::size_t i = 0; i < dependent.size(); ++i) {
        block.col(static_cast<Eigen::Index>(i)) = J.col(dependent[i]);
    }
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> check(block);
    const double largest = std::abs(check.matrixR()(0, 0));
    const double smallest = std::abs(check.matrixR()(J.rows() - 1, J.rows() - 1));
    if (largest <= 0 || smallest / largest < kSingularStaticPose) {
        out.error = "cannot hold " + coordinateList(model, held) +
                    ": the loops fix it at this pose, so it is not an independent coordinate "
                    "(hint: hold another coordinate of the mechanism)";
        return out;
    }
    std::vector<bool> isDependent(model.nv(), false);
    for (int k : dependent) {
        isDependent[k] = true;
    }
    for (int k = 0; k < model.nv(); ++k) {
        if (!isDependent[k]) {
            out.independent.push_back(k);
        }
    }
    for (int k : held) {
        const auto at = std::ranges::find(out.independent, k) - out.independent.begin();
        out.held.push_back(static_cast<int>(at));
    }
    for (int i = 0; i < static_cast<int>(out.independent.size()); ++i) {
        if (std::ranges::find(out.held, i) == out.held.end()) {
            out.free.push_back(i);
        }
    }
    return out;
}

} // namespace sslm
