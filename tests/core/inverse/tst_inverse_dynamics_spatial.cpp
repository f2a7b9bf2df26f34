// SPDX-License-Identifier: MIT
// Inverse dynamics of the RSSR (seed 002 §6.2): the three methods agree; the driving torque
// makes forward SSLM reproduce the prescribed motion; with the free-motion accelerations the
// torque vanishes and J3's reaction is the oracle's force; every body's Newton–Euler balance
// closes with the reported reactions; both cut choices give the same reactions; and the
// subsystem plan is the paper's 3 × 3 then 1 × 1 with the spherical joint cut. A spring-damper
// on the rocker enters all three methods as a known joint force.

#include <cmath>
#include <numbers>

#include <QtTest>

#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/inverse/inverse_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/spatial/spatial_algebra.hpp"
#include "core/spec/spatial_templates.hpp"

#include "tests/core/fixtures/forward_solve.hpp"
#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/core/fixtures/relative_error.hpp"
#include "tests/test_main.hpp"

namespace tst_inverse_dynamics_spatial {

using namespace sslm;
using fixtures::relativeError;

namespace {

std::shared_ptr<const Model> rssr(const char* cut) {
    return compileModel(rssrSpec(cut)).model;
}

/// A consistent state of the crank turning at 2π rad/s with angular acceleration `thetaDdot`,
/// at crank angle θ (rad).
struct State {
    Eigen::VectorXd q, v, vdot;
};

State crankState(const Model& model, double theta, double thetaDdot) {
    State s;
    InitialState initial = assembleInitialState(model);
    Workspace ws(model);
    const int k = model.coordinateIndex("theta");
    const Joint& crank = model.joints[model.coordinates[k].joint];
    // walk the crank to θ in small steps so that the assembly stays on its branch
    const int steps = 1 + static_cast<int>(std::abs(theta) / 0.1);
    for (int i = 1; i <= steps; ++i) {
        initial.q[crank.position] = theta * i / steps;
        assemble(model, ws, initial.q, model.independent);
    }
    s.q = initial.q;
    s.v = Eigen::VectorXd::Zero(model.nv());
    s.v[k] = 2.0 * std::numbers::pi;
    solveVelocities(model, ws, s.q, s.v, model.independent);
    s.vdot = Eigen::VectorXd::Zero(model.nv());
    s.vdot[k] = thetaDdot;
    solveAccelerations(model, ws, s.q, s.v, s.vdot, model.independent);
    return s;
}

/// Forward SSLM's accelerations at the state's (q, v) under gravity plus the generalized
/// `forces` (nv); empty when the solve fails.
Eigen::VectorXd
forwardAccelerations(const Model& model, const State& s, const Eigen::VectorXd& forces) {
    const fixtures::EquationsAt at(model, s.q, s.v);
    ForwardDynamicsWorkspace fws(model);
    if (!solveForwardDynamics(SolverKind::Sslm, model, at.with(at.dws.phi + forces), fws)) {
        return {};
    }
    return fws.qdd;
}

} // namespace

class TestInverseDynamicsSpatial : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void subsystemPlanIsThePapers() {
        const auto j2 = rssr("J2");
        const InverseDynamicsWorkspace withJ2(*j2, {j2->coordinateIndex("theta")});
        QCOMPARE(blockSizes(withJ2.plan), (std::vector<int>{3, 1}));
        QVERIFY(!withJ2.plan[0].fallback);
        const auto j3 = rssr("J3");
        const InverseDynamicsWorkspace withJ3(*j3, {j3->coordinateIndex("theta")});
        QCOMPARE(blockSizes(withJ3.plan), (std::vector<int>{5}));
        QVERIFY(withJ3.plan[0].fallback);
    }

