// SPDX-License-Identifier: MIT
// The editor's live check of a spec: every kind of finding from a small broken spec, with the
// ids to highlight; the examples and templates check clean with the right DOF; a parallel-link
// redundancy is named by its loop, a flat pose is a change point and not a redundancy; the time
// per check of the carpet scraper is printed.

#include <chrono>
#include <cmath>
#include <numbers>

#include <QtTest>

#include "core/analysis/mechanism_check.hpp"
#include "core/spec/mechanism_templates.hpp"
#include "core/spec/spatial_templates.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

namespace tst_mechanism_check {

using namespace sslm;

namespace {

BodySpec bar(const std::string& id, double length, std::vector<BodyPoint> extra = {}) {
    BodySpec body;
    body.id = id;
    body.name = id;
    body.mass = 1.0;
    body.com_B = {0.5 * length, 0.0};
    body.points = {{"A", {0.0, 0.0}}, {"B", {length, 0.0}}};
    body.points.insert(body.points.end(), extra.begin(), extra.end());
    return body;
}

JointSpec
pin(const std::string& name, const std::string& coordinate, JointEnd parent, JointEnd child) {
    JointSpec joint;
    joint.name = name;
    joint.coordinate = coordinate;
    joint.parent = std::move(parent);
    joint.child = std::move(child);
    return joint;
}

/*  A crank-rocker four-bar with the bodies L1…L3 (each bar from A to B):

               J2 ──── L2 (0.3) ──── J3
              /                        \
        L1 (0.1)                     L3 (0.25)
            /                            \
      O1 (0, 0) J1                  J4 O4 (0.3, 0)                                        */
MechanismSpec fourBar() {
    MechanismSpec spec;
    spec.name = "L four-bar";
    spec.ground.points = {{"O1", {0.0, 0.0}}, {"O4", {0.3, 0.0}}};
    spec.bodies = {bar("L1", 0.1), bar("L2", 0.3), bar("L3", 0.25)};
    spec.joints = {
        pin("J1", "theta1", {kGroundId, "O1"}, {"L1", "A"}),
        pin("J2", "theta2", {"L1", "B"}, {"L2", "A"}),
        pin("J3", "theta3", {"L2", "B"}, {"L3", "B"}),
        pin("J4", "theta4", {kGroundId, "O4"}, {"L3", "A"}),
    };
    spec.cuts = {"J3"};
    spec.initial.independent = {{"theta1", std::numbers::pi / 3}};
    spec.initial.assemblyGuess = {{"theta2", -1.0}, {"theta4", 2.0}};
    return spec;
}

/*  Three equal parallel cranks L1, L2, L3 (0.1 m) under one coupler L4 (A, B, C 0.2 m apart):
    two parallelogram loops that move in step, so loop 2 repeats loop 1's equations.

      A ────────── B ────────── C          L4
      |            |            |
      L1           L2           L3
      |            |            |
      O1 (0, 0)    O2 (0.2, 0)  O3 (0.4, 0)                                                 */
MechanismSpec doubleParallelogram() {
    MechanismSpec spec;
    spec.name = "double parallelogram";
    spec.ground.points = {{"O1", {0.0, 0.0}}, {"O2", {0.2, 0.0}}, {"O3", {0.4, 0.0}}};
    spec.bodies = {bar("L1", 0.1), bar("L2", 0.1), bar("L3", 0.1),
                   bar("L4", 0.4, {{"C", {0.4, 0.0}}})};
    spec.bodies[3].points[1] = {"Bm", {0.2, 0.0}};
    spec.joints = {
        pin("J1", "theta1", {kGroundId, "O1"}, {"L1", "A"}),
        pin("J2", "theta2", {kGroundId, "O2"}, {"L2", "A"}),
        pin("J3", "theta3", {kGroundId, "O3"}, {"L3", "A"}),
        pin("J4", "theta4", {"L1", "B"}, {"L4", "A"}),
        pin("J5", "theta5", {"L2", "B"}, {"L4", "Bm"}),
        pin("J6", "theta6", {"L3", "B"}, {"L4", "C"}),
    };
    spec.cuts = {"J5", "J6"};
    spec.initial.independent = {{"theta1", std::numbers::pi / 2}};
    spec.initial.assemblyGuess = {
        {"theta2", std::numbers::pi / 2}, {"theta3", std::numbers::pi / 2}, {"theta4", -1.5}};
    return spec;
}

/*  A braced truss: L1 and L2 meet at the apex P above O1 and O2, and L3 props P from O3 right
    below it. 3 bodies, 5 joints: Grübler 3·3 − 2·5 = −1, and it does not move.

                P
              / | \
           L1   L3  L2
            /   |    \
      O1 (0,0) O3 (0.2,0) O2 (0.4,0)                                                        */
MechanismSpec brace() {
    const double height = std::sqrt(0.3 * 0.3 - 0.2 * 0.2);
    MechanismSpec spec;
    spec.name = "brace";
    spec.ground.points = {{"O1", {0.0, 0.0}}, {"O2", {0.4, 0.0}}, {"O3", {0.2, 0.0}}};
    spec.bodies = {bar("L1", 0.3), bar("L2", 0.3), bar("L3", height)};
    spec.joints = {
        pin("J1", "theta1", {kGroundId, "O1"}, {"L1", "A"}),
        pin("J2", "theta2", {kGroundId, "O2"}, {"L2", "A"}),
        pin("J3", "theta3", {kGroundId, "O3"}, {"L3", "A"}),
        pin("J4", "theta4", {"L1", "B"}, {"L2", "B"}),
        pin("J5", "theta5", {"L1", "B"}, {"L3", "B"}),
    };
    const double up = std::atan2(height, 0.2);
    spec.initial.assemblyGuess = {{"theta1", up},
                                  {"theta2", std::numbers::pi - up},
                                  {"theta3", std::numbers::pi / 2},
                                  {"theta4", std::numbers::pi - 2 * up}};
    return spec;
}

std::string describe(const MechanismCheck& check) {
    std::string out;
    for (const CheckFinding& f : check.findings) {
        out += (f.isError() ? "error " : "warning ") + std::to_string(int(f.kind)) + " [" +
               f.where + "] " + f.message + " (fix: " + f.fix + ")\n";
    }
    return out;
}

using Names = std::vector<std::string>;

} // namespace

class TestMechanismCheck : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void validFourBarIsClean() {
        const MechanismCheck check = checkMechanism(fourBar());
        QVERIFY2(check.findings.empty(), describe(check).c_str());
        QCOMPARE(check.dofGrubler, 1);
        QCOMPARE(check.dofJacobian, std::optional<int>(1));
        QCOMPARE(check.independentLoops, 1);
        QVERIFY(check.assembles);
        QVERIFY(check.model != nullptr);
        QCOMPARE(check.q.size(), Eigen::Index(3));
    }

