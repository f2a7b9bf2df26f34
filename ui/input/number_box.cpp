// SPDX-License-Identifier: MIT
#include "ui/input/number_box.hpp"

#include <QDoubleSpinBox>

namespace sslm::ui {

QDoubleSpinBox*
numberBox(const QString& tip, const QString& suffix, double low, double high, int decimals) {
    auto* box = new QDoubleSpinBox;
    box->setRange(low, high);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    box->setKeyboardTracking(false); // one edit per value typed, not per keystroke
    box->setToolTip(tip);
    return box;
}

} // namespace sslm::ui
