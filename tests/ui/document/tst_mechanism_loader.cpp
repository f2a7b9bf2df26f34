// SPDX-License-Identifier: MIT
// Opening files in SSLM Studio: a planar example loads with its pose; a spatial (version 2)
// file is refused with a message that says what it is and how to run it, and is not offered
// to the planar editor as an unfinished drawing.

#include <QtTest>

#include "ui/document/mechanism_loader.hpp"

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

    void spatialFilesAreRefusedWithTheWayToRunThem_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("RSSR") << QStringLiteral("rssr.json");
        QTest::newRow("ladder") << QStringLiteral("spatial_ladder_4.json");
        QTest::newRow("Stewart platform") << QStringLiteral("stewart_platform.json");
    }

    void spatialFilesAreRefusedWithTheWayToRunThem() {
        QFETCH(QString, file);
        const LoadOutcome outcome = loadMechanism(QStringLiteral(SSLM_EXAMPLES_DIR "/") + file);
        QVERIFY(!outcome.mechanism.has_value());
        QVERIFY(!outcome.unfinished.has_value());
        QVERIFY2(
            outcome.error.contains(QStringLiteral("spatial mechanism (file format version 2)")),
            qPrintable(outcome.error));
        QVERIFY(outcome.error.contains(QStringLiteral("sslm simulate ") + file));
    }
};

QTEST_GUILESS_MAIN(TestMechanismLoader)
#include "tst_mechanism_loader.moc"
