// SPDX-License-Identifier: MIT
// `sslm import` end to end: the URDF+ four-bar of tests/data/interop/ becomes a mechanism file
// with one cut that `sslm check` finds ready (exit 0) and `sslm simulate` runs; --json reports
// the cut, the format and the dropped limits; the example examples/interop/four_bar.urdf
// imports; the SDFormat four-bar drawn in the x–z plane becomes a planar (version 1) file that
// checks and runs, or with --keep-spatial a spatial one with a warning naming the redundant
// loop; MJCF: examples/interop/slider_crank.xml imports, checks and runs; a malformed file of
// each format, an unknown joint type, a joint naming a missing link and an unknown format exit
// with code 2, name the file, line and element, and write nothing; `sslm export --to mjcf`
// writes the four-bar, which imports back; `--to sdf` and `--to urdf` write the RSSR and the
// planar four-bar, which import back (the four-bar planar again), and the URDF example with
// its meshes exported elsewhere still finds them; an unknown format is refused, and export
// never writes over its input.

#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_runner.hpp"
#include "tests/test_main.hpp"

namespace tst_cli_import {

using namespace sslm::fixtures;

namespace {

QString data(const char* name) {
    return QStringLiteral(SSLM_TEST_DATA_DIR "/interop/") + QString::fromLatin1(name);
}

/// `sslm check` of the imported `file` says it is ready to simulate (exit 0), and
/// `sslm simulate` runs it for 0.2 s into `dir`.
void checksAndRuns(const QString& file, const QTemporaryDir& dir) {
    const Run check = runSslm({"check", file});
    QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
    QVERIFY2(check.out.contains("ready to simulate"), check.out.constData());
    const Run simulated =
        runSslm({"simulate", file, "--t-end", "0.2", "--out", dir.filePath("run.csv"), "--quiet"});
    QVERIFY2(simulated.exitCode == 0, simulated.err.constData());
}

/// `sslm import` of the bad file `name` (tests/data/interop/) exits with code 2, says each of
/// `messages` on stderr and writes nothing.
void importIsRefused(const char* name, std::initializer_list<const char*> messages) {
    QTemporaryDir dir;
    const QString out = dir.filePath("never.json");
    const Run run = runSslm({"import", data(name), "--out", out});
    QCOMPARE(run.exitCode, 2);
    for (const char* message : messages) {
        QVERIFY2(run.err.contains(message), run.err.constData());
    }
    QVERIFY(!QFile::exists(out));
}

} // namespace

class TestCliImport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Each file imports (the report saying what it found), writes a mechanism of the expected
    // version and cuts, which `sslm check` finds ready and `sslm simulate` runs.
    void importsChecksAndRuns_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QStringList>("says"); // on stdout
        QTest::addColumn<int>("version");
        QTest::addColumn<QStringList>("cuts");
        const QString oneLoop = QStringLiteral("1 loop closure(s) as cut joints");
        QTest::newRow("URDF+ four-bar, limits dropped")
            << data("four_bar_loop.urdf")
            << QStringList{oneLoop, QStringLiteral("loop name=\"C\": spherical cut joint"),
                           QStringLiteral("joint rocker_joint limit")}
            << 2 << QStringList{QStringLiteral("C")};
        QTest::newRow("URDF example") << example("interop/four_bar.urdf") << QStringList{oneLoop}
                                      << 2 << QStringList{QStringLiteral("C")};
        QTest::newRow("SDFormat four-bar in the x-z plane, written planar")
            << example("interop/four_bar.sdf")
            << QStringList{QStringLiteral("planar mechanism in the plane"), oneLoop} << 1
            << QStringList{QStringLiteral("J8")};
        QTest::newRow("MJCF slider-crank")
            << example("interop/slider_crank.xml")
            << QStringList{QStringLiteral("imported mjcf 'slider_crank'"), oneLoop} << 2
            << QStringList{QStringLiteral("pin_C")};
    }

    void importsChecksAndRuns() {
        QFETCH(QString, source);
        QFETCH(QStringList, says);
        QFETCH(int, version);
        QFETCH(QStringList, cuts);
        QTemporaryDir dir;
        const QString out = dir.filePath("imported.json");
        const Run run = runSslm({"import", source, "--out", out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        for (const QString& line : says) {
            QVERIFY2(run.out.contains(line.toUtf8()), run.out.constData());
        }
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto json = nlohmann::json::parse(file.readAll().toStdString());
        QCOMPARE(json["version"].get<int>(), version);
        QStringList written;
        for (const auto& cut : json["cuts"]) {
            written.append(QString::fromStdString(cut.get<std::string>()));
        }
        QCOMPARE(written, cuts);
        checksAndRuns(out, dir);
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

    void malformedFileExitsTwoAndWritesNothing() {
        importIsRefused("malformed.urdf", {"malformed.urdf:", "malformed XML", "nothing written"});
    }

    void unknownJointTypeNamesTheElement() {
        importIsRefused(
            "unknown_joint_type.urdf",
            {"unknown_joint_type.urdf:11: <joint name=\"hinge\">", "unknown joint type 'hinge'"});
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
                                       "child 'forearm' is not a link of the model"},
              // libsdformat's own std::stoi threw on it: "internal error: stoi", exit 1
              Case{"huge_version.sdf", "huge_version.sdf:8: <sdf>: error: the version "
                                       "\"99999999999999999999\" is not an SDFormat version"}}) {
            importIsRefused(c.file, {c.says, "nothing written"});
            if (QTest::currentTestFailed()) {
                return;
            }
        }
    }

    void malformedMjcfNamesLineAndElement() {
        importIsRefused("malformed.xml", {"malformed.xml:6", "joynt", "nothing written"});
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

    void sdfExportImportsBack() {
        QTemporaryDir dir;
        const QString sdf = dir.filePath("rssr.sdf");
        const Run run = runSslm({"export", example("rssr.json"), "--to", "sdf", "--out", sdf});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(QFile::exists(sdf));
        const QString back = dir.filePath("back.json");
        const Run again = runSslm({"import", sdf, "--out", back});
        QVERIFY2(again.exitCode == 0, again.err.constData());
        QVERIFY2(again.out.contains("1 loop closure(s) as cut joints"), again.out.constData());
        const Run check = runSslm({"check", back});
        QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
        // a planar file goes out in the x-z plane and comes back planar (version 1)
        const QString planar = dir.filePath("four_bar.sdf");
        QCOMPARE(
            runSslm({"export", example("four_bar.json"), "--to", "sdf", "--out", planar}).exitCode,
            0);
        const QString planarBack = dir.filePath("four_bar_back.json");
        QCOMPARE(runSslm({"import", planar, "--out", planarBack}).exitCode, 0);
        QFile file(planarBack);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(nlohmann::json::parse(file.readAll().toStdString())["version"].get<int>(), 1);
    }

    void urdfExportImportsBackWithItsMeshes() {
        QTemporaryDir dir;
        // the planar four-bar: URDF+ with one <loop>, back as a planar file that checks
        const QString urdf = dir.filePath("four_bar.urdf");
        const Run run =
            runSslm({"export", example("four_bar.json"), "--to", "urdf", "--out", urdf});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("URDF+ <loop type=\"revolute\">"), run.out.constData());
        const QString back = dir.filePath("back.json");
        const Run again = runSslm({"import", urdf, "--out", back});
        QVERIFY2(again.exitCode == 0, again.err.constData());
        QVERIFY2(again.out.contains("planar"), again.out.constData());
        // the URDF example, imported into one folder and exported to another, keeps its meshes
        QVERIFY(QDir(dir.path()).mkpath("a/b"));
        const QString imported = dir.filePath("a/b/imported.json");
        QCOMPARE(runSslm({"import", QStringLiteral(SSLM_EXAMPLES_DIR "/interop/four_bar.urdf"),
                          "--out", imported})
                     .exitCode,
                 0);
        const QString out = dir.filePath("exported.urdf");
        QCOMPARE(runSslm({"export", imported, "--to", "urdf", "--out", out}).exitCode, 0);
        QFile text(out);
        QVERIFY(text.open(QIODevice::ReadOnly));
        const QByteArray xml = text.readAll();
        QVERIFY2(xml.contains("<mesh filename=\""), xml.constData());
        const Run meshes = runSslm({"import", out, "--out", dir.filePath("again.json"), "--json"});
        QVERIFY2(meshes.exitCode == 0, meshes.err.constData());
        QVERIFY2(!meshes.out.contains("no file at") && !meshes.out.contains("not found"),
                 meshes.out.constData());
    }

    void exportRefusesOtherFormatsAndItsInput() {
        QTemporaryDir dir;
        const QString never = dir.filePath("never.step");
        const Run step =
            runSslm({"export", example("four_bar.json"), "--to", "step", "--out", never});
        QCOMPARE(step.exitCode, 2);
        QVERIFY2(step.err.contains("unknown export format 'step'"), step.err.constData());
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

    void unknownFormatsExitTwo() {
        QTemporaryDir dir;
        const QString model = dir.filePath("model.step");
        QFile file(model);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("ISO-10303-21;\n");
        file.close();
        const QString out = dir.filePath("never.json");
        const Run run = runSslm({"import", model, "--out", out});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("unknown model format '.step'"), run.err.constData());
        QVERIFY(!QFile::exists(out));
    }
};
SSLM_TEST_APPLESS_MAIN(TestCliImport)
} // namespace tst_cli_import

#include "tst_cli_import.moc"
