// SPDX-License-Identifier: MIT
#pragma once

// The standard directions a spatial mechanism is looked at from, with "up" against gravity:
// View ▸ Camera, and --view of sslm-studio's --screenshot and --export-video.

#include <QString>

namespace sslm::ui {

enum class StandardView {
    Front, ///< horizontal, looking along up × right ("right" is x, or y when up is along x)
    Top,   ///< down the up axis
    Side,  ///< horizontal, from the right of the front view
    Iso,   ///< isometric: front, side and top equally
};

/// Parses "front", "top", "side" or "iso" (any case); false for anything else.
bool parseStandardView(const QString& text, StandardView& view);

} // namespace sslm::ui
