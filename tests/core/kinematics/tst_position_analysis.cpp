// SPDX-License-Identifier: MIT
// Position, velocity and acceleration analysis: assembly from perturbed guesses, assembly
// modes, a full crank turn of the scraper without a branch jump, the blade tip's straight
// line, toggles, unreachable inputs, mobility at a pose, and cut-choice independence.

#include <QtTest>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"

#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/core/fixtures/oracle.hpp"
#include "tests/test_main.hpp"

namespace tst_position_analysis {

using namespace sslm;

namespace {

constexpr double kClosureTol = 1e-12; // Newton converged to the assembly tolerance
constexpr double kDegree = M_PI / 180.0;

std::shared_ptr<const Model> compiled(const MechanismSpec& spec,
                                      std::optional<std::vector<std::string>> cuts = {}) {
    CompileOptions options;
    options.cuts = std::move(cuts);
    return compileModel(spec, options).model;
}

std::vector<double> degrees(int from, int to) {
    std::vector<double> values;
    for (int d = from; d <= to; ++d) {
        values.push_back(d * kDegree);
    }
    return values;
}

} // namespace

class TestPositionAnalysis : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void assemblesTheOracleFromAPerturbedGuess_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::newRow("four-bar") << "fourbar";
        QTest::newRow("carpet scraper") << "scraper";
        QTest::newRow("3-RRR") << "3rrr";
    }

    void assemblesTheOracleFromAPerturbedGuess() {
        QFETCH(QString, mechanism);
        const auto model = compiled(fixtures::byName(mechanism.toStdString()));
        const fixtures::Oracle oracle = fixtures::loadOracle(mechanism.toStdString());
        Workspace ws(*model);
        Eigen::VectorXd q = oracle.q0;
        for (int k = 0; k < model->nv(); ++k) {
            if (std::find(model->independent.begin(), model->independent.end(), k) ==
                model->independent.end()) {
                q[k] += (k % 2 == 0 ? 0.05 : -0.05);
            }
        }
        const AssemblyReport report = assemble(*model, ws, q, model->independent);
        QVERIFY2(report.converged, report.message.c_str());
        // the four-bar's and scraper's loops are revolute dyads; the 3-RRR's loops are coupled
        const std::size_t closedForm = mechanism == "3rrr" ? 0 : model->nLoops();
        QCOMPARE(report.closedFormLoops.size(), closedForm);
        QCOMPARE(report.newtonLoops.size(), model->nLoops() - closedForm);
        QVERIFY2((q - oracle.q0).cwiseAbs().maxCoeff() < kClosureTol,
                 qPrintable(QString::number((q - oracle.q0).cwiseAbs().maxCoeff())));

        // velocity and acceleration analysis: J q̇ = 0 and J q̈ + J̇q̇ = 0
        Eigen::VectorXd qd = Eigen::VectorXd::Zero(model->nv());
        for (int k : model->independent) {
            qd[k] = oracle.qd0[k];
        }
        solveVelocities(*model, ws, q, qd, model->independent);
        QVERIFY((qd - oracle.qd0).cwiseAbs().maxCoeff() < kClosureTol);
        Eigen::VectorXd qdd = Eigen::VectorXd::Zero(model->nv());
        qdd[model->independent.front()] = 2.0;
        solveAccelerations(*model, ws, q, qd, qdd, model->independent);
        updatePositions(*model, ws, q);
        updateVelocities(*model, ws, qd);
        constraintJacobian(*model, ws);
        QVERIFY((ws.J * qdd + constraintBias(*model, ws)).cwiseAbs().maxCoeff() < 1e-10);
    }

    void mobilityAtTheInitialPose() {
        const int expectedDof[] = {1, 1, 3};
        int i = 0;
        for (const char* m : {"fourbar", "scraper", "3rrr"}) {
            const auto model = compiled(fixtures::byName(m));
            Workspace ws(*model);
            updatePositions(*model, ws, fixtures::loadOracle(m).q0);
            const MobilityAtPose mobility = mobilityAtPose(*model, ws);
            QCOMPARE(mobility.dof, expectedDof[i++]);
            QCOMPARE(mobility.dof, model->mobilityGrubler);
        }
        // spec 2.3: the 3-RRR J has singular values 1.90, 0.908, 0.669, 0.342
        const auto model = compiled(fixtures::threeRrr());
        Workspace ws(*model);
        updatePositions(*model, ws, fixtures::loadOracle("3rrr").q0);
        const Eigen::Vector4d expected(1.90, 0.908, 0.669, 0.342);
        const Eigen::VectorXd sv = mobilityAtPose(*model, ws).singularValues;
        QVERIFY(((sv - expected).array().abs() / expected.array()).maxCoeff() < 5e-3);
    }

    void fourBarHasTwoAssemblyModes() {
        const auto model = compiled(fixtures::fourBar());
        Workspace ws(*model);
        const std::vector<Eigen::VectorXd> modes =
            assemblyModes(*model, ws, fixtures::loadOracle("fourbar").q0, model->independent);
        QCOMPARE(modes.size(), std::size_t(2)); // open and crossed
        // the same two, chosen explicitly by the loop's closed-form branch
        Eigen::VectorXd plus = fixtures::loadOracle("fourbar").q0;
        Eigen::VectorXd minus = plus;
        QVERIFY(assemble(*model, ws, plus, model->independent, {+1}).converged);
        QVERIFY(assemble(*model, ws, minus, model->independent, {-1}).converged);
        QVERIFY((plus - minus).cwiseAbs().maxCoeff() > 0.1);
        for (const Eigen::VectorXd& q : modes) {
            updatePositions(*model, ws, q);
            QVERIFY(constraintResidual(*model, ws).cwiseAbs().maxCoeff() < kClosureTol);
        }
    }

    void scraperHasFourAssemblyModesIncludingTheMirrorPantograph() {
        const auto model = compiled(fixtures::carpetScraper());
        Workspace ws(*model);
        const std::vector<Eigen::VectorXd> modes =
            assemblyModes(*model, ws, fixtures::loadOracle("scraper").q0, model->independent);
        QCOMPARE(modes.size(), std::size_t(4));
        // spec A-9: θ4 = 168.59°, θ5 = θ6 = 93.40°, θ7 = 86.60°
        const bool mirror = std::any_of(modes.begin(), modes.end(), [](const Eigen::VectorXd& q) {
            const auto near = [](double a, double deg) {
                return std::abs(std::remainder(a - deg * kDegree, 2 * M_PI)) < 0.01 * kDegree;
            };
            return near(q[3], 168.59) && near(q[4], 93.40) && near(q[5], 93.40) &&
                   near(q[6], 86.60);
        });
        QVERIFY(mirror);
    }

    void listingTellsItsProgressAndStopsWhenAsked() {
        const auto model = compiled(fixtures::carpetScraper());
        Workspace ws(*model);
        const Eigen::VectorXd q0 = fixtures::loadOracle("scraper").q0;
        const std::vector<Eigen::VectorXd> all = assemblyModes(*model, ws, q0, model->independent);
        // its three loops in closed form: the file's own assembly, then the 2 × 2 × 2 branch
        // patterns (four of which close distinctly)
        std::vector<std::pair<int, int>> told;
        const std::vector<Eigen::VectorXd> followed =
            assemblyModes(*model, ws, q0, model->independent, {}, [&](int tried, int trials) {
                told.emplace_back(tried, trials);
                return true;
            });
        QCOMPARE(told.size(), std::size_t(9));
        for (std::size_t k = 0; k < told.size(); ++k) {
            QCOMPARE(told[k], std::make_pair(static_cast<int>(k) + 1, 9));
        }
        QCOMPARE(followed.size(), all.size());
        for (std::size_t m = 0; m < all.size(); ++m) {
            QCOMPARE((followed[m] - all[m]).cwiseAbs().maxCoeff(), 0.0);
        }
        // stopped after the first trial: the file's own assembly only
        const std::vector<Eigen::VectorXd> stopped =
            assemblyModes(*model, ws, q0, model->independent, {}, [](int, int) { return false; });
        QCOMPARE(stopped.size(), std::size_t(1));
        QCOMPARE((stopped.front() - all.front()).cwiseAbs().maxCoeff(), 0.0);
    }

    void fullCrankTurnWithoutABranchJump() {
        const auto model = compiled(fixtures::carpetScraper());
        Workspace ws(*model);
        const Eigen::VectorXd q0 = fixtures::loadOracle("scraper").q0;
        const std::vector<SweepSample> sweep =
            sweepInput(*model, ws, q0, model->independent, 0, degrees(0, 360));
        QCOMPARE(sweep.size(), std::size_t(361));
        double smallest = 1e9;
        for (std::size_t i = 0; i < sweep.size(); ++i) {
            const SweepSample& s = sweep[i];
            QVERIFY(s.converged);
            QVERIFY(!s.toggle);
            smallest = std::min(smallest, s.minSingularValue);
            QVERIFY(std::abs(s.q[4] - s.q[5]) < 1e-9); // loop 3 stays a parallelogram
            if (i > 0) {
                QVERIFY((s.q - sweep[i - 1].q).tail(6).cwiseAbs().maxCoeff() < 0.1);
            }
        }
        QVERIFY2(smallest > 0.01, qPrintable(QString::number(smallest))); // spec: 1.06e-2
        Eigen::VectorXd back = sweep.back().q;
        back[0] -= 2 * M_PI;
        QVERIFY((back - q0).cwiseAbs().maxCoeff() < 1e-9);
    }

    void bladeTipDrawsTheHoekensStraightLine() {
        const auto model = compiled(fixtures::carpetScraper());
        Workspace ws(*model);
        const std::vector<SweepSample> sweep =
            sweepInput(*model, ws, fixtures::loadOracle("scraper").q0, model->independent, 0,
                       degrees(-90, 90));
        const TracedPoint& tip = model->tracedPoints.front();
        double low = 1e9;
        double high = -1e9;
        double left = 1e9;
        double right = -1e9;
        for (const SweepSample& s : sweep) {
            QVERIFY(s.converged);
            updatePositions(*model, ws, s.q);
            const Eigen::Vector2d p = PlanarSpace::pointPosition(ws, tip.body, tip.p_B);
            low = std::min(low, p.y());
            high = std::max(high, p.y());
            left = std::min(left, p.x());
            right = std::max(right, p.x());
        }
        // straight within ±0.5 mm, on the line y ≈ −0.3523 m of the spec (1.3)
        QVERIFY2(high - low < 1e-3, qPrintable(QString("%1 %2").arg(low).arg(high)));
        QVERIFY(std::abs(0.5 * (low + high) + 0.3523) < 5e-4);
        QVERIFY(std::abs(left + 0.694) < 2e-3 && std::abs(right + 0.119) < 2e-3);
    }

    void drivingTheRockerPastItsLimitStopsInsteadOfJumping() {
        // the four-bar's rocker cannot turn fully: driving θ2 far stops at its extreme
        MechanismSpec spec = fixtures::fourBar();
        spec.initial.independent = {{"theta2", 0.9869762549775295}};
        spec.initial.rates = {};
        spec.initial.assemblyGuess = {{"theta1", 0.0}, {"theta3", 1.1676401436347343}};
        const auto model = compiled(spec);
        Workspace ws(*model);
        const InitialState initial = assembleInitialState(*model);
        QVERIFY2(initial.report.converged, initial.report.message.c_str());
        const std::vector<SweepSample> sweep =
            sweepInput(*model, ws, initial.q, model->independent, 1, degrees(57, 240));
        QVERIFY(!sweep.back().converged);
        QVERIFY(sweep.back().toggle);
        QVERIFY(sweep.size() < 184);
        for (const SweepSample& s : sweep) {
            QVERIFY(s.q.allFinite());
        }
    }

    void unreachableInputIsExplained() {
        MechanismSpec spec = fixtures::fourBar();
        spec.ground.points[1].p_B = {-1.0, 0.0}; // rocker pivot out of reach
        const auto model = compiled(spec);
        const InitialState initial = assembleInitialState(*model);
        QVERIFY(!initial.report.converged);
        QVERIFY2(initial.report.message.find("loop 1 (J1–J2–J3–J8) cannot close") !=
                     std::string::npos,
                 initial.report.message.c_str());
        QVERIFY(initial.q.allFinite());
    }

    void initialStateIsTheSameForEveryCutChoice_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::addColumn<QStringList>("cuts");
        QTest::newRow("scraper J3 J5 J7") << "scraper" << QStringList{"J3", "J5", "J7"};
        QTest::newRow("3-RRR J3 J8 (θ6 cut)") << "3rrr" << QStringList{"J3", "J8"};
    }

    void initialStateIsTheSameForEveryCutChoice() {
        QFETCH(QString, mechanism);
        QFETCH(QStringList, cuts);
        std::vector<std::string> names;
        for (const QString& c : cuts) {
            names.push_back(c.toStdString());
        }
        const auto paper = compiled(fixtures::byName(mechanism.toStdString()));
        const auto other = compiled(fixtures::byName(mechanism.toStdString()), names);
        QVERIFY(paper && other);
        const InitialState a = assembleInitialState(*paper);
        const InitialState b = assembleInitialState(*other);
        QVERIFY(a.report.converged && b.report.converged);
        Workspace wa(*paper);
        Workspace wb(*other);
        updatePositions(*paper, wa, a.q);
        updatePositions(*other, wb, b.q);
        updateVelocities(*paper, wa, a.qd);
        updateVelocities(*other, wb, b.qd);
        // every joint point in the same place and every joint at the same rate
        for (const Joint& joint : paper->joints) {
            const int ja = paper->jointIndex(joint.name);
            const int jb = other->jointIndex(joint.name);
            const Eigen::Vector2d pa = PlanarSpace::pointPosition(wa, joint.bodyA, joint.p_A);
            const Joint& otherJoint = other->joints[jb];
            const Eigen::Vector2d pb =
                PlanarSpace::pointPosition(wb, otherJoint.bodyA, otherJoint.p_A);
            QVERIFY((pa - pb).norm() < kClosureTol);
            QVERIFY(std::abs(jointRate(*paper, wa, ja) - jointRate(*other, wb, jb)) < 1e-10);
        }
    }
};

SSLM_TEST_APPLESS_MAIN(TestPositionAnalysis)
} // namespace tst_position_analysis
#include "tst_position_analysis.moc"
