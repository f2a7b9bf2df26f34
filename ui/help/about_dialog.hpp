// SPDX-License-Identifier: MIT
// Help ▸ About: the application's name, version, commit, purpose, licence and icon.
#pragma once

#include <QDialog>

class QLabel;

namespace sslm::ui {

/// The About box of SSLM Studio.
class AboutDialog : public QDialog {
    Q_OBJECT

public:
    explicit AboutDialog(QWidget* parent = nullptr);

    /// "0.1.0 (commit 1a2b3c4)": the version and commit of this build.
    static QString versionText();

private:
    QLabel* m_text = nullptr;
};

} // namespace sslm::ui