    void bodyNotConnectedToTheGround() {
        MechanismSpec spec = fourBar();
        spec.bodies.push_back(bar("L5", 0.2));
        const MechanismCheck check = checkMechanism(spec);
        const auto found = check.findingsOf(FindingKind::Disconnected);
        QCOMPARE(found.size(), std::size_t(1));
        QVERIFY(found[0]->isError());
        QCOMPARE(found[0]->bodies, Names{"L5"});
        QVERIFY2(found[0]->message.find("body 'L5' is not connected") != std::string::npos,
                 found[0]->message.c_str());
        QVERIFY(!check.assembles);
        QVERIFY(!check.dofJacobian);
        QCOMPARE(check.dofGrubler, 4);
    }

    // A half-drawn spec that validateSpec refuses still gets its topology checked.
    void halfDrawnSpecStillChecksTopology() {
        MechanismSpec spec = fourBar();
        spec.bodies.push_back(bar("L5", 0.2));
        spec.joints[2].child = {"L9", "B"}; // J3 dangles
        const MechanismCheck check = checkMechanism(spec);
        const auto dangling = check.findingsOf(FindingKind::DanglingReference);
        QCOMPARE(dangling.size(), std::size_t(1));
        QCOMPARE(dangling[0]->joints, Names{"J3"});
        QCOMPARE(dangling[0]->bodies, Names{"L2"});
        QCOMPARE(dangling[0]->where, std::string("joints[2].child.body"));
        QVERIFY2(dangling[0]->message.find("'J3'") != std::string::npos &&
                     dangling[0]->message.find("'L9'") != std::string::npos,
                 dangling[0]->message.c_str());
        const auto disconnected = check.findingsOf(FindingKind::Disconnected);
        QCOMPARE(disconnected.size(), std::size_t(1));
        QCOMPARE(disconnected[0]->bodies, Names{"L5"});
        QCOMPARE(check.independentLoops, 0); // J3 does not count
    }

