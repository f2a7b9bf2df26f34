// SPDX-License-Identifier: MIT
// Spherical loops (spherical_loops.hpp): the spherical four-bar is recognised by its geometry
// (all four axes through one point), counted with the sphere's freedoms (1 DOF where the
// spatial count finds −2), compiled with its revolute cut's two axis rows for every cut choice,
// and then simulates like any model: every forward-dynamics solver agrees, energy is kept,
// the loop stays closed, and the three inverse-dynamics methods agree on the torque and on
// every joint's reaction. An axis moved off the common point is not spherical and is refused.

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
#include "core/model/spherical_loops.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/joint_kinds.hpp"
#include "core/spec/spatial_templates.hpp"

#include "tests/test_main.hpp"

namespace tst_spherical_loops {

using namespace sslm;

namespace {

std::shared_ptr<const Model> compiled(const MechanismSpec& spec) {
    const CompileResult result = compileModel(spec);
    for (const auto& d : result.diagnostics) {
        qWarning("%s: %s", d.where.c_str(), d.message.c_str());
    }
    return result.model;
}

} // namespace

class TestSphericalLoops : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theSphericalFourBarIsRecognised() {
        const MechanismSpec spec = sphericalFourBarSpec();
        QCOMPARE(grublerMobility(spec), -2); // 6×3 − 5×4: over-constrained in space
        QCOMPARE(sphericalLoopCount(spec), 1);
        QCOMPARE(mobilityCount(spec), 1); // 3×3 − 2×4 on the sphere
        QVERIFY(isSphericalCycle(spec, {0, 1, 2, 3}));
        for (const char* cut : {"J2", "J3", "J4"}) {
            const auto model = compiled(sphericalFourBarSpec({.cut = cut}));
            QVERIFY2(model, cut);
            const Joint& joint = model->joints[model->cuts[0]];
            QCOMPARE(joint.firstRow, 3);
            QCOMPARE(joint.rowCount, 2);
            QCOMPARE(model->nConstraints(), 2);
            QCOMPARE(model->nv() - model->nConstraints(), 1);
            QCOMPARE(model->mobilityGrubler, 1);
        }
    }

    void anAxisOffTheCentreIsNotSpherical() {
        // J3's points moved 1 mm off the sphere's centre line: the axes no longer meet, the
        // loop is an over-constrained spatial 4R, and compile says so
        MechanismSpec spec = sphericalFourBarSpec();
        for (BodySpec& body : spec.bodies) {
            for (BodyPoint& point : body.points) {
                if (point.name == "J3") {
                    point.z_B += 1e-3;
                }
            }
        }
        QCOMPARE(sphericalLoopCount(spec), 0);
        QVERIFY(!isSphericalCycle(spec, {0, 1, 2, 3}));
        const CompileResult result = compileModel(spec);
        QVERIFY(!result.ok());
        QVERIFY(std::ranges::any_of(result.diagnostics, [](const Diagnostic& d) {
            return d.message.find("over-constrained") != std::string::npos;
        }));
    }

    void everySolverAgreesAndTheRunKeepsItsEnergy() {
        const auto model = compiled(sphericalFourBarSpec());
        QVERIFY(model);
        const InitialState start = assembleInitialState(*model);
        QVERIFY2(start.report.converged, start.report.message.c_str());
        // one state: q̈ and λ of every solver against the augmented system
        Workspace ws(*model);
        updatePositions(*model, ws, start.q);
        updateVelocities(*model, ws, start.qd);
        DynamicsWorkspace dws(*model);
        const Eigen::MatrixXd M = generalizedInertia(*model, ws, dws);
        const Eigen::VectorXd phi = gravityAndVelocityForces(*model, ws, dws);
        const Eigen::MatrixXd J = constraintJacobian(*model, ws);
        const Eigen::VectorXd psi = -constraintBias(*model, ws);
        ForwardDynamicsWorkspace reference(*model);
        QVERIFY(solveForwardDynamics(SolverKind::Augmented, *model, {M, phi, J, psi}, reference));
        for (SolverKind kind : {SolverKind::Slm, SolverKind::Sslm, SolverKind::Rcr}) {
            ForwardDynamicsWorkspace fws(*model);
            QVERIFY2(solveForwardDynamics(kind, *model, {M, phi, J, psi}, fws),
                     fws.failure.c_str());
            QVERIFY((fws.qdd - reference.qdd).norm() <= 1e-10 * (1.0 + reference.qdd.norm()));
            QVERIFY((fws.lambda - reference.lambda).norm() <=
                    1e-10 * (1.0 + reference.lambda.norm()));
        }
        // 2 s of motion: the closure and the energy hold
        SimulationSettings settings;
        settings.tEnd = 2.0;
        settings.rtol = 1e-10;
        settings.atol = 1e-10;
        double worstClosure = 0;
        double energy0 = std::nan("");
        double worstEnergy = 0;
        const SimulationSummary summary =
            simulate(*model, settings, start.q, start.qd,
                     {[&](const Sample& s) {
                          worstClosure = std::max(worstClosure, s.positionViolation);
                          if (std::isnan(energy0)) {
                              energy0 = s.totalEnergy;
                          }
                          worstEnergy = std::max(worstEnergy, std::abs(s.totalEnergy - energy0));
                      },
                      {}});
        QVERIFY2(summary.ok, summary.message.c_str());
        qInfo("2 s: max|Φ| %.3g, |ΔE| %.3g J of %.4g J", worstClosure, worstEnergy, energy0);
        QVERIFY(worstClosure < 1e-8);
        QVERIFY(worstEnergy < 1e-6 * std::max(1.0, std::abs(energy0)));
    }

    void theInverseMethodsAgree() {
        const auto model = compiled(sphericalFourBarSpec());
        QVERIFY(model);
        const InitialState start = assembleInitialState(*model);
        Eigen::VectorXd qdd = Eigen::VectorXd::Zero(model->nv());
        qdd[model->coordinateIndex("theta")] = 3.0;
        Workspace ws(*model);
        solveAccelerations(*model, ws, start.q, start.qd, qdd, model->independent);
        std::vector<Eigen::VectorXd> torques;
        std::vector<std::vector<JointReaction>> reactions;
        for (InverseMethod method :
             {InverseMethod::Traditional, InverseMethod::System, InverseMethod::Subsystem}) {
            InverseDynamicsWorkspace iws(*model, model->independent);
            QVERIFY2(inverseDynamics(*model, iws, method, 0.0, start.q, start.qd, qdd),
                     iws.failure.c_str());
            torques.push_back(iws.tau);
            reactions.push_back(iws.reactions);
        }
        for (std::size_t m = 1; m < torques.size(); ++m) {
            QVERIFY((torques[m] - torques[0]).norm() <= 1e-9 * (1.0 + torques[0].norm()));
            for (std::size_t j = 0; j < reactions[0].size(); ++j) {
                QVERIFY((reactions[m][j].force - reactions[0][j].force).norm() <= 1e-9);
                QVERIFY((reactions[m][j].moment - reactions[0][j].moment).norm() <= 1e-9);
                QVERIFY(reactions[m][j].force.allFinite());
            }
        }
    }
};

SSLM_TEST_APPLESS_MAIN(TestSphericalLoops)
} // namespace tst_spherical_loops
#include "tst_spherical_loops.moc"
