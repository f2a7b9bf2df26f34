// SPDX-License-Identifier: MIT
// SDFormat import (core/interop/sdf_import.hpp) and planar mechanisms in 3-D files
// (core/interop/planar_recognition.hpp), on the files of tests/data/interop/:
//  * four_bar.sdf, the Hoekens four-bar of examples/four_bar.json drawn in the x–z plane with
//    z up (a link with two parent joints closes the loop; J8, the last, is cut), imports as a
//    planar mechanism in the plane X = x, Y = z with that file's masses, COMs and inertias, and
//    moves exactly as examples/four_bar.json: over 1 s with the example's solver settings
//    (sslm, dopri5, projection, rtol = atol = 1e-8, and again at 1e-12), the joint angles agree
//    up to the constant offsets of the frame choice and the traced point J9 agrees, to 1e-9;
//  * four_bar_planar.urdf, the same linkage as URDF+ with every axis +y, imports as planar with
//    its joints' sides swapped and moves the same;
//  * slider_crank.sdf, examples/slider_crank.json drawn the same way (its guide a prismatic
//    joint along x), imports as planar and moves as that file to 1e-9 (at rtol = atol =
//    1e-12; at the file's 1e-8 the runs take different steps);
//  * turntable.world, two arms on vertical axes in a world, is planar in the x-y plane with its
//    gravity (along the axes) reported as dropped;
//  * kept spatial, the four-bar's revolute cut has 3 redundant rows, reported with the loop
//    and the fix, and so it has with a pendulum swinging out of the plane from its coupler
//    (not planar); the R-U-S-R four-bar has none;
//  * malformed XML, an unknown joint type and a joint naming a missing link are errors naming
//    the file, line and element;
//  * <limit> (with <stiffness>; <dissipation> not read) and <dynamics><friction> are kept as
//    end stops and Coulomb friction, with the numbers in the report.

#include <algorithm>
#include <cmath>
#include <map>

#include <QtTest>

#include <Eigen/Dense>

#include "core/interop/mechanism_import.hpp"
#include "core/interop/planar_recognition.hpp"
#include "core/interop/sdf_import.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/core/fixtures/runs.hpp"
#include "tests/core/interop/interop_support.hpp"
#include "tests/test_main.hpp"

