// SPDX-License-Identifier: MIT
#include "core/inverse/spatial_inverse_dynamics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "core/dynamics/applied_forces.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/spatial_kinematics.hpp"
#include "core/spatial/spatial_algebra.hpp"
#include "core/spec/joint_kinds.hpp"

namespace sslm {

using spatial::Vec3;
using spatial::Vec6;

namespace {

/// A factorisation is singular when its smallest pivot is this small relative to its largest.
constexpr double kSingularPivot = 1e-12;

double pivotRatio(const Eigen::PartialPivLU<Eigen::MatrixXd>& lu) {
    const auto pivots = lu.matrixLU().diagonal().cwiseAbs();
    const double largest = pivots.maxCoeff();
    return largest > 0.0 ? pivots.minCoeff() / largest : 0.0;
}

std::string singularMessage(const char* method, const Eigen::MatrixXd& matrix, double ratio) {
    char text[256];
    std::snprintf(text, sizeof text,
                  "%s: the %ld × %ld matrix is singular (relative pivot %.3g): a singular pose "
                  "(toggle or change point) or driven coordinates that cannot move the "
                  "mechanism independently",
                  method, static_cast<long>(matrix.rows()), static_cast<long>(matrix.cols()),
                  ratio);
    return text;
}

/// Factors `matrix` into `lu`; false with the failure set when it is singular.
bool factor(const char* method,
            const Eigen::MatrixXd& matrix,
            Eigen::PartialPivLU<Eigen::MatrixXd>& lu,
            SpatialInverseWorkspace& siws) {
    lu.compute(matrix);
    const double ratio = pivotRatio(lu);
    siws.conditioning = std::min(siws.conditioning, ratio);
    if (!(ratio > kSingularPivot)) {
        siws.failure = singularMessage(method, matrix, ratio);
        return false;
    }
    return true;
}

/// Each body's acceleration (gravity as the base's −g) and the wrench its motion needs.
void inertiaWrenches(const Model& model,
                     SpatialInverseWorkspace& siws,
                     const Eigen::Ref<const Eigen::VectorXd>& vdot) {
    const Workspace& ws = siws.ws;
    siws.bodyAcceleration[0] << Vec3::Zero(), -model.gravity3;
    for (int b = 1; b < ws.nBodies; ++b) {
        const Body& body = model.bodies[b];
        const Joint& joint = model.joints[body.treeJoint];
        Vec6 acceleration = siws.bodyAcceleration[body.parent];
        for (int k = joint.coordinate; k < joint.coordinate + joint.coordinateCount; ++k) {
            acceleration += ws.motionSubspace6[k] * vdot[k];
        }
        siws.bodyAcceleration[b] = acceleration;
        // ws.biasAcceleration6 already sums the velocity products along the whole chain
        const Eigen::Matrix3d& r = ws.rotation[b];
        const Vec3 com = ws.position3[b] + r * body.com3_B;
        const auto inertia =
            spatial::inertiaAboutOrigin(body.mass, com, r * body.inertia3_B * r.transpose());
        const Vec6& twist = ws.twist[b];
        siws.inertiaWrench[b] = inertia * (acceleration + ws.biasAcceleration6[b]) +
                                spatial::crossForce(twist, inertia * twist);
    }
}

bool solveSystem(const Model& model, SpatialInverseWorkspace& siws) {
    const int constraints = model.nConstraints();
    const int nd = static_cast<int>(siws.driven.size());
    siws.systemMatrix.leftCols(constraints) = siws.ws.J.transpose();
    siws.systemMatrix.rightCols(nd).setZero();
    for (int d = 0; d < nd; ++d) {
        siws.systemMatrix(siws.driven[d], constraints + d) = 1.0;
    }
    if (!factor("system approach [Jᵀ B]", siws.systemMatrix, siws.systemLu, siws)) {
        return false;
    }
    siws.unknowns.noalias() = siws.systemLu.solve(siws.treeResidual);
    siws.lambda = siws.unknowns.head(constraints);
    siws.tau = siws.unknowns.tail(nd);
    return true;
}

bool solveSubsystems(const Model& model, SpatialInverseWorkspace& siws) {
    const Eigen::MatrixXd& J = siws.ws.J;
    for (std::size_t index = 0; index < siws.plan.size(); ++index) {
        const SubsystemBlock& block = siws.plan[index];
        Eigen::MatrixXd& A = siws.blockMatrix[index];
        Eigen::VectorXd& rhs = siws.blockRhs[index];
        for (int r = 0; r < block.size; ++r) {
            const int k = block.rows[r];
            double value = siws.treeResidual[k];
            for (int i : block.knownLoops) {
                const Loop& loop = model.loops[i];
                value -= J.col(k)
                             .segment(loop.rowBegin, loop.rows)
                             .dot(siws.lambda.segment(loop.rowBegin, loop.rows));
            }
            rhs[r] = value;
            int column = 0;
            for (int i : block.loops) {
                const Loop& loop = model.loops[i];
                for (int c = 0; c < loop.rows; ++c) {
                    A(r, column++) = J(loop.rowBegin + c, k);
                }
            }
            for (int d : block.driven) {
                A(r, column++) = siws.driven[d] == k ? 1.0 : 0.0;
            }
        }
        if (!factor("subsystem approach block", A, siws.blockLu[index], siws)) {
            return false;
        }
        Eigen::VectorXd& x = siws.blockSolution[index];
        x.noalias() = siws.blockLu[index].solve(rhs);
        int column = 0;
        for (int i : block.loops) {
            const Loop& loop = model.loops[i];
            siws.lambda.segment(loop.rowBegin, loop.rows) = x.segment(column, loop.rows);
            column += loop.rows;
        }
        for (int d : block.driven) {
            siws.tau[d] = x[column++];
        }
    }
    return true;
}

/// Adds `wrench` to the six Newton–Euler rows of `body` (none for the ground).
template <typename Column> void addToBody(Column&& column, int body, const Vec6& wrench) {
    if (body > 0) {
        column.template segment<6>(6 * (body - 1)) += wrench;
    }
}

bool solveTraditional(const Model& model, SpatialInverseWorkspace& siws) {
    const Workspace& ws = siws.ws;
    Eigen::MatrixXd& A = siws.bodyMatrix;
    A.setZero();
    for (int b = 1; b < ws.nBodies; ++b) {
        siws.bodyRhs.segment<6>(6 * (b - 1)) = siws.inertiaWrench[b];
    }
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        if (const double force = siws.jointForces[static_cast<Eigen::Index>(j)]; force != 0.0) {
            const Joint& joint = model.joints[j];
            const Vec6 onB =
                force * jointCoordinateWrench<SpatialSpace>(model, ws, static_cast<int>(j), 0);
            addToBody(siws.bodyRhs, joint.bodyB, -onB);
            addToBody(siws.bodyRhs, joint.bodyA, onB);
        }
    }
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const Joint& joint = model.joints[j];
        const int rows = constraintRowCount(joint.type, MotionSpace::Spatial);
        for (int r = 0; r < rows; ++r) {
            const Vec6 onA = jointConstraintWrench<SpatialSpace>(model, ws, static_cast<int>(j), r);
            addToBody(A.col(siws.rowBegin[j] + r), joint.bodyA, onA);
            addToBody(A.col(siws.rowBegin[j] + r), joint.bodyB, -onA);
        }
    }
    const int driveColumn = siws.rowBegin.back();
    for (std::size_t d = 0; d < siws.driven.size(); ++d) {
        const Coordinate& c = model.coordinates[siws.driven[d]];
        const Joint& joint = model.joints[c.joint];
        const Vec6 onB = jointCoordinateWrench<SpatialSpace>(model, ws, c.joint, c.axis);
        addToBody(A.col(driveColumn + static_cast<int>(d)), joint.bodyB, onB);
        addToBody(A.col(driveColumn + static_cast<int>(d)), joint.bodyA, -onB);
    }
    if (!factor("traditional method (Newton–Euler of every body)", A, siws.bodyLu, siws)) {
        return false;
    }
    siws.bodySolution.noalias() = siws.bodyLu.solve(siws.bodyRhs);
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        const Joint& joint = model.joints[j];
        if (joint.isCut()) {
            const Loop& loop = model.loops[joint.cut];
            siws.lambda.segment(loop.rowBegin, loop.rows) =
                siws.bodySolution.segment(siws.rowBegin[j], loop.rows);
        }
    }
    siws.tau = siws.bodySolution.tail(static_cast<Eigen::Index>(siws.driven.size()));
    return true;
}

