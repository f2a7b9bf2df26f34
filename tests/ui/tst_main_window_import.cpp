// SPDX-License-Identifier: MIT
// File ▸ Import as a user meets it (issue 22): the URDF+ four-bar with its CAD meshes opens as a
// new, unsaved document whose bodies carry the meshes, all drawn; the report lists what was
// mapped, approximated and dropped; Save As writes the meshes relative to the saved file, which
// reopens with every mesh found; a malformed URDF changes nothing and names the line. A planar
// import (the Hoekens four-bar of four_bar.sdf) edits its coupler's mesh in the Edit tab's
// Properties and takes the coupler's mass properties from it, each one undoable edit.
// With SSLM_STUDIO_SCREENSHOT_DIR set, writes the window and the report dialog there.

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>

#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "core/interop/mass_properties.hpp"
#include "core/interop/mechanism_import.hpp"
#include "core/spec/spec_json.hpp"
#include "ui/document/interop_report_dialog.hpp"
#include "ui/document/mechanism_loader.hpp"
#include "ui/editor/close_loop_dialog.hpp"
#include "ui/editor/editor_canvas.hpp"
#include "ui/editor/editor_widget.hpp"
#include "ui/editor/properties_panel.hpp"
#include "ui/editor/visual_table.hpp"
#include "ui/main_window.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/ui/fixtures/interop_example.hpp"
#include "tests/ui/fixtures/main_window.hpp"

namespace tst_main_window_import {

using namespace sslm;
using namespace sslm::ui;
namespace fs = std::filesystem;

namespace {

const QString kInterop = QStringLiteral(SSLM_EXAMPLES_DIR "/interop");

int visualCount(const MechanismSpec& spec) {
    int count = static_cast<int>(spec.ground.visuals.size());
    for (const BodySpec& body : spec.bodies) {
        count += static_cast<int>(body.visuals.size());
    }
    return count;
}

} // namespace

class TestMainWindowImport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void importedMeshesAreDrawnAndSavedRelative() {
        QTemporaryDir dir;
        const QString urdf = fixtures::copyInteropExample(dir);
        auto window = fixtures::windowWith(fixtures::example("four_bar.json"));
        QString error;
        QVERIFY2(window->importFile(urdf, &error), qPrintable(error));
        QVERIFY2(error.isEmpty(), qPrintable(error)); // it compiles
        const MechanismSpec& spec = window->document()->spec();
        QCOMPARE(spec.name, std::string("rusr_four_bar"));
        QCOMPARE(spec.cuts, std::vector<std::string>{"C"});
        QCOMPARE(visualCount(spec), 5); // base, crank, cross (a sphere), coupler, rocker
        QVERIFY(fs::path(spec.bodies.front().visuals.front().file).is_absolute());
        QVERIFY(window->isWindowModified());
        QVERIFY(window->windowTitle().startsWith(QStringLiteral("Untitled")));
        QVERIFY2(window->mechanismView()->visualProblems().isEmpty(),
                 qPrintable(window->mechanismView()->visualProblems().join('\n')));
        QVERIFY(window->lastImportReport().contains(QStringLiteral("mapped")));
        QVERIFY(window->lastImportReport().contains(QStringLiteral("meshes/crank.stl")));
        QVERIFY(window->currentModel() != nullptr);
        QCOMPARE(window->currentModel()->nv(), 4); // crank, two of the Cardan joint, rocker

        if (const QByteArray shots = qgetenv("SSLM_STUDIO_SCREENSHOT_DIR"); !shots.isEmpty()) {
            QApplication::processEvents();
            window->grab().save(QString::fromLocal8Bit(shots) +
                                QStringLiteral("/studio_import_four_bar_urdf.png"));
        }

        // Save As into robot/models: the meshes are named from there
        const QString saved = dir.filePath(QStringLiteral("robot/models/four_bar.json"));
        QVERIFY(QDir().mkpath(QFileInfo(saved).absolutePath()));
        QVERIFY2(window->saveAs(saved, &error), qPrintable(error));
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        const QJsonObject crank = json[QStringLiteral("bodies")].toArray()[0].toObject();
        QCOMPARE(crank[QStringLiteral("visuals")]
                     .toArray()[0]
                     .toObject()[QStringLiteral("file")]
                     .toString(),
                 QStringLiteral("../meshes/crank.stl"));
        const QJsonObject ground = json[QStringLiteral("ground")].toObject();
        QCOMPARE(ground[QStringLiteral("visuals")]
                     .toArray()[0]
                     .toObject()[QStringLiteral("file")]
                     .toString(),
                 QStringLiteral("../meshes/base.obj"));

