// SPDX-License-Identifier: MIT
#include "core/inverse/inverse_dynamics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "core/dynamics/applied_forces.hpp"
#include "core/dynamics/body_terms.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/spatial/planar.hpp"

namespace sslm {

using body_terms::biasWrench;
using body_terms::inertiaAboutOrigin;
using body_terms::inertiaMatrix;
using planar::perp;
using planar::rotate;
using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;

namespace {

/// A factorisation is singular when its smallest pivot is this small relative to its largest.
/// The matrices mix lengths (m) and ones; their pivots span a few decades at regular poses.
constexpr double kSingularPivot = 1e-12;

std::string number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3g", value);
    return buffer;
}

std::string loopName(const Model& model, int loop) {
    return "λ " + model.joints[model.cuts[loop]].name;
}

std::string drivenName(const Model& model, const std::vector<int>& driven, int d) {
    return "τ " + model.coordinates[driven[d]].name;
}

/// The unknown of column c of [Jᵀ B]: "λ J9 (x)", "τ theta1".
std::string unknownName(const Model& model, const std::vector<int>& driven, int c) {
    const int constraints = model.nConstraints();
    if (c < constraints) {
        const bool prismatic = model.joints[model.cuts[c / 2]].type == JointType::Prismatic;
        const char* component = prismatic ? (c % 2 == 0 ? " (normal force)" : " (moment)")
                                          : (c % 2 == 0 ? " (x)" : " (y)");
        return loopName(model, c / 2) + component;
    }
    return drivenName(model, driven, c - constraints);
}

/// Smallest |U_kk| / largest |U_kk| of a factorisation, and k of the smallest.
double pivotRatio(const Eigen::PartialPivLU<Eigen::MatrixXd>& lu, Eigen::Index* weakest) {
    const auto pivots = lu.matrixLU().diagonal().cwiseAbs();
    const double largest = pivots.maxCoeff();
    const double smallest = pivots.minCoeff(weakest);
    return largest > 0.0 ? smallest / largest : 0.0;
}

/// Side A's pin of a revolute joint, side B's point on the guide of a prismatic one (m, W).
Vec2 reactionPoint(const Joint& joint, const Workspace& ws) {
    return joint.type == JointType::Revolute ? pointPosition(ws, joint.bodyA, joint.p_A)
                                             : pointPosition(ws, joint.bodyB, joint.p_B);
}

/// The guide's axis of a prismatic joint in W (unit).
Vec2 guideAxis(const Joint& joint, const Workspace& ws) {
    return rotate(ws.cosAngle[joint.bodyA], ws.sinAngle[joint.bodyA], joint.axis_A);
}

/// Wrench on side B of a unit force along the joint's coordinate (side A gets the opposite):
/// a unit moment for a revolute, a unit force along the axis at B's point for a prismatic.
Vec3 unitJointWrench(const Joint& joint, const Workspace& ws) {
    if (joint.type == JointType::Revolute) {
        return {1.0, 0.0, 0.0};
    }
    return PlanarSpace::wrenchAt(pointPosition(ws, joint.bodyB, joint.p_B), guideAxis(joint, ws));
}

/// Wrench about Wo that side B exerts on side A through a joint's constraint.
Vec3 constraintWrench(const JointReaction& reaction) {
    Vec3 wrench = PlanarSpace::wrenchAt(reaction.point, reaction.force);
    wrench[0] += reaction.moment;
    return wrench;
}

/// The wrench each body's motion needs, W_b = I_b Σ S_k q̈_k + W⁰_b (planar spatial algebra
/// about Wo; W⁰ carries gravity and the velocity products, body_terms::biasWrench): the sum of
/// all forces on the body other than gravity.
void computeInertiaWrenches(const Model& model,
                            InverseDynamicsWorkspace& iws,
                            const Eigen::Ref<const Eigen::VectorXd>& qdd) {
    const Workspace& ws = iws.ws;
    iws.bodyAcceleration[0].setZero();
    for (int b = 1; b < ws.nBodies; ++b) {
        const Body& body = model.bodies[b];
        iws.bodyAcceleration[b] =
            iws.bodyAcceleration[body.parent] + PlanarSpace::column(model, ws, b - 1) * qdd[b - 1];
        const Vec2 arm = rotate(ws.cosAngle[b], ws.sinAngle[b], body.com_B);
        iws.inertiaWrench[b] =
            inertiaMatrix(inertiaAboutOrigin(body, ws.origin[b] + arm)) * iws.bodyAcceleration[b] +
            biasWrench(model, ws, b, arm);
    }
}

/// r = M q̈ − φ − τ_applied and J, for the system and subsystem approaches.
void treeEquations(const Model& model,
                   InverseDynamicsWorkspace& iws,
                   const Eigen::Ref<const Eigen::VectorXd>& qdd) {
    treeDynamics(model, iws.ws, iws.dws);
    constraintJacobian(model, iws.ws);
    iws.treeResidual.noalias() = iws.dws.M * qdd;
    iws.treeResidual -= iws.dws.phi;
    iws.treeResidual -= iws.appliedTau;
}

bool solveSystem(const Model& model, InverseDynamicsWorkspace& iws) {
    const int constraints = 2 * iws.nLoops;
    const int nd = static_cast<int>(iws.driven.size());
    iws.systemMatrix.leftCols(constraints) = iws.ws.J.transpose();
    iws.systemMatrix.rightCols(nd).setZero();
    for (int d = 0; d < nd; ++d) {
        iws.systemMatrix(iws.driven[d], constraints + d) = 1.0;
    }
    iws.systemLu.compute(iws.systemMatrix);
    Eigen::Index weakest = 0;
    iws.conditioning = pivotRatio(iws.systemLu, &weakest);
    if (!(iws.conditioning > kSingularPivot)) {
        iws.failure = "system approach: [Jᵀ B] (" + std::to_string(iws.nq) + " × " +
                      std::to_string(iws.nq) + ") is singular, weakest pivot at " +
                      unknownName(model, iws.driven, static_cast<int>(weakest)) +
                      " (relative pivot " + number(iws.conditioning) +
                      "): a singular pose (toggle or change point) or driven coordinates that "
                      "cannot move the mechanism independently";
        return false;
    }
    iws.unknowns.noalias() = iws.systemLu.solve(iws.treeResidual);
    iws.lambda = iws.unknowns.head(constraints);
    iws.tau = iws.unknowns.tail(nd);
    return true;
}

bool solveSubsystems(const Model& model, InverseDynamicsWorkspace& iws) {
    const Eigen::MatrixXd& J = iws.ws.J;
    for (std::size_t blockIndex = 0; blockIndex < iws.plan.size(); ++blockIndex) {
        const SubsystemBlock& block = iws.plan[blockIndex];
        Eigen::MatrixXd& A = iws.blockMatrix[blockIndex];
        Eigen::VectorXd& rhs = iws.blockRhs[blockIndex];
        const int nLoopUnknowns = 2 * static_cast<int>(block.loops.size());
        // rows of the subsystems' tree equations, with the λ found earlier moved to the right
        for (int r = 0; r < block.size; ++r) {
            const int k = block.rows[r];
            double value = iws.treeResidual[k];
            for (int i : block.knownLoops) {
                value -= J(2 * i, k) * iws.lambda[2 * i] + J(2 * i + 1, k) * iws.lambda[2 * i + 1];
            }
            rhs[r] = value;
            for (std::size_t l = 0; l < block.loops.size(); ++l) {
                const int i = block.loops[l];
                A(r, 2 * static_cast<int>(l)) = J(2 * i, k);
                A(r, 2 * static_cast<int>(l) + 1) = J(2 * i + 1, k);
            }
            for (std::size_t d = 0; d < block.driven.size(); ++d) {
                A(r, nLoopUnknowns + static_cast<int>(d)) =
                    iws.driven[block.driven[d]] == k ? 1.0 : 0.0;
            }
        }
        Eigen::PartialPivLU<Eigen::MatrixXd>& lu = iws.blockLu[blockIndex];
        lu.compute(A);
        Eigen::Index weakest = 0;
        const double ratio = pivotRatio(lu, &weakest);
        iws.conditioning = std::min(iws.conditioning, ratio);
        if (!(ratio > kSingularPivot)) {
            const int column = static_cast<int>(weakest);
            const std::string unknown =
                column < nLoopUnknowns
                    ? loopName(model, block.loops[column / 2])
                    : drivenName(model, iws.driven, block.driven[column - nLoopUnknowns]);
            std::string subsystems;
            for (int j : block.subsystems) {
                subsystems += (subsystems.empty() ? "" : ", ") + std::to_string(j + 1);
            }
            iws.failure = "subsystem approach: the " + std::to_string(block.size) + " × " +
                          std::to_string(block.size) + " block of subsystem" +
                          (block.subsystems.size() > 1 ? "s " : " ") + subsystems +
                          " is singular, weakest pivot at " + unknown + " (relative pivot " +
                          number(ratio) +
                          "): a singular pose (toggle or change point) or driven coordinates "
                          "that cannot move the mechanism independently";
            return false;
        }
        Eigen::VectorXd& solution = iws.blockSolution[blockIndex];
        solution.noalias() = lu.solve(rhs);
        for (std::size_t l = 0; l < block.loops.size(); ++l) {
            iws.lambda.segment<2>(2 * block.loops[l]) = solution.segment<2>(2 * l);
        }
        for (std::size_t d = 0; d < block.driven.size(); ++d) {
            iws.tau[block.driven[d]] = solution[nLoopUnknowns + static_cast<Eigen::Index>(d)];
        }
    }
    return true;
}

/// Adds `wrench` to the three Newton–Euler rows of `body` (none for the ground).
template <typename Column> void addToBody(Column&& column, int body, const Vec3& wrench) {
    if (body > 0) {
        column.template segment<3>(3 * (body - 1)) += wrench;
    }
}

bool solveTraditional(const Model& model, InverseDynamicsWorkspace& iws) {
    const Workspace& ws = iws.ws;
    const int nd = static_cast<int>(iws.driven.size());
    const int driveColumn = 2 * iws.nJoints;
    Eigen::MatrixXd& A = iws.bodyMatrix;
    A.setZero();
    // rows: each body's wrench balance Σ (joint wrenches) = W_b − (applied joint forces)
    for (int b = 1; b < ws.nBodies; ++b) {
        iws.bodyRhs.segment<3>(3 * (b - 1)) = iws.inertiaWrench[b];
    }
    for (int j = 0; j < iws.nJoints; ++j) {
        const Joint& joint = model.joints[j];
        const Vec2 x = reactionPoint(joint, ws);
        // unknowns on side A; side B receives the opposite
        Vec3 first;
        Vec3 second;
        if (joint.type == JointType::Revolute) {
            first = PlanarSpace::wrenchAt(x, Vec2::UnitX());
            second = PlanarSpace::wrenchAt(x, Vec2::UnitY());
        } else {
            first = PlanarSpace::wrenchAt(x, perp(guideAxis(joint, ws))); // normal force
            second = Vec3::UnitX();                                       // moment
        }
        addToBody(A.col(2 * j), joint.bodyA, first);
        addToBody(A.col(2 * j), joint.bodyB, -first);
        addToBody(A.col(2 * j + 1), joint.bodyA, second);
        addToBody(A.col(2 * j + 1), joint.bodyB, -second);
        if (const double force = iws.jointForces[j]; force != 0.0) {
            const Vec3 w = force * unitJointWrench(joint, ws);
            addToBody(iws.bodyRhs, joint.bodyB, -w);
            addToBody(iws.bodyRhs, joint.bodyA, w);
        }
    }
    for (int d = 0; d < nd; ++d) {
        const Joint& joint = model.joints[model.coordinates[iws.driven[d]].joint];
        const Vec3 w = unitJointWrench(joint, ws);
        addToBody(A.col(driveColumn + d), joint.bodyB, w);
        addToBody(A.col(driveColumn + d), joint.bodyA, -w);
    }
    iws.bodyLu.compute(A);
    Eigen::Index weakest = 0;
    iws.conditioning = pivotRatio(iws.bodyLu, &weakest);
    if (!(iws.conditioning > kSingularPivot)) {
        const int column = static_cast<int>(weakest);
        const std::string unknown = column < driveColumn
                                        ? "the reaction at " + model.joints[column / 2].name
                                        : drivenName(model, iws.driven, column - driveColumn);
        iws.failure = "traditional method: the " + std::to_string(A.rows()) + " × " +
                      std::to_string(A.cols()) +
                      " Newton–Euler system is singular, weakest pivot at " + unknown +
                      " (relative pivot " + number(iws.conditioning) +
                      "): a singular pose (toggle or change point) or driven coordinates that "
                      "cannot move the mechanism independently";
        return false;
    }
    iws.bodySolution.noalias() = iws.bodyLu.solve(iws.bodyRhs);

    // reactions, λ of the cuts, τ
    for (int j = 0; j < iws.nJoints; ++j) {
        const Joint& joint = model.joints[j];
        JointReaction& reaction = iws.reactions[j];
        reaction.point = reactionPoint(joint, ws);
        const double first = iws.bodySolution[2 * j];
        const double second = iws.bodySolution[2 * j + 1];
        if (joint.type == JointType::Revolute) {
            reaction.force = Vec2(first, second);
            reaction.moment = 0.0;
        } else {
            reaction.force = first * perp(guideAxis(joint, ws));
            reaction.moment = second;
        }
        if (joint.isCut()) {
            iws.lambda[2 * joint.cut] = first;
            iws.lambda[2 * joint.cut + 1] = second;
        }
    }
    iws.tau = iws.bodySolution.tail(nd);
    return true;
}

/// Seed 002 eq. (11): with τ and λ known, the wrench each tree joint transmits, from the
/// leaves towards the subsystem roots: parent on body b = W_b − (known forces on b) + Σ (what b
/// transmits to its children).
void bodyLevelReactions(const Model& model, InverseDynamicsWorkspace& iws) {
    const Workspace& ws = iws.ws;
    for (int b = 1; b < ws.nBodies; ++b) {
        iws.transmitted[b] = iws.inertiaWrench[b];
    }
    iws.transmitted[0].setZero();
    // cut reactions: side A receives the reaction, side B its opposite
    cutReactions(model, ws, iws.lambda, iws.cuts);
    for (int i = 0; i < iws.nLoops; ++i) {
        const Joint& cut = model.joints[model.cuts[i]];
        JointReaction& reaction = iws.reactions[model.cuts[i]];
        reaction.force = iws.cuts[i].force;
        reaction.moment = iws.cuts[i].moment;
        reaction.point = reactionPoint(cut, ws);
        const Vec3 w = constraintWrench(reaction);
        iws.transmitted[cut.bodyA] -= w;
        iws.transmitted[cut.bodyB] += w;
    }
    // driving and applied joint forces: +g on side B, −g on side A
    for (int j = 0; j < iws.nJoints; ++j) {
        const int d = model.joints[j].isCut() ? -1 : iws.drivenIndex[model.joints[j].coordinate];
        const double g = iws.jointForces[j] + (d >= 0 ? iws.tau[d] : 0.0);
        if (g != 0.0) {
            const Vec3 w = g * unitJointWrench(model.joints[j], ws);
            iws.transmitted[model.joints[j].bodyB] -= w;
            iws.transmitted[model.joints[j].bodyA] += w;
        }
    }
    iws.transmitted[0].setZero();
    // leaves first: the parent receives the opposite of what it transmits
    for (int b = ws.nBodies - 1; b >= 1; --b) {
        const int p = model.bodies[b].parent;
        if (p > 0) {
            iws.transmitted[p] += iws.transmitted[b];
        }
        const Joint& joint = model.joints[model.bodies[b].treeJoint];
        JointReaction& reaction = iws.reactions[model.bodies[b].treeJoint];
        // B on A: the parent's push on b when A = b, its opposite when A is the parent
        const Vec3 w = joint.treeSign > 0 ? Vec3(-iws.transmitted[b]) : iws.transmitted[b];
        reaction.point = reactionPoint(joint, ws);
        const Vec2 force = w.tail<2>();
        if (joint.type == JointType::Revolute) {
            reaction.force = force;
            reaction.moment = 0.0;
        } else {
            const Vec2 normal = perp(guideAxis(joint, ws));
            reaction.force = force.dot(normal) * normal;
            reaction.moment = w[0] - planar::cross(reaction.point, force);
        }
    }
}

/// drive and applied fields of every joint's reaction.
void fillJointForces(const Model& model, InverseDynamicsWorkspace& iws) {
    for (int j = 0; j < iws.nJoints; ++j) {
        const Joint& joint = model.joints[j];
        const int d = joint.isCut() ? -1 : iws.drivenIndex[joint.coordinate];
        iws.reactions[j].drive = d >= 0 ? iws.tau[d] : 0.0;
        iws.reactions[j].applied = iws.jointForces[j];
    }
}

void requireSize(const Eigen::Ref<const Eigen::VectorXd>& v, int n, const char* what) {
    if (v.size() != n) {
        throw std::invalid_argument(std::string("inverseDynamics: ") + what + " has " +
                                    std::to_string(v.size()) + " entries but the model has " +
                                    std::to_string(n) + " coordinates");
    }
}

} // namespace

