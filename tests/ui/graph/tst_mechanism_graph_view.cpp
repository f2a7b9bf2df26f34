// SPDX-License-Identifier: MIT
// The loop/subsystem graph view on the carpet scraper: its nodes and edges, the J and GICM
// patterns against the model, cut changes by simulated clicks (valid exchanges applied and
// announced, invalid ones explained and not applied), the same physics for every cut choice
// reached, every valid cut set reachable by clicks, loop highlighting, and readable layouts of
// the 3-RRR, the Watt six-bar and a chain of eight four-bar loops. With SSLM_SCREENSHOT_DIR
// set, writes graph_<mechanism>.png and graph_carpet_scraper_rejected.png there (docs/images).

#include <algorithm>
#include <memory>
#include <set>

#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"
#include "core/sim/dynamics_rhs.hpp"
#include "core/spec/four_bar_chain.hpp"
#include "core/spec/spec_json.hpp"
#include "core/util/diagnostic.hpp"
#include "ui/graph/block_pattern_widget.hpp"
#include "ui/graph/body_node_item.hpp"
#include "ui/graph/cut_picker.hpp"
#include "ui/graph/graph_canvas.hpp"
#include "ui/graph/graph_side_panel.hpp"
#include "ui/graph/joint_edge_item.hpp"
#include "ui/graph/mechanism_graph_scene.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/style/palette.hpp"

#include "tests/test_main.hpp"

namespace tst_mechanism_graph_view {

using namespace sslm;
using namespace sslm::ui;

namespace {

using CutSet = std::vector<std::string>;

MechanismSpec loadSpec(const char* file) {
    const LoadResult loaded = loadMechanismFile(std::string(SSLM_EXAMPLES_DIR "/") + file);
    if (!loaded.ok()) {
        qFatal("%s: %s", file, formatDiagnostics(loaded.diagnostics).c_str());
    }
    return *loaded.spec;
}

std::shared_ptr<const Model> compileWith(const MechanismSpec& spec, const CutSet& cuts) {
    const CompileResult compiled = compileModel(spec, CompileOptions{.cuts = cuts});
    return compiled.model;
}

CutSet sorted(CutSet cuts) {
    std::sort(cuts.begin(), cuts.end());
    return cuts;
}

/// Records cutsChanged (its argument types need no metatype registration this way).
struct CutsChangedRecorder {
    std::vector<std::pair<CutSet, std::shared_ptr<const Model>>> calls;

