// SPDX-License-Identifier: MIT
// One export folder and the playback time: the plot's Export button, File ▸ Export ▸ Samples
// as CSV and File ▸ Export ▸ 3-D View as PNG (menus opened with Alt+F, E and their letter)
// start in the folder of the last export; scrubbing the timeline with Shift+Home / Shift+End
// shows the time played back in the status bar, not the run's last progress.

#include <memory>

#include <QFileDialog>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolButton>
#include <QtTest>

#include "ui/export/export_folder.hpp"
#include "ui/main_window.hpp"
#include "ui/plots/plot_dock.hpp"
#include "ui/viewport/mechanism_view.hpp"

#include "tests/ui/fixtures/dialogs.hpp"
#include "tests/ui/fixtures/main_window.hpp"

namespace tst_export_folder {

using namespace sslm;
using namespace sslm::ui;

namespace {

/// Answers the next file dialog: records the folder it starts in and saves `name` there.
void saveInNextDialog(QObject* owner, QString* startFolder, const QString& name) {
    fixtures::answerNextDialog(owner, [startFolder, name](QWidget* dialog) {
        auto* files = qobject_cast<QFileDialog*>(dialog);
        QVERIFY2(files, "a file dialog was expected");
        *startFolder = files->directory().absolutePath();
        files->selectFile(files->directory().filePath(name));
        QMetaObject::invokeMethod(files, "accept");
    });
}

/// Opens File ▸ Export ▸ <letter> with the keyboard: Alt+F, E until Export is highlighted
/// (Examples shares the letter), Right, then the entry's letter.
void exportWithKeys(QWidget& window, Qt::Key letter) {
    QTest::keyClick(&window, Qt::Key_F, Qt::AltModifier);
    QTRY_VERIFY(qobject_cast<QMenu*>(QApplication::activePopupWidget()));
    auto* file = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    for (int k = 0; k < 3 && !(file->activeAction() &&
                               file->activeAction()->text() == QStringLiteral("&Export"));
         ++k) {
        QTest::keyClick(file, Qt::Key_E);
    }
    QVERIFY(file->activeAction() && file->activeAction()->text() == QStringLiteral("&Export"));
    QTest::keyClick(file, Qt::Key_Right);
    QTRY_VERIFY(QApplication::activePopupWidget() != file);
    QTest::keyClick(QApplication::activePopupWidget(), letter);
}

QLabel* timeLabel(QMainWindow& window) {
    for (QLabel* label : window.statusBar()->findChildren<QLabel*>()) {
        if (label->text().startsWith(QStringLiteral("t = "))) {
            return label;
        }
    }
    return nullptr;
}

} // namespace

class TstExportFolder : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init() { QSettings().clear(); }

    void everyExportStartsInTheLastFolder() {
        auto window = fixtures::openWindow("four_bar.json", QSize(1600, 1000));
        fixtures::typeInto(window->runPanel()->endTimeBox(), 0.5);
        QVERIFY(fixtures::runWithF5(*window));

        QTemporaryDir dir;
        const QString folder = QDir(dir.path()).absolutePath();
        rememberExportFolder(QDir(folder).filePath(QStringLiteral("earlier.png")));
        QCOMPARE(exportFolder(), folder);

        // the plot's Export button
        QToolButton* button = nullptr;
        for (QToolBar* bar : window->jointPlotDock()->findChildren<QToolBar*>()) {
            for (QAction* action : bar->actions()) {
                if (action->text().startsWith(QStringLiteral("Export"))) {
                    button = qobject_cast<QToolButton*>(bar->widgetForAction(action));
                }
            }
        }
        QVERIFY(button);
        QString start;
        saveInNextDialog(window.get(), &start, QStringLiteral("plot.png"));
        QTest::mouseClick(button, Qt::LeftButton);
        QTRY_VERIFY(QFile::exists(QDir(folder).filePath(QStringLiteral("plot.png"))));
        QCOMPARE(start, folder);

        // File ▸ Export ▸ Samples as CSV and 3-D View as PNG, from the keyboard
        start.clear();
        saveInNextDialog(window.get(), &start, QStringLiteral("samples.csv"));
        window->activateWindow();
        exportWithKeys(*window, Qt::Key_C);
        QTRY_VERIFY(QFile::exists(QDir(folder).filePath(QStringLiteral("samples.csv"))));
        QCOMPARE(start, folder);

        start.clear();
        saveInNextDialog(window.get(), &start, QStringLiteral("view.png"));
        window->activateWindow();
        exportWithKeys(*window, Qt::Key_P);
        QTRY_VERIFY(QFile::exists(QDir(folder).filePath(QStringLiteral("view.png"))));
        QCOMPARE(start, folder);
    }

    void statusBarShowsThePlaybackTime() {
        auto window = fixtures::openWindow("four_bar.json", QSize(1280, 800));
        fixtures::typeInto(window->runPanel()->endTimeBox(), 0.5);
        QVERIFY(fixtures::runWithF5(*window));
        window->activateWindow();
        QTest::keyClick(window.get(), Qt::Key_Home, Qt::ShiftModifier);
        QLabel* label = timeLabel(*window);
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("t = 0.00 / 0.50 s · playback"));
        QTest::keyClick(window.get(), Qt::Key_Period); // one sample forward
        QCOMPARE(label->text(), QStringLiteral("t = 0.01 / 0.50 s · playback"));
    }
};

SSLM_WINDOW_TEST_MAIN(TstExportFolder, "tst_export_folder")
} // namespace tst_export_folder

#include "tst_export_folder.moc"
