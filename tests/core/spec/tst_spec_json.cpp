// SPDX-License-Identifier: MIT
// Mechanism files: every example loads, validates and round-trips losslessly; numbers from
// docs/mechanisms spot-checked; saving is atomic; axes a joint's type no longer uses are not
// written (the reader would refuse them); loads and two-point elements round-trip, and broken
// ones are refused at their JSON path without a crash.

#include <algorithm>
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

#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/test_main.hpp"

namespace tst_spec_json {

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
    j1.friction = JointFrictionSpec{0.3, 0.02, 2e-3, 0.0125, 0.1 + 0.05};
    j1.limits = JointLimitsSpec{-1.0, 0.1 + 0.2, 2e4, 0.6};
    JointSpec j2;
    j2.name = "J2";
    j2.parent = {"crank", "B"};
    j2.child = {"plate", "P1"};
    j2.axis_P = {0, 1}; // a revolute with an axis: invalid, but must survive the round trip
    JointSpec j3 = fixtures::prismatic("J3", "x3", {"ground", "G"}, {"block", "S"}, {0.6, 0.8});
    JointLimitsSpec upperOnly;
    upperOnly.upper = 0.4;
    j3.limits = upperOnly;
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

    LoadSpec cutting; // a table force turning with the plate
    cutting.name = "cutting \"force\"";
    cutting.at = {"plate", "P3"};
    cutting.frame = LoadSpec::Frame::Body;
    cutting.direction = {0.6, -0.8, 0};
    cutting.force.kind = SignalSpec::Kind::Table;
    cutting.force.table = {{0, 0}, {0.5, 120}, {1, 0}};
    LoadSpec brake; // a torque only, with a direction that differs from the default
    brake.name = "brake";
    brake.at = {"crank", "B"};
    brake.direction = {1, 0, 0};
    brake.torque.kind = SignalSpec::Kind::Constant;
    brake.torque.value = -0.5;
    LoadSpec both; // a force and a torque
    both.name = "both";
    both.at = {"block", "S"};
    both.force.kind = SignalSpec::Kind::Linear;
    both.force.value = 2;
    both.force.rate = 0.25;
    both.torque.kind = SignalSpec::Kind::Sinusoid;
    both.torque.amplitude = 0.1;
    both.torque.frequency = 3;
    LoadSpec idle; // neither: invalid, but must survive the round trip
    idle.name = "idle";
    idle.at = {"crank", "A"};
    s.loads = {cutting, brake, both, idle};

    TwoPointSpec gas; // a gas spring that keeps gains from a cylinder it was (inactive data)
    gas.name = "gas spring";
    gas.first = {"ground", "O"};
    gas.second = {"plate", "P2"};
    gas.stiffness = 400;
    gas.restLength = 0.1;
    gas.damping = 0.5;
    gas.preload = 20;
    gas.kp = 3;
    TwoPointSpec boom; // tracking a length about a feedforward force
    boom.name = "boom";
    boom.kind = TwoPointSpec::Kind::Cylinder;
    boom.first = {"ground", "G"};
    boom.second = {"crank", "B"};
    boom.force.kind = SignalSpec::Kind::Constant;
    boom.force.value = 10;
    boom.tracksLength = true;
    boom.kp = 2e5;
    boom.kd = 5e3;
    boom.length.kind = SignalSpec::Kind::Linear;
    boom.length.value = 0.8;
    boom.length.rate = 0.05;
    boom.stiffness = 7; // not used by a cylinder
    TwoPointSpec off;   // tracking switched off: the gains are kept
    off.name = "off";
    off.kind = TwoPointSpec::Kind::Cylinder;
    off.first = {"ground", "O"};
    off.second = {"block", "S"};
    off.kp = 100;
    off.kd = 1;
    s.twoPointElements = {gas, boom, off};

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

