// SPDX-License-Identifier: MIT
// The resources compiled into sslm_ui: registration, the application icon, the action icons.
#include "ui/style/resources.hpp"

#include <QFile>
#include <QIconEngine>
#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

#include "ui/style/theme.hpp"

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

namespace {

/// The action icons' ink (resources/icons/actions/*.svg), and the ink they have on dark.
constexpr const char* kLightInk = "#34495e";
constexpr const char* kDarkInk = "#c9d3de";
constexpr double kDisabledOpacity = 0.35;

/// An action icon drawn from its SVG at each paint, in the ink of the theme of the moment: the
/// icons turn light with the window, whenever it turns dark.
class ThemedSvgIconEngine : public QIconEngine {
public:
    explicit ThemedSvgIconEngine(QString path) : m_path(std::move(path)) {}

    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State) override {
        QSvgRenderer renderer(svg());
        painter->save();
        if (mode == QIcon::Disabled) {
            painter->setOpacity(kDisabledOpacity);
        }
        renderer.render(painter, rect);
        painter->restore();
    }

    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override {
        QPixmap pixmap(size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        paint(&painter, QRect(QPoint(0, 0), size), mode, state);
        return pixmap;
    }

    QIconEngine* clone() const override { return new ThemedSvgIconEngine(m_path); }

private:
    const QByteArray& svg() {
        if (m_light.isEmpty()) {
            QFile file(m_path);
            if (file.open(QIODevice::ReadOnly)) {
                m_light = file.readAll();
                m_dark = m_light;
                m_dark.replace(kLightInk, kDarkInk);
            }
        }
        return isDarkTheme() ? m_dark : m_light;
    }

    QString m_path;
    QByteArray m_light;
    QByteArray m_dark;
};

} // namespace

QIcon actionIcon(const QString& name) {
    initResources();
    const QString path = QStringLiteral(":/sslm/icons/actions/%1.svg").arg(name);
    if (!QFile::exists(path)) {
        qWarning("sslm-studio: no icon %s in the resources", qPrintable(path));
        return {};
    }
    return QIcon(new ThemedSvgIconEngine(path));
}

} // namespace sslm::ui
