// SPDX-License-Identifier: MIT
#pragma once

// The 2-D annotations over the 3-D mechanism view: joint labels (cut joints in red), the loads'
// values, the springs' and cylinders' names and the friction badges, a legend
// of subsystems, cut joints and traces, a scale bar and an axes triad. They are painted with
// the raster QPainter by a transparent child widget, which keeps QPainter's GL engine and
// VTK's cached GL state apart, and onto snapshots. Private to ui/viewport.

#include <functional>
#include <optional>
#include <vector>

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QSize>
#include <QStringList>
#include <QWidget>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "ui/viewport/element_label.hpp"

class QFont;
class QPainter;

namespace sslm::ui {

struct OverlayContext {
    const Model* model = nullptr;
    /// World point (m) → widget point (logical pixels).
    std::function<QPointF(const Eigen::Vector3d&)> project;
    /// Where joint j's label points (m, W): the top of its pin in the plane, its point in space.
    std::function<Eigen::Vector3d(int)> jointAnchor;
    double pinRadius = 0;      ///< radius of the joint glyphs (m)
    double metresPerPixel = 0; ///< at the focal plane, per logical pixel
    bool scaleBar = true;      ///< false in a perspective view, where no one scale holds
    /// Screen directions (unit, y down) of the world axes.
    QPointF axisX, axisY, axisZ;
    std::vector<QColor> subsystemColours; ///< one per subsystem of the model
    int highlightedLoop = -1;
    bool tracesVisible = true;
    /// The loads' values, the elements' names and the friction badges (empty when hidden).
    std::vector<ElementLabel> elementLabels;
    /// Point picking: the prompt at the top of the view (empty when not picking), the point
    /// under the pointer (m, W) and its name.
    QString pickPrompt;
    std::optional<Eigen::Vector3d> pickedPoint;
    QString pickedName;
};

void paintOverlay(QPainter& painter, const QSize& size, const OverlayContext& context);

/// Where the legend box is painted (logical pixels, top left of the view) with `font`; empty
/// without a model. The camera fit keeps the mechanism out from under it. In a `view` (px) too
/// small for it (over 40 % of its width or height) it shrinks to the name and the cut joints;
/// an invalid size gives the whole box.
QRectF legendRect(const OverlayContext& context, const QFont& font, const QSize& view = {});

/// A joint label of the view: the joints at one screen position, and where the text goes.
struct JointLabel {
    QPointF anchor; ///< the joints' screen position (logical px)
    QStringList names;
    QString text;
    bool cut = false; ///< drawn bold and red
    QRectF rect;      ///< the text's box (logical px)
};
/// The joint labels (none when the pins are too small to label), each at the first of eight
/// places around its joint where it overlaps no earlier label, no joint and not `keepClear`.
std::vector<JointLabel>
jointLabels(const OverlayContext& context, const QFont& font, const QRectF& keepClear = {});

/// A transparent widget, laid over the view, that paints the overlay and lets the mouse
/// through.
class OverlayWidget : public QWidget {
public:
    OverlayWidget(std::function<OverlayContext()> context, QWidget* parent);

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::function<OverlayContext()> m_context;
};

} // namespace sslm::ui
