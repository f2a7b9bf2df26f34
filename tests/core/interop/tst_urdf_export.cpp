// SPDX-License-Identifier: MIT
// URDF export (core/interop/urdf_export.hpp): exportUrdf → importUrdfText gives the same
// mechanism, compared in the world frame at q = 0 (the link frames sit at the tree joints, so
// body frames move): masses, inertia tensors, COMs, joint types, axes and both ends of every
// joint to 1e-12, for the R-U-S-R four-bar closed by a URDF+ <loop> (spherical cut), a loop of
// five bars closed by a universal cut (written as a <constraint>), the Hoekens four-bar of
// four_bar.sdf kept spatial (revolute cut, mesh visuals) and a cart on a sprung prismatic joint
// whose tree runs against one joint's sense. The planar four-bar of examples/four_bar.json goes out
// in the x–z plane and comes back planar, running as the original to 1e-9 rad over 1 s. A spherical
// joint in the spanning tree (the RSSR) is refused by name. End stops (revolute with <limit>,
// a missing bound ±1e9) and friction (<dynamics friction>, viscous in damping) come back with
// their numbers, and what URDF cannot hold is reported.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include <QtTest>

#include <Eigen/Dense>

#include "core/interop/mechanism_import.hpp"
#include "core/interop/urdf_export.hpp"
#include "core/interop/urdf_import.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/core/fixtures/runs.hpp"
#include "tests/core/interop/interop_support.hpp"
#include "tests/test_main.hpp"

namespace tst_urdf_export {

using namespace sslm;
using namespace sslm::fixtures;

namespace {

std::string exported(const MechanismSpec& spec) {
    const ExportResult result = exportUrdf(spec);
    if (!result.ok()) {
        qFatal("%s", formatDiagnostics(result.diagnostics).c_str());
    }
    return *result.text;
}

/// A spec's bodies at q = 0 by its spanning tree (every joint but its cuts): each body frame's
/// origin in W (all frames are parallel to W there), by body id.
struct Placed {
    const MechanismSpec* spec = nullptr;
    std::map<std::string, Eigen::Vector3d> origin;

