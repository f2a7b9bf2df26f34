// SPDX-License-Identifier: MIT
// SDFormat export (core/interop/sdf_export.hpp): exportSdf → importSdfText gives the same
// mechanism (masses, inertia tensors, COMs, gravity, joint types, points and axes to 1e-12) for
// the R-U-S-R four-bar of tests/data/interop/four_bar_loop.urdf (spherical cut), the Hoekens
// four-bar of four_bar.sdf kept spatial (revolute cut) and a cart with a universal pendulum
// (a prismatic joint with a spring-damper, a free point written as a <frame>); the Hoekens
// coupler's mesh and the other visuals come back in place; the planar four-bar of
// examples/four_bar.json goes out in the x–z plane and comes back planar, also with end stops
// (<limit> with <stiffness>) and friction, which a spatial cut drops.

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <QtTest>

#include <Eigen/Dense>

#include "core/interop/mechanism_import.hpp"
#include "core/interop/sdf_export.hpp"
#include "core/interop/sdf_import.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/core/interop/interop_support.hpp"
#include "tests/test_main.hpp"

namespace tst_sdf_export {

using namespace sslm;
using namespace sslm::fixtures;

namespace {

const BodyPoint*
findPoint(const MechanismSpec& spec, const std::string& bodyId, const std::string& name) {
    const std::vector<BodyPoint>& points =
        bodyId == kGroundId ? spec.ground.points : body(spec, bodyId).points;
    for (const BodyPoint& p : points) {
        if (p.name == name) {
            return &p;
        }
    }
    return nullptr;
}

/// The largest difference between `a` and its SDFormat round trip `b` (relative for masses and
/// inertias, m for COMs and points, unit vectors for axes); fatal when an element is missing.
double roundTripDifference(const MechanismSpec& a, const MechanismSpec& b) {
    double worst = 0;
    if (a.bodies.size() != b.bodies.size() || a.joints.size() != b.joints.size() ||
        a.cuts != b.cuts) {
        qFatal("%s: the round trip has %zu bodies, %zu joints, %zu cuts", a.name.c_str(),
               b.bodies.size(), b.joints.size(), b.cuts.size());
    }
    worst = std::max(worst, (gravity3(a) - gravity3(b)).norm());
    for (const BodySpec& x : a.bodies) {
        const BodySpec& y = body(b, x.id);
        worst = std::max(worst, std::abs(x.mass - y.mass) / x.mass);
        worst =
            std::max(worst, (*x.inertiaTensor - *y.inertiaTensor).norm() / x.inertiaTensor->norm());
        worst = std::max(worst, (x.com_B - y.com_B).norm() + std::abs(x.comZ_B - y.comZ_B));
    }
    for (const JointSpec& x : a.joints) {
        const JointSpec& back = fixtures::sameJoint(b, x);
        const bool swapped = back.parent.body != x.parent.body;
        if (x.type != JointType::Spherical) {
            const Eigen::Vector3d axis = x.type == JointType::Universal && swapped ? x.axis2
                                         : swapped ? Eigen::Vector3d(-x.axis)
                                                   : x.axis;
            worst = std::max(worst, (axis.normalized() - back.axis).norm());
        }
        if (x.type == JointType::Universal) {
            const Eigen::Vector3d axis2 = swapped ? x.axis : x.axis2;
            worst = std::max(worst, (axis2.normalized() - back.axis2).norm());
        }
        for (const JointEnd* end : {&x.parent, &x.child}) {
            const BodyPoint* p = findPoint(a, end->body, end->point);
            const BodyPoint* q = findPoint(b, end->body, x.name);
            if (p == nullptr || q == nullptr) {
                qFatal("joint %s: a point is missing", x.name.c_str());
            }
            worst = std::max(worst, (p->position3() - q->position3()).norm());
        }
    }
    return worst;
}

/// A cart on a prismatic joint along x with a spring-damper, and a pendulum hung from it by a
/// universal joint (x, then y), with a free point at its tip.
MechanismSpec cartPendulum() {
    MechanismSpec spec = fixtures::cartAndPendulum({0, 0}, 0);
    spec.joints.push_back(spatialJoint("hooke", JointType::Universal, {"cart", "hook"},
                                       {"pendulum", "pivot"}, Eigen::Vector3d(1, 0, 0),
                                       Eigen::Vector3d(0, 1, 0)));
    return spec;
}

} // namespace

class TestSdfExport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void exportThenImportGivesTheSameMechanism() {
        MechanismImportOptions keep;
        keep.keepSpatial = true;
        for (const MechanismSpec& spec : {*mustImport("four_bar_loop.urdf").spec,
                                          *mustImport("four_bar.sdf", keep).spec, cartPendulum()}) {
            const std::string text = *exportSdf(spec).text;
            const ImportResult back = importSdfText(text, spec.name + ".world");
            QVERIFY2(back.ok(), (formatDiagnostics(back.diagnostics) + text).c_str());
            const double difference = roundTripDifference(spec, *back.spec);
            qInfo("%s: SDFormat round trip, largest difference %.3g", spec.name.c_str(),
                  difference);
            QVERIFY2(difference <= 1e-12, text.c_str());
        }
        // the cart's spring-damper and the pendulum's free point come back
        const ImportResult cart = importSdfText(*exportSdf(cartPendulum()).text, "cart.world");
        QVERIFY(cart.spec->joints[0].springDamper == (SpringDamperSpec{40.0, 0.1, 1.5}));
        QVERIFY(findPoint(*cart.spec, "pendulum", "pendulum.tip") != nullptr);
    }