namespace tst_sdf_import {

using namespace sslm;
using namespace sslm::fixtures;

namespace {

Eigen::Vector2d point(const BodySpec& b, const std::string& name) {
    for (const BodyPoint& p : b.points) {
        if (p.name == name) {
            return p.p_B;
        }
    }
    qFatal("no point %s on %s", name.c_str(), b.id.c_str());
}

bool contains(const std::vector<ImportItem>& items, const std::string& element) {
    return std::any_of(items.begin(), items.end(),
                       [&](const ImportItem& item) { return item.element == element; });
}

/// One run: the named coordinates and the first traced point at every sample.
struct Run {
    std::vector<std::map<std::string, double>> q;
    std::vector<Eigen::Vector2d> point;
};

Run run(const MechanismSpec& spec, const SimulationSettings& settings) {
    Run out;
    fixtures::runSpec(spec, settings, [&](const Model& model, const Sample& s) {
        out.q.push_back(fixtures::namedCoordinates(model, s));
        out.point.push_back(s.points.front().head<2>());
    });
    return out;
}

/// The imported four-bar made ready to run like examples/four_bar.json: J1 the input at 0 with
/// rate `rate`, the traced point J9 at the coupler's far end (−J8 from its origin at J3).
MechanismSpec readyToRun(MechanismSpec spec, double rate, const SolverSettingsSpec& solver) {
    spec.initial.independent = {{"J1", 0.0}};
    spec.initial.rates = {{"J1", rate}};
    spec.solver = solver;
    BodySpec& coupler = *std::find_if(spec.bodies.begin(), spec.bodies.end(),
                                      [](const BodySpec& b) { return b.id == "link3"; });
    if (std::none_of(coupler.points.begin(), coupler.points.end(),
                     [](const BodyPoint& p) { return p.name == "J9"; })) {
        BodyPoint j9;
        j9.name = "J9";
        j9.p_B = -point(coupler, "J8");
        coupler.points.push_back(j9);
    }
    spec.tracedPoints = {{"coupler_end", {"link3", "J9"}}};
    return spec;
}

/// The largest differences between a run of an example and one of its imported drawing:
/// each coordinate pair (example, imported) as θ = s·q + θ(0) − s·q(0) (s = ±1), and the
/// first traced point.
struct Difference {
    double angle = 0;
    double point = 0;
    std::size_t samples = 0;
};

using Pairs = std::vector<std::pair<std::string, std::string>>;

Difference compareRuns(const std::string& exampleFile,
                       const MechanismSpec& imported,
                       const Pairs& pairs,
                       double sign,
                       double tolerance) {
    const MechanismSpec reference = exampleSpec(exampleFile);
    std::string why;
    std::optional<SimulationSettings> settings = settingsFromSpec(reference.solver, &why);
    if (!settings) {
        qFatal("%s", why.c_str());
    }
    settings->tEnd = 1.0;
    settings->rtol = tolerance;
    settings->atol = tolerance;
    MechanismSpec prepared = imported;
    prepared.solver = reference.solver;
    const Run a = run(reference, *settings);
    const Run b = run(prepared, *settings);
    if (a.q.size() != b.q.size()) {
        qFatal("%zu and %zu samples", a.q.size(), b.q.size());
    }
    Difference d;
    d.samples = a.q.size();
    for (std::size_t k = 0; k < a.q.size(); ++k) {
        for (const auto& [x, y] : pairs) {
            const double offset = a.q.front().at(x) - sign * b.q.front().at(y);
            d.angle = std::max(d.angle, std::abs(a.q[k].at(x) - (sign * b.q[k].at(y) + offset)));
        }
        d.point = std::max(d.point, (a.point[k] - b.point[k]).norm());
    }
    return d;
}

Difference compare(const MechanismSpec& imported, double sign, double tolerance) {
    return compareRuns("four_bar.json", readyToRun(imported, sign * 4.7124, {}),
                       {{"theta1", "J1"}, {"theta2", "J2"}, {"theta3", "J3"}}, sign, tolerance);
}

std::string errorsOf(const std::string& file) {
    const ImportResult r = importMechanism(fixtures::kInteropData + file);
    if (r.ok()) {
        qFatal("%s imported", file.c_str());
    }
    return formatDiagnostics(r.diagnostics);
}

} // namespace

class TestSdfImport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fourBarSdfImportsAsPlanar() {
        const ImportResult r = mustImport("four_bar.sdf");
        QVERIFY2(r.diagnostics.empty(), formatDiagnostics(r.diagnostics).c_str());
        const MechanismSpec& spec = *r.spec;
        QCOMPARE(std::string(modelFormatName(r.report.format)), std::string("sdformat"));
        QVERIFY(spec.space == MotionSpace::Planar);
        QCOMPARE(spec.cuts, std::vector<std::string>{"J8"});
        QCOMPARE(spec.joints.size(), std::size_t(4));
        QVERIFY(r.report.plane.has_value());
        QVERIFY((r.report.plane->normal - Eigen::Vector3d(0, -1, 0)).norm() < 1e-15);
        QVERIFY((r.report.plane->xAxis - Eigen::Vector3d(1, 0, 0)).norm() < 1e-15);
        QVERIFY((r.report.plane->yAxis - Eigen::Vector3d(0, 0, 1)).norm() < 1e-15);
        QVERIFY((spec.gravity - Eigen::Vector2d(0, -9.81)).norm() < 1e-15);
        // the example's numbers: masses, inertias about the axis, COMs and points at the pose
        const MechanismSpec reference = exampleSpec("four_bar.json");
        const double theta2 = 0.98697625497752954, phi3 = 0.98697625497752954 + 1.1676401436347342;
        const Eigen::Rotation2Dd rocker(theta2), coupler(phi3);
        for (const BodySpec& expected : reference.bodies) {
            const BodySpec& got = body(spec, expected.id);
            QCOMPARE(got.mass, expected.mass);
            QVERIFY2(std::abs(*got.inertiaCom - *expected.inertiaCom) <
                         1e-15 * *expected.inertiaCom,
                     expected.id.c_str());
            const Eigen::Rotation2Dd turn = expected.id == "link1"   ? Eigen::Rotation2Dd(0)
                                            : expected.id == "link2" ? rocker
                                                                     : coupler;
            QVERIFY((got.com_B - turn * expected.com_B).norm() < 1e-15);
            for (const BodyPoint& p : expected.points) {
                const Eigen::Vector2d at = point(got, p.name);
                QVERIFY2((at - turn * p.p_B).norm() < 1e-15, p.name.c_str());
            }
        }
        // ground pivots where the example has them
        QVERIFY((spec.ground.points[0].p_B - Eigen::Vector2d(0, 0)).norm() < 1e-15);
        QVERIFY((spec.ground.points[1].p_B - Eigen::Vector2d(-0.089, 0)).norm() < 1e-15);
        // the report: visuals kept, the rest dropped, nothing silent
        QCOMPARE(r.report.visuals.size(), std::size_t(3));
        QCOMPARE(r.report.visuals[2].kind, std::string("mesh"));
        QCOMPARE(r.report.visuals[2].meshFile, std::string("meshes/coupler.stl"));
        // and they are the bodies' visuals, in the plane's frames; the mesh is not on disk
        QCOMPARE(body(spec, "link3").visuals.size(), std::size_t(1));
        QCOMPARE(body(spec, "link3").visuals[0].kind, VisualKind::Mesh);
        QVERIFY(contains(r.report.approximated, "link link3 visual bar mesh"));
        QVERIFY(contains(r.report.mapped, "link link1 visual bar box") ||
                contains(r.report.mapped, "link link1 visual bar cylinder"));
        QVERIFY(contains(r.report.dropped, "plugin name=\"controller\""));
        QVERIFY(contains(r.report.dropped, "link link1 collision"));
        QVERIFY(contains(r.report.approximated, "joint J2 limit")); // end stops [−3.14, 3.14]
        const auto joint = [&](const std::string& name) -> const JointSpec& {
            return *std::find_if(spec.joints.begin(), spec.joints.end(),
                                 [&](const JointSpec& j) { return j.name == name; });
        };
        QVERIFY(joint("J2").limits.has_value());
        QCOMPARE(*joint("J2").limits->lower, -3.14);
        QCOMPARE(*joint("J2").limits->upper, 3.14);
        QVERIFY(!contains(r.report.approximated, "joint J1 limit")); // libsdformat's default
        QVERIFY(!joint("J1").limits.has_value());
        QVERIFY(contains(r.report.mapped, "frame J9"));
        QVERIFY(contains(r.report.mapped, "plane"));
        QVERIFY(contains(r.report.approximated, "gravity"));
    }

