// SPDX-License-Identifier: MIT
// The Forces dock (ui/editor/force_elements_panel.cpp) in the window: a spring, a cylinder and
// a load placed by clicking points in the 3-D view, planar and spatial, each one undo step;
// Escape cancels; joint friction and stops and a spring's stiffness edited in its form; the
// view draws and labels what was placed.

#include <optional>

#include <QCheckBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include "core/kinematics/forward_kinematics.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/editor/force_elements_panel.hpp"
#include "ui/main_window.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/test_main.hpp"
#include "tests/ui/fixtures/main_window.hpp"
#include "tests/ui/fixtures/window_test.hpp"

namespace tst_force_elements_panel {

using namespace sslm;
using namespace sslm::ui;
using Placing = ForceElementsPanel::Placing;
using Selection = ForceElementsPanel::Selection;

namespace {

/// The Model body index of body `id` and the index of its point `name`.
std::pair<int, int> pointIndex(const Model& model, const std::string& id, const std::string& name) {
    for (std::size_t b = 0; b < model.bodies.size(); ++b) {
        if (model.bodies[b].id == id) {
            for (std::size_t k = 0; k < model.bodies[b].points.size(); ++k) {
                if (model.bodies[b].points[k].name == name) {
                    return {static_cast<int>(b), static_cast<int>(k)};
                }
            }
        }
    }
    return {-1, -1};
}

/// Clicks body `id`'s point `name` where the view draws it.
bool clickPoint(MechanismView& view, const std::string& id, const std::string& name) {
    const auto [body, point] = pointIndex(*view.model(), id, name);
    if (body < 0) {
        return false;
    }
    const QPoint at = view.worldToWidget(view.bodyPointPosition(body, point)).toPoint();
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, at);
    return true;
}

/// The world position (m) of body `id`'s point `name` at the view's pose.
Eigen::Vector3d
worldPoint(const MechanismView& view, const std::string& id, const std::string& name) {
    const Model& model = *view.model();
    const auto [body, point] = pointIndex(model, id, name);
    Workspace ws(model);
    updatePositions(model, ws, view.pose());
    return pointPosition(ws, body,
                         model.bodies[static_cast<std::size_t>(body)]
                             .points[static_cast<std::size_t>(point)]
                             .position3());
}

/// The first label the view writes that starts with `start`.
std::optional<ElementLabel> findLabel(const MechanismView& view, const QString& start) {
    for (const ElementLabel& label : view.elementLabels()) {
        if (label.text.startsWith(start)) {
            return label;
        }
    }
    return std::nullopt;
}

} // namespace

class TestForceElementsPanel : public fixtures::WindowTest {
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { m_window.reset(); }

    void springPlacedByTwoClicksIsOneUndoStep() {
        MainWindow& window = freshWindow("four_bar.json");
        QVERIFY(fixtures::waitForCompile(window));
        ForceElementsPanel* panel = window.forcesPanel();
        MechanismView* view = window.mechanismView();
        const int steps = window.undoStack()->count();
        window.forcesDock()->raise();
        panel->startPlacing(Placing::Spring);
        QVERIFY(view->isPickingPoints());
        QVERIFY(clickPoint(*view, kGroundId, "O1"));
        QVERIFY(view->isPickingPoints()); // one end so far
        QCOMPARE(window.document()->spec().twoPointElements.size(), std::size_t(0));
        QVERIFY(clickPoint(*view, "link3", "J9"));
        QVERIFY(!view->isPickingPoints());
        const MechanismSpec& spec = window.document()->spec();
        QCOMPARE(spec.twoPointElements.size(), std::size_t(1));
        const TwoPointSpec& spring = spec.twoPointElements.front();
        QCOMPARE(spring.kind, TwoPointSpec::Kind::Spring);
        QCOMPARE(spring.first, (JointEnd{kGroundId, "O1"}));
        QCOMPARE(spring.second, (JointEnd{"link3", "J9"}));
        // at its rest length where it was placed: the distance between the points (m)
        const double distance =
            (worldPoint(*view, "link3", "J9") - worldPoint(*view, kGroundId, "O1")).norm();
        QVERIFY2(std::abs(spring.restLength - distance) < 1e-12,
                 qPrintable(QStringLiteral("%1 vs %2").arg(spring.restLength).arg(distance)));
        QCOMPARE(window.undoStack()->count(), steps + 1);

        // the view draws it once compiled, its name at its middle
        QVERIFY(fixtures::waitForCompile(window));
        const std::optional<ElementLabel> label = findLabel(*view, QStringLiteral("spring 1"));
        QVERIFY(label);
        const Eigen::Vector3d middle =
            0.5 * (worldPoint(*view, "link3", "J9") + worldPoint(*view, kGroundId, "O1"));
        QVERIFY2((label->anchor.head<2>() - middle.head<2>()).norm() < 1e-12,
                 qPrintable(QStringLiteral("label (%1, %2), middle (%3, %4)")
                                .arg(label->anchor.x())
                                .arg(label->anchor.y())
                                .arg(middle.x())
                                .arg(middle.y())));

        // its stiffness typed in the form is one more step; undo takes each back
        QVERIFY(panel->selection() == (Selection{Selection::Kind::Element, 0}));
        QDoubleSpinBox* stiffness = panel->numberBoxLabelled(QStringLiteral("Stiffness"));
        QVERIFY(stiffness);
        stiffness->setValue(400.0);
        QCOMPARE(window.document()->spec().twoPointElements.front().stiffness, 400.0);
        QCOMPARE(window.undoStack()->count(), steps + 2);
        grabScreenshot(window, "forces_spring.png");
        window.undoStack()->undo();
        QCOMPARE(window.document()->spec().twoPointElements.front().stiffness, 1000.0);
        window.undoStack()->undo();
        QVERIFY(window.document()->spec().twoPointElements.empty());
    }

