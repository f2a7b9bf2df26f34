// SPDX-License-Identifier: MIT
// The sslm executable end to end: `info --json` reproduces the carpet scraper's structure
// (Koul et al. 2014, eqs. 26 and 31), other cut choices and invalid ones, file errors with the
// file name and exit code 2, a `kinematics` sweep whose blade tip draws the Hoekens
// straight line, `simulate`: energy and solver agreement at tight tolerance, the CSV
// columns, option errors and the summary line, `inverse`: its CSV columns, zero crank work
// over a revolution, agreement of its methods, and its option errors, `check`: every
// problem of an unfinished file, and the examples of loads and two-point elements (issue 36):
// their energy balances, the scraper's cutting work, the hood's equilibrium and the
// excavator's cylinders on their length references.

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <QtTest>

#include <Eigen/Geometry>
#include <nlohmann/json.hpp>

#include "core/motion/signal.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/cli/cli_runner.hpp"
#include "tests/test_main.hpp"

namespace tst_cli {

namespace {

using namespace sslm::fixtures;

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

private Q_SLOTS:
    void infoJsonOnScraper();
    void infoTextOnScraper();
    void infoWithOtherCuts();
    void infoWithInvalidCuts();
    void infoCyclesTheFourBarsBranches();
    void infoListsTheWheelSuspensionsTwoModes();
    void infoListsTheElbowManipulatorsEightModes();
    void infoCountsTheSphericalFourBarOnTheSphere();
    void missingFile();
    void malformedFile();
    void checkListsEveryProblem();
    void kinematicsSweepDrawsStraightLine();
    void kinematicsUnknownInput();
    void usageErrorIsBadInput();
    void versionNamesReleaseAndCommit();
    void simulateConservesEnergyWithEverySolver_data();
    void simulateConservesEnergyWithEverySolver();
    void simulateCsvColumns();
    void simulateBadOptions_data();
    void simulateBadOptions();
    void simulateWithRosenbrock4();
    void simulateWithRcr();
    void simulateStopsAtANearSingularPose();
    void drivenScraperTurnsItsCrank();
    void inverseCsvAndCrankWork();
    void inverseMethodsAgree();
    void momentAboutAPoint();
    void inverseFromFileAndMotionLaw();
    void inverseFromMotionTables();
    void inverseBadOptions_data();
    void inverseBadOptions();
    void forcedRunFollowsTheInverseMotion();
    void forcedRunBadInput_data();
    void forcedRunBadInput();
    void loadedFourBarBalancesTheLoadsWork();
    void gasSpringFourBarConservesItsEnergy();
    void loadedScraperCutsInItsWorkingStroke();
    void hoodSettlesWhereTheGasSpringHoldsIt();
    void excavatorCylindersTrackTheirLengths();
    void hoodBouncesOffItsHingeStop();
    void badModellingElementsExitTwo_data();
    void badModellingElementsExitTwo();
};

// `sslm --version`: the project's version and the commit's short hash (or "unknown" outside a
// git checkout), exit 0.
void TestCli::versionNamesReleaseAndCommit() {
    const Run run = runSslm({"--version"});
    QCOMPARE(run.exitCode, 0);
    const QString line = QString::fromUtf8(run.out).trimmed();
    const QRegularExpression pattern(
        QStringLiteral("^sslm %1 \\(commit ([0-9a-f]{7,}(-dirty)?|unknown)\\)$")
            .arg(QRegularExpression::escape(QStringLiteral(SSLM_PROJECT_VERSION))));
    QVERIFY2(pattern.match(line).hasMatch(), qPrintable(line));
}

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

// --branch takes the four-bar's open (+1, the file's) or crossed (-1) assembly.
void TestCli::infoCyclesTheFourBarsBranches() {
    const Run open = runSslm({"info", example("four_bar.json"), "--json"});
    QVERIFY2(open.exitCode == 0, open.err.constData());
    const Run crossed = runSslm({"info", example("four_bar.json"), "--json", "--branch", "-1"});
    QVERIFY2(crossed.exitCode == 0, crossed.err.constData());
    const nlohmann::json a = parseJson(open);
    const nlohmann::json b = parseJson(crossed);
    QVERIFY(a.at("assembly").at("branch") == nlohmann::json::parse("[1]"));
    QVERIFY(b.at("assembly").at("branch") == nlohmann::json::parse("[-1]"));
    QVERIFY(b.at("closure_residual").get<double>() < 1e-12);
    QCOMPARE(a.at("initial_q").at("theta1").get<double>(),
             b.at("initial_q").at("theta1").get<double>());
    QVERIFY(std::abs(a.at("initial_q").at("theta2").get<double>() -
                     b.at("initial_q").at("theta2").get<double>()) > 0.1);
    const Run text = runSslm({"info", example("four_bar.json"), "--branch", "-1"});
    QVERIFY2(text.out.contains("closed form: loops 1 (branch -1)"), text.out.constData());
    // a four-bar closes in two ways only
    const Run third = runSslm({"info", example("four_bar.json"), "--branch", "+2"});
    QVERIFY(third.exitCode != 0);
    QVERIFY2(third.err.contains("(RRR) has 2 assembly modes, +1 and -1; there is no mode 2"),
             third.err.constData());
}

// seed 004 Sect. 4: at lin = 0.2 the wheel suspension assembles in exactly two ways.
void TestCli::infoListsTheWheelSuspensionsTwoModes() {
    const Run run = runSslm({"info", example("wheel_suspension.json"), "--modes", "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const nlohmann::json info = parseJson(run);
    QCOMPARE(info.at("modes").size(), std::size_t{2});
    for (const nlohmann::json& mode : info.at("modes")) {
        QVERIFY(mode.at("closure_residual").get<double>() <= 1e-12);
        QCOMPARE(mode.at("coordinates").at("lin").get<double>(), 0.2);
    }
    QVERIFY(std::abs(info.at("modes")[0].at("coordinates").at("ang0").get<double>() -
                     info.at("modes")[1].at("coordinates").at("ang0").get<double>()) > 0.1);
    QVERIFY(info.at("assembly").at("classes") == nlohmann::json::parse(R"(["RRR"])"));
    const Run text = runSslm({"info", example("wheel_suspension.json"), "--modes"});
    QVERIFY2(text.out.contains("Assembly modes at these inputs: 2"), text.out.constData());
    QVERIFY2(text.out.contains("Loop classes: loop 1 RRR (circle–circle, 2 modes)"),
             text.out.constData());
    // the slider-crank's loop: the rod's pin, the slider's guide, the cut pin (RPR from its base)
    const nlohmann::json slider =
        parseJson(runSslm({"info", example("slider_crank.json"), "--json"}));
    QCOMPARE(slider.at("assembly").at("classes").size(), std::size_t{1});
    QVERIFY(slider.at("assembly").at("classes")[0].get<std::string>().find('P') !=
            std::string::npos);
    // without --modes nothing is listed
    QVERIFY(!parseJson(runSslm({"info", example("wheel_suspension.json"), "--json"}))
                 .contains("modes"));
}

// seed 004 Sect. 5: the elbow manipulator reaches its tool's pose in exactly eight ways, each
// chosen by its label with --branch.
void TestCli::infoListsTheElbowManipulatorsEightModes() {
    const Run run = runSslm({"info", example("elbow_manipulator.json"), "--modes", "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const nlohmann::json info = parseJson(run);
    QCOMPARE(info.at("modes").size(), std::size_t{8});
    for (const nlohmann::json& mode : info.at("modes")) {
        QVERIFY(mode.at("closure_residual").get<double>() <= 1e-12);
    }
    QVERIFY(info.at("assembly").at("classes") ==
            nlohmann::json::parse(R"(["6R, spherical wrist"])"));
    QVERIFY(info.at("assembly").at("projections")[0].get<std::string>().find("8 modes") !=
            std::string::npos);
    for (const char* label : {"+1", "-1", "+2", "-2", "+3", "-3", "+4", "-4"}) {
        const Run text = runSslm({"info", example("elbow_manipulator.json"), "--branch", label});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        QVERIFY2(text.out.contains(QString("closed form: loops 1 (branch %1)").arg(label).toUtf8()),
                 text.out.constData());
    }
    const Run none = runSslm({"info", example("elbow_manipulator.json"), "--branch", "+5"});
    QVERIFY(none.exitCode != 0);
    QVERIFY2(none.err.contains("has 8 assembly modes, +1, -1, … -4; there is no mode 5"),
             none.err.constData());
}

// The spherical four-bar: Grübler's count in space says −2, on the sphere 1; its revolute cut
// keeps two rows, and its two modes are each solved in closed form.
void TestCli::infoCountsTheSphericalFourBarOnTheSphere() {
    const Run run = runSslm({"info", example("spherical_four_bar.json"), "--modes", "--json"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const nlohmann::json info = parseJson(run);
    QCOMPARE(info.at("dof").get<int>(), 1);
    QCOMPARE(info.at("dof_grubler").get<int>(), 1);
    QCOMPARE(info.at("modes").size(), std::size_t{2});
    for (const nlohmann::json& mode : info.at("modes")) {
        QVERIFY(mode.at("closure_residual").get<double>() <= 1e-12);
    }
    QVERIFY(info.at("assembly").at("classes") == nlohmann::json::parse(R"(["spherical 4R"])"));
    const Run text = runSslm({"info", example("spherical_four_bar.json"), "--branch", "-1"});
    QVERIFY2(text.exitCode == 0, text.err.constData());
    QVERIFY2(text.out.contains("closed form: loops 1 (branch -1)"), text.out.constData());
    QVERIFY2(text.out.contains("Assembly plan: loop 1 (revolute chain); then Newton: none"),
             text.out.constData());
    QVERIFY(info.at("assembly").at("plan") ==
            nlohmann::json::parse(R"([{"loop": 1, "class": "revolute chain"}])"));
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

// `check` on a file that does not compile (the scraper without J7, and a body joined to
// nothing): every problem with the elements it names, where `info` stops at the first; the
// file itself is ready to simulate.
void TestCli::checkListsEveryProblem() {
    const Run ready = runSslm({"check", example("carpet_scraper.json")});
    QVERIFY2(ready.exitCode == 0, ready.err.constData());
    QVERIFY2(ready.out.contains("ready to simulate"), ready.out.constData());
    QVERIFY2(ready.out.contains("DOF 1 by Grübler's count, 1 by the rank of J · 3 independent "
                                "loop(s) · assembles"),
             ready.out.constData());

    QFile original(example("carpet_scraper.json"));
    QVERIFY(original.open(QIODevice::ReadOnly));
    nlohmann::json spec = nlohmann::json::parse(original.readAll().toStdString());
    auto& joints = spec["joints"];
    joints.erase(std::remove_if(joints.begin(), joints.end(),
                                [](const nlohmann::json& j) { return j["name"] == "J7"; }),
                 joints.end());
    spec["bodies"].push_back(
        {{"id", "loose"},
         {"name", "loose link"},
         {"mass", 1.0},
         {"com", {0.05, 0.0}},
         {"inertia", 0.001},
         {"points", {{{"name", "A"}, {"at", {0, 0}}}, {{"name", "B"}, {"at", {0.1, 0}}}}}});
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("unfinished.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(spec.dump(2)));
    file.close();

    QCOMPARE(runSslm({"info", path}).exitCode, 2);
    const Run run = runSslm({"check", path, "--json"});
    QCOMPARE(run.exitCode, 2);
    const nlohmann::json check = nlohmann::json::parse(run.out.toStdString());
    QCOMPARE(check["ready"].get<bool>(), false);
    QCOMPARE(check["dof_grubler"].get<int>(), 3 * 8 - 2 * 9);
    QCOMPARE(check["independent_loops"].get<int>(), 2);
    int errors = 0;
    bool loose = false;
    for (const auto& finding : check["findings"]) {
        errors += finding["severity"] == "error" ? 1 : 0;
        for (const auto& body : finding["bodies"]) {
            loose = loose || (finding["kind"] == "disconnected" && body == "loose");
        }
    }
    QVERIFY2(loose, run.out.constData());
    QVERIFY2(errors >= 2, run.out.constData()); // the loose body and theta7's initial values

    // a negative mass: named by the body's name, and the assembly is not tried
    const Run negative =
        runSslm({"check", QStringLiteral(SSLM_TEST_DATA_DIR "/malformed/negative_mass.json")});
    QCOMPARE(negative.exitCode, 2);
    QVERIFY2(negative.out.contains("1 independent loop(s) · assembly not tried until the problems "
                                   "are fixed\n"),
             negative.out.constData());
    QVERIFY2(negative.out.contains("error: the mass of #2 rocker (kg) must be positive, got -3 "
                                   "(fix: write a number greater than 0) [bodies[1].mass]"),
             negative.out.constData());
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

void TestCli::simulateConservesEnergyWithEverySolver_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("scraper") << "carpet_scraper.json";
    QTest::newRow("3-RRR") << "three_rrr.json";
}

// The done-means command: in free motion energy.total stays within 1e-8 of E0 (relative) over
// 2 s, and sslm, slm, augmented and rcr write the same trajectory (q columns within 1e-8).
void TestCli::simulateConservesEnergyWithEverySolver() {
    QFETCH(QString, file);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::vector<Csv> runs;
    for (const QString solver : {"sslm", "slm", "augmented", "rcr"}) {
        const QString out = dir.filePath(solver + QStringLiteral(".csv"));
        const Run run = runSslm(tightSimulation(qPrintable(file), solver, out));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        // the summary line names the solver and integrator and reports the end time
        const QString summary = QString::fromUtf8(run.out);
        QVERIFY2(summary.startsWith(QStringLiteral("sslm: ")), run.out.constData());
        QVERIFY2(summary.contains(solver + QStringLiteral(" + dopri5: t = 2 s in ")),
                 run.out.constData());
        QVERIFY2(summary.contains(QStringLiteral("201 samples written to ") + out),
                 run.out.constData());

        Csv csv = readCsv(out);
        QCOMPARE(csv.rows.size(), std::size_t(201));
        const qsizetype energy = csv.column(QStringLiteral("energy.total"));
        QVERIFY(energy > 0);
        const double e0 = csv.rows.front()[energy];
        double drift = 0;
        for (const auto& row : csv.rows) {
            QCOMPARE(row.size(), std::size_t(csv.header.size()));
            drift = std::max(drift, std::abs(row[energy] - e0) / std::abs(e0));
        }
        qInfo("%s: relative energy drift %.3g", qPrintable(solver), drift);
        QVERIFY2(drift < 1e-8,
                 qPrintable(QStringLiteral("%1: relative energy drift %2").arg(solver).arg(drift)));
        runs.push_back(std::move(csv));
    }
    double dq = 0;
    double dqRcr = 0;
    for (qsizetype c = 0; c < runs[0].header.size(); ++c) {
        if (!runs[0].header[c].startsWith(QStringLiteral("q."))) {
            continue;
        }
        for (std::size_t k = 0; k < runs[0].rows.size(); ++k) {
            for (std::size_t r = 1; r < runs.size(); ++r) {
                // RCR integrates q and q̇_i, the others q and q̇: the same motion, but the
                // integrator's error control sees another system, so it differs at its tolerance
                double& worst = r + 1 < runs.size() ? dq : dqRcr;
                worst = std::max(worst, std::abs(runs[r].rows[k][c] - runs[0].rows[k][c]));
            }
        }
    }
    qInfo("max |Δq| between the multiplier solvers %.3g, RCR to SSLM %.3g", dq, dqRcr);
    QVERIFY2(dq < 1e-8, qPrintable(QStringLiteral("max |Δq| between solvers %1").arg(dq)));
    QVERIFY2(dqRcr < 1e-7, qPrintable(QStringLiteral("max |Δq| RCR to SSLM %1").arg(dqRcr)));
}

// The scraper's CSV has exactly the documented columns (sample_csv.hpp), in order.
void TestCli::simulateCsvColumns() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("scraper.csv"));
    const Run run = runSslm(
        {"simulate", example("carpet_scraper.json"), "--t-end", "0.05", "--out", out, "--quiet"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(run.out.isEmpty()); // --quiet: no summary
    QStringList expected{"t"};
    for (const char* prefix : {"q.", "qd.", "qdd."}) {
        for (int k = 1; k <= 7; ++k) {
            expected << QStringLiteral("%1theta%2").arg(prefix).arg(k);
        }
    }
    for (const char* cut : {"J8", "J9", "J10"}) {
        expected << QStringLiteral("lambda.%1.x").arg(cut)
                 << QStringLiteral("lambda.%1.y").arg(cut);
    }
    expected << "tau.theta1"
             << "energy.kinetic"
             << "energy.potential"
             << "energy.total"
             << "work.actuators"
             << "work.dampers"
             << "violation.position"
             << "violation.velocity"
             << "cpu.lambda_ns"
             << "cpu.rhs_ns"
             << "point.blade_tip.x"
             << "point.blade_tip.y"
             << "shaking.force.x"
             << "shaking.force.y"
             << "shaking.moment";
    const Csv csv = readCsv(out);
    QCOMPARE(csv.header, expected);
    QCOMPARE(csv.rows.size(), std::size_t(6));
    QCOMPARE(csv.rows.front().front(), 0.0);
    QCOMPARE(csv.rows.back().front(), 0.05);
}

void TestCli::simulateBadOptions_data() {
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("named");
    QTest::newRow("unknown solver") << QStringList{"--solver", "foo"} << "foo";
    QTest::newRow("negative end time")
        << QStringList{"--t-end", "-1"} << "--t-end must be a positive";
    QTest::newRow("unknown cut") << QStringList{"--cut", "J8,J9,J99"} << "J99";
    QTest::newRow("invalid cut set") << QStringList{"--cut", "J8,J9"} << "J10";
    QTest::newRow("unknown integrator") << QStringList{"--integrator", "euler"} << "euler";
    QTest::newRow("independent without rcr")
        << QStringList{"--independent", "theta1"} << "add --solver rcr";
    QTest::newRow("rcr, theta4 independent")
        << QStringList{"--solver", "rcr", "--independent", "theta4"}
        << "the independent coordinates theta4 are not a valid selection";
    QTest::newRow("rcr with baumgarte")
        << QStringList{"--solver", "rcr", "--stabilise", "baumgarte"}
        << "Baumgarte stabilisation acts at acceleration level";
    QTest::newRow("rcr, unknown independent")
        << QStringList{"--solver", "rcr", "--independent", "theta1,theta99"}
        << "no tree coordinate is named 'theta99'";
}

// Bad options are bad input (exit code 2) with a message naming the problem, and no CSV.
void TestCli::simulateBadOptions() {
    QFETCH(QStringList, options);
    QFETCH(QString, named);
    const Run run = runSslm(QStringList{"simulate", example("carpet_scraper.json")} + options);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(named), run.err.constData());
    QVERIFY2(!run.out.contains("t,q.theta1"), run.out.constData());
}

// RCR runs the scraper with the same CSV columns, reactions included, and the same motion as
// SSLM; it names its coordinates, and with none stabilisation its |J q̇| stays at round-off.
void TestCli::simulateWithRcr() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString rcrOut = dir.filePath(QStringLiteral("rcr.csv"));
    const QString sslmOut = dir.filePath(QStringLiteral("sslm.csv"));
    const QStringList common = {"--integrator", "rkf78",   "--rtol", "1e-11",       "--atol",
                                "1e-11",        "--t-end", "0.5",    "--stabilise", "none"};
    const Run rcr = runSslm(QStringList{"simulate", example("carpet_scraper.json"), "--solver",
                                        "rcr", "--out", rcrOut} +
                            common);
    QVERIFY2(rcr.exitCode == 0, rcr.err.constData());
    QVERIFY2(rcr.out.contains("rcr + rkf78: t = 0.5 s"), rcr.out.constData());
    QVERIFY2(rcr.out.contains("RCR coordinates: independent theta1; loop"), rcr.out.constData());
    const Run sslm =
        runSslm(QStringList{"simulate", example("carpet_scraper.json"), "--out", sslmOut} + common);
    QVERIFY2(sslm.exitCode == 0, sslm.err.constData());
    const Csv a = readCsv(rcrOut);
    const Csv b = readCsv(sslmOut);
    QCOMPARE(a.header, b.header);
    QCOMPARE(a.rows.size(), b.rows.size());
    const qsizetype velocity = a.column(QStringLiteral("violation.velocity"));
    double worst = 0;
    for (std::size_t r = 0; r < a.rows.size(); ++r) {
        QVERIFY(a.rows[r][velocity] < 1e-12);
        for (qsizetype c = 0; c < a.header.size(); ++c) {
            const QString& name = a.header[c];
            const auto k = static_cast<std::size_t>(c);
            if (name.startsWith("q.") || name.startsWith("reaction.") || name.startsWith("qd.")) {
                worst = std::max(worst, std::abs(a.rows[r][k] - b.rows[r][k]) /
                                            std::max(1.0, std::abs(b.rows[r][k])));
            }
        }
    }
    qInfo("RCR against SSLM over 0.5 s of the scraper: worst relative q, q̇, reaction %.2g", worst);
    QVERIFY2(worst < 1e-6, qPrintable(QString::number(worst)));
}

// The stiff integrator runs the scraper end to end with projection.
void TestCli::simulateWithRosenbrock4() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("rosenbrock.csv"));
    const Run run = runSslm({"simulate", example("carpet_scraper.json"), "--integrator",
                             "rosenbrock4", "--t-end", "0.5", "--out", out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.out.contains("sslm + rosenbrock4: t = 0.5 s"), run.out.constData());
    const Csv csv = readCsv(out);
    QCOMPARE(csv.rows.size(), std::size_t(51));
    const qsizetype violation = csv.column(QStringLiteral("violation.position"));
    const qsizetype energy = csv.column(QStringLiteral("energy.total"));
    for (const auto& row : csv.rows) {
        QVERIFY(row[violation] <= 1e-10);
        QVERIFY(std::abs(row[energy] - csv.rows.front()[energy]) < 1e-4); // J, at rtol 1e-8
    }
}

// The opening demo (examples/carpet_scraper_driven.json): the crank held at the paper's
// 4.7124 rad/s turns on, at least once round in 1.5 s, and the blade tip sweeps its stroke
void TestCli::drivenScraperTurnsItsCrank() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("driven.csv"));
    const Run run = runSslm({"simulate", example("carpet_scraper_driven.json"), "--t-end", "1.5",
                             "--quiet", "--out", out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const Csv csv = readCsv(out);
    QCOMPARE(csv.rows.size(), std::size_t(151));
    const qsizetype theta = csv.column(QStringLiteral("q.theta1"));
    const qsizetype speed = csv.column(QStringLiteral("qd.theta1"));
    const qsizetype tipX = csv.column(QStringLiteral("point.blade_tip.x"));
    const qsizetype violation = csv.column(QStringLiteral("violation.position"));
    QVERIFY(theta >= 0 && speed >= 0 && tipX >= 0 && violation >= 0);
    double tipLeast = csv.rows.front()[tipX];
    double tipMost = tipLeast;
    for (std::size_t k = 1; k < csv.rows.size(); ++k) {
        QVERIFY(csv.rows[k][theta] > csv.rows[k - 1][theta]); // turns, never swings back
        QVERIFY(std::abs(csv.rows[k][speed] - 4.7124) < 0.05 * 4.7124);
        QVERIFY(csv.rows[k][violation] < 1e-9);
        tipLeast = std::min(tipLeast, csv.rows[k][tipX]);
        tipMost = std::max(tipMost, csv.rows[k][tipX]);
    }
    QVERIFY(csv.rows.back()[theta] - csv.rows.front()[theta] >= 2 * std::numbers::pi);
    // the stroke: the coupler's near-straight line magnified 3.5 times by the pantograph
    QVERIFY2(tipMost - tipLeast > 0.6, qPrintable(QString::number(tipMost - tipLeast)));
}

void TestCli::simulateStopsAtANearSingularPose() {
    // The paper's loose setting without stabilisation lets the SLM trajectory drift into a
    // near-singular pose of loop 3 (cut J10) after about 12.8 s here: the run stops there,
    // names the time and the loop, and exits 2; with the check off it completes and warns.
    // The smallest pivot the steps sample there is about 2e-7 of its scale, so close to the
    // default tolerance (1e-7) that round-off decides which side it falls: the test sets 1e-6.
    const QStringList loose = {"simulate",    example("carpet_scraper.json"),
                               "--solver",    "slm",
                               "--rtol",      "1e-3",
                               "--atol",      "1e-3",
                               "--t-end",     "15",
                               "--stabilise", "none",
                               "--quiet",     "--out",
                               "/dev/null"};
    const Run stopped = runSslm(loose + QStringList{"--singularity-tolerance", "1e-6"});
    QCOMPARE(stopped.exitCode, 2);
    QVERIFY2(stopped.err.contains("the simulation stopped at t = ") &&
                 stopped.err.contains("nearly) singular pose: the GICM pivot of loop"),
             stopped.err.constData());
    const Run completed = runSslm(loose + QStringList{"--singularity-tolerance", "0"});
    QVERIFY2(completed.exitCode == 0, completed.err.constData());
    QVERIFY2(completed.err.contains("passed near a singular pose"), completed.err.constData());
    QCOMPARE(runSslm(loose + QStringList{"--singularity-tolerance", "-1"}).exitCode, 2);
}

namespace {

/// The scraper's crank speed (Table 2), rad/s, and the time of one revolution (s).
constexpr double kCrankSpeed = 4.7124;
const double kRevolution = 2.0 * std::numbers::pi / kCrankSpeed;

/// `sslm inverse` on the scraper at the crank speed, CSV to `out`.
QStringList scraperInverse(const QString& out, double tEnd, double sample) {
    return {"inverse",  example("carpet_scraper.json"),
            "--speed",  QStringLiteral("theta1=%1").arg(kCrankSpeed, 0, 'g', 17),
            "--t-end",  QString::number(tEnd, 'g', 17),
            "--sample", QString::number(sample, 'g', 17),
            "--out",    out};
}

} // namespace

// The issue's run: the documented columns; θ1 turns at the prescribed speed; and since the
// scraper is conservative (gravity only), the crank's work over one revolution, ∫ τ·ω dt with
// the state back where it started, is zero.
void TestCli::inverseCsvAndCrankWork() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("inverse.csv"));
    const Run run = runSslm(scraperInverse(out, 1.3333, 0.01));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    // the CSV went to the file, so the summary goes to stdout (as `sslm simulate`)
    QVERIFY2(run.out.contains("135 samples") && run.out.contains("subsystem") &&
                 run.out.contains("max |Φ|"),
             run.out.constData());
    QStringList expected{"t"};
    for (const char* prefix : {"q.", "qd."}) {
        for (int k = 1; k <= 7; ++k) {
            expected << QStringLiteral("%1theta%2").arg(QLatin1String(prefix)).arg(k);
        }
    }
    expected << "tau.theta1";
    for (const char* cut : {"J8", "J9", "J10"}) {
        expected << QStringLiteral("lambda.%1.x").arg(cut)
                 << QStringLiteral("lambda.%1.y").arg(cut);
    }
    for (int j = 1; j <= 10; ++j) {
        expected << QStringLiteral("reaction.J%1.x").arg(j)
                 << QStringLiteral("reaction.J%1.y").arg(j);
    }
    expected << "shaking.force.x"
             << "shaking.force.y"
             << "shaking.moment";
    const Csv csv = readCsv(out);
    QCOMPARE(csv.header, expected);
    QCOMPARE(csv.rows.size(), std::size_t(135));
    QCOMPARE(csv.rows.back().front(), 1.3333);
    const qsizetype theta1 = csv.column(QStringLiteral("q.theta1"));
    const qsizetype rate1 = csv.column(QStringLiteral("qd.theta1"));
    const qsizetype tau = csv.column(QStringLiteral("tau.theta1"));
    for (const auto& row : csv.rows) {
        QCOMPARE(row.size(), std::size_t(expected.size()));
        QVERIFY(std::abs(row[theta1] - kCrankSpeed * row[0]) < 1e-12); // from θ1 = 0
        QCOMPARE(row[rate1], kCrankSpeed);
        QVERIFY(std::isfinite(row[tau]));
    }

    // crank work over one revolution by the trapezoid rule
    const QString fine = dir.filePath(QStringLiteral("revolution.csv"));
    const Run revolution = runSslm(scraperInverse(fine, kRevolution, 0.0005) << "--quiet");
    QVERIFY2(revolution.exitCode == 0, revolution.err.constData());
    const Csv rev = readCsv(fine);
    QVERIFY(rev.rows.size() > 2000);
    double work = 0;    // J
    double absWork = 0; // J: ∫ |τ·ω| dt, the scale
    for (std::size_t i = 1; i < rev.rows.size(); ++i) {
        const double dt = rev.rows[i][0] - rev.rows[i - 1][0];
        const double p0 = rev.rows[i - 1][tau] * kCrankSpeed;
        const double p1 = rev.rows[i][tau] * kCrankSpeed;
        work += 0.5 * dt * (p0 + p1);
        absWork += 0.5 * dt * (std::abs(p0) + std::abs(p1));
    }
    qInfo("crank work over one revolution %.3g J (∫|τω| dt = %.4g J)", work, absWork);
    QVERIFY(absWork > 1e-2); // the crank does work in parts of the cycle
    QVERIFY2(std::abs(work) < 1e-6, qPrintable(QStringLiteral("crank work %1 J").arg(work)));
}

// --moment-about moves the shaking moment, and only it: M_P = M_O − P × F, row by row, for the
// inverse (from the ground joints' reactions) and the forward run (from the bodies' motion).
void TestCli::momentAboutAPoint() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const double px = 0.3;
    const double py = -0.2;
    const QString point = QStringLiteral("%1,%2").arg(px).arg(py);
    const std::vector<std::pair<QString, QStringList>> runs = {
        {QStringLiteral("inverse"),
         {QStringLiteral("inverse"), example("carpet_scraper.json"), QStringLiteral("--t-end"),
          QStringLiteral("0.5"), QStringLiteral("--quiet")}},
        {QStringLiteral("simulate"),
         {QStringLiteral("simulate"), example("four_bar.json"), QStringLiteral("--t-end"),
          QStringLiteral("0.5"), QStringLiteral("--quiet")}}};
    for (const auto& [verb, arguments] : runs) {
        const QString atOrigin = dir.filePath(verb + QStringLiteral("-origin.csv"));
        const QString atPoint = dir.filePath(verb + QStringLiteral("-point.csv"));
        const Run first = runSslm(QStringList(arguments) << QStringLiteral("--out") << atOrigin);
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const Run second =
            runSslm(QStringList(arguments) << QStringLiteral("--out") << atPoint
                                           << QStringLiteral("--moment-about") << point);
        QVERIFY2(second.exitCode == 0, second.err.constData());
        const Csv a = readCsv(atOrigin);
        const Csv b = readCsv(atPoint);
        QCOMPARE(a.header, b.header);
        QCOMPARE(a.rows.size(), b.rows.size());
        QVERIFY(a.rows.size() > 10);
        const qsizetype fx = a.column(QStringLiteral("shaking.force.x"));
        const qsizetype fy = a.column(QStringLiteral("shaking.force.y"));
        const qsizetype mz = a.column(QStringLiteral("shaking.moment"));
        QVERIFY(fx > 0 && fy > 0 && mz > 0);
        double worst = 0;
        double scale = 0;
        for (std::size_t i = 0; i < a.rows.size(); ++i) {
            const auto& o = a.rows[i];
            const auto& p = b.rows[i];
            for (std::size_t c = 0; c < o.size(); ++c) {
                if (static_cast<qsizetype>(c) != mz &&
                    !a.header[static_cast<qsizetype>(c)].startsWith(QLatin1String("cpu."))) {
                    QCOMPARE(p[c], o[c]); // nothing else moves (but the timings)
                }
            }
            const double expected = o[mz] - (px * o[fy] - py * o[fx]);
            worst = std::max(worst, std::abs(p[mz] - expected));
            scale = std::max({scale, std::abs(o[mz]), std::abs(p[mz])});
        }
        qInfo("%s: |M_P − (M_O − P × F)| ≤ %.3g N·m (largest %.4g N·m)", qPrintable(verb), worst,
              scale);
        QVERIFY(scale > 0.1);
        QVERIFY2(worst < 1e-12 * scale, qPrintable(QString::number(worst)));
    }
}

// The traditional (Newton–Euler of every body), system and subsystem methods give the same
// driving torque.
void TestCli::inverseMethodsAgree() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::vector<Csv> results;
    for (const char* method : {"subsystem", "traditional", "system"}) {
        const QString out = dir.filePath(QString::fromLatin1(method) + QStringLiteral(".csv"));
        const Run run = runSslm(scraperInverse(out, 1.3333, 0.01)
                                << "--method" << QString::fromLatin1(method) << "--quiet");
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(run.err.isEmpty());
        results.push_back(readCsv(out));
        QCOMPARE(results.back().rows.size(), std::size_t(135));
    }
    const qsizetype tau = results.front().column(QStringLiteral("tau.theta1"));
    double scale = 0;
    for (const auto& row : results.front().rows) {
        scale = std::max(scale, std::abs(row[tau]));
    }
    double worst = 0;
    for (std::size_t m = 1; m < results.size(); ++m) {
        for (std::size_t i = 0; i < results[m].rows.size(); ++i) {
            worst =
                std::max(worst, std::abs(results[m].rows[i][tau] - results.front().rows[i][tau]));
        }
    }
    qInfo("max |Δτ| between methods %.3g N·m (max |τ| %.4g N·m)", worst, scale);
    QVERIFY(scale > 0);
    QVERIFY2(worst <= 1e-9 * scale, qPrintable(QStringLiteral("max |Δτ| %1").arg(worst)));
}

// Without --speed the file's actuator (J1, 4.7124 rad/s initially) turns at constant speed;
// --motion cycloidal brings θ1 from 0 to its end value at rest.
void TestCli::inverseFromFileAndMotionLaw() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("file.csv"));
    const Run run = runSslm({"inverse", example("carpet_scraper.json"), "--t-end", "0.2",
                             "--sample", "0.05", "--out", out, "--quiet"});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const Csv csv = readCsv(out);
    QCOMPARE(csv.rows.size(), std::size_t(5));
    QVERIFY(std::abs(csv.rows.back()[csv.column(QStringLiteral("q.theta1"))] - 0.2 * kCrankSpeed) <
            1e-12);

