// SPDX-License-Identifier: MIT
// The Insert ▸ Template mechanisms: each compiles without a diagnostic, assembles its initial
// state with every loop closed, has the expected DOF by Grübler and by the rank of J, runs free
// for 0.5 s conserving energy, turns its crank fully (1-DOF templates), round-trips through the
// file format unchanged, and refuses impossible sizes with a message naming the problem.

#include <cmath>
#include <functional>
#include <numbers>
#include <type_traits>

#include <QtTest>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/mechanism_templates.hpp"
#include "core/spec/spec_json.hpp"

#include "tests/core/fixtures/thrown.hpp"
#include "tests/test_main.hpp"

namespace tst_mechanism_templates {

using namespace sslm;
using fixtures::thrownMessage;

namespace {

/// Builds a template from its default options changed by `change` (a row of
/// impossibleSizesThrow).
template <class Options>
std::function<void()> sized(MechanismSpec (*make)(const Options&),
                            std::type_identity_t<void (*)(Options&)> change) {
    return [make, change] {
        Options options;
        change(options);
        make(options);
    };
}

constexpr double kClosureTol = 1e-12; // m: closed-form dyads, then Newton to 1e-13
constexpr double kEnergyTol = 1e-8;   // relative, dopri5 at rtol = atol = 1e-12 over 0.5 s
constexpr double kMinMotion = 1e-3;   // rad or m: the free run really moves
constexpr int kTurnSteps = 72;        // 5° steps over a full crank turn

std::shared_ptr<const Model> compiledOrFail(const MechanismSpec& spec) {
    const CompileResult result = compileModel(spec);
    if (!result.ok()) {
        qFatal("%s", formatDiagnostics(result.diagnostics).c_str());
    }
    return result.model;
}

} // namespace

class TestMechanismTemplates : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachTemplate_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("dof");
        for (const MechanismTemplateInfo& info : mechanismTemplates()) {
            QTest::newRow(info.id.c_str()) << QString::fromStdString(info.id) << info.dof;
        }
    }

    void eachTemplate() {
        QFETCH(QString, id);
        QFETCH(int, dof);
        const MechanismSpec spec = mechanismTemplate(id.toStdString());

        // compiles with no error or warning
        const CompileResult result = compileModel(spec);
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        QVERIFY2(result.diagnostics.empty(), formatDiagnostics(result.diagnostics).c_str());
        const Model& model = *result.model;

        // assembles with every loop closed, on the closed-form branch of its guess
        const InitialState initial = assembleInitialState(model);
        QVERIFY2(initial.report.converged, initial.report.message.c_str());
        QCOMPARE(int(initial.report.closedFormLoops.size()) +
                     int(initial.report.newtonLoops.size()),
                 model.nLoops());
        Workspace ws(model);
        updatePositions(model, ws, initial.q);
        const double closure = constraintResidual(model, ws).cwiseAbs().maxCoeff();
        QVERIFY2(closure <= kClosureTol, qPrintable(QString::number(closure)));
        // the assembly guess is the pose itself
        for (const auto& [name, value] : spec.initial.assemblyGuess) {
            if (const int k = model.coordinateIndex(name); k >= 0) {
                QVERIFY2(std::abs(initial.q[k] - value) < 1e-9, name.c_str());
            }
        }

        // degrees of freedom: Grübler, the rank of J, inputs and actuators
        QCOMPARE(model.mobilityGrubler, dof);
        QCOMPARE(mobilityAtPose(model, ws).dof, dof);
        QCOMPARE(int(model.independent.size()), dof);
        QCOMPARE(int(model.actuators.size()), dof);
        QVERIFY(!model.tracedPoints.empty());

        // free motion for 0.5 s conserves energy
        SimulationSettings settings;
        settings.integrator = IntegratorKind::Dopri5;
        settings.stabilisation = Stabilisation::None;
        settings.tEnd = 0.5;
        settings.rtol = settings.atol = 1e-12;
        std::vector<double> energy;
        Eigen::VectorXd last;
        SimulationCallbacks callbacks;
        callbacks.onSample = [&](const Sample& s) {
            energy.push_back(s.totalEnergy);
            last = s.q;
        };
        const SimulationSummary summary =
            simulate(model, settings, initial.q, initial.qd, callbacks);
        QVERIFY2(summary.ok, summary.message.c_str());
        QVERIFY(std::abs(energy.front()) > 1e-3); // a relative measure makes sense
        double drift = 0;
        for (double e : energy) {
            drift = std::max(drift, std::abs(e - energy.front()) / std::abs(energy.front()));
        }
        const double moved = (last - initial.q).cwiseAbs().maxCoeff();
        qInfo("%s: E0 = %.6f J, relative drift %.3g, moved %.3f, %ld steps", qPrintable(id),
              energy.front(), drift, moved, summary.steps);
        QVERIFY2(drift < kEnergyTol, qPrintable(QString::number(drift)));
        QVERIFY(moved > kMinMotion);

        // round trip through the file format
        const std::string text = toJson(spec);
        const LoadResult loaded = parseMechanismJson(text);
        QVERIFY2(loaded.ok(), formatDiagnostics(loaded.diagnostics).c_str());
        QVERIFY2(loaded.diagnostics.empty(), formatDiagnostics(loaded.diagnostics).c_str());
        QVERIFY(*loaded.spec == spec);
        QCOMPARE(toJson(*loaded.spec), text);
    }

    // The defaults of the 1-DOF templates are cranks: the input turns a full revolution on one
    // assembly branch without a toggle.
    void defaultCranksTurnFully_data() {
        QTest::addColumn<QString>("id");
        for (const MechanismTemplateInfo& info : mechanismTemplates()) {
            if (info.dof == 1) {
                QTest::newRow(info.id.c_str()) << QString::fromStdString(info.id);
            }
        }
    }

    void defaultCranksTurnFully() {
        QFETCH(QString, id);
        const auto model = compiledOrFail(mechanismTemplate(id.toStdString()));
        const InitialState initial = assembleInitialState(*model);
        QVERIFY(initial.report.converged);
        const int input = model->independent.front();
        std::vector<double> values;
        for (int k = 1; k <= kTurnSteps; ++k) {
            values.push_back(initial.q[input] + 2 * std::numbers::pi * k / kTurnSteps);
        }
        Workspace ws(*model);
        const std::vector<SweepSample> sweep =
            sweepInput(*model, ws, initial.q, model->independent, input, values);
        QCOMPARE(int(sweep.size()), kTurnSteps);
        for (const SweepSample& s : sweep) {
            QVERIFY2(s.converged && !s.toggle, qPrintable(QString::number(s.input)));
        }
    }

    void fourBarCouplerPointMakesAPlate() {
        FourBarTemplateOptions options;
        options.couplerPoint = Eigen::Vector2d(0.15, 0.1);
        const MechanismSpec spec = fourBarTemplate(options);
        const BodySpec& coupler = spec.bodies[1];
        QCOMPARE(coupler.id, std::string("coupler"));
        QCOMPARE(coupler.shape, BodyShape::Plate);
        // uniform lamina: mass from the area, COM at the centroid of J2, J3, P
        QVERIFY(std::abs(coupler.mass - 20.0 * 0.5 * 0.3 * 0.1) < 1e-15);
        QVERIFY((coupler.com_B - Eigen::Vector2d(0.15, 0.1 / 3)).norm() < 1e-12); // 12 digits
        QVERIFY(!coupler.inertiaCom);
        const auto model = compiledOrFail(spec);
        QVERIFY(assembleInitialState(*model).report.converged);
        // without a point the coupler is a bar traced at its midpoint
        const MechanismSpec plain = fourBarTemplate();
        QCOMPARE(plain.bodies[1].shape, BodyShape::Bar);
        QVERIFY(std::abs(plain.bodies[1].mass - 2.0 * 0.3) < 1e-15);
    }

    void mirrorAssemblyTakesTheOtherBranch() {
        FourBarTemplateOptions open;
        FourBarTemplateOptions crossed;
        crossed.mirrorAssembly = true;
        const auto a = compiledOrFail(fourBarTemplate(open));
        const auto b = compiledOrFail(fourBarTemplate(crossed));
        const InitialState qa = assembleInitialState(*a);
        const InitialState qb = assembleInitialState(*b);
        QVERIFY(qa.report.converged && qb.report.converged);
        const int theta4 = a->coordinateIndex("theta4");
        QVERIFY(std::abs(qa.q[theta4] - qb.q[theta4]) > 0.1);

        SliderCrankTemplateOptions slider;
        slider.mirrorAssembly = true;
        slider.offset = 0.05;
        const auto s = compiledOrFail(sliderCrankTemplate(slider));
        const InitialState qs = assembleInitialState(*s);
        QVERIFY2(qs.report.converged, qs.report.message.c_str());
        QVERIFY(qs.q[s->coordinateIndex("x4")] < 0);
    }

    void givenMassesReplaceTheDensity() {
        StephensonSixBarTemplateOptions options;
        options.material.masses = {{"output", 0.7}};
        const MechanismSpec spec = stephensonSixBarTemplate(options);
        for (const BodySpec& body : spec.bodies) {
            if (body.id == "output") {
                QCOMPARE(body.mass, 0.7);
            }
        }
        options.material.masses = {{"link9", 1.0}};
        const std::string message = thrownMessage([&] { stephensonSixBarTemplate(options); });
        QVERIFY2(message.find("unknown body 'link9'") != std::string::npos, message.c_str());
        QVERIFY2(message.find("'output_coupler'") != std::string::npos, message.c_str());
    }

    void impossibleSizesThrow_data() {
        QTest::addColumn<std::function<void()>>("make");
        QTest::addColumn<QString>("expected");
        QTest::newRow("four-bar: negative crank")
            << sized(fourBarTemplate, [](FourBarTemplateOptions& o) { o.crank = -0.1; })
            << "the crank must be a positive length";
        QTest::newRow("four-bar: never closes")
            << sized(fourBarTemplate, [](FourBarTemplateOptions& o) { o.ground = 1.0; })
            << "cannot close at any crank angle";
        QTest::newRow("four-bar: not at the initial angle")
            << sized(fourBarTemplate,
                     [](FourBarTemplateOptions& o) {
                         o.ground = 0.5;
                         o.crank = o.coupler = o.rocker = 0.2;
                         o.crankAngle = std::numbers::pi;
                     })
            << "cannot close at crank angle 3.141592654 rad: the coupler (0.2 m) and the rocker "
               "(0.2 m) reach at most 0.4 m, but J2 and O4 are 0.7 m apart";
        QTest::newRow("four-bar: toggle") << sized(fourBarTemplate, [](FourBarTemplateOptions& o) {
            o.coupler = o.rocker = 0.1;
            o.crankAngle = 0.0;
        }) << "is at a toggle position";
        QTest::newRow("slider-crank: offset beyond the rod")
            << sized(sliderCrankTemplate, [](SliderCrankTemplateOptions& o) { o.offset = 0.5; })
            << "cannot close at any crank";
        QTest::newRow("slider-crank: zero slider")
            << sized(sliderCrankTemplate,
                     [](SliderCrankTemplateOptions& o) { o.sliderWidth = 0.0; })
            << "the slider width must be a positive length";
        QTest::newRow("five-bar: couplers too short")
            << sized(fiveBarTemplate, [](FiveBarTemplateOptions& o) { o.ground = 1.0; })
            << "the five-bar cannot close";
        QTest::newRow("Watt: output dyad too short") << sized(wattSixBarTemplate,
                                                              [](WattSixBarTemplateOptions& o) {
                                                                  o.output = 0.01;
                                                                  o.coupler2 = 0.01;
                                                              })
                                                     << "loop 2";
        QTest::newRow("Stephenson: output coupler longer than the rest")
            << sized(stephensonSixBarTemplate,
                     [](StephensonSixBarTemplateOptions& o) { o.outputCoupler = 2.0; })
            << "is longer than";
        QTest::newRow("material: zero density")
            << sized(fourBarTemplate, [](FourBarTemplateOptions& o) { o.material.barDensity = 0; })
            << "the bar density must be positive";
        QTest::newRow("unknown template")
            << std::function<void()>([] { mechanismTemplate("six_bar"); })
            << "unknown mechanism template 'six_bar'";
    }

    void impossibleSizesThrow() {
        QFETCH(std::function<void()>, make);
        QFETCH(QString, expected);
        const std::string message = thrownMessage(make);
        qInfo("%s", message.c_str());
        QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
    }
};

SSLM_TEST_APPLESS_MAIN(TestMechanismTemplates)
} // namespace tst_mechanism_templates
#include "tst_mechanism_templates.moc"