    void danglingPointReference() {
        MechanismSpec spec = fourBar();
        spec.joints[1].child.point = "Z";
        const MechanismCheck check = checkMechanism(spec);
        const auto dangling = check.findingsOf(FindingKind::DanglingReference);
        QCOMPARE(dangling.size(), std::size_t(1));
        QCOMPARE(dangling[0]->joints, Names{"J2"});
        QCOMPARE(dangling[0]->bodies, (Names{"L1", "L2"}));
        QCOMPARE(dangling[0]->where, std::string("joints[1].child.point"));
    }

    void jointJoinsABodyToItself() {
        MechanismSpec spec = fourBar();
        spec.joints[3] = pin("J4", "theta4", {"L2", "A"}, {"L2", "B"});
        const MechanismCheck check = checkMechanism(spec);
        const auto self = check.findingsOf(FindingKind::SelfJoint);
        QCOMPARE(self.size(), std::size_t(1));
        QVERIFY(self[0]->isError());
        QCOMPARE(self[0]->joints, Names{"J4"});
        QCOMPARE(self[0]->bodies, Names{"L2"});
        QVERIFY2(self[0]->message.find("'J4'") != std::string::npos &&
                     self[0]->message.find("'L2' to itself") != std::string::npos,
                 self[0]->message.c_str());
        QVERIFY(check.findingsOf(FindingKind::DanglingReference).empty());
    }

    void selfJointOnAnUnknownBody() {
        MechanismSpec spec = fourBar();
        spec.joints.push_back(pin("J5", "theta5", {"L7", "A"}, {"L7", "A"}));
        const MechanismCheck check = checkMechanism(spec);
        QCOMPARE(check.findingsOf(FindingKind::SelfJoint).size(), std::size_t(1));
        QCOMPARE(check.findingsOf(FindingKind::DanglingReference).size(), std::size_t(2));
    }

    void lockedStructure() {
        const MechanismCheck check = checkMechanism(brace());
        QCOMPARE(check.dofGrubler, -1);
        QCOMPARE(check.dofJacobian, std::optional<int>(0));
        QVERIFY2(check.assembles, describe(check).c_str());
        QCOMPARE(check.independentLoops, 2);
        const auto locked = check.findingsOf(FindingKind::Locked);
        QCOMPARE(locked.size(), std::size_t(1));
        QVERIFY(locked[0]->isError());
        QVERIFY2(locked[0]->message.find("locked: 0 DOF (Grübler 3·3 − 2·5 = −1)") !=
                     std::string::npos,
                 locked[0]->message.c_str());
        QVERIFY2(locked[0]->message.find("1 of its 4 loop equations is redundant") !=
                     std::string::npos,
                 locked[0]->message.c_str());
        QVERIFY(check.findingsOf(FindingKind::RedundantConstraint).empty());
        QVERIFY(check.model == nullptr); // compileModel refuses Grübler ≤ 0
    }