    void cylinderRefusesBothEndsOnOneBody() {
        MainWindow& window = freshWindow("four_bar.json");
        QVERIFY(fixtures::waitForCompile(window));
        ForceElementsPanel* panel = window.forcesPanel();
        MechanismView* view = window.mechanismView();
        panel->startPlacing(Placing::Cylinder);
        QVERIFY(clickPoint(*view, "link3", "J9"));
        QVERIFY(clickPoint(*view, "link3", "J9")); // the same body: still picking
        QVERIFY(view->isPickingPoints());
        QTest::mouseMove(view, view->worldToWidget(view->bodyPointPosition(0, 1)).toPoint());
        grabScreenshot(window, "forces_picking.png");
        QVERIFY(window.document()->spec().twoPointElements.empty());
        QVERIFY(clickPoint(*view, kGroundId, "O2"));
        QCOMPARE(window.document()->spec().twoPointElements.size(), std::size_t(1));
        QCOMPARE(window.document()->spec().twoPointElements.front().kind,
                 TwoPointSpec::Kind::Cylinder);
    }

    void loadPlacedByAClickActsAlongGravity() {
        MainWindow& window = freshWindow("four_bar.json");
        QVERIFY(fixtures::waitForCompile(window));
        ForceElementsPanel* panel = window.forcesPanel();
        MechanismView* view = window.mechanismView();
        // the ground carries no load: at its pivot O2 the rocker's end J2 is picked
        panel->startPlacing(Placing::Load);
        QVERIFY(clickPoint(*view, kGroundId, "O2"));
        QCOMPARE(window.document()->spec().loads.back().at, (JointEnd{"link2", "J2"}));
        window.undoStack()->undo();
        QVERIFY(window.document()->spec().loads.empty());
        panel->startPlacing(Placing::Load);
        QVERIFY(clickPoint(*view, "link3", "J9"));
        QVERIFY(!view->isPickingPoints());
        const MechanismSpec& spec = window.document()->spec();
        QCOMPARE(spec.loads.size(), std::size_t(1));
        const LoadSpec& load = spec.loads.front();
        QCOMPARE(load.at, (JointEnd{"link3", "J9"}));
        QCOMPARE(load.force.value, 100.0);
        QVERIFY((load.direction - Eigen::Vector3d(0, -1, 0)).norm() < 1e-15);
        // drawn pointing at J9 from above, labelled with its value
        QVERIFY(fixtures::waitForCompile(window));
        const std::optional<ElementLabel> label = findLabel(*view, QStringLiteral("load 1"));
        QVERIFY(label);
        QCOMPARE(label->text, QStringLiteral("load 1 · 100 N"));
        const Eigen::Vector3d tip = worldPoint(*view, "link3", "J9");
        QVERIFY(std::abs(label->anchor.x() - tip.x()) < 1e-12);
        QVERIFY(label->anchor.y() > tip.y());
    }

