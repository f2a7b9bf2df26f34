// SPDX-License-Identifier: MIT
// Extended URDF (core/interop/extended_urdf.hpp and its use in urdf_import): the four-bar of
// tests/data/interop/extended/four_bar_split.urdf, its coupler split in two halves that the
// YAML beside it holds together (6d), imports as a planar four-bar of three bodies (the halves
// one coupler of their summed mass and COM), the rocker's joint to its half becoming the cut,
// the motor the input; it assembles and runs. A 3d closure is a spherical cut at the frames;
// CARDAN and SPHERICAL joint types change tree joints; malformed YAML is named by file, line
// and key, and a malformed YAML beside a URDF stops its import; a YAML of other settings is
// ignored. Welds cut a joint of their loop (FIXED joints first), a weld between a link and the
// one it hangs on locks their joint; PyYAML's nested block lists and wrapped flow lists read.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <QTemporaryDir>
#include <QtTest>

#include "core/interop/extended_urdf.hpp"
#include "core/interop/mechanism_import.hpp"
#include "core/interop/urdf_import.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"

#include "tests/test_main.hpp"

namespace tst_extended_urdf {

using namespace sslm;

namespace {

const std::string kDir = SSLM_TEST_DATA_DIR "/interop/extended/";

std::string fileText(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

ExtendedUrdf mustParse(const std::string& yaml) {
    Diagnostics diagnostics;
    const std::optional<ExtendedUrdf> parsed =
        parseExtendedUrdfYaml(yaml, "test.yaml", diagnostics);
    if (!parsed) {
        qFatal("%s", formatDiagnostics(diagnostics).c_str());
    }
    return *parsed;
}

const JointSpec& joint(const MechanismSpec& spec, const std::string& name) {
    const auto it = std::find_if(spec.joints.begin(), spec.joints.end(),
                                 [&](const JointSpec& j) { return j.name == name; });
    if (it == spec.joints.end()) {
        qFatal("no joint %s", name.c_str());
    }
    return *it;
}

} // namespace

class TestExtendedUrdf : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void weldedHalvesMakeOneCouplerAndAFourBar() {
        const ImportResult result = importMechanism(kDir + "four_bar_split.urdf");
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        const MechanismSpec& spec = *result.spec;
        QVERIFY(spec.space == MotionSpace::Planar); // all hinges about −y: recognised
        QCOMPARE(spec.bodies.size(), std::size_t(3));
        QCOMPARE(spec.cuts, std::vector<std::string>{"B_joint"});
        QCOMPARE(spec.initial.independent.size(), std::size_t(1));
        QCOMPARE(spec.initial.independent.front().first, std::string("crank_joint"));
        const auto coupler = std::find_if(spec.bodies.begin(), spec.bodies.end(),
                                          [](const BodySpec& b) { return b.id == "coupler_a"; });
        QVERIFY(coupler != spec.bodies.end());
        QVERIFY(std::abs(coupler->mass - 0.8) < 1e-15);
        QVERIFY(std::any_of(result.report.mapped.begin(), result.report.mapped.end(),
                            [](const ImportItem& i) { return i.element == "Extended URDF"; }));

        const CompileResult compiled = compileModel(spec);
        QVERIFY2(compiled.ok(), formatDiagnostics(compiled.diagnostics).c_str());
        const Model& model = *compiled.model;
        QCOMPARE(model.nLoops(), 1);
        const InitialState start = assembleInitialState(model);
        QVERIFY2(start.report.converged, start.report.message.c_str());
        // the halves' COMs were both at the coupler's middle: so is the merged one
        const Body& merged = model.bodies[static_cast<std::size_t>(model.bodyIndex("coupler_a"))];
        QVERIFY(std::abs(merged.mass - 0.8) < 1e-15);
        std::string why;
        std::optional<SimulationSettings> settings = settingsFromSpec(spec.solver, &why);
        QVERIFY2(settings.has_value(), why.c_str());
        settings->tEnd = 0.5;
        double worstPhi = 0;
        SimulationCallbacks callbacks;
        callbacks.onSample = [&](const Sample& s) {
            worstPhi = std::max(worstPhi, s.positionViolation);
        };
        const SimulationSummary summary = simulate(model, *settings, start.q, start.qd, callbacks);
        QVERIFY2(summary.ok, summary.message.c_str());
        qInfo("four_bar_split: 0.5 s under gravity, largest |Φ| %.3g m", worstPhi);
        QVERIFY(worstPhi < 1e-8);
    }

    void pointClosureIsASphericalCutAndJointTypesChange() {
        const ExtendedUrdf extended = mustParse(R"(
closed_loop:
  - ['fermeture1_A', 'fermeture1_B']
type:
  - 3d
joint_name: [A_joint, B_joint]   # the coupler's ends
joint_type: [CARDAN, SPHERICAL]
)");
        const ImportResult result = importUrdfText(fileText(kDir + "four_bar_split.urdf"),
                                                   "four_bar_split.urdf", &extended);
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        const MechanismSpec& spec = *result.spec;
        QCOMPARE(spec.cuts, std::vector<std::string>{"fermeture1_ACfermeture1_B"});
        QCOMPARE(joint(spec, "fermeture1_ACfermeture1_B").type, JointType::Spherical);
        QCOMPARE(spec.bodies.size(), std::size_t(4)); // the halves stay two bodies
        const JointSpec& cardan = joint(spec, "A_joint");
        QCOMPARE(cardan.type, JointType::Universal);
        QCOMPARE(cardan.axis, Eigen::Vector3d::UnitX());
        QCOMPARE(cardan.axis2, Eigen::Vector3d::UnitY());
        QCOMPARE(joint(spec, "B_joint").type, JointType::Spherical);
    }

