// SPDX-License-Identifier: MIT
// The sized spatial templates of File ▸ New From Template: the RSSR with the seed's sizes is
// the seed's RSSR (points, masses and inertias to rounding); other sizes assemble their
// reference pose closed and run 1 s conserving energy; the Stewart platform's defaults are
// stewartPlatformSpec() exactly and a taller one assembles and runs; impossible sizes are
// refused with a message naming the size to change.

#include <cmath>
#include <string>

#include <QtTest>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/thrown.hpp"
#include "tests/test_main.hpp"

namespace tst_spatial_templates {

using namespace sslm;
using fixtures::thrownMessage;

namespace {

constexpr double kSameTol = 1e-9;     // m, unit vectors: the seed's 13-digit literals vs computed
constexpr double kInertiaTol = 1e-8;  // kg·m²: the seed rounds m·L²/12 to five digits
constexpr double kClosureTol = 1e-10; // m: the reference pose closes
constexpr double kEnergyTol = 1e-8;   // relative, dopri5 at rtol = atol = 1e-11 over 1 s

/// Assembles and runs `spec` for `tEnd` s; returns the relative energy drift (fatal on failure).
double energyDrift(const MechanismSpec& spec, double tEnd) {
    const auto model = fixtures::compiled(spec);
    const InitialState initial = assembleInitialState(*model);
    if (!initial.report.converged || initial.report.residual > kClosureTol) {
        qFatal("%s does not assemble: %s", spec.name.c_str(), initial.report.message.c_str());
    }
    SimulationSettings settings;
    settings.tEnd = tEnd;
    settings.sampleInterval = 0.01;
    settings.rtol = 1e-11;
    settings.atol = 1e-11;
    double e0 = 0, worst = 0, scale = 0;
    bool first = true;
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& s) {
        if (first) {
            e0 = s.totalEnergy;
            first = false;
        }
        scale = std::max({scale, std::abs(e0), s.kineticEnergy});
        worst = std::max(worst, std::abs(s.totalEnergy - e0));
    };
    const SimulationSummary summary = simulate(*model, settings, initial.q, initial.qd, callbacks);
    if (!summary.ok) {
        qFatal("%s: %s", spec.name.c_str(), summary.message.c_str());
    }
    return worst / scale;
}

} // namespace

class TestSpatialTemplates : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rssrDefaultsAreTheSeeds() {
        const MechanismSpec seed = rssrSpec("J3");
        const MechanismSpec sized = rssrTemplate();
        QCOMPARE(sized.bodies.size(), seed.bodies.size());
        for (std::size_t b = 0; b < seed.bodies.size(); ++b) {
            const BodySpec& s = seed.bodies[b];
            const BodySpec& t = sized.bodies[b];
            QCOMPARE(t.id, s.id);
            QCOMPARE(t.mass, s.mass);
            QVERIFY2(std::abs(t.comZ_B - s.comZ_B) < kSameTol,
                     qPrintable(QString::number(t.comZ_B - s.comZ_B)));
            QVERIFY((t.com_B - s.com_B).norm() < kSameTol);
            QVERIFY((*t.inertiaTensor - *s.inertiaTensor).norm() < kInertiaTol);
            QCOMPARE(t.points.size(), s.points.size());
            for (std::size_t p = 0; p < s.points.size(); ++p) {
                QVERIFY((t.points[p].position3() - s.points[p].position3()).norm() < kSameTol);
            }
        }
        QVERIFY2((sized.joints[2].axis - seed.joints[2].axis).norm() < kSameTol,
                 qPrintable(QString::number((sized.joints[2].axis - seed.joints[2].axis).norm())));
    }

    void otherSizesAssembleAndConserveEnergy() {
        RssrTemplateOptions options;
        options.crank = 0.05;
        options.rocker = 0.14;
        options.pivotD = {0.12, 0.10, 0.02};
        options.rockerAngle = 1.7;
        const double drift = energyDrift(rssrTemplate(options), 1.0);
        qInfo("RSSR 0.05/0.14 m, D = (0.12, 0.10, 0.02) m: relative energy drift %.2g over 1 s",
              drift);
        QVERIFY2(drift < kEnergyTol, qPrintable(QString::number(drift)));
    }

    void stewartDefaultsAreTheExample() {
        QCOMPARE(toJson(stewartPlatformSpec(StewartPlatformOptions{})),
                 toJson(stewartPlatformSpec()));
        StewartPlatformOptions taller;
        taller.height = 0.8;
        taller.restLength = 0.88;
        taller.platformMass = 3.0;
        const double drift = energyDrift(stewartPlatformSpec(taller), 1.0);
        qInfo("Stewart platform 0.8 m high: relative energy drift %.2g over 1 s", drift);
        QVERIFY2(drift < kEnergyTol, qPrintable(QString::number(drift)));
    }

    void impossibleSizesAreNamed() {
        RssrTemplateOptions noCrank;
        noCrank.crank = 0;
        QVERIFY(thrownMessage([&] { rssrTemplate(noCrank); }).find("crank") != std::string::npos);
        RssrTemplateOptions meeting; // the rocker's tip on the crank tip: no coupler
        meeting.pivotD = {0.04, -0.1 * std::cos(kRssrReferencePhi),
                          -0.1 * std::sin(kRssrReferencePhi)};
        QVERIFY(thrownMessage([&] { rssrTemplate(meeting); }).find("coupler") != std::string::npos);
        StewartPlatformOptions flat;
        flat.height = -0.1;
        QVERIFY(thrownMessage([&] { stewartPlatformSpec(flat); }).find("height") !=
                std::string::npos);
    }
};

SSLM_TEST_GUILESS_MAIN(TestSpatialTemplates)
} // namespace tst_spatial_templates
#include "tst_spatial_templates.moc"
