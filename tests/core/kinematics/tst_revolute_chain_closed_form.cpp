// SPDX-License-Identifier: MIT
// The closed form of the 6R elbow arm with a spherical wrist (seed 004, 8 modes) and of the
// spherical four-bar (its wrist alone, 2 modes), on the examples' geometry and on random ones:
// every mode closes to 1e-12 and equals Newton's from a nearby guess, multi-start Newton finds
// no root the enumeration missed, the labels name the same pose for every cut, a mode is held
// over a 360-step stroke, and an unreachable input is named.

#include <cmath>
#include <numbers>
#include <random>
#include <sstream>
#include <stdexcept>

#include <QtTest>

#include "core/kinematics/closed_form_solution.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/spec/spatial_templates.hpp"

#include "tests/test_main.hpp"

namespace tst_revolute_chain_closed_form {

using namespace sslm;

namespace {

using Vec3 = Eigen::Vector3d;

std::shared_ptr<const Model> compiled(const MechanismSpec& spec, const std::string& cut) {
    CompileOptions options;
    options.cuts = std::vector<std::string>{cut};
    const CompileResult result = compileModel(spec, options);
    for (const auto& d : result.diagnostics) {
        qWarning("%s: %s", d.where.c_str(), d.message.c_str());
    }
    return result.model;
}

double closure(const Model& model, Workspace& ws, const Eigen::VectorXd& q) {
    updatePositions(model, ws, q);
    return constraintResidual(model, ws).cwiseAbs().maxCoeff();
}

/// The largest difference of the bodies' world poses (m, or rotation entries) between q in
/// `a` and r in `b`, bodies matched by id.
double poseGap(const Model& a, const Eigen::VectorXd& q, const Model& b, const Eigen::VectorXd& r) {
    Workspace wa(a);
    Workspace wb(b);
    updatePositions(a, wa, q);
    updatePositions(b, wb, r);
    double gap = 0;
    for (int i = 1; i < static_cast<int>(a.bodies.size()); ++i) {
        const int j = b.bodyIndex(a.bodies[i].id);
        gap = std::max({gap, (wa.rotation[i] - wb.rotation[j]).cwiseAbs().maxCoeff(),
                        (wa.position[i] - wb.position[j]).cwiseAbs().maxCoeff()});
    }
    return gap;
}

/// The largest coordinate difference, angles modulo 2π.
double coordinateGap(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    double gap = 0;
    for (Eigen::Index k = 0; k < a.size(); ++k) {
        gap = std::max(gap, std::abs(std::remainder(a[k] - b[k], 2.0 * std::numbers::pi)));
    }
    return gap;
}

Vec3 randomUnit(std::mt19937& rng) {
    std::normal_distribution<double> normal;
    return Vec3(normal(rng), normal(rng), normal(rng)).normalized();
}

/// An arm of random shape that keeps the closed-form structure: J2 ∥ J3, J4…J6 meeting.
ElbowManipulatorOptions randomArm(std::mt19937& rng) {
    std::uniform_real_distribution<double> length(0.2, 0.6);
    std::uniform_real_distribution<double> offset(-0.15, 0.15);
    std::uniform_real_distribution<double> angle(-1.2, 1.2);
    ElbowManipulatorOptions arm;
    arm.axes[0] = randomUnit(rng);
    arm.axes[1] = randomUnit(rng);
    arm.axes[2] = (offset(rng) < 0 ? -1.0 : 1.0) * arm.axes[1];
    for (int k = 3; k < 6; ++k) {
        arm.axes[k] = randomUnit(rng);
    }
    arm.points[0] = Vec3(offset(rng), offset(rng), offset(rng));
    arm.points[1] = arm.points[0] + length(rng) * randomUnit(rng);
    arm.points[2] = arm.points[1] + length(rng) * randomUnit(rng);
    const Vec3 wrist = arm.points[2] + length(rng) * randomUnit(rng);
    for (int k = 3; k < 6; ++k) {
        arm.points[k] = wrist + offset(rng) * arm.axes[k];
    }
    arm.tool = wrist + 0.1 * randomUnit(rng);
    for (double& a : arm.angles) {
        a = angle(rng);
    }
    return arm;
}

/// A spherical four-bar of random link angles (20°…100°) whose coupler and follower meet at a
/// random crank angle, cut at J2, J3 or J4.
MechanismSpec randomSphericalFourBar(std::mt19937& rng, const std::string& cut) {
    std::uniform_real_distribution<double> link(20.0, 100.0);
    std::uniform_real_distribution<double> crank(-std::numbers::pi, std::numbers::pi);
    for (;;) {
        SphericalFourBarOptions options;
        options.ground = link(rng) * std::numbers::pi / 180.0;
        options.crank = link(rng) * std::numbers::pi / 180.0;
        options.coupler = link(rng) * std::numbers::pi / 180.0;
        options.follower = link(rng) * std::numbers::pi / 180.0;
        options.crankAngle = crank(rng);
        options.cut = cut;
        try {
            return sphericalFourBarSpec(options);
        } catch (const std::invalid_argument&) {
            // the links do not close at this crank angle: draw again
        }
    }
}

/// Whether every revolute cut joint has its two axes pointing the same way: its closure rows
/// (the axes' perpendicularity) are met by opposite axes too, an assembly no joint can make
/// and assemble() refuses.
bool cutAxesAligned(const Model& model, Workspace& ws, const Eigen::VectorXd& q) {
    updatePositions(model, ws, q);
    return std::ranges::all_of(model.joints, [&](const Joint& j) {
        return !j.isCut() || j.type != JointType::Revolute ||
               (ws.rotation[j.bodyA] * j.axis_A).dot(ws.rotation[j.bodyB] * j.axis_B) > 0;
    });
}

/// Random starts for Newton over every dependent coordinate; the distinct roots it reaches.
std::vector<Eigen::VectorXd> newtonRoots(const Model& model,
                                         const Eigen::VectorXd& q,
                                         const std::vector<int>& independent,
                                         int starts,
                                         std::mt19937& rng) {
    std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi);
    Workspace ws(model);
    AssemblyOptions newtonOnly;
    newtonOnly.closedForm = false;
    newtonOnly.maxIterations = 200;
    std::vector<Eigen::VectorXd> roots;
    for (int s = 0; s < starts; ++s) {
        Eigen::VectorXd trial = q;
        for (int k = 0; k < model.nv(); ++k) {
            if (std::ranges::find(independent, k) == independent.end()) {
                trial[positionIndex(model, k)] = angle(rng);
            }
        }
        if (assemble(model, ws, trial, independent, {}, newtonOnly).converged &&
            cutAxesAligned(model, ws, trial) &&
            std::ranges::none_of(
                roots, [&](const Eigen::VectorXd& r) { return coordinateGap(r, trial) < 1e-6; })) {
            roots.push_back(trial);
        }
    }
    return roots;
}

/// Checks the modes of `model` at q: each closes to 1e-12, is Newton's root from 1e-3 away
/// to 1e-12, and multi-start Newton finds no other. Returns the number of modes.
int checkModes(const Model& model, const Eigen::VectorXd& q, std::mt19937& rng, int starts) {
    Workspace ws(model);
    const std::vector<Eigen::VectorXd> modes = assemblyModes(model, ws, q, model.independent);
    AssemblyOptions newtonOnly;
    newtonOnly.closedForm = false;
    newtonOnly.tolerance = 1e-15; // to rounding: its coordinates then agree to 1e-12
    std::uniform_real_distribution<double> nudge(-1e-3, 1e-3);
    for (const Eigen::VectorXd& mode : modes) {
        if (!(closure(model, ws, mode) <= 1e-12)) {
            qWarning("a mode closes only to %.3g", closure(model, ws, mode));
            return -1;
        }
        Eigen::VectorXd near = mode;
        for (int k = 0; k < model.nv(); ++k) {
            if (std::ranges::find(model.independent, k) == model.independent.end()) {
                near[positionIndex(model, k)] += nudge(rng);
            }
        }
        if (!assemble(model, ws, near, model.independent, {}, newtonOnly).converged ||
            coordinateGap(near, mode) > 1e-12) {
            qWarning("Newton from 1e-3 away differs by %.3g", coordinateGap(near, mode));
            return -1;
        }
    }
    for (const Eigen::VectorXd& root : newtonRoots(model, q, model.independent, starts, rng)) {
        if (std::ranges::none_of(
                modes, [&](const Eigen::VectorXd& m) { return coordinateGap(m, root) < 1e-6; })) {
            std::ostringstream text;
            text << root.transpose();
            Workspace check(model);
            qWarning("multi-start Newton found a root the enumeration missed: %s (closes to %.3g)",
                     text.str().c_str(), closure(model, check, root));
            return -1;
        }
    }
    return static_cast<int>(modes.size());
}

} // namespace