    const QString cyc = dir.filePath(QStringLiteral("cycloidal.csv"));
    const Run law =
        runSslm({"inverse", example("carpet_scraper.json"), "--motion", "theta1=cycloidal:1.5:0.5",
                 "--t-end", "0.6", "--sample", "0.01", "--out", cyc, "--quiet"});
    QVERIFY2(law.exitCode == 0, law.err.constData());
    const Csv moved = readCsv(cyc);
    QCOMPARE(moved.rows.size(), std::size_t(61));
    QVERIFY(std::abs(moved.rows.back()[moved.column(QStringLiteral("q.theta1"))] - 1.5) < 1e-12);
}

// A table through (0, 0) and one revolution later (T, 2π), repeated every T: the crank turns at
// constant speed for two revolutions, so τ equals that of --speed at every sample; a spline
// through a quarter-revolution table passes through its points. A malformed table line is
// named with its file and line.
void TestCli::inverseFromMotionTables() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString table = dir.filePath(QStringLiteral("revolution.txt"));
    {
        QFile file(table);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
        file.write(QStringLiteral("t,theta1\n0,0\n%1,%2\n")
                       .arg(kRevolution, 0, 'g', 17)
                       .arg(2.0 * std::numbers::pi, 0, 'g', 17)
                       .toUtf8());
    }
    const QString repeated = dir.filePath(QStringLiteral("repeated.csv"));
    const QString speed = dir.filePath(QStringLiteral("speed.csv"));
    const QString law =
        QStringLiteral("theta1=table:%1@%2").arg(table).arg(kRevolution, 0, 'g', 17);
    const Run a = runSslm({"inverse", example("carpet_scraper.json"), "--motion", law, "--t-end",
                           "2.5", "--sample", "0.01", "--out", repeated, "--quiet"});
    QVERIFY2(a.exitCode == 0, a.err.constData());
    const Run b = runSslm(scraperInverse(speed, 2.5, 0.01) << "--quiet");
    QVERIFY2(b.exitCode == 0, b.err.constData());
    const Csv fromTable = readCsv(repeated);
    const Csv fromSpeed = readCsv(speed);
    QCOMPARE(fromTable.rows.size(), fromSpeed.rows.size());
    const qsizetype tau = fromTable.column(QStringLiteral("tau.theta1"));
    double worst = 0;
    for (std::size_t i = 0; i < fromTable.rows.size(); ++i) {
        worst = std::max(worst, std::abs(fromTable.rows[i][tau] - fromSpeed.rows[i][tau]));
    }
    qInfo("repeated table against constant speed over 2.5 s: max |Δτ| %.3g N·m", worst);
    QVERIFY2(worst < 1e-8, qPrintable(QString::number(worst)));

    const QString quarter = dir.filePath(QStringLiteral("quarter.txt"));
    {
        QFile file(quarter);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
        file.write("# t (s), theta1 (rad)\n0 0\n0.25 0.3\n0.5 0.9\n0.75 1.5708\n");
    }
    const QString spline = dir.filePath(QStringLiteral("spline.csv"));
    const Run c =
        runSslm({"inverse", example("carpet_scraper.json"), "--motion", "theta1=spline:" + quarter,
                 "--t-end", "0.75", "--sample", "0.25", "--out", spline, "--quiet"});
    QVERIFY2(c.exitCode == 0, c.err.constData());
    const Csv splined = readCsv(spline);
    QCOMPARE(splined.rows.size(), std::size_t(4));
    const qsizetype theta1 = splined.column(QStringLiteral("q.theta1"));
    for (const auto& [row, value] : {std::pair{1, 0.3}, std::pair{2, 0.9}, std::pair{3, 1.5708}}) {
        QVERIFY(std::abs(splined.rows[static_cast<std::size_t>(row)][theta1] - value) < 1e-12);
    }

    const QString broken = dir.filePath(QStringLiteral("broken.txt"));
    {
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
        file.write("0,0\n0.5,1\n0.7,oops\n");
    }
    const Run d = runSslm({"inverse", example("carpet_scraper.json"), "--motion",
                           "theta1=spline:" + broken, "--t-end", "0.5"});
    QCOMPARE(d.exitCode, 2);
    QVERIFY2(d.err.contains("broken.txt:3:"), d.err.constData());
}

