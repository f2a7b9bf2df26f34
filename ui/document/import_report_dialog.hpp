// SPDX-License-Identifier: MIT
#pragma once

// What an import did with the source file, shown after File ▸ Import: a summary line (the
// format, the bodies, joints and loop closures), then every element of the file under
// Mapped, Approximated and Dropped (the last two open), so that nothing is lost silently.
// Copy Report puts the same text as `sslm import` prints on the clipboard.

#include <QDialog>
#include <QString>

#include "core/interop/import_report.hpp"
#include "core/spec/mechanism_spec.hpp"

class QTreeWidget;

namespace sslm::ui {

class ImportReportDialog : public QDialog {
    Q_OBJECT

public:
    ImportReportDialog(const QString& file,
                       const ImportReport& report,
                       const MechanismSpec& spec,
                       QWidget* parent = nullptr);

    /// The report as text (what Copy Report copies).
    const QString& reportText() const { return m_text; }
    /// Items under the section titled `section` ("Mapped", "Approximated", "Dropped",
    /// "Visuals"), for tests.
    int itemCount(const QString& section) const;

private:
    QTreeWidget* m_tree = nullptr;
    QString m_text;
};

} // namespace sslm::ui