    explicit CutsChangedRecorder(MechanismGraphView& view) {
        QObject::connect(&view, &MechanismGraphView::cutsChanged,
                         [this](CutSet cuts, std::shared_ptr<const Model> model) {
                             calls.emplace_back(std::move(cuts), std::move(model));
                         });
    }
};

/// The motion quantities compared across cut choices at the file's initial state.
struct Accelerations {
    Eigen::Vector2d tipPosition;
    Eigen::Vector2d tipAcceleration;
    std::vector<double> bodyAngularAcceleration; ///< per spec body
};

Accelerations accelerationsFor(const Model& model) {
    const InitialState initial = assembleInitialState(model);
    if (!initial.report.converged) {
        qFatal("assembly failed: %s", initial.report.message.c_str());
    }
    SimulationSettings settings;
    settings.stabilisation = Stabilisation::None;
    DynamicsRhs rhs(model, settings);
    if (!rhs.evaluate(0.0, initial.q, initial.qd)) {
        qFatal("forward dynamics failed: %s", rhs.failure().c_str());
    }
    const Eigen::VectorXd& qdd = rhs.qdd();

    Workspace ws(model);
    updatePositions(model, ws, initial.q);
    updateVelocities(model, ws, initial.qd);
    const TracedPoint& tip = model.tracedPoints.at(0);
    Eigen::MatrixXd jacobian(2, model.nv());
    pointJacobian(model, ws, tip.body, tip.p_B.head<2>(), jacobian);

    Accelerations out;
    out.tipPosition = PlanarSpace::pointPosition(ws, tip.body, tip.p_B);
    out.tipAcceleration =
        PlanarSpace::pointBiasAcceleration(ws, tip.body, tip.p_B) + jacobian * qdd;
    // ω̇ of a body: its tree parent's plus the signed q̈ of a revolute tree joint
    std::vector<double> alpha(model.bodies.size(), 0.0);
    out.bodyAngularAcceleration.assign(model.bodies.size() - 1, 0.0);
    for (std::size_t b = 1; b < model.bodies.size(); ++b) {
        const Body& body = model.bodies[b];
        const Joint& joint = model.joints[body.treeJoint];
        alpha[b] = alpha[body.parent] +
                   (joint.type == JointType::Revolute ? joint.treeSign * qdd[joint.coordinate] : 0);
        out.bodyAngularAcceleration[body.specIndex] = alpha[b];
    }
    return out;
}

/// Every valid cut set by brute force: all subsets of the loop count that compile and assemble.
std::set<CutSet> allValidCutSets(const MechanismSpec& spec, int loops) {
    std::set<CutSet> valid;
    const int n = static_cast<int>(spec.joints.size());
    std::vector<bool> pick(n, false);
    std::fill(pick.end() - loops, pick.end(), true);
    do {
        CutSet cuts;
        for (int j = 0; j < n; ++j) {
            if (pick[j]) {
                cuts.push_back(spec.joints[j].name);
            }
        }
        if (evaluateCutSet(spec, cuts).ok()) {
            valid.insert(sorted(cuts));
        }
    } while (std::next_permutation(pick.begin(), pick.end()));
    return valid;
}

/// Writes the widget to SSLM_SCREENSHOT_DIR (docs/images) when set.
void saveScreenshot(QWidget& widget, const QString& file) {
    const QByteArray target = qgetenv("SSLM_SCREENSHOT_DIR");
    if (!target.isEmpty()) {
        QTest::qWait(50); // let the layouts settle
        QVERIFY(widget.grab().save(QString::fromLocal8Bit(target) + '/' + file));
    }
}

bool boxesOverlap(const MechanismGraphScene& scene) {
    for (int a = 0; a < scene.nodeCount(); ++a) {
        for (int b = a + 1; b < scene.nodeCount(); ++b) {
            if (scene.node(a)
                    ->sceneBox()
                    .adjusted(-4, -4, 4, 4)
                    .intersects(scene.node(b)->sceneBox())) {
                return true;
            }
        }
    }
    return false;
}

} // namespace

class TestMechanismGraphView : public QObject {
    Q_OBJECT

private:
    MechanismSpec m_scraper;
    std::unique_ptr<MechanismGraphView> m_view;

    /// A shown view of the scraper with the file's cuts.
    MechanismGraphView& freshScraperView() {
        m_view = std::make_unique<MechanismGraphView>();
        m_view->resize(1280, 760);
        m_view->setSpec(m_scraper, m_scraper.cuts);
        m_view->show();
        if (!QTest::qWaitForWindowExposed(m_view.get())) {
            qWarning("window not exposed");
        }
        return *m_view;
    }

    void click(MechanismGraphView& view, const char* joint) {
        const QPoint at = view.jointPosition(QString::fromLatin1(joint));
        QVERIFY2(view.canvas()->viewport()->rect().contains(at), joint);
        QTest::mouseClick(view.canvas()->viewport(), Qt::LeftButton, {}, at);
    }

