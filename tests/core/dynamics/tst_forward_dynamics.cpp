// SPDX-License-Identifier: MIT
// Tree dynamics M, φ and the three constrained solvers (augmented, SLM, SSLM) against the spec
// oracle at t = 0, and against each other at random states for other cut choices.

#include <random>

#include <QtTest>

#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/model/compile.hpp"

#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/core/fixtures/oracle.hpp"

using namespace sslm;

namespace {

constexpr double kOracleTol = 1e-12;    // relative; direct factorisations of small SPD systems
constexpr double kAgreementTol = 1e-10; // relative; the solver agreement bound

double relativeError(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    return (a - b).cwiseAbs().maxCoeff() / std::max(1.0, b.cwiseAbs().maxCoeff());
}

struct Evaluation {
    Eigen::VectorXd qdd;
    Eigen::VectorXd lambda;
};

/// Runs one solver at (q, qd) with free motion (τ = 0) and Ψ = −J̇q̇.
Evaluation
evaluate(const Model& model, SolverKind kind, const Eigen::VectorXd& q, const Eigen::VectorXd& qd) {
    Workspace ws(model);
    DynamicsWorkspace dws(model);
    ForwardDynamicsWorkspace fws(model);
    updatePositions(model, ws, q);
    updateVelocities(model, ws, qd);
    generalizedInertia(model, ws, dws);
    gravityAndVelocityForces(model, ws, dws);
    constraintJacobian(model, ws);
    const Eigen::VectorXd psi = -constraintBias(model, ws);
    const bool ok = solveForwardDynamics(kind, model, dws.M, dws.phi, ws.J, psi, fws);
    if (!ok) {
        qWarning("solver %d reported a singular matrix", static_cast<int>(kind));
    }
    return {fws.qdd, fws.lambda};
}

} // namespace

class TestForwardDynamics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void oracleAtInitialState_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::newRow("four-bar") << "fourbar";
        QTest::newRow("carpet scraper") << "scraper";
        QTest::newRow("3-RRR") << "3rrr";
    }

    void oracleAtInitialState() {
        QFETCH(QString, mechanism);
        const auto model = compileModel(fixtures::byName(mechanism.toStdString())).model;
        QVERIFY(model);
        const fixtures::Oracle oracle = fixtures::loadOracle(mechanism.toStdString());
        // the fixtures' coordinate order is the papers' θ1…θ7
        for (int k = 0; k < model->nq(); ++k) {
            QCOMPARE(model->coordinates[k].name, oracle.coordinates[k]);
        }
        Workspace ws(*model);
        DynamicsWorkspace dws(*model);
        updatePositions(*model, ws, oracle.q0);
        updateVelocities(*model, ws, oracle.qd0);
        QVERIFY((generalizedInertia(*model, ws, dws) - oracle.M).cwiseAbs().maxCoeff() <
                kOracleTol);
        QVERIFY(relativeError(gravityAndVelocityForces(*model, ws, dws), oracle.phi) < kOracleTol);

        // the GICM blocks as SSLM assembles them (Σ_j Z_rjᵀ Z_sj), zero exactly where
        // eqs. (31)/(42) say
        constraintJacobian(*model, ws);
        ForwardDynamicsWorkspace fws(*model);
        const Eigen::VectorXd psi = -constraintBias(*model, ws);
        QVERIFY(solveForwardDynamics(SolverKind::Sslm, *model, dws.M, dws.phi, ws.J, psi, fws));
        for (int r = 0; r < model->nLoops(); ++r) {
            for (int s = 0; s < model->nLoops(); ++s) {
                const Eigen::Matrix2d expected = oracle.gicm[r][s];
                const Eigen::Matrix2d block = gicmBlock(fws, model->nLoops(), r, s);
                QVERIFY((block - expected).cwiseAbs().maxCoeff() < kOracleTol);
                QCOMPARE(model->gicmContributors[r][s].empty(), expected.isZero(0.0));
            }
        }

        for (SolverKind kind : {SolverKind::Augmented, SolverKind::Slm, SolverKind::Sslm}) {
            const Evaluation e = evaluate(*model, kind, oracle.q0, oracle.qd0);
            QVERIFY2(relativeError(e.qdd, oracle.qdd) < kOracleTol,
                     qPrintable(QString::number(relativeError(e.qdd, oracle.qdd))));
            QVERIFY2(relativeError(e.lambda, oracle.lambda) < kOracleTol,
                     qPrintable(QString::number(relativeError(e.lambda, oracle.lambda))));
        }
    }

    void solversAgreeForAnyValidCutChoice_data() {
        QTest::addColumn<QString>("mechanism");
        QTest::addColumn<QStringList>("cuts");
        QTest::newRow("scraper, paper cuts") << "scraper" << QStringList{"J8", "J9", "J10"};
        QTest::newRow("scraper, J3 J5 J7") << "scraper" << QStringList{"J3", "J5", "J7"};
        QTest::newRow("scraper, J2 J6 J9") << "scraper" << QStringList{"J2", "J6", "J9"};
        QTest::newRow("3-RRR, paper cuts") << "3rrr" << QStringList{"J6", "J7"};
        QTest::newRow("3-RRR, J3 J8") << "3rrr" << QStringList{"J3", "J8"};
        QTest::newRow("four-bar, J1") << "fourbar" << QStringList{"J1"};
    }

    void solversAgreeForAnyValidCutChoice() {
        QFETCH(QString, mechanism);
        QFETCH(QStringList, cuts);
        CompileOptions options;
        options.cuts.emplace();
        for (const QString& c : cuts) {
            options.cuts->push_back(c.toStdString());
        }
        const CompileResult compiled =
            compileModel(fixtures::byName(mechanism.toStdString()), options);
        QVERIFY2(compiled.ok(), formatDiagnostics(compiled.diagnostics).c_str());
        const Model& model = *compiled.model;
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> angle(-M_PI, M_PI);
        std::uniform_real_distribution<double> rate(-5.0, 5.0);
        for (int trial = 0; trial < 10; ++trial) {
            Eigen::VectorXd q(model.nq());
            Eigen::VectorXd qd(model.nq());
            for (int k = 0; k < model.nq(); ++k) {
                q[k] = angle(rng);
                qd[k] = rate(rng);
            }
            const Evaluation reference = evaluate(model, SolverKind::Augmented, q, qd);
            for (SolverKind kind : {SolverKind::Slm, SolverKind::Sslm}) {
                const Evaluation e = evaluate(model, kind, q, qd);
                QVERIFY2(relativeError(e.qdd, reference.qdd) < kAgreementTol,
                         qPrintable(QString::number(relativeError(e.qdd, reference.qdd))));
                QVERIFY(relativeError(e.lambda, reference.lambda) < kAgreementTol);
            }
        }
    }

    void eliminationOfAChainOfLoopsHasNoFill() {
        // the scraper's GICM is block tridiagonal: minimum degree keeps it so
        const auto model = compileModel(fixtures::carpetScraper()).model;
        const ForwardDynamicsWorkspace fws(*model);
        std::size_t stored = fws.gicmBlocks.size();
        QCOMPARE(stored, std::size_t(7)); // 3 diagonal + 2×2 off-diagonal, Ī13 = O stays O
    }
};

QTEST_APPLESS_MAIN(TestForwardDynamics)
#include "tst_forward_dynamics.moc"
