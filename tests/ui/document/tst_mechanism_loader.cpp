// SPDX-License-Identifier: MIT
// Opening files in SSLM Studio: a planar example loads with its pose, and so does a spatial
// (version 2) one, with its positions (quaternions included) assembled.

#include <QtTest>

#include "ui/document/mechanism_loader.hpp"

#include "tests/test_main.hpp"

namespace tst_mechanism_loader {

using namespace sslm::ui;

class TestMechanismLoader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void planarExampleLoads() {
        const LoadOutcome outcome =
            loadMechanism(QStringLiteral(SSLM_EXAMPLES_DIR "/carpet_scraper.json"));
        QVERIFY2(outcome.mechanism.has_value(), qPrintable(outcome.error));
        QVERIFY(outcome.mechanism->assembly.converged);
    }

    void spatialFilesLoadAssembled_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("loops");
        QTest::newRow("RSSR") << QStringLiteral("rssr.json") << 1;
        QTest::newRow("ladder") << QStringLiteral("spatial_ladder_4.json") << 4;
        QTest::newRow("Stewart platform") << QStringLiteral("stewart_platform.json") << 5;
    }

    // The spatial examples open with their quaternion positions assembled on the manifold.
    void spatialFilesLoadAssembled() {
        QFETCH(QString, file);
        QFETCH(int, loops);
        const LoadOutcome outcome = loadMechanism(QStringLiteral(SSLM_EXAMPLES_DIR "/") + file);
        QVERIFY2(outcome.mechanism.has_value(), qPrintable(outcome.error));
        const LoadedMechanism& m = *outcome.mechanism;
        QVERIFY(m.model->isSpatial());
        QCOMPARE(m.model->nLoops(), loops);
        QCOMPARE(m.q0.size(), m.model->nq());
        QCOMPARE(m.qd0.size(), m.model->nv());
        QVERIFY(m.assembly.converged);
        QVERIFY2(m.assembly.residual < 1e-10, qPrintable(QString::number(m.assembly.residual)));
    }
};

SSLM_TEST_GUILESS_MAIN(TestMechanismLoader)
} // namespace tst_mechanism_loader
#include "tst_mechanism_loader.moc"
