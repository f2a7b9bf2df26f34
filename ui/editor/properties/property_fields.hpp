// SPDX-License-Identifier: MIT
#pragma once

// The number fields and names the Properties sections share: numberBox (ui/input), one for
// metres, a positive number marked while it is not, the
// numbers and body names as the undo steps say them.

#include <initializer_list>

#include <QString>

#include "core/spec/mechanism_spec.hpp"
#include "ui/input/number_box.hpp"

class QDoubleSpinBox;
class QHBoxLayout;
class QWidget;

namespace sslm::ui {

/// "x", "y", "z".
const char* axisName(int axis);

/// A length or coordinate in m, to the micrometre, within ±limit.
QDoubleSpinBox* metresBox(const QString& tip, double limit = 100);

/// Shows a number that must be positive as the document has it (a file's −2 kg, not a
/// clamped 0): while it is not positive, the box is marked and its tool tip says what to fix
/// (the Check panel lists it too).
void showPositive(QDoubleSpinBox* box, double value, const QString& what);

/// A number as the undo steps write it (6 significant digits).
QString number(double value);

/// A body as the views name it: its name ("#2 rocker"), else its id.
QString bodyName(const BodySpec& body);

/// The widgets side by side, without margins (a vector's x, y, z).
QHBoxLayout* sideBySide(std::initializer_list<QWidget*> widgets);

} // namespace sslm::ui