void TestCli::inverseBadOptions_data() {
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QStringList>("named");
    QTest::newRow("unknown coordinate")
        << QStringList{"--speed", "theta99=1"} << QStringList{"--speed", "theta99"};
    QTest::newRow("two speeds on one DOF")
        << QStringList{"--speed", "theta1=1", "--speed", "theta2=1"}
        << QStringList{"--speed", "1 degree of freedom", "theta1"};
    QTest::newRow("malformed motion")
        << QStringList{"--motion", "theta1=cycloidal:1"} << QStringList{"--motion", "cycloidal"};
    QTest::newRow("unknown law") << QStringList{"--motion", "theta1=wobble:1:2"}
                                 << QStringList{"--motion", "wobble"};
    QTest::newRow("non-positive duration")
        << QStringList{"--motion", "theta1=poly345:1:0"} << QStringList{"--motion", "duration"};
    QTest::newRow("speed not a number")
        << QStringList{"--speed", "theta1=fast"} << QStringList{"--speed", "fast"};
    QTest::newRow("unknown method") << QStringList{"--speed", "theta1=1", "--method", "magic"}
                                    << QStringList{"--method", "magic"};
    QTest::newRow("negative sample")
        << QStringList{"--speed", "theta1=1", "--sample", "-1"} << QStringList{"--sample"};
    QTest::newRow("moment point with z on a planar mechanism")
        << QStringList{"--speed", "theta1=1", "--moment-about", "0.1,0.2,0.3"}
        << QStringList{"--moment-about", "two numbers X,Y"};
}

