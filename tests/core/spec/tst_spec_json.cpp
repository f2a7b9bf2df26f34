// SPDX-License-Identifier: MIT
// Mechanism files: every example loads, validates and round-trips losslessly; numbers from
// docs/mechanisms spot-checked; saving is atomic; axes a joint's type no longer uses are not
// written (the reader would refuse them).

#include <cmath>
#include <fstream>
#include <limits>
#include <numbers>
#include <sstream>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "core/spec/spec_json.hpp"
#include "core/spec/spec_validate.hpp"

using namespace sslm;

namespace {

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

MechanismSpec loadExample(const char* file) {
    const LoadResult result = loadMechanismFile(std::filesystem::path(SSLM_EXAMPLES_DIR) / file);
    if (!result.ok()) {
        qWarning("%s", formatDiagnostics(result.diagnostics, file).c_str());
        return {};
    }
    return *result.spec;
}

/// A small mechanism that sets every field of the format, including data the writer only emits
/// when it differs from the default (inactive signal fields, the other actuator kind's data).
///
///   ground O ---J1(R)--- crank ---J2(R)--- block ===J3(P, along [0.6, 0.8])=== ground G
MechanismSpec everyFieldSpec() {
    MechanismSpec s;
    s.name = "every field \"quoted\" \\ ünïcode";
    s.description = "line one\nline two\ttabbed";
    s.gravity = {0.1 + 0.2, -9.80665};
    s.ground.name = "frame";
    s.ground.points = {{"O", {0, 0}}, {"G", {1e-300, -0.0}}};
    VisualSpec base;
    base.kind = VisualKind::Box;
    base.size = {0.3, 0.02, 0.01};
    s.ground.visuals = {base};

    BodySpec crank;
    crank.id = "crank";
    crank.name = "#1 crank";
    crank.mass = 1.0 / 3.0;
    crank.com_B = {std::numbers::pi / 7, 5e-324};
    crank.inertiaCom = 1.805e-4;
    crank.points = {{"A", {0, 0}}, {"B", {0.1, 0}}};
    CounterweightSpec named;
    named.name = "cw";
    named.mass = 0.1 + 0.2;
    named.p_B = {-0.05, 1e-300};
    named.inertia = 2.5e-6;
    CounterweightSpec point; // no name, no inertia: a bare point mass
    point.mass = 1e-3;
    point.p_B = {0.02, -0.0};
    crank.counterweights = {named, point};
    VisualSpec mesh; // a mesh in mm, turned and coloured
    mesh.file = "meshes/crank part.stl";
    mesh.scale = {1e-3, 1e-3, 2e-3};
    mesh.position = {0.05, -0.0, 0.01};
    mesh.rpy = {std::numbers::pi / 2, 0, -0.25};
    mesh.color = Eigen::Vector3d(0.75, 0.5, 0.25);
    VisualSpec pin; // a primitive at the body origin
    pin.kind = VisualKind::Cylinder;
    pin.radius = 0.006;
    pin.length = 0.02;
    crank.visuals = {mesh, pin};

    BodySpec plate;
    plate.id = "plate";
    plate.mass = 8;
    plate.shape = BodyShape::Plate;
    plate.blockWidth = 0.25; // not a block: kept anyway
    plate.points = {{"P1", {0, 0}}, {"P2", {0.4, 0}}, {"P3", {0.2, 0.34641016151377546}}};

    BodySpec block;
    block.id = "block";
    block.name = "slider";
    block.mass = std::numeric_limits<double>::max();
    block.shape = BodyShape::Block;
    block.blockWidth = 0.06;
    block.blockHeight = 0.04;
    block.points = {{"S", {0, 0}}};
    s.bodies = {crank, plate, block};

    JointSpec j1;
    j1.name = "J1";
    j1.coordinate = "theta1";
    j1.parent = {"ground", "O"};
    j1.child = {"crank", "A"};
    j1.offset = std::numbers::pi / 3;
    j1.springDamper = SpringDamperSpec{12.5, -0.25, 0.01};
    JointSpec j2;
    j2.name = "J2";
    j2.parent = {"crank", "B"};
    j2.child = {"plate", "P1"};
    j2.axis_P = {0, 1}; // a revolute with an axis: invalid, but must survive the round trip
    JointSpec j3;
    j3.name = "J3";
    j3.type = JointType::Prismatic;
    j3.coordinate = "x3";
    j3.parent = {"ground", "G"};
    j3.child = {"block", "S"};
    j3.axis_P = {0.6, 0.8};
    s.joints = {j1, j2, j3};

    ActuatorSpec force;
    force.joint = "J1";
    force.force.kind = SignalSpec::Kind::Sinusoid;
    force.force.value = 1;
    force.force.amplitude = 2;
    force.force.frequency = 0.5;
    force.force.phase = -1.5;
    force.force.rate = 7; // not used by a sinusoid
    force.kp = 3;         // not used by a force actuator
    ActuatorSpec pd;
    pd.joint = "J3";
    pd.kind = ActuatorSpec::Kind::PdTracking;
    pd.kp = 100;
    pd.kd = 5;
    pd.reference.kind = SignalSpec::Kind::Table;
    pd.reference.table = {{0, 0}, {0.5, 0.1}, {1, -0.1}};
    pd.force.kind = SignalSpec::Kind::Spline; // a feedforward force
    pd.force.table = {{0, 1.5}, {0.25, -2}, {1, 3}};
    ActuatorSpec linear;
    linear.joint = "J2";
    linear.force.kind = SignalSpec::Kind::Linear;
    linear.force.value = -2;
    linear.force.rate = 0.25;
    s.actuators = {force, pd, linear};

    s.tracedPoints = {{"tip", {"plate", "P3"}}, {"pin", {"ground", "G"}}};
    s.cuts = {"J3", "J2"};
    s.initial.independent = {{"theta1", 0.25}, {"x3", -1e-9}};
    s.initial.rates = {{"theta1", 4.7124}};
    s.initial.assemblyGuess = {{"J2", 1.1676401436347343}};
    s.solver = {"rcr", "rkf78", 2.5, 1e-4, 1e-10, 1e-12, 0.005, "baumgarte", 10, 25, {"x3"}};
    return s;
}

} // namespace