    /// Pin friction's two keys are written inside "friction" when it has them and only then,
    /// and read back in both format versions.
    void pinFrictionIsWrittenWhereItIs() {
        const MechanismSpec spec = everyFieldSpec();
        const std::string text = toJson(spec);
        QVERIFY2(text.find(R"("smoothing_velocity": 0.002,
        "pin_radius": 0.0125,
        "pin_coefficient": 0.15000000000000002)") != std::string::npos,
                 text.c_str());
        MechanismSpec plain = spec;
        plain.joints[0].friction->pinRadius = 0;
        plain.joints[0].friction->pinCoefficient = 0;
        QVERIFY(toJson(plain).find("pin_") == std::string::npos);
        // a spatial (version 2) file reads them too
        MechanismSpec rssr = loadExample("rssr.json");
        const auto crank = std::ranges::find(rssr.joints, std::string("J1"), &JointSpec::name);
        QVERIFY(crank != rssr.joints.end());
        crank->friction = JointFrictionSpec{0.0, 0.0, 1e-3, 0.004, 0.2};
        const LoadResult loaded = parseMechanismJson(toJson(rssr));
        QVERIFY2(loaded.ok(), formatDiagnostics(loaded.diagnostics).c_str());
        QVERIFY(*loaded.spec == rssr);
    }

    void loadsAndTwoPointElementsAreWrittenAsDocumented() {
        const std::string text = toJson(everyFieldSpec());
        // the load with neither signal writes its force, so that it reads back; a planar load
        // has no axis
        QVERIFY(text.find(R"("name": "idle",)") != std::string::npos);
        QVERIFY(text.find(R"("direction": [0.0, -1.0],)") != std::string::npos);
        const std::size_t loads = text.find(R"("loads")");
        const std::size_t twoPoint = text.find(R"("two_point_elements")");
        QVERIFY(loads < twoPoint);
        QVERIFY(text.substr(loads, twoPoint - loads).find(R"("axis")") == std::string::npos);
        QVERIFY(text.find(R"("direction": [1.0, 0.0],)") != std::string::npos);
        QVERIFY(text.find(R"("active": false)") != std::string::npos);
        QVERIFY(text.find(R"("rest_length": 0.1)") != std::string::npos);
        // a spec without them has neither section: older files are written as before
        const std::string plain = toJson(loadExample("four_bar.json"));
        QVERIFY(plain.find(R"("loads")") == std::string::npos);
        QVERIFY(plain.find(R"("two_point_elements")") == std::string::npos);
        // the issue's gas-spring four-bar reads back and validates
        MechanismSpec gasSpring = loadExample("four_bar.json");
        gasSpring.ground.points.push_back({"S", {0.05, 0.25}});
        gasSpring.twoPointElements = {
            fixtures::spring("gas spring", {"ground", "S"}, {"link3", "J9"}, 400, 0.1)};
        LoadSpec weight;
        weight.name = "weight";
        weight.at = {"link3", "J9"};
        weight.force.kind = SignalSpec::Kind::Constant;
        weight.force.value = 30;
        gasSpring.loads = {weight};
        const LoadResult loaded = parseMechanismJson(toJson(gasSpring));
        QVERIFY2(loaded.ok() && loaded.diagnostics.empty(),
                 formatDiagnostics(loaded.diagnostics).c_str());
        QVERIFY(*loaded.spec == gasSpring);
        const Diagnostics problems = validateSpec(*loaded.spec);
        QVERIFY2(problems.empty(), formatDiagnostics(problems).c_str());
    }

