// SPDX-License-Identifier: MIT
#pragma once

// The mouse wheel scrolls what holds a setting, never the setting itself by accident: over a
// combo box or a spin box that does not have the keyboard focus, a wheel event is passed on to
// the widget behind it (the dock's scroll area), and such boxes no longer take the focus from
// the wheel. A box the user has clicked or tabbed into still steps with the wheel, as in
// Qt Creator and ParaView.

#include <QObject>

namespace sslm::ui {

class WheelGuard : public QObject {
    Q_OBJECT

public:
    explicit WheelGuard(QObject* parent = nullptr);

    /// Guards every widget of the application from now on (one guard per application; a second
    /// call returns the first guard).
    static WheelGuard* installOnApplication();

    /// Whether `watched` is a box whose value the wheel steps (a combo box or a spin box).
    static bool isGuarded(const QObject* watched);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace sslm::ui