    void parallelLinkIsARedundantLoop() {
        const MechanismCheck check = checkMechanism(doubleParallelogram());
        qInfo("%s", describe(check).c_str());
        QCOMPARE(check.dofGrubler, 0);
        QCOMPARE(check.dofJacobian, std::optional<int>(1));
        QCOMPARE(check.independentLoops, 2);
        QVERIFY(check.assembles);
        const auto redundant = check.findingsOf(FindingKind::RedundantConstraint);
        QCOMPARE(redundant.size(), std::size_t(1));
        const CheckFinding& f = *redundant[0];
        QVERIFY(f.isError());
        QCOMPARE(f.loop, 1);
        QVERIFY2(f.message.find("redundant constraint in loop 2 (") != std::string::npos,
                 f.message.c_str());
        QVERIFY2(f.message.find("repeat those of loop 1") != std::string::npos, f.message.c_str());
        QVERIFY(std::find(f.joints.begin(), f.joints.end(), "J6") != f.joints.end());
        QVERIFY(std::find(f.bodies.begin(), f.bodies.end(), "L3") != f.bodies.end());
        QVERIFY2(f.fix.find("remove body L3 with joint(s) J3, J6") != std::string::npos,
                 f.fix.c_str());
        // the mover is not "locked", whatever Grübler says
        QVERIFY(check.findingsOf(FindingKind::Locked).empty());
    }

    // The same with a pendulum on the coupler: Grübler counts 1, so compileModel accepts it,
    // but J still loses a row in loop 2.
    void parallelLinkWithAPendulum() {
        MechanismSpec spec = doubleParallelogram();
        spec.bodies.push_back(bar("L5", 0.1));
        spec.joints.push_back(pin("J7", "theta7", {"L4", "C"}, {"L5", "A"}));
        const MechanismCheck check = checkMechanism(spec);
        QCOMPARE(check.dofGrubler, 1);
        QCOMPARE(check.dofJacobian, std::optional<int>(2));
        QVERIFY(check.model != nullptr);
        const auto redundant = check.findingsOf(FindingKind::RedundantConstraint);
        QCOMPARE(redundant.size(), std::size_t(1));
        QCOMPARE(redundant[0]->loop, 1);
        QVERIFY2(redundant[0]->message.find("although Grübler counts 3·5 − 2·7 = 1") !=
                     std::string::npos,
                 redundant[0]->message.c_str());
    }

    // A parallelogram drawn flat (every link on the x-axis) loses rank only at that pose.
    void flatParallelogramIsAChangePoint() {
        MechanismSpec spec;
        spec.ground.points = {{"O1", {0.0, 0.0}}, {"O2", {0.2, 0.0}}};
        spec.bodies = {bar("L1", 0.1), bar("L2", 0.1), bar("L3", 0.2)};
        spec.joints = {
            pin("J1", "theta1", {kGroundId, "O1"}, {"L1", "A"}),
            pin("J2", "theta2", {kGroundId, "O2"}, {"L2", "A"}),
            pin("J3", "theta3", {"L1", "B"}, {"L3", "A"}),
            pin("J4", "theta4", {"L3", "B"}, {"L2", "B"}),
        };
        spec.cuts = {"J4"};
        spec.initial.independent = {{"theta1", 0.0}};
        const MechanismCheck check = checkMechanism(spec);
        QVERIFY(check.assembles);
        QVERIFY(check.findingsOf(FindingKind::RedundantConstraint).empty());
        const auto singular = check.findingsOf(FindingKind::SingularPose);
        QCOMPARE(singular.size(), std::size_t(1));
        QVERIFY(!singular[0]->isError());
        QVERIFY2(singular[0]->message.find("change point") != std::string::npos,
                 singular[0]->message.c_str());
        QVERIFY(!check.hasErrors());
    }

