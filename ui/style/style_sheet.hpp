// SPDX-License-Identifier: MIT
// The studio's style sheet (resources/style/studio.qss) and the properties widgets opt in with.
#pragma once

#include <QString>

class QWidget;

namespace sslm::ui {

/// The style sheet of SSLM Studio with the palette's colours filled in (read once from the
/// resources). The main window sets it on itself; panels also shown on their own set it too.
QString studioStyleSheet();

/// The look a widget takes from the style sheet (its `styleRole` property).
enum class StyleRole {
    Plain,          ///< none
    ErrorText,      ///< a label reporting a problem
    MutedText,      ///< a placeholder label
    WarningBanner,  ///< the banner over the 3-D view
    InfoMessage,    ///< a message frame (and its labels): neutral
    SuccessMessage, ///< ... the change was made
    ErrorMessage,   ///< ... the change was refused
};

/// Gives `widget` the look of `role` now (its children re-read the sheet too).
void setStyleRole(QWidget* widget, StyleRole role);

/// Marks an input field as holding a refused value (a red background) or not.
void setInvalid(QWidget* widget, bool invalid);

} // namespace sslm::ui