    /// The panel and the scene show `model` (compiled afresh from its cuts).
    void verifyShows(const MechanismGraphView& view, const Model& expected) {
        const GraphSidePanel& panel = *view.panel();
        QCOMPARE(panel.loopList()->count(), expected.nLoops());
        QCOMPARE(panel.subsystemTexts().size(), static_cast<qsizetype>(expected.subsystems.size()));
        const BlockPatternWidget& jPattern = *panel.jacobianPattern();
        QCOMPARE(jPattern.rowCount(), expected.nLoops());
        QCOMPARE(jPattern.columnCount(), static_cast<int>(expected.subsystems.size()));
        for (int i = 0; i < expected.nLoops(); ++i) {
            for (int s = 0; s < jPattern.columnCount(); ++s) {
                QCOMPARE(jPattern.cell(i, s).filled, bool(expected.jacobianPattern(i, s)));
            }
        }
        const BlockPatternWidget& gicm = *panel.gicmPattern();
        QCOMPARE(gicm.rowCount(), expected.nLoops());
        QCOMPARE(gicm.columnCount(), expected.nLoops());
        for (int r = 0; r < expected.nLoops(); ++r) {
            for (int s = 0; s < expected.nLoops(); ++s) {
                const std::vector<int>& contributors = expected.gicmContributors[r][s];
                QCOMPARE(gicm.cell(r, s).filled, !contributors.empty());
                for (int j : contributors) {
                    const QString term = QStringLiteral("_%1").arg(j + 1);
                    QVERIFY2(gicm.cell(r, s).toolTip.contains(term),
                             qPrintable(gicm.cell(r, s).toolTip));
                }
            }
        }
        const MechanismGraphScene& scene = *view.graphScene();
        for (const Body& body : expected.bodies) {
            if (body.specIndex >= 0) {
                QCOMPARE(scene.node(body.specIndex + 1)->fill(), subsystemColour(body.subsystem));
            }
        }
        for (const Joint& joint : expected.joints) {
            QCOMPARE(scene.edge(joint.specIndex)->isCut(), joint.isCut());
        }
    }

private Q_SLOTS:
    void initTestCase() { m_scraper = loadSpec("carpet_scraper.json"); }

    void scraperGraphHasItsBodiesJointsAndCuts() {
        MechanismGraphView& view = freshScraperView();
        const MechanismGraphScene& scene = *view.graphScene();
        QCOMPARE(scene.nodeCount(), 8);
        QCOMPARE(scene.edgeCount(), 10);
        QVERIFY(scene.node(0)->isGround());
        QCOMPARE(scene.node(3)->label(), QStringLiteral("#3 coupler"));
        QStringList cut;
        for (int j = 0; j < scene.edgeCount(); ++j) {
            if (scene.edge(j)->isCut()) {
                cut << scene.edge(j)->name();
            }
        }
        QCOMPARE(cut, (QStringList{"J8", "J9", "J10"}));
        QVERIFY(!boxesOverlap(scene));
        QVERIFY(view.panel()->summary().contains(QStringLiteral("DOF 1")));
        QCOMPARE(view.currentCuts(), (CutSet{"J8", "J9", "J10"}));
    }

    void patternsEqualTheModel() {
        MechanismGraphView& view = freshScraperView();
        const auto model = compileWith(m_scraper, {"J8", "J9", "J10"});
        QVERIFY(model);
        verifyShows(view, *model);
        // a GICM block with two contributors lists both, as `sslm info` does
        const BlockPatternWidget& gicm = *view.panel()->gicmPattern();
        int shared = 0;
        for (int r = 0; r < model->nLoops(); ++r) {
            for (int s = 0; s < model->nLoops(); ++s) {
                const auto& contributors = model->gicmContributors[r][s];
                if (contributors.size() >= 2) {
                    QString expected = QStringLiteral("Ī%1%2 = ").arg(r + 1).arg(s + 1);
                    QStringList terms;
                    for (int j : contributors) {
                        terms << QStringLiteral("I^%1%2_%3").arg(r + 1).arg(s + 1).arg(j + 1);
                    }
                    QCOMPARE(gicm.cell(r, s).toolTip, expected + terms.join(" + "));
                    ++shared;
                }
            }
        }
        QVERIFY(shared > 0);
    }

