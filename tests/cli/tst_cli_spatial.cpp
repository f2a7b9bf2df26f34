// SPDX-License-Identifier: MIT
// The sslm executable on the spatial examples (file format version 2): the done-means
// run of the RSSR conserves energy to 1e-9 relative and cutting J2 instead of J3 gives the
// same θ(t) to 1e-8 rad; the CSV names quaternion entries, 3-D reactions and points; `info`
// counts Grübler in space and says the RSSR's loop is solved in closed form (the ladder's by
// Newton), and --branch cycles the RSSR's two assemblies; `generate stewart` writes the Stewart
// platform example, 6 DOF both ways, which keeps its energy over 2 s; the verbs that are planar
// only so far say so with exit code 2.

#include <algorithm>
#include <cmath>

#include <QtTest>

#include <Eigen/Core>
#include <nlohmann/json.hpp>

#include "tests/cli/cli_runner.hpp"
#include "tests/test_main.hpp"

namespace tst_cli_spatial {

using namespace sslm::fixtures;

class TestCliSpatial : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rssrConservesEnergyAndEitherCutGivesTheSameMotion() {
        QTemporaryDir dir;
        const QString j3 = dir.filePath("j3.csv");
        const QString j2 = dir.filePath("j2.csv");
        const Run a = runSslm(tightSimulation("rssr.json", "sslm", j3));
        QVERIFY2(a.exitCode == 0, a.err.constData());
        QStringList cutJ2 = tightSimulation("rssr.json", "sslm", j2);
        cutJ2 << "--cut"
              << "J2";
        const Run b = runSslm(cutJ2);
        QVERIFY2(b.exitCode == 0, b.err.constData());
        const Csv first = readCsv(j3);
        const Csv second = readCsv(j2);
        QCOMPARE(first.rows.size(), std::size_t(201));
        QCOMPARE(second.rows.size(), first.rows.size());
        const qsizetype total = first.column("energy.total");
        const qsizetype theta = first.column("q.theta");
        QVERIFY(total > 0 && theta > 0 && second.column("q.theta") > 0);
        const double e0 = first.rows.front()[static_cast<std::size_t>(total)];
        QVERIFY(std::abs(e0 - 0.796494240071) < 1e-11);
        double drift = 0;
        double difference = 0;
        for (std::size_t k = 0; k < first.rows.size(); ++k) {
            drift =
                std::max(drift, std::abs(first.rows[k][static_cast<std::size_t>(total)] - e0) / e0);
            difference = std::max(
                difference,
                std::abs(first.rows[k][static_cast<std::size_t>(theta)] -
                         second.rows[k][static_cast<std::size_t>(second.column("q.theta"))]));
        }
        QVERIFY2(drift < 1e-9, qPrintable(QString::number(drift)));
        QVERIFY2(difference < 1e-8, qPrintable(QString::number(difference)));
    }

