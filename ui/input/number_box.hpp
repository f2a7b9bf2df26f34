// SPDX-License-Identifier: MIT
#pragma once

// The number field of every panel and dialog: one spin box set up one way, so that all of
// them report a change once it is typed (Return or leaving the box), not on each keystroke.

#include <QString>

class QDoubleSpinBox;

namespace sslm::ui {

/// A number box with its tool tip, suffix (with its leading space, e.g. " kg"), range and
/// decimals; a change is reported once it is typed.
QDoubleSpinBox* numberBox(const QString& tip,
                          const QString& suffix = {},
                          double low = -1e6,
                          double high = 1e6,
                          int decimals = 4);

} // namespace sslm::ui
