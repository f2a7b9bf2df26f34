// SPDX-License-Identifier: MIT
// `sslm study` end to end: a grid study of the scraper on threads, its table, a resumed table,
// a failed run as a row, and a bad parameter name refused with the nearest names.

#include <QtTest>

#include "tests/cli/cli_runner.hpp"
#include "tests/test_main.hpp"

namespace tst_cli_study {

using namespace sslm::fixtures;

namespace {

// moc (Qt 6.4) misreads a quote inside a raw string and then loses this file's namespace: it
// need not see the function.
#ifndef Q_MOC_RUN
/// A study of the scraper's crank and coupler lengths, `count` x `count`, with
/// `extraParameter` (", NAME: VALUES") added when given.
QByteArray scraperStudy(int count, const QByteArray& extraParameter = {}) {
    const QByteArray n = QByteArray::number(count);
    return R"json({"mechanism": ")json" + QByteArray(SSLM_EXAMPLES_DIR) +
           R"json(/carpet_scraper.json",
  "run": {"kind": "inverse", "speed": {"theta1": 4.7124}, "t_end": 1.3333, "sample": 0.01},
  "parameters": {
    "bodies.link1.points.J8.at.x": {"grid": {"from": 0.034, "to": 0.042, "count": )json" +
           n + R"json(}},
    "bodies.link3.points.J8.at.x": {"grid": {"from": -0.120, "to": -0.110, "count": )json" +
           n + "}}" + extraParameter + R"json(},
  "metrics": ["max_abs(tau.theta1)", "summary.max_position_violation"],
  "output": "table.csv"})json";
}
#endif

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(bytes);
    }
    return path;
}

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestCliStudy : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void gridStudyWritesOneRowPerRun();
    void resumesWithoutRepeatingRuns();
    void failedRunIsARow();
    void badParameterNameListsTheNearest();
};

void TestCliStudy::gridStudyWritesOneRowPerRun() {
    QTemporaryDir dir;
    const QString spec = writeFile(dir, "study.json", scraperStudy(4));
    const Run run = runSslm({"study", spec, "--threads", "2"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("16 runs in"), run.out.constData());
    QVERIFY2(run.out.contains("0 failed"), run.out.constData());
    const Csv table = readCsv(dir.filePath("table.csv"));
    QCOMPARE(table.header.join(','),
             QStringLiteral("run,bodies.link1.points.J8.at.x,bodies.link3.points.J8.at.x,"
                            "max_abs(tau.theta1),summary.max_position_violation,ok,error"));
    QCOMPARE(table.rows.size(), std::size_t{16});
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        QCOMPARE(table.rows[i][0], static_cast<double>(i));           // sorted by run
        QCOMPARE(table.rows[i][5], 1.0);                              // ok
        QVERIFY(table.rows[i][3] > 50.0 && table.rows[i][3] < 200.0); // N·m, ~101 nominal
    }
    QCOMPARE(table.rows[0][1], 0.034);
    QCOMPARE(table.rows[15][2], -0.110);
}

void TestCliStudy::resumesWithoutRepeatingRuns() {
    QTemporaryDir dir;
    const QString spec = writeFile(dir, "study.json", scraperStudy(4));
    QCOMPARE(runSslm({"study", spec, "--out", dir.filePath("full.csv")}).exitCode, 0);
    const QByteArray full = readFile(dir.filePath("full.csv"));

    // the first 6 rows and half of the 7th, as an interruption leaves them
    const QList<QByteArray> lines = full.split('\n');
    QByteArray partial = lines.mid(0, 7).join('\n') + '\n' + lines[7].left(8);
    writeFile(dir, "table.csv", partial);
    const Run run = runSslm({"study", spec});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("10 runs in"), run.out.constData());
    QVERIFY2(run.out.contains("6 already in the table"), run.out.constData());
    QCOMPARE(readFile(dir.filePath("table.csv")), full);
}

void TestCliStudy::failedRunIsARow() {
    QTemporaryDir dir;
    const QString spec = writeFile(
        dir, "study.json", scraperStudy(1, R"(, "bodies.link1.mass": {"values": [1.5, -2]})"));
    const Run run = runSslm({"study", spec});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("1 failed"), run.out.constData());
    const QByteArray table = readFile(dir.filePath("table.csv"));
    QVERIFY2(table.contains(",1,\n1,"), table.constData());
    QVERIFY2(table.contains(",0,\"") && table.contains("mass"), table.constData());
}

void TestCliStudy::badParameterNameListsTheNearest() {
    QTemporaryDir dir;
    const QString spec =
        writeFile(dir, "study.json", scraperStudy(2, R"(, "bodies.link1.mas": {"values": [1.5]})"));
    const Run run = runSslm({"study", spec});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("unknown parameter 'bodies.link1.mas'"), run.err.constData());
    QVERIFY2(run.err.contains("nearest parameters: bodies.link1.mass"), run.err.constData());
    QVERIFY(!QFile::exists(dir.filePath("table.csv")));
}

SSLM_TEST_GUILESS_MAIN(TestCliStudy)
} // namespace tst_cli_study
#include "tst_cli_study.moc"
