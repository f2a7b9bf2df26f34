// SPDX-License-Identifier: MIT
// Spec → Model: spanning tree, loops, subsystems, the block patterns of the papers' eqs.
// (26)/(31) and (37)/(42), cut-set validation messages, automatic cut choice, mobility errors.

#include <QtTest>

#include "core/model/compile.hpp"
#include "core/topology/mechanism_graph.hpp"

#include "tests/core/fixtures/mechanisms.hpp"
#include "tests/test_main.hpp"

namespace tst_compile {

using namespace sslm;

namespace {

using BoolMatrix = Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic>;

CompileResult compileWith(const MechanismSpec& spec, std::vector<std::string> cuts) {
    CompileOptions options;
    options.cuts = std::move(cuts);
    return compileModel(spec, options);
}

std::vector<std::string> bodyIds(const Model& model, const Subsystem& sub) {
    std::vector<std::string> ids;
    for (int b : sub.bodies) {
        ids.push_back(model.bodies[b].id);
    }
    return ids;
}

std::vector<std::string> jointNames(const Model& model, const std::vector<int>& joints) {
    std::vector<std::string> names;
    for (int j : joints) {
        names.push_back(model.joints[j].name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

bool mentions(const Diagnostics& diagnostics, const std::string& fragment) {
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
        return d.message.find(fragment) != std::string::npos;
    });
}

BoolMatrix pattern(std::initializer_list<std::initializer_list<int>> rows) {
    BoolMatrix m(static_cast<Eigen::Index>(rows.size()),
                 static_cast<Eigen::Index>(rows.begin()->size()));
    Eigen::Index r = 0;
    for (const auto& row : rows) {
        Eigen::Index c = 0;
        for (int v : row) {
            m(r, c++) = v != 0;
        }
        ++r;
    }
    return m;
}

} // namespace

class TestCompile : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void carpetScraperHasThePapersStructure() {
        const CompileResult result = compileModel(fixtures::carpetScraper());
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        const Model& model = *result.model;
        QCOMPARE(model.mobilityGrubler, 1);
        QCOMPARE(model.nv(), 7);
        QCOMPARE(model.nLoops(), 3);
        QCOMPARE(jointNames(model, model.cuts), (std::vector<std::string>{"J10", "J8", "J9"}));
        QCOMPARE(model.joints[model.cuts[0]].name, std::string("J8"));

        // subsystems {#1}, {#2, #3}, {#4, #5, #6, #7}; the third is tree-type (#4 → #5, #6)
        QCOMPARE(model.subsystems.size(), std::size_t(3));
        QCOMPARE(bodyIds(model, model.subsystems[0]), (std::vector<std::string>{"link1"}));
        QCOMPARE(bodyIds(model, model.subsystems[1]), (std::vector<std::string>{"link2", "link3"}));
        QCOMPARE(bodyIds(model, model.subsystems[2]),
                 (std::vector<std::string>{"link4", "link5", "link6", "link7"}));
        QVERIFY(model.subsystems[1].serial);
        QVERIFY(!model.subsystems[2].serial);
        for (int k = 0; k < 7; ++k) {
            QCOMPARE(model.coordinates[k].name, "theta" + std::to_string(k + 1));
        }

        // loops 1-2-3-8, 2-3-9-5-4, 5-6-7-10 ([K] Sect. 4.1)
        QCOMPARE(jointNames(model, model.loops[0].joints),
                 (std::vector<std::string>{"J1", "J2", "J3", "J8"}));
        QCOMPARE(jointNames(model, model.loops[1].joints),
                 (std::vector<std::string>{"J2", "J3", "J4", "J5", "J9"}));
        QCOMPARE(jointNames(model, model.loops[2].joints),
                 (std::vector<std::string>{"J10", "J5", "J6", "J7"}));

        // eq. (26) and the GICM of eqs. (31)-(32)
        QCOMPARE(model.jacobianPattern, pattern({{1, 1, 0}, {0, 1, 1}, {0, 0, 1}}));
        using V = std::vector<int>;
        QCOMPARE(model.gicmContributors[0][0], (V{0, 1}));
        QCOMPARE(model.gicmContributors[1][0], (V{1}));
        QCOMPARE(model.gicmContributors[1][1], (V{1, 2}));
        QCOMPARE(model.gicmContributors[2][1], (V{2}));
        QCOMPARE(model.gicmContributors[2][2], (V{2}));
        QCOMPARE(model.gicmContributors[2][0], V{});
        QCOMPARE(model.gicmContributors[0][2], V{});
    }