const char* inverseMethodName(InverseMethod method) {
    switch (method) {
    case InverseMethod::Traditional:
        return "traditional";
    case InverseMethod::System:
        return "system";
    case InverseMethod::Subsystem:
        return "subsystem";
    }
    return "?";
}

std::optional<InverseMethod> inverseMethodFromName(const std::string& name) {
    for (InverseMethod method :
         {InverseMethod::Traditional, InverseMethod::System, InverseMethod::Subsystem}) {
        if (name == inverseMethodName(method)) {
            return method;
        }
    }
    return std::nullopt;
}

std::string drivenCoordinatesError(const Model& model, const std::vector<int>& driven) {
    const int nq = model.nq();
    for (std::size_t d = 0; d < driven.size(); ++d) {
        if (driven[d] < 0 || driven[d] >= nq) {
            return "driven coordinate " + std::to_string(driven[d]) +
                   " does not exist: the model's coordinates are 0 … " + std::to_string(nq - 1);
        }
        for (std::size_t e = 0; e < d; ++e) {
            if (driven[e] == driven[d]) {
                return "coordinate " + model.coordinates[driven[d]].name +
                       " is driven twice: list each driven coordinate once";
            }
        }
        const Joint& joint = model.joints[model.coordinates[driven[d]].joint];
        if (joint.type == JointType::Spherical) {
            return "coordinate " + model.coordinates[driven[d]].name +
                   " is a rate of the spherical joint " + joint.name +
                   ", which has no angle to prescribe: drive a revolute, prismatic, "
                   "cylindrical or universal joint's coordinate";
        }
    }
    const int mobility = nq - model.nConstraints();
    if (mobility <= 0) {
        return "the " + std::to_string(model.nLoops()) + " loops leave no mobility (" +
               std::to_string(nq) + " coordinates, " + std::to_string(model.nConstraints()) +
               " constraints): nothing can be driven";
    }
    if (static_cast<int>(driven.size()) != mobility) {
        std::string suggestion;
        for (int k : model.independent) {
            suggestion += (suggestion.empty() ? "" : ", ") + model.coordinates[k].name;
        }
        return std::to_string(driven.size()) + " driven coordinate" +
               (driven.size() == 1 ? "" : "s") + " given, but the mechanism has " +
               std::to_string(mobility) + " degree" + (mobility == 1 ? "" : "s") + " of freedom (" +
               std::to_string(nq) + " coordinates, " + std::to_string(model.nLoops()) +
               " loops): drive exactly " + std::to_string(mobility) + " independent coordinate" +
               (mobility == 1 ? "" : "s") +
               (suggestion.empty() ? "" : " (the file's inputs: " + suggestion + ")");
    }
    return {};
}

