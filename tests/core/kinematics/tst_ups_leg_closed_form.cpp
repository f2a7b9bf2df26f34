// SPDX-License-Identifier: MIT
// The UPS leg's closed form (seed 004's class for a Stewart–Gough platform's legs): a platform
// placed by six inputs on three random UPS legs, each leg solved alone in closed form with its
// 4 modes, 64 in all, each closing to 1e-12 and equal to Newton's from 1e-3 away; multi-start
// Newton finds no other; a mode is held while the platform goes round a circle; a leg that
// cannot shorten enough is named.

#include <cmath>
#include <numbers>
#include <random>

#include <QtTest>

#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/spec/spatial_templates.hpp"

#include "tests/test_main.hpp"

namespace tst_ups_leg_closed_form {

using namespace sslm;

namespace {

using Vec3 = Eigen::Vector3d;

/// How far each leg's ball sits off its slide's axis (m): the shortest the leg can be.
constexpr double kBallOffset = 0.05;
/// Where the platform's centre is at the design pose (m, W).
const Vec3 kCentre(0.0, 0.0, 0.6);

/// A 5 kg platform placed by x, y, z, yaw, pitch, roll (placeByInputs) on three UPS legs of
/// random shape, each cut at its spherical joint S<i>; every coordinate 0 is the design pose.
std::shared_ptr<const Model> tripod(unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> spread(-0.08, 0.08);
    MechanismSpec spec = stewartPlatformSpec();
    spec.name = "tripod";
    spec.bodies.clear();
    spec.joints.clear();
    spec.cuts.clear();
    spec.ground.points.clear();
    spec.initial = {};
    spec.tracedPoints.clear();
    spec.bodies.push_back(spatialBody("platform", 5.0, kCentre, 0.1 * Eigen::Matrix3d::Identity(),
                                      {spatialPoint("centre", kCentre)}));
    for (int i = 0; i < 3; ++i) {
        const std::string n = std::to_string(i + 1);
        const double angle = 2.0 * std::numbers::pi * i / 3.0 + spread(rng);
        const Vec3 base =
            0.5 * Vec3(std::cos(angle), std::sin(angle), 0.0) + Vec3(spread(rng), spread(rng), 0.0);
        const Vec3 top = kCentre + 0.3 * Vec3(std::cos(angle + 1.0), std::sin(angle + 1.0), 0.0) +
                         Vec3(spread(rng), spread(rng), spread(rng));
        const Vec3 u = (top - base).normalized();
        const Vec3 across = Vec3::UnitZ().cross(u).normalized();
        const Vec3 ball = top + kBallOffset * across.cross(u); // off the slide's axis
        spec.ground.points.push_back(spatialPoint("B" + n, base));
        spec.bodies.front().points.push_back(spatialPoint("S" + n, ball));
        const Eigen::Matrix3d small = 0.01 * Eigen::Matrix3d::Identity();
        spec.bodies.push_back(spatialBody("cylinder" + n, 1.0, base, small,
                                          {spatialPoint("B", base), spatialPoint("slide", base),
                                           spatialPoint("end", base + 0.4 * u)}));
        spec.bodies.push_back(spatialBody("piston" + n, 0.5, top, small,
                                          {spatialPoint("slide", base), spatialPoint("S", ball)}));
        JointSpec hooke = spatialJoint("U" + n, JointType::Universal, {kGroundId, "B" + n},
                                       {"cylinder" + n, "B"}, across, u.cross(across));
        hooke.coordinates = {"U" + n + ".1", "U" + n + ".2"};
        JointSpec slide = spatialJoint("P" + n, JointType::Prismatic, {"cylinder" + n, "slide"},
                                       {"piston" + n, "slide"}, u);
        slide.coordinate = "L" + n;
        JointSpec ballJoint =
            spatialJoint("S" + n, JointType::Spherical, {"piston" + n, "S"}, {"platform", "S" + n});
        ballJoint.coordinates = {"S" + n + ".wx", "S" + n + ".wy", "S" + n + ".wz"};
        spec.joints.insert(spec.joints.end(), {hooke, slide, ballJoint});
        spec.cuts.push_back("S" + n);
    }
    placeByInputs(spec, "platform", "centre");
    spec.initial.independent = {{"x", kCentre.x()}, {"y", kCentre.y()}, {"z", kCentre.z()},
                                {"yaw", 0.0},       {"pitch", 0.0},     {"roll", 0.0}};
    const CompileResult result = compileModel(spec);
    if (!result.ok()) {
        qFatal("%s", formatDiagnostics(result.diagnostics).c_str());
    }
    return result.model;
}

double closure(const Model& model, Workspace& ws, const Eigen::VectorXd& q) {
    updatePositions(model, ws, q);
    return constraintResidual(model, ws).cwiseAbs().maxCoeff();
}

/// The largest coordinate difference, angles modulo 2π.
double gap(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    double worst = 0;
    for (Eigen::Index k = 0; k < a.size(); ++k) {
        worst = std::max(worst, std::abs(std::remainder(a[k] - b[k], 2.0 * std::numbers::pi)));
    }
    return worst;
}

/// The design pose moved to the platform inputs `inputs` (x, y, z, yaw, pitch, roll).
Eigen::VectorXd atInputs(const Model& model, const std::array<double, 6>& inputs) {
    Eigen::VectorXd q = neutralPositions(model);
    const char* names[] = {"x", "y", "z", "yaw", "pitch", "roll"};
    for (int k = 0; k < 6; ++k) {
        q[positionIndex(model, model.coordinateIndex(names[k]))] = inputs[k];
    }
    return q;
}

} // namespace

class TestUpsLegClosedForm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void threeLegsHaveSixtyFourModes() {
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> nudge(-1e-3, 1e-3);
        std::uniform_real_distribution<double> anywhere(-3.0, 3.0);
        std::uniform_real_distribution<double> move(-0.05, 0.05);
        for (unsigned geometry = 0; geometry < 6; ++geometry) {
            const auto model = tripod(geometry);
            Workspace ws(*model);
            const Eigen::VectorXd start =
                atInputs(*model, {kCentre.x() + move(rng), kCentre.y() + move(rng),
                                  kCentre.z() + move(rng), move(rng), move(rng), move(rng)});
            Eigen::VectorXd q = start;
            const AssemblyReport report = assemble(*model, ws, q, model->independent);
            QVERIFY2(report.converged, report.message.c_str());
            QCOMPARE(report.classes, std::vector<std::string>(3, "UPS"));
            QCOMPARE(report.iterations, 0);
            const std::vector<Eigen::VectorXd> modes =
                assemblyModes(*model, ws, q, model->independent);
            QCOMPARE(modes.size(), std::size_t{64});
            AssemblyOptions newtonOnly;
            newtonOnly.closedForm = false;
            newtonOnly.tolerance = 1e-15;
            for (const Eigen::VectorXd& mode : modes) {
                QVERIFY(closure(*model, ws, mode) <= 1e-12);
                Eigen::VectorXd near = mode;
                Eigen::VectorXd rates = Eigen::VectorXd::Zero(model->nv());
                for (int k = 0; k < model->nv(); ++k) {
                    if (std::ranges::find(model->independent, k) == model->independent.end()) {
                        rates[k] = nudge(rng);
                    }
                }
                integratePositions(*model, mode, rates, 1.0, near);
                QVERIFY(assemble(*model, ws, near, model->independent, {}, newtonOnly).converged);
                QVERIFY2(gap(near, mode) < 1e-12, qPrintable(QString::number(gap(near, mode))));
            }
            // multi-start Newton: nothing the enumeration missed
            newtonOnly.maxIterations = 200;
            newtonOnly.tolerance = 1e-13;
            for (int s = 0; s < 40; ++s) {
                Eigen::VectorXd trial = q;
                Eigen::VectorXd rates = Eigen::VectorXd::Zero(model->nv());
                for (int k = 0; k < model->nv(); ++k) {
                    if (std::ranges::find(model->independent, k) == model->independent.end()) {
                        rates[k] = anywhere(rng);
                    }
                }
                integratePositions(*model, q, rates, 1.0, trial);
                if (!assemble(*model, ws, trial, model->independent, {}, newtonOnly).converged) {
                    continue;
                }
                QVERIFY(std::ranges::any_of(
                    modes, [&](const Eigen::VectorXd& m) { return gap(m, trial) < 1e-6; }));
            }
        }
    }

