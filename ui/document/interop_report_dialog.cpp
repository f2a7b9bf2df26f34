// SPDX-License-Identifier: MIT
#include "ui/document/interop_report_dialog.hpp"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

QString visualText(const VisualShape& shape) {
    if (shape.kind == "mesh") {
        return QStringLiteral("mesh %1").arg(text(shape.meshFile));
    }
    return text(shape.kind);
}

} // namespace

InteropReportDialog::InteropReportDialog(const QString& title, const QString& text, QWidget* parent)
    : QDialog(parent), m_text(text) {
    setWindowTitle(title);
    setObjectName(QStringLiteral("interopReportDialog"));
}

InteropReportDialog* InteropReportDialog::forImport(const QString& file,
                                                    const ImportReport& report,
                                                    const MechanismSpec& spec,
                                                    QWidget* parent) {
    auto* dialog = new InteropReportDialog(tr("Imported %1").arg(QFileInfo(file).fileName()),
                                           text(sslm::reportText(report, spec)), parent);
    const QString name = QFileInfo(file).fileName().toHtmlEscaped();
    const QString summary =
        tr("<b>%1</b> (%2) became <b>%3</b>: %n bodies, ", nullptr,
           static_cast<int>(spec.bodies.size()))
            .arg(name, QString::fromLatin1(modelFormatName(report.format)).toUpper(),
                 text(spec.name).toHtmlEscaped()) +
        tr("%n joints, ", nullptr, static_cast<int>(spec.joints.size())) +
        tr("%n loop closure(s) as cut joints.", nullptr, static_cast<int>(spec.cuts.size())) +
        tr("<br>It is a new, unsaved document: <b>Save As</b> writes it as a mechanism file "
           "(never over %1). Check the approximated and dropped items below.")
            .arg(name);
    dialog->build(summary, report.mapped, report.approximated, report.dropped, &report.visuals);
    return dialog;
}

InteropReportDialog* InteropReportDialog::forExport(const QString& file,
                                                    const ExportResult& result,
                                                    const MechanismSpec& spec,
                                                    QWidget* parent) {
    auto* dialog = new InteropReportDialog(tr("Exported %1").arg(QFileInfo(file).fileName()),
                                           text(sslm::exportReportText(result, spec)), parent);
    const QString format = QString::fromLatin1(modelFormatTitle(result.format));
    const QString summary =
        tr("<b>%1</b> was written to <b>%2</b> as %3: %n bodies, ", nullptr,
           static_cast<int>(spec.bodies.size()))
            .arg(text(spec.name).toHtmlEscaped(), file.toHtmlEscaped(), format) +
        tr("%n joints.", nullptr, static_cast<int>(spec.joints.size())) +
        tr("<br>The mechanism itself is unchanged. What the format cannot hold is listed under "
           "Approximated and Dropped.");
    dialog->build(summary, result.mapped, result.approximated, result.dropped, nullptr);
    return dialog;
}

void InteropReportDialog::build(const QString& summaryText,
                                const std::vector<ImportItem>& mapped,
                                const std::vector<ImportItem>& approximated,
                                const std::vector<ImportItem>& dropped,
                                const std::vector<VisualShape>* visualShapes) {
    auto* summary = new QLabel(this);
    summary->setWordWrap(true);
    summary->setTextFormat(Qt::RichText);
    summary->setText(summaryText);

    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Element"), tr("What became of it")});
    m_tree->setRootIsDecorated(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setWordWrap(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setToolTip(visualShapes != nullptr
                           ? tr("Every element of the source file: mapped onto the mechanism, "
                                "approximated (read, but not exactly), or dropped (SSLM has no "
                                "place for it).")
                           : tr("Every element of the mechanism: mapped into the file, "
                                "approximated (written, but not exactly), or dropped (the format "
                                "has no place for it)."));
    struct Section {
        QString title;
        const std::vector<ImportItem>* items;
        QColor colour;
        bool open;
    };
    const Section sections[] = {
        {tr("Mapped"), &mapped, QColor(46, 125, 50), false},
        {tr("Approximated"), &approximated, QColor(191, 120, 0), true},
        {tr("Dropped"), &dropped, viewCutJointColour(), true},
    };
    for (const Section& section : sections) {
        auto* top = new QTreeWidgetItem(
            m_tree, {QStringLiteral("%1 (%2)").arg(section.title).arg(section.items->size())});
        top->setData(0, Qt::UserRole, section.title);
        top->setForeground(0, section.colour);
        QFont bold = top->font(0);
        bold.setBold(true);
        top->setFont(0, bold);
        top->setFirstColumnSpanned(true);
        for (const ImportItem& item : *section.items) {
            auto* child = new QTreeWidgetItem(top, {text(item.element), text(item.note)});
            child->setToolTip(1, text(item.note));
        }
        top->setExpanded(section.open && !section.items->empty());
    }
    if (visualShapes != nullptr) {
        auto* visuals = new QTreeWidgetItem(
            m_tree, {tr("Visuals (%1), drawn with their bodies").arg(visualShapes->size())});
        visuals->setData(0, Qt::UserRole, QStringLiteral("Visuals"));
        visuals->setFirstColumnSpanned(true);
        for (const VisualShape& shape : *visualShapes) {
            new QTreeWidgetItem(visuals,
                                {tr("body %1 (link %2)").arg(text(shape.body), text(shape.link)),
                                 visualText(shape)});
        }
    }

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("&Copy Report"), QDialogButtonBox::ActionRole);
    copy->setToolTip(visualShapes != nullptr
                         ? tr("Copy the report as text (as `sslm import` prints it)")
                         : tr("Copy the report as text (as `sslm export` prints it)"));
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_text); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addWidget(m_tree, 1);
    layout->addWidget(buttons);
    resize(820, 520);
}

int InteropReportDialog::itemCount(const QString& section) const {
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* top = m_tree->topLevelItem(i);
        if (top->data(0, Qt::UserRole).toString() == section) {
            return top->childCount();
        }
    }
    return -1;
}

} // namespace sslm::ui
