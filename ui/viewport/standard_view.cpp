// SPDX-License-Identifier: MIT
#include "ui/viewport/standard_view.hpp"

namespace sslm::ui {

bool parseStandardView(const QString& text, StandardView& view) {
    const QString name = text.trimmed().toLower();
    if (name == QLatin1String("front")) {
        view = StandardView::Front;
    } else if (name == QLatin1String("top")) {
        view = StandardView::Top;
    } else if (name == QLatin1String("side")) {
        view = StandardView::Side;
    } else if (name == QLatin1String("iso") || name == QLatin1String("isometric")) {
        view = StandardView::Iso;
    } else {
        return false;
    }
    return true;
}

} // namespace sslm::ui