// Bad options are bad input (exit code 2) with a message naming the option, and no CSV.
void TestCli::inverseBadOptions() {
    QFETCH(QStringList, options);
    QFETCH(QStringList, named);
    const Run run = runSslm(QStringList{"inverse", example("carpet_scraper.json")} + options);
    QCOMPARE(run.exitCode, 2);
    for (const QString& word : named) {
        QVERIFY2(QString::fromUtf8(run.err).contains(word), run.err.constData());
    }
    QVERIFY2(!run.out.contains("t,q.theta1"), run.out.constData());
}

// seed 000's forced simulation through the command line: `sslm inverse` writes the torque for
// one crank revolution at 45 rpm, `sslm simulate --forced-from` drives the forward dynamics with
// it and reports its deviation from the desired motion, below 1e-8 rad at tolerance 1e-12; the
// CSV has a deviation column per coordinate that agrees with the summary.
void TestCli::forcedRunFollowsTheInverseMotion() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString inverse = dir.filePath(QStringLiteral("inverse.csv"));
    const Run torque = runSslm(scraperInverse(inverse, kRevolution, 0.001) << "--quiet");
    QVERIFY2(torque.exitCode == 0, torque.err.constData());

    const QString forced = dir.filePath(QStringLiteral("forced.csv"));
    const QString summary = dir.filePath(QStringLiteral("forced.json"));
    const Run run = runSslm({"simulate", example("carpet_scraper.json"), "--forced-from", inverse,
                             "--integrator", "rkf78", "--rtol", "1e-12", "--atol", "1e-12",
                             "--sample", "0.005", "--out", forced, "--summary-json", summary});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.out.contains("max deviation from the desired motion") &&
                 run.out.contains("open loop"),
             run.out.constData());
    const Csv csv = readCsv(forced);
    QVERIFY(csv.rows.size() > 200);
    QVERIFY(std::abs(csv.rows.back().front() - kRevolution) < 1e-9); // the history's duration
    double largest = 0;
    for (int k = 1; k <= 7; ++k) {
        const qsizetype column = csv.column(QStringLiteral("deviation.theta%1").arg(k));
        QVERIFY(column >= 0);
        for (const auto& row : csv.rows) {
            largest = std::max(largest, std::abs(row[column]));
        }
    }
    QFile file(summary);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const auto json = nlohmann::json::parse(file.readAll().toStdString());
    qInfo("forced run over one revolution: max deviation %.3g rad", largest);
    QVERIFY2(largest < 1e-8, qPrintable(QString::number(largest)));
    QCOMPARE(json.at("max_deviation").get<double>(), largest);

    // a PD correction about a history that is right changes nothing that matters
    const Run pd = runSslm({"simulate", example("carpet_scraper.json"), "--forced-from", inverse,
                            "--pd", "400,40", "--integrator", "rkf78", "--rtol", "1e-10", "--atol",
                            "1e-10", "--out", forced});
    QVERIFY2(pd.exitCode == 0, pd.err.constData());
    QVERIFY2(pd.out.contains("with PD 400,40"), pd.out.constData());
}

