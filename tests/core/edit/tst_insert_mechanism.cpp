// SPDX-License-Identifier: MIT
// Inserting a mechanism into a drawing: a four-bar template inserted beside the drawn four-bar
// gets fresh names, keeps its input and trace, assembles where it was put, and moves exactly as
// the template alone (moved by the offset); a part that does not compile is refused with the
// drawing unchanged.

#include <QtTest>

#include "core/edit/insert_mechanism.hpp"
#include "core/sim/simulation.hpp"
#include "core/spec/mechanism_templates.hpp"

#include "tests/core/fixtures/drawings.hpp"
#include "tests/core/fixtures/runs.hpp"
#include "tests/test_main.hpp"

namespace tst_insert_mechanism {

using namespace sslm;
using fixtures::assembled;
using fixtures::drawnFourBar;
using fixtures::largestShift;

class TestInsertMechanism : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aTemplateGoesBesideTheDrawingWithFreshNames() {
        Drawing d = drawnFourBar();
        const MechanismSpec part = fourBarTemplate();
        std::vector<std::string> bodies;
        QVERIFY(insertMechanism(d, part, {0.6, 0.0}, &bodies).empty());
        QCOMPARE(bodies, (std::vector<std::string>{"L4", "L5", "L6"}));
        QCOMPARE(d.spec.ground.points.size(), std::size_t(4)); // O1, O2 and the part's O3, O4
        QCOMPARE(d.spec.ground.points[2].name, std::string("O3"));
        QVERIFY(
            (d.spec.ground.points[2].p_B - (part.ground.points[0].p_B + Eigen::Vector2d(0.6, 0.0)))
                .norm() < 1e-15);
        QCOMPARE(d.spec.joints.size(), std::size_t(8));
        QCOMPARE(d.spec.joints[4].name, std::string("J5"));
        QCOMPARE(d.spec.joints[4].coordinateName(), std::string("theta5"));
        QCOMPARE(d.spec.initial.independent.size(), std::size_t(2)); // both cranks are inputs
        QCOMPARE(d.spec.actuators.size(), std::size_t(2));
        QCOMPARE(d.spec.tracedPoints.size(), std::size_t(1));
        QVERIFY(d.spec.cuts.empty());

        const auto both = assembled(d);
        QCOMPARE(both.model->mobilityGrubler, 2);
        QCOMPARE(both.model->nLoops(), 2);
        QVERIFY(largestShift(d, both.drawing) < fixtures::kDrawnTol);
    }

    // The inserted four-bar falls under gravity as the template alone does: its traced coupler
    // point follows the template's, moved by the offset, over 0.5 s.
    void theInsertedPartMovesAsTheTemplate() {
        Drawing d = drawnFourBar();
        const MechanismSpec part = fourBarTemplate();
        const Eigen::Vector2d offset(0.6, 0.1);
        QVERIFY(insertMechanism(d, part, offset).empty());
        const auto both = assembled(d).model;
        const auto alone = assembled(Drawing{part, {}}).model;
        const auto path = [](const Model& model) {
            return fixtures::sampleRun(model, 0.5, [](const Sample& s) {
                return Eigen::Vector2d(s.points.back().head<2>());
            });
        };
        const auto inserted = path(*both);
        const auto reference = path(*alone);
        QCOMPARE(inserted.size(), reference.size());
        double worst = 0;
        for (std::size_t k = 0; k < inserted.size(); ++k) {
            worst = std::max(worst, (inserted[k] - (reference[k] + offset)).norm());
        }
        qInfo("inserted four-bar vs the template alone over 0.5 s: coupler point within %.3g m",
              worst);
        QVERIFY(worst < 1e-8);
        QVERIFY((reference.back() - reference.front()).norm() > 1e-3); // it did move
    }

    void aBrokenPartIsRefused() {
        Drawing d = drawnFourBar();
        const Drawing before = d;
        MechanismSpec part = fourBarTemplate();
        part.joints.front().child.point = "nowhere";
        const EditError error = insertMechanism(d, part, {0.5, 0.0});
        QVERIFY(error.find("does not compile") != std::string::npos);
        QVERIFY(!insertMechanism(d, fourBarTemplate(), {std::nan(""), 0.0}).empty());
        QVERIFY(d.spec == before.spec);
    }
};

SSLM_TEST_APPLESS_MAIN(TestInsertMechanism)
} // namespace tst_insert_mechanism
#include "tst_insert_mechanism.moc"