    void escapeCancelsPlacing() {
        MainWindow& window = freshWindow("four_bar.json");
        QVERIFY(fixtures::waitForCompile(window));
        MechanismView* view = window.mechanismView();
        const int steps = window.undoStack()->count();
        window.forcesPanel()->startPlacing(Placing::Spring);
        QVERIFY(clickPoint(*view, kGroundId, "O1"));
        QTest::keyClick(view, Qt::Key_Escape);
        QVERIFY(!view->isPickingPoints());
        QCOMPARE(window.forcesPanel()->placing(), Placing::None);
        QCOMPARE(window.undoStack()->count(), steps);
        QVERIFY(window.document()->spec().twoPointElements.empty());
    }

    void jointFrictionAndStopsEditedInTheForm() {
        MainWindow& window = freshWindow("four_bar.json");
        QVERIFY(fixtures::waitForCompile(window));
        ForceElementsPanel* panel = window.forcesPanel();
        const int steps = window.undoStack()->count();
        window.forcesDock()->raise();
        QVERIFY(panel->select({Selection::Kind::Joint, 0})); // J1
        QCheckBox* friction = panel->checkBox(QStringLiteral("Friction"));
        QVERIFY(friction);
        friction->setChecked(true);
        QVERIFY(window.document()->spec().joints[0].friction.has_value());
        QVERIFY(panel->numberBoxLabelled(QStringLiteral("Coulomb")));
        panel->numberBoxLabelled(QStringLiteral("Coulomb"))->setValue(0.5);
        QCOMPARE(window.document()->spec().joints[0].friction->coulomb, 0.5);
        // a revolute joint's pin friction, both numbers
        panel->numberBoxLabelled(QStringLiteral("Pin radius"))->setValue(0.005);
        panel->numberBoxLabelled(QStringLiteral("Pin coefficient"))->setValue(0.2);
        QCOMPARE(window.document()->spec().joints[0].friction->pinRadius, 0.005);
        QCOMPARE(window.document()->spec().joints[0].friction->pinCoefficient, 0.2);
        QVERIFY(panel->checkBox(QStringLiteral("Upper stop")));
        panel->checkBox(QStringLiteral("Upper stop"))->setChecked(true);
        QVERIFY(window.document()->spec().joints[0].limits.has_value());
        QVERIFY(panel->numberBoxLabelled(QStringLiteral("Upper")));
        panel->numberBoxLabelled(QStringLiteral("Upper"))->setValue(2.5);
        QCOMPARE(window.document()->spec().joints[0].limits->upper.value_or(0), 2.5);
        QVERIFY(!window.document()->spec().joints[0].limits->lower);
        QCOMPARE(window.undoStack()->count(), steps + 6);
        // the view badges the joint with friction and marks its stop
        QVERIFY(fixtures::waitForCompile(window));
        QVERIFY(findLabel(*window.mechanismView(), QStringLiteral("μ")));
        // Remove takes both away in one step
        QVERIFY(panel->removeSelected());
        QVERIFY(!window.document()->spec().joints[0].friction);
        QVERIFY(!window.document()->spec().joints[0].limits);
        window.undoStack()->undo();
        QCOMPARE(window.document()->spec().joints[0].limits->upper.value_or(0), 2.5);
    }

    void spatialLoadPlacedAlongGravity() {
        MainWindow& window = freshWindow("rssr.json");
        QVERIFY(fixtures::waitForCompile(window));
        MechanismView* view = window.mechanismView();
        const Model& model = *view->model();
        // the first point of the first moving body
        int body = 1;
        while (body < static_cast<int>(model.bodies.size()) &&
               model.bodies[static_cast<std::size_t>(body)].points.empty()) {
            ++body;
        }
        QVERIFY(body < static_cast<int>(model.bodies.size()));
        const Body& b = model.bodies[static_cast<std::size_t>(body)];
        window.forcesPanel()->startPlacing(Placing::Load);
        QVERIFY(clickPoint(*view, b.id, b.points.front().name));
        const MechanismSpec& spec = window.document()->spec();
        QCOMPARE(spec.loads.size(), std::size_t(1));
        const Eigen::Vector3d g(spec.gravity.x(), spec.gravity.y(), spec.gravityZ);
        QVERIFY((spec.loads.front().direction - g.normalized()).norm() < 1e-15);
        QVERIFY(fixtures::waitForCompile(window));
        QVERIFY(findLabel(*view, QStringLiteral("load 1 · 100 N")));
        grabScreenshot(window, "forces_spatial.png");
    }
};

SSLM_TEST_WIDGETS_MAIN(TestForceElementsPanel)
} // namespace tst_force_elements_panel
#include "tst_force_elements_panel.moc"
