// SPDX-License-Identifier: MIT
#pragma once

// The tabs of docks stacked on one another show their whole titles: Qt elides them ("Ch…",
// "Prope…") when the dock area is narrower than the row of tabs, which hides the features
// behind them from a new user. Their tab bars keep every title whole and scroll instead, the
// ones the window has and the ones it creates later (a dock dragged onto another).

class QMainWindow;

namespace sslm::ui {

/// Makes every dock tab bar of `window`, now and later, show whole titles and scroll buttons.
void keepDockTabTitlesWhole(QMainWindow& window);

} // namespace sslm::ui
