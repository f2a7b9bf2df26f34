// SPDX-License-Identifier: MIT
// The right-hand side is the hot path: evaluating it must not touch the heap, for any solver,
// stabilisation, example or generated chain (malloc itself is counted, so operator new,
// Eigen temporaries and std::string all show up). Also: the generated chain of four-bars the
// benchmark scales with is what it claims (1 DOF, block-tridiagonal GICM, assembles).

#include <QtTest>

#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/sim/dynamics_rhs.hpp"
#include "core/spec/four_bar_chain.hpp"

#include "bench/allocation_counter.hpp"
#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

namespace tst_dynamics_rhs {

using namespace sslm;

namespace {

/// The four-bar with pin friction on every joint, the cut J8 and the tree joints.
std::shared_ptr<const Model> pinnedFourBar() {
    MechanismSpec spec = fixtures::exampleSpec("four_bar.json");
    for (JointSpec& joint : spec.joints) {
        joint.friction = JointFrictionSpec{0.0, 0.0, 1e-3, 0.01, 0.2};
    }
    return compileModel(spec).model;
}

} // namespace

class TestDynamicsRhs : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void evaluateDoesNotAllocate_data() {
        QTest::addColumn<QString>("mechanism");
        for (const char* name : {"four_bar", "carpet_scraper", "three_rrr", "slider_crank",
                                 "watt_six_bar", "chain", "pinned_four_bar"}) {
            QTest::newRow(name) << name;
        }
    }

    void evaluateDoesNotAllocate() {
        QFETCH(QString, mechanism);
        const auto model = mechanism == "chain" ? compileModel(fourBarChain({.loops = 8})).model
                           : mechanism == "pinned_four_bar"
                               ? pinnedFourBar()
                               : fixtures::loadExample(mechanism.toStdString() + ".json");
        QVERIFY(model);
        const InitialState initial = assembleInitialState(*model);
        QVERIFY(initial.report.converged);
        for (SolverKind solver :
             {SolverKind::Sslm, SolverKind::Slm, SolverKind::Augmented, SolverKind::Rcr}) {
            for (Stabilisation stabilisation :
                 {Stabilisation::None, Stabilisation::Baumgarte, Stabilisation::Projection}) {
                SimulationSettings settings;
                settings.solver = solver;
                settings.stabilisation = stabilisation;
                DynamicsRhs rhs(*model, settings);
                QVERIFY(rhs.evaluate(0.0, initial.q, initial.qd)); // first call outside
                bench::startCountingAllocations();
                bool ok = true;
                for (int call = 0; call < 100; ++call) {
                    rhs.timeNextSolve();
                    ok = rhs.evaluate(0.01 * call, initial.q, initial.qd) && ok;
                }
                const std::int64_t allocations = bench::stopCountingAllocations();
                QVERIFY(ok);
                QVERIFY2(allocations == 0,
                         qPrintable(QString("%1 allocations in 100 calls (solver %2, "
                                            "stabilisation %3)")
                                        .arg(allocations)
                                        .arg(int(solver))
                                        .arg(int(stabilisation))));
            }
        }
        if (!bench::allocationCountingAvailable()) {
            QSKIP("evaluated, but allocations are not counted under AddressSanitizer");
        }
    }

    void counterSeesAllocations() {
        if (!bench::allocationCountingAvailable()) {
            QSKIP("allocations are not counted under AddressSanitizer");
        }
        // the counter itself works: one std::vector and one Eigen matrix are two allocations
        bench::startCountingAllocations();
        std::vector<double> v(100, 1.0);
        Eigen::MatrixXd m = Eigen::MatrixXd::Ones(7, 7);
        const std::int64_t allocations = bench::stopCountingAllocations();
        QCOMPARE(allocations, std::int64_t(2));
        QCOMPARE(v.size() + std::size_t(m.size()), std::size_t(149));
    }

    void chainHasOneDegreeOfFreedomAndTridiagonalGicm() {
        for (int loops : {1, 2, 8, 32}) {
            const CompileResult compiled = compileModel(fourBarChain({.loops = loops}));
            QVERIFY(compiled.ok());
            const Model& model = *compiled.model;
            QCOMPARE(model.nLoops(), loops);
            QCOMPARE(model.mobilityGrubler, 1);
            QCOMPARE(int(model.subsystems.size()), loops + 1);
            for (int r = 0; r < loops; ++r) {
                for (int s = 0; s < loops; ++s) {
                    QCOMPARE(model.gicmContributors[r][s].empty(), std::abs(r - s) > 1);
                }
            }
            const InitialState initial = assembleInitialState(model);
            QVERIFY2(initial.report.converged, initial.report.message.c_str());
            QVERIFY(initial.report.residual < 1e-12);
        }
    }
};

SSLM_TEST_APPLESS_MAIN(TestDynamicsRhs)
} // namespace tst_dynamics_rhs
#include "tst_dynamics_rhs.moc"
