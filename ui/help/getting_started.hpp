// SPDX-License-Identifier: MIT
// Help ▸ Getting Started: the first hour with SSLM Studio on one page, offline: open a
// mechanism, pick the cut joints, run, read the plots, inverse dynamics, export.
#pragma once

#include <QDialog>

class QTextBrowser;

namespace sslm::ui {

class GettingStartedDialog : public QDialog {
    Q_OBJECT

public:
    explicit GettingStartedDialog(QWidget* parent = nullptr);

    QTextBrowser* browser() const { return m_browser; }

    /// The page (HTML).
    static QString pageHtml();

private:
    QTextBrowser* m_browser = nullptr;
};

} // namespace sslm::ui
