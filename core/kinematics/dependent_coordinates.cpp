// SPDX-License-Identifier: MIT
#include "core/kinematics/dependent_coordinates.hpp"

#include <Eigen/SVD>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"

namespace sslm {

std::vector<int> dependentOf(const Model& model, const std::vector<int>& independent) {
    std::vector<bool> held(model.nv(), false);
    for (int k : independent) {
        held[k] = true;
    }
    std::vector<int> dependent;
    for (int k = 0; k < model.nv(); ++k) {
        if (!held[k]) {
            dependent.push_back(k);
        }
    }
    return dependent;
}

Eigen::MatrixXd dependentJacobian(const Model& model,
                                  Workspace& ws,
                                  const Eigen::Ref<const Eigen::VectorXd>& q,
                                  const std::vector<int>& dependent) {
    updatePositions(model, ws, q);
    constraintJacobian(model, ws);
    return ws.J(Eigen::all, dependent);
}

double minSingularValue(const Eigen::MatrixXd& m) {
    if (m.size() == 0) {
        return 0.0;
    }
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(m);
    return svd.singularValues().minCoeff();
}

} // namespace sslm
