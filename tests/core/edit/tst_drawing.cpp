// SPDX-License-Identifier: MIT
// Drawing edits: a four-bar drawn from two ground pivots and three links compiles to one DOF
// and assembles exactly where it was drawn; moving the coupler–rocker pin changes both links
// and re-assembles with the pin where it was put; removing a body takes its joints; impossible
// edits are refused with the reason and change nothing.

#include <QtTest>

#include <Eigen/Geometry>

#include "core/analysis/mechanism_check.hpp"
#include "core/edit/drawing.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/util/diagnostic.hpp"

#include "tests/core/fixtures/drawings.hpp"
#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/runs.hpp"
#include "tests/test_main.hpp"

namespace tst_drawing {

using namespace sslm;

namespace {

using fixtures::Assembled;
using fixtures::assembled;
using fixtures::drawnFourBar;
using fixtures::largestShift;
constexpr double kTol = fixtures::kDrawnTol;

} // namespace

class TestDrawing : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fourBarAssemblesWhereDrawn() {
        const Drawing d = drawnFourBar();
        QCOMPARE(d.spec.bodies.size(), std::size_t(3));
        QCOMPARE(d.spec.joints.size(), std::size_t(4));
        QCOMPARE(d.spec.joints[2].name, std::string("J3"));
        QCOMPARE(d.spec.joints[2].parent, (JointEnd{"ground", "O2"}));
        QCOMPARE(d.spec.joints[2].child, (JointEnd{"L3", "P1"}));
        QCOMPARE(d.spec.joints[3].name, std::string("J4")); // closes the loop
        QCOMPARE(d.spec.joints[3].parent, (JointEnd{"L3", "P2"}));
        QCOMPARE(d.spec.joints[3].child, (JointEnd{"L2", "P2"}));
        QCOMPARE(d.spec.initial.independent.size(), std::size_t(1));
        QCOMPARE(d.spec.actuators.size(), std::size_t(1));
        const double crank = std::hypot(0.05, 0.0866);
        QVERIFY(std::abs(d.spec.bodies[0].points[1].p_B.x() - crank) < kTol);
        QVERIFY(std::abs(d.spec.bodies[0].mass - 2.0 * crank) < kTol);

        const Assembled a = assembled(d);
        QCOMPARE(a.model->mobilityGrubler, 1);
        QCOMPARE(a.model->nLoops(), 1);
        const double shift = largestShift(d, a.drawing);
        qInfo("drawn four-bar: assembled points within %.3g m of the drawing", shift);
        QVERIFY(shift < kTol);
        const MechanismCheck check = checkMechanism(d.spec);
        QVERIFY(!check.hasErrors());
        QCOMPARE(check.dofJacobian.value_or(-1), 1);
    }

    void movingAPinReassembles() {
        Drawing d = drawnFourBar();
        const Eigen::Vector2d target(0.22, 0.27);
        QVERIFY(movePoint(d, {"L2", "P2"}, target).empty());
        // both links pinned there changed: the coupler from the crank tip, the rocker from O2
        const Eigen::Vector2d tip(0.05, 0.0866);
        QVERIFY(std::abs(d.spec.bodies[1].points[1].p_B.norm() - (target - tip).norm()) < kTol);
        QVERIFY(std::abs(d.spec.bodies[2].points[1].p_B.norm() -
                         (target - Eigen::Vector2d(0.3, 0.0)).norm()) < kTol);
        QVERIFY(std::abs((*pointInWorld(d, {"L3", "P2"}) - target).norm()) < kTol);
        QVERIFY((d.spec.bodies[1].com_B - 0.5 * d.spec.bodies[1].points[1].p_B).norm() < kTol);

        const Assembled a = assembled(d);
        QVERIFY(largestShift(d, a.drawing) < kTol);
        QVERIFY((*pointInWorld(a.drawing, {"L2", "P2"}) - target).norm() < kTol);

        // a ground pivot moves with the rocker's pin on it
        QVERIFY(movePoint(d, {"ground", "O2"}, {0.32, 0.01}).empty());
        QVERIFY((*pointInWorld(d, {"L3", "P1"}) - Eigen::Vector2d(0.32, 0.01)).norm() < kTol);
        QVERIFY(largestShift(d, assembled(d).drawing) < kTol);
    }

