// SPDX-License-Identifier: MIT
// How sample tables name a wrench: a planar revolute cut's two force columns, a planar
// prismatic cut's force and moment, a spatial cut's six components, the shaking wrench in each
// space and the planar multipliers of an inverse table; and which entry each column reads.

#include <QtTest>

#include "core/model/wrench_columns.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/test_main.hpp"

namespace tst_wrench_columns {

using namespace sslm;

namespace {

std::vector<std::string> names(const std::vector<WrenchColumn>& columns) {
    std::vector<std::string> out;
    for (const WrenchColumn& c : columns) {
        out.push_back(c.name);
    }
    return out;
}

std::vector<int> entries(const std::vector<WrenchColumn>& columns) {
    std::vector<int> out;
    for (const WrenchColumn& c : columns) {
        out.push_back(c.entry);
    }
    return out;
}

} // namespace

class TestWrenchColumns : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void planarRevoluteCutHasTwoForceColumns() {
        const auto model = fixtures::loadExample("four_bar.json");
        const int cut = model->cuts.front();
        const std::vector<WrenchColumn> forward = reactionColumns(*model, cut, true);
        QCOMPARE(names(forward), (std::vector<std::string>{"lambda.J8.x", "lambda.J8.y"}));
        QCOMPARE(entries(forward), (std::vector<int>{0, 1}));
        QCOMPARE(names(reactionColumns(*model, cut, false)),
                 (std::vector<std::string>{"reaction.J8.x", "reaction.J8.y"}));
        QCOMPARE(multiplierColumns(*model),
                 (std::vector<std::string>{"lambda.J8.x", "lambda.J8.y"}));
    }

    void planarPrismaticCutAddsItsMoment() {
        const auto model = fixtures::compiled(fixtures::sliderCrankPrismaticCut());
        const int cut = model->cuts.front();
        const std::vector<WrenchColumn> forward = reactionColumns(*model, cut, true);
        QCOMPARE(names(forward),
                 (std::vector<std::string>{"lambda.J4.x", "lambda.J4.y", "lambda.J4.moment"}));
        QCOMPARE(entries(forward), (std::vector<int>{0, 1, 5}));
        QCOMPARE(multiplierColumns(*model),
                 (std::vector<std::string>{"lambda.J4.normal", "lambda.J4.moment"}));
    }

    void spatialCutHasTheWholeWrench() {
        const auto model = fixtures::loadExample("rssr.json");
        const int cut = model->cuts.front();
        for (bool forwardRunCut : {true, false}) {
            const std::vector<WrenchColumn> columns = reactionColumns(*model, cut, forwardRunCut);
            QCOMPARE(names(columns), (std::vector<std::string>{
                                         "reaction.J3.fx", "reaction.J3.fy", "reaction.J3.fz",
                                         "reaction.J3.mx", "reaction.J3.my", "reaction.J3.mz"}));
            QCOMPARE(entries(columns), (std::vector<int>{0, 1, 2, 3, 4, 5}));
        }
        QVERIFY(multiplierColumns(*model).empty());
    }

    void shakingColumnsFollowTheSpace() {
        const std::vector<WrenchColumn> planar =
            shakingColumns(*fixtures::loadExample("four_bar.json"));
        QCOMPARE(names(planar), (std::vector<std::string>{"shaking.force.x", "shaking.force.y",
                                                          "shaking.moment"}));
        QCOMPARE(entries(planar), (std::vector<int>{0, 1, 5}));
        const std::vector<WrenchColumn> spatial =
            shakingColumns(*fixtures::loadExample("rssr.json"));
        QCOMPARE(names(spatial), (std::vector<std::string>{
                                     "shaking.force.x", "shaking.force.y", "shaking.force.z",
                                     "shaking.moment.x", "shaking.moment.y", "shaking.moment.z"}));
        QCOMPARE(entries(spatial), (std::vector<int>{0, 1, 2, 3, 4, 5}));
    }

    void valuesAreTheNamedEntries() {
        const auto model = fixtures::compiled(fixtures::sliderCrankPrismaticCut());
        std::vector<double> values{-1.0};
        appendWrenchValues(reactionEntries(*model, model->cuts.front()), {1.0, 2.0, 3.0},
                           {4.0, 5.0, 6.0}, values);
        QCOMPARE(values, (std::vector<double>{-1.0, 1.0, 2.0, 6.0}));
    }
};

SSLM_TEST_APPLESS_MAIN(TestWrenchColumns)
} // namespace tst_wrench_columns
#include "tst_wrench_columns.moc"
