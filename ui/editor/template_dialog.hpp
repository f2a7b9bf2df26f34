// SPDX-License-Identifier: MIT
#pragma once

// File ▸ New From Template: a four-bar, slider-crank, five-bar, Watt or Stephenson six-bar
// (core/spec/mechanism_templates.hpp), or a spatial RSSR, spatial ladder of L cells or 6-UPS
// Stewart–Gough platform (core/spec/spatial_templates.hpp), sized in a small form (lengths in
// m, angles in degrees, rates in rad/s, masses in kg) with the template's defaults. Sizes that
// cannot be assembled are refused inline, with the core's reason, before the dialog can be
// accepted.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QDialog>

#include "core/spec/mechanism_spec.hpp"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;

namespace sslm::ui {

class TemplateDialog : public QDialog {
    Q_OBJECT

public:
    explicit TemplateDialog(QWidget* parent = nullptr);
    ~TemplateDialog() override;

    /// Chooses the template `id` ("four_bar", …); false for an unknown id.
    bool setTemplate(const QString& id);
    QString templateId() const;
    /// Sets a field by its label ("Crank", "Crank angle", …) in the form's units; false if the
    /// template has no such field.
    bool setField(const QString& label, double value);
    /// The mechanism for the form's values; empty (reason in problem()) when they cannot be
    /// assembled.
    std::optional<MechanismSpec> spec() const;
    QString problem() const;

    // the form's editors (tests)
    QComboBox* templateBox() const { return m_template; }
    QDialogButtonBox* buttons() const { return m_buttons; }

private:
    struct Options; ///< every template's options, which the fields edit
    struct Field {
        QString label;
        QString unit;
        double* value = nullptr; ///< in SI
        double scale = 1.0;      ///< shown = value · scale (degrees for angles)
        double minimum = 0.001;  ///< shown units
        double maximum = 10.0;   ///< shown units
        int decimals = 4;
        QDoubleSpinBox* box = nullptr;
    };
    /// The form for the chosen template: its fields, the mirror box, the description.
    void rebuildForm();
    /// The fields of template `id`, each editing one of m_options' values (no boxes yet).
    std::vector<Field> fieldsFor(const QString& id);
    /// A spin box for `field` in the form, writing its value back as it changes.
    void addFieldRow(Field& field);
    /// The mechanism for the form; throws std::invalid_argument with the core's reason.
    MechanismSpec build() const;
    void update();

    std::unique_ptr<Options> m_options;
    std::vector<Field> m_fields;
    QComboBox* m_template = nullptr;
    QFormLayout* m_form = nullptr;
    QCheckBox* m_mirror = nullptr;
    QLabel* m_description = nullptr;
    QLabel* m_problem = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace sslm::ui
