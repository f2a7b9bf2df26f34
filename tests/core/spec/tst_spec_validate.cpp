// SPDX-License-Identifier: MIT
// validateSpec's words for values out of range and for bodies: a gravity of 1e308 m/s², a mass
// of 1e12 kg or a point 1e7 m away is refused where it is written, with the range and the fix
// (the simulation would otherwise stop at t = 0 with a hint about singular poses); a body is
// named as the file names it ("#2 rocker"), by its id only when it has no name.

#include <algorithm>
#include <string>

#include <QtTest>

#include "core/analysis/mechanism_check.hpp"
#include "core/spec/spec_json.hpp"
#include "core/spec/spec_validate.hpp"

#include "tests/core/fixtures/mechanisms.hpp"

using namespace sslm;

namespace {

/// The one error validateSpec reports at `where`; fails the test when there is not exactly one.
Diagnostic errorAt(const MechanismSpec& spec, const std::string& where) {
    const Diagnostics all = validateSpec(spec);
    Diagnostics found;
    std::copy_if(all.begin(), all.end(), std::back_inserter(found),
                 [&](const Diagnostic& d) { return d.isError() && d.where == where; });
    if (found.size() != 1) {
        qWarning("%s", formatDiagnostics(all).c_str());
        return {};
    }
    return found.front();
}

} // namespace

class TestSpecValidate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void gravityOutOfRangeIsNamed() {
        MechanismSpec spec = fixtures::fourBar();
        spec.gravity = {0.0, 1e308};
        const Diagnostic d = errorAt(spec, "gravity");
        QCOMPARE(d.message, std::string("gravity is out of range: its magnitude is 1e+308 m/s², "
                                        "more than the largest taken, 1000000 m/s²"));
        QCOMPARE(d.hint, std::string("write gravity in m/s², e.g. [0, -9.81]"));
        spec.gravity = {0.0, -9.81 * 1e5}; // 100 000 g is still taken
        QVERIFY(!hasErrors(validateSpec(spec)));
    }

    void massAndInertiaOutOfRangeAreNamed() {
        MechanismSpec spec = fixtures::fourBar();
        spec.bodies[1].mass = 1e12;
        spec.bodies[2].inertiaCom = 1e15;
        QCOMPARE(errorAt(spec, "bodies[1].mass").message,
                 std::string("the mass of #2 rocker is out of range: 1e+12 kg, more than the "
                             "largest taken, 1000000000 kg"));
        QCOMPARE(errorAt(spec, "bodies[2].inertia").message,
                 std::string("the moment of inertia of #3 coupler is out of range: 1e+15 kg·m², "
                             "more than the largest taken, 1e+12 kg·m²"));
    }

    void pointFarAwayIsNamed() {
        MechanismSpec spec = fixtures::fourBar();
        spec.bodies[0].points[1].p_B = {-2e7, 0.0};
        const Diagnostic d = errorAt(spec, "bodies[0].points[1].at");
        QCOMPARE(d.message, std::string("a coordinate of point 'J8' on #1 crank is out of range: "
                                        "20000000 m, more than the largest taken, 1000000 m"));
        QCOMPARE(d.hint, std::string("check the value and its unit, m"));
    }

    void bodiesAreNamedAsTheFileNamesThem() {
        MechanismSpec spec = fixtures::fourBar();
        spec.bodies[1].mass = -2.0;
        QCOMPARE(errorAt(spec, "bodies[1].mass").message,
                 std::string("the mass of #2 rocker (kg) must be positive, got -2"));
        spec.bodies[1].name.clear(); // no name: the id
        QCOMPARE(errorAt(spec, "bodies[1].mass").message,
                 std::string("the mass of 'link2' (kg) must be positive, got -2"));
    }

    void theCheckNamesTheBodyOnce() {
        MechanismSpec spec = fixtures::fourBar();
        spec.bodies[1].mass = -2.0;
        const MechanismCheck check = checkMechanism(spec);
        QCOMPARE(check.findings.size(), std::size_t(1));
        QCOMPARE(check.findings[0].message,
                 std::string("the mass of #2 rocker (kg) must be positive, got -2"));
        QCOMPARE(check.findings[0].bodies, std::vector<std::string>{"link2"});
    }
};

QTEST_GUILESS_MAIN(TestSpecValidate)
#include "tst_spec_validate.moc"