    const BodySpec& body(const std::string& id) const {
        for (const BodySpec& b : spec->bodies) {
            if (b.id == id) {
                return b;
            }
        }
        qFatal("no body %s", id.c_str());
    }
    Eigen::Vector3d local(const JointEnd& end) const {
        const std::vector<BodyPoint>& points =
            end.body == kGroundId ? spec->ground.points : body(end.body).points;
        for (const BodyPoint& p : points) {
            if (p.name == end.point) {
                return p.position3();
            }
        }
        qFatal("no point %s on %s", end.point.c_str(), end.body.c_str());
    }
    Eigen::Vector3d point(const std::string& bodyId, const std::string& name) const {
        return origin.at(bodyId) + local({bodyId, name});
    }
    Eigen::Vector3d com(const std::string& bodyId) const {
        const BodySpec& b = body(bodyId);
        return origin.at(bodyId) + Eigen::Vector3d(b.com_B.x(), b.com_B.y(), b.comZ_B);
    }
};

Placed placed(const MechanismSpec& spec) {
    Placed out{&spec, {{kGroundId, Eigen::Vector3d::Zero()}}};
    for (bool grew = true; grew;) {
        grew = false;
        for (const JointSpec& j : spec.joints) {
            if (std::find(spec.cuts.begin(), spec.cuts.end(), j.name) != spec.cuts.end()) {
                continue;
            }
            const bool hasParent = out.origin.count(j.parent.body) != 0;
            if (hasParent == (out.origin.count(j.child.body) != 0)) {
                continue;
            }
            const JointEnd& from = hasParent ? j.parent : j.child;
            const JointEnd& to = hasParent ? j.child : j.parent;
            out.origin[to.body] = out.origin[from.body] + out.local(from) - out.local(to);
            grew = true;
        }
    }
    return out;
}

/// The largest difference between `a` and its URDF round trip `b` in W at q = 0 (relative for
/// masses and inertias, m for COMs and joint points, unit vectors for axes); fatal when an
/// element is missing.
double roundTripDifference(const MechanismSpec& a, const MechanismSpec& b) {
    if (a.bodies.size() != b.bodies.size() || a.joints.size() != b.joints.size()) {
        qFatal("%s: the round trip has %zu bodies, %zu joints", a.name.c_str(), b.bodies.size(),
               b.joints.size());
    }
    const Placed x = placed(a);
    const Placed y = placed(b);
    double worst = 0;
    for (const BodySpec& p : a.bodies) {
        const BodySpec& q = y.body(p.id);
        worst = std::max(worst, std::abs(p.mass - q.mass) / p.mass);
        worst =
            std::max(worst, (*p.inertiaTensor - *q.inertiaTensor).norm() / p.inertiaTensor->norm());
        worst = std::max(worst, (x.com(p.id) - y.com(p.id)).norm());
    }
    for (const JointSpec& ja : a.joints) {
        const JointSpec& back = fixtures::sameJoint(b, ja);
        const bool swapped = back.parent.body != ja.parent.body;
        if (ja.type == JointType::Universal) {
            // seen from the other side a universal joint turns about −a2, then −a1
            const Eigen::Vector3d axis = swapped ? Eigen::Vector3d(-ja.axis2) : ja.axis;
            const Eigen::Vector3d axis2 = swapped ? Eigen::Vector3d(-ja.axis) : ja.axis2;
            worst = std::max(worst, (axis.normalized() - back.axis).norm());
            worst = std::max(worst, (axis2.normalized() - back.axis2).norm());
        } else if (ja.type != JointType::Spherical) {
            const Eigen::Vector3d axis = swapped ? Eigen::Vector3d(-ja.axis) : ja.axis;
            worst = std::max(worst, (axis.normalized() - back.axis).norm());
        }
        const JointEnd& p = swapped ? back.child : back.parent;
        const JointEnd& c = swapped ? back.parent : back.child;
        worst = std::max(
            worst, (x.point(ja.parent.body, ja.parent.point) - y.point(p.body, p.point)).norm());
        worst = std::max(
            worst, (x.point(ja.child.body, ja.child.point) - y.point(c.body, c.point)).norm());
    }
    if (a.cuts.size() != b.cuts.size()) {
        qFatal("%s: %zu cuts came back as %zu", a.name.c_str(), a.cuts.size(), b.cuts.size());
    }
    return worst;
}

/// A cart on a prismatic joint along x (a spring-damper on it) and a pendulum hung from it by a
/// revolute joint about y whose own parent is the pendulum: the tree runs against it.
MechanismSpec cartPendulum() {
    MechanismSpec spec = fixtures::cartAndPendulum({0.2, 0}, 0.1);
    BodySpec& pendulum = spec.bodies[1];
    pendulum.visuals = {VisualSpec{}};
    pendulum.visuals[0].kind = VisualKind::Cylinder;
    pendulum.visuals[0].radius = 0.01;
    pendulum.visuals[0].length = 0.5;
    pendulum.visuals[0].position = {0, 0, -0.25};
    pendulum.visuals[0].color = Eigen::Vector3d(0.2, 0.4, 0.8);
    spec.joints.push_back(spatialJoint("hinge", JointType::Revolute, {"pendulum", "pivot"},
                                       {"cart", "hook"}, Eigen::Vector3d(0, 1, 0)));
    return spec;
}

/// A loop of five bars on revolute joints about z, x, y, z, x, closed back to the ground by a
/// universal cut (first axis x on the ground, second y on the last bar): one DOF by Grübler.
MechanismSpec universalCut() {
    MechanismSpec spec = fixtures::spatialSpec("five_bar_universal_cut");
    spec.ground.points = {{"O", {0, 0}, 0}, {"E", {0.2, 0.3}, 0.1}};
    const Eigen::Vector3d axes[] = {Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitX(),
                                    Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitZ(),
                                    Eigen::Vector3d::UnitX()};
    std::string previous = kGroundId;
    std::string previousPoint = "O";
    for (int k = 1; k <= 5; ++k) {
        BodySpec bar;
        bar.id = "bar" + std::to_string(k);
        bar.name = bar.id;
        bar.mass = 0.1 * k;
        bar.com_B = {0.05, 0.01 * k};
        bar.inertiaTensor = Eigen::Vector3d(1e-3 * k, 1.5e-3 * k, 2e-3 * k).asDiagonal();
        bar.points = {{"a", {0, 0}, 0}, {"b", {0.1, 0.02 * k}, -0.01 * k}};
        spec.bodies.push_back(bar);
        spec.joints.push_back(spatialJoint("R" + std::to_string(k), JointType::Revolute,
                                           {previous, previousPoint}, {bar.id, "a"}, axes[k - 1]));
        previous = bar.id;
        previousPoint = "b";
    }
    spec.joints.push_back(spatialJoint("U", JointType::Universal, {kGroundId, "E"}, {"bar5", "b"},
                                       Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY()));
    spec.cuts = {"U"};
    return spec;
}

bool mentions(const std::vector<ImportItem>& items, const std::string& element) {
    return std::any_of(items.begin(), items.end(),
                       [&](const ImportItem& item) { return item.element == element; });
}

/// θ of each named coordinate at every sample of a 1 s run.
std::vector<std::map<std::string, double>> run(const MechanismSpec& spec) {
    std::string why;
    std::optional<SimulationSettings> settings = settingsFromSpec(spec.solver, &why);
    if (!settings) {
        qFatal("%s", why.c_str());
    }
    settings->tEnd = 1.0;
    std::vector<std::map<std::string, double>> out;
    fixtures::runSpec(spec, *settings, [&](const Model& model, const Sample& s) {
        out.push_back(fixtures::namedCoordinates(model, s));
    });
    return out;
}

} // namespace

class TestUrdfExport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void exportThenImportGivesTheSameMechanism() {
        MechanismImportOptions keep;
        keep.keepSpatial = true;
        for (const MechanismSpec& spec :
             {*mustImport(kInteropData + "four_bar_loop.urdf").spec, universalCut(),
              *mustImport(kInteropData + "four_bar.sdf", keep).spec, cartPendulum(),
              exampleSpec("rssr.json"), exampleSpec("stewart_platform.json"),
              exampleSpec("spatial_ladder_4.json")}) {
            const std::string text = exported(spec);
            const ImportResult back = importUrdfText(text, spec.name + ".urdf");
            QVERIFY2(back.ok(), (formatDiagnostics(back.diagnostics) + text).c_str());
            const double difference = roundTripDifference(spec, *back.spec);
            qInfo("%s: URDF round trip, largest difference %.3g", spec.name.c_str(), difference);
            QVERIFY2(difference <= 1e-12, text.c_str());
        }
    }

