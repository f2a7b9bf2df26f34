// SPDX-License-Identifier: MIT
#pragma once

// Light or dark: the studio follows the desktop's colour scheme (the palette the platform theme
// gives the application, and its changes while the studio runs) unless the user chose light or
// dark in View ▸ Theme. The colours of ui/style/palette.hpp that are drawn on the window's
// background have a dark variant; widgets that paint them refresh on QEvent::PaletteChange.

#include <QObject>
#include <QPalette>
#include <QString>

namespace sslm::ui {

enum class ThemeChoice {
    Desktop, ///< the desktop's colour scheme (the default)
    Light,
    Dark,
};

/// Whether the application draws dark: its palette's window colour is dark.
bool isDarkTheme();

/// Applies `choice` to the application's palette (Desktop: the platform theme's, following the
/// desktop) and keeps it in the settings (appearance/theme).
void applyThemeChoice(ThemeChoice choice);
/// The choice kept in the settings; Desktop when none is.
ThemeChoice savedThemeChoice();

/// The dark palette of the Dark choice (Fusion's roles, grey-blue surfaces, light text).
QPalette darkPalette();

/// The settings key and its values ("desktop", "light", "dark").
QString themeChoiceName(ThemeChoice choice);

/// Tells when the studio turns light or dark: the application's palette changed from light to
/// dark or back (the desktop's scheme, or the user's choice). Widgets that paint the themed
/// colours connect to it.
class ThemeWatcher : public QObject {
    Q_OBJECT

public:
    /// The application's watcher (QApplication must exist).
    static ThemeWatcher* instance();

Q_SIGNALS:
    /// isDarkTheme() changed.
    void themeChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit ThemeWatcher(QObject* parent);
    bool m_dark = false;
};

} // namespace sslm::ui