    void threeRrrHasThePapersStructure() {
        const CompileResult result = compileModel(fixtures::threeRrr());
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        const Model& model = *result.model;
        QCOMPARE(model.mobilityGrubler, 3);
        QCOMPARE(bodyIds(model, model.subsystems[0]),
                 (std::vector<std::string>{"link1", "link2", "link3", "link4", "link5"}));
        QCOMPARE(bodyIds(model, model.subsystems[1]), (std::vector<std::string>{"link6"}));
        QCOMPARE(bodyIds(model, model.subsystems[2]), (std::vector<std::string>{"link7"}));
        QCOMPARE(model.coordinates[5].name, std::string("theta6"));
        QCOMPARE(model.coordinates[6].name, std::string("theta7"));
        QCOMPARE(model.independent, (std::vector<int>{0, 5, 6}));
        // loops 1-2-3-4-6-8 and 1-2-3-5-7-9 ([K] Sect. 4.2)
        QCOMPARE(jointNames(model, model.loops[0].joints),
                 (std::vector<std::string>{"J1", "J2", "J3", "J4", "J6", "J8"}));
        QCOMPARE(jointNames(model, model.loops[1].joints),
                 (std::vector<std::string>{"J1", "J2", "J3", "J5", "J7", "J9"}));
        // eq. (37) and the GICM of eqs. (42)-(43)
        QCOMPARE(model.jacobianPattern, pattern({{1, 1, 0}, {1, 0, 1}}));
        using V = std::vector<int>;
        QCOMPARE(model.gicmContributors[0][0], (V{0, 1}));
        QCOMPARE(model.gicmContributors[1][0], (V{0}));
        QCOMPARE(model.gicmContributors[1][1], (V{0, 2}));
    }

    void anotherValidCutSetGivesAnotherStructureWithTheSameMobility() {
        const CompileResult result = compileWith(fixtures::carpetScraper(), {"J3", "J5", "J7"});
        QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
        const Model& model = *result.model;
        QCOMPARE(model.mobilityGrubler, 1);
        QCOMPARE(model.nLoops(), 3);
        QCOMPARE(bodyIds(model, model.subsystems[0]),
                 (std::vector<std::string>{"link1", "link3", "link5", "link7"}));
        QCOMPARE(bodyIds(model, model.subsystems[1]), (std::vector<std::string>{"link2"}));
        QCOMPARE(bodyIds(model, model.subsystems[2]), (std::vector<std::string>{"link4", "link6"}));
        // J3 and J5 lost their coordinates; J8, J9, J10 carry the tree now
        QCOMPARE(model.coordinateIndex("theta3"), -1);
        QVERIFY(model.joints[model.jointIndex("J8")].coordinate >= 0);
    }

    void invalidCutSetsAreExplained_data() {
        QTest::addColumn<QStringList>("cuts");
        QTest::addColumn<QString>("expected");
        QTest::newRow("too few cuts")
            << QStringList{"J8", "J9"} << "stays closed: none of its joints is cut";
        QTest::newRow("separated body")
            << QStringList{"J3", "J8", "J9"} << "the cuts separate link3 from the ground";
        QTest::newRow("unknown joint")
            << QStringList{"J8", "J9", "J99"} << "cut joint J99 does not exist";
        QTest::newRow("duplicate") << QStringList{"J8", "J8", "J9"} << "joint J8 is cut twice";
    }

    void invalidCutSetsAreExplained() {
        QFETCH(QStringList, cuts);
        QFETCH(QString, expected);
        std::vector<std::string> names;
        for (const QString& c : cuts) {
            names.push_back(c.toStdString());
        }
        const CompileResult result = compileWith(fixtures::carpetScraper(), names);
        QVERIFY(!result.ok());
        QVERIFY2(mentions(result.diagnostics, expected.toStdString()),
                 formatDiagnostics(result.diagnostics).c_str());
    }

    void closedLoopMessageNamesTheLoopsJoints() {
        const CompileResult result = compileWith(fixtures::carpetScraper(), {"J8", "J9"});
        QVERIFY(mentions(result.diagnostics, "J5"));
        QVERIFY(mentions(result.diagnostics, "J10"));
    }