void TestCli::forcedRunBadInput_data() {
    QTest::addColumn<QString>("csv");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QStringList>("named");
    QTest::newRow("no tau column") << "t,q.theta1\n0,0\n"
                                   << QStringList{} << QStringList{"qd.theta1", "sslm inverse"};
    QTest::newRow("not a number") << "" << QStringList{} << QStringList{":3:", "tau.theta1", "abc"};
    QTest::newRow("t-end past the history")
        << "good" << QStringList{"--t-end", "5"} << QStringList{"--t-end", "past the end"};
    QTest::newRow("pd without forced-from")
        << "none" << QStringList{"--pd", "1,1"} << QStringList{"--pd", "--forced-from"};
    QTest::newRow("pd not two numbers")
        << "good" << QStringList{"--pd", "400"} << QStringList{"--pd", "KP,KD"};
    QTest::newRow("missing file") << "missing" << QStringList{} << QStringList{"cannot open"};
}

// A bad history or option is bad input (exit code 2) naming the file, line or option.
void TestCli::forcedRunBadInput() {
    QFETCH(QString, csv);
    QFETCH(QStringList, options);
    QFETCH(QStringList, named);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("history.csv"));
    if (csv == "good" || csv.isEmpty()) {
        const Run torque = runSslm(scraperInverse(path, 0.05, 0.01) << "--quiet");
        QVERIFY2(torque.exitCode == 0, torque.err.constData());
        if (csv.isEmpty()) { // spoil the second data row's torque
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
            file.close();
            const qsizetype tau = lines[0].split(QLatin1Char(',')).indexOf("tau.theta1");
            QStringList fields = lines[2].split(QLatin1Char(','));
            fields[tau] = QStringLiteral("abc");
            lines[2] = fields.join(QLatin1Char(','));
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(lines.join(QLatin1Char('\n')).toUtf8());
        }
    } else if (csv != "none" && csv != "missing") {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(csv.toUtf8());
    }
    QStringList arguments{"simulate", example("carpet_scraper.json")};
    if (csv != "none") {
        arguments << "--forced-from" << path;
    }
    const Run run = runSslm(arguments + options);
    QCOMPARE(run.exitCode, 2);
    for (const QString& word : named) {
        QVERIFY2(QString::fromUtf8(run.err).contains(word), run.err.constData());
    }
}