    void badLoadsAndTwoPointElementsAreNamed_data() {
        QTest::addColumn<QString>("section");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("fragment");
        QTest::addColumn<bool>("isError");
        // clang-format off
        QTest::newRow("loads not an array")
            << R"("loads": {"name": "w"})" << "loads"
            << "expected an array [...] of a load, found an object" << true;
        QTest::newRow("load not an object")
            << R"("loads": ["oops"])" << "loads[0]"
            << "expected a load (a JSON object {...}), found a string 'oops'" << true;
        QTest::newRow("load without a name")
            << R"("loads": [{"body": "b", "point": "A", "direction": [0, -1], "force": {"type": "constant", "value": 1}}])"
            << "loads[0].name" << "missing required key 'name' (name the load" << true;
        QTest::newRow("force as a number")
            << R"("loads": [{"name": "w", "body": "b", "point": "A", "direction": [0, -1], "force": 30}])"
            << "loads[0].force" << "expected a signal {\"type\": ...} (a JSON object {...}), found a number" << true;
        QTest::newRow("direction as a word")
            << R"("loads": [{"name": "w", "body": "b", "point": "A", "direction": "down", "force": {"type": "constant", "value": 1}}])"
            << "loads[0].direction" << "expected a unit vector [dx, dy], found a string 'down'" << true;
        QTest::newRow("force without a direction")
            << R"("loads": [{"name": "w", "body": "b", "point": "A", "force": {"type": "constant", "value": 1}}])"
            << "loads[0].direction" << "load 'w' has a force but no 'direction' (add \"direction\": [0, -1]" << true;
        QTest::newRow("neither force nor torque")
            << R"("loads": [{"name": "w", "body": "b", "point": "A"}])"
            << "loads[0].force" << "load 'w' has neither 'force' nor 'torque'" << true;
        QTest::newRow("3-vector direction in version 1")
            << R"("loads": [{"name": "w", "body": "b", "point": "A", "direction": [0, -1, 0], "force": {"type": "constant", "value": 1}}])"
            << "loads[0].direction" << "write \"version\": 2 for a spatial mechanism" << true;
        QTest::newRow("torque axis in version 1")
            << R"("loads": [{"name": "w", "body": "b", "point": "A", "axis": [0, 0, 1], "torque": {"type": "constant", "value": 1}}])"
            << "loads[0].axis" << "'axis' is the torque axis of a spatial load (a planar torque is about z)" << true;
        QTest::newRow("unknown frame")
            << R"("loads": [{"name": "w", "body": "b", "point": "A", "frame": "world", "torque": {"type": "constant", "value": 1}}])"
            << "loads[0].frame" << "unknown value 'world' (use one of 'ground', 'body')" << true;
        QTest::newRow("misspelt load key")
            << R"("loads": [{"name": "w", "body": "b", "point": "A", "torque": {"type": "constant", "value": 1}, "torqe": 1}])"
            << "loads[0].torqe" << "unknown key 'torqe' (ignored) (did you mean 'torque'?)" << false;
        QTest::newRow("element not an object")
            << R"("two_point_elements": [7])" << "two_point_elements[0]"
            << "expected a two-point element (a JSON object {...}), found a number" << true;
        QTest::newRow("unknown element type")
            << R"("two_point_elements": [{"name": "s", "type": "sprung", "first": {"body": "ground", "point": "O"}, "second": {"body": "b", "point": "A"}}])"
            << "two_point_elements[0].type" << "unknown value 'sprung' (did you mean 'spring'?)" << true;
        QTest::newRow("end as an array")
            << R"("two_point_elements": [{"name": "s", "type": "spring", "first": ["ground", "O"], "second": {"body": "b", "point": "A"}, "stiffness": 1, "rest_length": 0.1}])"
            << "two_point_elements[0].first" << "expected an end {\"body\": ..., \"point\": ...} (a JSON object {...}), found an array" << true;
        QTest::newRow("spring without a rest length")
            << R"("two_point_elements": [{"name": "s", "type": "spring", "first": {"body": "ground", "point": "O"}, "second": {"body": "b", "point": "A"}, "stiffness": 1}])"
            << "two_point_elements[0].rest_length" << "missing required key 'rest_length' (add the spring's free length in m, > 0)" << true;
        QTest::newRow("stiffness in quotes")
            << R"("two_point_elements": [{"name": "s", "type": "spring", "first": {"body": "ground", "point": "O"}, "second": {"body": "b", "point": "A"}, "stiffness": "400", "rest_length": 0.1}])"
            << "two_point_elements[0].stiffness" << "expected a number in N/m, found a string '400' (remove the quotes: 400)" << true;
        QTest::newRow("misspelt element key")
            << R"("two_point_elements": [{"name": "s", "type": "spring", "first": {"body": "ground", "point": "O"}, "second": {"body": "b", "point": "A"}, "stiffness": 1, "rest_length": 0.1, "restlength": 1}])"
            << "two_point_elements[0].restlength" << "unknown key 'restlength' (ignored) (did you mean 'rest_length'?)" << false;
        QTest::newRow("cylinder key on a spring")
            << R"("two_point_elements": [{"name": "s", "type": "spring", "first": {"body": "ground", "point": "O"}, "second": {"body": "b", "point": "A"}, "stiffness": 1, "rest_length": 0.1, "force": {"type": "zero"}}])"
            << "two_point_elements[0].force" << "'force' has no effect on a spring (remove it or set \"type\": \"cylinder\")" << false;
        QTest::newRow("cylinder without force or tracking")
            << R"("two_point_elements": [{"name": "c", "type": "cylinder", "first": {"body": "ground", "point": "O"}, "second": {"body": "b", "point": "A"}}])"
            << "two_point_elements[0].force" << "cylinder 'c' has neither 'force' nor 'track_length'" << true;
        QTest::newRow("tracking not an object")
            << R"("two_point_elements": [{"name": "c", "type": "cylinder", "first": {"body": "ground", "point": "O"}, "second": {"body": "b", "point": "A"}, "track_length": 5}])"
            << "two_point_elements[0].track_length" << "expected PD tracking of a length" << true;
        QTest::newRow("active in quotes")
            << R"("two_point_elements": [{"name": "c", "type": "cylinder", "first": {"body": "ground", "point": "O"}, "second": {"body": "b", "point": "A"}, "track_length": {"active": "false", "kp": 1, "kd": 1, "length": {"type": "zero"}}}])"
            << "two_point_elements[0].track_length.active" << "expected true or false, found a string 'false' (remove the quotes)" << true;
        QTest::newRow("tracking without a length")
            << R"("two_point_elements": [{"name": "c", "type": "cylinder", "first": {"body": "ground", "point": "O"}, "second": {"body": "b", "point": "A"}, "track_length": {"kp": 1, "kd": 1}}])"
            << "two_point_elements[0].track_length.length" << "missing required key 'length'" << true;
        // clang-format on
    }

