// SPDX-License-Identifier: MIT
// Loop closure Φ, its Jacobian J and J̇q̇: against the spec oracle at t = 0 and against central
// finite differences at random states, for every cut choice exercised.

#include <random>

#include <QtTest>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/model/compile.hpp"

#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/core/fixtures/oracle.hpp"
#include "tests/test_main.hpp"

namespace tst_loop_constraints {

using namespace sslm;

namespace {

constexpr double kOracleTol = 1e-12;    // closed-form quantities against full-precision oracle
constexpr double kFiniteDiffTol = 1e-7; // central differences, h = 1e-6: O(h²) + O(eps/h)
constexpr double kStep = 1e-6;

std::shared_ptr<const Model> compileOrFail(const MechanismSpec& spec,
                                           std::optional<std::vector<std::string>> cuts = {}) {
    CompileOptions options;
    options.cuts = std::move(cuts);
    CompileResult result = compileModel(spec, options);
    if (!result.ok()) {
        qWarning("%s", formatDiagnostics(result.diagnostics).c_str());
    }
    return result.model;
}

Eigen::VectorXd residualAt(const Model& model, Workspace& ws, const Eigen::VectorXd& q) {
    updatePositions(model, ws, q);
    return constraintResidual(model, ws);
}

Eigen::MatrixXd jacobianAt(const Model& model, Workspace& ws, const Eigen::VectorXd& q) {
    updatePositions(model, ws, q);
    return constraintJacobian(model, ws);
}

} // namespace

class TestLoopConstraints : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesOracleAtInitialState_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::newRow("four-bar") << "fourbar";
        QTest::newRow("carpet scraper") << "scraper";
        QTest::newRow("3-RRR") << "3rrr";
    }

    void matchesOracleAtInitialState() {
        QFETCH(QString, mechanism);
        const auto model = compileOrFail(fixtures::byName(mechanism.toStdString()));
        QVERIFY(model);
        const fixtures::Oracle oracle = fixtures::loadOracle(mechanism.toStdString());
        Workspace ws(*model);
        const Eigen::VectorXd q = oracle.toModelOrder(*model, oracle.q0);
        const Eigen::VectorXd qd = oracle.toModelOrder(*model, oracle.qd0);
        updatePositions(*model, ws, q);
        updateVelocities(*model, ws, qd);

        // closure at the spec's initial state
        QVERIFY2(constraintResidual(*model, ws).cwiseAbs().maxCoeff() <= kOracleTol,
                 qPrintable(QString::number(ws.phi.cwiseAbs().maxCoeff())));
        // J and J̇q̇ against the oracle
        const Eigen::MatrixXd expectedJ = oracle.columnsToModelOrder(*model, oracle.J);
        const double jError = (constraintJacobian(*model, ws) - expectedJ).cwiseAbs().maxCoeff();
        QVERIFY2(jError <= kOracleTol, qPrintable(QString::number(jError)));
        const double biasError =
            (constraintBias(*model, ws) - oracle.Jdot_qd).cwiseAbs().maxCoeff();
        QVERIFY2(biasError <= kOracleTol, qPrintable(QString::number(biasError)));
        // velocity closure J q̇ = 0 at the spec rates
        QVERIFY((ws.J * qd).cwiseAbs().maxCoeff() <= kOracleTol);
    }

    void matchesFiniteDifferences_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::addColumn<QStringList>("cuts");
        QTest::newRow("four-bar, cut J8") << "fourbar" << QStringList{"J8"};
        QTest::newRow("four-bar, cut J2") << "fourbar" << QStringList{"J2"};
        QTest::newRow("scraper, paper cuts") << "scraper" << QStringList{"J8", "J9", "J10"};
        QTest::newRow("scraper, cuts J3 J5 J7") << "scraper" << QStringList{"J3", "J5", "J7"};
        QTest::newRow("3-RRR, paper cuts") << "3rrr" << QStringList{"J6", "J7"};
        QTest::newRow("3-RRR, cuts J3 J8") << "3rrr" << QStringList{"J3", "J8"};
        QTest::newRow("slider-crank, prismatic cut") << "slider" << QStringList{"J4"};
        QTest::newRow("slider-crank, revolute cut") << "slider" << QStringList{"J3"};
    }

    void matchesFiniteDifferences() {
        QFETCH(QString, mechanism);
        QFETCH(QStringList, cuts);
        std::vector<std::string> cutNames;
        for (const QString& c : cuts) {
            cutNames.push_back(c.toStdString());
        }
        const auto model = compileOrFail(fixtures::byName(mechanism.toStdString()), cutNames);
        QVERIFY(model);
        Workspace ws(*model);
        std::mt19937 rng(42);
        std::uniform_real_distribution<double> angle(-M_PI, M_PI);
        std::uniform_real_distribution<double> rate(-3.0, 3.0);
        for (int trial = 0; trial < 5; ++trial) {
            Eigen::VectorXd q(model->nv());
            Eigen::VectorXd qd(model->nv());
            for (int k = 0; k < model->nv(); ++k) {
                q[k] = model->coordinates[k].angular ? angle(rng) : 0.1 * rate(rng);
                qd[k] = rate(rng);
            }
            const Eigen::MatrixXd J = jacobianAt(*model, ws, q);
            updateVelocities(*model, ws, qd);
            const Eigen::VectorXd bias = constraintBias(*model, ws);

            // J column by column against central differences of Φ
            Eigen::MatrixXd numericJ(model->nConstraints(), model->nv());
            for (int k = 0; k < model->nv(); ++k) {
                Eigen::VectorXd step = Eigen::VectorXd::Zero(model->nv());
                step[k] = kStep;
                numericJ.col(k) =
                    (residualAt(*model, ws, q + step) - residualAt(*model, ws, q - step)) /
                    (2 * kStep);
            }
            const double jError = (J - numericJ).cwiseAbs().maxCoeff();
            QVERIFY2(jError <= kFiniteDiffTol, qPrintable(QString::number(jError)));

            // J̇q̇ = d/dt (J q̇) along q̇ at fixed q̇
            const Eigen::VectorXd numericBias = (jacobianAt(*model, ws, q + kStep * qd) * qd -
                                                 jacobianAt(*model, ws, q - kStep * qd) * qd) /
                                                (2 * kStep);
            const double biasError = (bias - numericBias).cwiseAbs().maxCoeff();
            QVERIFY2(biasError <= kFiniteDiffTol * std::max(1.0, numericBias.norm()),
                     qPrintable(QString::number(biasError)));
        }
    }

    void jointValuesRoundTripThroughPoses() {
        // coordinates read back from the body poses equal the coordinates that made them
        const auto model = compileOrFail(fixtures::sliderCrankPrismaticCut(), {{"J3"}});
        QVERIFY(model);
        Workspace ws(*model);
        Eigen::VectorXd q(model->nv());
        Eigen::VectorXd qd(model->nv());
        q << 0.3, -0.7, 0.12;
        qd << 1.5, -0.4, 0.8;
        updatePositions(*model, ws, q);
        updateVelocities(*model, ws, qd);
        for (int k = 0; k < model->nv(); ++k) {
            const int joint = model->coordinates[k].joint;
            QVERIFY(std::abs(jointValue(*model, ws, joint, q[k]) - q[k]) < 1e-14);
            QVERIFY(std::abs(jointRate(*model, ws, joint) - qd[k]) < 1e-13);
        }
    }
};

SSLM_TEST_APPLESS_MAIN(TestLoopConstraints)
} // namespace tst_loop_constraints
#include "tst_loop_constraints.moc"
