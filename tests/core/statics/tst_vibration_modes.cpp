// SPDX-License-Identifier: MIT
// Vibration modes about an equilibrium (core/statics/vibration_modes.hpp), against oracles that
// do not use them:
// - a compound pendulum: ω = √(m g c / I_O) to 1e-8, planar and spatial; with a torsional
//   spring-damper its damping ratio and damped eigenvalue;
// - the spatial ladder of L = 1, 4, 16 cells: exactly two modes, at the frequencies of the
//   equivalent Hooke pendulum of spec/spatial.md §2, derived here from that pendulum;
// - the four-bar: the period of a small free oscillation simulated from the mode's pose;
// - the Stewart platform: six modes, each the period of a small free oscillation started along
//   its shape (the motion projected on the shape, φᵀ M δξ).
// (The pendulum is tests/core/fixtures/pendulum.hpp's.)

#include <cmath>
#include <numbers>

#include <QtTest>

#include "core/kinematics/configuration.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/statics/vibration_modes.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/pendulum.hpp"
#include "tests/test_main.hpp"

namespace tst_vibration_modes {

using namespace sslm;
using namespace sslm::fixtures;

namespace {

constexpr double kMass = kPendulumMass;
constexpr double kComDistance = kPendulumComDistance;
constexpr double kGravity = kPendulumGravity;
constexpr double kPi = std::numbers::pi;
constexpr double kInertiaPivot = kPendulumInertiaPivot;

/// The mean period (s) of y over its upward zero crossings (linear interpolation between
/// samples); 0 with fewer than two crossings.
double meanPeriod(const std::vector<double>& t, const std::vector<double>& y) {
    std::vector<double> crossings;
    for (std::size_t i = 1; i < y.size(); ++i) {
        if (y[i - 1] < 0 && y[i] >= 0) {
            crossings.push_back(t[i - 1] + (t[i] - t[i - 1]) * (-y[i - 1]) / (y[i] - y[i - 1]));
        }
    }
    if (crossings.size() < 2) {
        return 0;
    }
    return (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
}

/// Simulates a free motion from `q0` at rest for `periods` periods of `frequency` (Hz) and
/// returns the period of the modal coordinate φᵀ M δξ of `mode` (δξ the free minimal
/// coordinates' displacement from the rest pose).
double simulatedPeriod(const Model& model,
                       const VibrationAnalysis& analysis,
                       int mode,
                       const Eigen::VectorXd& q0,
                       double periods) {
    const double period = 1.0 / analysis.modes[mode].frequencyHz;
    SimulationSettings settings;
    settings.tEnd = periods * period;
    settings.sampleInterval = period / 2000;
    settings.rtol = 1e-12;
    settings.atol = 1e-12;
    const Eigen::RowVectorXd projection = analysis.modes[mode].shape.transpose() * analysis.mass;
    std::vector<double> t;
    std::vector<double> y;
    Eigen::VectorXd displacement(model.nv());
    Eigen::VectorXd xi(static_cast<Eigen::Index>(analysis.coordinates.size()));
    SimulationCallbacks callbacks;
    callbacks.onSample = [&](const Sample& s) {
        differencePositions(model, s.q, analysis.equilibrium.q, displacement);
        for (std::size_t i = 0; i < analysis.coordinates.size(); ++i) {
            xi[static_cast<Eigen::Index>(i)] = displacement[analysis.coordinates[i]];
        }
        t.push_back(s.t);
        y.push_back(projection.dot(xi));
    };
    const SimulationSummary run =
        simulate(model, settings, q0, Eigen::VectorXd::Zero(model.nv()), callbacks);
    if (!run.ok) {
        qWarning("%s", run.message.c_str());
        return 0;
    }
    return meanPeriod(t, y);
}

} // namespace

class TestVibrationModes : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pendulumFrequency_data() {
        QTest::addColumn<bool>("spatial");
        QTest::newRow("planar") << false;
        QTest::newRow("spatial") << true;
    }
    void pendulumFrequency() {
        QFETCH(bool, spatial);
        const auto model =
            compiled(pendulum({.space = spatial ? MotionSpace::Spatial : MotionSpace::Planar}));
        const VibrationAnalysis analysis = vibrationModes(*model, assembleInitialState(*model).q);
        QVERIFY2(analysis.ok(), analysis.error.c_str());
        QCOMPARE(analysis.modes.size(), std::size_t{1});
        const double omega = std::sqrt(kMass * kGravity * kComDistance / kInertiaPivot);
        const double frequency = analysis.modes[0].frequencyHz;
        QVERIFY2(std::abs(frequency * 2 * kPi / omega - 1) < 1e-8,
                 std::to_string(frequency * 2 * kPi / omega - 1).c_str());
        QVERIFY(std::abs(analysis.mass(0, 0) / kInertiaPivot - 1) < 1e-12);
        QVERIFY(analysis.stiffnessAccuracy < 1e-6);
        QCOMPARE(analysis.modes[0].dampingRatio, 0.0);
    }