    void badLoadsAndTwoPointElementsAreNamed() {
        QFETCH(QString, section);
        QFETCH(QString, where);
        QFETCH(QString, fragment);
        QFETCH(bool, isError);
        const std::string text = R"({"format": "sslm-mechanism", "version": 1,
            "ground": {"points": [{"name": "O", "at": [0, 0]}]},
            "bodies": [{"id": "b", "mass": 2, "points": [{"name": "A", "at": [0, 0]}]}],
            "joints": [{"name": "J", "type": "revolute",
                        "parent": {"body": "ground", "point": "O"},
                        "child": {"body": "b", "point": "A"}}],
            )" + section.toStdString() +
                                 "}";
        const LoadResult loaded = parseMechanismJson(text);
        QCOMPARE(loaded.ok(), !isError);
        const bool named = std::any_of(
            loaded.diagnostics.begin(), loaded.diagnostics.end(), [&](const Diagnostic& d) {
                const std::string message = d.message + " (" + d.hint + ")";
                return d.isError() == isError && d.where == where.toStdString() &&
                       message.find(fragment.toStdString()) != std::string::npos;
            });
        QVERIFY2(named, formatDiagnostics(loaded.diagnostics).c_str());
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

SSLM_TEST_APPLESS_MAIN(TestSpecJson)
} // namespace tst_spec_json
#include "tst_spec_json.moc"
