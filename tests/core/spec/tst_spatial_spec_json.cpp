// SPDX-License-Identifier: MIT
// Spatial mechanism files (format version 2): the spatial templates round-trip losslessly, the
// inertia tensor's two forms read the same, and spatial data in the wrong version, vectors of
// the wrong length and unknown joint words are refused at their JSON path with the fix; loads and
// two-point elements round-trip in 3-D, and a load's vectors need their three numbers.

#include <string>

#include <QtTest>

#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_json.hpp"
#include "core/spec/spec_validate.hpp"

#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/test_main.hpp"

namespace tst_spatial_spec_json {

using namespace sslm;

namespace {

/// A spatial file: one crank on a universal joint, with `body` and `joint` as the JSON of its
/// body and joint, `version` as the format version and `more` (", \"loads\": [...]") after the
/// joints.
std::string crankFile(const std::string& body,
                      const std::string& joint,
                      int version = 2,
                      const std::string& more = {}) {
    return R"({"format": "sslm-mechanism", "version": )" + std::to_string(version) + R"(,
        "ground": {"points": [{"name": "O", "at": [0, 0, 0]}]},
        "bodies": [)" +
           body + R"(],
        "joints": [)" +
           joint + "]" + more + "}";
}

const std::string kBody =
    R"({"id": "crank", "mass": 1, "points": [{"name": "A", "at": [0, 0, 0]}]})";
const std::string kJoint = R"({"name": "J1", "type": "universal",
    "parent": {"body": "ground", "point": "O"}, "child": {"body": "crank", "point": "A"}})";

/// True when `diagnostics` holds an error at `where` whose message and hint hold `fragment`.
bool reportsError(const Diagnostics& diagnostics,
                  const std::string& where,
                  const std::string& fragment) {
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
        const std::string text = d.message + " (" + d.hint + ")";
        return d.isError() && d.where == where && text.find(fragment) != std::string::npos;
    });
}

} // namespace

