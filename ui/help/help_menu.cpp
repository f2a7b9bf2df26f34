// SPDX-License-Identifier: MIT
#include "ui/help/help_menu.hpp"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>

#include "ui/help/about_dialog.hpp"
#include "ui/help/getting_started.hpp"
#include "ui/help/shortcut_sheet.hpp"
#include "ui/style/resources.hpp"

namespace sslm::ui {

void addHelpMenu(QMainWindow* window) {
    QMenu* help = window->menuBar()->addMenu(QObject::tr("&Help"));
    QAction* start = help->addAction(QObject::tr("&Getting Started"), window, [window] {
        GettingStartedDialog dialog(window);
        dialog.exec();
    });
    start->setShortcut(QKeySequence::HelpContents);
    QAction* keys = help->addAction(QObject::tr("&Keyboard Shortcuts"), window, [window] {
        ShortcutSheet sheet(*window, window);
        sheet.exec();
    });
    keys->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F1));
    help->addSeparator();
    QAction* about = help->addAction(actionIcon(QStringLiteral("help-about")),
                                     QObject::tr("&About SSLM Studio"), window, [window] {
                                         AboutDialog dialog(window);
                                         dialog.exec();
                                     });
    about->setMenuRole(QAction::AboutRole);
}

} // namespace sslm::ui
