// SPDX-License-Identifier: MIT
#pragma once

// The Properties dock's link or body: its name, shown in the views and the plots, and for a
// drawn bar its length (m) and angle in the ground frame (°), which move its second point.
// The section reports what was typed; the panel makes the edit.

#include <optional>

#include <QGroupBox>

#include "ui/editor/properties/properties_space.hpp"

class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;

namespace sslm::ui {

class BodySection : public QGroupBox {
    Q_OBJECT

public:
    explicit BodySection(QWidget* parent = nullptr);

    void setSpace(const PropertiesSpace& space);
    /// Shows `body`; `bar` its length (m) and angle (rad) when it is a drawn bar.
    void showBody(const BodySpec& body, std::optional<std::pair<double, double>> bar);

    QLineEdit* nameEdit() const { return m_name; }
    QDoubleSpinBox* lengthBox() const { return m_length; }
    QDoubleSpinBox* angleBox() const { return m_angle; }

Q_SIGNALS:
    void edited(const sslm::ui::BodyChange& change, const QString& text);
    /// The bar's length (m) or its angle (rad) typed, the other one to be kept.
    void barEdited(std::optional<double> length, std::optional<double> angle);

private:
    QFormLayout* m_form = nullptr;
    QLineEdit* m_name = nullptr;
    QDoubleSpinBox* m_length = nullptr;
    QDoubleSpinBox* m_angle = nullptr;
    QString m_body; ///< the body shown, as the undo steps name it
    bool m_updating = false;
};

} // namespace sslm::ui