/// The wrench on side B of joint j's own forces: its driven coordinates' τ and its applied force.
Vec6 driveWrench(const Model& model, const SpatialInverseWorkspace& siws, int j) {
    Vec6 wrench = Vec6::Zero();
    if (const double force = siws.jointForces[j]; force != 0.0) {
        wrench += force * jointCoordinateWrench<SpatialSpace>(model, siws.ws, j, 0);
    }
    for (std::size_t d = 0; d < siws.driven.size(); ++d) {
        const Coordinate& c = model.coordinates[siws.driven[d]];
        if (c.joint == j) {
            wrench += siws.tau[static_cast<Eigen::Index>(d)] *
                      jointCoordinateWrench<SpatialSpace>(model, siws.ws, j, c.axis);
        }
    }
    return wrench;
}

/// Seed 002 eq. (11) in space: leaves to root, what each tree joint transmits; then every
/// joint's constraint reaction (B on A, without its driving forces) as force and moment.
void jointReactions(const Model& model, SpatialInverseWorkspace& siws) {
    const Workspace& ws = siws.ws;
    const int nJoints = static_cast<int>(model.joints.size());
    std::vector<Vec6>& onA = siws.constraintOnA;
    for (int b = 0; b < ws.nBodies; ++b) {
        siws.transmitted[b] = b > 0 ? siws.inertiaWrench[b] : Vec6::Zero();
    }
    // cut joints: λ's wrench on A, its opposite on B
    for (int i = 0; i < model.nLoops(); ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        Vec6 wrench = Vec6::Zero();
        for (int r = 0; r < model.loops[i].rows; ++r) {
            wrench += siws.lambda[model.loops[i].rowBegin + r] *
                      jointConstraintWrench<SpatialSpace>(model, ws, model.cuts[i], r);
        }
        onA[static_cast<std::size_t>(model.cuts[i])] = wrench;
        siws.transmitted[cut.bodyA] -= wrench;
        siws.transmitted[cut.bodyB] += wrench;
    }
    for (int b = ws.nBodies - 1; b >= 1; --b) {
        const int p = model.bodies[b].parent;
        if (p > 0) {
            siws.transmitted[p] += siws.transmitted[b];
        }
        const int j = model.bodies[b].treeJoint;
        const Joint& joint = model.joints[j];
        // the whole wrench B exerts on A, less the joint's own forces (A receives −drive)
        const Vec6 total = joint.treeSign > 0 ? Vec6(-siws.transmitted[b]) : siws.transmitted[b];
        onA[static_cast<std::size_t>(j)] = total + driveWrench(model, siws, j);
    }
    for (int j = 0; j < nJoints; ++j) {
        const Joint& joint = model.joints[j];
        SpatialJointReaction& reaction = siws.reactions[static_cast<std::size_t>(j)];
        const Vec6& w = onA[static_cast<std::size_t>(j)];
        reaction.point = spatialPointPosition(ws, joint.bodyA, joint.p3_A);
        reaction.force = w.tail<3>();
        reaction.moment = w.head<3>() - reaction.point.cross(reaction.force);
        reaction.drive.setZero();
        reaction.applied.setZero();
        reaction.applied[0] = siws.jointForces[j];
    }
    for (std::size_t d = 0; d < siws.driven.size(); ++d) {
        const Coordinate& c = model.coordinates[siws.driven[d]];
        siws.reactions[static_cast<std::size_t>(c.joint)].drive[c.axis] =
            siws.tau[static_cast<Eigen::Index>(d)];
    }
}

} // namespace

