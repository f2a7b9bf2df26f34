// SPDX-License-Identifier: MIT
// The resources compiled into sslm_ui (resources/sslm_studio.qrc): icons and the style sheet.
#pragma once

#include <QIcon>
#include <QString>

namespace sslm::ui {

/// Registers the compiled resources (:/sslm/...); the functions below call it, others that read
/// :/sslm/ paths themselves call it first. Safe to call more than once.
void initResources();

/// The application's icon (the SVG and its PNG sizes).
QIcon applicationIcon();

/// The icon resources/icons/actions/<name>.svg, e.g. "run-start", drawn in a light ink while
/// the studio is dark; a null icon (and a warning) if there is no such file.
QIcon actionIcon(const QString& name);

} // namespace sslm::ui
