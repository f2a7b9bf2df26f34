// SPDX-License-Identifier: MIT
// The RSSR's closed-form position solution (seed 004) against shared/spec/spatial.md: both
// assembly branches at θ = 0, closure on both branches over a whole crank turn for every cut
// joint J1…J4, agreement with Newton, a sweep that keeps its branch, a loop that cannot close,
// and the structure recognised only where it holds.

#include <cmath>
#include <numbers>
#include <random>

#include <QtTest>

#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/kinematics/rssr_closed_form.hpp"
#include "core/model/compile.hpp"
#include "core/spec/spatial_templates.hpp"

#include "tests/test_main.hpp"

namespace tst_rssr_closed_form {

using namespace sslm;

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
/// The two rocker angles at θ = 0 (spatial.md §1): C above D, and the other branch.
constexpr double kPhiAbove = 2.004625277;
constexpr double kPhiOther = 5.205855248;

std::shared_ptr<const Model> rssrCutAt(const std::string& cut) {
    CompileOptions options;
    options.cuts = std::vector<std::string>{cut};
    const CompileResult result = compileModel(rssrSpec("J3"), options);
    return result.model;
}

/// An angle in [0, 2π).
double wrapped(double angle) {
    const double a = std::fmod(angle, kTwoPi);
    return a < 0 ? a + kTwoPi : a;
}

int body(const Model& model, const char* id) {
    return model.bodyIndex(id);
}

/// θ and φ read off the body poses (the crank turns about z, the rocker about x), whichever
/// joints are cut. Precondition: updatePositions.
double crankAngle(const Model& model, const Workspace& ws) {
    const Eigen::Matrix3d& r = ws.rotation[body(model, "crank")];
    return std::atan2(r(1, 0), r(0, 0));
}
double rockerAngle(const Model& model, const Workspace& ws) {
    const Eigen::Matrix3d& r = ws.rotation[body(model, "rocker")];
    return std::atan2(r(2, 1), r(1, 1));
}

double closure(const Model& model, Workspace& ws, const Eigen::VectorXd& q) {
    updatePositions(model, ws, q);
    return constraintResidual(model, ws).cwiseAbs().maxCoeff();
}

/// The position entry of coordinate `name`.
int positionOf(const Model& model, const char* name) {
    return positionIndex(model, model.coordinateIndex(name));
}

/// The RSSR cut at `cut`, driven at the crank θ, or at the rocker φ when the crank's joint J1
/// is the cut: the input's rate index and position index.
struct CutDrive {
    std::shared_ptr<const Model> model;
    bool rockerInput = false;
    const char* inputName = "theta";
    int input = -1; ///< rate index
    int at = -1;    ///< position index
};

CutDrive driveWithCutAt(const char* cut) {
    CutDrive d;
    d.model = rssrCutAt(cut);
    d.rockerInput = std::string(cut) == "J1";
    d.inputName = d.rockerInput ? "phi" : "theta";
    d.input = d.model->coordinateIndex(d.inputName);
    d.at = positionOf(*d.model, d.inputName);
    return d;
}

/// Assembles `model` (cut at J3) at crank angle θ on `branch`; returns φ.
double referencePhi(double theta, int branch) {
    static const auto model = rssrCutAt("J3");
    Workspace ws(*model);
    Eigen::VectorXd q = assembleInitialState(*model).q;
    q[positionOf(*model, "theta")] = theta;
    const AssemblyReport report =
        assemble(*model, ws, q, {model->coordinateIndex("theta")}, {branch});
    if (!report.converged) {
        return std::nan("");
    }
    updatePositions(*model, ws, q);
    return rockerAngle(*model, ws);
}

Eigen::Vector3d randomUnit(std::mt19937& rng) {
    std::normal_distribution<double> normal;
    return Eigen::Vector3d(normal(rng), normal(rng), normal(rng)).normalized();
}

/// An RSSR-type loop of random shape, closed with every coordinate 0: the input link on J1
/// (a revolute or, for 'P', a prismatic joint to ground at A, coordinate "theta"), a coupler
/// from the spherical J2 to the universal J3, the driven link on J4 (R or P at D, "phi"); cut
/// at `cut`.
std::shared_ptr<const Model>
randomLoop(char input, char driven, const std::string& cut, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> spread(-0.3, 0.3);
    using Vec3 = Eigen::Vector3d;
    const Vec3 a(spread(rng), spread(rng), spread(rng));
    const Vec3 d = a + Vec3(0.6, 0.0, 0.0) + Vec3(spread(rng), spread(rng), spread(rng));
    const Vec3 b = a + 0.15 * randomUnit(rng);
    const Vec3 c = d + 0.25 * randomUnit(rng);
    MechanismSpec spec = rssrSpec();
    spec.name = std::string{input, 'S', 'U', driven};
    spec.ground.points = {spatialPoint("A", a), spatialPoint("D", d)};
    const Eigen::Matrix3d inertia = 0.01 * Eigen::Matrix3d::Identity();
    spec.bodies = {spatialBody("crank", 1.0, 0.5 * (a + b), inertia,
                               {spatialPoint("A", a), spatialPoint("B", b)}),
                   spatialBody("coupler", 1.0, 0.5 * (b + c), inertia,
                               {spatialPoint("B", b), spatialPoint("C", c)}),
                   spatialBody("rocker", 1.0, 0.5 * (c + d), inertia,
                               {spatialPoint("D", d), spatialPoint("C", c)})};
    const auto type = [](char letter) {
        return letter == 'P' ? JointType::Prismatic : JointType::Revolute;
    };
    JointSpec j1 =
        spatialJoint("J1", type(input), {kGroundId, "A"}, {"crank", "A"}, randomUnit(rng));
    j1.coordinate = "theta";
    JointSpec j2 = spatialJoint("J2", JointType::Spherical, {"crank", "B"}, {"coupler", "B"});
    j2.coordinates = {"J2.wx", "J2.wy", "J2.wz"};
    const Vec3 along = (c - b).normalized();
    const Vec3 first = along.cross(randomUnit(rng)).normalized();
    JointSpec j3 = spatialJoint("J3", JointType::Universal, {"coupler", "C"}, {"rocker", "C"},
                                first, along.cross(first));
    j3.coordinates = {"J3.1", "J3.2"};
    JointSpec j4 =
        spatialJoint("J4", type(driven), {kGroundId, "D"}, {"rocker", "D"}, randomUnit(rng));
    j4.coordinate = "phi";
    spec.joints = {j1, j2, j3, j4};
    spec.cuts = {cut};
    spec.initial = {};
    spec.initial.independent = {{"theta", 0.0}};
    spec.tracedPoints.clear();
    const CompileResult result = compileModel(spec);
    return result.model;
}

/// The driven link's pose (rotation and origin) at q, whichever joint is cut.
Eigen::Matrix<double, 3, 4> rockerPose(const Model& model, const Eigen::VectorXd& q) {
    Workspace ws(model);
    updatePositions(model, ws, q);
    const int rocker = model.bodyIndex("rocker");
    Eigen::Matrix<double, 3, 4> pose;
    pose << ws.rotation[rocker], ws.position[rocker];
    return pose;
}

} // namespace