SpatialInverseWorkspace::SpatialInverseWorkspace(const Model& model,
                                                 std::vector<int> drivenCoordinates)
    : driven(std::move(drivenCoordinates)), ws(model), dws(model) {
    if (!model.isSpatial()) {
        throw std::invalid_argument("SpatialInverseWorkspace: the model is planar");
    }
    if (const std::string error = drivenCoordinatesError(model, driven); !error.empty()) {
        throw std::invalid_argument(error);
    }
    const int nq = model.nq();
    const int nd = static_cast<int>(driven.size());
    tau = Eigen::VectorXd::Zero(nd);
    lambda = Eigen::VectorXd::Zero(model.nConstraints());
    reactions.resize(model.joints.size());
    plan = planSubsystemRecursion(model, driven);
    treeResidual = Eigen::VectorXd::Zero(nq);
    jointForces = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(model.joints.size()));
    appliedTau = Eigen::VectorXd::Zero(nq);
    actuatorForces = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(model.actuators.size()));
    actuatorTau = Eigen::VectorXd::Zero(nq);
    passiveTau = Eigen::VectorXd::Zero(nq);
    gradient = Eigen::VectorXd::Zero(nq);
    drivenIndex.assign(static_cast<std::size_t>(nq), -1);
    for (int d = 0; d < nd; ++d) {
        drivenIndex[static_cast<std::size_t>(driven[d])] = d;
    }
    unknowns = Eigen::VectorXd::Zero(nq);
    systemMatrix = Eigen::MatrixXd::Zero(nq, nq);
    systemLu = Eigen::PartialPivLU<Eigen::MatrixXd>(nq);
    for (const SubsystemBlock& block : plan) {
        blockMatrix.push_back(Eigen::MatrixXd::Zero(block.size, block.size));
        blockRhs.push_back(Eigen::VectorXd::Zero(block.size));
        blockSolution.push_back(Eigen::VectorXd::Zero(block.size));
        blockLu.emplace_back(block.size);
    }
    int unknownCount = 0;
    for (const Joint& joint : model.joints) {
        rowBegin.push_back(unknownCount);
        unknownCount += constraintRowCount(joint.type, MotionSpace::Spatial);
    }
    rowBegin.push_back(unknownCount);
    const int bodyRows = 6 * (static_cast<int>(model.bodies.size()) - 1);
    bodyMatrix = Eigen::MatrixXd::Zero(bodyRows, unknownCount + nd);
    bodyRhs = Eigen::VectorXd::Zero(bodyRows);
    bodySolution = Eigen::VectorXd::Zero(unknownCount + nd);
    bodyLu = Eigen::PartialPivLU<Eigen::MatrixXd>(bodyRows);
    bodyAcceleration.assign(model.bodies.size(), Vec6::Zero());
    inertiaWrench.assign(model.bodies.size(), Vec6::Zero());
    transmitted.assign(model.bodies.size(), Vec6::Zero());
    constraintOnA.assign(model.joints.size(), Vec6::Zero());
}