    void springDamperSetsDampingRatioAndDampedEigenvalue() {
        const double stiffness = 3.0; // N·m/rad
        const double damping = 0.4;   // N·m·s/rad
        const auto model = compiled(pendulum({.stiffness = stiffness, .damping = damping}));
        const VibrationAnalysis analysis = vibrationModes(*model, assembleInitialState(*model).q);
        QVERIFY2(analysis.ok(), analysis.error.c_str());
        const double k = kMass * kGravity * kComDistance + stiffness;
        const double omega = std::sqrt(k / kInertiaPivot);
        const double zeta = damping / (2 * std::sqrt(k * kInertiaPivot));
        QVERIFY(std::abs(analysis.modes[0].frequencyHz * 2 * kPi / omega - 1) < 1e-8);
        QVERIFY(std::abs(analysis.modes[0].dampingRatio / zeta - 1) < 1e-8);
        QCOMPARE(analysis.eigenvalues.size(), std::size_t{1});
        const std::complex<double> s = analysis.eigenvalues[0];
        QVERIFY(std::abs(s.real() / (-zeta * omega) - 1) < 1e-8);
        QVERIFY(std::abs(s.imag() / (omega * std::sqrt(1 - zeta * zeta)) - 1) < 1e-8);
    }

    void ladderHasTheHookePendulumsTwoModes_data() {
        QTest::addColumn<int>("cells");
        QTest::newRow("L=1") << 1;
        QTest::newRow("L=4") << 4;
        QTest::newRow("L=16") << 16;
    }
    void ladderHasTheHookePendulumsTwoModes() {
        QFETCH(int, cells);
        const MechanismSpec spec = spatialLadderSpec(cells);
        const auto model = compiled(spec);
        const VibrationAnalysis analysis = vibrationModes(*model, assembleInitialState(*model).q);
        QVERIFY2(analysis.ok(), analysis.error.c_str());
        QCOMPARE(analysis.modes.size(), std::size_t{2});
        // spec/spatial.md §2: a body of mass M_P (COM ℓ/2 below the cross, inertia about its
        // COM diag(ℓ²/12, ℓ²/12, 1e-3)·M_P), a point mass M_R at ℓ, a cross piece of inertia
        // 1e-3·M_R about x that turns with a only. Hanging, a and b decouple; both lift the
        // COMs by the same law, stiffness g·(M_P ℓ/2 + M_R ℓ).
        const double mp = 1.0;
        const double mr = 0.5;
        const double l = 1.0;
        const double g = -spec.gravityZ;
        const double stiffness = g * (mp * l / 2 + mr * l);
        const double swingB = mp * (l * l / 12 + l * l / 4) + mr * l * l; // about y
        const double swingA = swingB + 1e-3 * mr;                         // about x, the cross
        const double omegaA = std::sqrt(stiffness / swingA);
        const double omegaB = std::sqrt(stiffness / swingB);
        // ascending ω²: a (heavier) first
        QVERIFY2(std::abs(analysis.modes[0].frequencyHz * 2 * kPi / omegaA - 1) < 1e-8,
                 std::to_string(analysis.modes[0].frequencyHz * 2 * kPi / omegaA - 1).c_str());
        QVERIFY2(std::abs(analysis.modes[1].frequencyHz * 2 * kPi / omegaB - 1) < 1e-8,
                 std::to_string(analysis.modes[1].frequencyHz * 2 * kPi / omegaB - 1).c_str());
    }

    void fourBarFrequencyIsThePeriodOfASmallOscillation() {
        const auto model = loadExample("four_bar.json");
        const VibrationAnalysis analysis = vibrationModes(*model, assembleInitialState(*model).q);
        QVERIFY2(analysis.ok(), analysis.error.c_str());
        QCOMPARE(analysis.modes.size(), std::size_t{1});
        Eigen::VectorXd start;
        QVERIFY(modePose(*model, analysis, 0, 1e-3, start));
        const double period = simulatedPeriod(*model, analysis, 0, start, 6);
        const double relative = period * analysis.modes[0].frequencyHz - 1;
        QVERIFY2(std::abs(relative) < 1e-4, std::to_string(relative).c_str());
    }

    void stewartPlatformsSixFrequenciesAreItsSmallOscillations() {
        const auto model = loadExample("stewart_platform.json");
        const VibrationAnalysis analysis = vibrationModes(*model, assembleInitialState(*model).q);
        QVERIFY2(analysis.ok(), analysis.error.c_str());
        QCOMPARE(analysis.modes.size(), std::size_t{6});
        QVERIFY(analysis.equilibrium.stable);
        for (int k = 0; k < 6; ++k) {
            QVERIFY(analysis.modes[k].frequencyHz > 0);
            Eigen::VectorXd start;
            QVERIFY(modePose(*model, analysis, k, 1e-4, start));
            const double period = simulatedPeriod(*model, analysis, k, start, 5);
            const double relative = period * analysis.modes[k].frequencyHz - 1;
            QVERIFY2(std::abs(relative) < 1e-4,
                     ("mode " + std::to_string(k + 1) + ": " + std::to_string(relative)).c_str());
        }
    }
};

SSLM_TEST_GUILESS_MAIN(TestVibrationModes)
} // namespace tst_vibration_modes
#include "tst_vibration_modes.moc"
