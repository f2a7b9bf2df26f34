// SPDX-License-Identifier: MIT
// `sslm balance`: balances the scraper into a new file with a JSON report, stops at an
// evaluation limit with the best so far written, stops at Ctrl+C writing nothing, reports bounds
// that allow nothing without writing, refuses to write over its input, and names a bad option with
// exit code 2.

#include <csignal>

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/cli/cli_runner.hpp"
#include "tests/test_main.hpp"
#include <sys/types.h>

namespace tst_cli_balance {

using namespace sslm::fixtures;

namespace {

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QStringList scraperBalance(const QString& input, const QString& out) {
    return {"balance", input,     "--body", "link1",   "--body",        "link2", "--mass",
            "0:20",    "--reach", "0.5",    "--speed", "theta1=4.7124", "--out", out};
}

} // namespace

class TestCliBalance : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void balancesTheScraperIntoANewFile() {
        QTemporaryDir dir;
        const QString out = dir.filePath("balanced.json");
        const QByteArray original = readFile(example("carpet_scraper.json"));
        const Run run = runSslm(scraperBalance(example("carpet_scraper.json"), out) << "--json");
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject report = QJsonDocument::fromJson(run.out).object();
        QVERIFY(report.value("improved").toBool());
        QCOMPARE(report.value("out").toString(), out);
        const double before = report.value("before").toObject().value("force_rms").toDouble();
        const double after = report.value("after").toObject().value("force_rms").toDouble();
        QVERIFY(std::abs(before - 122.17) < 0.01);
        QVERIFY(after < before / 1.6);
        QVERIFY(report.value("evaluations").toInt() > 10);
        QVERIFY(report.value("seconds_per_evaluation").toDouble() > 0);
        QCOMPARE(report.value("samples_per_evaluation").toInt(), 100);
        // the new file holds the counterweights and runs; the input is untouched
        const QByteArray text = readFile(out);
        QVERIFY(text.contains("\"counterweights\""));
        QVERIFY(text.contains("\"balance\""));
        QCOMPARE(readFile(example("carpet_scraper.json")), original);
        const Run info = runSslm({"info", out});
        QVERIFY2(info.exitCode == 0, info.err.constData());
        // balancing the balanced file again starts where the first run ended
        const Run again = runSslm({"balance", out, "--body", "link1", "--mass", "0:0", "--speed",
                                   "theta1=4.7124", "--out", dir.filePath("again.json"), "--json"});
        QCOMPARE(again.exitCode, 0);
        const QJsonObject second = QJsonDocument::fromJson(again.out).object();
        QVERIFY(std::abs(second.value("before").toObject().value("force_rms").toDouble() - after) <
                1e-9 * before);
    }

    void limitStopsAndWritesTheBestSoFar() {
        QTemporaryDir dir;
        const QString out = dir.filePath("limited.json");
        const Run run = runSslm(scraperBalance(example("carpet_scraper.json"), out) << "--max-evals"
                                                                                    << "6"
                                                                                    << "--json");
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject report = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(report.value("stop").toString(), QString("max-evaluations"));
        QCOMPARE(report.value("evaluations").toInt(), 6);
        QCOMPARE(QFile::exists(out), report.value("improved").toBool());
        QVERIFY(report.value("objective_after").toDouble() <=
                report.value("objective_before").toDouble());
    }

    void boundsThatAllowNothingWriteNothing() {
        QTemporaryDir dir;
        const QString out = dir.filePath("nothing.json");
        const Run run = runSslm({"balance", example("four_bar.json"), "--body", "link1", "--mass",
                                 "0:0", "--out", out});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.err.contains("no counterweight within the bounds lowers the objective"));
        QVERIFY(run.out.contains("x1"));
        QVERIFY(!QFile::exists(out));
    }

    // Ctrl+C between evaluations: exit 130, the report of the best so far, and no file
    void interruptWritesNothing() {
        QTemporaryDir dir;
        const QString out = dir.filePath("interrupted.json");
        QProcess process;
        process.start(QStringLiteral(SSLM_CLI_EXE),
                      scraperBalance(example("carpet_scraper.json"), out) << "--starts"
                                                                          << "1000000"
                                                                          << "--max-evals"
                                                                          << "1000000000");
        QVERIFY(process.waitForStarted(10000));
        // the first progress line comes after a second of optimising
        QByteArray err;
        for (int i = 0; i < 200 && !err.contains("evaluations, best objective"); ++i) {
            process.waitForReadyRead(100);
            err += process.readAllStandardError();
        }
        QVERIFY2(err.contains("evaluations, best objective"), err.constData());
        QCOMPARE(::kill(static_cast<pid_t>(process.processId()), SIGINT), 0);
        QVERIFY(process.waitForFinished(20000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 130);
        err += process.readAllStandardError();
        QVERIFY2(err.contains("interrupted: no file written"), err.constData());
        QVERIFY(process.readAllStandardOutput().contains("shaking force (RMS)"));
        QVERIFY(!QFile::exists(out));
    }

    void refusesToWriteOverItsInput() {
        QTemporaryDir dir;
        const QString input = dir.filePath("scraper.json");
        QVERIFY(QFile::copy(example("carpet_scraper.json"), input));
        const QByteArray original = readFile(input);
        for (const QString& out : {input, dir.path() + "/./scraper.json"}) {
            const Run run = runSslm(scraperBalance(input, out));
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains("--out") && run.err.contains("is the input file"),
                     run.err.constData());
        }
        QCOMPARE(readFile(input), original);
    }

    void namesBadOptions_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("named");
        QTest::newRow("torque") << QStringList{"--body", "link1", "--torque", "mean"} << "--torque";
        QTest::newRow("algorithm")
            << QStringList{"--body", "link1", "--algorithm", "newton"} << "--algorithm";
        QTest::newRow("unknown body") << QStringList{"--body", "crank"} << "no body 'crank'";
        QTest::newRow("body key") << QStringList{"--body", "link1:w=0:1"} << "unknown key 'w'";
        QTest::newRow("body range") << QStringList{"--body", "link1:mass=2"} << "KEY=MIN:MAX";
        QTest::newRow("mass") << QStringList{"--body", "link1", "--mass", "heavy"} << "--mass";
        QTest::newRow("mass order")
            << QStringList{"--body", "link1", "--mass", "2:1"} << "mass bounds";
        QTest::newRow("weights") << QStringList{"--body", "link1", "--force-weight", "0"}
                                 << "every weight";
        QTest::newRow("added mass")
            << QStringList{"--body", "link1", "--mass", "1:2", "--max-added-mass", "0.5"}
            << "added-mass limit";
        QTest::newRow("no body") << QStringList{} << "--body";
        QTest::newRow("moment point")
            << QStringList{"--body", "link1", "--moment-about", "1,2,3"} << "two numbers X,Y";
        QTest::newRow("cycle") << QStringList{"--body", "link1", "--motion",
                                              "theta1=cycloidal:1:0.5"}
                               << "--t-end";
    }

    void namesBadOptions() {
        QFETCH(QStringList, options);
        QFETCH(QString, named);
        QTemporaryDir dir;
        const QString out = dir.filePath("out.json");
        const Run run =
            runSslm(QStringList{"balance", example("four_bar.json"), "--out", out} + options);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(named.toUtf8()), run.err.constData());
        QVERIFY(!QFile::exists(out));
    }
};

SSLM_TEST_GUILESS_MAIN(TestCliBalance)
} // namespace tst_cli_balance
#include "tst_cli_balance.moc"