namespace {

/// examples/<file> as the kernel reads it (the test stops if it does not load).
sslm::MechanismSpec exampleSpec(const char* file) {
    sslm::LoadResult loaded = sslm::loadMechanismFile(example(file).toStdString());
    if (!loaded.ok()) {
        qFatal("%s does not load", file);
    }
    return std::move(*loaded.spec);
}

/// The point `name` of body `body` ("ground" for a ground point) in its frame (m).
Eigen::Vector2d
specPoint(const sslm::MechanismSpec& spec, const std::string& body, const std::string& name) {
    const std::vector<sslm::BodyPoint>& points =
        body == sslm::kGroundId ? spec.ground.points : sslm::findBody(spec, body)->points;
    const auto it = std::ranges::find(points, name, &sslm::BodyPoint::name);
    if (it == points.end()) {
        qFatal("no point %s on %s", name.c_str(), body.c_str());
    }
    return it->p_B;
}

/// The CSV column `name`; the test fails (returns an empty vector) if it is missing.
std::vector<double> columnValues(const Csv& csv, const QString& name) {
    const qsizetype c = csv.column(name);
    std::vector<double> values;
    if (c < 0) {
        return values;
    }
    for (const auto& row : csv.rows) {
        values.push_back(row[static_cast<std::size_t>(c)]);
    }
    return values;
}

/// The work (J) of the loads and two-point cylinders since t = 0 at each sample: what the
/// energy balance leaves, E − E0 − W_actuators − W_dampers (the CSV has no column of its own).
std::vector<double> loadWork(const Csv& csv) {
    const std::vector<double> energy = columnValues(csv, QStringLiteral("energy.total"));
    const std::vector<double> actuators = columnValues(csv, QStringLiteral("work.actuators"));
    const std::vector<double> dampers = columnValues(csv, QStringLiteral("work.dampers"));
    std::vector<double> work;
    for (std::size_t k = 0; k < energy.size() && !actuators.empty() && !dampers.empty(); ++k) {
        work.push_back(energy[k] - energy.front() - actuators[k] - dampers[k]);
    }
    return work;
}

} // namespace

// examples/four_bar_loaded.json: the torsional spring on J1 is in energy.potential, and the
// 30 N load down at J9 does W = −30 N · (y_J9 − y_J9(0)); at rtol = atol = 1e-12 over 2 s,
// |E − E0 − W| ≤ 1e-9 of E0 for sslm and rcr. J9 runs on the Hoekens straight line, so W is
// small (up to 6.6e-4 J), yet some 100 000 times the bound; the spring holds the crank to
// θ1 ≥ −0.63 rad, where four_bar.json swings to −2.72.
void TestCli::loadedFourBarBalancesTheLoadsWork() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString solver : {"sslm", "rcr"}) {
        const QString out = dir.filePath(solver + QStringLiteral(".csv"));
        const Run run = runSslm(tightSimulation("four_bar_loaded.json", solver, out));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const Csv csv = readCsv(out);
        QCOMPARE(csv.rows.size(), std::size_t(201));
        const std::vector<double> balance = loadWork(csv);
        const std::vector<double> y = columnValues(csv, QStringLiteral("point.coupler_end.y"));
        const std::vector<double> theta = columnValues(csv, QStringLiteral("q.theta1"));
        const std::vector<double> energy = columnValues(csv, QStringLiteral("energy.total"));
        QVERIFY(balance.size() == y.size() && theta.size() == y.size() && !y.empty());
        double worst = 0;
        double most = 0;
        for (std::size_t k = 0; k < y.size(); ++k) {
            const double work = -30.0 * (y[k] - y.front());
            worst = std::max(worst, std::abs(balance[k] - work));
            most = std::max(most, std::abs(work));
        }
        const double thetaLeast = *std::ranges::min_element(theta);
        qInfo("%s: max |E - E0 - W| %.3g J, max |W| %.3g J, theta1 >= %.4f", qPrintable(solver),
              worst, most, thetaLeast);
        QVERIFY2(worst <= 1e-9 * energy.front(), qPrintable(QString::number(worst)));
        QVERIFY2(most > 1e-4, qPrintable(QString::number(most)));
        QVERIFY2(thetaLeast > -0.65 && thetaLeast < -0.6, qPrintable(QString::number(thetaLeast)));
    }
}

// examples/four_bar_gas_spring.json: the spring S–J9 (400 N/m, rest 0.1 m) adds ½k(L0 − 0.1)²
// to the four-bar's initial energy (6.238161337870 J, ../shared/spec/mechanisms.md), with L0 the
// distance from S = (0.05, 0.25) m to J9's traced start; then, with no damper or load, E stays
// within 1e-9 of E0 at rtol = atol = 1e-12 for sslm and rcr. The spring pulls the swing to
// θ1 < −2.85 rad (four_bar.json: −2.72).
void TestCli::gasSpringFourBarConservesItsEnergy() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString solver : {"sslm", "rcr"}) {
        const QString out = dir.filePath(solver + QStringLiteral(".csv"));
        const Run run = runSslm(tightSimulation("four_bar_gas_spring.json", solver, out));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const Csv csv = readCsv(out);
        QCOMPARE(csv.rows.size(), std::size_t(201));
        const std::vector<double> energy = columnValues(csv, QStringLiteral("energy.total"));
        const std::vector<double> x = columnValues(csv, QStringLiteral("point.coupler_end.x"));
        const std::vector<double> y = columnValues(csv, QStringLiteral("point.coupler_end.y"));
        const std::vector<double> theta = columnValues(csv, QStringLiteral("q.theta1"));
        QVERIFY(!energy.empty() && x.size() == energy.size() && y.size() == energy.size());
        const double length = std::hypot(x.front() - 0.05, y.front() - 0.25);
        const double springEnergy = 0.5 * 400.0 * (length - 0.1) * (length - 0.1);
        QVERIFY2(std::abs(energy.front() - 6.238161337870 - springEnergy) < 1e-9,
                 qPrintable(QStringLiteral("E0 %1, spring %2")
                                .arg(energy.front(), 0, 'g', 13)
                                .arg(springEnergy, 0, 'g', 13)));
        double drift = 0;
        for (const double e : energy) {
            drift = std::max(drift, std::abs(e - energy.front()));
        }
        const double thetaLeast = *std::ranges::min_element(theta);
        qInfo("%s: spring energy at the start %.6f J, max |E - E0| %.3g J, theta1 >= %.4f",
              qPrintable(solver), springEnergy, drift, thetaLeast);
        QVERIFY2(drift <= 1e-9 * energy.front(), qPrintable(QString::number(drift)));
        QVERIFY2(thetaLeast < -2.85, qPrintable(QString::number(thetaLeast)));
    }
}

