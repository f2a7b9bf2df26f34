// SPDX-License-Identifier: MIT
#pragma once

// The colours of SSLM Studio, in one place. They tie the views together: subsystem j has the
// same colour in the 3-D view, the loop/subsystem graph and the plots; cut joints and the
// ground have their own. The style sheet (resources/style/studio.qss) names the text and
// message colours below as @tokens (see ui/style/style_sheet.cpp).

#include <array>
#include <cstddef>
#include <utility>

#include <QColor>

#include "ui/style/theme.hpp"

namespace sslm::ui {

/// A value for the light theme and one for the dark: calling it gives the one of the theme the
/// studio draws in (ui/style/theme.hpp). The colours below are such values, by role; those that
/// are not drawn on the window's background are the same in both themes.
template <typename T> struct Themed {
    /// The same in both themes.
    Themed(T both) : light(both), dark(std::move(both)) {}
    Themed(T onLight, T onDark) : light(std::move(onLight)), dark(std::move(onDark)) {}

    T operator()() const { return isDarkTheme() ? dark : light; }

    T light;
    T dark;
};

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

/// Entry `index` of `palette`, cycling (negative indices count back from the end).
template <std::size_t N> QColor cycledColour(const std::array<QRgb, N>& palette, int index) {
    const int n = static_cast<int>(N);
    return QColor::fromRgb(palette[static_cast<std::size_t>(((index % n) + n) % n)]);
}

/// Colour of the plots' curve for chosen column `index` (0-based): Tableau 10 (classic),
/// readable on white; cycles after ten.
inline QColor plotCurveColour(int index) {
    static constexpr std::array<QRgb, 10> kPalette{0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728,
                                                   0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f,
                                                   0xbcbd22, 0x17becf};
    return cycledColour(kPalette, index);
}

/// Colour of run `runId` (1 for the first) in the runs list and the plots: Tableau 10,
/// distinguishable on white and for most colour-vision deficiencies; cycles after ten.
inline QColor runColour(int runId) {
    static constexpr std::array<QRgb, 10> kPalette{0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2,
                                                   0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7,
                                                   0x9c755f, 0xbab0ac};
    return cycledColour(kPalette, runId - 1);
}

/// Cut joints: the user's choice that drives the solver, always in this colour.
inline const Themed<QColor> cutJointColour{QColor(200, 30, 45)};

/// The ground (fixed frame) and its pivots.
inline const Themed<QColor> groundColour{QColor(70, 70, 70)};

/// A highlighted loop (hover or selection) in the graph and the 3-D view.
inline const Themed<QColor> loopHighlightColour{QColor(255, 200, 0)};

/// Text that reports a problem (a refused input, problems to fix).
inline const Themed<QColor> errorTextColour{QColor(0xb0, 0x00, 0x20), QColor(0xff, 0x7a, 0x85)};

/// Text that says all is well ("Ready to simulate").
inline const Themed<QColor> okTextColour{QColor(0x2e, 0x7d, 0x32), QColor(0x7c, 0xd3, 0x86)};

/// Secondary text beside a bolder line (a subsystem's coordinates under its bodies).
inline const Themed<QColor> secondaryTextColour{QColor(0x55, 0x55, 0x55), QColor(0xb4, 0xb8, 0xbe)};

/// Text of a placeholder ("No actuators in this mechanism.").
inline const Themed<QColor> mutedTextColour{QColor(0x80, 0x80, 0x80), QColor(0x96, 0x9b, 0xa2)};

/// Background of an input field whose value is refused.
inline const Themed<QColor> invalidFieldColour{QColor(0xfd, 0xe2, 0xe2), QColor(0x6a, 0x2a, 0x2e)};

/// A message box of the graph's side panel, or the banner over the 3-D view: its background,
/// border and text.
struct MessageColours {
    QColor background;
    QColor border;
    QColor text;
};

/// Information: a neutral message.
inline const Themed<MessageColours> infoMessageColours{
    {QColor(0xee, 0xf3, 0xf8), QColor(0xb9, 0xcd, 0xe0), QColor(0x1d, 0x2b, 0x3a)},
    {QColor(0x26, 0x33, 0x42), QColor(0x3f, 0x5a, 0x78), QColor(0xd8, 0xe4, 0xf0)}};

/// Success: the change was made.
inline const Themed<MessageColours> successMessageColours{
    {QColor(0xe8, 0xf5, 0xec), QColor(0x8f, 0xcc, 0xa0), QColor(0x17, 0x36, 0x1f)},
    {QColor(0x1f, 0x38, 0x29), QColor(0x3d, 0x7a, 0x52), QColor(0xcf, 0xef, 0xd8)}};

/// Refusal: the change was not made.
inline const Themed<MessageColours> errorMessageColours{
    {QColor(0xfc, 0xeb, 0xeb), QColor(0xe0, 0x9a, 0x9a), QColor(0x5a, 0x12, 0x12)},
    {QColor(0x45, 0x22, 0x25), QColor(0x8a, 0x42, 0x46), QColor(0xf6, 0xd4, 0xd4)}};

/// Warning: the banner saying the 3-D view does not show the edited drawing.
inline const Themed<MessageColours> warningMessageColours{
    {QColor(0xff, 0xf4, 0xd6), QColor(0xe0, 0xb8, 0x4c), QColor(0x5a, 0x43, 0x00)},
    {QColor(0x4a, 0x3c, 0x14), QColor(0x9a, 0x7b, 0x2a), QColor(0xf8, 0xe6, 0xb0)}};

// --- the 3-D view: its VTK scene and the 2-D overlay drawn over it ---

/// A pin joint's disc and rim in the 3-D view.
inline const Themed<QColor> viewPinFillColour{QColor(250, 250, 250)};
inline const Themed<QColor> viewPinRimColour{QColor(47, 54, 64)};

/// Cut joints in the 3-D view and its legend (brighter than cutJointColour() on the grey scene).
inline const Themed<QColor> viewCutJointColour{QColor(224, 38, 43)};

/// The rings of a highlighted loop's joints in the 3-D view.
inline const Themed<QColor> viewHighlightColour{QColor(255, 176, 0)};

/// The ground's blocks in the 3-D view: fill and edges.
inline const Themed<QColor> viewGroundFillColour{QColor(197, 203, 211)};
inline const Themed<QColor> viewGroundEdgeColour{QColor(89, 99, 110)};

/// The colour that dimmed bodies fade towards (a loop is highlighted).
inline const Themed<QColor> viewDimTargetColour{QColor(232, 234, 237)};

/// A body of no subsystem (no model compiled yet).
inline const Themed<QColor> viewUnassignedBodyColour{QColor(160, 160, 164)}; // Qt::gray

/// Traced points and their curves (3-D view, overlay legend).
inline const Themed<QColor> traceColour{QColor(94, 53, 177)};

/// Arrows of the reactions.
inline const Themed<QColor> reactionArrowColour{QColor(216, 67, 21)};

/// The modelling elements in the 3-D view: springs' coils, cylinders' barrels and rods, load
/// arrows, end-stop marks, and the friction badges' rims in the overlay.
inline const Themed<QColor> viewSpringColour{QColor(46, 139, 87)};
inline const Themed<QColor> viewCylinderBarrelColour{QColor(69, 90, 100)};
inline const Themed<QColor> viewCylinderRodColour{QColor(112, 122, 130)};
inline const Themed<QColor> viewLoadColour{QColor(25, 103, 210)};
inline const Themed<QColor> viewStopColour{QColor(173, 20, 87)};
inline const Themed<QColor> viewFrictionColour{QColor(121, 85, 72), QColor(188, 150, 130)};

/// The overlay: text, secondary text, the halo behind labels, the info box, the scale bar.
inline const Themed<QColor> overlayTextColour{QColor(38, 45, 54), QColor(226, 230, 236)};
inline const Themed<QColor> overlayMutedTextColour{QColor(96, 106, 118), QColor(160, 168, 178)};
inline const Themed<QColor> overlayHaloColour{QColor(255, 255, 255, 200), QColor(24, 27, 32, 200)};
inline const Themed<QColor> overlayBoxBorderColour{QColor(201, 206, 214), QColor(78, 84, 94)};
inline const Themed<QColor> overlayBoxFillColour{QColor(255, 255, 255, 215),
                                                 QColor(36, 40, 46, 225)};
/// The 3-D view's gradient: bottom and top.
inline const Themed<QColor> viewBackgroundBottomColour{QColor(219, 223, 228), QColor(30, 33, 38)};
inline const Themed<QColor> viewBackgroundTopColour{QColor(249, 250, 251), QColor(52, 57, 64)};

/// The axes triad: x, y, z.
inline const Themed<QColor> axisXColour{QColor(200, 60, 50)};
inline const Themed<QColor> axisYColour{QColor(46, 140, 70)};
inline const Themed<QColor> axisZColour{QColor(48, 99, 196)};

/// The caption box of exported video frames: border, fill, text.
inline const Themed<QColor> exportBoxBorderColour{QColor(200, 204, 210)};
inline const Themed<QColor> exportBoxFillColour{QColor(255, 255, 255, 225)};
inline const Themed<QColor> exportTextColour{QColor(40, 44, 52)};

// --- the loop/subsystem graph ---

/// The paper of the graph and of the Edit canvas.
inline const Themed<QColor> canvasBackgroundColour{QColor(252, 252, 250), QColor(36, 38, 42)};

/// Tree joints (edges that are not cut) and their legend sample.
inline const Themed<QColor> graphTreeEdgeColour{QColor(55, 60, 68), QColor(190, 196, 204)};

/// The legend's text; a tree joint's label.
inline const Themed<QColor> graphLegendTextColour{QColor(80, 80, 80), QColor(190, 194, 200)};
inline const Themed<QColor> graphLabelTextColour{QColor(30, 30, 30), QColor(230, 232, 236)};

/// A body node of no subsystem; the node's shadow; the hatching of the ground node.
inline const Themed<QColor> graphNodeFillColour{QColor(200, 200, 200)};
inline const Themed<QColor> graphNodeShadowColour{QColor(0, 0, 0, 40)};
inline const Themed<QColor> graphGroundHatchColour{QColor(255, 255, 255, 55)};

/// Node labels on light and on dark fills.
inline const Themed<QColor> darkLabelColour{QColor(25, 25, 25)};
inline const Themed<QColor> lightLabelColour{QColor(255, 255, 255)};

/// The block patterns (J, GICM): grid lines, the text of empty (O) blocks, a filled block.
inline const Themed<QColor> blockGridColour{QColor(205, 208, 212), QColor(84, 88, 96)};
inline const Themed<QColor> blockEmptyTextColour{QColor(185, 188, 192), QColor(110, 114, 122)};
inline const Themed<QColor> blockFillColour{QColor(62, 68, 80)};

// --- the Edit canvas (2-D drawing) ---

/// The amber halo of a body a Check finding is about.
inline const Themed<QColor> editorFindingHaloColour{QColor(255, 170, 0, 170)};

/// A slider's dashed guide line.
inline const Themed<QColor> editorGuideColour{QColor(120, 120, 120)};

/// The ground pivot symbol: outline and fill.
inline const Themed<QColor> editorPivotEdgeColour{QColor(128, 128, 128)}; // Qt::darkGray
inline const Themed<QColor> editorPivotFillColour{QColor(220, 220, 220)};

/// Pins and free points: rim and fill.
inline const Themed<QColor> editorPointRimColour{QColor(40, 40, 40), QColor(210, 214, 220)};
inline const Themed<QColor> editorPointFillColour{QColor(255, 255, 255)};

/// Rings of the joints a highlighted loop or finding names.
inline const Themed<QColor> editorHighlightColour{QColor(255, 150, 0)};

/// Joint labels: an input's, the others'.
inline const Themed<QColor> editorInputLabelColour{QColor(30, 100, 30), QColor(120, 210, 120)};
inline const Themed<QColor> editorLabelColour{QColor(70, 70, 70), QColor(200, 204, 210)};

/// Traced points' rings and their curves.
inline const Themed<QColor> editorTraceColour{QColor(120, 40, 160)};

/// The 10 mm grid: minor lines, every tenth line, the axes.
inline const Themed<QColor> editorGridMinorColour{QColor(236, 236, 232), QColor(46, 49, 54)};
inline const Themed<QColor> editorGridMajorColour{QColor(215, 215, 208), QColor(62, 66, 72)};
inline const Themed<QColor> editorGridAxisColour{QColor(170, 170, 160), QColor(100, 106, 114)};

// --- plots ---

/// The playback cursor and the log axis' minor grid.
inline const Themed<QColor> plotCursorColour{QColor(40, 40, 40), QColor(220, 220, 220)};
inline const Themed<QColor> plotMinorGridColour{QColor(235, 235, 235), QColor(60, 63, 68)};
/// A run's legend entry: its line style in a neutral grey.
inline const Themed<QColor> plotRunKeyColour{QColor(110, 110, 110), QColor(170, 170, 170)};

} // namespace sslm::ui
