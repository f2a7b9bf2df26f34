// SPDX-License-Identifier: MIT
// The Help menu a new user opens (ui/help/help_menu.hpp): Getting Started with F1, a page that
// walks through opening a mechanism, picking a cut, running, the plots, inverse dynamics and
// export; Keyboard Shortcuts, a sheet read from the window itself that lists every key of its
// menus (Undo, Start, Restart, Fit Graph to View, ...) once.

#include <QApplication>
#include <QMenuBar>
#include <QSet>
#include <QTableWidget>
#include <QTextBrowser>
#include <QtTest>

#include "ui/help/getting_started.hpp"
#include "ui/help/shortcut_sheet.hpp"
#include "ui/main_window.hpp"

#include "tests/ui/fixtures/dialogs.hpp"
#include "tests/ui/fixtures/window_test.hpp"

namespace tst_help_menu {

using namespace sslm;
using namespace sslm::ui;

class TestHelpMenu : public fixtures::WindowTest {
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { m_window.reset(); }

    void f1OpensGettingStarted() {
        MainWindow& window = freshWindow("carpet_scraper_driven.json");
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QString title;
        QString text;
        fixtures::answerNextDialog(&window, [&](QWidget* dialog) {
            title = dialog->windowTitle();
            if (auto* browser = dialog->findChild<QTextBrowser*>()) {
                text = browser->toPlainText();
            }
            fixtures::grabIfAsked(*dialog, QStringLiteral("getting_started"));
            dialog->close();
        });
        QTest::keyClick(&window, Qt::Key_F1);
        QTRY_VERIFY(!title.isEmpty());
        QCOMPARE(title, QStringLiteral("Getting Started"));
        for (const char* step :
             {"Open a mechanism", "Pick the cut joints", "Click a joint to cut it", "Run",
              "Read the plots", "Inverse dynamics", "Export", "Keyboard Shortcuts"}) {
            QVERIFY2(text.contains(QLatin1String(step)), step);
        }
    }

    void theSheetListsEveryMenuKeyOnce() {
        MainWindow& window = freshWindow("carpet_scraper_driven.json");
        const std::vector<ShortcutEntry> entries = windowShortcuts(window);
        QSet<QString> actions;
        for (const ShortcutEntry& entry : entries) {
            QVERIFY(!entry.keys.isEmpty());
            actions.insert(entry.action);
        }
        for (const char* expected : {"Undo", "Redo", "Start", "Restart", "Open…", "Getting Started",
                                     "Keyboard Shortcuts"}) {
            QVERIFY2(actions.contains(QString::fromUtf8(expected)), expected);
        }
        // every action with keys in the menus is there
        int withKeys = 0;
        const std::function<void(const QList<QAction*>&)> count = [&](const QList<QAction*>& list) {
            for (QAction* action : list) {
                if (action->menu() != nullptr) {
                    count(action->menu()->actions());
                } else if (!action->isSeparator() && !action->shortcuts().isEmpty()) {
                    ++withKeys;
                }
            }
        };
        for (QAction* top : window.menuBar()->actions()) {
            if (top->menu() != nullptr) {
                count(top->menu()->actions());
            }
        }
        QVERIFY(withKeys >= 15);
        QVERIFY(static_cast<int>(entries.size()) >= withKeys - 1); // an action in two menus once

        // the dialog shows them as a table, keys first
        ShortcutSheet sheet(window);
        QCOMPARE(sheet.table()->rowCount(), static_cast<int>(entries.size()));
        bool undo = false;
        for (int row = 0; row < sheet.table()->rowCount(); ++row) {
            undo = undo || (sheet.table()->item(row, 1)->text() == QStringLiteral("Undo") &&
                            sheet.table()->item(row, 0)->text().contains(QStringLiteral("Z")));
        }
        QVERIFY(undo);
        fixtures::grabIfAsked(sheet, QStringLiteral("shortcut_sheet"));
    }
};

SSLM_WINDOW_TEST_MAIN(TestHelpMenu, "tst_help_menu")
} // namespace tst_help_menu

#include "tst_help_menu.moc"