    void removingABodyTakesItsJoints() {
        Drawing d = drawnFourBar();
        QVERIFY(removeBody(d, "L3").empty());
        QCOMPARE(d.spec.bodies.size(), std::size_t(2));
        QCOMPARE(d.spec.joints.size(), std::size_t(2));
        const Assembled a = assembled(d);
        QCOMPARE(a.model->mobilityGrubler, 2);
        QCOMPARE(a.model->nLoops(), 0);

        Drawing e = drawnFourBar();
        QVERIFY(removeJoint(e, "J1").empty()); // the input goes with its joint
        QVERIFY(e.spec.actuators.empty());
        QVERIFY(e.spec.initial.independent.empty());
    }

    // A slider-crank drawn with a slider on a ground guide: crank O1 → (0.05, 0.09), a slider
    // on the x-axis guide from O2 at (0.4, 0), and a rod from the crank's tip to the block: one
    // loop, 1 DOF, assembled where drawn, the slider's coordinate its distance along the guide.
    void sliderCrankAssemblesWhereDrawn() {
        Drawing d = emptyDrawing("Drawn slider-crank");
        QVERIFY(addGroundPivot(d, {0.0, 0.0}).empty());
        QVERIFY(addGroundPivot(d, {0.4, 0.0}).empty());
        QVERIFY(addLink(d, {"ground", "O1"}, Eigen::Vector2d(0.05, 0.09)).empty());
        std::string slider;
        QVERIFY(addSlider(d, {"ground", "O2"}, {0.3, 0.0}, {}, &slider).empty());
        QCOMPARE(slider, std::string("S1"));
        QVERIFY(addLink(d, {"L1", "P2"}, JointEnd{"S1", "P1"}).empty());
        QVERIFY(setInput(d, "J1").empty());
        const JointSpec& prismatic = d.spec.joints[1];
        QCOMPARE(prismatic.type, JointType::Prismatic);
        QVERIFY((prismatic.axis_P - Eigen::Vector2d(-1.0, 0.0)).norm() < kTol);
        const auto values = jointValuesAt(d);
        QVERIFY(std::abs(values[1].second - 0.1) < kTol); // 0.1 m from O2 towards −x

        const Assembled a = assembled(d);
        QCOMPARE(a.model->mobilityGrubler, 1);
        QCOMPARE(a.model->nLoops(), 1);
        QVERIFY(largestShift(d, a.drawing) < kTol);
        QVERIFY(!checkMechanism(d.spec).hasErrors());
    }

    // A point added to the coupler makes it a plate; a link pinned there adds a loop (a Watt-
    // type six-bar from the four-bar): Grübler 1, assembled where drawn.
    void aPointMakesAPlate() {
        Drawing d = drawnFourBar();
        std::string point;
        QVERIFY(addPointToBody(d, "L2", {0.15, 0.08}, &point).empty());
        QCOMPARE(point, std::string("P3"));
        QCOMPARE(d.spec.bodies[1].shape, BodyShape::Plate);
        QVERIFY(addGroundPivot(d, {0.5, 0.05}).empty());
        QVERIFY(addLink(d, {"L2", "P3"}, Eigen::Vector2d(0.35, 0.2)).empty());
        QVERIFY(addLink(d, {"ground", "O3"}, JointEnd{"L4", "P2"}).empty());
        const Assembled a = assembled(d);
        QCOMPARE(a.model->mobilityGrubler, 1);
        QCOMPARE(a.model->nLoops(), 2);
        QVERIFY(largestShift(d, a.drawing) < kTol);
        QVERIFY(!addPointToBody(d, "L2", {0.15, 0.08}).empty()); // a point is there already
    }

