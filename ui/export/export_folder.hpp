// SPDX-License-Identifier: MIT
#pragma once

// One folder for every export dialog (samples CSV, 3-D view PNG, plot PNG/SVG, animation): the
// folder of the last file exported, remembered in the settings.

#include <QString>

namespace sslm::ui {

/// The folder the export dialogs start in: that of the last export, else the folder of
/// `documentPath` (the mechanism's file) when given, else the user's Pictures or home folder.
QString exportFolder(const QString& documentPath = {});
/// Remembers the folder of `writtenFile` for the next export dialog.
void rememberExportFolder(const QString& writtenFile);

} // namespace sslm::ui