// examples/carpet_scraper_loaded.json: the cutting force (a table of time along +x at the
// blade tip) opposes the tip, which runs in −x through the working stroke, and is 0 on the
// return. So its work, read off the energy balance, never rises; it equals −∫F dx_tip from the
// traced tip (trapezoids over the 0.01 s samples) within 0.5 J; a full stroke (t = 1 to
// 1.67 s) costs 100 N over 0.575 m less the ramps, −54.2 J; the return stroke (1.67 to
// 2.33 s) nothing; and the PD drive keeps the crank turning at 4.7124 rad/s within 5 %.
void TestCli::loadedScraperCutsInItsWorkingStroke() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("loaded.csv"));
    const Run run =
        runSslm({"simulate", example("carpet_scraper_loaded.json"), "--quiet", "--out", out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const Csv csv = readCsv(out);
    QCOMPARE(csv.rows.size(), std::size_t(501)); // 5 s, 0.01 s apart
    const sslm::MechanismSpec spec = exampleSpec("carpet_scraper_loaded.json");
    QCOMPARE(spec.loads.size(), std::size_t(1));
    QVERIFY(spec.loads[0].direction.isApprox(Eigen::Vector3d::UnitX()));
    const sslm::Signal force(spec.loads[0].force);

    const std::vector<double> t = columnValues(csv, QStringLiteral("t"));
    const std::vector<double> tipX = columnValues(csv, QStringLiteral("point.blade_tip.x"));
    const std::vector<double> speed = columnValues(csv, QStringLiteral("qd.theta1"));
    const std::vector<double> work = loadWork(csv);
    QVERIFY(tipX.size() == t.size() && speed.size() == t.size() && work.size() == t.size());
    double traced = 0;
    for (std::size_t k = 1; k < t.size(); ++k) {
        traced += 0.5 * (force.value(t[k]) + force.value(t[k - 1])) * (tipX[k] - tipX[k - 1]);
        QVERIFY2(work[k] <= work[k - 1] + 1e-6,
                 qPrintable(QStringLiteral("t = %1: W rises from %2 to %3 J")
                                .arg(t[k])
                                .arg(work[k - 1])
                                .arg(work[k])));
        QVERIFY(std::abs(speed[k] - 4.7124) < 0.05 * 4.7124);
    }
    const double stroke = work[167] - work[100];
    const double returnStroke = work[233] - work[167];
    qInfo("cutting work over 5 s %.4f J (from the traced tip %.4f J), one stroke %.4f J, "
          "return %.3g J",
          work.back(), traced, stroke, returnStroke);
    QVERIFY2(work.back() < -185 && work.back() > -195, qPrintable(QString::number(work.back())));
    QVERIFY2(std::abs(work.back() - traced) < 0.5, qPrintable(QString::number(traced)));
    QVERIFY2(stroke < -53 && stroke > -56, qPrintable(QString::number(stroke)));
    QVERIFY2(std::abs(returnStroke) < 1e-6, qPrintable(QString::number(returnStroke)));
}

// examples/lid_gas_spring.json: released at 1.2 rad, the hood settles where the gas spring's
// moment about the hinge, (p × f·u)_z with f = preload − k(L − L0), balances its weight's,
// (r_com × m·g)_z: the root of that sum, found here by bisection from the file's numbers
// (about 1.0476 rad), to 2e-3 rad after 8 s, nearly at rest. On the way it neither falls
// shut nor swings over (φ in [0.95, 1.21] rad), and E − E0 (the spring's preload term
// included) equals the damper's work within 1e-6 J.
void TestCli::hoodSettlesWhereTheGasSpringHoldsIt() {
    const sslm::MechanismSpec spec = exampleSpec("lid_gas_spring.json");
    QCOMPARE(spec.bodies.size(), std::size_t(1));
    QCOMPARE(spec.twoPointElements.size(), std::size_t(1));
    const sslm::BodySpec& hood = spec.bodies[0];
    const sslm::TwoPointSpec& spring = spec.twoPointElements[0];
    QCOMPARE(spring.first.body, std::string(sslm::kGroundId));
    const Eigen::Vector2d lower = specPoint(spec, spring.first.body, spring.first.point);
    const Eigen::Vector2d upper = specPoint(spec, spring.second.body, spring.second.point);
    QVERIFY(specPoint(spec, "ground", "hinge").isZero() &&
            specPoint(spec, "hood", "hinge").isZero());
    const auto moment = [&](double phi) {
        const Eigen::Rotation2Dd turn(phi);
        const Eigen::Vector2d p = turn * upper;
        const Eigen::Vector2d com = turn * hood.com_B;
        const Eigen::Vector2d line = p - lower;
        const double f = spring.preload - spring.stiffness * (line.norm() - spring.restLength);
        const Eigen::Vector2d push = f * line.normalized();
        const Eigen::Vector2d weight = hood.mass * spec.gravity;
        return p.x() * push.y() - p.y() * push.x() + com.x() * weight.y() - com.y() * weight.x();
    };
    double low = 0.9;
    double high = 1.2;
    QVERIFY(moment(low) > 0 && moment(high) < 0); // a stable pose: it opens below, closes above
    for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (low + high);
        (moment(mid) > 0 ? low : high) = mid;
    }
    const double equilibrium = 0.5 * (low + high);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("hood.csv"));
    const Run run = runSslm({"simulate", example("lid_gas_spring.json"), "--quiet", "--out", out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const Csv csv = readCsv(out);
    QCOMPARE(csv.rows.size(), std::size_t(801)); // 8 s
    const std::vector<double> phi = columnValues(csv, QStringLiteral("q.phi"));
    const std::vector<double> rate = columnValues(csv, QStringLiteral("qd.phi"));
    const std::vector<double> balance = loadWork(csv);
    QVERIFY(phi.size() == csv.rows.size() && rate.size() == phi.size() && !balance.empty());
    double worst = 0;
    for (const double w : balance) {
        worst = std::max(worst, std::abs(w)); // no load or cylinder: E − E0 − W_dampers = 0
    }
    const auto [least, most] = std::ranges::minmax_element(phi);
    qInfo("hood: equilibrium %.6f rad, at 8 s %.6f rad (%.3g rad/s), phi in [%.4f, %.4f], "
          "energy balance %.3g J",
          equilibrium, phi.back(), rate.back(), *least, *most, worst);
    QVERIFY2(std::abs(phi.back() - equilibrium) < 2e-3, qPrintable(QString::number(phi.back())));
    QVERIFY2(std::abs(rate.back()) < 1e-2, qPrintable(QString::number(rate.back())));
    QVERIFY(*least > 0.95 && *most < 1.21);
    QVERIFY2(worst < 1e-6, qPrintable(QString::number(worst)));
}

// examples/excavator_arm.json: each cylinder's length, from the traced ends (the ground end
// from the file), stays within 2 cm of its reference L_ref(t) (the file's spline, evaluated
// by the kernel's Signal) over the 9.5 s pass, while each moves by more than 0.5 m; the
// bucket tip digs below the ground line (y < −0.5 m) and ends lifted (y > 3.5 m); the loop
// stays closed.
void TestCli::excavatorCylindersTrackTheirLengths() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("excavator.csv"));
    const Run run = runSslm({"simulate", example("excavator_arm.json"), "--quiet", "--out", out});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const Csv csv = readCsv(out);
    QCOMPARE(csv.rows.size(), std::size_t(951));
    const sslm::MechanismSpec spec = exampleSpec("excavator_arm.json");
    QCOMPARE(spec.twoPointElements.size(), std::size_t(3));
    const std::vector<double> t = columnValues(csv, QStringLiteral("t"));

    /// The trace of a cylinder end: "" for the ground end.
    struct Ends {
        const char* cylinder;
        const char* first;
        const char* second;
    };
    for (const Ends& ends : {Ends{"boom cylinder", "", "boom_cyl_rod"},
                             Ends{"stick cylinder", "stick_cyl_head", "stick_cyl_rod"},
                             Ends{"bucket cylinder", "bucket_cyl_head", "bucket_cyl_rod"}}) {
        const auto element = std::ranges::find(spec.twoPointElements, std::string(ends.cylinder),
                                               &sslm::TwoPointSpec::name);
        QVERIFY(element != spec.twoPointElements.end());
        QVERIFY(element->kind == sslm::TwoPointSpec::Kind::Cylinder && element->tracksLength);
        const sslm::Signal reference(element->length);
        const auto trace = [&](const char* name, const char* axis) {
            return columnValues(
                csv, QStringLiteral("point.%1.%2").arg(QLatin1String(name), QLatin1String(axis)));
        };
        std::vector<double> x1;
        std::vector<double> y1;
        if (*ends.first == '\0') {
            QCOMPARE(element->first.body, std::string(sslm::kGroundId));
            const Eigen::Vector2d p = specPoint(spec, element->first.body, element->first.point);
            x1.assign(t.size(), p.x());
            y1.assign(t.size(), p.y());
        } else {
            x1 = trace(ends.first, "x");
            y1 = trace(ends.first, "y");
        }
        const std::vector<double> x2 = trace(ends.second, "x");
        const std::vector<double> y2 = trace(ends.second, "y");
        QVERIFY(x1.size() == t.size() && y1.size() == t.size() && x2.size() == t.size() &&
                y2.size() == t.size());
        double worst = 0;
        double shortest = 1e9;
        double longest = 0;
        for (std::size_t k = 0; k < t.size(); ++k) {
            const double length = std::hypot(x2[k] - x1[k], y2[k] - y1[k]);
            worst = std::max(worst, std::abs(length - reference.value(t[k])));
            shortest = std::min(shortest, length);
            longest = std::max(longest, length);
        }
        qInfo("%s: %.3f to %.3f m, max |L - L_ref| %.4f m", ends.cylinder, shortest, longest,
              worst);
        QVERIFY2(worst < 0.02,
                 qPrintable(QStringLiteral("%1: %2 m").arg(ends.cylinder).arg(worst)));
        QVERIFY2(longest - shortest > 0.5, ends.cylinder);
    }
    const std::vector<double> tipY = columnValues(csv, QStringLiteral("point.bucket_tip.y"));
    const std::vector<double> violation = columnValues(csv, QStringLiteral("violation.position"));
    QVERIFY(tipY.size() == t.size() && violation.size() == t.size());
    QVERIFY2(*std::ranges::min_element(tipY) < -0.5, "the bucket does not dig");
    QVERIFY2(tipY.back() > 3.5, qPrintable(QString::number(tipY.back())));
    QVERIFY(*std::ranges::max_element(violation) < 1e-9);
}

