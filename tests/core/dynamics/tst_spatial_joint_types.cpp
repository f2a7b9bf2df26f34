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

using namespace sslm;

namespace {

using Vec3 = Eigen::Vector3d;

BodyPoint point3(const char* name, const Vec3& p) {
    return {name, {p.x(), p.y()}, p.z()};
}

BodySpec body3(const char* id,
               double mass,
               const Vec3& com,
               const Vec3& moments,
               std::vector<BodyPoint> points) {
    BodySpec body;
    body.id = id;
    body.mass = mass;
    body.com_B = {com.x(), com.y()};
    body.comZ_B = com.z();
    body.inertiaTensor = Eigen::Matrix3d(moments.asDiagonal());
    body.points = std::move(points);
    return body;
}

JointSpec joint3(const char* name,
                 JointType type,
                 JointEnd parent,
                 JointEnd child,
                 const Vec3& axis = Vec3::UnitZ(),
                 const Vec3& axis2 = Vec3::UnitY()) {
    JointSpec joint;
    joint.name = name;
    joint.type = type;
    joint.parent = std::move(parent);
    joint.child = std::move(child);
    joint.axis = axis;
    joint.axis2 = axis2;
    return joint;
}

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
    spec.ground.points = {point3("O", Vec3::Zero()), point3("G", c)};
    spec.bodies = {
        body3("crank", 0.3, 0.5 * b, {1e-5, 1e-4, 1e-4},
              {point3("O", Vec3::Zero()), point3("B", b)}),
        body3("rod", 0.5, 0.5 * (c - b) + b, {2e-4, 1e-3, 1.1e-3},
              {point3("B", b), point3("C", c)}),
        body3("slider", 1.0, Vec3::Zero(), {1e-3, 2e-3, 3e-3}, {point3("C", Vec3::Zero())}),
    };
    JointSpec crank = joint3("R", JointType::Revolute, {kGroundId, "O"}, {"crank", "O"});
    crank.coordinate = "theta";
    JointSpec ball = joint3("S", JointType::Spherical, {"crank", "B"}, {"rod", "B"});
    JointSpec hooke = joint3("U", JointType::Universal, {"rod", "C"}, {"slider", "C"},
                             Vec3::UnitZ().cross(c - b).normalized(), Vec3::UnitZ());
    JointSpec slide = joint3(guide == JointType::Prismatic ? "P" : "C", guide, {kGroundId, "G"},
                             {"slider", "C"}, Vec3::UnitX());
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

double relativeError(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

struct Solution {
    Eigen::VectorXd qdd;
    Eigen::VectorXd lambda;
};

Solution
solve(const Model& model, SolverKind kind, const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
    Workspace ws(model);
    DynamicsWorkspace dws(model);
    ForwardDynamicsWorkspace fws(model);
    updatePositions(model, ws, q);
    updateVelocities(model, ws, v);
    treeDynamics(model, ws, dws);
    constraintJacobian(model, ws);
    const Eigen::VectorXd psi = -constraintBias(model, ws);
    if (!solveForwardDynamics(kind, model, dws.M, dws.phi, ws.J, psi, fws)) {
        qWarning("%s", fws.failure.c_str());
    }
    return {fws.qdd, fws.lambda};
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
        QCOMPARE(model.nq() - model.nConstraints(), dof);

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
            Eigen::VectorXd v = Eigen::VectorXd::Zero(model.nq());
            for (int k : inputs) {
                v[k] = 2.0 * unit(rng);
            }
            solveVelocities(model, ws, q, v, inputs);
            const Solution sslm = solve(model, SolverKind::Sslm, q, v);
            for (SolverKind kind : {SolverKind::Slm, SolverKind::Augmented}) {
                const Solution other = solve(model, kind, q, v);
                QVERIFY2(relativeError(sslm.qdd, other.qdd) < 1e-10,
                         qPrintable(QString::number(relativeError(sslm.qdd, other.qdd))));
                QVERIFY(relativeError(sslm.lambda, other.lambda) < 1e-10);
            }

            // J and J̇v against central differences, off the manifold
            Eigen::VectorXd w(model.nq());
            for (int k = 0; k < model.nq(); ++k) {
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

QTEST_APPLESS_MAIN(TestSpatialJointTypes)
#include "tst_spatial_joint_types.moc"
