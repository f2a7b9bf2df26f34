// SPDX-License-Identifier: MIT
// The position analysis planned once (assembler.hpp): each example's plan names the classes and
// the echelon order seed 004 would find, an Assembler reused along a stroke gives exactly what
// a fresh one gives (failures in between included), and a closed-form stroke allocates nothing
// after its first solve.

#include <cstdint>
#include <string>
#include <vector>

#include <QtTest>

#include "core/kinematics/assembler.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/spec/spec_json.hpp"

#include "bench/allocation_counter.hpp"
#include "tests/test_main.hpp"

namespace tst_assembler {

using namespace sslm;

namespace {

std::shared_ptr<const Model> example(const std::string& name) {
    const LoadResult loaded = loadMechanismFile(std::string(SSLM_EXAMPLES_DIR) + "/" + name);
    return loaded.ok() ? compileModel(*loaded.spec).model : nullptr;
}

/// "triad 0, triad 2 | newton 1": the plan's closed-form loops in order, then Newton's.
QString planText(const AssemblyPlan& plan) {
    QStringList closed;
    for (const PlannedLoop& p : plan.closedForm) {
        closed << QString::fromStdString(closedFormClassName(p.solver)) + " " +
                      QString::number(p.loop);
    }
    QStringList newton;
    for (int i : plan.newtonLoops) {
        newton << QString::number(i);
    }
    return closed.join(", ") + " | newton " + newton.join(", ");
}

} // namespace

class TestAssembler : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void plansEachExampleOnce_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("plan");
        QTest::newRow("four-bar") << "four_bar.json"
                                  << "planar triad 0 | newton ";
        // the pantograph's loops in echelon order: each uses the one before
        QTest::newRow("carpet scraper")
            << "carpet_scraper.json"
            << "planar triad 0, planar triad 1, planar triad 2 | newton ";
        // two coupled loops through the platform: no triad
        QTest::newRow("3-RRR") << "three_rrr.json"
                               << " | newton 0, 1";
        QTest::newRow("wheel suspension") << "wheel_suspension.json"
                                          << "planar triad 0 | newton ";
        QTest::newRow("slider-crank") << "slider_crank.json"
                                      << "planar triad 0 | newton ";
        QTest::newRow("RSSR") << "rssr.json"
                              << "RSSR-type loop 0 | newton ";
        QTest::newRow("spherical four-bar") << "spherical_four_bar.json"
                                            << "revolute chain 0 | newton ";
        QTest::newRow("elbow") << "elbow_manipulator.json"
                               << "revolute chain 0 | newton ";
        // the leg lengths as inputs: the platform's pose has no closed form (up to 40 roots)
        QTest::newRow("Stewart") << "stewart_platform.json"
                                 << " | newton 0, 1, 2, 3, 4";
    }
    void plansEachExampleOnce() {
        QFETCH(QString, file);
        QFETCH(QString, plan);
        const auto model = example(file.toStdString());
        QVERIFY(model);
        const AssemblyPlan made = planAssembly(*model, model->independent);
        QCOMPARE(planText(made), plan);
        // the plan's dependent coordinates are the complement of the inputs
        QCOMPARE(made.dependent.size() + model->independent.size(), std::size_t(model->nv()));
        // and the solve follows it: closed form for the planned loops, in that order
        Workspace ws(*model);
        Eigen::VectorXd q = assembleInitialState(*model).q;
        Assembler assembler(*model, model->independent);
        const AssemblyReport& report = assembler.assemble(ws, q);
        QVERIFY2(report.converged, report.message.c_str());
        QCOMPARE(static_cast<int>(report.closedFormLoops.size()),
                 static_cast<int>(made.closedForm.size()));
        for (std::size_t i = 0; i < made.closedForm.size(); ++i) {
            QCOMPARE(report.closedFormLoops[i], made.closedForm[i].loop);
        }
    }

    /// A reused Assembler along a stroke that leaves the reachable range and comes back gives
    /// bit for bit what a fresh assemble() gives at every step, messages included.
    void reuseEqualsAFreshSolve_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("input");
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::newRow("wheel suspension") << "wheel_suspension.json"
                                          << "lin" << 0.0 << 1.2;
        QTest::newRow("carpet scraper") << "carpet_scraper.json"
                                        << "theta2" << 0.0 << 6.3;
        QTest::newRow("RSSR") << "rssr.json"
                              << "theta" << 0.0 << 6.3;
    }
    void reuseEqualsAFreshSolve() {
        QFETCH(QString, file);
        QFETCH(QString, input);
        QFETCH(double, from);
        QFETCH(double, to);
        const auto model = example(file.toStdString());
        QVERIFY(model);
        const int at = positionIndex(*model, model->coordinateIndex(input.toStdString()));
        QVERIFY(at >= 0);
        Workspace ws(*model);
        const Eigen::VectorXd start = assembleInitialState(*model).q;
        Assembler assembler(*model, model->independent);
        int failures = 0;
        for (int step = 0; step <= 60; ++step) {
            for (const AssemblyMode& mode : {AssemblyMode{}, AssemblyMode(model->nLoops(), -1)}) {
                Eigen::VectorXd reused = start;
                reused[at] = from + (to - from) * step / 60.0;
                Eigen::VectorXd fresh = reused;
                const AssemblyReport a = assembler.assemble(ws, reused, mode);
                const AssemblyReport b = assemble(*model, ws, fresh, model->independent, mode);
                QCOMPARE(a.converged, b.converged);
                QCOMPARE(a.message, b.message);
                QCOMPARE(a.branch, b.branch);
                QCOMPARE(a.classes, b.classes);
                QCOMPARE(a.closedFormLoops, b.closedFormLoops);
                QCOMPARE(a.newtonLoops, b.newtonLoops);
                QCOMPARE(a.iterations, b.iterations);
                QCOMPARE((reused - fresh).cwiseAbs().maxCoeff(), 0.0);
                failures += a.converged ? 0 : 1;
            }
        }
        // the stroke does leave the reachable range, where each names the loop
        if (file == "wheel_suspension.json") {
            QVERIFY(failures > 0);
        }
    }

    /// Seed 004's fast path in a stroke: after the first solve (which sizes the report), a
    /// closed-form solve allocates nothing.
    void aClosedFormStrokeAllocatesNothing_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("input");
        QTest::newRow("wheel suspension") << "wheel_suspension.json"
                                          << "lin";
        QTest::newRow("carpet scraper") << "carpet_scraper.json"
                                        << "theta2";
    }
    void aClosedFormStrokeAllocatesNothing() {
        if (!bench::allocationCountingAvailable()) {
            QSKIP("allocations are not counted under AddressSanitizer");
        }
        QFETCH(QString, file);
        QFETCH(QString, input);
        const auto model = example(file.toStdString());
        QVERIFY(model);
        const int at = positionIndex(*model, model->coordinateIndex(input.toStdString()));
        Workspace ws(*model);
        Eigen::VectorXd q = assembleInitialState(*model).q;
        const double start = q[at];
        Assembler assembler(*model, model->independent);
        const AssemblyMode mode(model->nLoops(), +1);
        AssemblyOptions options;
        options.measureConditioning = false;
        QVERIFY(assembler.assemble(ws, q, mode, options).converged);
        bool converged = true;
        bench::startCountingAllocations();
        for (int step = 1; step <= 100; ++step) {
            q[at] = start + 1e-3 * step;
            converged = converged && assembler.assemble(ws, q, mode, options).converged;
        }
        const std::int64_t allocations = bench::stopCountingAllocations();
        QVERIFY(converged);
        QCOMPARE(assembler.assemble(ws, q, mode, options).newtonLoops.size(), std::size_t(0));
        QCOMPARE(allocations, std::int64_t(0));
    }
};

SSLM_TEST_APPLESS_MAIN(TestAssembler)
} // namespace tst_assembler
#include "tst_assembler.moc"