    // Crank at 0 with the coupler and rocker in line (binary-exact lengths: 3-4-5 triangle).
    void togglePose() {
        MechanismSpec spec = fourBar();
        spec.ground.points[1].p_B = {0.875, -0.5};
        spec.bodies = {bar("L1", 0.5), bar("L2", 0.3125), bar("L3", 0.3125)};
        const double along = std::atan2(-0.5, 0.375);
        spec.initial.independent = {{"theta1", 0.0}};
        spec.initial.assemblyGuess = {{"theta2", along}, {"theta4", along + std::numbers::pi}};
        const MechanismCheck check = checkMechanism(spec);
        QVERIFY2(check.assembles, describe(check).c_str());
        const auto singular = check.findingsOf(FindingKind::SingularPose);
        QCOMPARE(singular.size(), std::size_t(1));
        QVERIFY2(singular[0]->message.find("toggle") != std::string::npos,
                 singular[0]->message.c_str());
        QCOMPARE(singular[0]->joints, Names{"J1"});
        QCOMPARE(check.dofJacobian, std::optional<int>(1));
    }

    void loopThatCannotClose() {
        MechanismSpec spec = fourBar();
        spec.ground.points[1].p_B = {1.0, 0.0};
        const MechanismCheck check = checkMechanism(spec);
        QVERIFY(!check.assembles);
        QVERIFY(!check.dofJacobian);
        const auto failed = check.findingsOf(FindingKind::DoesNotAssemble);
        QCOMPARE(failed.size(), std::size_t(1));
        const CheckFinding& f = *failed[0];
        QVERIFY(f.isError());
        QCOMPARE(f.loop, 0);
        qInfo("%s", f.message.c_str());
        Names bodies = f.bodies;
        std::sort(bodies.begin(), bodies.end());
        QCOMPARE(bodies, (Names{"L1", "L2", "L3"}));
        QCOMPARE(f.joints.size(), std::size_t(4));
        QVERIFY2(f.message.find("does not assemble: loop 1 (") != std::string::npos,
                 f.message.c_str());
        QVERIFY2(f.message.find("ground 1 m") != std::string::npos, f.message.c_str());
        QVERIFY2(f.message.find("the ground (1 m) is longer than the others together (0.65 m)") !=
                     std::string::npos,
                 f.message.c_str());
    }

    void spatialLoopThatCannotCloseIsNamed() {
        // the third cell's rung 5 m long where its pendulums hang 0.5 m apart: that loop, of
        // four rows each, is the one left open (not a loop found by planar row offsets)
        MechanismSpec spec = spatialLadderSpec(3);
        findBody(spec, "R3")->points[1].p_B = {5.0, 0.0};
        const MechanismCheck check = checkMechanism(spec);
        QVERIFY(!check.assembles);
        const auto failed = check.findingsOf(FindingKind::DoesNotAssemble);
        QCOMPARE(failed.size(), std::size_t(1));
        QCOMPARE(failed[0]->loop, 2);
        QVERIFY2(std::find(failed[0]->joints.begin(), failed[0]->joints.end(), "K3") !=
                     failed[0]->joints.end(),
                 failed[0]->message.c_str());
    }

    void loopThatCannotCloseAtTheseInputs() {
        MechanismSpec spec = fourBar();
        spec.initial.independent = {{"theta1", std::numbers::pi}};
        spec.bodies[1] = bar("L2", 0.15);
        spec.bodies[2] = bar("L3", 0.15);
        const MechanismCheck check = checkMechanism(spec);
        const auto failed = check.findingsOf(FindingKind::DoesNotAssemble);
        QCOMPARE(failed.size(), std::size_t(1));
        QVERIFY2(failed[0]->message.find("not at the initial inputs theta1 = 3.14159") !=
                     std::string::npos,
                 failed[0]->message.c_str());
    }

