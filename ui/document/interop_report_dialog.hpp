// SPDX-License-Identifier: MIT
#pragma once

// What an import or an export did with a model file, shown after File ▸ Import and File ▸
// Export ▸ Model: a summary line, then every element under Mapped, Approximated and Dropped
// (the last two open), and for an import the visuals, so that nothing is lost silently. Copy
// Report puts the same text as `sslm import` / `sslm export` prints on the clipboard.

#include <vector>

#include <QDialog>
#include <QString>

#include "core/interop/import_report.hpp"
#include "core/interop/mechanism_export.hpp"
#include "core/spec/mechanism_spec.hpp"

class QTreeWidget;

namespace sslm::ui {

class InteropReportDialog : public QDialog {
    Q_OBJECT

public:
    /// The report of importing `file` into `spec`.
    static InteropReportDialog* forImport(const QString& file,
                                          const ImportReport& report,
                                          const MechanismSpec& spec,
                                          QWidget* parent = nullptr);
    /// The report of exporting `spec` to `file`.
    static InteropReportDialog* forExport(const QString& file,
                                          const ExportResult& result,
                                          const MechanismSpec& spec,
                                          QWidget* parent = nullptr);

    /// The report as text (what Copy Report copies).
    const QString& reportText() const { return m_text; }
    /// Items under the section titled `section` ("Mapped", "Approximated", "Dropped",
    /// "Visuals"), for tests; -1 when there is no such section.
    int itemCount(const QString& section) const;

private:
    InteropReportDialog(const QString& title, const QString& text, QWidget* parent);
    void build(const QString& summary,
               const std::vector<ImportItem>& mapped,
               const std::vector<ImportItem>& approximated,
               const std::vector<ImportItem>& dropped,
               const std::vector<VisualShape>* visuals);

    QTreeWidget* m_tree = nullptr;
    QString m_text;
};

} // namespace sslm::ui