class TestRssrClosedForm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theLoopIsRecognisedForEveryCut() {
        for (const char* cut : {"J1", "J2", "J3", "J4"}) {
            const auto model = rssrCutAt(cut);
            QVERIFY2(model, cut);
            const std::optional<RssrLoop> parts = rssrLoopOf(*model, 0);
            QVERIFY2(parts.has_value(), cut);
            QCOMPARE(parts->base, 0);
            QCOMPARE(model->bodies[parts->coupler].id, std::string("coupler"));
        }
        // the ladder's loops are not of this form: Newton keeps them
        const auto ladder = compileModel(spatialLadderSpec(2)).model;
        QVERIFY(!rssrLoopOf(*ladder, 0).has_value());
        const InitialState state = assembleInitialState(*ladder);
        QVERIFY(state.report.converged);
        QVERIFY(state.report.closedFormLoops.empty());
        QCOMPARE(state.report.newtonLoops.size(), std::size_t(2));
    }

    void bothBranchesAtTheReferencePose() {
        for (const char* cut : {"J3", "J2", "J4"}) {
            const auto model = rssrCutAt(cut);
            Workspace ws(*model);
            const int theta = model->coordinateIndex("theta");
            const InitialState initial = assembleInitialState(*model);
            QVERIFY2(initial.report.converged, initial.report.message.c_str());
            QCOMPARE(initial.report.closedFormLoops, std::vector<int>{0});
            QVERIFY(initial.report.newtonLoops.empty());
            QCOMPARE(initial.report.iterations, 0);
            QVERIFY(std::abs(initial.report.branch[0]) == 1);
            updatePositions(*model, ws, initial.q);
            QVERIFY(std::abs(rockerAngle(*model, ws) - kPhiAbove) < 1e-9);

            // the two modes, the file's first
            const std::vector<Eigen::VectorXd> modes =
                assemblyModes(*model, ws, initial.q, {theta});
            QCOMPARE(modes.size(), std::size_t(2));
            const double expected[2] = {kPhiAbove, kPhiOther};
            for (std::size_t m = 0; m < 2; ++m) {
                updatePositions(*model, ws, modes[m]);
                const double phi = wrapped(rockerAngle(*model, ws));
                QVERIFY2(
                    std::abs(phi - expected[m]) < 1e-9,
                    qPrintable(
                        QString("cut %1 mode %2: phi %3").arg(cut).arg(m).arg(phi, 0, 'g', 13)));
                QVERIFY(closure(*model, ws, modes[m]) <= 1e-12);
            }

            // cycling: the other branch, and back
            Eigen::VectorXd q = initial.q;
            const int other = -initial.report.branch[0];
            AssemblyReport report = assemble(*model, ws, q, {theta}, {other});
            QVERIFY(report.converged);
            QCOMPARE(report.branch[0], other);
            updatePositions(*model, ws, q);
            QVERIFY(std::abs(wrapped(rockerAngle(*model, ws)) - kPhiOther) < 1e-9);
            report = assemble(*model, ws, q, {theta}, {-other});
            QVERIFY(report.converged);
            updatePositions(*model, ws, q);
            QVERIFY(std::abs(wrapped(rockerAngle(*model, ws)) - kPhiAbove) < 1e-9);
        }
    }

    void bothBranchesCloseOverAFullTurnForEveryCut() {
        // θ every 5° of a whole turn; with J1 cut the rocker is the input, and one of its two
        // crank solutions is the θ the rocker angle came from
        double worst = 0;
        for (const char* cut : {"J1", "J2", "J3", "J4"}) {
            const auto [model, rockerInput, inputName, input, at] = driveWithCutAt(cut);
            Workspace ws(*model);
            Eigen::VectorXd start = neutralPositions(*model);
            for (int step = 0; step < 72; ++step) {
                const double theta = step * 5.0 * std::numbers::pi / 180.0;
                for (int refBranch : {+1, -1}) {
                    const double phi = referencePhi(theta, refBranch);
                    QVERIFY(std::isfinite(phi));
                    bool metTheta = false;
                    for (int branch : {+1, -1}) {
                        Eigen::VectorXd q = start;
                        q[at] = rockerInput ? phi : theta;
                        const AssemblyReport report = assemble(*model, ws, q, {input}, {branch});
                        QVERIFY2(report.converged, qPrintable(QString("cut %1 θ %2: %3")
                                                                  .arg(cut)
                                                                  .arg(theta)
                                                                  .arg(report.message.c_str())));
                        QCOMPARE(report.closedFormLoops, std::vector<int>{0});
                        QCOMPARE(report.branch[0], branch);
                        const double residual = closure(*model, ws, q);
                        worst = std::max(worst, residual);
                        QVERIFY2(residual <= 1e-12,
                                 qPrintable(
                                     QString("cut %1 θ %2: %3").arg(cut).arg(theta).arg(residual)));
                        const double other =
                            rockerInput ? crankAngle(*model, ws) : rockerAngle(*model, ws);
                        const double wanted = rockerInput ? theta : phi;
                        metTheta =
                            metTheta || std::abs(std::remainder(other - wanted, kTwoPi)) < 1e-9;
                    }
                    QVERIFY2(metTheta, qPrintable(QString("cut %1 θ %2").arg(cut).arg(theta)));
                }
            }
        }
        qInfo("largest closure residual over 4 cuts × 72 crank angles × 2 branches: %.3g", worst);
    }

    void closedFormEqualsNewtonFromANearbyGuess() {
        double largest = 0;
        for (const char* cut : {"J1", "J2", "J3", "J4"}) {
            const auto [model, rockerInput, inputName, input, at] = driveWithCutAt(cut);
            Workspace ws(*model);
            for (int step = 0; step < 12; ++step) {
                const double theta = step * kTwoPi / 12.0;
                for (int branch : {+1, -1}) {
                    Eigen::VectorXd closed = neutralPositions(*model);
                    closed[at] = rockerInput ? referencePhi(theta, branch) : theta;
                    QVERIFY(assemble(*model, ws, closed, {input}, {branch}).converged);
                    // Newton alone, from a guess 0.01 off in every dependent coordinate
                    Eigen::VectorXd offset = Eigen::VectorXd::Constant(model->nv(), 0.01);
                    offset[input] = 0.0;
                    Eigen::VectorXd newton(closed.size());
                    integratePositions(*model, closed, offset, 1.0, newton);
                    AssemblyOptions options;
                    options.closedForm = false;
                    const AssemblyReport report =
                        assemble(*model, ws, newton, {input}, {}, options);
                    QVERIFY(report.converged);
                    QVERIFY(report.closedFormLoops.empty());
                    QVERIFY(report.iterations > 0);
                    const double gap = (newton - closed).cwiseAbs().maxCoeff();
                    largest = std::max(largest, gap);
                    QVERIFY2(gap < 1e-10, qPrintable(QString("cut %1 θ %2 branch %3: %4")
                                                         .arg(cut)
                                                         .arg(theta)
                                                         .arg(branch)
                                                         .arg(gap)));
                }
            }
        }
        qInfo("closed form vs Newton, 4 cuts × 12 crank angles × 2 branches: max |Δq| %.3g",
              largest);
    }

    void aSweepKeepsItsBranchThroughAWholeTurn() {
        const auto model = rssrCutAt("J3");
        Workspace ws(*model);
        const int theta = model->coordinateIndex("theta");
        for (int branch : {+1, -1}) {
            Eigen::VectorXd q0 = assembleInitialState(*model).q;
            QVERIFY(assemble(*model, ws, q0, {theta}, {branch}).converged);
            std::vector<double> values;
            for (int d = 1; d <= 360; ++d) {
                values.push_back(d * std::numbers::pi / 180.0);
            }
            const std::vector<SweepSample> sweep =
                sweepInput(*model, ws, q0, {theta}, theta, values);
            QCOMPARE(sweep.size(), values.size());
            for (const SweepSample& s : sweep) {
                QVERIFY(s.converged);
                QVERIFY(!s.toggle);
                updatePositions(*model, ws, s.q);
                const double phi = rockerAngle(*model, ws);
                QVERIFY2(std::abs(std::remainder(phi - referencePhi(s.input, branch), kTwoPi)) <
                             1e-9,
                         qPrintable(QString("branch %1 θ %2").arg(branch).arg(s.input)));
            }
            // a whole turn brings the rocker back
            updatePositions(*model, ws, sweep.back().q);
            const double end = rockerAngle(*model, ws);
            updatePositions(*model, ws, q0);
            QVERIFY(std::abs(std::remainder(end - rockerAngle(*model, ws), kTwoPi)) < 1e-9);
        }
    }

    void drivingTheRockerPastItsSwingWarns() {
        // with J1 cut the rocker is the input: it swings through less than a turn, and the sweep
        // stops at its extreme (a toggle of the crank) instead of jumping
        const auto model = rssrCutAt("J1");
        Workspace ws(*model);
        const int phi = model->coordinateIndex("phi");
        Eigen::VectorXd q0 = neutralPositions(*model);
        q0[positionOf(*model, "phi")] = kPhiAbove;
        QVERIFY(assemble(*model, ws, q0, {phi}, {+1}).converged);
        std::vector<double> values;
        for (int d = 1; d <= 180; ++d) {
            values.push_back(kPhiAbove + d * std::numbers::pi / 180.0);
        }
        const std::vector<SweepSample> sweep = sweepInput(*model, ws, q0, {phi}, phi, values);
        QVERIFY(sweep.size() < values.size());
        QVERIFY(!sweep.back().converged);
        QVERIFY(sweep.back().toggle);
        for (const SweepSample& s : sweep) {
            QVERIFY(s.q.allFinite());
        }
    }

    void aLoopThatCannotCloseSaysWhy() {
        // a coupler of 0.5 m cannot join a 0.04 m crank and a 0.1 m rocker 0.14 m apart
        MechanismSpec spec = rssrSpec("J3");
        for (BodyPoint& p : spec.bodies[1].points) {
            if (p.name == "C") {
                const Eigen::Vector3d c = p.position3() * (0.5 / p.position3().norm());
                p.p_B = c.head<2>();
                p.z_B = c.z();
            }
        }
        const CompileResult result = compileModel(spec);
        QVERIFY(result.ok());
        const Model& model = *result.model;
        const InitialState state = assembleInitialState(model);
        QVERIFY(!state.report.converged);
        const QString message = QString::fromStdString(state.report.message);
        QVERIFY2(message.contains("loop 1 (") && message.contains("cannot close") &&
                     message.contains("0.5 m long") && message.contains("√(a² + b²)"),
                 qPrintable(message));
        QVERIFY(state.q.allFinite());
        qInfo("%s", qPrintable(message));
    }

    void twoSphericalJointsKeepTheCouplerSpin() {
        // R–S–S–R: the coupler's spin about its own axis is idle (2 DOF); the closed form keeps
        // the guess's spin and closes the loop
        MechanismSpec spec = rssrSpec("J3");
        JointSpec& j3 = spec.joints[2];
        j3.type = JointType::Spherical;
        j3.coordinates = {"J3.wx", "J3.wy", "J3.wz"};
        j3.axis = Eigen::Vector3d::UnitZ();
        j3.axis2 = Eigen::Vector3d::UnitY();
        spec.cuts = {"J2"};
        spec.initial.assemblyGuess = {{"phi", kPhiAbove}};
        const CompileResult result = compileModel(spec);
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        const Model& model = *result.model;
        Workspace ws(model);
        const int theta = model.coordinateIndex("theta");
        Eigen::VectorXd q = neutralPositions(model);
        for (int step = 0; step < 36; ++step) {
            q[positionOf(model, "theta")] = step * kTwoPi / 36.0;
            const AssemblyReport report = assemble(model, ws, q, {theta});
            QVERIFY2(report.converged, report.message.c_str());
            QCOMPARE(report.closedFormLoops, std::vector<int>{0});
            QVERIFY(closure(model, ws, q) <= 1e-12);
        }
    }

    void slidingLinksHaveTheirClosedForm_data() {
        QTest::addColumn<char>("input");
        QTest::addColumn<char>("driven");
        for (const char* kind : {"RP", "PR", "PP", "RR"}) {
            QTest::addRow("%cSU%c", kind[0], kind[1]) << kind[0] << kind[1];
        }
    }

    void slidingLinksHaveTheirClosedForm() {
        // random RSUP, PSUR, PSUP (and RSUR) loops: both roots close to 1e-12 and equal
        // Newton's from 1e-3 away, Newton from anywhere finds no third driven value, a label
        // names the same pose cut at J2, J3 or J4, and an input out of reach is named
        QFETCH(char, input);
        QFETCH(char, driven);
        const std::string kind{input, 'S', 'U', driven};
        std::mt19937 rng(static_cast<unsigned>(input * 7 + driven));
        std::uniform_real_distribution<double> nudge(-1e-3, 1e-3);
        std::uniform_real_distribution<double> anywhere(-3.0, 3.0);
        int solved = 0;
        int unreachable = 0;
        for (unsigned geometry = 0; geometry < 12; ++geometry) {
            const unsigned seed = 1000 * static_cast<unsigned>(input) + 10 * geometry + driven;
            std::array<std::shared_ptr<const Model>, 3> models = {
                randomLoop(input, driven, "J3", seed), randomLoop(input, driven, "J2", seed),
                randomLoop(input, driven, "J4", seed)};
            const Model& model = *models[0];
            Workspace ws(model);
            const int theta = model.coordinateIndex("theta");
            const int phi = positionOf(model, "phi");
            for (const double value : {0.05, -0.1, 0.5, 2.0}) {
                const double inputValue = input == 'P' ? 0.3 * value : value;
                std::array<double, 2> rootPhi{};
                bool closes = true;
                for (int b = 0; b < 2; ++b) {
                    const int label = b == 0 ? +1 : -1;
                    Eigen::VectorXd q = neutralPositions(model);
                    q[positionOf(model, "theta")] = inputValue;
                    const AssemblyReport report = assemble(model, ws, q, {theta}, {label});
                    if (!report.converged) {
                        QVERIFY2(report.message.find("b² − c") != std::string::npos ||
                                     report.message.find("√(a² + b²)") != std::string::npos,
                                 report.message.c_str());
                        closes = false;
                        break;
                    }
                    QCOMPARE(report.classes[0], kind);
                    QCOMPARE(report.branch[0], label);
                    QVERIFY(closure(model, ws, q) <= 1e-12);
                    rootPhi[b] = q[phi];
                    // Newton from 1e-3 away lands on the same pose
                    Eigen::VectorXd near = q;
                    for (int k = 0; k < model.nv(); ++k) {
                        if (k != theta) {
                            Eigen::VectorXd rates = Eigen::VectorXd::Zero(model.nv());
                            rates[k] = nudge(rng);
                            integratePositions(model, near, rates, 1.0, near);
                        }
                    }
                    AssemblyOptions newtonOnly;
                    newtonOnly.closedForm = false;
                    newtonOnly.tolerance = 1e-15;
                    QVERIFY(assemble(model, ws, near, {theta}, {}, newtonOnly).converged);
                    QVERIFY2(
                        (rockerPose(model, near) - rockerPose(model, q)).cwiseAbs().maxCoeff() <
                            1e-12,
                        kind.c_str());
                    // the same label cut elsewhere gives the same pose
                    for (int c = 1; c < 3; ++c) {
                        const Model& other = *models[c];
                        Workspace otherWs(other);
                        Eigen::VectorXd r = neutralPositions(other);
                        r[positionOf(other, "theta")] = inputValue;
                        QVERIFY(
                            assemble(other, otherWs, r, {other.coordinateIndex("theta")}, {label})
                                .converged);
                        QVERIFY2(
                            (rockerPose(other, r) - rockerPose(model, q)).cwiseAbs().maxCoeff() <
                                1e-12,
                            kind.c_str());
                    }
                }
                if (!closes) {
                    ++unreachable;
                    continue;
                }
                ++solved;
                QVERIFY(std::abs(rootPhi[0] - rootPhi[1]) > 1e-9);
                // multi-start Newton: every driven value it reaches is one of the two
                AssemblyOptions newtonOnly;
                newtonOnly.closedForm = false;
                newtonOnly.maxIterations = 200;
                for (int start = 0; start < 30; ++start) {
                    Eigen::VectorXd q = neutralPositions(model);
                    q[positionOf(model, "theta")] = inputValue;
                    Eigen::VectorXd rates = Eigen::VectorXd::Zero(model.nv());
                    for (int k = 0; k < model.nv(); ++k) {
                        rates[k] = k == theta ? 0.0 : anywhere(rng);
                    }
                    integratePositions(model, q, rates, 1.0, q);
                    if (!assemble(model, ws, q, {theta}, {}, newtonOnly).converged) {
                        continue;
                    }
                    const bool known = std::ranges::any_of(rootPhi, [&](double v) {
                        return driven == 'P' ? std::abs(v - q[phi]) < 1e-7
                                             : std::abs(std::remainder(v - q[phi], kTwoPi)) < 1e-7;
                    });
                    QVERIFY2(known, qPrintable(QString("%1: Newton found phi = %2")
                                                   .arg(kind.c_str())
                                                   .arg(q[phi], 0, 'g', 12)));
                }
            }
        }
        qInfo("%s: %d inputs solved, %d out of reach", kind.c_str(), solved, unreachable);
        // a label held over a 360-step stroke of the input: no jump where the loop closes
        const auto model = randomLoop(input, driven, "J3", 7);
        Workspace ws(*model);
        const int theta = model->coordinateIndex("theta");
        const int phi = positionOf(*model, "phi");
        for (const int label : {+1, -1}) {
            Eigen::VectorXd q = neutralPositions(*model);
            double previous = std::nan("");
            double largest = 0;
            int closedSteps = 0;
            for (int step = 0; step <= 360; ++step) {
                const double value = -0.2 + 0.4 * step / 360.0; // rad or m
                q[positionOf(*model, "theta")] = value;
                if (!assemble(*model, ws, q, {theta}, {label}).converged) {
                    previous = std::nan("");
                    continue;
                }
                ++closedSteps;
                if (std::isfinite(previous)) {
                    largest =
                        std::max(largest, std::abs(std::remainder(q[phi] - previous, kTwoPi)));
                }
                previous = q[phi];
            }
            QVERIFY(closedSteps > 100);
            QVERIFY2(largest < 0.05,
                     qPrintable(
                         QString("%1 %2: a step of %3").arg(kind.c_str()).arg(label).arg(largest)));
        }
        QVERIFY(solved >= 12);
        QVERIFY(unreachable > 0 || input == 'R'); // a slid input leaves the coupler's reach
    }
};

SSLM_TEST_APPLESS_MAIN(TestRssrClosedForm)
} // namespace tst_rssr_closed_form
#include "tst_rssr_closed_form.moc"
