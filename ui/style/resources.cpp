// SPDX-License-Identifier: MIT
// The resources compiled into sslm_ui: registration, the application icon, the action icons.
#include "ui/style/resources.hpp"

#include <QFile>

// Q_INIT_RESOURCE must be used outside a namespace; sslm_ui is a static library, whose resource
// object the linker would otherwise drop as unreferenced.
static void registerStudioResources() {
    Q_INIT_RESOURCE(sslm_studio);
}

namespace sslm::ui {

void initResources() {
    static const bool registered = [] {
        registerStudioResources();
        return true;
    }();
    (void)registered;
}

QIcon applicationIcon() {
    initResources();
    QIcon icon;
    for (const int size : {16, 32, 48, 64, 128, 256}) {
        icon.addFile(QStringLiteral(":/sslm/icons/sslm-studio-%1.png").arg(size),
                     QSize(size, size));
    }
    icon.addFile(QStringLiteral(":/sslm/icons/sslm-studio.svg"));
    return icon;
}

QIcon actionIcon(const QString& name) {
    initResources();
    const QString path = QStringLiteral(":/sslm/icons/actions/%1.svg").arg(name);
    if (!QFile::exists(path)) {
        qWarning("sslm-studio: no icon %s in the resources", qPrintable(path));
        return {};
    }
    return QIcon(path);
}

} // namespace sslm::ui
