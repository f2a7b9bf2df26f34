// SPDX-License-Identifier: MIT
#include "ui/input/wheel_guard.hpp"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QPointer>

namespace sslm::ui {

WheelGuard::WheelGuard(QObject* parent) : QObject(parent) {}

WheelGuard* WheelGuard::installOnApplication() {
    static QPointer<WheelGuard> guard;
    if (guard == nullptr && qApp != nullptr) {
        guard = new WheelGuard(qApp);
        qApp->installEventFilter(guard);
    }
    return guard;
}

bool WheelGuard::isGuarded(const QObject* watched) {
    return qobject_cast<const QComboBox*>(watched) != nullptr ||
           qobject_cast<const QAbstractSpinBox*>(watched) != nullptr;
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::Polish && event->type() != QEvent::Wheel) {
        return false;
    }
    if (!isGuarded(watched)) {
        return false;
    }
    auto* box = static_cast<QWidget*>(watched);
    if (event->type() == QEvent::Polish) {
        // the wheel gives no focus: a scroll across the dock leaves every box as it is
        if (box->focusPolicy() == Qt::WheelFocus) {
            box->setFocusPolicy(Qt::StrongFocus);
        }
        return false;
    }
    if (box->hasFocus()) {
        return false;
    }
    // ignored and filtered: QApplication offers the wheel to the parents (the scroll area)
    event->ignore();
    return true;
}

} // namespace sslm::ui
