// SPDX-License-Identifier: MIT
// `sslm equilibrium` and `sslm modes`: the rest pose in JSON by name with its residual below
// 1e-10; the four-bar's frequency against the period of a small free oscillation that
// `sslm simulate` integrates from a file displaced from the rest pose; the holding effort of a
// sweep against `sslm inverse` at zero speed at the same pose; bad input exits 2 naming what
// is wrong, and nothing prints NaN.

#include <cmath>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/cli/cli_runner.hpp"
#include "tests/test_main.hpp"

namespace tst_cli_statics {

using namespace sslm::fixtures;

namespace {

QJsonObject readJson(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                          : QJsonObject();
}

bool writeJson(const QString& path, const QJsonObject& object) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(QJsonDocument(object).toJson()) > 0;
}

/// The mean period (s) of the upward crossings of `value` by column `name` (interpolated).
double meanPeriod(const Csv& csv, const QString& name, double value) {
    const qsizetype t = csv.column(QStringLiteral("t"));
    const qsizetype y = csv.column(name);
    std::vector<double> crossings;
    for (std::size_t i = 1; i < csv.rows.size(); ++i) {
        const double a = csv.rows[i - 1][y] - value;
        const double b = csv.rows[i][y] - value;
        if (a < 0 && b >= 0) {
            const double t0 = csv.rows[i - 1][t];
            crossings.push_back(t0 + (csv.rows[i][t] - t0) * (-a) / (b - a));
        }
    }
    return crossings.size() < 2
               ? 0.0
               : (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
}

} // namespace

class TestCliStatics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void equilibriumJsonHoldsTheRestPoseByName() {
        const Run run = runSslm({"equilibrium", example("four_bar_gas_spring.json"), "--json"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject rest = QJsonDocument::fromJson(run.out).object();
        QVERIFY(rest.value("coordinates").toObject().contains("theta1"));
        QVERIFY(rest.value("residual").toDouble(1) <= 1e-10);
        QVERIFY(rest.value("stable").toBool());
        QVERIFY(!run.out.contains("nan"));

        const Run text = runSslm({"equilibrium", example("four_bar_gas_spring.json")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("stable rest pose") && text.out.contains("theta1"),
                 text.out.constData());
    }

    void fourBarFrequencyIsThePeriodSslmSimulateFinds() {
        const Run modes = runSslm({"modes", example("four_bar.json"), "--json"});
        QVERIFY2(modes.exitCode == 0, modes.err.constData());
        const QJsonObject analysis = QJsonDocument::fromJson(modes.out).object();
        const QJsonArray list = analysis.value("modes").toArray();
        QCOMPARE(list.size(), 1);
        const double frequency = list.at(0).toObject().value("frequency_hz").toDouble();
        QVERIFY(frequency > 0);
        const QJsonObject rest = analysis.value("rest").toObject().value("coordinates").toObject();
        const double restAngle = rest.value("theta1").toDouble();

        // the file, started at rest 1e-3 rad from the rest pose, the others guessed there
        QJsonObject file = readJson(example("four_bar.json"));
        QJsonObject initial = file.value("initial").toObject();
        initial["independent"] = QJsonObject{{"theta1", restAngle + 1e-3}};
        initial["rates"] = QJsonObject{{"theta1", 0.0}};
        QJsonObject guess;
        for (auto it = rest.begin(); it != rest.end(); ++it) {
            if (it.key() != "theta1") {
                guess[it.key()] = it.value();
            }
        }
        initial["assembly_guess"] = guess;
        file["initial"] = initial;
        QTemporaryDir dir;
        const QString displaced = dir.filePath("displaced.json");
        QVERIFY(writeJson(displaced, file));
        const QString out = dir.filePath("run.csv");
        const double period = 1.0 / frequency;
        const Run simulate =
            runSslm({"simulate", displaced, "--integrator", "dopri5", "--rtol", "1e-12", "--atol",
                     "1e-12", "--t-end", QString::number(6 * period, 'g', 17), "--sample",
                     QString::number(period / 2000, 'g', 17), "--out", out, "--quiet"});
        QVERIFY2(simulate.exitCode == 0, simulate.err.constData());
        const double simulated = meanPeriod(readCsv(out), "q.theta1", restAngle);
        const double relative = simulated * frequency - 1;
        QVERIFY2(std::abs(relative) < 1e-4, QByteArray::number(relative).constData());
    }

    void holdingEffortIsInverseDynamicsAtZeroSpeed() {
        // the file starts at theta1 = 0: the sweep's first pose is the inverse run's start
        QTemporaryDir dir;
        const QString curve = dir.filePath("holding.csv");
        const Run sweep = runSslm({"equilibrium", example("four_bar_loaded.json"), "--sweep",
                                   "theta1=0:1:3", "--out", curve});
        QVERIFY2(sweep.exitCode == 0, sweep.err.constData());
        const Csv holding = readCsv(curve);
        QCOMPARE(holding.rows.size(), std::size_t{3});
        QVERIFY(holding.column("effort.theta1") >= 0 && holding.column("reaction.J1.x") >= 0);

        const QString inverse = dir.filePath("inverse.csv");
        const Run still = runSslm({"inverse", example("four_bar_loaded.json"), "--speed",
                                   "theta1=0", "--t-end", "0.01", "--out", inverse, "--quiet"});
        QVERIFY2(still.exitCode == 0, still.err.constData());
        const Csv driven = readCsv(inverse);
        const double effort = holding.rows[0][holding.column("effort.theta1")];
        const double tau = driven.rows[0][driven.column("tau.theta1")];
        QVERIFY2(std::abs(effort - tau) <= 1e-9 * std::max(1.0, std::abs(tau)),
                 (QByteArray::number(effort) + " vs " + QByteArray::number(tau)).constData());
        for (const char* column : {"reaction.J1.x", "reaction.J1.y", "reaction.J2.x"}) {
            const double mine = holding.rows[0][holding.column(column)];
            const double theirs = driven.rows[0][driven.column(column)];
            QVERIFY2(std::abs(mine - theirs) <= 1e-8 * std::max(1.0, std::abs(theirs)), column);
        }
    }

    void badInputExitsTwoNamingIt_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString fourBar = example("four_bar.json");
        QTest::newRow("unknown") << QStringList{"equilibrium", fourBar, "--hold", "nope=1"}
                                 << "no coordinate is named 'nope'";
        QTest::newRow("malformed")
            << QStringList{"modes", fourBar, "--hold", "theta1"} << "is not COORD=VALUE";
        QTest::newRow("too many") << QStringList{"modes",      fourBar,  "--hold",
                                                 "theta1=0.5", "--hold", "theta2=0.5"}
                                  << "1 degree of freedom";
        QTest::newRow("sweep") << QStringList{"equilibrium", fourBar, "--sweep", "theta1=0:1"}
                               << "is not COORD=FROM:TO:N";
        QTest::newRow("held fully") << QStringList{"modes", fourBar, "--hold", "theta1=0.5"}
                                    << "nothing is left to vibrate";
    }
    void badInputExitsTwoNamingIt() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Run run = runSslm(arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QVERIFY(!run.out.contains("nan"));
    }

    void noEquilibriumNearbyExitsTwo() {
        // a crank torque far above what gravity can hold turns the four-bar for ever
        QJsonObject file = readJson(example("four_bar.json"));
        file["actuators"] = QJsonArray{QJsonObject{
            {"joint", "J1"}, {"force", QJsonObject{{"type", "constant"}, {"value", 500.0}}}}};
        QTemporaryDir dir;
        const QString pushed = dir.filePath("pushed.json");
        QVERIFY(writeJson(pushed, file));
        const Run run = runSslm({"equilibrium", pushed});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("no equilibrium near the starting pose"), run.err.constData());
        QVERIFY(!run.out.contains("nan"));
    }
};

SSLM_TEST_GUILESS_MAIN(TestCliStatics)
} // namespace tst_cli_statics
#include "tst_cli_statics.moc"
