// SPDX-License-Identifier: MIT
#include "ui/style/dock_tab_bars.hpp"

#include <QChildEvent>
#include <QMainWindow>
#include <QPointer>
#include <QTabBar>
#include <QTimer>

namespace sslm::ui {

namespace {

void showWholeTitles(QTabBar* bar) {
    bar->setElideMode(Qt::ElideNone);
    bar->setUsesScrollButtons(true);
}

/// Watches the window for the tab bars Qt adds as docks are stacked.
class DockTabBarWatcher : public QObject {
public:
    using QObject::QObject;

    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::ChildAdded) {
            if (auto* bar = qobject_cast<QTabBar*>(static_cast<QChildEvent*>(event)->child())) {
                // Qt sets its elide mode just after adding the bar: ours comes after that
                QTimer::singleShot(0, this, [guarded = QPointer<QTabBar>(bar)] {
                    if (guarded) {
                        showWholeTitles(guarded);
                    }
                });
            }
        }
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

void keepDockTabTitlesWhole(QMainWindow& window) {
    for (QTabBar* bar : window.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        showWholeTitles(bar);
    }
    window.installEventFilter(new DockTabBarWatcher(&window));
}

} // namespace sslm::ui