class TestSpecJson : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void examples_data() {
        QTest::addColumn<QString>("file");
        const QStringList files = QDir(QStringLiteral(SSLM_EXAMPLES_DIR))
                                      .entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(files.size() >= 5);
        for (const QString& file : files) {
            QTest::newRow(qPrintable(file)) << file;
        }
    }

    void examples() {
        QFETCH(QString, file);
        const auto path = std::filesystem::path(SSLM_EXAMPLES_DIR) / file.toStdString();

        // loads cleanly: no errors, no warnings
        const LoadResult loaded = loadMechanismFile(path);
        QVERIFY2(loaded.ok() && loaded.diagnostics.empty(),
                 formatDiagnostics(loaded.diagnostics, path.string()).c_str());
        const MechanismSpec& spec = *loaded.spec;
        QVERIFY(!spec.name.empty());
        QVERIFY(spec.description.size() > 100);

        // validates
        const Diagnostics problems = validateSpec(spec);
        QVERIFY2(problems.empty(), formatDiagnostics(problems, path.string()).c_str());

        // round-trips losslessly, and the text is stable
        const std::string text = toJson(spec);
        const LoadResult again = parseMechanismJson(text);
        QVERIFY2(again.ok() && again.diagnostics.empty(),
                 formatDiagnostics(again.diagnostics).c_str());
        QVERIFY(*again.spec == spec);
        QCOMPARE(toJson(*again.spec), text);
    }

    void everyFieldRoundTrips() {
        const MechanismSpec spec = everyFieldSpec();
        const std::string text = toJson(spec);
        const LoadResult loaded = parseMechanismJson(text);
        QVERIFY2(loaded.ok(), formatDiagnostics(loaded.diagnostics).c_str());
        QVERIFY(*loaded.spec == spec);
        QCOMPARE(toJson(*loaded.spec), text);
        // the inactive data is written, so it is reported as having no effect
        QVERIFY(text.find("\"kind\": \"force\"") != std::string::npos);
        QVERIFY(!loaded.diagnostics.empty());
        // doubles survive bit for bit
        QCOMPARE(loaded.spec->gravity.x(), 0.1 + 0.2);
        QCOMPARE(loaded.spec->bodies[0].com_B.y(), 5e-324);
        QCOMPARE(loaded.spec->bodies[2].mass, std::numeric_limits<double>::max());
        QCOMPARE(loaded.spec->bodies[0].counterweights[0].mass, 0.1 + 0.2);
        QCOMPARE(loaded.spec->bodies[0].counterweights[0].p_B.y(), 1e-300);
        QVERIFY(!loaded.spec->bodies[0].counterweights[1].inertia);
        QCOMPARE(loaded.spec->bodies[0].visuals[0].file, std::string("meshes/crank part.stl"));
        QCOMPARE(loaded.spec->bodies[0].visuals[0].rpy.x(), std::numbers::pi / 2);
        QCOMPARE(loaded.spec->ground.visuals[0].kind, VisualKind::Box);
    }

    void badVisualsAreNamed_data() {
        QTest::addColumn<QString>("visual");
        QTest::addColumn<QString>("where");
        QTest::newRow("no type") << R"({"file": "a.stl"})"
                                 << "bodies[0].visuals[0].type";
        QTest::newRow("unknown type") << R"({"type": "cone", "radius": 1})"
                                      << "bodies[0].visuals[0].type";
        QTest::newRow("mesh without file") << R"({"type": "mesh"})"
                                           << "bodies[0].visuals[0].file";
        QTest::newRow("zero scale") << R"({"type": "mesh", "file": "a.stl", "scale": [1, 0, 1]})"
                                    << "bodies[0].visuals[0].scale";
        QTest::newRow("negative box") << R"({"type": "box", "size": [1, -1, 1]})"
                                      << "bodies[0].visuals[0].size";
        QTest::newRow("cylinder without length") << R"({"type": "cylinder", "radius": 0.1})"
                                                 << "bodies[0].visuals[0].length";
        QTest::newRow("colour out of range")
            << R"({"type": "sphere", "radius": 0.1, "color": [1.5, 0, 0]})"
            << "bodies[0].visuals[0].color";
        QTest::newRow("two-number position") << R"({"type": "sphere", "radius": 0.1, "at": [0, 0]})"
                                             << "bodies[0].visuals[0].at";
    }

    void badVisualsAreNamed() {
        QFETCH(QString, visual);
        QFETCH(QString, where);
        const std::string text = R"({"format": "sslm-mechanism", "version": 1,
            "bodies": [{"id": "b", "mass": 2, "points": [{"name": "A", "at": [0, 0]}],
                        "visuals": [)" +
                                 visual.toStdString() + R"(]}],
            "joints": [{"name": "J", "type": "revolute",
                        "parent": {"body": "ground", "point": "O"},
                        "child": {"body": "b", "point": "A"}}]})";
        const LoadResult loaded = parseMechanismJson(text);
        QVERIFY(!loaded.ok());
        bool named = false;
        for (const Diagnostic& d : loaded.diagnostics) {
            named = named || (d.isError() && d.where == where.toStdString() && !d.hint.empty());
        }
        QVERIFY2(named, formatDiagnostics(loaded.diagnostics).c_str());
    }

    void defaultsFillMissingKeys() {
        const LoadResult loaded = parseMechanismJson(R"({
            "format": "sslm-mechanism", "version": 1,
            "bodies": [{"id": "b", "mass": 2, "points": [{"name": "A", "at": [0, 0]}]}],
            "joints": [{"name": "J", "type": "revolute",
                        "parent": {"body": "ground", "point": "O"},
                        "child": {"body": "b", "point": "A"}}]})");
        QVERIFY2(loaded.ok() && loaded.diagnostics.empty(),
                 formatDiagnostics(loaded.diagnostics).c_str());
        MechanismSpec expected;
        expected.bodies.resize(1);
        expected.bodies[0].id = "b";
        expected.bodies[0].mass = 2;
        expected.bodies[0].points = {{"A", {0, 0}}};
        expected.joints.resize(1);
        expected.joints[0].name = "J";
        expected.joints[0].parent = {"ground", "O"};
        expected.joints[0].child = {"b", "A"};
        QVERIFY(*loaded.spec == expected);
        QVERIFY(!loaded.spec->bodies[0].inertiaCom.has_value());
    }

    void axesAJointTypeLeftBehindAreNotWritten() {
        // the RSSR with its ball joint's and its universal cut's types changed in the editor:
        // the axes they no longer use stay in memory, but a saved file must load again
        MechanismSpec spec = loadExample("rssr.json");
        for (JointSpec& joint : spec.joints) {
            if (joint.name == "J2") { // spherical, given a revolute's axis before
                joint.axis = Eigen::Vector3d(1, 0, 0);
            }
            if (joint.name == "J3") { // universal → cylindrical keeps its second axis
                joint.type = JointType::Cylindrical;
                joint.coordinates.clear();
            }
        }
        spec.initial.assemblyGuess.clear();
        const LoadResult again = parseMechanismJson(toJson(spec));
        QVERIFY2(again.ok(), formatDiagnostics(again.diagnostics).c_str());
        QCOMPARE(again.spec->joints[2].type, JointType::Cylindrical);
        QCOMPARE(again.spec->joints[2].axis, spec.joints[2].axis);
    }

    void spotChecks() {
        const MechanismSpec scraper = loadExample("carpet_scraper.json");
        const BodySpec* blade = findBody(scraper, "link6");
        QVERIFY(blade != nullptr);
        QCOMPARE(blade->mass, 10.5);
        QCOMPARE(blade->name, std::string("#6 blade arm"));
        QCOMPARE(blade->points.back().name, std::string("tip"));
        QCOMPARE(blade->points.back().p_B.x(), 0.8365);
        QCOMPARE(scraper.cuts, (std::vector<std::string>{"J8", "J9", "J10"}));
        QCOMPARE(scraper.joints.size(), std::size_t{10});
        QCOMPARE(scraper.tracedPoints.at(0).at.point, std::string("tip"));

        const MechanismSpec rrr = loadExample("three_rrr.json");
        const JointSpec* j5 = findJoint(rrr, "J5");
        QVERIFY(j5 != nullptr);
        QCOMPARE(j5->offset, std::numbers::pi / 3);
        QCOMPARE(findJoint(rrr, "J8")->coordinateName(), std::string("theta6"));
        QCOMPARE(findJoint(rrr, "J9")->coordinateName(), std::string("theta7"));
        QCOMPARE(rrr.cuts, (std::vector<std::string>{"J6", "J7"}));
        QCOMPARE(*findBody(rrr, "link3")->inertiaCom, 0.16);

        const MechanismSpec fourBar = loadExample("four_bar.json");
        QCOMPARE(fourBar.initial.rates.at(0).second, 4.7124);
        QCOMPARE(fourBar.tracedPoints.at(0).at.point, std::string("J9"));
    }

    void saveReplacesExistingFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto path = std::filesystem::path(dir.path().toStdString()) / "mechanism.json";
        MechanismSpec first = everyFieldSpec();
        MechanismSpec second = loadExample("four_bar.json");

        QCOMPARE(saveMechanismFile(first, path), std::nullopt);
        QCOMPARE(saveMechanismFile(second, path), std::nullopt);
        const LoadResult loaded = loadMechanismFile(path);
        QVERIFY(loaded.ok());
        QVERIFY(*loaded.spec == second);
        QCOMPARE(readFile(path), toJson(second));
        // no temporary files are left behind
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    void failedSaveLeavesOldFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path folder = dir.path().toStdString();
        const auto original = folder / "original.json";
        QCOMPARE(saveMechanismFile(everyFieldSpec(), original), std::nullopt);
        const std::string before = readFile(original);

        const auto missing = folder / "no-such-folder" / "original.json";
        const std::optional<std::string> error =
            saveMechanismFile(loadExample("four_bar.json"), missing);
        QVERIFY(error.has_value());
        QVERIFY2(error->find("does not exist") != std::string::npos, error->c_str());
        QVERIFY(!std::filesystem::exists(missing));
        QCOMPARE(readFile(original), before);

        // a target that cannot be replaced (a non-empty folder) fails and cleans up
        const auto blocked = folder / "blocked";
        std::filesystem::create_directories(blocked / "inside");
        QVERIFY(saveMechanismFile(everyFieldSpec(), blocked).has_value());
        QVERIFY(std::filesystem::is_directory(blocked / "inside"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }
};

QTEST_APPLESS_MAIN(TestSpecJson)
#include "tst_spec_json.moc"