    void fourBarSdfMovesAsTheExample() {
        const MechanismSpec imported = *mustImport("four_bar.sdf").spec;
        // with the example's own settings (rtol = atol = 1e-8) and tighter ones
        const Difference own = compare(imported, 1.0, 1e-8);
        qInfo("four_bar.sdf vs four_bar.json over 1 s at rtol = atol = 1e-8, %zu samples: max "
              "|Δθ| %.3g rad, max |ΔJ9| %.3g m",
              own.samples, own.angle, own.point);
        QVERIFY(own.angle <= 1e-9);
        QVERIFY(own.point <= 1e-9);
        const Difference d = compare(imported, 1.0, 1e-12);
        qInfo("four_bar.sdf vs four_bar.json over 1 s at rtol = atol = 1e-12, %zu samples: max "
              "|Δθ| %.3g rad, max |ΔJ9| %.3g m",
              d.samples, d.angle, d.point);
        QVERIFY(d.samples >= 100);
        QVERIFY(d.angle <= 1e-9);
        QVERIFY(d.point <= 1e-9);
    }

    void fourBarUrdfMovesAsTheExample() {
        const ImportResult r = mustImport("four_bar_planar.urdf");
        QVERIFY2(r.diagnostics.empty(), formatDiagnostics(r.diagnostics).c_str());
        QVERIFY(r.spec->space == MotionSpace::Planar);
        QVERIFY((r.report.plane->normal - Eigen::Vector3d(0, -1, 0)).norm() < 1e-15);
        QVERIFY(!contains(r.report.approximated, "loops")); // the Grübler warning is superseded
        // axes +y = −n: every joint's sides swapped, so its coordinate is −θ
        const auto j1 = std::find_if(r.spec->joints.begin(), r.spec->joints.end(),
                                     [](const JointSpec& j) { return j.name == "J1"; });
        QCOMPARE(j1->parent.body, std::string("link1"));
        const Difference d = compare(*r.spec, -1.0, 1e-12);
        qInfo("four_bar_planar.urdf vs four_bar.json over 1 s at rtol = atol = 1e-12, %zu "
              "samples: max |Δθ| %.3g rad, max |ΔJ9| %.3g m",
              d.samples, d.angle, d.point);
        QVERIFY(d.angle <= 1e-9);
        QVERIFY(d.point <= 1e-9);
    }