    void clickingATreeJointSwapsItWithItsLoopsCut() {
        MechanismGraphView& view = freshScraperView();
        CutsChangedRecorder recorder(view);
        click(view, "J3");
        QCOMPARE(recorder.calls.size(), std::size_t(1));
        const auto& [cuts, model] = recorder.calls[0];
        QCOMPARE(sorted(cuts), sorted({"J3", "J9", "J10"}));
        QVERIFY(model);
        const auto fresh = compileWith(m_scraper, cuts);
        QVERIFY(fresh);
        QCOMPARE(cutJointNames(*model), cutJointNames(*fresh));
        verifyShows(view, *fresh);
        QCOMPARE(view.currentCuts(), cutJointNames(*fresh));
        QCOMPARE(view.previousCuts(), (CutSet{"J8", "J9", "J10"}));
        QCOMPARE(view.panel()->messageKind(), GraphSidePanel::MessageKind::Success);
        QVERIFY(view.panel()->message().contains(QStringLiteral("J3 cut instead of J8")));
    }

    void anInvalidClickIsExplainedAndNotApplied() {
        MechanismGraphView& view = freshScraperView();
        CutsChangedRecorder recorder(view);
        click(view, "J8"); // arm J8 for release: loop 1's joints become the choices
        QCOMPARE(view.armedCut(), QStringLiteral("J8"));
        QCOMPARE(view.highlightedLoop(), 0);
        click(view, "J7"); // not on loop 1: J7, J9, J10 would leave loop 1 closed
        QVERIFY(recorder.calls.empty());
        QCOMPARE(view.currentCuts(), (CutSet{"J8", "J9", "J10"}));
        QCOMPARE(view.panel()->messageKind(), GraphSidePanel::MessageKind::Error);
        const QString message = view.panel()->message();
        QVERIFY2(message.contains(QStringLiteral("stays closed")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("J1–J2–J3–J8")), qPrintable(message));
        QVERIFY(view.graphScene()->edge(QStringLiteral("J8"))->isCut());
        QVERIFY(!view.graphScene()->edge(QStringLiteral("J7"))->isCut());
        saveScreenshot(view, QStringLiteral("graph_carpet_scraper_rejected.png"));

        click(view, "J2"); // on loop 1: applied
        QCOMPARE(recorder.calls.size(), std::size_t(1));
        QCOMPARE(sorted(recorder.calls[0].first), sorted({"J2", "J9", "J10"}));
        QVERIFY(view.armedCut().isEmpty());

        // applyCuts (undo/redo) refuses a wrong count with the compiler's reason, silently
        QVERIFY(!view.applyCuts({"J2", "J9"}));
        QVERIFY(view.panel()->message().contains(QStringLiteral("stays closed")));
        QVERIFY(view.applyCuts({"J8", "J9", "J10"}));
        QCOMPARE(recorder.calls.size(), std::size_t(1));
        QCOMPARE(view.currentCuts(), (CutSet{"J8", "J9", "J10"}));
    }

    void resetButtonsRestoreAutomaticAndFileCuts() {
        MechanismGraphView& view = freshScraperView();
        CutsChangedRecorder recorder(view);
        click(view, "J3");
        QCOMPARE(recorder.calls.size(), std::size_t(1));
        QTest::mouseClick(view.panel()->fileCutsButton(), Qt::LeftButton);
        QCOMPARE(recorder.calls.size(), std::size_t(2));
        QCOMPARE(view.currentCuts(), (CutSet{"J8", "J9", "J10"}));
        QTest::mouseClick(view.panel()->automaticButton(), Qt::LeftButton);
        const auto automatic = compileModel(m_scraper, CompileOptions{.cuts = CutSet{}});
        QCOMPARE(view.currentCuts(), cutJointNames(*automatic.model));
    }