        // reopened: every mesh found again, absolute in memory
        QVERIFY2(window->openFile(saved, &error), qPrintable(error));
        QVERIFY2(window->mechanismView()->visualProblems().isEmpty(),
                 qPrintable(window->mechanismView()->visualProblems().join('\n')));
        QCOMPARE(visualCount(window->document()->spec()), 5);
        QVERIFY(fs::path(window->document()->spec().ground.visuals.front().file).is_absolute());
    }

    void meshesAreEditedAndGiveMassProperties() {
        QTemporaryDir dir;
        const QString urdf = fixtures::copyInteropExample(dir);
        auto window = fixtures::windowWith({});
        QString error;
        QVERIFY2(window->importFile(urdf, &error), qPrintable(error));
        PropertiesPanel& panel = *window->properties();
        QVERIFY(panel.selectBody(QStringLiteral("crank")));
        QVERIFY(panel.visualTable() != nullptr);
        QCOMPARE(panel.visualTable()->table()->rowCount(), 1);
        const int undoBefore = window->undoStack()->count();

        // the crank's slot, 40 mm between its ends' centres, radius 7 mm, 6 mm thick, its ends
        // half 48-gons: area 2 r L + 24 r² sin(π/24), filled with steel
        const double r = 7e-3, length = 40e-3, thickness = 6e-3, density = 7850;
        const double area = 2 * r * length + 24 * r * r * std::sin(std::numbers::pi / 24);
        QVERIFY2(panel.setMassFromVisual(0, density, &error), qPrintable(error));
        const BodySpec& crank = window->document()->spec().bodies[0];
        QCOMPARE(crank.id, std::string("crank"));
        // a binary STL holds single-precision vertices: 1e-7 relative, not round-off
        QVERIFY(std::abs(crank.mass - density * area * thickness) < 1e-6 * crank.mass);
        QVERIFY(std::abs(crank.com_B.x() - 0.5 * length) < 1e-8);
        QVERIFY(std::abs(crank.com_B.y()) < 1e-8 && std::abs(crank.comZ_B) < 1e-8);
        QVERIFY(crank.inertiaTensor.has_value());
        QCOMPARE(window->undoStack()->count(), undoBefore + 1); // one undoable edit
        window->undoStack()->undo();
        QCOMPARE(window->document()->spec().bodies[0].mass, 0.2);

        // detached and attached again: each one undoable edit, the mesh found in mm
        QVERIFY(panel.selectBody(QStringLiteral("crank")));
        QApplication::processEvents();
        VisualTable& visuals = *panel.visualTable();
        visuals.table()->selectRow(0);
        visuals.removeButton()->click();
        QVERIFY(window->document()->spec().bodies[0].visuals.empty());
        QVERIFY(visuals.addMesh(dir.filePath(QStringLiteral("robot/meshes/crank.stl")), &error));
        const std::vector<VisualSpec>& again = window->document()->spec().bodies[0].visuals;
        QCOMPARE(again.size(), std::size_t(1));
        QCOMPARE(again[0].scale.x(), 0.001); // 54 units wide: millimetres
        QCOMPARE(window->undoStack()->count(), undoBefore + 2);
        // a file that is not a mesh is refused, nothing attached
        QVERIFY(!visuals.addMesh(urdf, &error));
        QVERIFY2(error.contains(QStringLiteral("four_bar.urdf")), qPrintable(error));
        QCOMPARE(window->document()->spec().bodies[0].visuals.size(), std::size_t(1));
    }

