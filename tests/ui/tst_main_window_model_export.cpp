// SPDX-License-Identifier: MIT
// File ▸ Export ▸ Model as a user meets it (issue 22): the URDF+ four-bar with its CAD meshes,
// imported, goes out again as URDF, SDFormat and MJCF into another folder, every mesh named so
// that the written file finds it, and imports back; a planar document goes out with its cut
// joints and comes back planar; a cylindrical joint in SDFormat, an unknown extension and an
// empty window are refused with the reason, nothing written. The report dialog lists what each
// format could not hold. With SSLM_STUDIO_SCREENSHOT_DIR set, writes that dialog there.

#include <filesystem>
#include <memory>

#include <QDir>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QtTest>

#include "core/interop/mechanism_export.hpp"
#include "core/interop/mechanism_import.hpp"
#include "core/interop/mesh_reference.hpp"
#include "core/spec/spec_json.hpp"
#include "ui/document/interop_report_dialog.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/main_window.hpp"

#include "tests/ui/fixtures/interop_example.hpp"
#include "tests/ui/fixtures/main_window.hpp"

namespace tst_main_window_model_export {

using namespace sslm;
using namespace sslm::ui;
namespace fs = std::filesystem;

namespace {

/// The visuals of an imported file whose mesh files are there.
int meshesFound(const MechanismSpec& spec) {
    int found = 0;
    const auto count = [&](const std::vector<VisualSpec>& visuals) {
        for (const VisualSpec& v : visuals) {
            found += v.kind == VisualKind::Mesh && fs::is_regular_file(v.file) ? 1 : 0;
        }
    };
    count(spec.ground.visuals);
    for (const BodySpec& body : spec.bodies) {
        count(body.visuals);
    }
    return found;
}

} // namespace

class TestMainWindowModelExport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void importedUrdfGoesOutInEveryFormatWithItsMeshes() {
        QTemporaryDir dir;
        const QString urdf = fixtures::copyInteropExample(dir);
        auto window = fixtures::windowWith({});
        QString error;
        QVERIFY2(window->importFile(urdf, &error), qPrintable(error));
        const MechanismSpec before = window->document()->spec();
        const int meshes = meshesFound(before);
        QCOMPARE(meshes, 4); // base, crank, coupler, rocker (the cross is a sphere)
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("out"))));
        for (const char* name : {"again.urdf", "again.sdf", "again.xml"}) {
            const QString out = dir.filePath(QStringLiteral("out/") + QLatin1String(name));
            QVERIFY2(window->exportModel(out, &error), qPrintable(error));
            const ImportResult back = importMechanism(out.toStdString());
            QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
            QCOMPARE(back.spec->bodies.size(), window->document()->spec().bodies.size());
            QCOMPARE(back.spec->cuts.size(), std::size_t(1));
            QCOMPARE(meshesFound(*back.spec), meshes);
        }
        QVERIFY(window->lastExportReport().startsWith(
            QStringLiteral("exported 'rusr_four_bar' as mjcf")));
        QFile written(dir.filePath(QStringLiteral("out/again.urdf")));
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray text = written.readAll();
        QVERIFY2(text.contains("<mesh filename=\"../robot/meshes/crank.stl\""), text.constData());
        QVERIFY(text.contains("<loop name=\"C\" type=\"spherical\">"));
        QVERIFY(window->document()->spec() == before); // exporting changes nothing
    }

    void planarDocumentGoesOutWithItsCutsAndComesBackPlanar() {
        QTemporaryDir dir;
        auto window = fixtures::windowWith(fixtures::example("four_bar.json"));
        const QString out = dir.filePath(QStringLiteral("four_bar.sdf"));
        QString error;
        QVERIFY2(window->exportModel(out, &error), qPrintable(error));
        QVERIFY(!window->isWindowModified()); // the mechanism is unchanged
        const ImportResult back = importMechanism(out.toStdString());
        QVERIFY2(back.ok(), formatDiagnostics(back.diagnostics).c_str());
        QVERIFY(back.spec->space == MotionSpace::Planar);
        QCOMPARE(back.spec->cuts, std::vector<std::string>{"J8"});
        QVERIFY(window->lastExportReport().contains(QStringLiteral("x–z plane")));

        // File ▸ Export ▸ Model… with its shortcut
        QMenu* exportMenu = nullptr;
        for (QAction* top : window->menuBar()->actions()) {
            for (QAction* item : top->menu() ? top->menu()->actions() : QList<QAction*>{}) {
                if (item->menu() != nullptr && item->text() == QStringLiteral("&Export")) {
                    exportMenu = item->menu();
                }
            }
        }
        QVERIFY(exportMenu != nullptr);
        QAction* model = nullptr;
        for (QAction* item : exportMenu->actions()) {
            model = item->text().startsWith(QStringLiteral("&Model")) ? item : model;
        }
        QVERIFY(model != nullptr);
        QCOMPARE(model->shortcut(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E));
        if (const QByteArray shots = qgetenv("SSLM_STUDIO_SCREENSHOT_DIR"); !shots.isEmpty()) {
            exportMenu->popup(window->mapToGlobal(QPoint(40, 40)));
            QVERIFY(QTest::qWaitForWindowExposed(exportMenu));
            exportMenu->setActiveAction(model);
            QApplication::processEvents();
            exportMenu->grab().save(QString::fromLocal8Bit(shots) +
                                    QStringLiteral("/export_menu.png"));
            exportMenu->hide();
        }
    }

    void refusalsWriteNothing() {
        QTemporaryDir dir;
        QString error;
        auto empty = fixtures::windowWith({});
        QVERIFY(!empty->exportModel(dir.filePath(QStringLiteral("none.urdf")), &error));
        QVERIFY2(error.contains(QStringLiteral("no mechanism")), qPrintable(error));

        // the RSSR with its universal cut made cylindrical (R-S-C-R): SDFormat has no
        // cylindrical joint
        LoadResult rssr = loadMechanismFile(std::string(SSLM_EXAMPLES_DIR) + "/rssr.json");
        QVERIFY(rssr.ok());
        for (JointSpec& joint : rssr.spec->joints) {
            if (joint.name == "J3") {
                joint.type = JointType::Cylindrical;
                joint.coordinates.clear();
            }
        }
        rssr.spec->initial.assemblyGuess.clear();
        const QString rscr = dir.filePath(QStringLiteral("rscr.json"));
        QVERIFY(!saveMechanismFile(*rssr.spec, rscr.toStdString()).has_value());
        auto window = fixtures::windowWith(rscr);
        QVERIFY(window->currentModel() != nullptr);
        const QString sdf = dir.filePath(QStringLiteral("rscr.sdf"));
        QVERIFY(!window->exportModel(sdf, &error));
        QVERIFY2(error.contains(QStringLiteral("J3 is cylindrical")), qPrintable(error));
        QVERIFY(!QFile::exists(sdf));
        const QString step = dir.filePath(QStringLiteral("rscr.step"));
        QVERIFY(!window->exportModel(step, &error));
        QVERIFY2(error.contains(QStringLiteral("unknown model format")), qPrintable(error));
        QVERIFY(!QFile::exists(step));
        // URDF and MJCF hold it: the cut as a cylindrical <loop>, the ball as three hinges
        QVERIFY2(window->exportModel(dir.filePath(QStringLiteral("rscr.urdf")), &error),
                 qPrintable(error));
        QVERIFY(window->lastExportReport().contains(QStringLiteral("<loop type=\"cylindrical\">")));
        QVERIFY2(window->exportModel(dir.filePath(QStringLiteral("rscr.xml")), &error),
                 qPrintable(error));
    }

    void reportDialogListsWhatTheFormatCannotHold() {
        const LoadResult loaded =
            loadMechanismFile(std::string(SSLM_EXAMPLES_DIR) + "/four_bar.json");
        QVERIFY(loaded.ok());
        const ExportResult result = exportMechanism(*loaded.spec, "urdf");
        QVERIFY(result.ok());
        std::unique_ptr<InteropReportDialog> dialog(InteropReportDialog::forExport(
            QStringLiteral("/tmp/four_bar.urdf"), result, *loaded.spec));
        QCOMPARE(dialog->itemCount(QStringLiteral("Mapped")),
                 static_cast<int>(result.mapped.size()));
        QCOMPARE(dialog->itemCount(QStringLiteral("Approximated")),
                 static_cast<int>(result.approximated.size()));
        QCOMPARE(dialog->itemCount(QStringLiteral("Dropped")),
                 static_cast<int>(result.dropped.size()));
        QCOMPARE(dialog->itemCount(QStringLiteral("Visuals")), -1);
        QVERIFY(dialog->reportText().startsWith(
            QStringLiteral("exported 'Four-bar (Hoekens)' as urdf")));
        if (const QByteArray shots = qgetenv("SSLM_STUDIO_SCREENSHOT_DIR"); !shots.isEmpty()) {
            dialog->show();
            QVERIFY(QTest::qWaitForWindowExposed(dialog.get()));
            dialog->grab().save(QString::fromLocal8Bit(shots) +
                                QStringLiteral("/export_report_dialog.png"));
        }
    }
};

SSLM_WINDOW_TEST_MAIN(TestMainWindowModelExport, "tst_main_window_model_export")
} // namespace tst_main_window_model_export

#include "tst_main_window_model_export.moc"
