// SPDX-License-Identifier: MIT
#include "core/model/workspace.hpp"

namespace sslm {

Workspace::Workspace(const Model& model)
    : angle(model.bodies.size(), 0.0), cosAngle(model.bodies.size(), 1.0),
      sinAngle(model.bodies.size(), 0.0), origin(model.bodies.size(), Eigen::Vector2d::Zero()),
      jointPoint(model.bodies.size(), Eigen::Vector2d::Zero()),
      jointDirection(model.bodies.size(), Eigen::Vector2d::Zero()), omega(model.bodies.size(), 0.0),
      velocity(model.bodies.size(), Eigen::Vector2d::Zero()),
      biasAcceleration(model.bodies.size(), Eigen::Vector2d::Zero()),
      rotation(model.isSpatial() ? model.bodies.size() : 0, Eigen::Matrix3d::Identity()),
      position3(model.isSpatial() ? model.bodies.size() : 0, Eigen::Vector3d::Zero()),
      jointPoint3(model.isSpatial() ? model.bodies.size() : 0, Eigen::Vector3d::Zero()),
      twist(model.isSpatial() ? model.bodies.size() : 0, Vec6::Zero()),
      biasAcceleration6(model.isSpatial() ? model.bodies.size() : 0, Vec6::Zero()),
      motionSubspace6(model.isSpatial() ? model.nq() : 0, Vec6::Zero()),
      subspaceCarrier(model.isSpatial() ? model.nq() : 0, 0),
      coordinateValue(model.isSpatial() ? model.nq() : 0, 0.0),
      coordinateRate(model.isSpatial() ? model.nq() : 0, 0.0),
      phi(Eigen::VectorXd::Zero(model.nConstraints())),
      J(Eigen::MatrixXd::Zero(model.nConstraints(), model.nq())),
      Jdot_qd(Eigen::VectorXd::Zero(model.nConstraints())),
      nBodies(static_cast<int>(model.bodies.size())), nq(model.nq()),
      nConstraints(model.nConstraints()) {}

bool isCompatible(const Model& model, const Workspace& ws) {
    return ws.nBodies == static_cast<int>(model.bodies.size()) && ws.nq == model.nq() &&
           ws.nConstraints == model.nConstraints();
}

} // namespace sslm
