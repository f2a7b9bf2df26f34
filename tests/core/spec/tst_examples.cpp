// SPDX-License-Identifier: MIT
// The shipped example files reproduce the spec oracle: assembled from their own initial state
// (independent inputs and assembly guess) they give the oracle's q0, q̇0, M, J, λ and q̈. The
// spatial (version 2) examples compile and assemble from their initial state with their loops
// closed; stewart_platform.json, elbow_manipulator.json and spherical_four_bar.json are
// stewartPlatformSpec(), elbowManipulatorSpec() and sphericalFourBarSpec() exactly as the writer
// writes them.

#include <QDir>
#include <QFile>
#include <QtTest>

#include "core/dynamics/forward_dynamics.hpp"
#include "core/dynamics/tree_dynamics.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/forward_solve.hpp"
#include "tests/core/fixtures/oracle.hpp"
#include "tests/core/fixtures/relative_error.hpp"
#include "tests/test_main.hpp"

namespace tst_examples {

using namespace sslm;
using fixtures::relativeError;

namespace {

constexpr double kOracleTol = 1e-12;  // closed-form assembly and direct solves
constexpr double kClosureTol = 1e-12; // loop closure of an assembled spatial example

} // namespace

class TestExamples : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void reproduceTheOracle_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("mechanism");
        QTest::newRow("four-bar") << "four_bar.json"
                                  << "fourbar";
        QTest::newRow("carpet scraper") << "carpet_scraper.json"
                                        << "scraper";
        QTest::newRow("3-RRR") << "three_rrr.json"
                               << "3rrr";
    }

    void reproduceTheOracle() {
        QFETCH(QString, file);
        QFETCH(QString, mechanism);
        const std::shared_ptr<const Model> compiled = fixtures::loadExample(file.toStdString());
        const Model& model = *compiled;
        const fixtures::Oracle oracle = fixtures::loadOracle(mechanism.toStdString());

        const InitialState initial = assembleInitialState(model);
        QVERIFY2(initial.report.converged, initial.report.message.c_str());
        const Eigen::VectorXd q0 = oracle.toModelOrder(model, oracle.q0);
        const Eigen::VectorXd qd0 = oracle.toModelOrder(model, oracle.qd0);
        QVERIFY2(relativeError(initial.q, q0) < kOracleTol,
                 qPrintable(QString::number(relativeError(initial.q, q0))));
        QVERIFY(relativeError(initial.qd, qd0) < kOracleTol);

        const fixtures::EquationsAt at(model, initial.q, initial.qd);
        ForwardDynamicsWorkspace fws(model);
        QVERIFY(solveForwardDynamics(SolverKind::Sslm, model, at.with(at.dws.phi), fws));
        QVERIFY(relativeError(fws.lambda, oracle.lambda) < kOracleTol);
        QVERIFY(relativeError(fws.qdd, oracle.toModelOrder(model, oracle.qdd)) < kOracleTol);
    }

    void spatialExamplesAssemble_data() {
        QTest::addColumn<QString>("file");
        const QStringList files = QDir(QStringLiteral(SSLM_EXAMPLES_DIR))
                                      .entryList({QStringLiteral("*.json")}, QDir::Files);
        int spatial = 0;
        for (const QString& file : files) {
            const LoadResult loaded =
                loadMechanismFile(std::filesystem::path(SSLM_EXAMPLES_DIR) / file.toStdString());
            if (loaded.ok() && loaded.spec->space == MotionSpace::Spatial) {
                QTest::newRow(qPrintable(file)) << file;
                ++spatial;
            }
        }
        QVERIFY(spatial >= 3); // rssr.json, spatial_ladder_4.json, stewart_platform.json
    }

    void spatialExamplesAssemble() {
        QFETCH(QString, file);
        const std::shared_ptr<const Model> compiled = fixtures::loadExample(file.toStdString());
        const Model& model = *compiled;
        QVERIFY(model.isSpatial());

        const InitialState initial = assembleInitialState(model);
        QVERIFY2(initial.report.converged, initial.report.message.c_str());
        Workspace ws(model);
        updatePositions(model, ws, initial.q);
        const double closure = constraintResidual(model, ws).cwiseAbs().maxCoeff();
        QVERIFY2(closure < kClosureTol, qPrintable(QString::number(closure)));
        const double rateClosure =
            (constraintJacobian(model, ws) * initial.qd).cwiseAbs().maxCoeff();
        QVERIFY2(rateClosure < kClosureTol, qPrintable(QString::number(rateClosure)));
    }

    void stewartExampleIsTheTemplate() {
        // regenerate with `sslm generate stewart --out examples/stewart_platform.json`
        QFile file(QStringLiteral(SSLM_EXAMPLES_DIR "/stewart_platform.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().toStdString(), toJson(stewartPlatformSpec()));
    }

    void elbowExampleIsTheTemplate() {
        // regenerate with `sslm generate elbow --out examples/elbow_manipulator.json`
        QFile file(QStringLiteral(SSLM_EXAMPLES_DIR "/elbow_manipulator.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().toStdString(), toJson(elbowManipulatorSpec()));
    }

    void sphericalFourBarExampleIsTheTemplate() {
        // regenerate with `sslm generate spherical --out examples/spherical_four_bar.json`
        QFile file(QStringLiteral(SSLM_EXAMPLES_DIR "/spherical_four_bar.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().toStdString(), toJson(sphericalFourBarSpec()));
    }
};

SSLM_TEST_APPLESS_MAIN(TestExamples)
} // namespace tst_examples
#include "tst_examples.moc"
