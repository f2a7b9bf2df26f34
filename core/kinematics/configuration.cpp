// SPDX-License-Identifier: MIT
#include "core/kinematics/configuration.hpp"

#include <cmath>

#include <Eigen/Geometry>

namespace sslm {

namespace {

Eigen::Quaterniond quaternionAt(const Eigen::Ref<const Eigen::VectorXd>& q, int i) {
    return {q[i], q[i + 1], q[i + 2], q[i + 3]};
}

void storeQuaternion(const Eigen::Quaterniond& value, Eigen::Ref<Eigen::VectorXd> q, int i) {
    q[i] = value.w();
    q[i + 1] = value.x();
    q[i + 2] = value.y();
    q[i + 3] = value.z();
}

/// exp of the rotation vector θ (rad) as a unit quaternion.
Eigen::Quaterniond rotationVectorQuaternion(const Eigen::Vector3d& theta) {
    const double angle = theta.norm();
    if (angle < 1e-12) {
        return Eigen::Quaterniond(1.0, 0.5 * theta.x(), 0.5 * theta.y(), 0.5 * theta.z())
            .normalized();
    }
    return Eigen::Quaterniond(Eigen::AngleAxisd(angle, theta / angle));
}

/// Calls f(joint) for every tree joint with a quaternion, else g(joint) per other tree joint.
template <class Sphere, class Other> void forTreeJoints(const Model& model, Sphere f, Other g) {
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        if (joint.type == JointType::Spherical) {
            f(joint);
        } else {
            g(joint);
        }
    }
}

} // namespace

std::vector<std::string> positionNames(const Model& model) {
    std::vector<std::string> names(static_cast<std::size_t>(model.nq()));
    for (const Coordinate& c : model.coordinates) {
        const Joint& joint = model.joints[c.joint];
        if (joint.type == JointType::Spherical) {
            if (c.axis == 0) {
                for (int k = 0; k < 4; ++k) {
                    names[static_cast<std::size_t>(joint.position + k)] =
                        joint.name + std::string(".q") + "wxyz"[k];
                }
            }
        } else {
            names[static_cast<std::size_t>(joint.position + c.axis)] = c.name;
        }
    }
    return names;
}

int positionIndex(const Model& model, int k) {
    const Coordinate& c = model.coordinates[static_cast<std::size_t>(k)];
    const Joint& joint = model.joints[static_cast<std::size_t>(c.joint)];
    return joint.type == JointType::Spherical ? -1 : joint.position + c.axis;
}

bool hasQuaternions(const Model& model) {
    return model.nq() > model.nv();
}

Eigen::VectorXd neutralPositions(const Model& model) {
    Eigen::VectorXd q = Eigen::VectorXd::Zero(model.nq());
    forTreeJoints(
        model, [&](const Joint& joint) { q[joint.position] = 1.0; }, [](const Joint&) {});
    return q;
}

void integratePositions(const Model& model,
                        const Eigen::Ref<const Eigen::VectorXd>& q,
                        const Eigen::Ref<const Eigen::VectorXd>& v,
                        double dt,
                        Eigen::Ref<Eigen::VectorXd> out) {
    if (!hasQuaternions(model)) {
        out = q + dt * v;
        return;
    }
    forTreeJoints(
        model,
        [&](const Joint& joint) {
            const Eigen::Vector3d omega = v.segment<3>(joint.coordinate);
            const Eigen::Quaterniond turned =
                rotationVectorQuaternion(dt * omega) * quaternionAt(q, joint.position);
            storeQuaternion(turned, out, joint.position);
        },
        [&](const Joint& joint) {
            for (int k = 0; k < joint.coordinateCount; ++k) {
                out[joint.position + k] = q[joint.position + k] + dt * v[joint.coordinate + k];
            }
        });
}

void differencePositions(const Model& model,
                         const Eigen::Ref<const Eigen::VectorXd>& q1,
                         const Eigen::Ref<const Eigen::VectorXd>& q0,
                         Eigen::Ref<Eigen::VectorXd> out) {
    if (!hasQuaternions(model)) {
        out = q1 - q0;
        return;
    }
    forTreeJoints(
        model,
        [&](const Joint& joint) {
            Eigen::Quaterniond delta =
                quaternionAt(q1, joint.position) * quaternionAt(q0, joint.position).conjugate();
            if (delta.w() < 0) {
                delta.coeffs() = -delta.coeffs(); // the shorter way round
            }
            const double sinHalf = delta.vec().norm();
            const double angle = 2.0 * std::atan2(sinHalf, delta.w());
            out.segment<3>(joint.coordinate) =
                sinHalf < 1e-12 ? Eigen::Vector3d(2.0 * delta.vec())
                                : Eigen::Vector3d(delta.vec() * (angle / sinHalf));
        },
        [&](const Joint& joint) {
            for (int k = 0; k < joint.coordinateCount; ++k) {
                out[joint.coordinate + k] = q1[joint.position + k] - q0[joint.position + k];
            }
        });
}

void positionRates(const Model& model,
                   const Eigen::Ref<const Eigen::VectorXd>& q,
                   const Eigen::Ref<const Eigen::VectorXd>& v,
                   Eigen::Ref<Eigen::VectorXd> out) {
    if (!hasQuaternions(model)) {
        out = v;
        return;
    }
    forTreeJoints(
        model,
        [&](const Joint& joint) {
            // q̇ = ½ (0, ω) ⊗ q, ω in the parent-side frame
            const Eigen::Vector3d w = v.segment<3>(joint.coordinate);
            const Eigen::Quaterniond rate =
                Eigen::Quaterniond(0.0, w.x(), w.y(), w.z()) * quaternionAt(q, joint.position);
            storeQuaternion(Eigen::Quaterniond(rate.coeffs() * 0.5), out, joint.position);
        },
        [&](const Joint& joint) {
            for (int k = 0; k < joint.coordinateCount; ++k) {
                out[joint.position + k] = v[joint.coordinate + k];
            }
        });
}

void normalizePositions(const Model& model, Eigen::Ref<Eigen::VectorXd> q) {
    forTreeJoints(
        model,
        [&](const Joint& joint) {
            const double norm = q.segment<4>(joint.position).norm();
            if (norm > 0) {
                q.segment<4>(joint.position) /= norm;
            }
        },
        [](const Joint&) {});
}

} // namespace sslm