    // A spec without poses (a saved drawing that does not compile) is drawn from its joints'
    // values: the four-bar and the slider-crank come back where they were drawn; a body no
    // joint reaches sits at the origin; kept poses stay.
    void aSpecIsDrawnFromItsJointValues() {
        const Drawing fourBar = drawnFourBar();
        Drawing sliderCrank = emptyDrawing("Drawn slider-crank");
        QVERIFY(addGroundPivot(sliderCrank, {0.0, 0.0}).empty());
        QVERIFY(addGroundPivot(sliderCrank, {0.4, 0.0}).empty());
        QVERIFY(addLink(sliderCrank, {"ground", "O1"}, Eigen::Vector2d(0.05, 0.09)).empty());
        QVERIFY(addSlider(sliderCrank, {"ground", "O2"}, {0.3, 0.02}).empty());
        QVERIFY(addLink(sliderCrank, {"L1", "P2"}, JointEnd{"S1", "P1"}).empty());
        for (const Drawing* drawn : std::initializer_list<const Drawing*>{&fourBar, &sliderCrank}) {
            const Drawing redrawn = drawingFromGuess(drawn->spec);
            QVERIFY(largestShift(*drawn, redrawn) < kTol);
        }
        MechanismSpec broken = fourBar.spec;
        broken.joints.erase(broken.joints.begin() + 2, broken.joints.end()); // rocker loose
        const Drawing loose = drawingFromGuess(broken);
        QVERIFY(loose.poses.at("L3").origin.norm() == 0.0);
        QVERIFY((*pointInWorld(loose, {"L2", "P2"}) - *pointInWorld(fourBar, {"L2", "P2"})).norm() <
                kTol);
        const Drawing kept = drawingFromGuess(broken, {{"L3", fourBar.poses.at("L3")}});
        QVERIFY(largestShift(fourBar, kept) < kTol);
    }

    // A link may start at a free point: free at both ends it floats (the check names it as not
    // connected) until pinned; a slider's guide may start at a free point, where a ground
    // point is put.
    void freeStartsForLinksAndGuides() {
        Drawing d = drawnFourBar();
        const std::size_t joints = d.spec.joints.size();
        std::string id;
        QVERIFY(addLink(d, Eigen::Vector2d(0.5, 0.3), Eigen::Vector2d(0.6, 0.3), {}, &id).empty());
        QCOMPARE(id, std::string("L4"));
        QCOMPARE(d.spec.joints.size(), joints);
        QVERIFY((*pointInWorld(d, {"L4", "P2"}) - Eigen::Vector2d(0.6, 0.3)).norm() < kTol);
        const MechanismCheck check = checkMechanism(d.spec);
        QVERIFY(
            std::any_of(check.findings.begin(), check.findings.end(), [](const CheckFinding& f) {
                return f.isError() &&
                       std::find(f.bodies.begin(), f.bodies.end(), "L4") != f.bodies.end();
            }));
        QVERIFY(removeBody(d, "L4").empty());
        // free at its start, pinned at its end
        QVERIFY(addLink(d, Eigen::Vector2d(0.1, 0.4), JointEnd{"L2", "P2"}, {}, &id).empty());
        QCOMPARE(d.spec.joints.size(), joints + 1);
        QCOMPARE(d.spec.joints.back().parent, (JointEnd{id, "P2"}));

        Drawing slider = emptyDrawing("Slider on a free guide");
        QVERIFY(addSlider(slider, Eigen::Vector2d(0.4, 0.0), {0.3, 0.0}).empty());
        QCOMPARE(slider.spec.ground.points.size(), std::size_t(1));
        QCOMPARE(slider.spec.joints.front().parent, (JointEnd{"ground", "O1"}));
        QVERIFY((slider.spec.ground.points.front().p_B - Eigen::Vector2d(0.4, 0.0)).norm() < kTol);
        QVERIFY(!addSlider(slider, Eigen::Vector2d(0.4, 0.0), {0.4, 0.0}).empty()); // no direction
    }