    void methodsAgreeAndForwardDynamicsReproducesTheMotion() {
        for (const char* cut : {"J3", "J2"}) {
            const auto model = rssr(cut);
            InverseDynamicsWorkspace siws(*model, {model->coordinateIndex("theta")});
            for (double theta : {0.0, 0.7, 2.1, 4.0, 5.5}) {
                const State s = crankState(*model, theta, 0.0);
                QVERIFY(
                    inverseDynamics(*model, siws, InverseMethod::Subsystem, 0.0, s.q, s.v, s.vdot));
                const Eigen::VectorXd tau = siws.tau;
                const Eigen::VectorXd lambda = siws.lambda;
                for (InverseMethod method : {InverseMethod::System, InverseMethod::Traditional}) {
                    QVERIFY2(inverseDynamics(*model, siws, method, 0.0, s.q, s.v, s.vdot),
                             siws.failure.c_str());
                    QVERIFY2(relativeError(siws.tau, tau) < 1e-9,
                             qPrintable(QString::number(relativeError(siws.tau, tau))));
                    QVERIFY(relativeError(siws.lambda, lambda) < 1e-9);
                }
                // forward SSLM under gravity and τ gives back the prescribed accelerations
                Eigen::VectorXd forces = Eigen::VectorXd::Zero(model->nv());
                forces[model->coordinateIndex("theta")] = tau[0];
                const Eigen::VectorXd qdd = forwardAccelerations(*model, s, forces);
                QVERIFY(qdd.size() == model->nv());
                QVERIFY2(relativeError(qdd, s.vdot) < 1e-9,
                         qPrintable(QString::number(relativeError(qdd, s.vdot))));
            }
        }
    }

    void aSpringDamperIsAKnownJointForce() {
        MechanismSpec spec = rssrSpec("J2");
        const double stiffness = 0.5, rest = 2.0, damping = 0.002;
        for (JointSpec& joint : spec.joints) {
            if (joint.name == "J4") {
                joint.springDamper = SpringDamperSpec{stiffness, rest, damping};
            }
        }
        const auto model = compileModel(spec).model;
        QVERIFY(model);
        const auto bare = rssr("J2");
        const int theta = model->coordinateIndex("theta");
        const int phi = model->coordinateIndex("phi");
        InverseDynamicsWorkspace siws(*model, {theta});
        InverseDynamicsWorkspace without(*bare, {theta});
        const State s = crankState(*model, 2.1, 1.5);
        const Coordinate& rocker = model->coordinates[phi];
        const double spring =
            -stiffness * (s.q[model->joints[rocker.joint].position] - rest) - damping * s.v[phi];
        QVERIFY(inverseDynamics(*bare, without, InverseMethod::System, 0.0, s.q, s.v, s.vdot));
        for (InverseMethod method :
             {InverseMethod::Subsystem, InverseMethod::System, InverseMethod::Traditional}) {
            QVERIFY2(inverseDynamics(*model, siws, method, 0.0, s.q, s.v, s.vdot),
                     siws.failure.c_str());
            // the spring's moment on the rocker changes the crank torque and is reported
            QVERIFY(std::abs(siws.tau[0] - without.tau[0]) > 1e-4);
            QVERIFY(std::abs(siws.reactions[model->jointIndex("J4")].applied[0] - spring) < 1e-15);
            // forward SSLM under gravity, the spring and τ gives back the accelerations
            Eigen::VectorXd forces = Eigen::VectorXd::Zero(model->nv());
            forces[theta] = siws.tau[0];
            forces[phi] = spring;
            const Eigen::VectorXd qdd = forwardAccelerations(*model, s, forces);
            QVERIFY(qdd.size() == model->nv());
            QVERIFY2(relativeError(qdd, s.vdot) < 1e-9,
                     qPrintable(QString::number(relativeError(qdd, s.vdot))));
        }
    }