    void writesLoopsVisualsAndWhatItDrops() {
        const ExportResult loop = exportUrdf(*mustImport(kInteropData + "four_bar_loop.urdf").spec);
        QVERIFY(loop.text->find("<loop name=\"C\" type=\"spherical\">") != std::string::npos);
        const ExportResult universal = exportUrdf(universalCut());
        QVERIFY(universal.text->find("<constraint name=\"U\" type=\"universal\">") !=
                std::string::npos);
        const ExportResult cart = exportUrdf(cartPendulum());
        const std::string& text = *cart.text;
        QVERIFY(text.find("<dynamics damping=\"1.5\"/>") != std::string::npos);
        QVERIFY(text.find("<cylinder radius=\"0.01\" length=\"0.5\"/>") != std::string::npos);
        QVERIFY(text.find("<color rgba=\"0.2 0.4 0.8 1\"/>") != std::string::npos);
        QVERIFY(mentions(cart.dropped, "joint slide spring"));
        QVERIFY(mentions(cart.approximated, "coordinate x"));
        QVERIFY(mentions(cart.dropped, "points")); // the pendulum's tip
        // the pendulum's visual comes back where it was, in W: its link sits at the hinge
        const ImportResult back = importUrdfText(text, "cart.urdf");
        const Placed x = placed(cartPendulum());
        const Placed y = placed(*back.spec);
        const BodySpec& pendulum = back.spec->bodies[1];
        QCOMPARE(pendulum.visuals.size(), std::size_t(1));
        QVERIFY((y.origin.at("pendulum") + pendulum.visuals[0].position -
                 (x.origin.at("pendulum") + Eigen::Vector3d(0, 0, -0.25)))
                    .norm() < 1e-12);
        // urdfdom keeps colours as floats
        QVERIFY((*pendulum.visuals[0].color - Eigen::Vector3d(0.2, 0.4, 0.8)).norm() < 1e-6);
    }

