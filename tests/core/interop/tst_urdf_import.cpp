// SPDX-License-Identifier: MIT
// URDF import (core/interop/urdf_import.hpp) on the small files of tests/data/interop/:
//  * a double pendulum whose inertial frames are rotated by their rpy and whose elbow frame is
//    turned 90° about z imports into two bodies (the fixed tip link merged, the root's mass
//    dropped) and its q̈ from the kernel's tree dynamics matches a Lagrangian written by hand
//    at several states to 1e-9 relative;
//  * a URDF+ four-bar (R-U-S-R) closed by a <loop> imports with one spherical cut, assembles
//    with max|Φ| < 1e-10 and is ready to simulate by the Check panel's rules (1 DOF both ways);
//    the same closure written as the proposed <constraint> element gives the same mechanism;
//  * malformed XML and an unknown joint type are errors naming the file, line and element;
//  * <limit> and <dynamics friction damping> are kept as end stops (SSLM's stiffness and
//    restitution, reported), Coulomb friction and the damper, also through planar recognition.

#include <algorithm>
#include <cmath>
#include <numbers>

#include <QtTest>

#include <Eigen/Dense>
#include <Eigen/Geometry>

#include "core/analysis/mechanism_check.hpp"
#include "core/dynamics/dynamics_workspace.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/interop/mechanism_import.hpp"
#include "core/interop/urdf_import.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/core/interop/interop_support.hpp"
#include "tests/test_main.hpp"

namespace tst_urdf_import {

using namespace sslm;
using namespace sslm::fixtures;

namespace {

/// `file` imported as a spatial mechanism (the URDF mapping itself; tst_sdf_import tests the
/// recognition of planar linkages, which importMechanism does by default).
ImportResult mustImport(const std::string& file) {
    MechanismImportOptions spatial;
    spatial.keepSpatial = true;
    ImportResult r = importMechanism(kInteropData + file, spatial);
    if (!r.ok()) {
        qFatal("%s", formatDiagnostics(r.diagnostics).c_str());
    }
    return r;
}

Eigen::Matrix3d rpy(double r, double p, double y) {
    return (Eigen::AngleAxisd(y, Eigen::Vector3d::UnitZ()) *
            Eigen::AngleAxisd(p, Eigen::Vector3d::UnitY()) *
            Eigen::AngleAxisd(r, Eigen::Vector3d::UnitX()))
        .toRotationMatrix();
}

Eigen::Matrix3d tensor(double ixx, double ixy, double ixz, double iyy, double iyz, double izz) {
    Eigen::Matrix3d I;
    I << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
    return I;
}

Eigen::Matrix2d rot(double a) {
    Eigen::Matrix2d R;
    R << std::cos(a), -std::sin(a), std::sin(a), std::cos(a);
    return R;
}

/// The double pendulum of double_pendulum.urdf by hand. Both joints turn about +y, which turns
/// the (z, x) plane counter-clockwise, so in planar coordinates (a, b) = (z, x): body i has its
/// COM at c_i from its pivot, the elbow is at r12 from the shoulder (all at q = 0), and only
/// I_yy about the COM enters the kinetic energy. With φ1 = q1, φ2 = q1 + q2 and
/// D(q2) = r12 · R(q2) c2:
///   T = ½(m1|c1|² + I1 + m2|r12|²) φ̇1² + m2 D φ̇1 φ̇2 + ½(m2|c2|² + I2) φ̇2²,
///   V = −m1 g·R(φ1)c1 − m2 g·(R(φ1) r12 + R(φ2) c2),
/// whose Lagrange equations are
///   M11 φ̈1 + m2 D φ̈2 + m2 D' φ̇2² = Q1,   m2 D φ̈1 + M22 φ̈2 − m2 D' φ̇1² = Q2,
/// with D' = r12 · J R(q2) c2 and Q = −∂V/∂φ.
struct HandPendulum {
    double m1 = 1.2, m2 = 0.8;
    Eigen::Vector2d c1, c2, r12, g{-9.81, 0.0};
    double I1 = 0, I2 = 0;