    void freeMotionNeedsNoTorqueAndGivesTheOracleForce() {
        // at the reference pose the free motion has θ̈ = −54.2822364043 rad/s²
        const auto model = rssr("J3");
        InverseDynamicsWorkspace siws(*model, {model->coordinateIndex("theta")});
        const State s = crankState(*model, 0.0, -54.2822364043);
        for (InverseMethod method :
             {InverseMethod::Subsystem, InverseMethod::System, InverseMethod::Traditional}) {
            QVERIFY(inverseDynamics(*model, siws, method, 0.0, s.q, s.v, s.vdot));
            QVERIFY2(std::abs(siws.tau[0]) < 1e-9, qPrintable(QString::number(siws.tau[0])));
            const JointReaction& j3 = siws.reactions[model->jointIndex("J3")];
            const Eigen::Vector3d oracle(-0.62845735, -1.10443245, 1.03629988);
            QVERIFY2(
                (j3.force - oracle).cwiseAbs().maxCoeff() < 1e-7,
                qPrintable(
                    QString("%1 %2 %3").arg(j3.force.x()).arg(j3.force.y()).arg(j3.force.z())));
        }
    }

    void reactionsBalanceEveryBodyAndDoNotDependOnTheCut() {
        const auto j3 = rssr("J3");
        const auto j2 = rssr("J2");
        InverseDynamicsWorkspace a(*j3, {j3->coordinateIndex("theta")});
        InverseDynamicsWorkspace b(*j2, {j2->coordinateIndex("theta")});
        const State s3 = crankState(*j3, 1.3, 2.0);
        const State s2 = crankState(*j2, 1.3, 2.0);
        QVERIFY(inverseDynamics(*j3, a, InverseMethod::Subsystem, 0.0, s3.q, s3.v, s3.vdot));
        QVERIFY(inverseDynamics(*j2, b, InverseMethod::Subsystem, 0.0, s2.q, s2.v, s2.vdot));
        QVERIFY(std::abs(a.tau[0] - b.tau[0]) < 1e-9 * std::max(1.0, std::abs(a.tau[0])));
        for (const char* name : {"J1", "J2", "J3", "J4"}) {
            const int j = j3->jointIndex(name);
            const int k = j2->jointIndex(name);
            QVERIFY2((a.reactions[j].force - b.reactions[k].force).norm() < 1e-9, name);
            QVERIFY2((a.reactions[j].moment - b.reactions[k].moment).norm() < 1e-9, name);
        }
        // Newton–Euler of every body: the joints' wrenches on it (constraint and drive) are
        // the wrench its motion needs beyond gravity
        const Model& model = *j3;
        std::vector<spatial::Vec6> sum(model.bodies.size(), spatial::Vec6::Zero());
        for (std::size_t j = 0; j < model.joints.size(); ++j) {
            const Joint& joint = model.joints[j];
            const JointReaction& r = a.reactions[j];
            spatial::Vec6 onA = spatial::wrenchAt(r.point, r.force);
            onA.head<3>() += r.moment;
            for (int c = 0; c < joint.coordinateCount; ++c) {
                onA -= r.drive[c] *
                       jointCoordinateWrench<SpatialSpace>(model, a.ws, static_cast<int>(j), c);
            }
            sum[joint.bodyA] += onA;
            sum[joint.bodyB] -= onA;
        }
        for (std::size_t body = 1; body < model.bodies.size(); ++body) {
            QVERIFY2((sum[body] - a.recursion.inertiaWrench[body]).cwiseAbs().maxCoeff() < 1e-9,
                     model.bodies[body].name.c_str());
        }
        // a universal joint transmits no moment along its two axes, a spherical none at all
        QVERIFY(a.reactions[j3->jointIndex("J2")].moment.norm() < 1e-9);
    }

    void badDrivenSetsAreRefused() {
        const auto model = rssr("J3");
        // 1 DOF: nothing driven, or two coordinates driven, cannot be solved
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, InverseDynamicsWorkspace(*model, {}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 InverseDynamicsWorkspace(*model, {model->coordinateIndex("theta"),
                                                                   model->coordinateIndex("phi")}));
    }
};

SSLM_TEST_APPLESS_MAIN(TestInverseDynamicsSpatial)
} // namespace tst_inverse_dynamics_spatial
#include "tst_inverse_dynamics_spatial.moc"