// examples/lid_gas_spring.json thrown open (1.3 rad at 1.5 rad/s): the hinge's upper stop at
// 1.4 rad turns it back, pushing with k·δ·(1 ± α) (contact.hinge < 0), its hysteresis taking
// energy (work.stops < 0); the run ends a step on the stop's two events and says so.
void TestCli::hoodBouncesOffItsHingeStop() {
    QFile source(example("lid_gas_spring.json"));
    QVERIFY(source.open(QIODevice::ReadOnly));
    nlohmann::json document = nlohmann::json::parse(source.readAll().toStdString());
    document["initial"]["independent"]["phi"] = 1.3;
    document["initial"]["rates"]["phi"] = 1.5;
    document["solver"]["t_end"] = 1.5;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("thrown_hood.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(document.dump(2)));
    file.close();
    const QString out = dir.filePath(QStringLiteral("hood.csv"));
    const QString summary = dir.filePath(QStringLiteral("hood.json"));
    const Run run = runSslm({"simulate", path, "--out", out, "--summary-json", summary});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.out.contains("end stops engaged or released 2 times"), run.out.constData());
    QFile summaryFile(summary);
    QVERIFY(summaryFile.open(QIODevice::ReadOnly));
    const nlohmann::json stats = nlohmann::json::parse(summaryFile.readAll().toStdString());
    QCOMPARE(stats.at("stop_events").get<long>(), 2L);
    const Csv csv = readCsv(out);
    const std::vector<double> phi = columnValues(csv, QStringLiteral("q.phi"));
    const std::vector<double> contact = columnValues(csv, QStringLiteral("contact.hinge"));
    const std::vector<double> stopWork = columnValues(csv, QStringLiteral("work.stops"));
    const double highest = *std::max_element(phi.begin(), phi.end());
    qInfo("highest %.5f rad, strongest sampled push %.1f N·m, stops' work %.4f J", highest,
          *std::min_element(contact.begin(), contact.end()), stopWork.back());
    QVERIFY(highest > 1.4 && highest < 1.42);
    QVERIFY(*std::min_element(contact.begin(), contact.end()) < -10.0);
    QVERIFY(*std::max_element(contact.begin(), contact.end()) == 0.0);
    QVERIFY(stopWork.back() < -0.1);
    QVERIFY(phi.back() < 1.2);
}

// Bad input in each of issue 36's elements: `sslm simulate` exits with 2, and its message
// names the element and the fix.
void TestCli::badModellingElementsExitTwo_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("fragments");
    // clang-format off
    QTest::newRow("zero-length spring")
        << "/two_point_elements"
        << R"([{"name": "gas spring", "type": "spring", "first": {"body": "ground", "point": "O1"},
               "second": {"body": "link3", "point": "J9"}, "stiffness": 400, "rest_length": 0}])"
        << QStringList{"two_point_elements[0].rest_length", "spring 'gas spring' must be > 0",
                       "give the spring's free length in m, greater than 0"};
    QTest::newRow("cylinder that does nothing")
        << "/two_point_elements"
        << R"([{"name": "lift", "type": "cylinder", "first": {"body": "ground", "point": "O1"},
               "second": {"body": "link3", "point": "J9"}}])"
        << QStringList{"two_point_elements[0]", "cylinder 'lift' has neither 'force' nor 'track_length'"};
    QTest::newRow("load at a point not on the body")
        << "/loads"
        << R"([{"name": "push", "body": "link3", "point": "tip", "direction": [0, -1],
               "force": {"type": "constant", "value": 30}}])"
        << QStringList{"loads[0]", "point 'tip', which body 'link3' does not have", "its points: 'J3', 'J8', 'J9'"};
    QTest::newRow("lower ≥ upper")
        << "/joints/0/limits" << R"({"lower": 1.0, "upper": 0.5})"
        << QStringList{"joints[0].limits", "lower ≥ upper: the lower limit of joint 'J1', 1, is not below its upper limit, 0.5",
                       "make \"lower\" smaller than \"upper\""};
    QTest::newRow("negative friction")
        << "/joints/1/friction" << R"({"coulomb": -0.2})"
        << QStringList{"joints[1].friction.coulomb", "negative friction: the coulomb friction of joint 'J2' is -0.2",
                       "write 0 or a positive number"};
    QTest::newRow("negative pin coefficient")
        << "/joints/2/friction" << R"({"pin_radius": 0.01, "pin_coefficient": -0.1})"
        << QStringList{"joints[2].friction.pin_coefficient", "joint 'J3': friction.pin_coefficient must be ≥ 0, got -0.1",
                       "write 0 or a positive number"};
    QTest::newRow("restitution above 1")
        << "/joints/0/limits" << R"({"upper": 0.5, "restitution": 1.2})"
        << QStringList{"joints[0].limits.restitution", "the restitution of the stops of joint 'J1' is 1.2, outside (0, 1]"};
    // clang-format on
}

void TestCli::badModellingElementsExitTwo() {
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QStringList, fragments);
    QFile source(example("four_bar.json"));
    QVERIFY(source.open(QIODevice::ReadOnly));
    nlohmann::json document = nlohmann::json::parse(source.readAll().toStdString());
    document[nlohmann::json::json_pointer(pointer.toStdString())] =
        nlohmann::json::parse(value.toStdString());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("bad_element.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(document.dump(2)));
    file.close();
    const Run run = runSslm({"simulate", path, "--quiet", "--out", dir.filePath("out.csv")});
    QCOMPARE(run.exitCode, 2);
    const QString err = QString::fromUtf8(run.err);
    for (const QString& fragment : fragments) {
        QVERIFY2(err.contains(fragment), qPrintable(fragment + " not in: " + err));
    }
}

SSLM_TEST_GUILESS_MAIN(TestCli)
} // namespace tst_cli
#include "tst_cli.moc"