    HandPendulum() {
        // upper: link frame = ground directions; inertial at (0.02, 0.01, −0.15), rpy rotated
        const Eigen::Matrix3d Iu = rpy(0.4, -0.3, 0.7) *
                                   tensor(0.011, 0.0004, -0.0007, 0.009, 0.0002, 0.0025) *
                                   rpy(0.4, -0.3, 0.7).transpose();
        c1 = {-0.15, 0.02};
        I1 = Iu(1, 1);
        // lower: its frame is turned by yaw 90° at the elbow, (0, 0, −0.3) from the shoulder
        const Eigen::Matrix3d Rl = rpy(0, 0, std::numbers::pi / 2);
        const Eigen::Matrix3d Rin = Rl * rpy(-0.2, 0.5, 0.1);
        const Eigen::Matrix3d Il =
            Rin * tensor(0.006, -0.0003, 0.0001, 0.0055, 0.0004, 0.0012) * Rin.transpose();
        const Eigen::Vector3d comLower = Rl * Eigen::Vector3d(0.01, -0.03, -0.2);
        c2 = {comLower.z(), comLower.x()};
        I2 = Il(1, 1);
        r12 = {-0.3, 0.0};
    }

    Eigen::Vector2d qdd(const Eigen::Vector2d& q, const Eigen::Vector2d& qd) const {
        Eigen::Matrix2d J;
        J << 0, -1, 1, 0;
        const double phi1 = q[0];
        const double phi2 = q[0] + q[1];
        const double w1 = qd[0];
        const double w2 = qd[0] + qd[1];
        const double D = r12.dot(rot(q[1]) * c2);
        const double Dp = r12.dot(J * rot(q[1]) * c2);
        Eigen::Matrix2d M;
        M << m1 * c1.squaredNorm() + I1 + m2 * r12.squaredNorm(), m2 * D, m2 * D,
            m2 * c2.squaredNorm() + I2;
        const double Q1 = m1 * g.dot(J * rot(phi1) * c1) + m2 * g.dot(J * rot(phi1) * r12);
        const double Q2 = m2 * g.dot(J * rot(phi2) * c2);
        const Eigen::Vector2d rhs(Q1 - m2 * Dp * w2 * w2, Q2 + m2 * Dp * w1 * w1);
        const Eigen::Vector2d phidd = M.lu().solve(rhs);
        return {phidd[0], phidd[1] - phidd[0]};
    }
};

} // namespace

class TestUrdfImport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void doublePendulumMapsLinksAndJoints() {
        // both joints turn about y: by default a planar mechanism in the plane X = x, Y = z
        const ImportResult planar = importMechanism(kInteropData + "double_pendulum.urdf");
        QVERIFY(planar.ok() && planar.spec->space == MotionSpace::Planar);
        QVERIFY((planar.report.plane->normal - Eigen::Vector3d(0, -1, 0)).norm() < 1e-15);
        const ImportResult r = mustImport("double_pendulum.urdf");
        const MechanismSpec& spec = *r.spec;
        QCOMPARE(spec.space, MotionSpace::Spatial);
        QCOMPARE(spec.bodies.size(), std::size_t(2)); // tip_marker is merged into lower
        QCOMPARE(spec.joints.size(), std::size_t(2));
        QVERIFY(spec.cuts.empty());
        QCOMPARE(spec.gravityZ, -9.81);
        QCOMPARE(spec.bodies[1].id, std::string("lower"));
        const Eigen::Vector3d elbowAxis = spec.joints[1].axis;
        QVERIFY((elbowAxis - Eigen::Vector3d::UnitY()).norm() < 1e-15);
        // the lower body's COM: its frame turned by 90° about z
        QVERIFY((Eigen::Vector3d(spec.bodies[1].com_B.x(), spec.bodies[1].com_B.y(),
                                 spec.bodies[1].comZ_B) -
                 Eigen::Vector3d(0.03, 0.01, -0.2))
                    .norm() < 1e-15);
        // reported: the root's mass dropped, the limit and the transmission dropped, the
        // collision dropped, two visuals (a cylinder and a mesh)
        auto has = [](const std::vector<ImportItem>& items, const std::string& element) {
            return std::any_of(items.begin(), items.end(), [&](const ImportItem& item) {
                return item.element.find(element) == 0;
            });
        };
        QVERIFY(has(r.report.dropped, "link base"));
        QVERIFY(has(r.report.approximated, "joint elbow limit"));
        QVERIFY(has(r.report.dropped, "transmission shoulder_drive"));
        QVERIFY(has(r.report.dropped, "link upper collision"));
        QVERIFY(has(r.report.mapped, "joint tip"));
        QCOMPARE(r.report.visuals.size(), std::size_t(2));
        QCOMPARE(r.report.visuals[1].meshFile, std::string("package://pendulum/meshes/lower.stl"));
        // the visuals are the bodies' shapes: the upper cylinder at its origin in the body
        // frame, the lower mesh turned by the elbow frame's yaw of 90°, its package not found
        // here (kept as written, reported)
        QCOMPARE(spec.bodies[0].visuals.size(), std::size_t(1));
        QCOMPARE(spec.bodies[0].visuals[0].kind, VisualKind::Cylinder);
        QCOMPARE(spec.bodies[0].visuals[0].length, 0.3);
        QVERIFY((spec.bodies[0].visuals[0].position - Eigen::Vector3d(0, 0, -0.15)).norm() < 1e-15);
        QVERIFY(has(r.report.mapped, "link upper visual cylinder"));
        QCOMPARE(spec.bodies[1].visuals.size(), std::size_t(1));
        const VisualSpec& mesh = spec.bodies[1].visuals[0];
        QCOMPARE(mesh.kind, VisualKind::Mesh);
        QCOMPARE(mesh.file, std::string("package://pendulum/meshes/lower.stl"));
        QVERIFY((mesh.scale - Eigen::Vector3d::Constant(1e-3)).norm() < 1e-18);
        QVERIFY((mesh.rpy - Eigen::Vector3d(0, 0, std::numbers::pi / 2)).norm() < 1e-15);
        QVERIFY(has(r.report.approximated, "link lower visual mesh"));
        // and the spec survives the file format
        const LoadResult again = parseMechanismJson(toJson(spec));
        QVERIFY(again.ok());
        QVERIFY(*again.spec == spec);
    }

