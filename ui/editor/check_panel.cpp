// SPDX-License-Identifier: MIT
#include "ui/editor/check_panel.hpp"

#include <algorithm>

#include <QApplication>
#include <QLabel>
#include <QListWidget>
#include <QStyle>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

/// What to do in the Studio about a finding with `remedy`, in the words of its tools (a planar
/// document: the Edit tab and the Properties dock); empty: the core's own fix text says it.
QString studioAction(Remedy remedy) {
    switch (remedy) {
    case Remedy::AddInputs:
        return QObject::tr("select the pivot of a joint to drive (the crank's, say) in the Edit "
                           "tab and press Make Input, or tick “input” on that joint in the "
                           "Properties dock");
    case Remedy::RemoveInputs:
        return QObject::tr("untick “input” on the joints that should follow the others, in the "
                           "Properties dock");
    case Remedy::MoveInputsOffPose:
        return QObject::tr("turn the input a little off this dead centre with the Drive tool "
                           "(D) in the Edit tab");
    case Remedy::None:
        break;
    }
    return {};
}

} // namespace

CheckPanel::CheckPanel(QWidget* parent) : QWidget(parent) {
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_list = new QListWidget;
    m_list->setWordWrap(true);
    m_list->setAlternatingRowColors(true);
    m_list->setToolTip(tr("What is wrong with the mechanism and how to fix it, updated after "
                          "every change. Select a finding about a loop to highlight the loop."));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_summary);
    layout->addWidget(m_list, 1);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        const int loop = row >= 0 && row < static_cast<int>(m_result.findings.size())
                             ? m_result.findings[static_cast<std::size_t>(row)].loop
                             : -1;
        Q_EMIT loopSelected(loop);
    });
}

void CheckPanel::startNewDocument() {
    m_result = MechanismCheck{};
}

void CheckPanel::show(const MechanismCheck& result) {
    const auto isNew = [this](const CheckFinding& finding) {
        return std::none_of(m_result.findings.begin(), m_result.findings.end(),
                            [&](const CheckFinding& old) {
                                return old.message == finding.message && old.fix == finding.fix;
                            });
    };
    const bool appeared = std::any_of(result.findings.begin(), result.findings.end(), isNew);
    m_result = result;
    const QString dofJacobian =
        m_result.dofJacobian ? QString::number(*m_result.dofJacobian) : QStringLiteral("–");
    int errors = 0;
    for (const CheckFinding& finding : m_result.findings) {
        errors += finding.isError() ? 1 : 0;
    }
    const QString verdict =
        errors > 0 ? tr("<span style='color:%1'><b>%n problem(s) to fix</b></span>", "", errors)
                         .arg(errorTextColour().name())
        : m_result.findings.empty() && m_result.dofGrubler == 0 && m_result.independentLoops == 0
            ? tr("<b>Nothing drawn yet</b>: place pivots and draw links in the Edit tab")
        : m_result.findings.empty() ? tr("<span style='color:%1'><b>Ready to simulate</b></span>")
                                          .arg(okTextColour().name())
                                    : tr("<b>Ready to simulate</b>, with remarks");
    // the assembly is tried only once the file's values and topology are sound
    const QString assembly = m_result.assembles ? tr("assembles")
                             : !m_result.findingsOf(FindingKind::DoesNotAssemble).empty()
                                 ? tr("does not assemble")
                                 : tr("assembly not tried until the problems are fixed");
    m_summary->setText(tr("%1<br>DOF %2 by Grübler, %3 by the rank of J · %4 independent "
                          "loop(s) · %5")
                           .arg(verdict)
                           .arg(m_result.dofGrubler)
                           .arg(dofJacobian)
                           .arg(m_result.independentLoops)
                           .arg(assembly));
    m_list->clear();
    const QIcon errorIcon = QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
    const QIcon warningIcon = QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
    const bool planar = m_result.model && !m_result.model->isSpatial();
    for (const CheckFinding& finding : m_result.findings) {
        QString text = QString::fromStdString(finding.message);
        const QString action = planar ? studioAction(finding.remedy) : QString();
        if (!action.isEmpty() || !finding.fix.empty()) {
            text += QStringLiteral(" — ") +
                    (action.isEmpty() ? QString::fromStdString(finding.fix) : action);
        }
        auto* item = new QListWidgetItem(finding.isError() ? errorIcon : warningIcon, text);
        QStringList elements;
        for (const std::string& body : finding.bodies) {
            elements << QString::fromStdString(body);
        }
        for (const std::string& joint : finding.joints) {
            elements << QString::fromStdString(joint);
        }
        item->setToolTip(elements.isEmpty()
                             ? QString::fromStdString(finding.where)
                             : tr("%1 (%2)").arg(elements.join(QStringLiteral(", ")),
                                                 QString::fromStdString(finding.where)));
        m_list->addItem(item);
    }
    if (appeared) {
        Q_EMIT findingsAppeared();
    }
}

QString CheckPanel::summaryText() const {
    return QTextDocumentFragment::fromHtml(m_summary->text()).toPlainText();
}

QStringList CheckPanel::findingTexts() const {
    QStringList texts;
    for (int i = 0; i < m_list->count(); ++i) {
        texts << m_list->item(i)->text();
    }
    return texts;
}

} // namespace sslm::ui