    void stopsAndFrictionGoOutAndComeBack() {
        // the cart's slide: an upper stop only, Coulomb and viscous friction beside its
        // spring-damper (damping 1.5); the hinge, whose tree runs against it (axis negated,
        // same coordinate): both stops with their own stiffness and restitution
        MechanismSpec spec = cartPendulum();
        JointSpec& slide = spec.joints[0];
        slide.limits = JointLimitsSpec{};
        slide.limits->upper = 0.35;
        slide.friction = JointFrictionSpec{2.5, 0.25, 1e-3};
        JointSpec& hinge = spec.joints[1];
        hinge.limits = JointLimitsSpec{-0.3, 0.8, 2e4, 0.8};
        hinge.friction = JointFrictionSpec{0.04, 0.0, 1e-3};
        const ExportResult result = exportUrdf(spec);
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        const std::string& text = *result.text;
        QVERIFY2(text.find("<joint name=\"hinge\" type=\"revolute\">") != std::string::npos,
                 text.c_str());
        QVERIFY(text.find("<limit lower=\"-0.3\" upper=\"0.8\" effort=\"0\" velocity=\"0\"/>") !=
                std::string::npos);
        QVERIFY(text.find("<limit lower=\"-1e+09\" upper=\"0.35\" effort=\"0\" "
                          "velocity=\"0\"/>") != std::string::npos);
        QVERIFY(text.find("<dynamics damping=\"1.75\" friction=\"2.5\"/>") != std::string::npos);
        QVERIFY(text.find("<dynamics friction=\"0.04\"/>") != std::string::npos);
        // what URDF cannot hold is said, with the numbers
        const auto note = [&](const std::string& element) {
            return noteOf(result.approximated, element);
        };
        QVERIFY2(note("joint hinge limit")
                         .find("stop stiffness 20000, restitution 0.8 are not "
                               "written") != std::string::npos,
                 note("joint hinge limit").c_str());
        QVERIFY(note("joint slide limit").find("read back as none") != std::string::npos);
        QVERIFY(note("joint slide viscous friction").find("1.75") != std::string::npos);
        QVERIFY(mentions(result.mapped, "joint hinge friction"));
        // read back: the bounds and the Coulomb friction as they were; the stops' stiffness
        // and restitution SSLM's defaults; the viscous friction in the damping
        const ImportResult back = importUrdfText(text, "cart.urdf");
        QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
        const JointSpec& slideBack = back.spec->joints[0];
        const JointSpec& hingeBack = back.spec->joints[1];
        QCOMPARE(slideBack.name, std::string("slide"));
        QCOMPARE(hingeBack.name, std::string("hinge"));
        QVERIFY(slideBack.limits && !slideBack.limits->lower);
        QCOMPARE(*slideBack.limits->upper, 0.35);
        QCOMPARE(slideBack.friction->coulomb, 2.5);
        QCOMPARE(slideBack.friction->viscous, 0.0);
        QCOMPARE(slideBack.springDamper->damping, 1.75);
        QCOMPARE(*hingeBack.limits->lower, -0.3);
        QCOMPARE(*hingeBack.limits->upper, 0.8);
        QCOMPARE(hingeBack.limits->stiffness, 1e5);
        QCOMPARE(hingeBack.limits->restitution, 0.5);
        QCOMPARE(hingeBack.friction->coulomb, 0.04);
        // the hinge's coordinate keeps its sense: the same turn of the pendulum
        QVERIFY(roundTripDifference(spec, *back.spec) <= 1e-12);
        // loads and two-point elements have no URDF form: said, not silently lost
        MechanismSpec loaded = spec;
        loaded.loads.push_back(LoadSpec{});
        loaded.loads.back().name = "push";
        loaded.loads.back().at = {"cart", "hook"};
        loaded.loads.back().force.kind = SignalSpec::Kind::Constant;
        loaded.loads.back().force.value = 3.0;
        const ExportResult withLoad = exportUrdf(loaded);
        QVERIFY(withLoad.ok());
        QVERIFY(mentions(withLoad.dropped, "loads"));
    }