std::vector<int> actuatedCoordinates(const Model& model, std::string* error) {
    std::vector<int> coordinates;
    for (const Actuator& actuator : model.actuators) {
        if (actuator.coordinate < 0) {
            if (error != nullptr && error->empty()) {
                const std::string& name = model.joints[actuator.joint].name;
                *error = "the actuated joint " + name +
                         " is cut in this cut choice, so it has no coordinate to drive: cut "
                         "another joint of its loop so that " +
                         name + " stays in the spanning tree";
            }
            continue;
        }
        if (std::find(coordinates.begin(), coordinates.end(), actuator.coordinate) ==
            coordinates.end()) {
            coordinates.push_back(actuator.coordinate);
        }
    }
    return coordinates;
}

std::string describePlan(const Model& model, const InverseDynamicsWorkspace& iws) {
    return describePlan(model, iws.plan, iws.driven);
}

std::string describePlan(const Model& model,
                         const std::vector<SubsystemBlock>& plan,
                         const std::vector<int>& driven) {
    std::string text;
    for (const SubsystemBlock& block : plan) {
        if (!text.empty()) {
            text += " → ";
        }
        text += block.subsystems.size() > 1 ? "subsystems " : "subsystem ";
        for (std::size_t s = 0; s < block.subsystems.size(); ++s) {
            text += (s > 0 ? ", " : "") + std::to_string(block.subsystems[s] + 1);
        }
        std::string unknowns;
        for (int i : block.loops) {
            unknowns += (unknowns.empty() ? "" : ", ") + loopName(model, i);
        }
        for (int d : block.driven) {
            unknowns += (unknowns.empty() ? "" : ", ") + drivenName(model, driven, d);
        }
        text +=
            " {" + unknowns + "} " + std::to_string(block.size) + "×" + std::to_string(block.size);
        if (block.fallback) {
            text += " (all indeterminate: system approach)";
        }
    }
    return text;
}