    void sliderCrankSdfMovesAsTheExample() {
        const ImportResult r = mustImport("slider_crank.sdf");
        QVERIFY2(r.diagnostics.empty(), formatDiagnostics(r.diagnostics).c_str());
        MechanismSpec spec = *r.spec;
        QVERIFY(spec.space == MotionSpace::Planar);
        QCOMPARE(spec.cuts, std::vector<std::string>{"J3"});
        const auto slide = std::find_if(spec.joints.begin(), spec.joints.end(),
                                        [](const JointSpec& j) { return j.name == "J4"; });
        QVERIFY(slide->type == JointType::Prismatic);
        QVERIFY((slide->axis_P - Eigen::Vector2d(1, 0)).norm() < 1e-15);
        spec.initial.independent = {{"J1", 0.0}};
        spec.initial.rates = {{"J1", 6.283185307179586}};
        spec.tracedPoints = {{"rod_midpoint", {"link2", "mid"}}};
        // at the example's own tolerance (1e-8) dopri5 picks other steps for x4 than for J4
        // (its error scale is rtol·|q|, and x4 = J4 + 0.39 m), so the runs differ by the
        // integration error; at 1e-12 they agree
        const Pairs pairs{{"theta1", "J1"}, {"theta2", "J2"}, {"x4", "J4"}};
        for (const double tolerance : {1e-8, 1e-12}) {
            const Difference d = compareRuns("slider_crank.json", spec, pairs, 1.0, tolerance);
            qInfo("slider_crank.sdf vs slider_crank.json over 1 s at rtol = atol = %.0e, %zu "
                  "samples: max |Δq| %.3g (rad, m), max |Δmid| %.3g m",
                  tolerance, d.samples, d.angle, d.point);
            if (tolerance < 1e-8) {
                QVERIFY(d.angle <= 1e-9);
                QVERIFY(d.point <= 1e-9);
            }
        }
    }

