// SPDX-License-Identifier: MIT
#include "ui/actions/file_actions.hpp"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

#include "core/edit/drawing.hpp"
#include "ui/actions/export_actions.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/editor/template_dialog.hpp"
#include "ui/style/resources.hpp"

namespace sslm::ui {

namespace {

constexpr int kMaxRecentFiles = 8;
const QString kRecentKey = QStringLiteral("recentFiles");
const QString kLastDirKey = QStringLiteral("lastDirectory");

/// An entry of File ▸ Examples: a file of the examples folder (tst_main_window checks that
/// every example file there has one).
struct Example {
    const char* section; ///< the menu section it opens
    const char* title;
    const char* file; ///< relative to the examples folder
};
constexpr Example kExamples[] = {
    {"Planar", "Carpet scraper at work (crank at 45 rpm)", "carpet_scraper_driven.json"},
    {"Planar", "Carpet scraper (3 loops, free swing)", "carpet_scraper.json"},
    {"Planar", "Four-bar linkage", "four_bar.json"},
    {"Planar", "3-RRR parallel manipulator", "three_rrr.json"},
    {"Planar", "Slider-crank", "slider_crank.json"},
    {"Planar", "Watt six-bar", "watt_six_bar.json"},
    {"Planar", "Wheel suspension (seed 004, slider input)", "wheel_suspension.json"},
    {"Planar", "Carpet scraper cutting (a load on the blade)", "carpet_scraper_loaded.json"},
    {"Planar", "Four-bar with a spring and a load", "four_bar_loaded.json"},
    {"Planar", "Four-bar with a two-point spring", "four_bar_gas_spring.json"},
    {"Planar", "Car hood on a gas spring", "lid_gas_spring.json"},
    {"Planar", "Excavator arm (three cylinders)", "excavator_arm.json"},
    {"Spatial", "RSSR linkage", "rssr.json"},
    {"Spatial", "Spatial ladder (4 loops)", "spatial_ladder_4.json"},
    {"Spatial", "Stewart–Gough platform", "stewart_platform.json"},
    {"Spatial", "Elbow manipulator (seed 004, 8 assembly modes)", "elbow_manipulator.json"},
    {"Spatial", "Spherical four-bar (2 assembly modes)", "spherical_four_bar.json"},
    {"Imported models", "Four-bar from URDF", "interop/four_bar.urdf"},
    {"Imported models", "Four-bar from SDFormat", "interop/four_bar.sdf"},
    {"Imported models", "Slider-crank from MJCF", "interop/slider_crank.xml"},
};

void addRecentFile(const QString& path) {
    QSettings settings;
    QStringList files = settings.value(kRecentKey).toStringList();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles) {
        files.removeLast();
    }
    settings.setValue(kRecentKey, files);
}

} // namespace

FileActions::FileActions(QMainWindow* window, FileCommands& commands, ExportActions& exports)
    : QObject(window), m_window(window), m_commands(commands) {
    QMenu* file = window->menuBar()->addMenu(tr("&File"));
    addOpenActions(file);
    file->addSeparator();
    QAction* save = file->addAction(tr("&Save"), this, [this] { m_commands.save(nullptr); });
    save->setShortcut(QKeySequence::Save);
    save->setToolTip(tr("Save the mechanism with its current cut joints (atomic: a failed save "
                        "leaves the file as it was)"));
    QAction* saveAs = file->addAction(tr("Save &As…"), this, &FileActions::promptSaveAs);
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    file->setToolTipsVisible(true);
    file->addSeparator();
    exports.addMenuTo(file);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), window, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    save->setIcon(actionIcon(QStringLiteral("document-save")));
    saveAs->setIcon(actionIcon(QStringLiteral("document-save-as")));
    quit->setIcon(actionIcon(QStringLiteral("application-exit")));
}

void FileActions::addOpenActions(QMenu* file) {
    QAction* newEmpty = file->addAction(tr("&New Mechanism"), this, &FileActions::promptNewEmpty);
    newEmpty->setShortcut(QKeySequence::New);
    newEmpty->setToolTip(tr("An empty drawing in the Edit tab: place pivots and draw links"));
    QAction* fromTemplate =
        file->addAction(tr("New From &Template…"), this, &FileActions::promptNewFromTemplate);
    fromTemplate->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    fromTemplate->setToolTip(tr("A four-bar, slider-crank, five-bar, Watt or Stephenson six-bar, "
                                "sized in a dialog"));
    QAction* open = file->addAction(tr("&Open…"), this, &FileActions::promptOpen);
    open->setShortcut(QKeySequence::Open);
    QAction* import = file->addAction(tr("&Import…"), this, &FileActions::promptImport);
    import->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    import->setToolTip(tr("Open another tool's model as a new mechanism: URDF (loops closed by "
                          "URDF+ <loop> or <constraint> elements), SDFormat or MJCF"));
    import->setStatusTip(import->toolTip());
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &FileActions::rebuildRecentMenu);
    addExamplesMenu(file);
    newEmpty->setIcon(actionIcon(QStringLiteral("document-new")));
    fromTemplate->setIcon(actionIcon(QStringLiteral("document-new-template")));
    open->setIcon(actionIcon(QStringLiteral("document-open")));
}

