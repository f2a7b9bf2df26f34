// SPDX-License-Identifier: MIT
// `sslm import` end to end: the URDF+ four-bar of tests/data/interop/ becomes a mechanism file
// with one cut that `sslm check` finds ready (exit 0) and `sslm simulate` runs; --json reports
// the cut, the format and the dropped limits; the example examples/interop/four_bar.urdf
// imports; the SDFormat four-bar drawn in the x–z plane becomes a planar (version 1) file that
// checks and runs, or with --keep-spatial a spatial one with a warning naming the redundant
// loop; a malformed file, an unknown joint type, a joint naming a missing link and a format
// not supported yet exit with code 2, name the file, line and element, and write nothing.

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

    void sdfFourBarImportsAsPlanarChecksAndRuns() {
        QTemporaryDir dir;
        const QString out = dir.filePath("four_bar.json");
        const Run run = runSslm({"import", example("interop/four_bar.sdf"), "--out", out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("planar mechanism in the plane"), run.out.constData());
        QVERIFY(run.out.contains("1 loop closure(s) as cut joints"));
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto json = nlohmann::json::parse(file.readAll().toStdString());
        QCOMPARE(json["version"].get<int>(), 1);
        QCOMPARE(json["cuts"], nlohmann::json::array({"J8"}));
        const Run check = runSslm({"check", out});
        QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
        const Run simulated = runSslm(
            {"simulate", out, "--t-end", "0.2", "--out", dir.filePath("run.csv"), "--quiet"});
        QVERIFY2(simulated.exitCode == 0, simulated.err.constData());
    }

    void sdfKeptSpatialWarnsOfTheRedundantLoop() {
        QTemporaryDir dir;
        const QString out = dir.filePath("spatial.json");
        const Run run =
            runSslm({"import", data("four_bar.sdf"), "--out", out, "--keep-spatial", "--json"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("loop J8–J3–J2–J1"), run.err.constData());
        QVERIFY2(run.err.contains("spherical or universal joint"), run.err.constData());
        const auto json = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(json["format"].get<std::string>(), std::string("sdformat"));
        QCOMPARE(json["space"].get<std::string>(), std::string("spatial"));
        QVERIFY(QFile::exists(out));
    }

    void malformedSdfExitsTwoAndWritesNothing() {
        struct Case {
            const char* file;
            const char* says;
        };
        for (const Case& c :
             {Case{"malformed.sdf", "malformed XML"},
              Case{"unknown_joint_type.sdf",
                   "unknown_joint_type.sdf:7: <joint name=\"hinge\">: error: unknown joint type"},
              Case{"missing_link.sdf", "missing_link.sdf:14: <joint name=\"elbow\">: error: the "
                                       "child 'forearm' is not a link of the model"}}) {
            QTemporaryDir dir;
            const QString out = dir.filePath("never.json");
            const Run run = runSslm({"import", data(c.file), "--out", out});
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains(c.says), run.err.constData());
            QVERIFY(run.err.contains("nothing written"));
            QVERIFY(!QFile::exists(out));
        }
    }

    void otherFormatsAreNotSupportedYet() {
        QTemporaryDir dir;
        const QString model = dir.filePath("model.xml");
        QFile file(model);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("<mujoco model=\"m\"/>\n");
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
