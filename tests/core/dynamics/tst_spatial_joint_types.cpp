// SPDX-License-Identifier: MIT
// The spatial joint types the seeds' mechanisms do not use, in the tree and as cuts: a spatial
// slider-crank R–S–U–P (1 DOF) and its cylindrical variant R–S–U–C (2 DOF: the slider may also
// turn about its guide). For every cut, J and J̇v match central differences, and SSLM, SLM and
// the augmented system agree to 1e-10 on random consistent states.

#include <random>

#include <QtTest>

#include <Eigen/Geometry>

#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/spec/joint_kinds.hpp"
#include "core/spec/spatial_templates.hpp"

#include "tests/core/fixtures/forward_solve.hpp"
#include "tests/core/fixtures/relative_error.hpp"
#include "tests/test_main.hpp"

namespace tst_spatial_joint_types {

using namespace sslm;
using fixtures::relativeError;

namespace {

using Vec3 = Eigen::Vector3d;

/// Crank about z at the origin, rod from the crank pin B to C on the slider, slider guided
/// along x through C by `guide` (prismatic or cylindrical). The zero pose is assembled.
MechanismSpec sliderCrank(JointType guide) {
    const Vec3 b(0.05, 0.0, 0.0);
    const Vec3 c(0.2, 0.02, 0.03);
    MechanismSpec spec;
    spec.name = "spatial slider-crank";
    spec.space = MotionSpace::Spatial;
    spec.gravity = {0.0, 0.0};
    spec.gravityZ = -9.81;
    spec.ground.points = {spatialPoint("O", Vec3::Zero()), spatialPoint("G", c)};
    spec.bodies = {
        spatialBody("crank", 0.3, 0.5 * b, Vec3(1e-5, 1e-4, 1e-4).asDiagonal(),
                    {spatialPoint("O", Vec3::Zero()), spatialPoint("B", b)}),
        spatialBody("rod", 0.5, 0.5 * (c - b) + b, Vec3(2e-4, 1e-3, 1.1e-3).asDiagonal(),
                    {spatialPoint("B", b), spatialPoint("C", c)}),
        spatialBody("slider", 1.0, Vec3::Zero(), Vec3(1e-3, 2e-3, 3e-3).asDiagonal(),
                    {spatialPoint("C", Vec3::Zero())}),
    };
    JointSpec crank = spatialJoint("R", JointType::Revolute, {kGroundId, "O"}, {"crank", "O"});
    crank.coordinate = "theta";
    JointSpec ball = spatialJoint("S", JointType::Spherical, {"crank", "B"}, {"rod", "B"});
    JointSpec hooke = spatialJoint("U", JointType::Universal, {"rod", "C"}, {"slider", "C"},
                                   Vec3::UnitZ().cross(c - b).normalized(), Vec3::UnitZ());
    JointSpec slide = spatialJoint(guide == JointType::Prismatic ? "P" : "C", guide,
                                   {kGroundId, "G"}, {"slider", "C"}, Vec3::UnitX());
    if (guide == JointType::Cylindrical) {
        slide.coordinates = {"turn", "slide"};
    }
    spec.joints = {crank, ball, hooke, slide};
    spec.initial.independent = {{"theta", 0.0}};
    if (guide == JointType::Cylindrical) {
        spec.initial.independent.emplace_back("turn", 0.0);
    }
    return spec;
}

} // namespace

class TestSpatialJointTypes : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyCutAgrees_data() {
        QTest::addColumn<int>("guide");
        QTest::addColumn<QString>("cut");
        // (a cut at R leaves the slide as the only input, and the zero pose is the crank's dead
        // centre: RSSR tests cover revolute cuts)
        for (const char* cut : {"S", "U", "P"}) {
            QTest::addRow("R-S-U-P cut %s", cut) << int(JointType::Prismatic) << cut;
        }
        for (const char* cut : {"S", "U", "C"}) {
            QTest::addRow("R-S-U-C cut %s", cut) << int(JointType::Cylindrical) << cut;
        }
    }