    void weldsPickAJointOfTheLoopAndLockDirectNeighbours() {
        const std::string urdf = fileText(kDir + "four_bar_split.urdf");
        // B_joint fixed: the rocker carries its half, and the weld makes coupler and rocker one
        // body (a locked triangle, which sslm check says); the rocker's joint is the cut, as it
        // lies in the loop
        const ExtendedUrdf fixed = mustParse("closed_loop: [['fermeture1_A', 'fermeture1_B']]\n"
                                             "joint_name: ['B_joint']\njoint_type: ['FIXED']\n");
        const ImportResult four = importUrdfText(urdf, "four_bar_split.urdf", &fixed);
        QVERIFY2(four.ok(), formatDiagnostics(four.diagnostics).c_str());
        QCOMPARE(four.spec->bodies.size(), std::size_t(2));
        QCOMPARE(four.spec->cuts, std::vector<std::string>{"rocker_joint"});
        QVERIFY(std::none_of(four.spec->joints.begin(), four.spec->joints.end(),
                             [](const JointSpec& j) { return j.name == "B_joint"; }));
        // a half welded to the crank it hangs on: the joint between them is locked, not a cut
        // from a body to itself; listed in either order
        for (const char* yaml : {"closed_loop:\n- - fermeture1_A\n  - crank\n",
                                 "closed_loop: [['crank',\n  'fermeture1_A']]\n"}) {
            const ExtendedUrdf locked = mustParse(yaml);
            const ImportResult tree = importUrdfText(urdf, "four_bar_split.urdf", &locked);
            QVERIFY2(tree.ok(), formatDiagnostics(tree.diagnostics).c_str());
            QVERIFY(tree.spec->cuts.empty());
            QCOMPARE(tree.spec->bodies.size(), std::size_t(3));
            QVERIFY(std::none_of(tree.spec->joints.begin(), tree.spec->joints.end(),
                                 [](const JointSpec& j) { return j.name == "A_joint"; }));
        }
    }

    void otherYamlBesideTheUrdfIsIgnored() {
        QTemporaryDir dir;
        const std::filesystem::path folder = dir.path().toStdString();
        std::filesystem::copy_file(kDir + "four_bar_split.urdf", folder / "robot.urdf");
        std::ofstream(folder / "robot.yaml") << "controller:\n  gains: {p: 10, d: 1}\n";
        QVERIFY(!extendedUrdfYamlOf(folder / "robot.urdf").has_value());
        const ImportResult result = importMechanism(folder / "robot.urdf");
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        QVERIFY(result.spec->cuts.empty()); // the tree as it is
    }

    void malformedYamlIsNamed() {
        const auto message = [](const std::string& yaml) {
            Diagnostics diagnostics;
            const bool parsed = parseExtendedUrdfYaml(yaml, "robot.yaml", diagnostics).has_value();
            return parsed ? std::string() : formatDiagnostics(diagnostics);
        };
        QVERIFY(message("closed_loop: [['a', 'b']\n").find("robot.yaml:1: closed_loop") !=
                std::string::npos);
        QVERIFY(message("closed_loop: [['a', 'b']]\ntype: ['7d']\n").find("'7d'") !=
                std::string::npos);
        QVERIFY(message("closed_loop: [['a', 'b', 'c']]\n").find("pair") != std::string::npos);
        QVERIFY(
            message("closed_loop: [['a', 'b']]\ntype: ['3d', '6d']\n").find("robot.yaml:2: type") !=
            std::string::npos);
        QVERIFY(message("joint_name: [j]\njoint_type: [HINGE]\n").find("HINGE") !=
                std::string::npos);

        // beside a URDF, a malformed YAML stops the import and is named
        QTemporaryDir dir;
        const std::filesystem::path folder = dir.path().toStdString();
        std::filesystem::copy_file(kDir + "four_bar_split.urdf", folder / "robot.urdf");
        std::ofstream(folder / "robot.yaml") << "closed_loop: [['fermeture1_A', 'nowhere']]\n";
        const ImportResult result = importMechanism(folder / "robot.urdf");
        QVERIFY(!result.ok());
        const std::string text = formatDiagnostics(result.diagnostics);
        QVERIFY2(text.find("robot.yaml") != std::string::npos &&
                     text.find("'nowhere' is neither a link nor a joint") != std::string::npos,
                 text.c_str());
    }
};

SSLM_TEST_APPLESS_MAIN(TestExtendedUrdf)
} // namespace tst_extended_urdf

#include "tst_extended_urdf.moc"