    void csvColumnsAreSpatial() {
        QTemporaryDir dir;
        const QString out = dir.filePath("rssr.csv");
        const Run run = runSslm({"simulate", example("rssr.json"), "--t-end", "0.1", "--out", out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const Csv csv = readCsv(out);
        for (const char* column : {"q.J2.qw", "q.J2.qz", "qd.J2.wx", "qdd.phi", "reaction.J3.fx",
                                   "reaction.J3.mz", "point.C.x", "point.C.z"}) {
            QVERIFY2(csv.column(QString::fromLatin1(column)) >= 0, column);
        }
        // J3's force on the coupler at t = 0 is the oracle's
        const auto& first = csv.rows.front();
        QVERIFY(std::abs(first[static_cast<std::size_t>(csv.column("reaction.J3.fx"))] -
                         -0.62845735) < 1e-7);
        QVERIFY(std::abs(first[static_cast<std::size_t>(csv.column("reaction.J3.fz"))] -
                         1.03629988) < 1e-7);
        // the quaternion stays unit
        for (const auto& row : csv.rows) {
            double norm = 0;
            for (const char* c : {"q.J2.qw", "q.J2.qx", "q.J2.qy", "q.J2.qz"}) {
                const double x = row[static_cast<std::size_t>(csv.column(QString::fromLatin1(c)))];
                norm += x * x;
            }
            QVERIFY(std::abs(norm - 1.0) < 1e-12);
        }
    }

    void infoCountsInSpace() {
        const Run run = runSslm({"info", example("spatial_ladder_4.json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("DOF: 2 (rank of J at the initial pose), 2 (Grübler: 6·9 − 52 "
                                  "joint constraints)"),
                 run.out.constData());
    }

    void infoSaysWhichLoopsAreClosedForm() {
        // the RSSR's loop in closed form, on the file's branch (-1, C above D)
        const Run text = runSslm({"info", example("rssr.json")});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains("Assembly: converged; closed form: loops 1 (branch -1); "
                                   "Newton: none (0 iterations)"),
                 text.out.constData());
        const Run json = runSslm({"info", example("rssr.json"), "--json"});
        QVERIFY2(json.exitCode == 0, json.err.constData());
        const nlohmann::json info = nlohmann::json::parse(json.out.toStdString());
        const nlohmann::json& assembly = info.at("assembly");
        QVERIFY(assembly.at("closed_form_loops") == nlohmann::json::parse("[1]"));
        QVERIFY(assembly.at("newton_loops") == nlohmann::json::parse("[]"));
        QVERIFY(assembly.at("branch") == nlohmann::json::parse("[-1]"));
        QVERIFY(std::abs(info.at("initial_q").at("phi").get<double>() - 2.004625277) < 1e-9);

        // the other branch: φ = 5.205855248 rad (spatial.md), the nearest 2π-representative
        const Run other = runSslm({"info", example("rssr.json"), "--json", "--branch", "+1"});
        QVERIFY2(other.exitCode == 0, other.err.constData());
        const nlohmann::json flipped = nlohmann::json::parse(other.out.toStdString());
        QVERIFY(flipped.at("assembly").at("branch") == nlohmann::json::parse("[1]"));
        QVERIFY(std::abs(flipped.at("initial_q").at("phi").get<double>() + 2 * M_PI - 5.205855248) <
                1e-9);
        QVERIFY(flipped.at("closure_residual").get<double>() < 1e-12);

        // every cut that keeps a revolute angle in the tree as the input
        for (const char* cut : {"J2", "J4"}) {
            const Run run = runSslm({"info", example("rssr.json"), "--cut", cut});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            QVERIFY2(run.out.contains("closed form: loops 1 (branch"), run.out.constData());
        }

        // the ladder has no closed form: Newton, and no branch to choose
        const Run ladder = runSslm({"info", example("spatial_ladder_4.json")});
        QVERIFY2(ladder.exitCode == 0, ladder.err.constData());
        QVERIFY2(ladder.out.contains("closed form: none; Newton: loops 1, 2, 3, 4"),
                 ladder.out.constData());
        const Run noBranch = runSslm({"info", example("spatial_ladder_4.json"), "--branch", "-1"});
        QCOMPARE(noBranch.exitCode, 2);
        QVERIFY2(noBranch.err.contains("loop 1 (") &&
                     noBranch.err.contains("has no closed-form solution"),
                 noBranch.err.constData());
    }

    void kinematicsCyclesTheBranches() {
        QTemporaryDir dir;
        double phiAtZero[2] = {0, 0};
        int index = 0;
        for (const char* branch : {"-1", "+1"}) {
            const QString out = dir.filePath(QStringLiteral("sweep%1.csv").arg(index));
            const Run run = runSslm({"kinematics", example("rssr.json"), "--input", "theta",
                                     "--from", "0", "--to", "360", "--steps", "72", "--degrees",
                                     "--branch", branch, "--out", out});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            QVERIFY2(run.out.contains("toggles: 0"), run.out.constData());
            const Csv csv = readCsv(out);
            QCOMPARE(csv.rows.size(), std::size_t(73));
            const auto phi = static_cast<std::size_t>(csv.column("phi"));
            const auto cx = static_cast<std::size_t>(csv.column("point.C.x"));
            for (const auto& row : csv.rows) {
                const double theta = row[0] * M_PI / 180.0;
                const Eigen::Vector3d c(row[cx], row[cx + 1], row[cx + 2]);
                const Eigen::Vector3d b(0.04 * std::cos(theta), 0.04 * std::sin(theta), 0.0);
                QVERIFY(std::abs((c - Eigen::Vector3d(0.10, 0.12, 0.06)).norm() - 0.10) < 1e-12);
                QVERIFY(std::abs((c - b).norm() - 0.18) < 1e-12);
            }
            QVERIFY(std::abs(csv.rows.front()[phi] - csv.rows.back()[phi]) < 1e-9);
            phiAtZero[index++] = csv.rows.front()[phi];
        }
        QVERIFY(std::abs(phiAtZero[0] - 2.004625277) < 1e-9);
        QVERIFY(std::abs(phiAtZero[1] + 2 * M_PI - 5.205855248) < 1e-9);

        const Run bad = runSslm({"kinematics", example("rssr.json"), "--input", "theta", "--from",
                                 "0", "--to", "1", "--steps", "2", "--branch", "2"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("has 2 assembly modes, +1 and -1; there is no mode 2"),
                 bad.err.constData());
        const Run junk = runSslm({"kinematics", example("rssr.json"), "--input", "theta", "--from",
                                  "0", "--to", "1", "--steps", "2", "--branch", "up"});
        QCOMPARE(junk.exitCode, 2);
        QVERIFY2(junk.err.contains("--branch takes a mode per loop"), junk.err.constData());
    }

    void badSpatialInputIsNamed_data() {
        QTest::addColumn<QString>("pointer"); // JSON pointer into examples/rssr.json
        QTest::addColumn<QString>("value");   // the JSON written there
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("spherical joint given an axis")
            << "/joints/1/axis"
            << "[0, 0, 1]" << QStringList{} << "joints[1].axis";
        QTest::newRow("universal axes not perpendicular")
            << "/joints/2/axis2"
            << "[0, 0.6, 0.8]" << QStringList{} << "not perpendicular";
        QTest::newRow("planar-only offset")
            << "/joints/0/offset"
            << "0.5" << QStringList{} << "'offset' is for planar (version 1) joints only";
        QTest::newRow("unknown cut joint")
            << "/name"
            << "\"RSSR\"" << QStringList{"--cut", "auto,J9"} << "does not exist";
        QTest::newRow("axis not unit length")
            << "/joints/3/axis"
            << "[2, 0, 0]" << QStringList{} << "must be a unit vector";
    }

    void badSpatialInputIsNamed() {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        QFile original(example("rssr.json"));
        QVERIFY(original.open(QIODevice::ReadOnly));
        nlohmann::ordered_json doc =
            nlohmann::ordered_json::parse(original.readAll().toStdString());
        doc[nlohmann::ordered_json::json_pointer(pointer.toStdString())] =
            nlohmann::ordered_json::parse(value.toStdString());
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.json");
        QFile bad(path);
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(QByteArray::fromStdString(doc.dump(2)));
        bad.close();
        for (const char* verb : {"check", "simulate"}) {
            QStringList arguments{QString::fromLatin1(verb), path, "--t-end", "0.1"};
            if (QString::fromLatin1(verb) == "check") {
                arguments = QStringList{"check", path};
            }
            arguments << extra;
            const Run run = runSslm(arguments);
            if (QString::fromLatin1(verb) == "check" && !extra.isEmpty()) {
                continue; // check has no --cut
            }
            QVERIFY2(run.exitCode == 2, qPrintable(verb + QString(": ") + run.err + run.out));
            QVERIFY2(run.err.contains(message.toUtf8()) || run.out.contains(message.toUtf8()),
                     qPrintable(verb + QString(": ") + run.err + run.out));
            QVERIFY(!run.out.contains("nan") && !run.err.contains("internal error"));
        }
    }

    void cutSetThatLeavesALoopClosedIsNamed() {
        const Run run = runSslm(
            {"simulate", example("spatial_ladder_4.json"), "--cut", "K1,K2,K3", "--t-end", "0.1"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("stays closed: none of its joints is cut"), run.err.constData());
    }

    void generatedLadderIsTheExampleAndMovesLikeItsPendulum() {
        QTemporaryDir dir;
        const QString path = dir.filePath("ladder4.json");
        const Run written = runSslm({"generate", "ladder", "--cells", "4", "--out", path});
        QVERIFY2(written.exitCode == 0, written.err.constData());
        // the file and standard output carry the same text
        const Run generated = runSslm({"generate", "ladder", "--cells", "4"});
        QCOMPARE(generated.exitCode, 0);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), generated.out);
        // ladders of 2 and 8 cells: a, b of every pendulum at t = 0 equal the pendulum's
        for (const char* cells : {"2", "8"}) {
            const QString ladder = dir.filePath(QString("ladder%1.json").arg(cells));
            QCOMPARE(runSslm({"generate", "ladder", "--cells", cells, "--out", ladder}).exitCode,
                     0);
            const QString out = dir.filePath("run.csv");
            const Run run = runSslm({"simulate", ladder, "--t-end", "0.01", "--out", out});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            const Csv csv = readCsv(out);
            const auto& row = csv.rows.front();
            QVERIFY(std::abs(row[static_cast<std::size_t>(csv.column("energy.total"))] -
                             -8.270236712852) < 1e-11);
            const QString last = QString("qdd.b%1").arg(cells);
            QVERIFY(std::abs(row[static_cast<std::size_t>(csv.column(last))] - -3.2747414295) <
                    1e-9);
        }
        QCOMPARE(runSslm({"generate", "ladder", "--cells", "0"}).exitCode, 2);
        QCOMPARE(runSslm({"generate", "wheel", "--cells", "3"}).exitCode, 2);
    }

    void stewartPlatformIsTheExampleAndKeepsItsEnergy() {
        // `generate stewart` writes examples/stewart_platform.json byte for byte
        const Run generated = runSslm({"generate", "stewart"});
        QVERIFY2(generated.exitCode == 0, generated.err.constData());
        QFile file(example("stewart_platform.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(generated.out, file.readAll());
        QCOMPARE(runSslm({"generate", "stewart", "--cells", "3"}).exitCode, 2);
        QCOMPARE(runSslm({"generate", "ladder"}).exitCode, 2);

        const Run info = runSslm({"info", example("stewart_platform.json")});
        QVERIFY2(info.exitCode == 0, info.err.constData());
        QVERIFY2(info.out.contains("DOF: 6 (rank of J at the initial pose), 6 (Grübler: 6·13 − "
                                   "72 joint constraints)"),
                 info.out.constData());
        QVERIFY2(info.out.contains("Cut joints: S2, S3, S4, S5, S6"), info.out.constData());

        // 2 s of free motion: the energy is kept and the platform bobs and twists
        QTemporaryDir dir;
        const QString out = dir.filePath("stewart.csv");
        const Run run = runSslm(tightSimulation("stewart_platform.json", "sslm", out));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const Csv csv = readCsv(out);
        QCOMPARE(csv.rows.size(), std::size_t(201));
        const auto column = [&](const char* name) {
            const qsizetype c = csv.column(QString::fromLatin1(name));
            return static_cast<std::size_t>(std::max<qsizetype>(c, 0));
        };
        QVERIFY(csv.column("energy.total") > 0 && csv.column("point.platform.z") > 0 &&
                csv.column("q.S1.qw") > 0 && csv.column("q.L6") > 0);
        const double e0 = csv.rows.front()[column("energy.total")];
        const double z0 = csv.rows.front()[column("point.platform.z")];
        QVERIFY(std::abs(z0 - 0.6) < 1e-12);
        double drift = 0;
        double heave = 0;
        for (const auto& row : csv.rows) {
            drift = std::max(drift, std::abs(row[column("energy.total")] - e0) / std::abs(e0));
            heave = std::max(heave, std::abs(row[column("point.platform.z")] - z0));
        }
        QVERIFY2(drift < 1e-9, qPrintable(QString::number(drift)));
        QVERIFY2(heave > 5e-3 && heave < 0.05, qPrintable(QString::number(heave)));
    }

    void kinematicsSweepsTheCrankAroundOnItsBranch() {
        QTemporaryDir dir;
        const QString out = dir.filePath("sweep.csv");
        const Run run = runSslm({"kinematics", example("rssr.json"), "--input", "theta", "--from",
                                 "0", "--to", "360", "--steps", "72", "--degrees", "--out", out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const Csv csv = readCsv(out);
        QCOMPARE(csv.rows.size(), std::size_t(73));
        const qsizetype cx = csv.column("point.C.x");
        QVERIFY(cx > 0 && csv.column("point.C.z") == cx + 2 && csv.column("J2.qw") > 0);
        double phiMin = 10;
        double phiMax = -10;
        for (const auto& row : csv.rows) {
            // C stays on the rocker's circle about D and at the coupler's length from B(θ)
            const double theta = row[0] * M_PI / 180.0;
            const Eigen::Vector3d c(row[static_cast<std::size_t>(cx)],
                                    row[static_cast<std::size_t>(cx + 1)],
                                    row[static_cast<std::size_t>(cx + 2)]);
            const Eigen::Vector3d b(0.04 * std::cos(theta), 0.04 * std::sin(theta), 0.0);
            QVERIFY(std::abs((c - Eigen::Vector3d(0.10, 0.12, 0.06)).norm() - 0.10) < 1e-12);
            QVERIFY(std::abs((c - b).norm() - 0.18) < 1e-12);
            QCOMPARE(row.back(), 0.0); // no toggle: the crank turns fully
            const double phi = row[static_cast<std::size_t>(csv.column("phi"))];
            phiMin = std::min(phiMin, phi);
            phiMax = std::max(phiMax, phi);
        }
        // the rocker swings and returns: the same pose after a whole crank turn
        QVERIFY(phiMax - phiMin > 0.3);
        QVERIFY(std::abs(csv.rows.front()[static_cast<std::size_t>(csv.column("phi"))] -
                         csv.rows.back()[static_cast<std::size_t>(csv.column("phi"))]) < 1e-9);
        // a spherical joint's rate is not an angle to sweep
        const Run ball = runSslm({"kinematics", example("rssr.json"), "--input", "J2.wx", "--from",
                                  "0", "--to", "1", "--steps", "2"});
        QCOMPARE(ball.exitCode, 2);
        QVERIFY(ball.err.contains("quaternion"));
    }

    // seed 002 §6.2 through the command line: the crank turns at a constant 2π rad/s for one
    // turn; the three methods give the same torque and reactions, the torque does no net work
    // over the turn (the pose and speeds come back), and the forced forward run driven by that
    // torque tracks the motion.
    void inverseRssrOverACrankTurn() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::vector<Csv> runs;
        for (const char* method : {"subsystem", "system", "traditional"}) {
            const QString out = dir.filePath(QStringLiteral("inverse_%1.csv").arg(method));
            const Run run = runSslm({"inverse", example("rssr.json"), "--speed",
                                     "theta=6.283185307179586", "--t-end", "1", "--sample", "0.001",
                                     "--method", method, "--out", out, "--quiet"});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            runs.push_back(readCsv(out));
        }
        const Csv& csv = runs.front();
        QCOMPARE(csv.rows.size(), std::size_t{1001});
        const qsizetype tau = csv.column("tau.theta");
        QVERIFY(tau >= 0);
        for (const char* column : {"q.J2.qw", "qd.J2.wz", "reaction.J1.fx", "reaction.J3.mz",
                                   "reaction.J4.fz", "shaking.force.z", "shaking.moment.y"}) {
            QVERIFY2(csv.column(column) >= 0, column);
        }
        double largest = 0;
        double mean = 0;
        for (const auto& row : csv.rows) {
            largest = std::max(largest, std::abs(row[tau]));
        }
        for (std::size_t k = 0; k + 1 < csv.rows.size(); ++k) {
            mean += csv.rows[k][tau] / static_cast<double>(csv.rows.size() - 1);
        }
        qInfo("RSSR at 2π rad/s: max |τ| %.6g N·m, mean over the turn %.3g N·m", largest, mean);
        QVERIFY(largest > 0.01);
        QVERIFY2(std::abs(mean) < 1e-9 * largest, qPrintable(QString::number(mean)));
        // the methods agree on every column to round-off
        for (std::size_t m = 1; m < runs.size(); ++m) {
            QCOMPARE(runs[m].rows.size(), csv.rows.size());
            for (std::size_t k = 0; k < csv.rows.size(); ++k) {
                for (std::size_t c = 0; c < csv.rows[k].size(); ++c) {
                    const double a = csv.rows[k][c];
                    const double b = runs[m].rows[k][c];
                    QVERIFY2(std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(a)),
                             qPrintable(QString("row %1 column %2: %3 vs %4")
                                            .arg(k)
                                            .arg(c)
                                            .arg(a, 0, 'g', 17)
                                            .arg(b, 0, 'g', 17)));
                }
            }
        }

        // the forced run from those torques follows the crank turn (the torque between samples
        // is a spline: 2.6e-5 rad at 0.005 s samples, 1.7e-6 at 0.002, 2.0e-7 at 0.001)
        const QString forced = dir.filePath(QStringLiteral("forced.csv"));
        const Run run =
            runSslm({"simulate", example("rssr.json"), "--forced-from",
                     dir.filePath(QStringLiteral("inverse_subsystem.csv")), "--integrator", "rkf78",
                     "--rtol", "1e-12", "--atol", "1e-12", "--sample", "0.01", "--out", forced});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const Csv track = readCsv(forced);
        double deviation = 0;
        for (const char* column : {"deviation.theta", "deviation.phi", "deviation.J2.wx",
                                   "deviation.J2.wy", "deviation.J2.wz"}) {
            const qsizetype c = track.column(column);
            QVERIFY2(c >= 0, column);
            for (const auto& row : track.rows) {
                deviation = std::max(deviation, std::abs(row[c]));
            }
        }
        qInfo("forced RSSR run over one crank turn: max deviation %.3g rad", deviation);
        QVERIFY2(deviation < 1e-6, qPrintable(QString::number(deviation)));

        // a spherical joint's rate has no angle to prescribe
        const Run ball = runSslm({"inverse", example("rssr.json"), "--speed", "J2.wx=1"});
        QCOMPARE(ball.exitCode, 2);
        QVERIFY2(ball.err.contains("quaternion"), ball.err.constData());
    }
};

SSLM_TEST_APPLESS_MAIN(TestCliSpatial)
} // namespace tst_cli_spatial
#include "tst_cli_spatial.moc"