    void keptSpatialTheRevoluteCutIsRedundant() {
        MechanismImportOptions keep;
        keep.keepSpatial = true;
        const ImportResult r = mustImport("four_bar.sdf", keep);
        QVERIFY(r.spec->space == MotionSpace::Spatial);
        QVERIFY(!r.report.plane);
        const std::vector<LoopRedundancy> redundant = loopRedundancy(*r.spec);
        QCOMPARE(redundant.size(), std::size_t(1));
        QCOMPARE(redundant[0].cut, std::string("J8"));
        QCOMPARE(redundant[0].rows, 5);
        QCOMPARE(redundant[0].redundant, 3);
        QCOMPARE(redundant[0].loop, (std::vector<std::string>{"J8", "J3", "J2", "J1"}));
        QCOMPARE(r.diagnostics.size(), std::size_t(1));
        const std::string text = formatDiagnostics(r.diagnostics);
        qInfo("%s", text.c_str());
        QVERIFY(!r.diagnostics[0].isError());
        QVERIFY(text.find("loop J8–J3–J2–J1") != std::string::npos);
        QVERIFY(text.find("3 of the 5 constraint rows of cut joint J8") != std::string::npos);
        QVERIFY(text.find("spherical or universal joint") != std::string::npos);
        QVERIFY(text.find("without --keep-spatial") != std::string::npos);
        // not planar (a pendulum swings about x from the coupler) but with the same loop: the
        // same warning, without the planar way out
        QFile file(QString::fromStdString(fixtures::kInteropData + "four_bar.sdf"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        std::string text3d = file.readAll().toStdString();
        text3d.insert(text3d.find("  </model>"), R"(
    <link name="bob"><pose>0 0.05 0.1 0 0 0</pose><inertial><mass>0.2</mass>
      <inertia><ixx>1e-4</ixx><iyy>1e-4</iyy><izz>1e-4</izz></inertia></inertial></link>
    <joint name="swing" type="revolute"><parent>link3</parent><child>bob</child>
      <axis><xyz>1 0 0</xyz></axis></joint>
)");
        ImportResult spatial3d = importSdfText(text3d, "four_bar_3d.sdf");
        QVERIFY2(spatial3d.ok(), formatDiagnostics(spatial3d.diagnostics).c_str());
        recognisePlanarOrRedundant(spatial3d, "four_bar_3d.sdf", {});
        QVERIFY(spatial3d.spec->space == MotionSpace::Spatial);
        const std::string warning = formatDiagnostics(spatial3d.diagnostics);
        qInfo("%s", warning.c_str());
        QVERIFY(warning.find("four_bar_3d.sdf: loop J8–J3–J2–J1: warning: 3 of the 5") !=
                std::string::npos);
        QVERIFY(warning.find("spherical or universal joint") != std::string::npos);
        QVERIFY(warning.find("--keep-spatial") == std::string::npos);
        // the spatial R-U-S-R four-bar has no redundant rows
        const ImportResult rusr = mustImport("four_bar_loop.urdf");
        QVERIFY(rusr.spec->space == MotionSpace::Spatial);
        QVERIFY(loopRedundancy(*rusr.spec).empty());
        QVERIFY(rusr.diagnostics.empty());
    }

    void worldGivesGravityAndOneModel() {
        const std::string world = R"(<?xml version="1.0"?>
<sdf version="1.9"><world name="w"><gravity>0 0 -3.7</gravity>
<model name="pendulum"><pose>0 0 1 0 0 0</pose>
<link name="bob"><pose>0.5 0 0 0 0 0</pose><gravity>false</gravity><velocity_decay/><inertial><mass>2</mass><inertia><ixx>0.1</ixx><iyy>0.2</iyy><izz>0.3</izz></inertia></inertial></link>
<joint name="hinge" type="revolute"><pose>-0.5 0 0 0 0 0</pose><parent>world</parent><child>bob</child><axis><xyz>0 0 1</xyz></axis></joint>
</model></world></sdf>)";
        const ImportResult r = importSdfText(world, "pendulum.world");
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics).c_str());
        QCOMPARE(r.spec->gravityZ, -3.7);
        QCOMPARE(r.spec->bodies.size(), std::size_t(1));
        const BodySpec& bob = r.spec->bodies[0];
        QCOMPARE(bob.mass, 2.0);
        QVERIFY((bob.points[0].position3() - Eigen::Vector3d(-0.5, 0, 0)).norm() < 1e-15);
        QVERIFY((r.spec->ground.points[0].position3() - Eigen::Vector3d(0, 0, 1)).norm() < 1e-15);
        QVERIFY((*bob.inertiaTensor - Eigen::Vector3d(0.1, 0.2, 0.3).asDiagonal().toDenseMatrix())
                    .norm() < 1e-15);
        QCOMPARE(r.spec->initial.independent.size(), std::size_t(1));
        // what SSLM does not keep is said
        QVERIFY(contains(r.report.approximated, "link bob gravity"));
        QVERIFY(contains(r.report.dropped, "link bob velocity_decay"));
        // a world with two models is refused, naming the second
        const std::string two = R"(<sdf version="1.9"><world name="w">
<model name="a"><link name="l"/></model>
<model name="b"><link name="l"/></model></world></sdf>)";
        const ImportResult refused = importSdfText(two, "two.world");
        QVERIFY(!refused.ok());
        const std::string text = formatDiagnostics(refused.diagnostics);
        QVERIFY2(text.find("two.world:3: <model name=\"b\">") != std::string::npos, text.c_str());
    }

    void limitsAndFrictionAreKept() {
        // a hinge with <limit> (its <stiffness> and <dissipation>) and <dynamics> (friction,
        // damping), and a slide with a lower bound only and no <stiffness>
        const std::string text = R"(<?xml version="1.0"?>
<sdf version="1.9"><model name="stops">
<link name="arm"><pose>0.5 0 0 0 0 0</pose><inertial><mass>2</mass><inertia><ixx>0.1</ixx><iyy>0.2</iyy><izz>0.3</izz></inertia></inertial></link>
<link name="block"><pose>1 0 0 0 0 0</pose><inertial><mass>1</mass><inertia><ixx>0.01</ixx><iyy>0.01</iyy><izz>0.01</izz></inertia></inertial></link>
<joint name="hinge" type="revolute"><pose>-0.5 0 0 0 0 0</pose><parent>world</parent><child>arm</child>
<axis><xyz>0 0 1</xyz><limit><lower>-0.4</lower><upper>0.9</upper><stiffness>20000</stiffness><dissipation>3</dissipation></limit>
<dynamics><damping>0.1</damping><friction>0.25</friction></dynamics></axis></joint>
<joint name="slide" type="prismatic"><parent>arm</parent><child>block</child>
<axis><xyz>1 0 0</xyz><limit><lower>0.05</lower></limit><dynamics><friction>6</friction></dynamics></axis></joint>
</model></sdf>)";
        const ImportResult r = importSdfText(text, "stops.sdf");
        QVERIFY2(r.ok(), formatDiagnostics(r.diagnostics).c_str());
        QCOMPARE(r.spec->joints.size(), std::size_t(2));
        const JointSpec& hinge = r.spec->joints[0];
        QCOMPARE(hinge.name, std::string("hinge"));
        QVERIFY(hinge.limits.has_value());
        QCOMPARE(*hinge.limits->lower, -0.4);
        QCOMPARE(*hinge.limits->upper, 0.9);
        QCOMPARE(hinge.limits->stiffness, 20000.0); // the file's <stiffness>
        QCOMPARE(hinge.limits->restitution, 0.5);   // none from <dissipation>
        QVERIFY(hinge.friction.has_value());
        QCOMPARE(hinge.friction->coulomb, 0.25);
        QCOMPARE(hinge.friction->viscous, 0.0);
        QCOMPARE(hinge.springDamper->damping, 0.1); // damping stays the spring-damper's
        const JointSpec& slide = r.spec->joints[1];
        QVERIFY(slide.limits.has_value());
        QCOMPARE(*slide.limits->lower, 0.05);
        QVERIFY(!slide.limits->upper.has_value()); // libsdformat's 1e16: no stop
        QCOMPARE(slide.limits->stiffness, 1e5);    // no <stiffness>: SSLM's default
        QCOMPARE(slide.friction->coulomb, 6.0);
        QVERIFY(!slide.springDamper.has_value());
        const auto note = [&](const std::string& element) {
            for (const ImportItem& item : r.report.approximated) {
                if (item.element == element) {
                    return item.note;
                }
            }
            return std::string("(none)");
        };
        const std::string hingeNote = note("joint hinge limit");
        QVERIFY2(hingeNote.find("<stiffness> 20000 N·m/rad") != std::string::npos,
                 hingeNote.c_str());
        QVERIFY2(hingeNote.find("<dissipation> 3 is a damping coefficient") != std::string::npos,
                 hingeNote.c_str());
        const std::string slideNote = note("joint slide limit");
        QVERIFY2(slideNote.find("[0.05, none] m") != std::string::npos, slideNote.c_str());
        QVERIFY2(slideNote.find("no <stiffness>: SSLM's default 100000 N/m") != std::string::npos,
                 slideNote.c_str());
        QVERIFY(contains(r.report.mapped, "joint hinge friction"));
        QVERIFY(!contains(r.report.dropped, "joint hinge limit"));
    }

    void turntableWorldIsPlanarSeenFromAbove() {
        const ImportResult r = mustImport("turntable.world");
        const MechanismSpec& spec = *r.spec;
        QVERIFY(spec.space == MotionSpace::Planar);
        // the axes are along gravity: the plane is x-y with X = x, Y = y, n = z
        QVERIFY((r.report.plane->normal - Eigen::Vector3d(0, 0, 1)).norm() < 1e-15);
        QVERIFY((r.report.plane->xAxis - Eigen::Vector3d(1, 0, 0)).norm() < 1e-15);
        QVERIFY((r.report.plane->origin - Eigen::Vector3d(0, 0, 0.5)).norm() < 1e-15);
        QVERIFY(spec.gravity.norm() == 0);
        QVERIFY(contains(r.report.approximated, "gravity")); // −9.81 along n, dropped
        QVERIFY(contains(r.report.approximated, "plane"));   // the forearm 0.1 m above the arm
        QVERIFY(contains(r.report.dropped, "physics name=\"default\""));
        // the model's pose (1, 2, 0.5) is kept: the pivot in the plane at (1, 2)
        QVERIFY((spec.ground.points[0].p_B - Eigen::Vector2d(1, 2)).norm() < 1e-15);
        // the forearm turned 90° about z: its COM 0.15 m along y, its inertia I_zz
        const BodySpec& forearm = body(spec, "forearm");
        QVERIFY((forearm.com_B - Eigen::Vector2d(0, 0.15)).norm() < 1e-15);
        QCOMPARE(*forearm.inertiaCom, 0.008);
        QCOMPARE(*body(spec, "arm").inertiaCom, 0.03);
        const auto base = std::find_if(spec.joints.begin(), spec.joints.end(),
                                       [](const JointSpec& j) { return j.name == "base"; });
        QVERIFY(base->springDamper && base->springDamper->damping == 0.05);
        QCOMPARE(spec.initial.independent.size(), std::size_t(2)); // a tree: both inputs
    }

    void malformedFilesNameTheLineAndElement() {
        const std::string xml = errorsOf("malformed.sdf");
        QVERIFY2(xml.find("malformed.sdf:") != std::string::npos, xml.c_str());
        QVERIFY2(xml.find("malformed XML") != std::string::npos, xml.c_str());
        const std::string type = errorsOf("unknown_joint_type.sdf");
        QVERIFY2(type.find("unknown_joint_type.sdf:7: <joint name=\"hinge\">") != std::string::npos,
                 type.c_str());
        QVERIFY2(type.find("unknown joint type 'hinge'") != std::string::npos, type.c_str());
        QVERIFY2(type.find("\"revolute\"") != std::string::npos, type.c_str());
        const std::string link = errorsOf("missing_link.sdf");
        QVERIFY2(link.find("missing_link.sdf:14: <joint name=\"elbow\">") != std::string::npos,
                 link.c_str());
        QVERIFY2(link.find("the child 'forearm' is not a link of the model") != std::string::npos,
                 link.c_str());
        QVERIFY2(link.find("known links: bob") != std::string::npos, link.c_str());
        const ImportResult screw = importSdfText(
            R"(<sdf version="1.9"><model name="m"><link name="a"/>
<joint name="s" type="screw"><parent>world</parent><child>a</child></joint></model></sdf>)",
            "screw.sdf");
        QVERIFY(!screw.ok());
        QVERIFY(formatDiagnostics(screw.diagnostics).find("screw.sdf:2: <joint name=\"s\">") !=
                std::string::npos);
    }

    void libsdformatErrorsKeepTheirLine() {
        // a pose relative to a frame that does not exist passes the first pass; libsdformat
        // refuses it with an sdf::Error that has no line (libsdformat 12.3's graph errors have
        // none): the line is that of the element its message names
        const ImportResult r = importSdfText(R"(<sdf version="1.9"><model name="m">
<link name="a"><inertial><mass>1</mass></inertial></link>
<joint name="j" type="revolute"><pose relative_to="nowhere">0 0 0 0 0 0</pose>
<parent>world</parent><child>a</child><axis><xyz>0 0 1</xyz></axis></joint></model></sdf>)",
                                             "relative.sdf");
        QVERIFY(!r.ok());
        const std::string text = formatDiagnostics(r.diagnostics);
        qInfo("%s", text.c_str());
        QVERIFY2(text.find("relative.sdf:3: <joint name=\"j\">") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("nowhere") != std::string::npos, text.c_str());
        QVERIFY2(text.find("relative.sdf:3: <joint name=\"j\">: error: libsdformat refused the "
                           "file: PoseRelativeToGraph error, Vertex with name [m::j]") !=
                     std::string::npos,
                 text.c_str());
    }

    void unknownFormatIsNamed() {
        const ImportResult r = importMechanism("model.step");
        QVERIFY(!r.ok());
        QVERIFY(formatDiagnostics(r.diagnostics).find("unknown model format '.step'") !=
                std::string::npos);
    }
};

SSLM_TEST_APPLESS_MAIN(TestSdfImport)
} // namespace tst_sdf_import

#include "tst_sdf_import.moc"