    void planarFourBarComesBackPlanarAndRunsTheSame() {
        const MechanismSpec original = exampleSpec("four_bar.json");
        const ExportResult result = exportUrdf(original);
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        QVERIFY(mentions(result.mapped, "plane"));
        QVERIFY(mentions(result.dropped, "initial state"));
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath("four_bar.urdf").toStdString();
        std::ofstream(file) << *result.text;
        const ImportResult back = mustImport(file);
        QVERIFY(back.spec->space == MotionSpace::Planar);
        QVERIFY(back.report.plane.has_value());
        // the initial state, which URDF cannot hold, set again under the joints' names
        MechanismSpec again = *back.spec;
        again.initial.independent = {{"J1", 0.0}};
        again.initial.rates = {{"J1", 4.7124}};
        again.initial.assemblyGuess = {{"J2", 0.9869762549775295}, {"J3", 1.1676401436347343}};
        again.solver = original.solver;
        const auto a = run(original);
        const auto b = run(again);
        QCOMPARE(a.size(), b.size());
        const std::map<std::string, std::string> name{
            {"theta1", "J1"}, {"theta2", "J2"}, {"theta3", "J3"}};
        double worst = 0;
        for (std::size_t k = 0; k < a.size(); ++k) {
            for (const auto& [coordinate, value] : a[k]) {
                worst = std::max(worst, std::abs(value - b[k].at(name.at(coordinate))));
            }
        }
        qInfo("four_bar.json through URDF: largest coordinate difference %.3g rad over 1 s", worst);
        QVERIFY(worst <= 1e-9);
    }

    void rssrComesBackWithItsBallJointAndRunsTheSame() {
        // the RSSR's tree holds the spherical joint J2: three hinges through massless links
        const MechanismSpec original = exampleSpec("rssr.json");
        const ExportResult result = exportUrdf(original);
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        QVERIFY(result.text->find("<link name=\"J2__link2\"/>") != std::string::npos);
        QVERIFY(result.text->find("<constraint name=\"J3\" type=\"universal\">") !=
                std::string::npos);
        QVERIFY(mentions(result.approximated, "joint J2"));
        const ImportResult back = importUrdfText(*result.text, "rssr.urdf");
        QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
        const JointSpec& ball = *std::find_if(back.spec->joints.begin(), back.spec->joints.end(),
                                              [](const JointSpec& j) { return j.name == "J2"; });
        QCOMPARE(ball.type, JointType::Spherical);
        QCOMPARE(ball.coordinates, (std::vector<std::string>{"J2.wx", "J2.wy", "J2.wz"}));
        // the initial state again, under the joints' names: the crank J1 (theta) drives
        MechanismSpec again = *back.spec;
        again.initial.independent = {{"J1", 0.0}};
        again.initial.rates = {{"J1", 2 * 3.141592653589793}};
        again.initial.assemblyGuess = {{"J4", 2.004625277}, {"J3.2", 2.004625277}};
        again.solver = original.solver;
        const auto a = run(original);
        const auto b = run(again);
        QCOMPARE(a.size(), b.size());
        double worst = 0;
        for (std::size_t k = 0; k < a.size(); ++k) {
            worst = std::max(worst, std::abs(a[k].at("theta") - b[k].at("J1")));
            worst = std::max(worst, std::abs(a[k].at("phi") - b[k].at("J4")));
        }
        qInfo("rssr.json through URDF: largest crank/rocker difference %.3g rad over 1 s", worst);
        QVERIFY(worst <= 1e-9);
    }
};

SSLM_TEST_APPLESS_MAIN(TestUrdfExport)
} // namespace tst_urdf_export

#include "tst_urdf_export.moc"