    void physicsIsTheSameForEveryChoiceReached() {
        MechanismGraphView& view = freshScraperView();
        CutsChangedRecorder recorder(view);
        // one-click exchanges and "release this cut, cut that joint" pairs, one of which cuts J1
        // (the actuated crank's joint, so the state is carried over through the body poses)
        const std::vector<std::vector<const char*>> sequences{
            {"J3"}, {"J9", "J5"}, {"J10", "J6"}, {"J3", "J1"}, {"J6", "J7"}};
        for (const auto& sequence : sequences) {
            for (const char* joint : sequence) {
                click(view, joint);
            }
        }
        QCOMPARE(recorder.calls.size(), sequences.size());
        const Accelerations reference = accelerationsFor(*compileWith(m_scraper, m_scraper.cuts));
        double worst = 0;
        std::set<CutSet> distinct{sorted(m_scraper.cuts)};
        for (const auto& [cuts, model] : recorder.calls) {
            distinct.insert(sorted(cuts));
            const Accelerations a = accelerationsFor(*model);
            QVERIFY((a.tipPosition - reference.tipPosition).norm() < 1e-9);
            worst = std::max(worst, (a.tipAcceleration - reference.tipAcceleration).norm());
            for (std::size_t b = 0; b < a.bodyAngularAcceleration.size(); ++b) {
                worst = std::max(worst, std::abs(a.bodyAngularAcceleration[b] -
                                                 reference.bodyAngularAcceleration[b]));
            }
        }
        QCOMPARE(distinct.size(), sequences.size() + 1);
        qInfo("cut sets compared: %zu; tip |a| = %.6g m/s²; largest difference %.3g",
              distinct.size(), reference.tipAcceleration.norm(), worst);
        QVERIFY2(worst < 1e-9, qPrintable(QString::number(worst)));
    }

    void everyValidCutSetIsReachableByClicks() {
        const std::set<CutSet> valid = allValidCutSets(m_scraper, 3);
        // breadth-first over "click a cut joint, then a joint of its loop"
        std::set<CutSet> reached{sorted(m_scraper.cuts)};
        std::vector<std::shared_ptr<const Model>> frontier{compileWith(m_scraper, m_scraper.cuts)};
        while (!frontier.empty()) {
            std::vector<std::shared_ptr<const Model>> next;
            for (const auto& model : frontier) {
                for (int cut : model->cuts) {
                    for (int joint : model->loops[model->joints[cut].cut].joints) {
                        if (joint == cut) {
                            continue;
                        }
                        CutPicker picker;
                        picker.reset(model);
                        QVERIFY(picker.click(cut).kind == CutClickOutcome::Kind::Armed);
                        CutClickOutcome outcome = picker.click(joint);
                        QVERIFY2(outcome.kind == CutClickOutcome::Kind::Applied,
                                 outcome.message.c_str());
                        if (reached.insert(sorted(outcome.cuts)).second) {
                            next.push_back(outcome.evaluation.model);
                        }
                    }
                }
            }
            frontier = std::move(next);
        }
        qInfo("valid cut sets: %zu, reached by clicks: %zu", valid.size(), reached.size());
        QCOMPARE(valid.size(), std::size_t(60));
        QVERIFY(reached == valid);
    }

    void hoveringOrSelectingALoopHighlightsIt() {
        MechanismGraphView& view = freshScraperView();
        QSignalSpy spy(&view, &MechanismGraphView::loopHighlighted);
        QListWidget* loops = view.panel()->loopList();

        // hover loop 2 (J2–J3–J9–J5–J4 or similar)
        const QRect second = loops->visualItemRect(loops->item(1));
        QTest::mouseMove(loops->viewport(), second.center());
        QTRY_VERIFY(!spy.isEmpty());
        QCOMPARE(spy.last().at(0).toInt(), 1);
        const Loop& loop = view.model()->loops[1];
        for (int j = 0; j < view.graphScene()->edgeCount(); ++j) {
            const bool inLoop =
                std::find(loop.joints.begin(), loop.joints.end(), j) != loop.joints.end();
            QCOMPARE(view.graphScene()->edge(j)->isHighlighted(), inLoop);
        }
        QVERIFY(view.graphScene()->node(0)->isHighlighted()); // the ground closes every loop

        // select loop 3: stays highlighted after the pointer leaves
        QTest::mouseClick(loops->viewport(), Qt::LeftButton, {},
                          loops->visualItemRect(loops->item(2)).center());
        QTest::mouseMove(view.canvas()->viewport(), QPoint(5, 5));
        QTRY_COMPARE(view.highlightedLoop(), 2);
        QCOMPARE(spy.last().at(0).toInt(), 2);

        // a click in the graph's background clears it
        QTest::mouseClick(view.canvas()->viewport(), Qt::LeftButton, {}, QPoint(5, 5));
        QCOMPARE(view.highlightedLoop(), -1);
        QCOMPARE(spy.last().at(0).toInt(), -1);

        // the slot (the 3-D view's selection) highlights without echoing the signal
        const qsizetype before = spy.count();
        view.highlightLoop(0);
        QCOMPARE(view.highlightedLoop(), 0);
        QCOMPARE(spy.count(), before);
        QVERIFY(view.graphScene()->edge(QStringLiteral("J8"))->isHighlighted());
    }