    void invalidCutsStillAnalysed() {
        MechanismSpec spec = fourBar();
        spec.cuts = {"J1", "J3"};
        const MechanismCheck check = checkMechanism(spec);
        const auto cuts = check.findingsOf(FindingKind::CutSet);
        QVERIFY2(!cuts.empty(), describe(check).c_str());
        QCOMPARE(cuts[0]->joints, (Names{"J1", "J3"}));
        QVERIFY(check.model == nullptr);
        QVERIFY(check.assembles); // with automatic cuts
        QCOMPARE(check.dofJacobian, std::optional<int>(1));
    }

    void inputsThatDoNotMatchTheDof() {
        MechanismSpec spec = fourBar();
        spec.initial.independent.clear();
        const MechanismCheck check = checkMechanism(spec);
        const auto inputs = check.findingsOf(FindingKind::InitialState);
        QCOMPARE(inputs.size(), std::size_t(1));
        QVERIFY(!inputs[0]->isError());
        QVERIFY2(inputs[0]->message.find("holds 0 input(s) but the mechanism has 1 DOF") !=
                     std::string::npos,
                 inputs[0]->message.c_str());
        QCOMPARE(inputs[0]->remedy, Remedy::AddInputs);
    }

    void examplesAreClean_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("dof");
        QTest::newRow("carpet scraper") << "carpet_scraper.json" << 1;
        QTest::newRow("four-bar") << "four_bar.json" << 1;
        QTest::newRow("slider-crank") << "slider_crank.json" << 1;
        QTest::newRow("3-RRR") << "three_rrr.json" << 3;
        QTest::newRow("Watt six-bar") << "watt_six_bar.json" << 1;
    }

    void examplesAreClean() {
        QFETCH(QString, file);
        QFETCH(int, dof);
        const MechanismSpec spec = fixtures::exampleSpec(file.toStdString());
        const MechanismCheck check = checkMechanism(spec);
        QVERIFY2(check.findings.empty(), describe(check).c_str());
        QCOMPARE(check.dofGrubler, dof);
        QCOMPARE(check.dofJacobian, std::optional<int>(dof));
        QVERIFY(check.assembles);
        QVERIFY(check.model != nullptr);
        QCOMPARE(check.independentLoops, check.model->nLoops());
    }

    void templatesAreClean() {
        for (const MechanismTemplateInfo& info : mechanismTemplates()) {
            const MechanismCheck check = checkMechanism(mechanismTemplate(info.id));
            QVERIFY2(check.findings.empty(), (info.id + ": " + describe(check)).c_str());
            QCOMPARE(check.dofJacobian, std::optional<int>(info.dof));
        }
    }

    void emptySpecHasNoFindings() {
        const MechanismCheck check = checkMechanism(MechanismSpec{});
        QVERIFY2(check.findings.empty(), describe(check).c_str());
        QCOMPARE(check.dofJacobian, std::optional<int>(0));
    }

    // Cheap enough for every edit: the time per check of the carpet scraper (no assertion).
    void timePerCheck() {
        const MechanismSpec scraper = fixtures::exampleSpec("carpet_scraper.json");
        constexpr int kRuns = 200;
        const auto start = std::chrono::steady_clock::now();
        int clean = 0;
        for (int i = 0; i < kRuns; ++i) {
            clean += checkMechanism(scraper).findings.empty() ? 1 : 0;
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        qInfo("checkMechanism(carpet scraper): %.1f µs per check (%d runs)", 1e6 * seconds / kRuns,
              kRuns);
        QCOMPARE(clean, kRuns);
        const MechanismSpec redundant = doubleParallelogram();
        const auto start2 = std::chrono::steady_clock::now();
        for (int i = 0; i < kRuns; ++i) {
            checkMechanism(redundant);
        }
        const double seconds2 =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start2).count();
        qInfo("checkMechanism(double parallelogram, redundant): %.1f µs per check",
              1e6 * seconds2 / kRuns);
    }
};

SSLM_TEST_APPLESS_MAIN(TestMechanismCheck)
} // namespace tst_mechanism_check
#include "tst_mechanism_check.moc"
