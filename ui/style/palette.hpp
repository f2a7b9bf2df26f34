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

// --- the 3-D view: its VTK scene and the 2-D overlay drawn over it ---

/// A pin joint's disc and rim in the 3-D view.
inline QColor viewPinFillColour() {
    return QColor(250, 250, 250);
}
inline QColor viewPinRimColour() {
    return QColor(47, 54, 64);
}

/// Cut joints in the 3-D view and its legend (brighter than cutJointColour() on the grey scene).
inline QColor viewCutJointColour() {
    return QColor(224, 38, 43);
}

/// The rings of a highlighted loop's joints in the 3-D view.
inline QColor viewHighlightColour() {
    return QColor(255, 176, 0);
}

/// The ground's blocks in the 3-D view: fill and edges.
inline QColor viewGroundFillColour() {
    return QColor(197, 203, 211);
}
inline QColor viewGroundEdgeColour() {
    return QColor(89, 99, 110);
}

/// The colour that dimmed bodies fade towards (a loop is highlighted).
inline QColor viewDimTargetColour() {
    return QColor(232, 234, 237);
}

/// A body of no subsystem (no model compiled yet).
inline QColor viewUnassignedBodyColour() {
    return QColor(160, 160, 164); // Qt::gray
}

/// Traced points and their curves (3-D view, overlay legend).
inline QColor traceColour() {
    return QColor(94, 53, 177);
}

/// Arrows of the reactions.
inline QColor reactionArrowColour() {
    return QColor(216, 67, 21);
}

/// The overlay: text, secondary text, the halo behind labels, the info box, the scale bar.
inline QColor overlayTextColour() {
    return QColor(38, 45, 54);
}
inline QColor overlayMutedTextColour() {
    return QColor(96, 106, 118);
}
inline QColor overlayHaloColour() {
    return QColor(255, 255, 255, 200);
}
inline QColor overlayBoxBorderColour() {
    return QColor(201, 206, 214);
}
inline QColor overlayBoxFillColour() {
    return QColor(255, 255, 255, 215);
}

/// The axes triad: x, y, z.
inline QColor axisXColour() {
    return QColor(200, 60, 50);
}
inline QColor axisYColour() {
    return QColor(46, 140, 70);
}
inline QColor axisZColour() {
    return QColor(48, 99, 196);
}

/// The caption box of exported video frames: border, fill, text.
inline QColor exportBoxBorderColour() {
    return QColor(200, 204, 210);
}
inline QColor exportBoxFillColour() {
    return QColor(255, 255, 255, 225);
}
inline QColor exportTextColour() {
    return QColor(40, 44, 52);
}

// --- the loop/subsystem graph ---

/// The paper of the graph and of the Edit canvas.
inline QColor canvasBackgroundColour() {
    return QColor(252, 252, 250);
}

/// Tree joints (edges that are not cut) and their legend sample.
inline QColor graphTreeEdgeColour() {
    return QColor(55, 60, 68);
}

/// The legend's text; a tree joint's label.
inline QColor graphLegendTextColour() {
    return QColor(80, 80, 80);
}
inline QColor graphLabelTextColour() {
    return QColor(30, 30, 30);
}

/// A body node of no subsystem; the node's shadow; the hatching of the ground node.
inline QColor graphNodeFillColour() {
    return QColor(200, 200, 200);
}
inline QColor graphNodeShadowColour() {
    return QColor(0, 0, 0, 40);
}
inline QColor graphGroundHatchColour() {
    return QColor(255, 255, 255, 55);
}

/// Node labels on light and on dark fills.
inline QColor darkLabelColour() {
    return QColor(25, 25, 25);
}
inline QColor lightLabelColour() {
    return QColor(255, 255, 255);
}

/// The block patterns (J, GICM): grid lines, the text of empty (O) blocks, a filled block.
inline QColor blockGridColour() {
    return QColor(205, 208, 212);
}
inline QColor blockEmptyTextColour() {
    return QColor(185, 188, 192);
}
inline QColor blockFillColour() {
    return QColor(62, 68, 80);
}

// --- the Edit canvas (2-D drawing) ---

/// The amber halo of a body a Check finding is about.
inline QColor editorFindingHaloColour() {
    return QColor(255, 170, 0, 170);
}

/// A slider's dashed guide line.
inline QColor editorGuideColour() {
    return QColor(120, 120, 120);
}

/// The ground pivot symbol: outline and fill.
inline QColor editorPivotEdgeColour() {
    return QColor(128, 128, 128); // Qt::darkGray
}
inline QColor editorPivotFillColour() {
    return QColor(220, 220, 220);
}

/// Pins and free points: rim and fill.
inline QColor editorPointRimColour() {
    return QColor(40, 40, 40);
}
inline QColor editorPointFillColour() {
    return QColor(255, 255, 255);
}

/// Rings of the joints a highlighted loop or finding names.
inline QColor editorHighlightColour() {
    return QColor(255, 150, 0);
}

/// Joint labels: an input's, the others'.
inline QColor editorInputLabelColour() {
    return QColor(30, 100, 30);
}
inline QColor editorLabelColour() {
    return QColor(70, 70, 70);
}

/// Traced points' rings and their curves.
inline QColor editorTraceColour() {
    return QColor(120, 40, 160);
}

/// The 10 mm grid: minor lines, every tenth line, the axes.
inline QColor editorGridMinorColour() {
    return QColor(236, 236, 232);
}
inline QColor editorGridMajorColour() {
    return QColor(215, 215, 208);
}
inline QColor editorGridAxisColour() {
    return QColor(170, 170, 160);
}

// --- plots ---

/// The playback cursor and the log axis' minor grid.
inline QColor plotCursorColour() {
    return QColor(40, 40, 40);
}
inline QColor plotMinorGridColour() {
    return QColor(235, 235, 235);
}
/// A run's legend entry: its line style in a neutral grey.
inline QColor plotRunKeyColour() {
    return QColor(110, 110, 110);
}

} // namespace sslm::ui