    void planarLinkMeshIsEditedAndGivesMassProperties() {
        // the Hoekens four-bar of four_bar.sdf comes in planar, its coupler carrying a mesh
        QTemporaryDir dir;
        fixtures::copyInteropExample(dir);
        auto window = fixtures::windowWith({});
        QString error;
        QVERIFY2(window->importFile(dir.filePath(QStringLiteral("robot/four_bar.sdf")), &error),
                 qPrintable(error));
        QVERIFY(window->currentModel() != nullptr && !window->currentModel()->isSpatial());
        EditorCanvas& canvas = *window->editor()->canvas();
        QVERIFY(canvas.selectBody("link3"));
        PropertiesPanel& panel = *window->properties();
        VisualTable& visuals = *panel.visualTable();
        QCOMPARE(visuals.table()->rowCount(), 1);
        const auto coupler = [&]() -> const BodySpec& {
            return *std::find_if(window->document()->spec().bodies.begin(),
                                 window->document()->spec().bodies.end(),
                                 [](const BodySpec& b) { return b.id == "link3"; });
        };
        const VisualSpec mesh = coupler().visuals.front();
        const int undoBefore = window->undoStack()->count();
        visuals.table()->selectRow(0);
        QVERIFY(visuals.massButton()->isEnabled()); // the panel does Mass Properties…

        // moved in the table: one undoable edit
        visuals.table()->item(0, VisualTable::X)->setText(QStringLiteral("0.01"));
        QCOMPARE(coupler().visuals.front().position.x(), 0.01);
        QCOMPARE(window->undoStack()->count(), undoBefore + 1);
        window->undoStack()->undo();
        QCOMPARE(coupler().visuals.front().position, mesh.position);

        // the mass, COM and moment about the plane's normal from the closed mesh, in steel
        const MeshMassPropertiesResult expected =
            visualMassProperties(mesh, fs::path(mesh.file), 7850);
        QVERIFY2(expected.ok(), expected.error.c_str());
        QVERIFY2(panel.setMassFromVisual(0, 7850, &error), qPrintable(error));
        QCOMPARE(coupler().mass, expected.properties->mass);
        QCOMPARE(coupler().com_B, Eigen::Vector2d(expected.properties->com.head<2>()));
        QCOMPARE(coupler().inertiaCom.value_or(0.0), expected.properties->inertiaCom(2, 2));
        QCOMPARE(window->undoStack()->count(), undoBefore + 1);
        window->undoStack()->undo();
        QCOMPARE(coupler().mass, 5.0);
        QVERIFY(!panel.setMassFromVisual(3, 7850, &error)); // no such visual
        QVERIFY2(error.contains(QStringLiteral("mesh visual")), qPrintable(error));

        // detached: one undoable edit
        QVERIFY(canvas.selectBody("link3"));
        QApplication::processEvents();
        visuals.table()->selectRow(0);
        visuals.removeButton()->click();
        QVERIFY(coupler().visuals.empty());
        window->undoStack()->undo();
        QCOMPARE(coupler().visuals.size(), std::size_t(1));
        if (const QByteArray shots = qgetenv("SSLM_STUDIO_SCREENSHOT_DIR"); !shots.isEmpty()) {
            // the Edit tab with the coupler selected and the Properties dock in front
            QTest::keyClick(window.get(), Qt::Key_2, Qt::ControlModifier);
            for (QDockWidget* dock : window->findChildren<QDockWidget*>()) {
                if (dock->windowTitle() == QStringLiteral("Properties")) {
                    dock->raise();
                }
            }
            QVERIFY(canvas.selectBody("link3"));
            QApplication::processEvents();
            window->grab().save(QString::fromLocal8Bit(shots) +
                                QStringLiteral("/studio_planar_visuals.png"));
        }
    }

    void loopClosedByHandAssembles() {
        // the RSSR opened at its cut J3: a tree, as a URDF without closures imports
        const LoadResult loaded =
            loadMechanismFile(std::filesystem::path(SSLM_EXAMPLES_DIR) / "rssr.json");
        QVERIFY(loaded.ok());
        MechanismSpec tree = *loaded.spec;
        tree.joints.erase(std::find_if(tree.joints.begin(), tree.joints.end(),
                                       [](const JointSpec& j) { return j.name == "J3"; }));
        tree.cuts.clear();
        std::erase_if(tree.initial.assemblyGuess, [](const auto& g) { return g.first == "J3.2"; });
        auto window = fixtures::windowWith({});
        QString error;
        QVERIFY(window->newDocument(tree, &error));
        QVERIFY2(window->currentModel() != nullptr, qPrintable(error));
        QCOMPARE(window->currentModel()->nLoops(), 0);
        const int undoBefore = window->undoStack()->count();

        // the dialog puts the rocker's new point where the coupler's C is now
        const LoadOutcome compiled = compileMechanism(tree, {});
        QVERIFY(compiled.mechanism);
        CloseLoopDialog dialog(tree, compiled.mechanism->model, compiled.mechanism->q0);
        QVERIFY(dialog.choose(true, QStringLiteral("coupler"), QStringLiteral("C")));
        QVERIFY(dialog.choose(false, QStringLiteral("rocker"), QString()));
        QVERIFY(dialog.buttons()->button(QDialogButtonBox::Ok)->isEnabled());
        const LoopClosure closure = dialog.closure();
        QCOMPARE(closure.type, JointType::Spherical);
        QCOMPARE(closure.child.point, std::string("L1"));
        QVERIFY(closure.child.newPoint.has_value());

        PropertiesPanel& panel = *window->properties();
        QVERIFY2(panel.closeLoop(closure, &error), qPrintable(error));
        QCOMPARE(window->undoStack()->count(), undoBefore + 1);
        QCOMPARE(window->document()->spec().cuts, std::vector<std::string>{"closure1"});
        QVERIFY2(panel.isValid(), qPrintable(panel.validationText()));
        QVERIFY2(panel.validationText().contains(QStringLiteral("1 loop")),
                 qPrintable(panel.validationText()));
        QApplication::processEvents();
        QVERIFY(fixtures::waitForCompile(*window));
        QVERIFY(window->currentModel() != nullptr);
        QCOMPARE(window->currentModel()->nLoops(), 1);
        // a second closure of the same name is refused, nothing changed
        LoopClosure again = closure;
        again.name = "closure1";
        QVERIFY(!panel.closeLoop(again, &error));
        QVERIFY2(error.contains(QStringLiteral("exists already")), qPrintable(error));
        window->undoStack()->undo();
        QVERIFY(window->document()->spec().cuts.empty());
    }