    void automaticCutsAreValidAndDeterminate() {
        for (const MechanismSpec& base :
             {fixtures::fourBar(), fixtures::carpetScraper(), fixtures::threeRrr(),
              fixtures::sliderCrankPrismaticCut()}) {
            MechanismSpec spec = base;
            spec.cuts.clear();
            const CompileResult result = compileModel(spec);
            QVERIFY2(result.ok(), formatDiagnostics(result.diagnostics).c_str());
            QCOMPARE(result.model->nLoops(), static_cast<int>(base.cuts.size()));
            // the automatic choice prefers revolute cuts
            for (int cut : result.model->cuts) {
                QCOMPARE(result.model->joints[cut].type, JointType::Revolute);
            }
        }
        // the scraper's automatic cuts make a fully determinate spanning tree, like the paper's
        MechanismSpec scraper = fixtures::carpetScraper();
        scraper.cuts.clear();
        const auto model = compileModel(scraper).model;
        MechanismGraph graph;
        graph.nodeCount = 8;
        std::vector<bool> isCut;
        for (const Joint& joint : model->joints) {
            const auto node = [&](int body) {
                return body == 0 ? 0 : model->bodies[body].specIndex + 1;
            };
            graph.edges.push_back({node(joint.bodyA), node(joint.bodyB), false});
            graph.actuated.push_back(joint.name == "J1");
            isCut.push_back(joint.isCut());
        }
        QCOMPARE(determinateSubsystemCount(graph, isCut), 3);
    }

    void mobilityErrors() {
        // two links pinned to the ground and to each other: a rigid triangle
        MechanismSpec locked;
        locked.ground.points = {{"O1", {0, 0}}, {"O2", {1, 0}}};
        locked.bodies = {fixtures::rod("a", "a", 1, 1, {0.5, 0}, {{"p", {0, 0}}, {"q", {1, 0}}}),
                         fixtures::rod("b", "b", 1, 1, {0.5, 0}, {{"p", {0, 0}}, {"q", {1, 0}}})};
        locked.joints = {fixtures::revolute("R1", "", {"ground", "O1"}, {"a", "p"}),
                         fixtures::revolute("R2", "", {"ground", "O2"}, {"b", "p"}),
                         fixtures::revolute("R3", "", {"a", "q"}, {"b", "q"})};
        CompileResult result = compileModel(locked);
        QVERIFY(!result.ok());
        QVERIFY2(mentions(result.diagnostics, "the mechanism is locked: 0 DOF"),
                 formatDiagnostics(result.diagnostics).c_str());

        MechanismSpec over = locked;
        over.joints.push_back(fixtures::revolute("R4", "", {"a", "q"}, {"b", "p"}));
        result = compileModel(over);
        QVERIFY(!result.ok());
        QVERIFY(mentions(result.diagnostics, "over-constrained: -2 DOF"));

        MechanismSpec lonely = fixtures::fourBar();
        lonely.bodies.push_back(
            fixtures::rod("link9", "stray", 1, 1, {0.5, 0}, {{"p", {0, 0}}, {"q", {1, 0}}}));
        result = compileModel(lonely);
        QVERIFY(!result.ok());
        QVERIFY(mentions(result.diagnostics, "body stray is not connected: no joint uses it"));
    }

    void uniformInertiaFromGeometry() {
        BodySpec bar =
            fixtures::rod("b", "b", 3.0, 0.4, {0.2, 0}, {{"p", {0, 0}}, {"q", {0.4, 0}}});
        QCOMPARE(uniformInertia(bar), 3.0 * 0.16 / 12.0);
        BodySpec plate = fixtures::threeRrr().bodies[2];
        plate.points.pop_back(); // the polygon is the three vertices
        QVERIFY(std::abs(uniformInertia(plate) - 8.0 * 0.16 / 12.0) < 1e-15);
        BodySpec block = fixtures::sliderCrankPrismaticCut().bodies[2];
        QCOMPARE(uniformInertia(block), 1.5 * (0.06 * 0.06 + 0.03 * 0.03) / 12.0);
    }
};

SSLM_TEST_APPLESS_MAIN(TestCompile)
} // namespace tst_compile
#include "tst_compile.moc"
