// SPDX-License-Identifier: MIT
#pragma once

// The colours of SSLM Studio, in one place. They tie the views together: subsystem j has the
// same colour in the 3-D view, the loop/subsystem graph and the plots; cut joints and the
// ground have their own. The style sheet (resources/style/studio.qss) names the text and
// message colours below as @tokens (see ui/style/style_sheet.cpp).

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

/// Text that reports a problem (a refused input, problems to fix).
inline QColor errorTextColour() {
    return QColor(0xb0, 0x00, 0x20);
}

/// Text that says all is well ("Ready to simulate").
inline QColor okTextColour() {
    return QColor(0x2e, 0x7d, 0x32);
}

/// Secondary text beside a bolder line (a subsystem's coordinates under its bodies).
inline QColor secondaryTextColour() {
    return QColor(0x55, 0x55, 0x55);
}

/// Text of a placeholder ("No actuators in this mechanism.").
inline QColor mutedTextColour() {
    return QColor(0x80, 0x80, 0x80);
}

/// Background of an input field whose value is refused.
inline QColor invalidFieldColour() {
    return QColor(0xfd, 0xe2, 0xe2);
}

/// A message box of the graph's side panel, or the banner over the 3-D view: its background,
/// border and text.
struct MessageColours {
    QColor background;
    QColor border;
    QColor text;
};

/// Information: a neutral message.
inline MessageColours infoMessageColours() {
    return {QColor(0xee, 0xf3, 0xf8), QColor(0xb9, 0xcd, 0xe0), QColor(0x1d, 0x2b, 0x3a)};
}

/// Success: the change was made.
inline MessageColours successMessageColours() {
    return {QColor(0xe8, 0xf5, 0xec), QColor(0x8f, 0xcc, 0xa0), QColor(0x17, 0x36, 0x1f)};
}

/// Refusal: the change was not made.
inline MessageColours errorMessageColours() {
    return {QColor(0xfc, 0xeb, 0xeb), QColor(0xe0, 0x9a, 0x9a), QColor(0x5a, 0x12, 0x12)};
}

/// Warning: the banner saying the 3-D view does not show the edited drawing.
inline MessageColours warningMessageColours() {
    return {QColor(0xff, 0xf4, 0xd6), QColor(0xe0, 0xb8, 0x4c), QColor(0x5a, 0x43, 0x00)};
}

} // namespace sslm::ui
