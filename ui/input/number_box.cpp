// SPDX-License-Identifier: MIT
#include "ui/input/number_box.hpp"

#include <QDoubleSpinBox>
#include <QSpinBox>

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

QSpinBox* countBox(const QString& tip, int low, int high, int value) {
    auto* box = new QSpinBox;
    box->setRange(low, high);
    box->setValue(value);
    box->setKeyboardTracking(false);
    box->setToolTip(tip);
    return box;
}

} // namespace sslm::ui