    void everyCutAgrees() {
        QFETCH(int, guide);
        QFETCH(QString, cut);
        const MechanismSpec spec = sliderCrank(static_cast<JointType>(guide));
        CompileOptions options;
        options.cuts = std::vector<std::string>{cut.toStdString()};
        const CompileResult result = compileModel(spec, options);
        QVERIFY2(result.ok(),
                 result.diagnostics.empty() ? "?" : result.diagnostics.front().message.c_str());
        const Model& model = *result.model;
        const int dof = static_cast<JointType>(guide) == JointType::Prismatic ? 1 : 2;
        QCOMPARE(model.mobilityGrubler, dof);
        QCOMPARE(model.nv() - model.nConstraints(), dof);

        // inputs: the crank and, with a cylinder, the slider's turn about its guide (the
        // spherical joint's spin about x when the cylinder is cut)
        std::vector<int> inputs;
        for (const char* name : {"theta", "turn", "S.1"}) {
            const int k = model.coordinateIndex(name);
            if (k >= 0 && static_cast<int>(inputs.size()) < dof) {
                inputs.push_back(k);
            }
        }
        QCOMPARE(static_cast<int>(inputs.size()), dof);

        std::mt19937 rng(5);
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        for (int trial = 0; trial < 10; ++trial) {
            Workspace ws(model);
            Eigen::VectorXd q = neutralPositions(model);
            for (int k : inputs) {
                const Coordinate& c = model.coordinates[k];
                // the slide stays within the crank's reach
                q[model.joints[c.joint].position + c.axis] = (c.angular ? 0.8 : 0.02) * unit(rng);
            }
            const AssemblyReport report = assemble(model, ws, q, inputs);
            QVERIFY2(report.converged, report.message.c_str());
            Eigen::VectorXd v = Eigen::VectorXd::Zero(model.nv());
            for (int k : inputs) {
                v[k] = 2.0 * unit(rng);
            }
            solveVelocities(model, ws, q, v, inputs);
            const fixtures::ForwardSolution sslm =
                fixtures::forwardDynamicsAt(model, SolverKind::Sslm, q, v);
            for (SolverKind kind : {SolverKind::Slm, SolverKind::Augmented}) {
                const fixtures::ForwardSolution other =
                    fixtures::forwardDynamicsAt(model, kind, q, v);
                QVERIFY2(relativeError(sslm.qdd, other.qdd) < 1e-10,
                         qPrintable(QString::number(relativeError(sslm.qdd, other.qdd))));
                QVERIFY(relativeError(sslm.lambda, other.lambda) < 1e-10);
            }

            // J and J̇v against central differences, off the manifold
            Eigen::VectorXd w(model.nv());
            for (int k = 0; k < model.nv(); ++k) {
                w[k] = unit(rng);
            }
            integratePositions(model, q, w, 0.3, q);
            updatePositions(model, ws, q);
            updateVelocities(model, ws, w);
            const Eigen::VectorXd jw = constraintJacobian(model, ws) * w;
            const Eigen::VectorXd bias = constraintBias(model, ws);
            const double h = 1e-6;
            Eigen::VectorXd plus(q.size());
            Eigen::VectorXd minus(q.size());
            integratePositions(model, q, w, h, plus);
            integratePositions(model, q, w, -h, minus);
            updatePositions(model, ws, plus);
            const Eigen::VectorXd phiPlus = constraintResidual(model, ws);
            const Eigen::VectorXd jwPlus = constraintJacobian(model, ws) * w;
            updatePositions(model, ws, minus);
            const Eigen::VectorXd phiMinus = constraintResidual(model, ws);
            const Eigen::VectorXd jwMinus = constraintJacobian(model, ws) * w;
            QVERIFY(((phiPlus - phiMinus) / (2 * h) - jw).cwiseAbs().maxCoeff() < 1e-8);
            QVERIFY(((jwPlus - jwMinus) / (2 * h) - bias).cwiseAbs().maxCoeff() < 1e-7);
        }
    }
};

SSLM_TEST_APPLESS_MAIN(TestSpatialJointTypes)
} // namespace tst_spatial_joint_types
#include "tst_spatial_joint_types.moc"