    // A point moved off the line of a bar's points makes the bar a plate.
    void movingAPointOffTheLineMakesAPlate() {
        Drawing d = drawnFourBar();
        const Eigen::Vector2d mid =
            0.5 * (*pointInWorld(d, {"L2", "P1"}) + *pointInWorld(d, {"L2", "P2"}));
        QVERIFY(addPointToBody(d, "L2", mid).empty());
        QCOMPARE(d.spec.bodies[1].shape, BodyShape::Bar);
        QVERIFY(movePoint(d, {"L2", "P3"}, mid + Eigen::Vector2d(0.0, 0.03)).empty());
        QCOMPARE(d.spec.bodies[1].shape, BodyShape::Plate);
    }

    // A rocker drawn with a free end near the coupler's, then pinned to it: the loop closes
    // when the mechanism assembles (the two points meet) and it is the four-bar's 1 DOF.
    void aPinClosesALoop() {
        Drawing d = emptyDrawing("Pinned four-bar");
        QVERIFY(addGroundPivot(d, {0.0, 0.0}).empty());
        QVERIFY(addGroundPivot(d, {0.3, 0.0}).empty());
        QVERIFY(addLink(d, {"ground", "O1"}, Eigen::Vector2d(0.05, 0.0866)).empty());
        QVERIFY(addLink(d, {"L1", "P2"}, Eigen::Vector2d(0.2, 0.25)).empty());
        QVERIFY(addLink(d, {"ground", "O2"}, Eigen::Vector2d(0.21, 0.24)).empty());
        QVERIFY(setInput(d, "J1").empty());
        std::string pin;
        QVERIFY(addPin(d, {"L3", "P2"}, {"L2", "P2"}, &pin).empty());
        QCOMPARE(pin, std::string("J4"));
        QCOMPARE(d.spec.joints.back().coordinateName(), std::string("theta4"));
        const Assembled a = assembled(d);
        QCOMPARE(a.model->mobilityGrubler, 1);
        QCOMPARE(a.model->nLoops(), 1);
        QVERIFY((*pointInWorld(a.drawing, {"L3", "P2"}) - *pointInWorld(a.drawing, {"L2", "P2"}))
                    .norm() < kTol);
        // the crank keeps its drawn angle (the input)
        QVERIFY((*pointInWorld(a.drawing, {"L1", "P2"}) - Eigen::Vector2d(0.05, 0.0866)).norm() <
                kTol);
        const Drawing before = d;
        QVERIFY(!addPin(d, {"L2", "P2"}, {"L3", "P2"}).empty()); // pinned already
        QVERIFY(!addPin(d, {"L2", "P1"}, {"L2", "P2"}).empty()); // the same body
        QVERIFY(!addPin(d, {"L2", "P9"}, {"L3", "P2"}).empty()); // no such point
        QVERIFY(d.spec == before.spec);
    }