class TestSpatialSpecJson : public QObject {
    Q_OBJECT

private:
    /// `text`, the JSON `spec` was written as, reads back without a diagnostic as the same spec
    /// and the same text, and the spec it gives is valid.
    static void readsBackAsWritten(const MechanismSpec& spec, const std::string& text) {
        const LoadResult loaded = parseMechanismJson(text);
        QVERIFY2(loaded.ok() && loaded.diagnostics.empty(),
                 formatDiagnostics(loaded.diagnostics).c_str());
        QVERIFY(*loaded.spec == spec);
        QCOMPARE(toJson(*loaded.spec), text);
        const Diagnostics problems = validateSpec(*loaded.spec);
        QVERIFY2(problems.empty(), formatDiagnostics(problems).c_str());
    }

private Q_SLOTS:
    void templatesRoundTrip_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("RSSR, J3 cut") << 0;
        QTest::newRow("RSSR, J2 cut") << 1;
        QTest::newRow("spatial ladder, 3 cells") << 2;
        QTest::newRow("Stewart platform") << 3;
    }

    void templatesRoundTrip() {
        QFETCH(int, which);
        const MechanismSpec spec = which == 3   ? stewartPlatformSpec()
                                   : which == 2 ? spatialLadderSpec(3)
                                                : rssrSpec(which == 0 ? "J3" : "J2");
        const std::string text = toJson(spec);
        QVERIFY(text.find("\"version\": 2,") != std::string::npos);
        readsBackAsWritten(spec, text);
    }

    void loadsAndTwoPointElementsRoundTrip() {
        MechanismSpec spec = rssrSpec("J3");
        LoadSpec push; // a force and a torque turning with the coupler
        push.name = "push";
        push.at = {"coupler", "C"};
        push.frame = LoadSpec::Frame::Body;
        push.direction = {0, 0.6, -0.8};
        push.force.kind = SignalSpec::Kind::Constant;
        push.force.value = 3;
        push.axis = {1, 0, 0};
        push.torque.kind = SignalSpec::Kind::Sinusoid;
        push.torque.amplitude = 0.2;
        push.torque.frequency = 1;
        LoadSpec twist; // a torque only, fixed in the ground
        twist.name = "twist";
        twist.at = {"rocker", "D"};
        twist.axis = {0, 0, 1};
        twist.torque.kind = SignalSpec::Kind::Linear;
        twist.torque.rate = -0.1;
        spec.loads = {push, twist};
        TwoPointSpec spring =
            fixtures::spring("return spring", {"ground", "D"}, {"crank", "B"}, 100, 0.15);
        spring.damping = 2;
        TwoPointSpec cylinder;
        cylinder.name = "cylinder";
        cylinder.kind = TwoPointSpec::Kind::Cylinder;
        cylinder.first = {"ground", "A"};
        cylinder.second = {"rocker", "C"};
        cylinder.tracksLength = true;
        cylinder.kp = 1e4;
        cylinder.kd = 50;
        cylinder.length.kind = SignalSpec::Kind::Spline;
        cylinder.length.table = {{0, 0.2}, {1, 0.25}, {2, 0.2}};
        spec.twoPointElements = {spring, cylinder};

        const std::string text = toJson(spec);
        QVERIFY(text.find(R"("direction": [0.0, 0.6, -0.8])") != std::string::npos);
        QVERIFY(text.find(R"("axis": [1.0, 0.0, 0.0])") != std::string::npos);
        QVERIFY(text.find(R"("frame": "body")") != std::string::npos);
        readsBackAsWritten(spec, text);
    }

    void writesTheSpatialKeys() {
        const std::string text = toJson(rssrSpec("J3"));
        QVERIFY(text.find("\"gravity\": [0.0, 0.0, -9.81]") != std::string::npos);
        QVERIFY(text.find("{\"name\": \"D\", \"at\": [0.1, 0.12, 0.06]}") != std::string::npos);
        QVERIFY(text.find("\"type\": \"spherical\"") != std::string::npos);
        QVERIFY(text.find("\"coordinates\": [\"J2.wx\", \"J2.wy\", \"J2.wz\"]") !=
                std::string::npos);
        QVERIFY(text.find("\"axis2\": [1.0, 0.0, 0.0]") != std::string::npos);
        // planar keys are not written, and only the universal joint has a second axis
        QVERIFY(text.find("\"offset\"") == std::string::npos);
        QCOMPARE(QString::fromStdString(text).count(QStringLiteral("\"axis2\"")), 1);
        // a body without a tensor is "uniform"
        MechanismSpec uniform = rssrSpec("J3");
        uniform.bodies[0].inertiaTensor.reset();
        const LoadResult loaded = parseMechanismJson(toJson(uniform));
        QVERIFY(loaded.ok());
        QVERIFY(!loaded.spec->bodies[0].inertiaTensor.has_value());
        QVERIFY(*loaded.spec == uniform);
    }

    void readsBothTensorForms() {
        const std::string rows =
            R"({"id": "crank", "mass": 1, "inertia": [[3, 0.1, 0.2], [0.1, 4, 0.3], [0.2, 0.3, 5]],
                "points": [{"name": "A", "at": [0, 0, 0]}]})";
        const std::string six =
            R"({"id": "crank", "mass": 1, "inertia": [3, 4, 5, 0.1, 0.2, 0.3],
                "points": [{"name": "A", "at": [0, 0, 0]}]})";
        const LoadResult a = parseMechanismJson(crankFile(rows, kJoint));
        const LoadResult b = parseMechanismJson(crankFile(six, kJoint));
        QVERIFY2(a.ok() && a.diagnostics.empty(), formatDiagnostics(a.diagnostics).c_str());
        QVERIFY2(b.ok() && b.diagnostics.empty(), formatDiagnostics(b.diagnostics).c_str());
        QVERIFY(a.spec->space == MotionSpace::Spatial);
        Eigen::Matrix3d expected;
        expected << 3, 0.1, 0.2, 0.1, 4, 0.3, 0.2, 0.3, 5;
        QCOMPARE(*a.spec->bodies[0].inertiaTensor, expected);
        QVERIFY(*a.spec == *b.spec);
        // the defaults of a spatial joint
        QCOMPARE(a.spec->joints[0].axis, Eigen::Vector3d(Eigen::Vector3d::UnitZ()));
        QCOMPARE(a.spec->joints[0].axis2, Eigen::Vector3d(Eigen::Vector3d::UnitY()));
    }

    void refusesBadSpatialFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("fragment");

        const auto body = [](const std::string& inertia) {
            return R"({"id": "crank", "mass": 1, "inertia": )" + inertia +
                   R"(, "points": [{"name": "A", "at": [0, 0, 0]}]})";
        };
        // clang-format off
        QTest::newRow("2-vector in version 2")
            << QString::fromStdString(crankFile(
                   R"({"id": "crank", "mass": 1, "points": [{"name": "A", "at": [0, 0]}]})", kJoint))
            << "bodies[0].points[0].at"
            << "expected [x, y, z] in m, found an array of 2 values (write three numbers";
        QTest::newRow("axis of 4 numbers")
            << QString::fromStdString(crankFile(kBody,
                   R"({"name": "J1", "type": "revolute", "axis": [0, 0, 1, 0],
                       "parent": {"body": "ground", "point": "O"},
                       "child": {"body": "crank", "point": "A"}})"))
            << "joints[0].axis" << "found an array of 4 values (write three numbers";
        QTest::newRow("non-symmetric tensor")
            << QString::fromStdString(crankFile(body("[[3, 0.1, 0], [0.2, 4, 0], [0, 0, 5]]"), kJoint))
            << "bodies[0].inertia[1][0]"
            << "the inertia tensor is not symmetric: row 1 has 0.2 where row 0 column 1 has 0.1";
        QTest::newRow("tensor of 5 numbers")
            << QString::fromStdString(crankFile(body("[1, 2, 3, 4, 5]"), kJoint))
            << "bodies[0].inertia"
            << "expected an inertia tensor in kg·m² (3 rows of 3 numbers, or 6 numbers), found an array of 5 values";
        QTest::newRow("short tensor row")
            << QString::fromStdString(crankFile(body("[[3, 0, 0], [0, 4], [0, 0, 5]]"), kJoint))
            << "bodies[0].inertia[1]" << "expected a row of 3 numbers in kg·m², found an array of 2 values";
        QTest::newRow("scalar inertia in version 2")
            << QString::fromStdString(crankFile(body("0.5"), kJoint))
            << "bodies[0].inertia" << "a spatial body's inertia is a tensor";
        QTest::newRow("unknown joint type")
            << QString::fromStdString(crankFile(kBody,
                   R"({"name": "J1", "type": "sperical",
                       "parent": {"body": "ground", "point": "O"},
                       "child": {"body": "crank", "point": "A"}})"))
            << "joints[0].type" << "unknown value 'sperical' (did you mean 'spherical'?)";
        QTest::newRow("offset in version 2")
            << QString::fromStdString(crankFile(kBody,
                   R"({"name": "J1", "type": "revolute", "offset": 0.5,
                       "parent": {"body": "ground", "point": "O"},
                       "child": {"body": "crank", "point": "A"}})"))
            << "joints[0].offset" << "'offset' is for planar (version 1) joints only";
        QTest::newRow("axis2 in version 1")
            << QString::fromStdString(crankFile(
                   R"({"id": "crank", "mass": 1, "points": [{"name": "A", "at": [0, 0]}]})",
                   R"({"name": "J1", "type": "revolute", "axis2": [0, 1, 0],
                       "parent": {"body": "ground", "point": "O"},
                       "child": {"body": "crank", "point": "A"}})", 1))
            << "joints[0].axis2"
            << "'axis2' is the second axis of a spatial universal joint, which a planar (version 1) file does not have (write \"version\": 2 for a spatial mechanism";
        QTest::newRow("coordinates in version 1")
            << QString::fromStdString(crankFile(
                   R"({"id": "crank", "mass": 1, "points": [{"name": "A", "at": [0, 0]}]})",
                   R"({"name": "J1", "type": "revolute", "coordinates": ["a"],
                       "parent": {"body": "ground", "point": "O"},
                       "child": {"body": "crank", "point": "A"}})", 1))
            << "joints[0].coordinates" << "write \"version\": 2 for a spatial mechanism";
        QTest::newRow("3-vector in version 1")
            << QString::fromStdString(crankFile(kBody,
                   R"({"name": "J1", "type": "revolute",
                       "parent": {"body": "ground", "point": "O"},
                       "child": {"body": "crank", "point": "A"}})", 1))
            << "ground.points[0].at"
            << "expected [x, y] in m, found an array of 3 values (a planar (version 1) file has two numbers here; write \"version\": 2 for a spatial mechanism)";
        QTest::newRow("spherical joint in version 1")
            << QString::fromStdString(crankFile(
                   R"({"id": "crank", "mass": 1, "points": [{"name": "A", "at": [0, 0]}]})",
                   R"({"name": "J1", "type": "spherical",
                       "parent": {"body": "ground", "point": "O"},
                       "child": {"body": "crank", "point": "A"}})", 1))
            << "joints[0].type"
            << "a spherical joint needs a spatial mechanism (a planar (version 1) file has revolute and prismatic joints only; write \"version\": 2";
        QTest::newRow("tensor in version 1")
            << QString::fromStdString(crankFile(
                   R"({"id": "crank", "mass": 1, "inertia": [1, 1, 1, 0, 0, 0],
                       "points": [{"name": "A", "at": [0, 0]}]})",
                   R"({"name": "J1", "type": "revolute",
                       "parent": {"body": "ground", "point": "O"},
                       "child": {"body": "crank", "point": "A"}})", 1))
            << "bodies[0].inertia" << "write \"version\": 2 for a spatial mechanism with an inertia tensor";
        QTest::newRow("2-vector load direction in version 2")
            << QString::fromStdString(crankFile(kBody, kJoint, 2,
                   R"(, "loads": [{"name": "w", "body": "crank", "point": "A", "direction": [0, -1],
                                  "force": {"type": "constant", "value": 1}}])"))
            << "loads[0].direction"
            << "expected a unit vector [dx, dy, dz], found an array of 2 values (write three numbers";
        QTest::newRow("spatial torque without an axis")
            << QString::fromStdString(crankFile(kBody, kJoint, 2,
                   R"(, "loads": [{"name": "w", "body": "crank", "point": "A",
                                  "torque": {"type": "constant", "value": 1}}])"))
            << "loads[0].axis" << "load 'w' has a torque but no 'axis' (add \"axis\": [0, 0, 1]";
        QTest::newRow("version 3")
            << QString::fromStdString(crankFile(kBody, kJoint, 3))
            << "version" << "file format version 3 is newer than this program supports (version 2)";
        // clang-format on
    }

    void refusesBadSpatialFiles() {
        QFETCH(QString, file);
        QFETCH(QString, where);
        QFETCH(QString, fragment);
        const LoadResult loaded = parseMechanismJson(file.toStdString());
        QVERIFY(!loaded.ok());
        QVERIFY2(reportsError(loaded.diagnostics, where.toStdString(), fragment.toStdString()),
                 formatDiagnostics(loaded.diagnostics).c_str());
    }

    void refusesAnAxisTheJointDoesNotHave_data() {
        QTest::addColumn<QString>("joint");
        QTest::addColumn<QString>("where");
        QTest::newRow("spherical with an axis")
            << R"({"name": "J1", "type": "spherical", "axis": [0, 0, 1],
                   "parent": {"body": "ground", "point": "O"},
                   "child": {"body": "crank", "point": "A"}})"
            << "joints[0].axis";
        QTest::newRow("revolute with a second axis")
            << R"({"name": "J1", "type": "revolute", "axis2": [1, 0, 0],
                   "parent": {"body": "ground", "point": "O"},
                   "child": {"body": "crank", "point": "A"}})"
            << "joints[0].axis2";
    }

    void refusesAnAxisTheJointDoesNotHave() {
        QFETCH(QString, joint);
        QFETCH(QString, where);
        const LoadResult loaded = parseMechanismJson(crankFile(kBody, joint.toStdString()));
        QVERIFY(!loaded.ok());
        QVERIFY2(reportsError(loaded.diagnostics, where.toStdString(), "J1"),
                 formatDiagnostics(loaded.diagnostics).c_str());
    }

    void warnsAboutASingleCoordinateNameOnATwoCoordinateJoint() {
        const LoadResult loaded = parseMechanismJson(
            crankFile(kBody, R"({"name": "J1", "type": "universal", "coordinate": "q",
                       "axis": [1, 0, 0], "axis2": [0, 1, 0],
                       "parent": {"body": "ground", "point": "O"},
                       "child": {"body": "crank", "point": "A"}})"));
        QVERIFY2(loaded.ok(), formatDiagnostics(loaded.diagnostics).c_str());
        QCOMPARE(loaded.diagnostics.size(), std::size_t{1});
        QCOMPARE(loaded.diagnostics[0].where, std::string("joints[0].coordinate"));
    }

    void planarSpecsStayVersion1() {
        MechanismSpec planar;
        planar.bodies.resize(1);
        planar.bodies[0].id = "b";
        planar.bodies[0].mass = 1;
        const std::string text = toJson(planar);
        QVERIFY(text.find("\"version\": 1,") != std::string::npos);
        QVERIFY(text.find("\"gravity\": [0.0, -9.81],") != std::string::npos);
        const LoadResult loaded = parseMechanismJson(text);
        QVERIFY(loaded.ok());
        QVERIFY(loaded.spec->space == MotionSpace::Planar);
        QVERIFY(*loaded.spec == planar);
    }
};

SSLM_TEST_APPLESS_MAIN(TestSpatialSpecJson)
} // namespace tst_spatial_spec_json
#include "tst_spatial_spec_json.moc"