bool spatialInverseDynamics(const Model& model,
                            SpatialInverseWorkspace& siws,
                            InverseMethod method,
                            double t,
                            const Eigen::Ref<const Eigen::VectorXd>& q,
                            const Eigen::Ref<const Eigen::VectorXd>& v,
                            const Eigen::Ref<const Eigen::VectorXd>& vdot) {
    if (vdot.size() != model.nq()) {
        throw std::invalid_argument("spatialInverseDynamics: v̇ has " + std::to_string(vdot.size()) +
                                    " entries, the model " + std::to_string(model.nq()));
    }
    siws.failure.clear();
    siws.conditioning = 1.0;
    updatePositions(model, siws.ws, q);
    updateVelocities(model, siws.ws, v);
    inertiaWrenches(model, siws, vdot);
    knownJointForces(model, siws.ws, t, siws.drivenIndex, siws.actuatorForces, siws.actuatorTau,
                     siws.passiveTau, siws.gradient, siws.jointForces, siws.appliedTau);
    bool ok = false;
    if (method == InverseMethod::Traditional) {
        ok = solveTraditional(model, siws);
    } else {
        treeDynamics(model, siws.ws, siws.dws);
        constraintJacobian(model, siws.ws);
        siws.treeResidual.noalias() = siws.dws.M * vdot;
        siws.treeResidual -= siws.dws.phi;
        siws.treeResidual -= siws.appliedTau;
        ok = method == InverseMethod::System ? solveSystem(model, siws)
                                             : solveSubsystems(model, siws);
    }
    if (!ok) {
        return false;
    }
    jointReactions(model, siws);
    if (!siws.tau.allFinite() || !siws.lambda.allFinite()) {
        siws.failure = "the driving forces or multipliers are not finite";
        return false;
    }
    return true;
}

} // namespace sslm