    // The check of the editor: the carpet scraper entered with the editor's operations
    // (pivots, links pinned where the spec's joints are, points added on the ternary links,
    // then each link's mass, centre of mass and inertia typed from the spec) simulates like
    // examples/carpet_scraper.json: the blade tip's path and the energy agree over 1 s.
    void scraperEnteredThroughTheEditorSimulatesAsTheFile() {
        const auto file = fixtures::loadExample("carpet_scraper.json");
        const InitialState initial = assembleInitialState(*file);
        QVERIFY(initial.report.converged);
        const Drawing reference = drawingAt(file->spec, *file, initial.q);
        const auto at = [&](const char* body, const char* point) {
            return *pointInWorld(reference, {body, point});
        };

        Drawing d = emptyDrawing("Carpet scraper, drawn");
        for (const BodyPoint& p : file->spec.ground.points) {
            QVERIFY(addGroundPivot(d, p.p_B).empty()); // O1, O2, O3 (the file's O4)
        }
        std::string id;
        const auto link = [&](JointEnd from, LinkEnd to) {
            const EditError e = addLink(d, from, to, {}, &id);
            if (!e.empty()) {
                qFatal("%s", e.c_str());
            }
            return id;
        };
        const auto point = [&](const std::string& body, const Eigen::Vector2d& w) {
            std::string name;
            if (const EditError e = addPointToBody(d, body, w, &name); !e.empty()) {
                qFatal("%s", e.c_str());
            }
            return name;
        };
        const std::string l1 = link({"ground", "O1"}, at("link1", "J8")); // crank
        const std::string l2 = link({"ground", "O2"}, at("link2", "J3")); // rocker
        const std::string l3 = link({l2, "P2"}, JointEnd{l1, "P2"});      // J3 → J8
        const std::string j9 = point(l3, at("link3", "J9"));
        const std::string l4 = link({"ground", "O3"}, at("link4", "J6")); // base
        const std::string j5 = point(l4, at("link4", "J5"));
        const std::string l5 = link({l4, j5}, JointEnd{l3, j9});     // J5 → J9
        const std::string l6 = link({l4, "P2"}, at("link6", "tip")); // blade arm
        const std::string j7 = point(l6, at("link6", "J7"));
        const std::string l7 = link({l6, j7}, JointEnd{l5, "P2"}); // J7 → J10
        QVERIFY(setInput(d, "J1").empty());
        QVERIFY(toggleTrace(d, {l6, "P2"}).empty());
        QVERIFY(setInputRate(d, "J1", 4.7124).empty());
        // each link's mass, centre of mass (moved into the drawn link's frame) and inertia
        const std::pair<std::string, const char*> links[] = {
            {l1, "link1"}, {l2, "link2"}, {l3, "link3"}, {l4, "link4"},
            {l5, "link5"}, {l6, "link6"}, {l7, "link7"}};
        for (const auto& [drawn, original] : links) {
            const BodySpec& spec =
                *std::find_if(file->spec.bodies.begin(), file->spec.bodies.end(),
                              [&](const BodySpec& b) { return b.id == original; });
            const BodyPose from = reference.poses.at(original);
            const BodyPose to = d.poses.at(drawn);
            const Eigen::Vector2d com = from.origin + Eigen::Rotation2Dd(from.angle) * spec.com_B;
            BodyProperties properties = *sslm::bodyProperties(d, drawn);
            properties.mass = spec.mass;
            properties.com_B = Eigen::Rotation2Dd(-to.angle) * (com - to.origin);
            properties.inertiaCom = spec.inertiaCom;
            QVERIFY(setBodyProperties(d, drawn, properties).empty());
        }
        QCOMPARE(d.spec.bodies.size(), std::size_t(7));
        QCOMPARE(d.spec.joints.size(), std::size_t(10));
        const Assembled drawn = assembled(d);
        QCOMPARE(drawn.model->nLoops(), 3);
        QVERIFY(largestShift(d, drawn.drawing) < kTol);

        // the same motion: blade tip and total energy, sampled every 0.01 s for 1 s
        fixtures::verifySameMotion(*file, *drawn.model, "scraper entered through the editor");
    }

