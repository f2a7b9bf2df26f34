// SPDX-License-Identifier: MIT
#include "ui/style/theme.hpp"

#include <QApplication>
#include <QEvent>
#include <QSettings>
#include <QStyle>

namespace sslm::ui {

namespace {

const QString kThemeKey = QStringLiteral("appearance/theme");
constexpr int kDarkLightness = 128; ///< a window colour below this lightness is dark

} // namespace

bool isDarkTheme() {
    return QApplication::palette().color(QPalette::Window).lightness() < kDarkLightness;
}

QPalette darkPalette() {
    QPalette p;
    const QColor window(45, 48, 53);
    const QColor base(32, 34, 38);
    const QColor text(226, 229, 233);
    const QColor disabled(128, 132, 138);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(40, 43, 48));
    p.setColor(QPalette::ToolTipBase, QColor(58, 62, 68));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(56, 60, 66));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 110, 110));
    p.setColor(QPalette::Light, QColor(74, 79, 86));
    p.setColor(QPalette::Midlight, QColor(64, 68, 75));
    p.setColor(QPalette::Mid, QColor(38, 40, 45));
    p.setColor(QPalette::Dark, QColor(25, 27, 30));
    p.setColor(QPalette::Shadow, QColor(10, 10, 12));
    p.setColor(QPalette::Highlight, QColor(61, 132, 214));
    p.setColor(QPalette::HighlightedText, QColor(255, 255, 255));
    p.setColor(QPalette::Link, QColor(110, 170, 240));
    p.setColor(QPalette::LinkVisited, QColor(170, 140, 230));
    for (const QPalette::ColorRole role :
         {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, disabled);
    }
    p.setColor(QPalette::Disabled, QPalette::Button, QColor(50, 53, 58));
    return p;
}

ThemeWatcher::ThemeWatcher(QObject* parent) : QObject(parent), m_dark(isDarkTheme()) {
    QApplication::instance()->installEventFilter(this);
}

ThemeWatcher* ThemeWatcher::instance() {
    static ThemeWatcher* watcher = new ThemeWatcher(QApplication::instance());
    return watcher;
}

bool ThemeWatcher::eventFilter(QObject* watched, QEvent* event) {
    // the application object hears of every change of the application's palette
    if (watched == QApplication::instance() && event->type() == QEvent::ApplicationPaletteChange &&
        isDarkTheme() != m_dark) {
        m_dark = isDarkTheme();
        Q_EMIT themeChanged();
    }
    return QObject::eventFilter(watched, event);
}

QString themeChoiceName(ThemeChoice choice) {
    switch (choice) {
    case ThemeChoice::Light:
        return QStringLiteral("light");
    case ThemeChoice::Dark:
        return QStringLiteral("dark");
    case ThemeChoice::Desktop:
        break;
    }
    return QStringLiteral("desktop");
}

ThemeChoice savedThemeChoice() {
    const QString name = QSettings().value(kThemeKey).toString();
    for (const ThemeChoice choice : {ThemeChoice::Light, ThemeChoice::Dark}) {
        if (name == themeChoiceName(choice)) {
            return choice;
        }
    }
    return ThemeChoice::Desktop;
}

void applyThemeChoice(ThemeChoice choice) {
    switch (choice) {
    case ThemeChoice::Desktop:
        // a palette with no role set gives the application back the platform theme's, which
        // then follows the desktop's changes
        QApplication::setPalette(QPalette());
        break;
    case ThemeChoice::Light:
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case ThemeChoice::Dark:
        QApplication::setPalette(darkPalette());
        break;
    }
    QSettings().setValue(kThemeKey, themeChoiceName(choice));
}

} // namespace sslm::ui
