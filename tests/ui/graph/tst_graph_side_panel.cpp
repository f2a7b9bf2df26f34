// SPDX-License-Identifier: MIT
// The Loops and cuts panel speaks of the mechanism on screen: after a cut change clicked in the
// graph ("J3 cut instead of J8"), opening another file, drawing a new mechanism or making one
// from a template puts the panel's hint back, not the last mechanism's message. The joint a cut
// change leaves uncut turns by a coordinate named in the file's pattern (theta8 beside theta1,
// theta2), in the model, the Properties dock and the CSV alike.

#include <algorithm>
#include <memory>

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "core/edit/drawing.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/editor/properties_panel.hpp"
#include "ui/graph/graph_canvas.hpp"
#include "ui/graph/graph_side_panel.hpp"
#include "ui/graph/mechanism_graph_view.hpp"
#include "ui/main_window.hpp"
#include "ui/sim/simulation_controller.hpp"

#include "tests/core/fixtures/drawings.hpp"
#include "tests/ui/fixtures/main_window.hpp"

namespace tst_graph_side_panel {

using namespace sslm;
using namespace sslm::ui;

class TestGraphSidePanel : public QObject {
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    QString m_hint; ///< the panel's message before any cut change

    /// The four-bar with J3 cut instead of J8, by a click on J3 in the graph.
    GraphSidePanel& fourBarWithJ3Cut() {
        m_window = fixtures::windowWith(fixtures::example("four_bar.json"));
        MechanismGraphView& graph = *m_window->graphView();
        m_hint = graph.panel()->message();
        QApplication::processEvents();
        QTest::mouseClick(graph.canvas()->viewport(), Qt::LeftButton, {},
                          graph.jointPosition(QStringLiteral("J3")));
        if (graph.currentCuts() != std::vector<std::string>{"J3"}) {
            qWarning("the click on J3 did not cut it");
        }
        return *graph.panel();
    }

    /// The panel shows the hint, nothing about the four-bar's cuts.
    void expectHint(const GraphSidePanel& panel) const {
        QCOMPARE(panel.message(), m_hint);
        QCOMPARE(panel.messageKind(), GraphSidePanel::MessageKind::Info);
    }

private Q_SLOTS:
    void theCutChangeIsAnnounced() {
        GraphSidePanel& panel = fourBarWithJ3Cut();
        QCOMPARE(m_window->graphView()->currentCuts(), std::vector<std::string>{"J3"});
        QVERIFY2(panel.message().contains(QStringLiteral("J3")), qPrintable(panel.message()));
        QCOMPARE(panel.messageKind(), GraphSidePanel::MessageKind::Success);
    }

    void openingAnotherFile() {
        GraphSidePanel& panel = fourBarWithJ3Cut();
        QString error;
        QVERIFY2(m_window->openFile(fixtures::example("slider_crank.json"), &error),
                 qPrintable(error));
        expectHint(panel);
    }

    void drawingANewMechanism() {
        GraphSidePanel& panel = fourBarWithJ3Cut();
        fixtures::newEmptyMechanism(*m_window);
        QTRY_VERIFY(m_window->document()->spec().bodies.empty());
        QVERIFY(!panel.message().contains(QStringLiteral("J3")));
        // drawn (the editor's operations, one undoable edit): it compiles and is shown
        m_window->document()->edit(fixtures::drawnFourBar().spec, QStringLiteral("Draw"));
        QVERIFY(fixtures::waitForCompile(*m_window));
        QVERIFY(m_window->currentModel() != nullptr);
        expectHint(panel);
    }

    void makingOneFromATemplate() {
        GraphSidePanel& panel = fourBarWithJ3Cut();
        fixtures::newFromTemplate(*m_window, QStringLiteral("four_bar"));
        QTRY_VERIFY(m_window->document()->path().isEmpty());
        expectHint(panel);
    }

    void theUncutJointFollowsTheFilesNames() {
        fourBarWithJ3Cut();
        std::vector<std::string> names;
        for (const Coordinate& c : m_window->currentModel()->coordinates) {
            names.push_back(c.name);
        }
        std::sort(names.begin(), names.end());
        QCOMPARE(names, (std::vector<std::string>{"theta1", "theta2", "theta8"}));
        // the Properties dock: the crank's tip clicked in the Edit tab
        fixtures::clickCentralTab(*m_window, 1);
        EditorCanvas& canvas = *m_window->editor()->canvas();
        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {},
                          canvas.viewportPoint(*pointInWorld(canvas.drawing(), {"link1", "J8"})));
        QComboBox& joints = *m_window->properties()->jointBox();
        QVERIFY(joints.count() > 0);
        QVERIFY2(joints.itemText(0).startsWith(QStringLiteral("J8 (theta8)")),
                 qPrintable(joints.itemText(0)));
        // the CSV of a run
        QVERIFY(fixtures::clickStart(*m_window));
        m_window->controller()->stop();
        QVERIFY(fixtures::waitForRunEnd(*m_window));
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("run.csv"));
        QVERIFY(m_window->exportSamplesCsv(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList header = QString::fromUtf8(file.readLine()).trimmed().split(',');
        QVERIFY(header.contains(QStringLiteral("q.theta8")));
        QVERIFY(!header.contains(QStringLiteral("q.J8")));
        QVERIFY(!header.contains(QStringLiteral("q.theta3"))); // J3 is cut now
    }

    void cleanup() { m_window.reset(); }
};

SSLM_WINDOW_TEST_MAIN(TestGraphSidePanel, "tst_graph_side_panel")
} // namespace tst_graph_side_panel

#include "tst_graph_side_panel.moc"