    void visualsComeBack() {
        MechanismImportOptions keep;
        keep.keepSpatial = true;
        const MechanismSpec spec = *mustImport("four_bar.sdf", keep).spec;
        const ImportResult back = importSdfText(*exportSdf(spec).text, "four_bar.world");
        QVERIFY(back.ok());
        std::size_t count = 0;
        for (const BodySpec& b : spec.bodies) {
            const std::vector<VisualSpec>& again = body(*back.spec, b.id).visuals;
            QCOMPARE(again.size(), b.visuals.size());
            for (std::size_t k = 0; k < b.visuals.size(); ++k, ++count) {
                QCOMPARE(again[k].kind, b.visuals[k].kind);
                QVERIFY((again[k].position - b.visuals[k].position).norm() < 1e-12);
                QVERIFY((again[k].rpy - b.visuals[k].rpy).norm() < 1e-12);
            }
        }
        QVERIFY(count > 0);
    }

    void planarMechanismGoesOutInTheXzPlaneAndComesBackPlanar() {
        const MechanismSpec original = exampleSpec("four_bar.json");
        const std::string text = *exportSdf(original).text;
        QVERIFY(text.find("<xyz>0 -1 0</xyz>") != std::string::npos); // the plane's normal
        ImportResult back = importSdfText(text, "four_bar.world");
        QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
        recognisePlanarOrRedundant(back, "four_bar.world", {});
        QVERIFY(back.spec->space == MotionSpace::Planar);
        QCOMPARE(back.spec->gravity, original.gravity);
        for (const BodySpec& b : original.bodies) {
            QCOMPARE(body(*back.spec, b.id).mass, b.mass);
        }
        QCOMPARE(back.spec->cuts, original.cuts);
    }

    void stopsAndFrictionGoOutAndComeBackPlanar() {
        // the planar four-bar with stops and friction on its crank, a lower stop on the
        // coupler joint and friction on the cut: lifted into the x–z plane, written, read back
        // and recognised planar again
        MechanismSpec original = exampleSpec("four_bar.json");
        const auto joint = [](MechanismSpec& spec, const std::string& name) -> JointSpec& {
            return *std::find_if(spec.joints.begin(), spec.joints.end(),
                                 [&](const JointSpec& j) { return j.name == name; });
        };
        joint(original, "J1").limits = JointLimitsSpec{-1.0, 2.5, 3e4, 0.7};
        joint(original, "J1").friction = JointFrictionSpec{0.02, 0.01, 1e-3};
        joint(original, "J3").limits = JointLimitsSpec{};
        joint(original, "J3").limits->lower = 0.5;
        joint(original, "J8").friction = JointFrictionSpec{0.01, 0.0, 1e-3};
        const ExportResult result = exportSdf(original);
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        const std::string& text = *result.text;
        QVERIFY2(text.find("<limit><lower>-1</lower><upper>2.5</upper><stiffness>30000</"
                           "stiffness></limit>") != std::string::npos,
                 text.c_str());
        QVERIFY(text.find("<limit><lower>0.5</lower><stiffness>100000</stiffness></limit>") !=
                std::string::npos);
        QVERIFY(text.find("<dynamics><damping>0.01</damping><friction>0.02</friction>") !=
                std::string::npos);
        const auto note = [&](const std::string& element) {
            return noteOf(result.approximated, element);
        };
        QVERIFY2(note("joint J1 limit").find("restitution 0.7 not written") != std::string::npos,
                 note("joint J1 limit").c_str());
        QVERIFY(note("joint J1 viscous friction").find("<damping> 0.01") != std::string::npos);
        ImportResult back = importSdfText(text, "four_bar.world");
        QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
        recognisePlanarOrRedundant(back, "four_bar.world", {});
        QVERIFY(back.spec->space == MotionSpace::Planar);
        const JointSpec& j1 = joint(*back.spec, "J1");
        QVERIFY(j1.limits.has_value());
        QCOMPARE(*j1.limits->lower, -1.0);
        QCOMPARE(*j1.limits->upper, 2.5);
        QCOMPARE(j1.limits->stiffness, 3e4);   // SDFormat's <stiffness>
        QCOMPARE(j1.limits->restitution, 0.5); // SDFormat has none
        QCOMPARE(j1.friction->coulomb, 0.02);
        QCOMPARE(j1.springDamper->damping, 0.01); // the viscous friction, as <damping>
        const JointSpec& j3 = joint(*back.spec, "J3");
        QCOMPARE(*j3.limits->lower, 0.5);
        QVERIFY(!j3.limits->upper.has_value());
        QCOMPARE(joint(*back.spec, "J8").friction->coulomb, 0.01);
        QVERIFY(!joint(*back.spec, "J2").limits.has_value());
        // kept spatial, the cut J8 has no coordinate for its friction: dropped and said (the
        // loop itself stays redundant in space, as it is without friction)
        ImportResult spatial = importSdfText(text, "four_bar.world");
        MechanismImportOptions keep;
        keep.keepSpatial = true;
        recognisePlanarOrRedundant(spatial, "four_bar.world", keep);
        QVERIFY(spatial.spec->space == MotionSpace::Spatial);
        QVERIFY(!joint(*spatial.spec, "J8").friction.has_value());
        QVERIFY(std::any_of(spatial.report.dropped.begin(), spatial.report.dropped.end(),
                            [](const ImportItem& i) { return i.element == "joint J8 friction"; }));
        QCOMPARE(joint(*spatial.spec, "J1").friction->coulomb, 0.02); // a tree joint's stays
    }
};

SSLM_TEST_APPLESS_MAIN(TestSdfExport)
} // namespace tst_sdf_export

#include "tst_sdf_export.moc"
