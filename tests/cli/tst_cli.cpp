// SPDX-License-Identifier: MIT
// The sslm executable end to end: `info --json` reproduces the carpet scraper's structure
// (Koul et al. 2014, eqs. 26 and 31), other cut choices and invalid ones, file errors with the
// file name and exit code 2, and a `kinematics` sweep whose blade tip draws the Hoekens
// straight line.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <QtTest>

#include <nlohmann/json.hpp>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run runSslm(const QStringList& arguments) {
    QProcess process;
    process.start(QStringLiteral(SSLM_CLI_EXE), arguments);
    Run run;
    if (!process.waitForStarted(10000)) {
        run.err = "could not start " SSLM_CLI_EXE;
        return run;
    }
    process.closeWriteChannel();
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        run.err = "timed out";
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

QString example(const char* name) {
    return QStringLiteral(SSLM_EXAMPLES_DIR "/") + QString::fromLatin1(name);
}

nlohmann::json parseJson(const Run& run) {
    return nlohmann::json::parse(run.out.toStdString());
}

/// The subsystems' body ids, each list sorted, the lists sorted.
std::vector<std::vector<std::string>> sortedBodySets(const nlohmann::json& info) {
    std::vector<std::vector<std::string>> sets;
    for (const auto& sub : info.at("subsystems")) {
        auto bodies = sub.at("bodies").get<std::vector<std::string>>();
        std::sort(bodies.begin(), bodies.end());
        sets.push_back(bodies);
    }
    std::sort(sets.begin(), sets.end());
    return sets;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void infoJsonOnScraper();
    void infoTextOnScraper();
    void infoWithOtherCuts();
    void infoWithInvalidCuts();
    void missingFile();
    void malformedFile();
    void kinematicsSweepDrawsStraightLine();
    void kinematicsUnknownInput();
    void usageErrorIsBadInput();
};