    void missingMeshIsNamedNotFatal() {
        QTemporaryDir dir;
        const QString urdf = fixtures::copyInteropExample(dir);
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("robot/meshes/rocker.stl"))));
        auto window = fixtures::windowWith({});
        QString error;
        QVERIFY2(window->importFile(urdf, &error), qPrintable(error));
        QVERIFY(window->lastImportReport().contains(QStringLiteral("rocker.stl")));
        // the report says the mesh was not found; the view draws the rest
        QVERIFY(window->lastImportReport().contains(QStringLiteral("no file at")));
        QVERIFY(window->currentModel() != nullptr);
    }

    void malformedFileChangesNothing() {
        auto window = fixtures::windowWith(fixtures::example("four_bar.json"));
        const QString before = window->document()->path();
        QString error;
        QVERIFY(!window->importFile(QStringLiteral(SSLM_TEST_DATA_DIR "/interop/malformed.urdf"),
                                    &error));
        QVERIFY2(error.contains(QStringLiteral("malformed.urdf:")), qPrintable(error));
        QCOMPARE(window->document()->path(), before);
        QCOMPARE(window->currentModel()->spec.name, std::string("Four-bar (Hoekens)"));
        // and Open routes a URDF to the import
        QVERIFY(MainWindow::isImportable(QStringLiteral("x/robot.URDF")));
        QVERIFY(!MainWindow::isImportable(QStringLiteral("x/four_bar.json")));
        QVERIFY2(window->openFile(kInterop + QStringLiteral("/four_bar.urdf"), &error),
                 qPrintable(error));
        QCOMPARE(window->currentModel()->spec.name, std::string("rusr_four_bar"));
    }

    void sdfAndMjcfOpenToo() {
        auto window = fixtures::windowWith({});
        QString error;
        // the Hoekens four-bar drawn in x-z: recognised planar, its boxes drawn
        QVERIFY2(window->openFile(kInterop + QStringLiteral("/four_bar.sdf"), &error),
                 qPrintable(error));
        QVERIFY(window->currentModel() != nullptr);
        QVERIFY(!window->currentModel()->isSpatial());
        QCOMPARE(window->currentModel()->nLoops(), 1);
        QVERIFY(window->lastImportReport().contains(QStringLiteral("planar")));
        // the MJCF slider-crank: spatial, its geoms the bodies' visuals
        QVERIFY2(window->openFile(kInterop + QStringLiteral("/slider_crank.xml"), &error),
                 qPrintable(error));
        QVERIFY(window->currentModel() != nullptr);
        QVERIFY(window->currentModel()->isSpatial());
        QVERIFY(window->lastImportReport().startsWith(QStringLiteral("imported mjcf")));
        QVERIFY2(window->mechanismView()->visualProblems().isEmpty(),
                 qPrintable(window->mechanismView()->visualProblems().join('\n')));
    }

    void reportDialogListsEverySection() {
        const ImportResult result =
            importMechanism(fs::path(kInterop.toStdString()) / "four_bar.urdf");
        QVERIFY(result.ok());
        std::unique_ptr<InteropReportDialog> owner(InteropReportDialog::forImport(
            kInterop + QStringLiteral("/four_bar.urdf"), result.report, *result.spec));
        InteropReportDialog& dialog = *owner;
        QCOMPARE(dialog.itemCount(QStringLiteral("Mapped")),
                 static_cast<int>(result.report.mapped.size()));
        QCOMPARE(dialog.itemCount(QStringLiteral("Approximated")),
                 static_cast<int>(result.report.approximated.size()));
        QCOMPARE(dialog.itemCount(QStringLiteral("Dropped")),
                 static_cast<int>(result.report.dropped.size()));
        QCOMPARE(dialog.itemCount(QStringLiteral("Visuals")), 5);
        QVERIFY(dialog.reportText().startsWith(QStringLiteral("imported urdf 'rusr_four_bar'")));
        if (const QByteArray shots = qgetenv("SSLM_STUDIO_SCREENSHOT_DIR"); !shots.isEmpty()) {
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            dialog.grab().save(QString::fromLocal8Bit(shots) +
                               QStringLiteral("/import_report_dialog.png"));
        }
    }
};

SSLM_WINDOW_TEST_MAIN(TestMainWindowImport, "tst_main_window_import")
} // namespace tst_main_window_import

#include "tst_main_window_import.moc"