    void aModeIsHeldRoundACircle() {
        const auto model = tripod(1);
        Workspace ws(*model);
        const int x = positionIndex(*model, model->coordinateIndex("x"));
        const int y = positionIndex(*model, model->coordinateIndex("y"));
        for (const int label : {+1, -1, +2, -2}) {
            Eigen::VectorXd q = atInputs(*model, {0.0, 0.0, 0.6, 0.0, 0.0, 0.0});
            Eigen::VectorXd previous;
            double largest = 0;
            for (int step = 0; step <= 360; ++step) {
                const double a = step * std::numbers::pi / 180.0;
                q[x] = 0.1 * std::sin(a);
                q[y] = 0.1 * (1.0 - std::cos(a));
                const AssemblyReport report =
                    assemble(*model, ws, q, model->independent, AssemblyMode(3, label));
                QVERIFY2(report.converged, report.message.c_str());
                QCOMPARE(report.branch, std::vector<int>(3, label));
                if (previous.size() > 0) {
                    largest = std::max(largest, gap(q, previous));
                }
                previous = q;
            }
            QVERIFY2(largest < 0.05, qPrintable(QString::number(largest)));
        }
    }

    void aLegThatCannotShortenEnoughIsNamed() {
        // the platform lowered until leg 1's ball is 1 cm from its base joint
        const auto model = tripod(2);
        Workspace ws(*model);
        updatePositions(*model, ws,
                        atInputs(*model, {kCentre.x(), kCentre.y(), kCentre.z(), 0, 0, 0}));
        const int platform = model->bodyIndex("platform");
        const int ground = 0;
        const Vec3 ball =
            pointPosition(ws, platform, model->bodies[platform].points[1].position3());
        const Vec3 base = pointPosition(ws, ground, model->bodies[ground].points[0].position3());
        const Vec3 shift = base + Vec3(0.0, 0.0, 0.01) - ball;
        Eigen::VectorXd q = atInputs(*model, {kCentre.x() + shift.x(), kCentre.y() + shift.y(),
                                              kCentre.z() + shift.z(), 0, 0, 0});
        const AssemblyReport report = assemble(*model, ws, q, model->independent);
        QVERIFY(!report.converged);
        QVERIFY2(report.message.find("U1 and S1 cannot reach") != std::string::npos,
                 report.message.c_str());
    }
};

SSLM_TEST_APPLESS_MAIN(TestUpsLegClosedForm)
} // namespace tst_ups_leg_closed_form
#include "tst_ups_leg_closed_form.moc"
