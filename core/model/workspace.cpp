// SPDX-License-Identifier: MIT
#include "core/model/workspace.hpp"

namespace sslm {

Workspace::Workspace(const Model& model)
    : rotation(model.bodies.size(), Eigen::Matrix3d::Identity()),
      position(model.bodies.size(), Eigen::Vector3d::Zero()), angle(model.bodies.size(), 0.0),
      jointPoint(model.bodies.size(), Eigen::Vector3d::Zero()),
      motionSubspace(model.nv(), Vec6::Zero()), subspaceCarrier(model.nv(), 0),
      coordinateValue(model.nv(), 0.0), coordinateRate(model.nv(), 0.0),
      twist(model.bodies.size(), Vec6::Zero()), biasAcceleration(model.bodies.size(), Vec6::Zero()),
      phi(Eigen::VectorXd::Zero(model.nConstraints())),
      J(Eigen::MatrixXd::Zero(model.nConstraints(), model.nv())),
      Jdot_qd(Eigen::VectorXd::Zero(model.nConstraints())),
      nBodies(static_cast<int>(model.bodies.size())), nv(model.nv()),
      nConstraints(model.nConstraints()) {}

bool isCompatible(const Model& model, const Workspace& ws) {
    return ws.nBodies == static_cast<int>(model.bodies.size()) && ws.nv == model.nv() &&
           ws.nConstraints == model.nConstraints();
}

} // namespace sslm