// Scraper with its own cuts J8, J9, J10 (seed spec Sect. 1.2):
//   S1 = {#1}, S2 = {#2, #3}, S3 = {#4, #5, #6, #7} (a tree);
//   J = [J11 J12 O; O J22 J23; O O J33], GICM Ī31 = O.
void TestCli::infoJsonOnScraper() {
    const Run run = runSslm({"info", example("carpet_scraper.json"), "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const nlohmann::json info = parseJson(run);

    QCOMPARE(info.at("dof").get<int>(), 1);
    QCOMPARE(info.at("dof_grubler").get<int>(), 1);
    QCOMPARE(info.at("loops").size(), std::size_t(3));
    QVERIFY(info.at("loops")[0] ==
            nlohmann::json::parse(R"(["J1", "J2", "J3", "J8"])")); // the brief's loop 1 cycle
    QVERIFY(info.at("cuts") == nlohmann::json::parse(R"(["J8", "J9", "J10"])"));

    const auto& subsystems = info.at("subsystems");
    QCOMPARE(subsystems.size(), std::size_t(3));
    QVERIFY(subsystems[0].at("bodies") == nlohmann::json::parse(R"(["link1"])"));
    QVERIFY(subsystems[1].at("bodies") == nlohmann::json::parse(R"(["link2", "link3"])"));
    auto s3 = subsystems[2].at("bodies").get<std::vector<std::string>>();
    std::sort(s3.begin(), s3.end());
    QVERIFY((s3 == std::vector<std::string>{"link4", "link5", "link6", "link7"}));
    QCOMPARE(subsystems[0].at("type").get<std::string>(), std::string("serial"));
    QCOMPARE(subsystems[1].at("type").get<std::string>(), std::string("serial"));
    QCOMPARE(subsystems[2].at("type").get<std::string>(), std::string("tree"));
    QVERIFY(subsystems[0].at("coordinates") == nlohmann::json::parse(R"(["theta1"])"));

    QVERIFY(info.at("jacobian_pattern") ==
            nlohmann::json::parse("[[1, 1, 0], [0, 1, 1], [0, 0, 1]]"));
    // eq. (31): Ī11 = I¹¹₁ + I¹¹₂, Ī21 = I²¹₂, Ī22 = I²²₂ + I²²₃, Ī32 = I³²₃, Ī33 = I³³₃, Ī31 = O
    QVERIFY(info.at("gicm_pattern") == nlohmann::json::parse(R"([
        [[1, 2], [2],    []  ],
        [[2],    [2, 3], [3] ],
        [[],     [3],    [3] ]])"));

    QVERIFY(info.at("closure_residual").get<double>() < 1e-12);
    QVERIFY(info.at("min_singular_value").get<double>() > 1e-3);
    QVERIFY(info.at("assembly").at("converged").get<bool>());
}

void TestCli::infoTextOnScraper() {
    const Run run = runSslm({"info", example("carpet_scraper.json")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = QString::fromUtf8(run.out);
    QVERIFY2(text.contains(QStringLiteral("loop 1: J1–J2–J3–J8 (cut J8)")), run.out.constData());
    QVERIFY(text.contains(QStringLiteral("J11")));
    QVERIFY(text.contains(QStringLiteral("Ī31 = O")));
    QVERIFY(text.contains(QStringLiteral("Ī11 = I^11_1 + I^11_2")));
}

// Cutting J3, J5, J7 instead leaves the tree ground–#1–#3–#5–#7, ground–#2, ground–#4–#6.
void TestCli::infoWithOtherCuts() {
    const Run run =
        runSslm({"info", example("carpet_scraper.json"), "--cut", "J3,J5,J7", "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const nlohmann::json info = parseJson(run);
    QCOMPARE(info.at("dof").get<int>(), 1);
    QVERIFY(info.at("cuts") == nlohmann::json::parse(R"(["J3", "J5", "J7"])"));
    const std::vector<std::vector<std::string>> expected{
        {"link1", "link3", "link5", "link7"}, {"link2"}, {"link4", "link6"}};
    QVERIFY(sortedBodySets(info) == expected);
    QVERIFY(info.at("closure_residual").get<double>() < 1e-10);
}

// Cutting only J8 and J9 leaves the pantograph loop J5–J6–J7–J10 closed.
void TestCli::infoWithInvalidCuts() {
    const Run run = runSslm({"info", example("carpet_scraper.json"), "--cut", "J8,J9"});
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.contains(QStringLiteral("carpet_scraper.json")), run.err.constData());
    QVERIFY2(err.contains(QStringLiteral("loop")), run.err.constData());
    QVERIFY2(err.contains(QStringLiteral("J10")), run.err.constData());
    QVERIFY(run.out.isEmpty());
}

void TestCli::missingFile() {
    const QString path = QStringLiteral("/nonexistent/no_such_mechanism.json");
    for (const QStringList& args :
         {QStringList{"info", path}, QStringList{"kinematics", path, "--input", "theta1", "--from",
                                                 "0", "--to", "1", "--steps", "2"}}) {
        const Run run = runSslm(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(path), run.err.constData());
    }
}

void TestCli::malformedFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("broken_mechanism.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{ \"format\": \"sslm-mechanism\", \"version\": 1, \"bodies\": [ ");
    file.close();

    const Run run = runSslm({"info", path, "--json"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(QStringLiteral("broken_mechanism.json")),
             run.err.constData());
}

// θ1 ∈ [−90°, 90°]: the blade tip draws the Hoekens straight line (seed spec Sect. 1.3, which
// rounds it to y = −0.3523 ± 0.0004 m): y spans [−0.35284, −0.35196] m, i.e. −0.3524 ± 0.00044,
// while x sweeps [−0.694, −0.119] m.
void TestCli::kinematicsSweepDrawsStraightLine() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString csvPath = dir.filePath(QStringLiteral("sweep.csv"));
    const Run run =
        runSslm({"kinematics", example("carpet_scraper.json"), "--input", "theta1", "--from", "-90",
                 "--to", "90", "--degrees", "--steps", "180", "--out", csvPath});
    QVERIFY2(run.exitCode == 0, run.err.constData());

    QFile file(csvPath);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines =
        QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 181);
    const QStringList header = lines.front().split(QLatin1Char(','));
    QCOMPARE(header.front(), QStringLiteral("input"));
    QCOMPARE(header.at(1), QStringLiteral("theta1"));
    QCOMPARE(header.back(), QStringLiteral("toggle"));
    const qsizetype yColumn = header.indexOf(QStringLiteral("point.blade_tip.y"));
    const qsizetype thetaColumn = header.indexOf(QStringLiteral("theta1"));
    const qsizetype xColumn = header.indexOf(QStringLiteral("point.blade_tip.x"));
    QVERIFY(yColumn > 0 && xColumn > 0);
    double xMin = 1e9;
    double xMax = -1e9;

    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList cells = lines.at(i).split(QLatin1Char(','));
        QCOMPARE(cells.size(), header.size());
        const double input = cells.at(0).toDouble();
        QCOMPARE(input, -90.0 + static_cast<double>(i - 1));
        QVERIFY(std::abs(cells.at(thetaColumn).toDouble() - input * std::numbers::pi / 180.0) <
                1e-9);
        const double y = cells.at(yColumn).toDouble();
        QVERIFY2(std::abs(y - (-0.3524)) <= 0.0005,
                 qPrintable(QStringLiteral("row %1: tip y = %2").arg(i).arg(y, 0, 'g', 10)));
        QCOMPARE(cells.back(), QStringLiteral("0")); // no toggle position on this stroke
        xMin = std::min(xMin, cells.at(xColumn).toDouble());
        xMax = std::max(xMax, cells.at(xColumn).toDouble());
    }
    QVERIFY2(xMin < -0.69 && xMax > -0.12,
             qPrintable(QStringLiteral("x in [%1, %2]").arg(xMin).arg(xMax)));
}

void TestCli::kinematicsUnknownInput() {
    const Run run = runSslm({"kinematics", example("carpet_scraper.json"), "--input", "theta99",
                             "--from", "0", "--to", "1", "--steps", "4"});
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.contains(QStringLiteral("theta99")), run.err.constData());
    QVERIFY2(err.contains(QStringLiteral("theta1")) && err.contains(QStringLiteral("theta7")),
             run.err.constData());
    QVERIFY(run.out.isEmpty());
}

void TestCli::usageErrorIsBadInput() {
    QCOMPARE(runSslm({"info"}).exitCode, 2);       // FILE missing
    QCOMPARE(runSslm({"frobnicate"}).exitCode, 2); // unknown verb
    QCOMPARE(runSslm({"--help"}).exitCode, 0);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
