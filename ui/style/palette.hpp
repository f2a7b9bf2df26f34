// SPDX-License-Identifier: MIT
#pragma once

// The colours that tie the views together: subsystem j has the same colour in the 3-D view,
// the loop/subsystem graph and the plots; cut joints and the ground have their own.

#include <QColor>

namespace sslm::ui {

/// Colour of subsystem j (0-based); cycles after eight. Muted qualitative colours (Tableau
/// 10 order) with no red, which marks cut joints.
inline QColor subsystemColour(int j) {
    static const QColor palette[] = {
        QColor(78, 121, 167),  // blue
        QColor(242, 142, 43),  // orange
        QColor(89, 161, 79),   // green
        QColor(176, 122, 161), // mauve
        QColor(118, 183, 178), // teal
        QColor(237, 201, 72),  // yellow
        QColor(156, 117, 95),  // brown
        QColor(255, 157, 167), // pink
    };
    return palette[((j % 8) + 8) % 8];
}

/// Cut joints: the user's choice that drives the solver, always in this colour.
inline QColor cutJointColour() {
    return QColor(200, 30, 45);
}

/// The ground (fixed frame) and its pivots.
inline QColor groundColour() {
    return QColor(70, 70, 70);
}

/// A highlighted loop (hover or selection) in the graph and the 3-D view.
inline QColor loopHighlightColour() {
    return QColor(255, 200, 0);
}

} // namespace sslm::ui