    void doublePendulumMovesAsTheLagrangianSays() {
        const ImportResult r = mustImport("double_pendulum.urdf");
        const CompileResult compiled = compileModel(*r.spec);
        QVERIFY2(compiled.ok(), formatDiagnostics(compiled.diagnostics).c_str());
        const Model& model = *compiled.model;
        QCOMPARE(model.nv(), 2);
        const int k1 = model.coordinateIndex("shoulder");
        const int k2 = model.coordinateIndex("elbow");
        QVERIFY(k1 >= 0 && k2 >= 0);
        const HandPendulum hand;
        Workspace ws(model);
        DynamicsWorkspace dws(model);
        const double states[][4] = {{0.0, 0.0, 0.0, 0.0},
                                    {0.3, -0.5, 0.0, 0.0},
                                    {1.2, 0.7, 2.0, -3.0},
                                    {-2.5, 2.9, -1.5, 4.0},
                                    {3.0, -1.0, 5.0, 0.5}};
        double worst = 0;
        for (const auto& s : states) {
            Eigen::VectorXd q = neutralPositions(model);
            Eigen::VectorXd qd = Eigen::VectorXd::Zero(model.nv());
            q[positionIndex(model, k1)] = s[0];
            q[positionIndex(model, k2)] = s[1];
            qd[k1] = s[2];
            qd[k2] = s[3];
            updatePositions(model, ws, q);
            updateVelocities(model, ws, qd);
            treeDynamics(model, ws, dws);
            const Eigen::VectorXd qdd = dws.M.ldlt().solve(dws.phi);
            const Eigen::Vector2d expected = hand.qdd({s[0], s[1]}, {s[2], s[3]});
            const Eigen::Vector2d got(qdd[k1], qdd[k2]);
            const double scale = std::max(expected.norm(), 1.0);
            worst = std::max(worst, (got - expected).norm() / scale);
        }
        qInfo("largest relative difference of q'' from the hand Lagrangian: %.3g", worst);
        QVERIFY2(worst < 1e-9, qPrintable(QString::number(worst)));
    }