void FileActions::addExamplesMenu(QMenu* file) {
    QMenu* examples = file->addMenu(tr("&Examples"));
    const QString examplesDir = examplesDirectory();
    QString section;
    for (const Example& example : kExamples) {
        if (section != QLatin1String(example.section)) {
            section = QLatin1String(example.section);
            examples->addSection(tr(example.section));
        }
        const QString path = examplesDir + QLatin1Char('/') + QLatin1String(example.file);
        QAction* action = examples->addAction(tr(example.title), this,
                                              [this, path] { m_commands.openFile(path, nullptr); });
        action->setData(path);
        action->setEnabled(!examplesDir.isEmpty() && QFileInfo::exists(path));
    }
}

QString FileActions::examplesDirectory() {
    const QDir appDir(QCoreApplication::applicationDirPath());
    const QStringList candidates = {
        appDir.absoluteFilePath(QStringLiteral(SSLM_EXAMPLES_FROM_BIN)), // installed
        appDir.absoluteFilePath(QStringLiteral("examples")),
        QStringLiteral(SSLM_EXAMPLES_DIR),
    };
    for (const QString& dir : candidates) {
        if (QFileInfo::exists(dir + QStringLiteral("/carpet_scraper.json"))) {
            return QDir::cleanPath(dir);
        }
    }
    return {};
}

void FileActions::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = QSettings().value(kRecentKey).toStringList();
    for (const QString& path : files) {
        QAction* action = m_recentMenu->addAction(
            QFileInfo(path).fileName(), this, [this, path] { m_commands.openFile(path, nullptr); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear List"), this, [] { QSettings().remove(kRecentKey); });
}

QString FileActions::lastDirectory() {
    return QSettings().value(kLastDirKey).toString();
}

void FileActions::rememberFile(const QString& path) {
    addRecentFile(path);
    QSettings().setValue(kLastDirKey, QFileInfo(path).absolutePath());
}

void FileActions::promptOpen() {
    QString dir = lastDirectory();
    if (dir.isEmpty()) {
        dir = examplesDirectory();
    }
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open Mechanism"), dir,
        tr("Mechanism files (*.json);;Models to import (*.urdf *.sdf *.world *.xml *.mjcf);;"
           "All files (*)"));
    if (!path.isEmpty()) {
        m_commands.openFile(path, nullptr);
    }
}

void FileActions::promptImport() {
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Import Model"), lastDirectory(),
        tr("Models (*.urdf *.sdf *.world *.xml *.mjcf);;URDF with loop closures (*.urdf);;"
           "SDFormat (*.sdf *.world);;MJCF (*.xml *.mjcf);;All files (*)"));
    if (!path.isEmpty()) {
        m_commands.importFile(path, nullptr);
    }
}

void FileActions::promptNewEmpty() {
    if (!m_commands.confirmDiscardChanges()) {
        return;
    }
    m_commands.newDocument(emptyDrawing(tr("New mechanism").toStdString()).spec, nullptr);
    m_commands.centralTabs()->setCurrentIndex(1);
}

void FileActions::promptNewFromTemplate() {
    if (!m_commands.confirmDiscardChanges()) {
        return;
    }
    TemplateDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const std::optional<MechanismSpec> spec = dialog.spec();
    QString error;
    if (!spec || !m_commands.newDocument(*spec, &error)) {
        QMessageBox::warning(m_window, tr("Cannot create the mechanism"),
                             spec ? error : dialog.problem());
    }
}

void FileActions::promptSaveAs() {
    const MechanismDocument& document = *m_commands.document();
    if (document.spec().ground.points.empty() && document.spec().bodies.empty()) {
        m_window->statusBar()->showMessage(tr("Nothing to save: open a mechanism first (Ctrl+O)."));
        return;
    }
    QString start = document.path();
    if (start.isEmpty()) {
        start = lastDirectory() + QStringLiteral("/mechanism.json");
    }
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Mechanism As"), start,
                                                tr("Mechanism files (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    if (QFileInfo(path).suffix().isEmpty()) {
        path += QStringLiteral(".json");
    }
    m_commands.saveAs(path, nullptr);
}

} // namespace sslm::ui
