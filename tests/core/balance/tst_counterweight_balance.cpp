// SPDX-License-Identifier: MIT
// Counterweight balancing: the optimiser finds the Berkof–Lowen full force balance of a
// four-bar to 1e-6 of the analytic counterweights, reduces the carpet scraper's RMS shaking
// force by a stated factor, balances the spatial RSSR, reports bounds that allow nothing as no
// improvement, and stops at an evaluation limit or a cancel with the best point so far.

#include <complex>
#include <numbers>

#include <QtTest>

#include "core/balance/counterweight_balance.hpp"
#include "core/inverse/driven_motions.hpp"
#include "core/kinematics/position_analysis.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

namespace tst_counterweight_balance {

using namespace sslm;

namespace {

using Complex = std::complex<double>;

Complex complexOf(const Eigen::Vector2d& v) {
    return {v.x(), v.y()};
}

Eigen::Vector2d pointOf(const BodySpec& body, const std::string& name) {
    for (const BodyPoint& p : body.points) {
        if (p.name == name) {
            return p.p_B;
        }
    }
    qFatal("no point %s on %s", name.c_str(), body.id.c_str());
}

BodySpec& bodyOf(MechanismSpec& spec, const std::string& id) {
    for (BodySpec& b : spec.bodies) {
        if (b.id == id) {
            return b;
        }
    }
    qFatal("no body %s", id.c_str());
}

/// A model, its driven crank at `omega` and one cycle of it.
struct Case {
    std::shared_ptr<const Model> model;
    std::vector<DrivenMotion> motions;
    Eigen::VectorXd q0;
    BalanceSettings settings;
};

Case crankCase(const MechanismSpec& spec, const std::string& coordinate, double omega) {
    Case c;
    c.model = fixtures::compiled(spec);
    c.q0 = assembleInitialState(*c.model).q;
    std::string message;
    const auto motions =
        drivenMotions(*c.model, {coordinate + "=" + std::to_string(omega)}, {}, c.q0, message);
    if (!motions) {
        qFatal("%s", message.c_str());
    }
    c.motions = *motions;
    c.settings.run.tEnd = 2 * std::numbers::pi / omega;
    c.settings.run.sampleInterval = c.settings.run.tEnd / 100;
    return c;
}

CounterweightBounds bounds(std::string body, double massMin, double massMax, double reach) {
    CounterweightBounds b;
    b.body = std::move(body);
    b.massMin = massMin;
    b.massMax = massMax;
    b.atMin = Eigen::Vector3d::Constant(-reach);
    b.atMax = Eigen::Vector3d::Constant(reach);
    return b;
}

} // namespace

class TestCounterweightBalance : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Berkof–Lowen: the four-bar crank O1–J8, coupler J8–J3, rocker O2–J3 (examples/four_bar.json,
    // its coupler's COM moved to (−0.04, 0), on the line of its joints). With the coupler's mass
    // split between its joints, m₃ = m₃(1 − u) at J3 + m₃u at J8, u = (c₃ − J3)/(J8 − J3), the
    // total COM is stationary when the crank's and the rocker's first moments about their pivots
    // carry the coupler's share at their far joint the other way:
    //     m₁(c₁ − O1) + m_w1(p₁ − O1) = −m₃ u (J8 − O1)          (crank frame)
    //     m₂(c₂ − O2) + m_w2(p₂ − O2) = −m₃ (1 − u)(J3 − O2)     (rocker frame)
    // With the counterweights' masses fixed (1 kg, 2 kg) their positions p₁, p₂ are unique.
    void findsBerkofLowenFullForceBalance() {
        MechanismSpec spec = fixtures::exampleSpec("four_bar.json");
        bodyOf(spec, "link3").com_B = {-0.04, 0.0};
        const BodySpec& crank = bodyOf(spec, "link1");
        const BodySpec& rocker = bodyOf(spec, "link2");
        const BodySpec& coupler = bodyOf(spec, "link3");
        const Complex u = (complexOf(coupler.com_B) - complexOf(pointOf(coupler, "J3"))) /
                          (complexOf(pointOf(coupler, "J8")) - complexOf(pointOf(coupler, "J3")));
        QVERIFY(std::abs(u.imag()) < 1e-15); // on the line of the joints
        const double crankWeight = 1.0;
        const double rockerWeight = 2.0;
        const Complex o1 = complexOf(pointOf(crank, "J1"));
        const Complex o2 = complexOf(pointOf(rocker, "J2"));
        const Complex p1 = o1 + (-coupler.mass * u * (complexOf(pointOf(crank, "J8")) - o1) -
                                 crank.mass * (complexOf(crank.com_B) - o1)) /
                                    crankWeight;
        const Complex p2 =
            o2 + (-coupler.mass * (1.0 - u) * (complexOf(pointOf(rocker, "J3")) - o2) -
                  rocker.mass * (complexOf(rocker.com_B) - o2)) /
                     rockerWeight;

        Case c = crankCase(spec, "theta1", 4.7124);
        c.settings.counterweights = {bounds("link1", crankWeight, crankWeight, 0.2),
                                     bounds("link2", rockerWeight, rockerWeight, 0.5)};
        const BalanceResult result = balanceCounterweights(*c.model, c.motions, c.q0, c.settings);
        QVERIFY2(result.ok, result.message.c_str());
        QCOMPARE(result.stop, BalanceStop::Converged);
        QVERIFY(result.improved);
        qInfo("Berkof-Lowen: analytic p1 = (%.9f, %.9f), p2 = (%.9f, %.9f) m", p1.real(), p1.imag(),
              p2.real(), p2.imag());
        qInfo("found p1 = (%.9f, %.9f), p2 = (%.9f, %.9f) m in %ld evaluations (%.3g s); RMS "
              "shaking force %.6g -> %.3g N",
              result.chosen[0].p_B.x(), result.chosen[0].p_B.y(), result.chosen[1].p_B.x(),
              result.chosen[1].p_B.y(), result.evaluations, result.seconds, result.before.force,
              result.after.force);
        QVERIFY(std::abs(result.chosen[0].p_B.x() - p1.real()) < 1e-6);
        QVERIFY(std::abs(result.chosen[0].p_B.y() - p1.imag()) < 1e-6);
        QVERIFY(std::abs(result.chosen[1].p_B.x() - p2.real()) < 1e-6);
        QVERIFY(std::abs(result.chosen[1].p_B.y() - p2.imag()) < 1e-6);
        QCOMPARE(result.chosen[0].mass, crankWeight);
        QCOMPARE(result.chosen[1].mass, rockerWeight);
        QVERIFY(result.before.force > 1.0);
        QVERIFY(result.after.force < 1e-5 * result.before.force);

        // the analytic counterweights in the file: the whole cycle's force is the weight alone
        MechanismSpec balanced = spec;
        for (auto [id, mass, p] :
             {std::tuple{"link1", crankWeight, p1}, std::tuple{"link2", rockerWeight, p2}}) {
            CounterweightSpec w;
            w.mass = mass;
            w.p_B = {p.real(), p.imag()};
            bodyOf(balanced, id).counterweights.push_back(w);
        }
        Case b = crankCase(balanced, "theta1", 4.7124);
        const BalanceTerms terms = balanceTerms(*b.model, b.motions, b.q0, c.settings);
        QVERIFY2(terms.force < 1e-9, std::to_string(terms.force).c_str());
        // with no dynamic force left the dynamic moment is a couple: the same about any point,
        // while the unbalanced four-bar's moment depends on the point (M_P = M_O − P × F)
        BalanceSettings aboutPoint = c.settings;
        aboutPoint.run.shakingAbout = {0.4, -0.3, 0.0};
        const BalanceTerms moved = balanceTerms(*b.model, b.motions, b.q0, aboutPoint);
        QVERIFY(terms.moment > 0.1);
        QVERIFY2(std::abs(moved.moment - terms.moment) < 1e-9 * terms.moment,
                 std::to_string(moved.moment - terms.moment).c_str());
        const BalanceTerms unbalanced = balanceTerms(*c.model, c.motions, c.q0, c.settings);
        const BalanceTerms unbalancedMoved = balanceTerms(*c.model, c.motions, c.q0, aboutPoint);
        QVERIFY(std::abs(unbalancedMoved.moment - unbalanced.moment) > 1e-3 * unbalanced.moment);
        // the result file holds what was found
        QCOMPARE(result.balanced.bodies[0].counterweights.size(), std::size_t(1));
        QCOMPARE(result.balanced.bodies[0].counterweights[0].name, std::string("balance"));
    }

    // The scraper with counterweights (0–20 kg within 0.5 m) on the crank and the rocker: the
    // rest of its seven bodies cannot be balanced from there, so the RMS shaking force drops by
    // a factor of 1.66 (122.2 N to 73.4 N), not to 0.
    void reducesTheScrapersShakingForce() {
        Case c = crankCase(fixtures::exampleSpec("carpet_scraper.json"), "theta1", 4.7124);
        c.settings.counterweights = {bounds("link1", 0, 20, 0.5), bounds("link2", 0, 20, 0.5)};
        const BalanceResult result = balanceCounterweights(*c.model, c.motions, c.q0, c.settings);
        QVERIFY2(result.ok, result.message.c_str());
        qInfo("scraper: RMS shaking force %.5g -> %.5g N, moment %.5g -> %.5g N m, torque %.5g "
              "-> %.5g N m; %ld evaluations in %.3g s (setup %.3g s, %.3g ms each)",
              result.before.force, result.after.force, result.before.moment, result.after.moment,
              result.before.torque, result.after.torque, result.evaluations, result.seconds,
              result.setupSeconds, 1e3 * result.secondsPerEvaluation());
        QVERIFY(result.improved);
        QVERIFY(std::abs(result.before.force - 122.17) < 0.01);
        QVERIFY(result.after.force < result.before.force / 1.6);
        // every evaluation is one cycle of 100 samples
        QCOMPARE(result.samplesPerEvaluation, 100);
        // the linear model is exact: the balanced spec, compiled and run over the whole cycle
        // again, gives the terms it found
        Case again = crankCase(result.balanced, "theta1", 4.7124);
        const BalanceTerms terms = balanceTerms(*again.model, again.motions, again.q0, c.settings);
        QVERIFY(std::abs(terms.force - result.after.force) < 1e-9 * result.before.force);
        QVERIFY(std::abs(terms.moment - result.after.moment) < 1e-9 * result.before.moment);
        QVERIFY(std::abs(terms.torque - result.after.torque) < 1e-9 * result.before.torque);
        // one product per evaluation: the optimisation costs little more than its setup
        QVERIFY(result.setupSeconds > 0 && result.setupSeconds <= result.seconds);
    }

    // Spatial: the RSSR's crank and rocker (up to their own masses, within their lengths);
    // the balanced spec, compiled and run over the whole cycle again, gives the terms the
    // optimiser found from its linear model (the ten inertial parameters of a spatial body).
    void balancesASpatialMechanism() {
        Case c = crankCase(fixtures::exampleSpec("rssr.json"), "theta", 2 * std::numbers::pi);
        c.settings.counterweights = {bounds("crank", 0, 0.2, 0.04), bounds("rocker", 0, 0.4, 0.1)};
        const BalanceResult result = balanceCounterweights(*c.model, c.motions, c.q0, c.settings);
        QVERIFY2(result.ok, result.message.c_str());
        qInfo("RSSR: RMS shaking force %.5g -> %.5g N in %ld evaluations", result.before.force,
              result.after.force, result.evaluations);
        QVERIFY(result.improved);
        QVERIFY(result.after.force < 0.35 * result.before.force);
        Case again = crankCase(result.balanced, "theta", 2 * std::numbers::pi);
        const BalanceTerms terms = balanceTerms(*again.model, again.motions, again.q0, c.settings);
        QVERIFY(std::abs(terms.force - result.after.force) < 1e-9 * result.before.force);
        QVERIFY(std::abs(terms.moment - result.after.moment) < 1e-9 * result.before.moment);
        QVERIFY(std::abs(terms.torque - result.after.torque) < 1e-9 * result.before.torque);
    }

    void boundsThatAllowNothingChangeNothing() {
        Case c = crankCase(fixtures::exampleSpec("four_bar.json"), "theta1", 4.7124);
        c.settings.counterweights = {bounds("link1", 0, 0, 0.1), bounds("link2", 0, 0, 0.1)};
        const BalanceResult result = balanceCounterweights(*c.model, c.motions, c.q0, c.settings);
        QVERIFY2(result.ok, result.message.c_str());
        QVERIFY(!result.improved);
        QCOMPARE(result.objectiveAfter, result.objectiveBefore);
        QCOMPARE(result.after.force, result.before.force);
        QVERIFY(result.balanced == c.model->spec);
        QCOMPARE(result.chosen[0].mass, 0.0);
    }

    void stopsAtTheEvaluationLimitWithTheBestSoFar() {
        Case c = crankCase(fixtures::exampleSpec("four_bar.json"), "theta1", 4.7124);
        c.settings.counterweights = {bounds("link1", 0, 2, 0.1), bounds("link2", 0, 4, 0.2)};
        c.settings.maxEvaluations = 12;
        const BalanceResult result = balanceCounterweights(*c.model, c.motions, c.q0, c.settings);
        QVERIFY2(result.ok, result.message.c_str());
        QCOMPARE(result.stop, BalanceStop::MaxEvaluations);
        QCOMPARE(result.evaluations, 12L);
        QVERIFY(result.objectiveAfter <= result.objectiveBefore);
        if (result.improved) {
            QVERIFY(result.after.force < result.before.force);
            QVERIFY(result.balanced != c.model->spec);
        }
    }

    void cancelStopsBetweenEvaluations() {
        Case c = crankCase(fixtures::exampleSpec("four_bar.json"), "theta1", 4.7124);
        c.settings.counterweights = {bounds("link1", 0, 2, 0.1)};
        long calls = 0;
        BalanceCallbacks callbacks;
        callbacks.shouldContinue = [&] {
            return ++calls <= 5;
        };
        long progress = 0;
        callbacks.onProgress = [&](const BalanceProgress& p) {
            progress = p.evaluations;
        };
        const BalanceResult result =
            balanceCounterweights(*c.model, c.motions, c.q0, c.settings, callbacks);
        QVERIFY(result.ok);
        QCOMPARE(result.stop, BalanceStop::Cancelled);
        QCOMPARE(result.evaluations, 5L);
        QCOMPARE(progress, 5L);
    }

    void namesBadSettings() {
        const auto model = fixtures::loadExample("four_bar.json");
        BalanceSettings s;
        s.run.tEnd = 1;
        QVERIFY(balanceSettingsError(*model, s).find("no body") != std::string::npos);
        s.counterweights = {bounds("crank", 0, 1, 0.1)};
        QVERIFY(balanceSettingsError(*model, s).find("link1") != std::string::npos);
        s.counterweights = {bounds("link1", 0, 1, 0.1), bounds("link1", 0, 1, 0.1)};
        QVERIFY(balanceSettingsError(*model, s).find("twice") != std::string::npos);
        s.counterweights = {bounds("link1", 2, 1, 0.1)};
        QVERIFY(balanceSettingsError(*model, s).find("mass bounds") != std::string::npos);
        s.counterweights = {bounds("link1", 1, 2, 0.1)};
        s.maxAddedMass = 0.5;
        QVERIFY(balanceSettingsError(*model, s).find("below") != std::string::npos);
        s.maxAddedMass.reset();
        s.forceWeight = 0;
        QVERIFY(balanceSettingsError(*model, s).find("every weight") != std::string::npos);
    }
};

SSLM_TEST_GUILESS_MAIN(TestCounterweightBalance)
} // namespace tst_counterweight_balance
#include "tst_counterweight_balance.moc"