    void fixedJointMergesMassProperties() {
        // a: 1 kg at (0, 0, −0.1) from its joint at z = 1; b welded at (0.05, 0, −0.2) from a,
        // turned 90° about x, 2 kg at (0, 0.03, 0) in b's frame, i.e. (0.05, 0, −0.17) from a
        const ImportResult r = importUrdfText(R"(<robot name="welded"><link name="base"/>
<link name="a"><inertial><origin xyz="0 0 -0.1"/><mass value="1"/>
<inertia ixx="0.01" ixy="0" ixz="0" iyy="0.02" iyz="0" izz="0.03"/></inertial></link>
<link name="b"><inertial><origin xyz="0 0.03 0"/><mass value="2"/>
<inertia ixx="0.004" ixy="0" ixz="0" iyy="0.005" iyz="0" izz="0.006"/></inertial></link>
<joint name="hinge" type="continuous"><parent link="base"/><child link="a"/>
<origin xyz="0 0 1"/><axis xyz="0 1 0"/></joint>
<joint name="weld" type="fixed"><parent link="a"/><child link="b"/>
<origin xyz="0.05 0 -0.2" rpy="1.5707963267948966 0 0"/></joint></robot>)",
                                              "welded.urdf");
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics).c_str());
        QCOMPARE(r.spec->bodies.size(), std::size_t(1));
        const BodySpec& body = r.spec->bodies.front();
        QCOMPARE(body.mass, 3.0);
        const Eigen::Vector3d ca(0, 0, -0.1);
        const Eigen::Vector3d cb(0.05, 0, -0.17);
        const Eigen::Vector3d c = (1 * ca + 2 * cb) / 3;
        QVERIFY((Eigen::Vector3d(body.com_B.x(), body.com_B.y(), body.comZ_B) - c).norm() < 1e-15);
        // b's tensor turned by Rx(90°): y and z swap; then both moved to c
        auto shift = [&](double m, const Eigen::Vector3d& at) -> Eigen::Matrix3d {
            const Eigen::Vector3d d = at - c;
            return m * (d.squaredNorm() * Eigen::Matrix3d::Identity() - d * d.transpose());
        };
        const Eigen::Matrix3d expected =
            Eigen::Vector3d(0.01, 0.02, 0.03).asDiagonal().toDenseMatrix() + shift(1, ca) +
            Eigen::Vector3d(0.004, 0.006, 0.005).asDiagonal().toDenseMatrix() + shift(2, cb);
        const double error = (*body.inertiaTensor - expected).cwiseAbs().maxCoeff();
        QVERIFY2(error < 1e-15, qPrintable(QString::number(error)));
        QVERIFY(std::any_of(r.report.mapped.begin(), r.report.mapped.end(),
                            [](const ImportItem& item) { return item.element == "joint weld"; }));
    }

    void urdfPlusFourBarClosesWithOneCut() {
        const ImportResult r = mustImport("four_bar_loop.urdf");
        const MechanismSpec& spec = *r.spec;
        QCOMPARE(spec.bodies.size(), std::size_t(4));
        QCOMPARE(spec.cuts, std::vector<std::string>{"C"});
        const JointSpec& cut = spec.joints.back();
        QCOMPARE(cut.name, std::string("C"));
        QCOMPARE(cut.type, JointType::Spherical);
        QCOMPARE(cut.parent.body, std::string("coupler"));
        QCOMPARE(cut.child.body, std::string("rocker"));
        const LoadResult again = parseMechanismJson(toJson(spec)); // what sslm import writes
        QVERIFY2(again.ok(), formatDiagnostics(again.diagnostics).c_str());
        QVERIFY(!hasErrors(again.diagnostics));
        QVERIFY(*again.spec == spec);

        const CompileResult compiled = compileModel(spec);
        QVERIFY2(compiled.ok(), formatDiagnostics(compiled.diagnostics).c_str());
        const InitialState state = assembleInitialState(*compiled.model);
        Workspace ws(*compiled.model);
        updatePositions(*compiled.model, ws, state.q);
        const double closure = constraintResidual(*compiled.model, ws).cwiseAbs().maxCoeff();
        QVERIFY2(closure < 1e-10, qPrintable(QString::number(closure)));

        const MechanismCheck check = checkMechanism(spec);
        QVERIFY(check.assembles);
        QVERIFY(!check.hasErrors());
        QCOMPARE(check.dofGrubler, 1);
        QVERIFY(check.dofJacobian.has_value());
        QCOMPARE(*check.dofJacobian, 1);
    }

    void constraintElementGivesTheSameMechanism() {
        const ImportResult loop = mustImport("four_bar_loop.urdf");
        const ImportResult constraint = mustImport("four_bar_constraint.urdf");
        QCOMPARE(constraint.spec->cuts, loop.spec->cuts);
        QVERIFY(constraint.spec->joints == loop.spec->joints);
        QVERIFY(constraint.spec->bodies == loop.spec->bodies);
        QVERIFY(constraint.spec->ground == loop.spec->ground);
    }

    void loopVariantsInTheWildAreRead() {
        // name= instead of link=, the origins as siblings, and ACDC4Robot's spelling "sucessor"
        QFile file(QString::fromStdString(kInteropData + "four_bar_loop.urdf"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        std::string text = file.readAll().toStdString();
        const std::size_t begin = text.find("<loop name");
        const std::size_t end = text.find("</loop>") + 7;
        text.replace(begin, end - begin, R"(<loop name="C" type="spherical">
    <predecessor name="coupler"/> <sucessor name="rocker"/>
    <predecessor_origin xyz="0.06 0.12 0.16"/> <successor_origin xyz="0 0 0.1"/>
  </loop>)");
        const ImportResult variant = importUrdfText(text, "variant.urdf");
        QVERIFY2(variant.ok(), formatDiagnostics(variant.diagnostics).c_str());
        const ImportResult loop = mustImport("four_bar_loop.urdf");
        QVERIFY(variant.spec->joints == loop.spec->joints);
        QVERIFY(variant.spec->bodies == loop.spec->bodies);
    }

    void malformedXmlNamesTheLine() {
        const ImportResult r = importMechanism(kInteropData + "malformed.urdf");
        QVERIFY(!r.ok());
        const std::string text = formatDiagnostics(r.diagnostics);
        QVERIFY2(text.find("malformed.urdf:") != std::string::npos, text.c_str());
        QVERIFY2(text.find("malformed XML") != std::string::npos, text.c_str());
    }

    void unknownJointTypeNamesTheElement() {
        const ImportResult r = importMechanism(kInteropData + "unknown_joint_type.urdf");
        QVERIFY(!r.ok());
        const std::string text = formatDiagnostics(r.diagnostics);
        QVERIFY2(text.find("unknown_joint_type.urdf:11: <joint name=\"hinge\">") !=
                     std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("unknown joint type 'hinge'") != std::string::npos, text.c_str());
        QVERIFY2(text.find("revolute") != std::string::npos, text.c_str());
    }

    void universalConstraintKeepsBothAxes() {
        // the child frame is turned 90° about z, so its axis "1 0 0" is y in the ground frame
        const ImportResult r = importUrdfText(R"(<robot name="u"><link name="base"/>
<link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
<link name="b"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
<joint name="ja" type="continuous"><parent link="base"/><child link="a"/><axis xyz="0 0 1"/></joint>
<joint name="jb" type="continuous"><parent link="base"/><child link="b"/><origin xyz="1 0 0"/><axis xyz="0 0 1"/></joint>
<constraint name="U" type="universal">
  <parent link="a"/><parent_origin xyz="0.5 0 0" rpy="0 0 0"/><parent_axis xyz="0 0 1"/>
  <child link="b"/><child_origin xyz="-0.5 0 0" rpy="0 0 1.5707963267948966"/><child_axis xyz="1 0 0"/>
</constraint></robot>)",
                                              "universal.urdf");
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics).c_str());
        const JointSpec& cut = r.spec->joints.back();
        QCOMPARE(cut.type, JointType::Universal);
        QCOMPARE(r.spec->cuts, std::vector<std::string>{"U"});
        QVERIFY((cut.axis - Eigen::Vector3d::UnitZ()).norm() < 1e-15);
        QVERIFY((cut.axis2 - Eigen::Vector3d::UnitY()).norm() < 1e-15);
        QVERIFY(cut.coordinate.empty()); // two coordinates: "U.1", "U.2"
        // its points: (0.5, 0, 0) on a, (−0.5, 0, 0) from b's origin at (1, 0, 0)
        QVERIFY((r.spec->bodies[0].points.back().position3() - Eigen::Vector3d(0.5, 0, 0)).norm() <
                1e-15);
        QVERIFY((r.spec->bodies[1].points.back().position3() - Eigen::Vector3d(-0.5, 0, 0)).norm() <
                1e-15);
    }

    void planarLinkageIn3dIsReportedRedundant() {
        const ImportResult r = importUrdfText(R"(<robot name="planar"><link name="base"/>
<link name="crank"><inertial><origin xyz="0.05 0 0"/><mass value="0.2"/><inertia ixx="1e-5" ixy="0" ixz="0" iyy="2e-4" iyz="0" izz="2e-4"/></inertial></link>
<link name="coupler"><inertial><origin xyz="0.1 0 0.1"/><mass value="0.5"/><inertia ixx="1e-3" ixy="0" ixz="0" iyy="1e-3" iyz="0" izz="1e-4"/></inertial></link>
<link name="rocker"><inertial><origin xyz="0 0 0.1"/><mass value="0.4"/><inertia ixx="1e-3" ixy="0" ixz="0" iyy="1e-3" iyz="0" izz="1e-5"/></inertial></link>
<joint name="j1" type="continuous"><parent link="base"/><child link="crank"/><axis xyz="0 1 0"/></joint>
<joint name="j2" type="continuous"><parent link="crank"/><child link="coupler"/><origin xyz="0.1 0 0"/><axis xyz="0 1 0"/></joint>
<joint name="j4" type="continuous"><parent link="base"/><child link="rocker"/><origin xyz="0.3 0 0"/><axis xyz="0 1 0"/></joint>
<loop name="j3" type="revolute"><predecessor link="coupler"><origin xyz="0.2 0 0.2"/></predecessor>
<successor link="rocker"><origin xyz="0 0 0.2"/></successor><axis xyz="0 1 0"/></loop></robot>)",
                                              "planar.urdf");
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics).c_str()); // imported, with a warning
        QCOMPARE(r.diagnostics.size(), std::size_t(1));
        QVERIFY(!r.diagnostics.front().isError());
        const auto loops =
            std::find_if(r.report.approximated.begin(), r.report.approximated.end(),
                         [](const ImportItem& item) { return item.element == "loops"; });
        QVERIFY(loops != r.report.approximated.end());
        QVERIFY2(loops->note.find("-2 DOF") != std::string::npos, loops->note.c_str());
        QVERIFY2(loops->note.find("planar linkage drawn in 3-D") != std::string::npos,
                 loops->note.c_str());
        // the R-U-S-R four-bar has none
        const ImportResult spatial = mustImport("four_bar_loop.urdf");
        QVERIFY(spatial.diagnostics.empty());
    }

    void closureProblemsAreErrors() {
        const std::string head = R"(<robot name="r"><link name="base"/>
<link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
<joint name="j" type="continuous"><parent link="base"/><child link="a"/><axis xyz="0 0 1"/></joint>
)";
        const ImportResult missing = importUrdfText(
            head +
                R"(<loop name="L" type="revolute"><predecessor link="a"/><successor link="nope"/></loop></robot>)",
            "missing.urdf");
        QVERIFY(!missing.ok());
        QVERIFY(formatDiagnostics(missing.diagnostics).find("link 'nope'") != std::string::npos);
        const ImportResult fixed = importUrdfText(
            head +
                R"(<loop name="L" type="fixed"><predecessor link="a"/><successor link="base"/></loop></robot>)",
            "fixed.urdf");
        QVERIFY(!fixed.ok());
        QVERIFY(formatDiagnostics(fixed.diagnostics).find("fixed.urdf:4: <loop name=\"L\">") !=
                std::string::npos);
    }

    void limitsAndDynamicsAreKept() {
        // a revolute joint with <limit> and <dynamics friction damping>, a prismatic one with
        // one real bound (the other beyond ±1e9), a continuous one whose <limit> only caps
        // effort and velocity, and a revolute one whose bounds leave no travel
        const ImportResult r = importUrdfText(R"(<robot name="stops"><link name="base"/>
<link name="a"><inertial><mass value="1"/>
<inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial></link>
<link name="b"><inertial><mass value="1"/>
<inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial></link>
<link name="c"><inertial><mass value="1"/>
<inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial></link>
<link name="d"><inertial><mass value="1"/>
<inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial></link>
<joint name="hinge" type="revolute"><parent link="base"/><child link="a"/>
<axis xyz="0 0 1"/><limit lower="-0.5" upper="1.25" effort="10" velocity="2"/>
<dynamics damping="0.3" friction="0.7"/></joint>
<joint name="slide" type="prismatic"><parent link="a"/><child link="b"/>
<origin xyz="0.2 0 0"/><axis xyz="1 0 0"/><limit lower="-0.1" upper="1e12" effort="0" velocity="0"/>
<dynamics friction="4"/></joint>
<joint name="spin" type="continuous"><parent link="b"/><child link="c"/>
<origin xyz="0.1 0 0"/><axis xyz="0 0 1"/><limit effort="3" velocity="1"/></joint>
<joint name="stuck" type="revolute"><parent link="c"/><child link="d"/>
<origin xyz="0.1 0 0"/><axis xyz="0 1 0"/><limit lower="0" upper="0" effort="1" velocity="1"/></joint>
</robot>)",
                                              "stops.urdf");
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics).c_str());
        const auto joint = [&](const std::string& name) -> const JointSpec& {
            return *std::find_if(r.spec->joints.begin(), r.spec->joints.end(),
                                 [&](const JointSpec& j) { return j.name == name; });
        };
        const JointSpec& hinge = joint("hinge");
        QVERIFY(hinge.limits.has_value());
        QCOMPARE(*hinge.limits->lower, -0.5);
        QCOMPARE(*hinge.limits->upper, 1.25);
        QCOMPARE(hinge.limits->stiffness, 1e5); // URDF has none: SSLM's default
        QCOMPARE(hinge.limits->restitution, 0.5);
        QVERIFY(hinge.friction.has_value());
        QCOMPARE(hinge.friction->coulomb, 0.7);
        QCOMPARE(hinge.friction->viscous, 0.0);
        QCOMPARE(hinge.friction->smoothingVelocity, 1e-3);
        QVERIFY(hinge.springDamper.has_value()); // damping stays the damper it was
        QCOMPARE(hinge.springDamper->damping, 0.3);
        QCOMPARE(hinge.springDamper->stiffness, 0.0);
        const JointSpec& slide = joint("slide");
        QVERIFY(slide.limits.has_value());
        QCOMPARE(*slide.limits->lower, -0.1);
        QVERIFY(!slide.limits->upper.has_value()); // 1e12: beyond ±1e9, no stop
        QCOMPARE(slide.friction->coulomb, 4.0);
        QVERIFY(!slide.springDamper.has_value());
        QVERIFY(!joint("spin").limits.has_value());
        QVERIFY(!joint("spin").friction.has_value());
        QVERIFY(!joint("stuck").limits.has_value());
        // the report says what it assumed, with the numbers
        const std::string stops = noteOf(r.report.approximated, "joint hinge limit");
        QVERIFY2(stops.find("[-0.5, 1.25] rad") != std::string::npos, stops.c_str());
        QVERIFY2(stops.find("stop stiffness 100000, restitution 0.5") != std::string::npos,
                 stops.c_str());
        QVERIFY2(stops.find("URDF has no stop stiffness or restitution") != std::string::npos,
                 stops.c_str());
        QVERIFY(noteOf(r.report.approximated, "joint slide limit").find("[-0.1, none] m") !=
                std::string::npos);
        QVERIFY(noteOf(r.report.mapped, "joint hinge friction").find("Coulomb friction 0.7 N·m") !=
                std::string::npos);
        QVERIFY(noteOf(r.report.mapped, "joint hinge damping").find("0.3") != std::string::npos);
        QVERIFY(noteOf(r.report.dropped, "joint stuck limit").find("lower ≥ upper [0, 0]") !=
                std::string::npos);
        QVERIFY(noteOf(r.report.dropped, "joint spin effort/velocity limit") != "(none)");
        // and the spec survives the file format
        const LoadResult again = parseMechanismJson(toJson(*r.spec));
        QVERIFY(again.ok());
        QVERIFY(*again.spec == *r.spec);
    }

    void planarImportKeepsTheStops() {
        // double_pendulum.urdf is planar (both axes along y): the elbow's <limit> [−2, 2]
        // survives the recognition, in the file's sense (the elbow turns about +y = −n, so
        // its sides are swapped to keep the coordinate's sign and value)
        const ImportResult planar = importMechanism(kInteropData + "double_pendulum.urdf");
        QVERIFY(planar.ok() && planar.spec->space == MotionSpace::Planar);
        const JointSpec& elbow = planar.spec->joints[1];
        QCOMPARE(elbow.name, std::string("elbow"));
        QVERIFY(elbow.limits.has_value());
        QCOMPARE(*elbow.limits->lower, -2.0);
        QCOMPARE(*elbow.limits->upper, 2.0);
        QVERIFY(!planar.spec->joints[0].limits.has_value()); // the shoulder is continuous
    }

    void unknownFormatIsNamed() {
        const ImportResult r = importMechanism("model.step");
        QVERIFY(!r.ok());
        QVERIFY(formatDiagnostics(r.diagnostics).find("unknown model format '.step'") !=
                std::string::npos);
    }
};

SSLM_TEST_APPLESS_MAIN(TestUrdfImport)
} // namespace tst_urdf_import

#include "tst_urdf_import.moc"