InverseDynamicsWorkspace::InverseDynamicsWorkspace(const Model& model,
                                                   std::vector<int> drivenCoordinates)
    : driven(std::move(drivenCoordinates)), ws(model), dws(model), nq(model.nq()),
      nLoops(model.nLoops()), nJoints(static_cast<int>(model.joints.size())) {
    if (const std::string error = drivenCoordinatesError(model, driven); !error.empty()) {
        throw std::invalid_argument(error);
    }
    const int nd = static_cast<int>(driven.size());
    const int nBodies = static_cast<int>(model.bodies.size());
    tau = Eigen::VectorXd::Zero(nd);
    lambda = Eigen::VectorXd::Zero(2 * nLoops);
    reactions.assign(nJoints, JointReaction{});
    jointForces = Eigen::VectorXd::Zero(nJoints);
    appliedTau = Eigen::VectorXd::Zero(nq);
    actuatorForces = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(model.actuators.size()));
    actuatorTau = Eigen::VectorXd::Zero(nq);
    passiveTau = Eigen::VectorXd::Zero(nq);
    treeResidual = Eigen::VectorXd::Zero(nq);
    unknowns = Eigen::VectorXd::Zero(nq);
    gradient = Eigen::VectorXd::Zero(nq);
    drivenIndex.assign(nq, -1);
    for (int d = 0; d < nd; ++d) {
        drivenIndex[driven[d]] = d;
    }

    systemMatrix = Eigen::MatrixXd::Zero(nq, nq);
    systemLu = Eigen::PartialPivLU<Eigen::MatrixXd>(nq);

    plan = planSubsystemRecursion(model, driven);
    for (const SubsystemBlock& block : plan) {
        blockMatrix.push_back(Eigen::MatrixXd::Zero(block.size, block.size));
        blockRhs.push_back(Eigen::VectorXd::Zero(block.size));
        blockSolution.push_back(Eigen::VectorXd::Zero(block.size));
        blockLu.emplace_back(block.size);
    }

    const int bodyRows = 3 * (nBodies - 1);
    bodyMatrix = Eigen::MatrixXd::Zero(bodyRows, 2 * nJoints + nd);
    bodyRhs = Eigen::VectorXd::Zero(bodyRows);
    bodySolution = Eigen::VectorXd::Zero(2 * nJoints + nd);
    bodyLu = Eigen::PartialPivLU<Eigen::MatrixXd>(bodyRows);

    bodyAcceleration.assign(nBodies, Vec3::Zero());
    inertiaWrench.assign(nBodies, Vec3::Zero());
    transmitted.assign(nBodies, Vec3::Zero());
    cuts.assign(nLoops, CutReaction{});
}