    void layoutsAreReadableAndDeterministic_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("edges");
        QTest::newRow("carpet_scraper") << QStringLiteral("carpet_scraper") << 8 << 10;
        QTest::newRow("three_rrr") << QStringLiteral("three_rrr") << 8 << 9;
        QTest::newRow("watt_six_bar") << QStringLiteral("watt_six_bar") << 6 << 7;
        QTest::newRow("four_bar_chain_8") << QStringLiteral("four_bar_chain_8") << 18 << 25;
    }

    void layoutsAreReadableAndDeterministic() {
        QFETCH(QString, name);
        QFETCH(int, nodes);
        QFETCH(int, edges);
        const MechanismSpec spec = name == QStringLiteral("four_bar_chain_8")
                                       ? fourBarChain({.loops = 8})
                                       : loadSpec(qPrintable(name + ".json"));
        MechanismGraphView view;
        view.resize(name == QStringLiteral("four_bar_chain_8") ? 1500 : 1280, 760);
        view.setSpec(spec, spec.cuts);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QByteArray target = qgetenv("SSLM_SCREENSHOT_DIR");
        QTemporaryDir temporary;
        const QString dir = target.isEmpty() ? temporary.path() : QString::fromLocal8Bit(target);
        if (name == QStringLiteral("carpet_scraper")) {
            view.highlightLoop(1); // shows the highlight and the patterns' outlined row
        }
        const QImage image = view.grab().toImage();
        QVERIFY(image.save(dir + QStringLiteral("/graph_%1.png").arg(name)));

        const MechanismGraphScene& scene = *view.graphScene();
        QCOMPARE(scene.nodeCount(), nodes);
        QCOMPARE(scene.edgeCount(), edges);
        QVERIFY(!boxesOverlap(scene));
        // labels apart from each other and clear of the boxes
        for (int a = 0; a < scene.edgeCount(); ++a) {
            const QPointF at = scene.edge(a)->labelCentre();
            for (int b = a + 1; b < scene.edgeCount(); ++b) {
                QVERIFY2(QLineF(at, scene.edge(b)->labelCentre()).length() > 20,
                         qPrintable(scene.edge(a)->name() + " / " + scene.edge(b)->name()));
            }
            for (int n = 0; n < scene.nodeCount(); ++n) {
                QVERIFY2(!scene.node(n)->sceneBox().contains(at),
                         qPrintable(scene.edge(a)->name()));
            }
        }
        // the same drawing on a second build
        MechanismGraphScene again;
        again.setSpec(spec);
        for (int n = 0; n < nodes; ++n) {
            QCOMPARE(again.node(n)->pos(), scene.node(n)->pos());
        }
        // every edge can be clicked where its label is
        for (int j = 0; j < edges; ++j) {
            const QPoint at = view.jointPosition(scene.edge(j)->name());
            QVERIFY(view.canvas()->viewport()->rect().contains(at));
        }
    }
};

SSLM_TEST_WIDGETS_MAIN(TestMechanismGraphView)
} // namespace tst_mechanism_graph_view
#include "tst_mechanism_graph_view.moc"