class TestRevoluteChainClosedForm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void elbowManipulatorHasEightModes() {
        const auto model = compiled(elbowManipulatorSpec(), "J6");
        QVERIFY(model);
        const InitialState initial = assembleInitialState(*model);
        QVERIFY2(initial.report.converged, initial.report.message.c_str());
        QCOMPARE(initial.report.classes[0], std::string("6R, spherical wrist"));
        QCOMPARE(initial.report.modeCounts[0], 8);
        QCOMPARE(initial.report.iterations, 0);
        // the mode nearest the guess is the arm angles the inputs came from
        const ElbowManipulatorOptions arm;
        for (int k = 0; k < 5; ++k) {
            const int at =
                positionIndex(*model, model->coordinateIndex("q" + std::to_string(k + 1)));
            QVERIFY(std::abs(initial.q[at] - arm.angles[k]) < 1e-12);
        }
        std::mt19937 rng(4);
        QCOMPARE(checkModes(*model, initial.q, rng, 300), 8);
    }

    void modeLabelsNameOnePoseForEveryCut() {
        const MechanismSpec spec = elbowManipulatorSpec();
        const auto reference = compiled(spec, "J6");
        const InitialState initial = assembleInitialState(*reference);
        for (const char* cut : {"J1", "J2", "J3", "J4", "J5"}) {
            const auto model = compiled(spec, cut);
            QVERIFY2(model, cut);
            Workspace ws(*model);
            Workspace refWs(*reference);
            for (int index = 0; index < 8; ++index) {
                const int label = modeLabel(index);
                Eigen::VectorXd q = neutralPositions(*model);
                Eigen::VectorXd r = initial.q;
                for (const auto& [name, value] : spec.initial.independent) {
                    q[positionIndex(*model, model->coordinateIndex(name))] = value;
                }
                const AssemblyReport report = assemble(*model, ws, q, model->independent, {label});
                QVERIFY2(report.converged, qPrintable(QString("cut %1, mode %2: %3")
                                                          .arg(cut)
                                                          .arg(label)
                                                          .arg(report.message.c_str())));
                QCOMPARE(report.branch[0], label);
                QVERIFY(assemble(*reference, refWs, r, reference->independent, {label}).converged);
                QVERIFY2(poseGap(*model, q, *reference, r) < 1e-12,
                         qPrintable(QString("cut %1, mode %2").arg(cut).arg(label)));
            }
        }
    }

    void newtonRefusesOppositeCutAxes() {
        // a revolute cut's rows hold with its two axes opposite too; Newton from far off can
        // land there, and assemble() must refuse that pose by name rather than return it
        const auto model = compiled(elbowManipulatorSpec(), "J6");
        const Eigen::VectorXd q = assembleInitialState(*model).q;
        Workspace ws(*model);
        std::mt19937 rng(4);
        std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi);
        AssemblyOptions newtonOnly;
        newtonOnly.closedForm = false;
        newtonOnly.maxIterations = 200;
        int refused = 0;
        for (int start = 0; start < 300; ++start) {
            Eigen::VectorXd trial = q;
            for (int k = 0; k < model->nv(); ++k) {
                if (std::ranges::find(model->independent, k) == model->independent.end()) {
                    trial[positionIndex(*model, k)] = angle(rng);
                }
            }
            const AssemblyReport report =
                assemble(*model, ws, trial, model->independent, {}, newtonOnly);
            if (report.converged) {
                QVERIFY(cutAxesAligned(*model, ws, trial));
            } else if (report.message.find("J6 opposite (a half turn)") != std::string::npos) {
                ++refused;
            }
        }
        qInfo("%d of 300 Newton starts reached J6 turned a half turn, refused", refused);
        QVERIFY(refused > 0);
    }

    void randomArmsCloseAndMissNoRoot() {
        std::mt19937 rng(7);
        int eight = 0;
        for (int trial = 0; trial < 12; ++trial) {
            const MechanismSpec spec = elbowManipulatorSpec(randomArm(rng));
            const auto model = compiled(spec, trial % 2 == 0 ? "J6" : "J3");
            QVERIFY(model);
            const InitialState initial = assembleInitialState(*model);
            QVERIFY2(initial.report.converged, initial.report.message.c_str());
            QCOMPARE(initial.report.closedFormLoops, std::vector<int>{0});
            const int modes = checkModes(*model, initial.q, rng, 200);
            QVERIFY2(modes >= 2 && modes <= 8 && modes % 2 == 0,
                     qPrintable(QString("trial %1: %2 modes").arg(trial).arg(modes)));
            eight += modes == 8 ? 1 : 0;
        }
        QVERIFY(eight > 0);
    }

    void aModeIsHeldOverAStroke() {
        // the tool centre point around a 0.1 m circle in 360 steps, in each of the 8 modes
        const MechanismSpec spec = elbowManipulatorSpec();
        const auto model = compiled(spec, "J6");
        Workspace ws(*model);
        const InitialState initial = assembleInitialState(*model);
        const int x = positionIndex(*model, model->coordinateIndex("x"));
        const int y = positionIndex(*model, model->coordinateIndex("y"));
        for (int index = 0; index < 8; ++index) {
            Eigen::VectorXd q = initial.q;
            Eigen::VectorXd previous = q;
            double largestStep = 0;
            for (int step = 0; step <= 360; ++step) {
                const double a = step * std::numbers::pi / 180.0;
                q[x] = initial.q[x] + 0.1 * (std::cos(a) - 1.0);
                q[y] = initial.q[y] + 0.1 * std::sin(a);
                const AssemblyReport report =
                    assemble(*model, ws, q, model->independent, {modeLabel(index)});
                QVERIFY2(report.converged, report.message.c_str());
                QVERIFY(closure(*model, ws, q) <= 1e-12);
                if (step > 0) {
                    largestStep = std::max(largestStep, coordinateGap(q, previous));
                }
                previous = q;
            }
            QVERIFY2(
                largestStep < 0.05,
                qPrintable(
                    QString("mode %1: a step of %2 rad").arg(modeLabel(index)).arg(largestStep)));
        }
    }

    void anUnreachableToolIsNamed() {
        const auto model = compiled(elbowManipulatorSpec(), "J6");
        Workspace ws(*model);
        Eigen::VectorXd q = assembleInitialState(*model).q;
        q[positionIndex(*model, model->coordinateIndex("x"))] = 3.0; // the arm reaches ~1 m
        const AssemblyReport report = assemble(*model, ws, q, model->independent);
        QVERIFY(!report.converged);
        QVERIFY2(report.message.find("out of reach") != std::string::npos, report.message.c_str());
        QVERIFY2(report.message.find("√(A² + B²)") != std::string::npos, report.message.c_str());
    }

    void sphericalFourBarHasTwoModes() {
        for (const char* cut : {"J4", "J3", "J2"}) {
            const auto model = compiled(sphericalFourBarSpec({.cut = cut}), cut);
            QVERIFY2(model, cut);
            QCOMPARE(model->loops[0].rows, 2); // the cut's two axis rows (spherical_loops.hpp)
            const InitialState initial = assembleInitialState(*model);
            QVERIFY2(initial.report.converged, initial.report.message.c_str());
            QCOMPARE(initial.report.classes[0], std::string("spherical 4R"));
            QCOMPARE(initial.report.modeCounts[0], 2);
            QCOMPARE(initial.report.iterations, 0);
            std::mt19937 rng(4);
            QCOMPARE(checkModes(*model, initial.q, rng, 300), 2);
            // the joints' points meet too, though only the axis rows are kept: the loop closes
            Workspace ws(*model);
            updatePositions(*model, ws, initial.q);
            const Joint& j = model->joints[model->cuts[0]];
            QVERIFY(((ws.position[j.bodyA] + ws.rotation[j.bodyA] * j.p_A) -
                     (ws.position[j.bodyB] + ws.rotation[j.bodyB] * j.p_B))
                        .norm() < 1e-12);
        }
    }

    void sphericalLabelsNameOnePoseForEveryCut() {
        std::mt19937 rng(11);
        for (int trial = 0; trial < 6; ++trial) {
            const MechanismSpec spec =
                trial == 0 ? sphericalFourBarSpec() : randomSphericalFourBar(rng, "J4");
            const auto byJ4 = compiled(spec, "J4");
            for (const char* cut : {"J2", "J3"}) {
                const auto model = compiled(spec, cut);
                QVERIFY2(model, cut);
                Workspace ws(*model);
                Workspace refWs(*byJ4);
                for (int label : {+1, -1}) {
                    Eigen::VectorXd q = neutralPositions(*model);
                    Eigen::VectorXd r = neutralPositions(*byJ4);
                    const AssemblyReport a = assemble(*model, ws, q, model->independent, {label});
                    const AssemblyReport b = assemble(*byJ4, refWs, r, byJ4->independent, {label});
                    QVERIFY2(a.converged && b.converged, (a.message + b.message).c_str());
                    QVERIFY2(poseGap(*model, q, *byJ4, r) < 1e-12,
                             qPrintable(QString("trial %1, cut %2, mode %3: %4")
                                            .arg(trial)
                                            .arg(cut)
                                            .arg(label)
                                            .arg(poseGap(*model, q, *byJ4, r))));
                }
            }
        }
    }

    void randomSphericalFourBarsCloseAndMissNoRoot() {
        std::mt19937 rng(9);
        for (int trial = 0; trial < 12; ++trial) {
            const std::string cut = std::array{"J2", "J3", "J4"}[trial % 3];
            const auto model = compiled(randomSphericalFourBar(rng, cut), cut);
            QVERIFY(model);
            const InitialState initial = assembleInitialState(*model);
            QVERIFY2(initial.report.converged, initial.report.message.c_str());
            QCOMPARE(initial.report.closedFormLoops, std::vector<int>{0});
            QCOMPARE(checkModes(*model, initial.q, rng, 200), 2);
        }
    }

    void aSphericalModeIsHeldOverACrankTurn() {
        // the default is a Grashof crank-rocker: the crank turns fully, in 360 steps
        const auto model = compiled(sphericalFourBarSpec(), "J4");
        Workspace ws(*model);
        const InitialState initial = assembleInitialState(*model);
        const int theta = positionIndex(*model, model->coordinateIndex("theta"));
        for (int label : {+1, -1}) {
            Eigen::VectorXd q = initial.q;
            Eigen::VectorXd previous = q;
            double largestStep = 0;
            for (int step = 0; step <= 360; ++step) {
                q[theta] = step * std::numbers::pi / 180.0;
                const AssemblyReport report = assemble(*model, ws, q, model->independent, {label});
                QVERIFY2(report.converged, report.message.c_str());
                QVERIFY(closure(*model, ws, q) <= 1e-12);
                if (step > 0) {
                    Eigen::VectorXd moved = q - previous;
                    moved[theta] = 0;
                    largestStep = std::max(largestStep, coordinateGap(moved, moved * 0.0));
                }
                previous = q;
            }
            QVERIFY2(largestStep < 0.05,
                     qPrintable(QString("mode %1: a step of %2 rad").arg(label).arg(largestStep)));
        }
    }

    void anUnreachableSphericalInputIsNamed() {
        // a long crank on a short ground: a crank angle where the coupler and follower cannot
        // meet
        SphericalFourBarOptions options;
        options.crank = 70.0 * std::numbers::pi / 180.0;
        options.ground = 30.0 * std::numbers::pi / 180.0;
        options.coupler = 30.0 * std::numbers::pi / 180.0;
        options.follower = 60.0 * std::numbers::pi / 180.0;
        options.crankAngle = 0.0; // J2 40° from J4: the coupler and follower meet
        // half a turn on, J2 is 100° from J4, more than the coupler and follower span (90°)
        const auto model = compiled(sphericalFourBarSpec(options), "J4");
        QVERIFY(model);
        Workspace ws(*model);
        Eigen::VectorXd q = assembleInitialState(*model).q;
        q[positionIndex(*model, model->coordinateIndex("theta"))] = std::numbers::pi;
        const AssemblyReport report = assemble(*model, ws, q, model->independent);
        QVERIFY(!report.converged);
        QVERIFY2(report.message.find("√(A² + B²)") != std::string::npos, report.message.c_str());
    }
};

SSLM_TEST_APPLESS_MAIN(TestRevoluteChainClosedForm)
} // namespace tst_revolute_chain_closed_form
#include "tst_revolute_chain_closed_form.moc"
