// SPDX-License-Identifier: MIT
// `sslm import` end to end: the URDF+ four-bar of tests/data/interop/ becomes a mechanism file
// with one cut that `sslm check` finds ready (exit 0) and `sslm simulate` runs; --json reports
// the cut, the format and the dropped limits; the example examples/interop/four_bar.urdf
// imports; a malformed file, an unknown joint type and a format not supported yet exit with
// code 2, name the file, line and element, and write nothing. MJCF: the example
// examples/interop/slider_crank.xml imports, checks and runs, a malformed MJCF file exits with
// code 2 naming its line and element; `sslm export --to mjcf` writes the four-bar, which
// imports back, refuses urdf and sdf (not supported yet) and never writes over its input.

#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_runner.hpp"

using namespace sslm::test;

namespace {

QString data(const char* name) {
    return QStringLiteral(SSLM_TEST_DATA_DIR "/interop/") + QString::fromLatin1(name);
}

} // namespace

class TestCliImport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void urdfPlusFourBarImportsChecksAndRuns() {
        QTemporaryDir dir;
        const QString out = dir.filePath("four_bar.json");
        const Run imported = runSslm({"import", data("four_bar_loop.urdf"), "--out", out});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        QVERIFY(imported.out.contains("1 loop closure(s) as cut joints"));
        QVERIFY(imported.out.contains("loop name=\"C\": spherical cut joint"));
        QVERIFY(imported.out.contains("joint rocker_joint limit"));
        QVERIFY(QFile::exists(out));
        const Run check = runSslm({"check", out});
        QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
        QVERIFY(check.out.contains("ready to simulate"));
        const Run simulated = runSslm(
            {"simulate", out, "--t-end", "0.2", "--out", dir.filePath("run.csv"), "--quiet"});
        QVERIFY2(simulated.exitCode == 0, simulated.err.constData());
    }

    void jsonReportNamesTheCut() {
        QTemporaryDir dir;
        const Run run = runSslm({"import", data("four_bar_constraint.urdf"), "--out",
                                 dir.filePath("m.json"), "--json"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto json = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(json["format"].get<std::string>(), std::string("urdf"));
        QCOMPARE(json["cuts"], nlohmann::json::array({"C"}));
        QCOMPARE(json["bodies"].get<int>(), 4);
        QVERIFY(!json["dropped"].empty());
    }

    void exampleImports() {
        QTemporaryDir dir;
        const QString out = dir.filePath("example.json");
        const Run run = runSslm({"import", example("interop/four_bar.urdf"), "--out", out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const Run check = runSslm({"check", out});
        QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
    }

    void malformedFileExitsTwoAndWritesNothing() {
        QTemporaryDir dir;
        const QString out = dir.filePath("never.json");
        const Run run = runSslm({"import", data("malformed.urdf"), "--out", out});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("malformed.urdf:"), run.err.constData());
        QVERIFY2(run.err.contains("malformed XML"), run.err.constData());
        QVERIFY(run.err.contains("nothing written"));
        QVERIFY(!QFile::exists(out));
    }

    void unknownJointTypeNamesTheElement() {
        QTemporaryDir dir;
        const QString out = dir.filePath("never.json");
        const Run run = runSslm({"import", data("unknown_joint_type.urdf"), "--out", out});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("unknown_joint_type.urdf:11: <joint name=\"hinge\">"),
                 run.err.constData());
        QVERIFY2(run.err.contains("unknown joint type 'hinge'"), run.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void mjcfExampleImportsChecksAndRuns() {
        QTemporaryDir dir;
        const QString out = dir.filePath("slider_crank.json");
        const Run run = runSslm({"import", example("interop/slider_crank.xml"), "--out", out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("imported mjcf 'slider_crank'"), run.out.constData());
        QVERIFY(run.out.contains("1 loop closure(s) as cut joints"));
        const Run check = runSslm({"check", out});
        QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
        QVERIFY(check.out.contains("ready to simulate"));
        const Run simulated = runSslm(
            {"simulate", out, "--t-end", "0.2", "--out", dir.filePath("run.csv"), "--quiet"});
        QVERIFY2(simulated.exitCode == 0, simulated.err.constData());
    }

    void malformedMjcfNamesLineAndElement() {
        QTemporaryDir dir;
        const QString out = dir.filePath("never.json");
        const Run run = runSslm({"import", data("malformed.xml"), "--out", out});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("malformed.xml:6"), run.err.constData());
        QVERIFY2(run.err.contains("joynt"), run.err.constData());
        QVERIFY(run.err.contains("nothing written"));
        QVERIFY(!QFile::exists(out));
    }

    void exportsFourBarToMjcfAndBack() {
        QTemporaryDir dir;
        const QString xml = dir.filePath("four_bar.xml");
        const Run run = runSslm({"export", example("four_bar.json"), "--to", "mjcf", "--out", xml});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("approximated ("), run.out.constData());
        QFile file(xml);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<connect name=\"J8\""));
        QVERIFY(text.contains("<connect name=\"J8_axis\""));
        QVERIFY(text.contains("<key name=\"initial\""));
        const Run back = runSslm({"import", xml, "--out", dir.filePath("back.json")});
        QVERIFY2(back.exitCode == 0, back.err.constData());
    }

    void exportRefusesOtherFormatsAndItsInput() {
        QTemporaryDir dir;
        const QString never = dir.filePath("never.urdf");
        const Run urdf =
            runSslm({"export", example("four_bar.json"), "--to", "urdf", "--out", never});
        QCOMPARE(urdf.exitCode, 2);
        QVERIFY2(urdf.err.contains("not supported yet"), urdf.err.constData());
        QVERIFY(!QFile::exists(never));
        const QString copy = dir.filePath("four_bar.json");
        QVERIFY(QFile::copy(example("four_bar.json"), copy));
        const Run self = runSslm({"export", copy, "--to", "mjcf", "--out", copy});
        QCOMPARE(self.exitCode, 2);
        QVERIFY(self.err.contains("nothing written"));
        QFile original(example("four_bar.json"));
        QFile kept(copy);
        QVERIFY(original.open(QIODevice::ReadOnly) && kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), original.readAll());
    }

    void otherFormatsAreNotSupportedYet() {
        QTemporaryDir dir;
        const QString model = dir.filePath("model.sdf");
        QFile file(model);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("<sdf version=\"1.9\"><model name=\"m\"/></sdf>\n");
        file.close();
        const QString out = dir.filePath("never.json");
        const Run run = runSslm({"import", model, "--out", out});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("not supported yet"), run.err.constData());
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_APPLESS_MAIN(TestCliImport)

#include "tst_cli_import.moc"