bool inverseDynamics(const Model& model,
                     InverseDynamicsWorkspace& iws,
                     InverseMethod method,
                     double t,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd,
                     JointReactions reactions) {
    if (iws.nq != model.nq() || iws.nLoops != model.nLoops() ||
        iws.nJoints != static_cast<int>(model.joints.size()) || !isCompatible(model, iws.ws)) {
        throw std::invalid_argument("inverseDynamics: the workspace was built for another model");
    }
    requireSize(q, model.nq(), "q");
    requireSize(qd, model.nq(), "qd");
    requireSize(qdd, model.nq(), "qdd");
    if (!iws.failure.empty()) {
        iws.failure.clear();
    }
    iws.conditioning = 1.0;

    updatePositions(model, iws.ws, q);
    updateVelocities(model, iws.ws, qd);
    knownJointForces(model, iws.ws, t, iws.drivenIndex, iws.actuatorForces, iws.actuatorTau,
                     iws.passiveTau, iws.gradient, iws.jointForces, iws.appliedTau);

    bool ok = false;
    switch (method) {
    case InverseMethod::Traditional:
        computeInertiaWrenches(model, iws, qdd);
        ok = solveTraditional(model, iws);
        break;
    case InverseMethod::System:
        treeEquations(model, iws, qdd);
        ok = solveSystem(model, iws);
        break;
    case InverseMethod::Subsystem:
        treeEquations(model, iws, qdd);
        ok = solveSubsystems(model, iws);
        break;
    }
    if (!ok) {
        return false;
    }
    if (reactions == JointReactions::Compute) {
        if (method != InverseMethod::Traditional) {
            computeInertiaWrenches(model, iws, qdd);
            bodyLevelReactions(model, iws);
        }
        fillJointForces(model, iws);
    }
    if (!iws.tau.allFinite() || !iws.lambda.allFinite()) {
        iws.failure = std::string(inverseMethodName(method)) +
                      " method: a driving force or multiplier is not finite (check the state "
                      "for NaN or infinite values)";
        return false;
    }
    return true;
}

} // namespace sslm
