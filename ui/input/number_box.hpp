// SPDX-License-Identifier: MIT
#pragma once

// The number fields of every panel and dialog: spin boxes set up one way, so that all of them
// report a change once it is typed (Return or leaving the box), not on each keystroke.

#include <QString>

class QDoubleSpinBox;
class QSpinBox;

namespace sslm::ui {

/// A number box with its tool tip, suffix (with its leading space, e.g. " kg"), range and
/// decimals; a change is reported once it is typed.
QDoubleSpinBox* numberBox(const QString& tip,
                          const QString& suffix = {},
                          double low = -1e6,
                          double high = 1e6,
                          int decimals = 4);

/// A whole-number box (a count: samples, starts, points) from `low` to `high` showing `value`,
/// with its tool tip; a change is reported once it is typed.
QSpinBox* countBox(const QString& tip, int low, int high, int value);

} // namespace sslm::ui
