// SPDX-License-Identifier: MIT
// Mechanisms drawn in the window's Edit tab with the mouse and the keyboard (ui/editor/): a
// four-bar and a slider-crank drawn with the tools, driven and simulated; links and guides
// started in empty space; joint and link properties typed in the Properties panel, each field
// changing only its own number; the carpet scraper entered by hand moves like
// examples/carpet_scraper.json.

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "core/edit/drawing.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/editor/check_panel.hpp"
#include "ui/editor/counterweight_table.hpp"
#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/editor/properties_panel.hpp"
#include "ui/editor/signal_editor.hpp"
#include "ui/main_window.hpp"
#include "ui/run/run_panel.hpp"

#include "tests/core/fixtures/drawings.hpp"
#include "tests/core/fixtures/runs.hpp"
#include "tests/ui/fixtures/main_window.hpp"
#include "tests/ui/fixtures/window_test.hpp"

namespace tst_editor_drawing {

using namespace sslm;
using namespace sslm::ui;

class TestEditorDrawing : public fixtures::WindowTest {
    Q_OBJECT

    /// A fresh window whose document is `spec` (not saved), with the Edit tab up.
    MainWindow& editing(const MechanismSpec& spec) {
        MainWindow& window = freshWindow("four_bar.json");
        if (!window.newDocument(spec)) {
            qFatal("the window refused the new document");
        }
        window.centralTabs()->setCurrentIndex(1);
        QApplication::processEvents();
        return window;
    }

    /// On the Edit tab's canvas: presses at `from`, moves to `to` and releases there.
    static void dragOn(EditorCanvas& canvas, QPoint from, QPoint to) {
        QTest::mousePress(canvas.viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(canvas.viewport(), to);
        QTest::mouseRelease(canvas.viewport(), Qt::LeftButton, {}, to);
    }

    /// Types `value` into a spin box as a user would: select its text, type, Return.
    static void typeInto(QAbstractSpinBox* box, double value) { fixtures::typeInto(box, value); }

private Q_SLOTS:
    void cleanup() { m_window.reset(); }

    // The drawing test: an empty mechanism, two ground pivots and three links drawn
    // with the mouse in the Edit tab, the crank made the input, give a 1-DOF four-bar whose
    // saved file equals tests/data/drawn_four_bar.json; dragging the coupler's free corner
    // re-assembles it as one undo step, and undo restores the exact document; it simulates.
    void drawFourBarWithTheMouse() {
        MainWindow& window = freshWindow("four_bar.json");
        QString error;
        QVERIFY(window.newDocument(emptyDrawing("Drawn four-bar").spec, &error));
        QVERIFY(!window.startSimulation()); // nothing moves yet
        window.centralTabs()->setCurrentIndex(1);
        EditorWidget& editor = *window.editor();
        EditorCanvas& canvas = *editor.canvas();
        QApplication::processEvents();
        QWidget* viewport = canvas.viewport();
        const auto at = [&](double x, double y) {
            return canvas.viewportPoint({x, y});
        };

        editor.toolAction(EditorCanvas::Tool::GroundPivot)->trigger();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.3, 0.0));
        QCOMPARE(window.document()->spec().ground.points.size(), std::size_t(2));

        editor.toolAction(EditorCanvas::Tool::Link)->trigger();
        const auto drag = [&](QPoint from, QPoint to) {
            dragOn(canvas, from, to);
        };
        drag(at(0.0, 0.0), at(0.05, 0.09));  // crank
        drag(at(0.05, 0.09), at(0.2, 0.25)); // coupler, from the crank's tip
        drag(at(0.3, 0.0), at(0.2, 0.25));   // rocker, closing the loop on the coupler's tip
        const MechanismSpec& drawn = window.document()->spec();
        QCOMPARE(drawn.bodies.size(), std::size_t(3));
        QCOMPARE(drawn.joints.size(), std::size_t(4));

        editor.toolAction(EditorCanvas::Tool::Select)->trigger();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QVERIFY(canvas.selectedPoint().has_value());
        QVERIFY(canvas.makeSelectionInput());
        QVERIFY(fixtures::waitForCompile(window));
        QVERIFY(window.currentModel());
        QCOMPARE(window.currentModel()->mobilityGrubler, 1);
        QVERIFY(!window.checkPanel()->result().hasErrors());
        QCOMPARE(window.checkPanel()->result().dofJacobian.value_or(-1), 1);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("drawn_four_bar.json"));
        QVERIFY2(window.saveAs(path, &error), qPrintable(error));
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QFile expected(QStringLiteral(SSLM_TEST_DATA_DIR "/drawn_four_bar.json"));
        QVERIFY2(expected.open(QIODevice::ReadOnly), "tests/data/drawn_four_bar.json");
        QCOMPARE(QString::fromUtf8(saved.readAll()), QString::fromUtf8(expected.readAll()));

