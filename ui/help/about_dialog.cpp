// SPDX-License-Identifier: MIT
// Help ▸ About: the application's name, version, commit, purpose, licence and icon.
#include "ui/help/about_dialog.hpp"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "core/util/build_info.hpp"
#include "ui/style/resources.hpp"

namespace sslm::ui {

namespace {

QString fromView(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("AboutDialog"));
    setWindowTitle(tr("About SSLM Studio"));
    auto* icon = new QLabel;
    icon->setPixmap(applicationIcon().pixmap(QSize(96, 96)));
    icon->setAlignment(Qt::AlignTop | Qt::AlignHCenter);

    m_text = new QLabel;
    m_text->setObjectName(QStringLiteral("aboutText"));
    m_text->setTextFormat(Qt::RichText);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_text->setText(tr("<h2>SSLM Studio</h2>"
                       "<p>Version %1</p>"
                       "<p>Forward and inverse dynamics of planar and spatial multi-closed-loop "
                       "mechanisms by the "
                       "subsystem-level Lagrange multiplier method.</p>"
                       "<p>Licence: MIT. Copyright © 2026 The SSLM Studio authors.</p>"
                       "<p><small>Built with Qt %2, running on Qt %3.</small></p>")
                        .arg(versionText().toHtmlEscaped(), QStringLiteral(QT_VERSION_STR),
                             QString::fromLatin1(qVersion())));
    m_text->setMinimumWidth(360);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* row = new QHBoxLayout;
    row->addWidget(icon);
    row->addSpacing(12);
    row->addWidget(m_text, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
}

QString AboutDialog::versionText() {
    return QStringLiteral("%1 (commit %2)")
        .arg(fromView(sslm::build::version()), fromView(sslm::build::commit()));
}

} // namespace sslm::ui
