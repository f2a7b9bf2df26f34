// SPDX-License-Identifier: MIT
// The Help menu: Getting Started (F1), Keyboard Shortcuts, About SSLM Studio.
#pragma once

class QMainWindow;

namespace sslm::ui {

/// Adds the Help menu at the end of `window`'s menu bar.
void addHelpMenu(QMainWindow* window);

} // namespace sslm::ui
