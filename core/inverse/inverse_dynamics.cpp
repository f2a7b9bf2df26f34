// SPDX-License-Identifier: MIT
// Over 600 lines: Inverse dynamics and joint reactions, one algorithm for planar and spatial over
// one workspace.
#include "core/inverse/inverse_dynamics.hpp"

#include <algorithm>
#include <array>
#include <ranges>
#include <stdexcept>

#include "core/dynamics/applied_forces.hpp"
#include "core/dynamics/joint_reactions.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/spatial/planar.hpp"
#include "core/spec/joint_kinds.hpp"
#include "core/util/text.hpp"

namespace sslm {

namespace {

using Vec6 = spatial::Vec6;

/// A factorisation is singular when its smallest pivot is this small relative to its largest.
/// The matrices mix lengths (m) and ones; their pivots span a few decades at regular poses.
constexpr double kSingularPivot = 1e-12;

std::string loopName(const Model& model, int loop) {
    return "λ " + model.joints[model.cuts[loop]].name;
}

std::string drivenName(const Model& model, const std::vector<int>& driven, int d) {
    return "τ " + model.coordinates[driven[d]].name;
}

/// Which of a cut's constraint rows a multiplier belongs to: " (x)", " (normal force)", ….
template <class Space> const char* rowLabel(const Joint& cut, int row) {
    if constexpr (Space::kSpace == MotionSpace::Planar) {
        if (cut.type == JointType::Prismatic) {
            return row == 0 ? " (normal force)" : " (moment)";
        }
        return row == 0 ? " (x)" : " (y)";
    } else {
        const bool slides = cut.type == JointType::Cylindrical || cut.type == JointType::Prismatic;
        static const char* const kPoint[] = {" (x)", " (y)", " (z)"};
        static const char* const kRow[] = {" (row 1)", " (row 2)", " (row 3)", " (row 4)",
                                           " (row 5)"};
        return !slides && row < 3 ? kPoint[row] : kRow[row];
    }
}

/// The unknown of column c of [Jᵀ B] or of a subsystem block, whose columns are the rows of
/// `loops`, then the driven coordinates `driven` (indices into iws.driven): "λ J9 (x)",
/// "τ theta1".
template <class Space, class Loops, class Driven>
std::string unknownName(const Model& model,
                        const InverseDynamicsWorkspace& iws,
                        const Loops& loops,
                        const Driven& driven,
                        int c) {
    for (int i : loops) {
        const Loop& loop = model.loops[i];
        if (c < loop.rows) {
            return loopName(model, i) + rowLabel<Space>(model.joints[loop.cutJoint], c);
        }
        c -= loop.rows;
    }
    return drivenName(model, iws.driven, driven[c]);
}

/// Factors `matrix` into `lu`; lowers iws.conditioning to its smallest relative pivot. False
/// when it is singular, with `weakest` the column of the smallest pivot.
bool factor(const Eigen::MatrixXd& matrix,
            Eigen::PartialPivLU<Eigen::MatrixXd>& lu,
            InverseDynamicsWorkspace& iws,
            Eigen::Index& weakest,
            double& ratio) {
    lu.compute(matrix);
    const auto pivots = lu.matrixLU().diagonal().cwiseAbs();
    const double largest = pivots.maxCoeff();
    const double smallest = pivots.minCoeff(&weakest);
    ratio = largest > 0.0 ? smallest / largest : 0.0;
    iws.conditioning = std::min(iws.conditioning, ratio);
    return ratio > kSingularPivot;
}

std::string singularText(const std::string& what, const std::string& unknown, double ratio) {
    return what + " is singular, weakest pivot at " + unknown + " (relative pivot " +
           text::number(ratio, 3) +
           "): a singular pose (toggle or change point) or driven coordinates that cannot move "
           "the mechanism independently";
}

/// A space's part of a 6-slot body wrench or acceleration (the first 3 entries in the plane).
template <class Space> auto part(Vec6& v) {
    return v.template head<Space::kTwistSize>();
}
template <class Space> typename Space::Wrench part(const Vec6& v) {
    return v.template head<Space::kTwistSize>();
}

/// A joint's constraint wrench on side A as the reaction's force, moment and point.
template <class Space> struct ReactionForm;

template <> struct ReactionForm<PlanarSpace> {
    using Vec2 = Eigen::Vector2d;
    static Eigen::Vector3d lift(const Vec2& v) { return {v.x(), v.y(), 0.0}; }
    /// Side A's pin of a revolute, side B's point on the guide of a prismatic (its cut rows'
    /// point).
    static Vec2 point(const Workspace& ws, const Joint& joint) {
        return joint.type == JointType::Revolute
                   ? PlanarSpace::pointPosition(ws, joint.bodyA, joint.p_A)
                   : PlanarSpace::pointPosition(ws, joint.bodyB, joint.p_B);
    }
    static void fill(const Workspace& ws, const Joint& joint, const Vec6& onA, JointReaction& r) {
        const Vec2 at = point(ws, joint);
        const Vec2 force = onA.segment<2>(1);
        r.point = lift(at);
        if (joint.type == JointType::Revolute) {
            r.force = lift(force);
            r.moment.setZero();
            return;
        }
        const Vec2 normal = planar::perp(PlanarSpace::inWorld(ws, joint.bodyA, joint.axis_A));
        const Vec2 normalForce = force.dot(normal) * normal;
        r.force = lift(normalForce);
        r.moment = Eigen::Vector3d(0.0, 0.0, onA[0] - planar::cross(at, normalForce));
    }
};

template <> struct ReactionForm<SpatialSpace> {
    static void fill(const Workspace& ws, const Joint& joint, const Vec6& onA, JointReaction& r) {
        r.point = pointPosition(ws, joint.bodyA, joint.p_A);
        r.force = onA.tail<3>();
        r.moment = onA.head<3>() - r.point.cross(r.force);
    }
};

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

template <class Space> bool solveSystem(const Model& model, InverseDynamicsWorkspace& iws) {
    const int constraints = model.nConstraints();
    const int nd = static_cast<int>(iws.driven.size());
    iws.systemMatrix.leftCols(constraints) = iws.ws.J.transpose();
    iws.systemMatrix.rightCols(nd).setZero();
    for (int d = 0; d < nd; ++d) {
        iws.systemMatrix(iws.driven[d], constraints + d) = 1.0;
    }
    Eigen::Index weakest = 0;
    double ratio = 0;
    if (!factor(iws.systemMatrix, iws.systemLu, iws, weakest, ratio)) {
        iws.failure =
            singularText("system approach: [Jᵀ B] (" + std::to_string(iws.nv) + " × " +
                             std::to_string(iws.nv) + ")",
                         unknownName<Space>(model, iws, std::views::iota(0, model.nLoops()),
                                            std::views::iota(0, nd), static_cast<int>(weakest)),
                         ratio);
        return false;
    }
    iws.unknowns.noalias() = iws.systemLu.solve(iws.treeResidual);
    iws.lambda = iws.unknowns.head(constraints);
    iws.tau = iws.unknowns.tail(nd);
    return true;
}

template <class Space> bool solveSubsystems(const Model& model, InverseDynamicsWorkspace& iws) {
    const Eigen::MatrixXd& J = iws.ws.J;
    for (std::size_t index = 0; index < iws.plan.size(); ++index) {
        const SubsystemBlock& block = iws.plan[index];
        Eigen::MatrixXd& A = iws.blockMatrix[index];
        Eigen::VectorXd& rhs = iws.blockRhs[index];
        // rows of the subsystems' tree equations, with the λ found earlier moved to the right
        for (int r = 0; r < block.size; ++r) {
            const int k = block.rows[r];
            double value = iws.treeResidual[k];
            for (int i : block.knownLoops) {
                const Loop& loop = model.loops[i];
                value -= J.col(k)
                             .segment(loop.rowBegin, loop.rows)
                             .dot(iws.lambda.segment(loop.rowBegin, loop.rows));
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
                A(r, column++) = iws.driven[d] == k ? 1.0 : 0.0;
            }
        }
        Eigen::Index weakest = 0;
        double ratio = 0;
        if (!factor(A, iws.blockLu[index], iws, weakest, ratio)) {
            const std::string subsystems =
                text::joined(block.subsystems, ", ", [](int j) { return std::to_string(j + 1); });
            iws.failure =
                singularText("subsystem approach: the " + std::to_string(block.size) + " × " +
                                 std::to_string(block.size) + " block of subsystem" +
                                 (block.subsystems.size() > 1 ? "s " : " ") + subsystems,
                             unknownName<Space>(model, iws, block.loops, block.driven,
                                                static_cast<int>(weakest)),
                             ratio);
            return false;
        }
        Eigen::VectorXd& x = iws.blockSolution[index];
        x.noalias() = iws.blockLu[index].solve(rhs);
        int column = 0;
        for (int i : block.loops) {
            const Loop& loop = model.loops[i];
            iws.lambda.segment(loop.rowBegin, loop.rows) = x.segment(column, loop.rows);
            column += loop.rows;
        }
        for (int d : block.driven) {
            iws.tau[d] = x[column++];
        }
    }
    return true;
}

/// Adds `wrench` to the Newton–Euler rows of `body` (none for the ground).
template <class Space, typename Column>
void addToBody(Column&& column, int body, const typename Space::Wrench& wrench) {
    if (body > 0) {
        column.template segment<Space::kTwistSize>(Space::kTwistSize * (body - 1)) += wrench;
    }
}

template <class Space> bool solveTraditional(const Model& model, InverseDynamicsWorkspace& iws) {
    using Wrench = typename Space::Wrench;
    constexpr int n = Space::kTwistSize;
    const Workspace& ws = iws.ws;
    const int nd = static_cast<int>(iws.driven.size());
    const int driveColumn = iws.rowBegin.back();
    Eigen::MatrixXd& A = iws.bodyMatrix;
    A.setZero();
    // rows: each body's wrench balance Σ (joint wrenches) = W_b − (applied joint forces)
    for (int b = 1; b < ws.nBodies; ++b) {
        iws.bodyRhs.segment<n>(n * (b - 1)) =
            part<Space>(iws.recursion.inertiaWrench[b]) - Space::ofSixSlots(iws.loads.wrench[b]);
    }
    std::array<Wrench, kMostConstraintRows> rows;
    for (int j = 0; j < iws.nJoints; ++j) {
        const Joint& joint = model.joints[j];
        // unknowns: the constraint rows' wrenches on side A; side B receives the opposite
        const int count = jointConstraintWrenches<Space>(model, ws, j, rows);
        for (int r = 0; r < count; ++r) {
            addToBody<Space>(A.col(iws.rowBegin[j] + r), joint.bodyA, rows[r]);
            addToBody<Space>(A.col(iws.rowBegin[j] + r), joint.bodyB, -rows[r]);
        }
        if (const double force = iws.jointForces[j]; force != 0.0) {
            const Wrench onB = force * jointCoordinateWrench<Space>(model, ws, j, 0);
            addToBody<Space>(iws.bodyRhs, joint.bodyB, -onB);
            addToBody<Space>(iws.bodyRhs, joint.bodyA, onB);
        }
    }
    for (int d = 0; d < nd; ++d) {
        const Coordinate& c = model.coordinates[iws.driven[d]];
        const Joint& joint = model.joints[c.joint];
        const Wrench onB = jointCoordinateWrench<Space>(model, ws, c.joint, c.axis);
        addToBody<Space>(A.col(driveColumn + d), joint.bodyB, onB);
        addToBody<Space>(A.col(driveColumn + d), joint.bodyA, -onB);
    }
    Eigen::Index weakest = 0;
    double ratio = 0;
    if (!factor(A, iws.bodyLu, iws, weakest, ratio)) {
        const int column = static_cast<int>(weakest);
        const auto joint = std::upper_bound(iws.rowBegin.begin(), iws.rowBegin.end(), column);
        const std::string unknown =
            column < driveColumn
                ? "the reaction at " +
                      model.joints[static_cast<std::size_t>(joint - iws.rowBegin.begin() - 1)].name
                : drivenName(model, iws.driven, column - driveColumn);
        iws.failure = singularText("traditional method: the " + std::to_string(A.rows()) + " × " +
                                       std::to_string(A.cols()) + " Newton–Euler system",
                                   unknown, ratio);
        return false;
    }
    iws.bodySolution.noalias() = iws.bodyLu.solve(iws.bodyRhs);

    // each joint's constraint wrench on A (its rows' wrenches read back from A's columns:
    // + on side A's rows, − on side B's), λ of the cuts, τ
    for (int j = 0; j < iws.nJoints; ++j) {
        const Joint& joint = model.joints[j];
        const bool onSideA = joint.bodyA > 0;
        const int body = onSideA ? joint.bodyA : joint.bodyB;
        Wrench onA = Wrench::Zero();
        for (int r = iws.rowBegin[j]; r < iws.rowBegin[j + 1]; ++r) {
            onA += iws.bodySolution[r] * A.col(r).template segment<n>(n * (body - 1));
        }
        part<Space>(iws.recursion.constraintOnA[j]) = onSideA ? onA : Wrench(-onA);
        if (joint.isCut()) {
            const Loop& loop = model.loops[joint.cut];
            iws.lambda.segment(loop.rowBegin, loop.rows) =
                iws.bodySolution.segment(iws.rowBegin[j], loop.rows);
        }
    }
    iws.tau = iws.bodySolution.tail(nd);
    return true;
}

/// Seed 002 eq. (11): with τ and λ known, the constraint wrench of every joint on its side A
/// (joint_reactions.hpp), the drives τ as forces on their coordinates.
void bodyLevelReactions(const Model& model, InverseDynamicsWorkspace& iws) {
    iws.driveForces.setZero();
    for (std::size_t d = 0; d < iws.driven.size(); ++d) {
        iws.driveForces[iws.driven[d]] = iws.tau[static_cast<Eigen::Index>(d)];
    }
    jointConstraintWrenchesOnA(model, iws.ws, iws.lambda, iws.jointForces, iws.driveForces,
                               iws.loads.wrench, iws.recursion);
}

/// Every joint's reaction from its constraint wrench, and its drive and applied forces.
template <class Space> void fillReactions(const Model& model, InverseDynamicsWorkspace& iws) {
    for (int j = 0; j < iws.nJoints; ++j) {
        JointReaction& reaction = iws.reactions[j];
        ReactionForm<Space>::fill(iws.ws, model.joints[j], iws.recursion.constraintOnA[j],
                                  reaction);
        reaction.drive.setZero();
        reaction.applied = Eigen::Vector3d(iws.jointForces[j], 0.0, 0.0);
    }
    for (std::size_t d = 0; d < iws.driven.size(); ++d) {
        const Coordinate& c = model.coordinates[iws.driven[d]];
        iws.reactions[c.joint].drive[c.axis] = iws.tau[static_cast<Eigen::Index>(d)];
    }
}

/// The solve with pin friction: the pins' torques are known joint forces that depend on the
/// reactions found, so `solve` (with the reactions) repeats from the last call's reactions
/// until the torques settle, as in forward dynamics (pin_friction.hpp).
template <class Solve>
bool solveWithPinFriction(const Model& model, InverseDynamicsWorkspace& iws, Solve&& solve) {
    PinFrictionWorkspace& pins = iws.pins;
    pinColumnsAndRates(model, iws.ws, pins);
    iws.knownJointForces = iws.jointForces;
    iws.knownAppliedTau = iws.appliedTau;
    pinTorques(model, pins, pins.torque);
    for (int solves = 1;; ++solves) {
        iws.jointForces = iws.knownJointForces;
        for (std::size_t i = 0; i < model.pinJoints.size(); ++i) {
            iws.jointForces[model.pinJoints[i]] += pins.torque[static_cast<Eigen::Index>(i)];
        }
        iws.appliedTau = iws.knownAppliedTau;
        iws.appliedTau.noalias() += pins.columns * pins.torque;
        if (!solve(JointReactions::Compute)) {
            return false;
        }
        for (std::size_t i = 0; i < model.pinJoints.size(); ++i) {
            const int j = model.pinJoints[i];
            pins.radialForce[static_cast<Eigen::Index>(i)] =
                pinRadialForce(model, iws.ws, j, iws.recursion.constraintOnA[j]);
        }
        pinTorques(model, pins, pins.nextTorque);
        int worst = 0;
        if (pinTorquesSettled(pins, &worst)) {
            countPinIterations(pins, solves);
            return true;
        }
        if (solves == kMostPinIterations) {
            iws.failure = pinFrictionFailure(model, pins, worst, solves);
            return false;
        }
        pins.torque = pins.nextTorque;
    }
}

void requireSize(const Eigen::Ref<const Eigen::VectorXd>& v, int n, const char* what) {
    if (v.size() != n) {
        throw std::invalid_argument(std::string("inverseDynamics: ") + what + " has " +
                                    std::to_string(v.size()) + " entries but the model has " +
                                    std::to_string(n));
    }
}

template <class Space>
bool evaluate(const Model& model,
              InverseDynamicsWorkspace& iws,
              InverseMethod method,
              const Eigen::Ref<const Eigen::VectorXd>& qdd,
              JointReactions reactions) {
    bool ok = false;
    switch (method) {
    case InverseMethod::Traditional:
        inertiaWrenches(model, iws.ws, qdd, iws.recursion);
        ok = solveTraditional<Space>(model, iws);
        break;
    case InverseMethod::System:
        treeEquations(model, iws, qdd);
        ok = solveSystem<Space>(model, iws);
        break;
    case InverseMethod::Subsystem:
        treeEquations(model, iws, qdd);
        ok = solveSubsystems<Space>(model, iws);
        break;
    }
    if (ok && reactions == JointReactions::Compute) {
        if (method != InverseMethod::Traditional) {
            inertiaWrenches(model, iws.ws, qdd, iws.recursion);
            bodyLevelReactions(model, iws);
        }
        fillReactions<Space>(model, iws);
    }
    return ok;
}

} // namespace

constexpr std::pair<InverseMethod, const char*> kInverseMethodNames[] = {
    {InverseMethod::Traditional, "traditional"},
    {InverseMethod::System, "system"},
    {InverseMethod::Subsystem, "subsystem"}};

const char* inverseMethodName(InverseMethod method) {
    return text::nameIn(kInverseMethodNames, method);
}

std::optional<InverseMethod> inverseMethodFromName(const std::string& name) {
    return text::kindIn(kInverseMethodNames, name);
}

std::string drivenCoordinatesError(const Model& model, const std::vector<int>& driven) {
    const int nv = model.nv();
    for (std::size_t d = 0; d < driven.size(); ++d) {
        if (driven[d] < 0 || driven[d] >= nv) {
            return "driven coordinate " + std::to_string(driven[d]) +
                   " does not exist: the model's coordinates are 0 … " + std::to_string(nv - 1);
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
    const int mobility = nv - model.nConstraints();
    if (mobility <= 0) {
        return "the " + std::to_string(model.nLoops()) + " loops leave no mobility (" +
               std::to_string(nv) + " coordinates, " + std::to_string(model.nConstraints()) +
               " constraints): nothing can be driven";
    }
    if (static_cast<int>(driven.size()) != mobility) {
        const std::string suggestion =
            text::joined(model.independent, ", ", [&](int k) { return model.coordinates[k].name; });
        return std::to_string(driven.size()) + " driven coordinate" +
               (driven.size() == 1 ? "" : "s") + " given, but the mechanism has " +
               std::to_string(mobility) + " degree" + (mobility == 1 ? "" : "s") + " of freedom (" +
               std::to_string(nv) + " coordinates, " + std::to_string(model.nLoops()) +
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
        if (std::ranges::find(coordinates, actuator.coordinate) == coordinates.end()) {
            coordinates.push_back(actuator.coordinate);
        }
    }
    return coordinates;
}

std::string describePlan(const Model& model, const InverseDynamicsWorkspace& iws) {
    return text::joined(iws.plan, " → ", [&](const SubsystemBlock& block) {
        auto unknowns = text::mapped(block.loops, [&](int i) { return loopName(model, i); });
        for (int d : block.driven) {
            unknowns.push_back(drivenName(model, iws.driven, d));
        }
        return (block.subsystems.size() > 1 ? "subsystems " : "subsystem ") +
               text::joined(block.subsystems, ", ", [](int s) { return std::to_string(s + 1); }) +
               " {" + text::joinNames(unknowns) + "} " + std::to_string(block.size) + "×" +
               std::to_string(block.size) +
               (block.fallback ? " (all indeterminate: system approach)" : "");
    });
}

InverseDynamicsWorkspace::InverseDynamicsWorkspace(const Model& model,
                                                   std::vector<int> drivenCoordinates)
    : driven(std::move(drivenCoordinates)), ws(model), dws(model), applied(model), loads(model),
      recursion(model), driveForces(Eigen::VectorXd::Zero(model.nv())), pins(model),
      knownJointForces(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(model.joints.size()))),
      knownAppliedTau(Eigen::VectorXd::Zero(model.nv())), nv(model.nv()), nLoops(model.nLoops()),
      nJoints(static_cast<int>(model.joints.size())) {
    if (const std::string error = drivenCoordinatesError(model, driven); !error.empty()) {
        throw std::invalid_argument(error);
    }
    const int nd = static_cast<int>(driven.size());
    const int nBodies = static_cast<int>(model.bodies.size());
    tau = Eigen::VectorXd::Zero(nd);
    lambda = Eigen::VectorXd::Zero(model.nConstraints());
    reactions.assign(nJoints, JointReaction{});
    jointForces = Eigen::VectorXd::Zero(nJoints);
    appliedTau = Eigen::VectorXd::Zero(nv);
    treeResidual = Eigen::VectorXd::Zero(nv);
    unknowns = Eigen::VectorXd::Zero(nv);
    drivenIndex.assign(nv, -1);
    for (int d = 0; d < nd; ++d) {
        drivenIndex[driven[d]] = d;
    }

    systemMatrix = Eigen::MatrixXd::Zero(nv, nv);
    systemLu = Eigen::PartialPivLU<Eigen::MatrixXd>(nv);

    plan = planSubsystemRecursion(model, driven);
    for (const SubsystemBlock& block : plan) {
        blockMatrix.push_back(Eigen::MatrixXd::Zero(block.size, block.size));
        blockRhs.push_back(Eigen::VectorXd::Zero(block.size));
        blockSolution.push_back(Eigen::VectorXd::Zero(block.size));
        blockLu.emplace_back(block.size);
    }

    int unknownCount = 0;
    for (const Joint& joint : model.joints) {
        rowBegin.push_back(unknownCount);
        unknownCount += joint.rowCount;
    }
    rowBegin.push_back(unknownCount);
    const int twistSize =
        withMotionSpace(model, [](auto space) { return decltype(space)::kTwistSize; });
    const int bodyRows = twistSize * (nBodies - 1);
    bodyMatrix = Eigen::MatrixXd::Zero(bodyRows, unknownCount + nd);
    bodyRhs = Eigen::VectorXd::Zero(bodyRows);
    bodySolution = Eigen::VectorXd::Zero(unknownCount + nd);
    bodyLu = Eigen::PartialPivLU<Eigen::MatrixXd>(bodyRows);
}

bool inverseDynamics(const Model& model,
                     InverseDynamicsWorkspace& iws,
                     InverseMethod method,
                     double t,
                     const Eigen::Ref<const Eigen::VectorXd>& q,
                     const Eigen::Ref<const Eigen::VectorXd>& qd,
                     const Eigen::Ref<const Eigen::VectorXd>& qdd,
                     JointReactions reactions) {
    if (iws.nv != model.nv() || iws.nLoops != model.nLoops() ||
        iws.nJoints != static_cast<int>(model.joints.size()) || !isCompatible(model, iws.ws)) {
        throw std::invalid_argument("inverseDynamics: the workspace was built for another model");
    }
    requireSize(q, model.nq(), "q");
    requireSize(qd, model.nv(), "qd");
    requireSize(qdd, model.nv(), "qdd");
    if (!iws.failure.empty()) {
        iws.failure.clear();
    }
    iws.conditioning = 1.0;

    updatePositions(model, iws.ws, q);
    updateVelocities(model, iws.ws, qd);
    knownJointForces(model, iws.ws, t, iws.drivenIndex, iws.applied, iws.jointForces,
                     iws.appliedTau);
    bodyLoadForces(model, iws.ws, t, iws.loads, iws.appliedTau);
    const auto solve = [&](JointReactions wanted) {
        return withMotionSpace(model, [&](auto space) {
            return evaluate<decltype(space)>(model, iws, method, qdd, wanted);
        });
    };
    const bool ok =
        model.pinJoints.empty() ? solve(reactions) : solveWithPinFriction(model, iws, solve);
    if (!ok) {
        return false;
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
