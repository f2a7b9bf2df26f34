// SPDX-License-Identifier: MIT
// The folder every export dialog starts in.
#include "ui/export/export_folder.hpp"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace sslm::ui {

namespace {
const QString kKey = QStringLiteral("lastExportDirectory");
} // namespace

QString exportFolder(const QString& documentPath) {
    const QString last = QSettings().value(kKey).toString();
    if (!last.isEmpty() && QDir(last).exists()) {
        return last;
    }
    if (!documentPath.isEmpty()) {
        const QString folder = QFileInfo(documentPath).absolutePath();
        if (QDir(folder).exists()) {
            return folder;
        }
    }
    const QString pictures = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    return !pictures.isEmpty() && QDir(pictures).exists() ? pictures : QDir::homePath();
}

void rememberExportFolder(const QString& writtenFile) {
    if (!writtenFile.isEmpty()) {
        QSettings().setValue(kKey, QFileInfo(writtenFile).absolutePath());
    }
}

} // namespace sslm::ui