    void inputRate() {
        Drawing d = drawnFourBar();
        QCOMPARE(inputJointAt(d, {"ground", "O1"}).value_or(""), std::string("J1"));
        QVERIFY(!inputJointAt(d, {"ground", "O2"}));
        QVERIFY(setInputRate(d, "J1", 4.7124).empty());
        QCOMPARE(d.spec.initial.rates.size(), std::size_t(1));
        QCOMPARE(d.spec.initial.rates[0].second, 4.7124);
        QVERIFY(setInputRate(d, "J1", -1.0).empty());
        QCOMPARE(d.spec.initial.rates.size(), std::size_t(1));
        QVERIFY(!setInputRate(d, "J3", 1.0).empty()); // not an input
        const InitialState start = assembleInitialState(*assembled(d).model);
        QCOMPARE(start.qd[0], -1.0);
        // no longer an input: value and rate dropped, the actuator stays
        QVERIFY(clearInput(d, "J1").empty());
        QVERIFY(!inputJointAt(d, {"ground", "O1"}));
        QVERIFY(d.spec.initial.independent.empty() && d.spec.initial.rates.empty());
        QCOMPARE(d.spec.actuators.size(), std::size_t(1));
        QVERIFY(!clearInput(d, "J9").empty());
    }

    void bodyPropertiesAreSetAndChecked() {
        Drawing d = drawnFourBar();
        BodyProperties p = *sslm::bodyProperties(d, "L1");
        QVERIFY(!p.inertiaCom); // uniform from the bar
        p.name = "crank";
        p.mass = 0.75;
        p.com_B = {0.02, 0.001};
        p.inertiaCom = 2.5e-3;
        QVERIFY(setBodyProperties(d, "L1", p).empty());
        QCOMPARE(d.spec.bodies[0].name, std::string("crank"));
        QCOMPARE(d.spec.bodies[0].mass, 0.75);
        QCOMPARE(d.spec.bodies[0].com_B, Eigen::Vector2d(0.02, 0.001));
        QCOMPARE(d.spec.bodies[0].inertiaCom.value_or(0), 2.5e-3);
        QVERIFY(compileModel(d.spec).ok());
        BodyProperties bad = p;
        bad.mass = 0.0;
        QVERIFY(!setBodyProperties(d, "L1", bad).empty());
        bad = p;
        bad.name.clear();
        QVERIFY(!setBodyProperties(d, "L1", bad).empty());
        bad = p;
        bad.inertiaCom = -1.0;
        QVERIFY(!setBodyProperties(d, "L1", bad).empty());
        QVERIFY(!setBodyProperties(d, "L9", p).empty());
        QCOMPARE(d.spec.bodies[0].mass, 0.75);
    }

    void tracesToggle() {
        Drawing d = drawnFourBar();
        bool traced = false;
        QVERIFY(toggleTrace(d, {"L2", "P2"}, &traced).empty());
        QVERIFY(traced);
        QCOMPARE(d.spec.tracedPoints.size(), std::size_t(1));
        QCOMPARE(d.spec.tracedPoints[0].name, std::string("L2_P2"));
        const Assembled a = assembled(d);
        QCOMPARE(a.model->tracedPoints.size(), std::size_t(1));
        QVERIFY(toggleTrace(d, {"L2", "P2"}, &traced).empty());
        QVERIFY(!traced);
        QVERIFY(d.spec.tracedPoints.empty());
        QVERIFY(!toggleTrace(d, {"ground", "O1"}).empty());
    }

    void impossibleEditsAreRefused() {
        Drawing d = drawnFourBar();
        const MechanismSpec before = d.spec;
        QVERIFY(QString::fromStdString(addLink(d, {"ground", "O9"}, Eigen::Vector2d(1, 1)))
                    .contains("not"));
        QVERIFY(QString::fromStdString(addLink(d, {"ground", "O1"}, Eigen::Vector2d(0, 0)))
                    .contains("no length"));
        QVERIFY(QString::fromStdString(addLink(d, {"L1", "P1"}, JointEnd{"L1", "P2"}))
                    .contains("itself"));
        QVERIFY(!movePoint(d, {"L7", "P1"}, {0, 0}).empty());
        QVERIFY(!removeJoint(d, "J99").empty());
        QVERIFY(!removeBody(d, "L99").empty());
        QVERIFY(!setInput(d, "J99").empty());
        QVERIFY(d.spec == before);
    }
};

SSLM_TEST_APPLESS_MAIN(TestDrawing)
} // namespace tst_drawing
#include "tst_drawing.moc"