        // drag the coupler's corner: one undo step, the pin where it was put
        const MechanismSpec before = window.document()->spec();
        const int steps = window.undoStack()->count();
        QTest::mousePress(viewport, Qt::LeftButton, {}, at(0.2, 0.25));
        QTest::mouseMove(viewport, at(0.21, 0.26));
        QTest::mouseMove(viewport, at(0.22, 0.27));
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, at(0.22, 0.27));
        QCOMPARE(window.undoStack()->count(), steps + 1);
        const auto pin = pointInWorld(canvas.drawing(), {"L2", "P2"});
        QVERIFY(pin && (*pin - Eigen::Vector2d(0.22, 0.27)).norm() < 1e-12);
        window.undoStack()->undo();
        QVERIFY(window.document()->spec() == before);

        // drive the crank round with the mouse: the rocker pin, traced, stays on its arc
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.2, 0.25));
        QVERIFY(canvas.toggleSelectionTrace());
        const MechanismSpec traced = window.document()->spec();
        QCOMPARE(traced.tracedPoints.size(), std::size_t(1));
        editor.toolAction(EditorCanvas::Tool::Drive)->trigger();
        const double crank = std::hypot(0.05, 0.09);
        const double start = std::atan2(0.09, 0.05);
        QTest::mousePress(viewport, Qt::LeftButton, {}, at(0.05, 0.09));
        for (int step = 1; step <= 36; ++step) {
            const double angle = start + step * M_PI / 18.0;
            QTest::mouseMove(viewport, at(crank * std::cos(angle), crank * std::sin(angle)));
        }
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, at(0.05, 0.09));
        const auto& paths = canvas.tracedPaths();
        QCOMPARE(paths.size(), std::size_t(1));
        const std::vector<Eigen::Vector2d>& curve = paths.begin()->second;
        QVERIFY2(curve.size() >= 36, qPrintable(QString::number(curve.size())));
        const double rocker = (Eigen::Vector2d(0.2, 0.25) - Eigen::Vector2d(0.3, 0.0)).norm();
        double worst = 0;
        for (const Eigen::Vector2d& p : curve) {
            worst = std::max(worst, std::abs((p - Eigen::Vector2d(0.3, 0.0)).norm() - rocker));
        }
        qInfo("drove the crank a full turn: %zu traced points, off the rocker's arc by %.3g m",
              curve.size(), worst);
        QVERIFY(worst < 1e-9);
        QVERIFY(window.document()->spec() == traced); // driving edits nothing
        grabScreenshot(window, "studio_editor_four_bar.png");
        editor.toolAction(EditorCanvas::Tool::Select)->trigger();

        enterSettings(*window.runPanel(), 0.5);
        const auto run = runToEnd(window);
        QVERIFY(run && run->summary()->ok);

        // unpin the crank at both ends: the Check panel names it, the canvas marks it, Start
        // refuses; undo brings the mechanism back
        const MechanismSpec whole = window.document()->spec();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QVERIFY(canvas.deleteSelection());
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.05, 0.09));
        QVERIFY(canvas.deleteSelection());
        const auto& findings = window.checkPanel()->result().findings;
        QVERIFY(std::any_of(findings.begin(), findings.end(), [](const CheckFinding& f) {
            return f.kind == FindingKind::Disconnected &&
                   std::find(f.bodies.begin(), f.bodies.end(), "L1") != f.bodies.end();
        }));
        QVERIFY(fixtures::waitForCompile(window));
        QVERIFY(!window.startSimulation());
        window.checkDock()->raise();
        grabScreenshot(window, "studio_editor_check.png");
        window.graphDock()->raise();
        window.undoStack()->undo();
        window.undoStack()->undo();
        QVERIFY(window.document()->spec() == whole);
        window.centralTabs()->setCurrentIndex(0);
    }

    // A slider-crank drawn with the Slider tool (a block on a ground guide) and a rod pinned to
    // it: 1 DOF, it simulates; the Point tool makes the rod a plate.
    void drawSliderCrankWithTheMouse() {
        MainWindow& window = editing(emptyDrawing("Drawn slider-crank").spec);
        EditorWidget& editor = *window.editor();
        EditorCanvas& canvas = *editor.canvas();
        QWidget* viewport = canvas.viewport();
        const auto at = [&](double x, double y) {
            return canvas.viewportPoint({x, y});
        };
        const auto drag = [&](QPoint from, QPoint to) {
            dragOn(canvas, from, to);
        };
        editor.toolAction(EditorCanvas::Tool::GroundPivot)->trigger();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.4, 0.0));
        editor.toolAction(EditorCanvas::Tool::Link)->trigger();
        drag(at(0.0, 0.0), at(0.05, 0.09));
        editor.toolAction(EditorCanvas::Tool::Slider)->trigger();
        drag(at(0.4, 0.0), at(0.3, 0.0));
        editor.toolAction(EditorCanvas::Tool::Link)->trigger();
        drag(at(0.05, 0.09), at(0.3, 0.0)); // the rod, pinned to the block
        editor.toolAction(EditorCanvas::Tool::Select)->trigger();
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QVERIFY(canvas.makeSelectionInput());
        QVERIFY(window.properties()->inputBox()->isChecked());
        window.properties()->rateBox()->setValue(4.7124); // 45 rpm
        QCOMPARE(window.document()->spec().initial.rates.size(), std::size_t(1));
        QVERIFY(fixtures::waitForCompile(window));
        QCOMPARE(window.currentModel()->spec.initial.rates[0].second, 4.7124);

        const MechanismSpec& spec = window.document()->spec();
        QCOMPARE(spec.bodies.size(), std::size_t(3));
        QCOMPARE(spec.joints.size(), std::size_t(4));
        QCOMPARE(spec.joints[1].type, JointType::Prismatic);
        QVERIFY(window.currentModel());
        QCOMPARE(window.currentModel()->mobilityGrubler, 1);
        QVERIFY(!window.checkPanel()->result().hasErrors());
        enterSettings(*window.runPanel(), 0.5);
        const auto run = runToEnd(window);
        QVERIFY(run && run->summary()->ok);
        grabScreenshot(window, "studio_editor_slider_crank.png");

        // the rod's properties, typed in: mass, then an inertia instead of the uniform bar's
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.175, 0.045)); // on the rod
        QCOMPARE(canvas.selectedBody().value_or(""), std::string("L2"));
        QCOMPARE(window.properties()->nameEdit()->text(), QStringLiteral("#2 link"));
        QVERIFY(window.properties()->uniformInertiaBox()->isChecked());
        window.properties()->massBox()->setValue(1.25);
        const auto rodSpec = [&] {
            return *std::find_if(window.document()->spec().bodies.begin(),
                                 window.document()->spec().bodies.end(),
                                 [](const BodySpec& b) { return b.id == "L2"; });
        };
        QCOMPARE(rodSpec().mass, 1.25);
        window.properties()->uniformInertiaBox()->setChecked(false);
        window.properties()->inertiaBox()->setValue(0.02);
        QCOMPARE(rodSpec().inertiaCom.value_or(0.0), 0.02);
        grabScreenshot(window, "studio_editor_properties.png");
        QVERIFY(fixtures::waitForCompile(window));
        QCOMPARE(window.currentModel()
                     ->bodies[static_cast<std::size_t>(window.currentModel()->bodyIndex("L2"))]
                     .inertiaCom(),
                 0.02);
        window.undoStack()->undo(); // the typed inertia
        window.undoStack()->undo(); // "uniform" unticked (the same inertia, typed)
        QVERIFY(!rodSpec().inertiaCom);

        // a counterweight on the rod: added at a tenth of its mass, moved and made heavier in
        // the table, each one undo step; the compiled rod carries it; a second one cannot take
        // its name; undo takes them away
        CounterweightTable& weights = *window.properties()->counterweights();
        const int before = window.undoStack()->index();
        weights.addButton()->click();
        QTRY_COMPARE(rodSpec().counterweights.size(), std::size_t(1));
        QCOMPARE(rodSpec().counterweights[0].mass, 0.125);
        QCOMPARE(rodSpec().counterweights[0].name, std::string("cw1"));
        QCOMPARE(weights.table()->rowCount(), 1);
        weights.table()->item(0, weights.column(CounterweightTable::Mass))->setText("0.5");
        QTRY_COMPARE(rodSpec().counterweights[0].mass, 0.5);
        weights.table()->item(0, weights.column(CounterweightTable::X))->setText("-0.02");
        QTRY_COMPARE(rodSpec().counterweights[0].p_B.x(), -0.02);
        QCOMPARE(window.undoStack()->index(), before + 3);
        QCOMPARE(window.undoStack()->undoText(),
                 QStringLiteral("Counterweight cw1 on #2 link: x -0.02 m"));
        QVERIFY(fixtures::waitForCompile(window));
        QCOMPARE(window.currentModel()
                     ->bodies[static_cast<std::size_t>(window.currentModel()->bodyIndex("L2"))]
                     .mass,
                 1.75);
        weights.table()->item(0, weights.column(CounterweightTable::Mass))->setText("-1");
        QApplication::processEvents();
        QCOMPARE(rodSpec().counterweights[0].mass, 0.5); // refused, said why
        QVERIFY(weights.totalLabel()->text().contains(QStringLiteral("must be positive")));
        weights.addButton()->click();
        QTRY_COMPARE(rodSpec().counterweights.size(), std::size_t(2));
        weights.table()->item(1, weights.column(CounterweightTable::Name))->setText("cw1");
        QApplication::processEvents();
        QCOMPARE(rodSpec().counterweights[1].name, std::string("cw2"));
        QVERIFY(weights.totalLabel()->text().contains(QStringLiteral("already has")));
        window.propertiesDock()->raise();
        grabScreenshot(window, "studio_editor_counterweights.png");
        while (window.undoStack()->index() > before) {
            window.undoStack()->undo();
        }
        QVERIFY(rodSpec().counterweights.empty());
        QCOMPARE(weights.table()->rowCount(), 0);

        // a point a few pixels off the rod's line (no grid snapping) makes it a plate
        editor.toolAction(EditorCanvas::Tool::Point)->trigger();
        canvas.setSnapToGrid(false);
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.175, 0.045) + QPoint(0, -6));
        canvas.setSnapToGrid(true);
        const auto rod = std::find_if(spec.bodies.begin(), spec.bodies.end(),
                                      [](const BodySpec& b) { return b.id == "L2"; });
        QVERIFY(rod != spec.bodies.end());
        QCOMPARE(rod->points.size(), std::size_t(3));
        QCOMPARE(rod->shape, BodyShape::Plate);
        window.centralTabs()->setCurrentIndex(0);
    }

    // The Properties panel on a drawn four-bar, typed with the keyboard: the crank pivot's
    // joint gets a spring/damper and a PD actuator tracking a ramp at 45 rpm, and the run follows
    // the ramp; the rocker pivot becomes a slider (units follow) and undo restores it; the
    // crank's length is typed; undoing every step gives the drawn document back exactly.
    void jointPropertiesThroughThePanel() {
        MainWindow& window = freshWindow("four_bar.json");
        QVERIFY(window.newDocument(fixtures::drawnFourBar().spec));
        const MechanismSpec drawn = window.document()->spec();
        const int steps = window.undoStack()->index();
        window.centralTabs()->setCurrentIndex(1);
        QVERIFY(window.propertiesDock()->isVisible()); // raised by the Edit tab
        EditorCanvas& canvas = *window.editor()->canvas();
        PropertiesPanel& panel = *window.properties();
        QApplication::processEvents();
        QWidget* viewport = canvas.viewport();
        const auto at = [&](double x, double y) {
            return canvas.viewportPoint({x, y});
        };
        const auto type = &typeInto;
        const auto joint = [&](const char* name) {
            return *std::find_if(window.document()->spec().joints.begin(),
                                 window.document()->spec().joints.end(),
                                 [&](const JointSpec& j) { return j.name == name; });
        };

        // the crank pivot: J1, an input
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.0, 0.0));
        QCOMPARE(panel.jointBox()->currentData().toString(), QStringLiteral("J1"));
        QVERIFY(panel.inputBox()->isChecked());
        QCOMPARE(panel.stiffnessBox()->suffix(), QStringLiteral(" N·m/rad"));
        panel.springBox()->setFocus();
        QTest::keyClick(panel.springBox(), Qt::Key_Space);
        QVERIFY(joint("J1").springDamper.has_value());
        type(panel.stiffnessBox(), 0.5);
        type(panel.dampingBox(), 0.01);
        QCOMPARE(joint("J1").springDamper->stiffness, 0.5);
        QCOMPARE(joint("J1").springDamper->damping, 0.01);

        // PD tracking of θ0 + 4.7124·t
        const double theta0 = window.document()->spec().initial.independent[0].second;
        panel.actuatorBox()->setCurrentIndex(panel.actuatorBox()->findData(2));
        QVERIFY(panel.kpBox()->isVisibleTo(&panel));
        type(panel.kpBox(), 400);
        type(panel.kdBox(), 40);
        SignalEditor& reference = *panel.referenceEditor();
        reference.kindBox()->setCurrentIndex(
            reference.kindBox()->findData(static_cast<int>(SignalSpec::Kind::Linear)));
        type(reference.valueBox(), theta0);
        type(reference.rateBox(), 4.7124);
        const ActuatorSpec& pd = window.document()->spec().actuators.at(0);
        QCOMPARE(pd.kind, ActuatorSpec::Kind::PdTracking);
        QCOMPARE(pd.kp, 400.0);
        QCOMPARE(pd.kd, 40.0);
        QCOMPARE(pd.reference.kind, SignalSpec::Kind::Linear);
        QCOMPARE(pd.reference.rate, 4.7124);
        QVERIFY(std::abs(pd.reference.value - theta0) < 1e-4); // typed to 4 decimals
        grabScreenshot(window, "studio_editor_joint.png");

        enterSettings(*window.runPanel(), 1.0);
        const auto run = runToEnd(window);
        QVERIFY(run && run->summary()->ok);
        const std::vector<double> t = column(*run, QStringLiteral("t"));
        const std::vector<double> q = column(*run, QStringLiteral("q.theta1"));
        double worst = 0;
        for (std::size_t k = 0; k < t.size(); ++k) {
            worst = std::max(worst, std::abs(q[k] - (pd.reference.value + 4.7124 * t[k])));
        }
        qInfo("PD-tracked crank over 1 s: within %.3g rad of the ramp", worst);
        QCOMPARE(t.back(), 1.0);
        QVERIFY(worst < 0.01);

        // the rocker pivot made a slider, then back by undo
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.3, 0.0));
        QCOMPARE(panel.jointBox()->currentData().toString(), QStringLiteral("J3"));
        panel.typeBox()->setCurrentIndex(1);
        QCOMPARE(joint("J3").type, JointType::Prismatic);
        QCOMPARE(joint("J3").coordinateName(), std::string("x3"));
        QCOMPARE(panel.stiffnessBox()->suffix(), QStringLiteral(" N/m"));
        QVERIFY(panel.axisBox()->isVisibleTo(&panel));
        QVERIFY(!window.checkPanel()->result().hasErrors());
        window.undoStack()->undo();
        QCOMPARE(joint("J3").type, JointType::Revolute);
        QCOMPARE(panel.typeBox()->currentIndex(), 0);

        // the crank's length typed: its tip moves along it and the coupler follows
        QTest::mouseClick(viewport, Qt::LeftButton, {}, at(0.025, 0.0433));
        QCOMPARE(canvas.selectedBody().value_or(""), std::string("L1"));
        QVERIFY(panel.lengthBox()->isVisibleTo(&panel));
        type(panel.lengthBox(), 0.12);
        const BodySpec& crank = window.document()->spec().bodies.at(0);
        QVERIFY(std::abs(crank.points[1].p_B.norm() - 0.12) < 1e-12);
        QVERIFY(window.currentModel() && !window.checkPanel()->result().hasErrors());

        while (window.undoStack()->index() > steps) {
            window.undoStack()->undo();
        }
        QVERIFY(window.document()->spec() == drawn);
    }

    // The scraper check through the window: the carpet scraper entered in the Edit tab
    // with the mouse (pivots, links, points, pins) and the keyboard (the spec's coordinates,
    // lengths along the links, masses, centres of mass and inertias typed in the Properties
    // panel) simulates like examples/carpet_scraper.json: blade tip and energy over 1 s.
    void enterTheCarpetScraperWithMouseAndKeyboard() {
        MainWindow& window = freshWindow("carpet_scraper.json");
        const std::shared_ptr<const Model> file = window.currentModel();
        const InitialState initial = assembleInitialState(*file);
        QVERIFY(initial.report.converged);
        const Drawing reference = drawingAt(file->spec, *file, initial.q);
        const auto ref = [&](const char* body, const char* point) {
            return *pointInWorld(reference, {body, point});
        };
        QVERIFY(window.newDocument(emptyDrawing("Carpet scraper, drawn").spec));
        window.centralTabs()->setCurrentIndex(1);
        EditorWidget& editor = *window.editor();
        EditorCanvas& canvas = *editor.canvas();
        PropertiesPanel& panel = *window.properties();
        QApplication::processEvents();
        QWidget* viewport = canvas.viewport();
        const auto at = [&](const Eigen::Vector2d& w) {
            return canvas.viewportPoint(w);
        };
        const auto pointAt = [&](const JointEnd& p) {
            return at(*pointInWorld(canvas.drawing(), p));
        };
        const auto use = [&](EditorCanvas::Tool tool) {
            editor.toolAction(tool)->trigger();
        };
        const auto drag = [&](QPoint from, QPoint to) {
            dragOn(canvas, from, to);
        };
        const auto type = &typeInto;
        const auto select = [&](const JointEnd& p) {
            use(EditorCanvas::Tool::Select);
            QTest::mouseClick(viewport, Qt::LeftButton, {}, pointAt(p));
            QVERIFY2(canvas.selectedPoint() &&
                         (*canvas.selectedPoint() == p ||
                          (*pointInWorld(canvas.drawing(), *canvas.selectedPoint()) -
                           *pointInWorld(canvas.drawing(), p))
                                  .norm() < 1e-9),
                     p.point.c_str());
        };
        // a point typed in its link's frame (m)
        const auto place = [&](const JointEnd& p, double x) {
            select(p);
            QCOMPARE(*canvas.selectedPoint(), p);
            type(panel.frameXBox(), x);
            type(panel.frameYBox(), 0.0);
        };
        // a link drawn from a point towards where its end should be, its end typed along it
        // (the link's frame has its x-axis along the link)
        const auto link = [&](const JointEnd& from, const Eigen::Vector2d& towards, double length,
                              const char* id) {
            use(EditorCanvas::Tool::Link);
            // released short of the target: on an existing point it would pin the end there
            const Eigen::Vector2d start = *pointInWorld(canvas.drawing(), from);
            drag(pointAt(from), at(start + 0.8 * (towards - start)));
            QVERIFY(std::any_of(canvas.drawing().spec.bodies.begin(),
                                canvas.drawing().spec.bodies.end(),
                                [&](const BodySpec& b) { return b.id == id; }));
            place({id, "P2"}, length);
        };
        // a point clicked on a link (on its line) and typed along it
        const auto point = [&](const char* body, double x) {
            use(EditorCanvas::Tool::Point);
            QTest::mouseClick(viewport, Qt::LeftButton, {},
                              at(0.5 * (*pointInWorld(canvas.drawing(), {body, "P1"}) +
                                        *pointInWorld(canvas.drawing(), {body, "P2"}))));
            place({body, "P3"}, x);
        };
        const auto pin = [&](const JointEnd& a, const JointEnd& b) {
            use(EditorCanvas::Tool::Pin);
            drag(pointAt(a), pointAt(b));
        };

        // the ground pivots O1, O2 and the file's O4, clicked and then typed
        use(EditorCanvas::Tool::GroundPivot);
        for (const BodyPoint& p : file->spec.ground.points) {
            QTest::mouseClick(viewport, Qt::LeftButton, {}, at(p.p_B));
        }
        QCOMPARE(canvas.drawing().spec.ground.points.size(), std::size_t(3));
        for (std::size_t k = 0; k < 3; ++k) {
            const JointEnd pivot{"ground", "O" + std::to_string(k + 1)};
            select(pivot);
            type(panel.xBox(), file->spec.ground.points[k].p_B.x());
            type(panel.yBox(), file->spec.ground.points[k].p_B.y());
            QVERIFY(
                (*pointInWorld(canvas.drawing(), pivot) - file->spec.ground.points[k].p_B).norm() <
                1e-15);
        }
        // the crank along x (θ1 = 0), made the input at 45 rpm
        link({"ground", "O1"}, ref("link1", "J8"), 0.038, "L1");
        select({"ground", "O1"});
        QCOMPARE(panel.jointBox()->currentData().toString(), QStringLiteral("J1"));
        panel.inputBox()->setFocus();
        QTest::keyClick(panel.inputBox(), Qt::Key_Space);
        QVERIFY(panel.inputBox()->isChecked());
        type(panel.rateBox(), 4.7124);
        // the rocker, the coupler (J3 in its middle: J8 one side, J9 the other), pinned at J8
        link({"ground", "O2"}, ref("link2", "J3"), 0.1152, "L2");
        link({"L2", "P2"}, ref("link3", "J8"), 0.1152, "L3");
        point("L3", -0.1152);
        pin({"L3", "P2"}, {"L1", "P2"});
        // the base link with J5 on it, the link J5–J9, pinned at J9
        link({"ground", "O3"}, ref("link4", "J6"), 0.3346, "L4");
        point("L4", 0.0956);
        link({"L4", "P3"}, ref("link5", "J9"), 0.239, "L5");
        pin({"L5", "P2"}, {"L3", "P3"});
        // the blade arm to the tip, J7 on it, the link J7–J10, pinned at J10; the tip traced
        link({"L4", "P2"}, ref("link6", "tip"), 0.8365, "L6");
        point("L6", 0.239);
        link({"L6", "P3"}, ref("link7", "J10"), 0.239, "L7");
        pin({"L7", "P2"}, {"L5", "P2"});
        select({"L6", "P2"});
        panel.tracedBox()->setFocus();
        QTest::keyClick(panel.tracedBox(), Qt::Key_Space);

        // each link's mass, centre of mass and inertia from the spec, typed
        const std::pair<const char*, const char*> links[] = {
            {"L1", "link1"}, {"L2", "link2"}, {"L3", "link3"}, {"L4", "link4"},
            {"L5", "link5"}, {"L6", "link6"}, {"L7", "link7"}};
        for (const auto& [drawn, original] : links) {
            const BodySpec& spec =
                *std::find_if(file->spec.bodies.begin(), file->spec.bodies.end(),
                              [&](const BodySpec& b) { return b.id == original; });
            use(EditorCanvas::Tool::Select);
            const Eigen::Vector2d a = *pointInWorld(canvas.drawing(), {drawn, "P1"});
            const Eigen::Vector2d b = *pointInWorld(canvas.drawing(), {drawn, "P2"});
            // on the link, away from the points of the links around it
            for (const double along : {0.5, 0.35, 0.65, 0.2, 0.8}) {
                QTest::mouseClick(viewport, Qt::LeftButton, {}, at(a + along * (b - a)));
                if (canvas.selectedBody().value_or("") == drawn) {
                    break;
                }
            }
            QVERIFY2(canvas.selectedBody().value_or("") == drawn,
                     qPrintable(
                         QStringLiteral("%1 wanted, %2 selected")
                             .arg(QString::fromUtf8(drawn),
                                  QString::fromStdString(canvas.selectedBody().value_or(
                                      canvas.selectedPoint() ? canvas.selectedPoint()->body + "." +
                                                                   canvas.selectedPoint()->point
                                                             : "nothing")))));
            type(panel.massBox(), spec.mass);
            type(panel.comXBox(), spec.com_B.x());
            type(panel.comYBox(), spec.com_B.y());
            if (panel.uniformInertiaBox()->isChecked()) {
                panel.uniformInertiaBox()->setFocus();
                QTest::keyClick(panel.uniformInertiaBox(), Qt::Key_Space);
            }
            type(panel.inertiaBox(), *spec.inertiaCom);
        }
        grabScreenshot(window, "studio_editor_scraper.png");
        // the joint labels do not cover each other (the crank is 0.038 m: J1, J4 and J6 crowd)
        const std::vector<QRect> labels = labelRects(canvas);
        QCOMPARE(labels.size(), std::size_t(9)); // ten joints, J10 and J7's pin at one place
        for (std::size_t a = 0; a < labels.size(); ++a) {
            for (std::size_t b = a + 1; b < labels.size(); ++b) {
                QVERIFY(!labels[a].adjusted(1, 1, -1, -1).intersects(labels[b]));
            }
        }

        const MechanismSpec& drawn = window.document()->spec();
        QCOMPARE(drawn.bodies.size(), std::size_t(7));
        QCOMPARE(drawn.joints.size(), std::size_t(10));
        QVERIFY2(!window.checkPanel()->result().hasErrors(),
                 qPrintable(window.checkPanel()->findingTexts().join(QLatin1Char('\n'))));
        QVERIFY(fixtures::waitForCompile(window));
        QVERIFY(window.currentModel() && window.currentModel()->spec == drawn);
        QCOMPARE(window.currentModel()->nLoops(), 3);

        // the same motion as the file's: blade tip and total energy every 0.01 s for 1 s
        fixtures::verifySameMotion(*file, *window.currentModel(),
                                   "scraper entered with mouse and keyboard");
        window.centralTabs()->setCurrentIndex(0);
    }

    // A field of the Properties panel changes its own number only: the others keep their exact
    // values (the boxes show them rounded); a refused edit shows the link as it is; a floating
    // link keeps its place through undo and redo.
    void panelEditsChangeOnlyTheirField() {
        MechanismSpec spec = fixtures::drawnFourBar().spec;
        ActuatorSpec& pd = spec.actuators.at(0);
        pd.kind = ActuatorSpec::Kind::PdTracking;
        pd.kp = 12.3456789;
        pd.reference.kind = SignalSpec::Kind::Linear;
        pd.reference.rate = 4.71238898;
        MainWindow& window = editing(spec);
        EditorCanvas& canvas = *window.editor()->canvas();
        PropertiesPanel& panel = *window.properties();
        const auto crankPd = [&] {
            return window.document()->spec().actuators.at(0);
        };

        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {}, canvas.viewportPoint({0, 0}));
        QCOMPARE(panel.jointBox()->currentData().toString(), QStringLiteral("J1"));
        panel.springBox()->setFocus();
        QTest::keyClick(panel.springBox(), Qt::Key_Space);
        typeInto(panel.stiffnessBox(), 2.0);
        typeInto(panel.kdBox(), 0.5);
        QCOMPARE(window.document()->spec().joints[0].springDamper->stiffness, 2.0);
        QCOMPARE(crankPd().kd, 0.5);
        QCOMPARE(crankPd().kp, 12.3456789);                 // shown as 12.3457
        QCOMPARE(crankPd().reference.rate, 4.71238898);     // shown as 4.7124
        typeInto(panel.referenceEditor()->valueBox(), 1.0); // the reference's value only
        QCOMPARE(crankPd().reference.value, 1.0);
        QCOMPARE(crankPd().reference.rate, 4.71238898);

        // a name refused: the link is shown as it is, and the next edit goes through
        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {},
                          canvas.viewportPoint({0.025, 0.0433}));
        QCOMPARE(canvas.selectedBody().value_or(""), std::string("L1"));
        panel.nameEdit()->setFocus();
        panel.nameEdit()->clear();
        QTest::keyClick(panel.nameEdit(), Qt::Key_Return);
        QCOMPARE(panel.nameEdit()->text(), QStringLiteral("#1 link"));
        typeInto(panel.massBox(), 1.5);
        QCOMPARE(window.document()->spec().bodies[0].mass, 1.5);
        QCOMPARE(window.document()->spec().bodies[0].name, std::string("#1 link"));
        fixtures::grabIfAsked(window, QStringLiteral("planar_properties"));

        // a floating link keeps its place through undo and redo
        QVERIFY(canvas.edit(
            [](Drawing& d) {
                return addLink(d, Eigen::Vector2d(0.5, 0.3), Eigen::Vector2d(0.6, 0.35));
            },
            QStringLiteral("Float")));
        const auto floatingEnd = [&] {
            return *pointInWorld(canvas.drawing(), {"L4", "P2"});
        };
        QVERIFY((floatingEnd() - Eigen::Vector2d(0.6, 0.35)).norm() < 1e-12);
        window.undoStack()->undo();
        window.undoStack()->redo();
        QVERIFY((floatingEnd() - Eigen::Vector2d(0.6, 0.35)).norm() < 1e-12);
        window.centralTabs()->setCurrentIndex(0);
    }

    // Links and guides need not start on a point: a link dragged in empty space floats, a
    // slider's guide started in empty space gets a ground point; the Pin tool joins them.
    void freeStartsWithTheMouse() {
        MainWindow& window = editing(emptyDrawing("Free starts").spec);
        EditorWidget& editor = *window.editor();
        EditorCanvas& canvas = *editor.canvas();
        const auto at = [&](double x, double y) {
            return canvas.viewportPoint({x, y});
        };
        const auto drag = [&](QPoint from, QPoint to) {
            dragOn(canvas, from, to);
        };
        const MechanismSpec& spec = window.document()->spec();
        editor.toolAction(EditorCanvas::Tool::Link)->trigger();
        drag(at(0.0, 0.1), at(0.1, 0.1));
        QCOMPARE(spec.bodies.size(), std::size_t(1));
        QVERIFY(spec.joints.empty()); // floating
        editor.toolAction(EditorCanvas::Tool::Slider)->trigger();
        drag(at(0.3, 0.0), at(0.2, 0.0));
        QCOMPARE(spec.ground.points.size(), std::size_t(1));
        QCOMPARE(spec.joints.size(), std::size_t(1));
        QCOMPARE(spec.joints[0].type, JointType::Prismatic);
        editor.toolAction(EditorCanvas::Tool::Pin)->trigger();
        drag(at(0.1, 0.1), at(0.2, 0.0)); // the link's free end to the block
        QCOMPARE(spec.joints.size(), std::size_t(2));
        QCOMPARE(spec.joints[1].parent, (JointEnd{"L1", "P2"}));
        QCOMPARE(spec.joints[1].child, (JointEnd{"S1", "P1"}));
        QVERIFY(!canvas.edit([](Drawing&) { return EditError("refused"); }, QStringLiteral("x")));
        window.centralTabs()->setCurrentIndex(0);
    }
};

SSLM_WINDOW_TEST_MAIN(TestEditorDrawing, "tst_editor_drawing")
} // namespace tst_editor_drawing

#include "tst_editor_drawing.moc"
