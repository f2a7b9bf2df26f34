// SPDX-License-Identifier: MIT
#pragma once

// What the Edit canvas shows, as scene items: a Drawing at its poses (links as bars, plates or
// blocks, slider guides, ground pivot symbols, counterweights, pins and free points, joint
// names, traced points and the paths driven so far), with the selection and the check's
// findings marked, over a grid.
// Scene units are millimetres with y up; symbols and labels keep their size in pixels at any
// zoom, and labels are placed where they overlap no other.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <QPointF>

#include <Eigen/Core>

#include "core/edit/drawing.hpp"

class QGraphicsLineItem;
class QGraphicsScene;
class QPainter;
class QRectF;

namespace sslm::ui {

/// Scene units (mm) per metre.
inline constexpr double kEditorSceneUnitsPerMetre = 1000.0;

/// Where a world point (m) is in the editor's scene (mm).
inline QPointF editorScenePoint(const Eigen::Vector2d& w) {
    return {w.x() * kEditorSceneUnitsPerMetre, w.y() * kEditorSceneUnitsPerMetre};
}

/// Everything the editor's scene is drawn from.
struct EditorSceneContent {
    const Drawing& drawing;
    const std::optional<JointEnd>& selectedPoint;
    const std::optional<std::string>& selectedBody;
    const std::vector<std::string>& highlightBodies; ///< bodies a check finding is about
    const std::vector<std::string>& highlightJoints; ///< joints a check finding is about
    /// The traced points' paths drawn while driving (m, W), by trace name.
    const std::map<std::string, std::vector<Eigen::Vector2d>>& tracedPaths;
};

/// Clears `scene` and fills it with the items that draw `content`. `viewportPoint` says where a
/// world point (m) is on the view (px), so that labels are placed for the view's current scale.
/// Returns the rubber band (hidden) that shows a link, guide or pin drag in progress.
QGraphicsLineItem*
buildEditorScene(QGraphicsScene& scene,
                 const EditorSceneContent& content,
                 const std::function<QPoint(const Eigen::Vector2d&)>& viewportPoint);

/// Paints the canvas background over `rect` (scene units): the paper, and a grid of `step`
/// (scene units) with every fifth line and the axes stronger, left out when a step is less than
/// 5 px at `pixelsPerUnit`.
void paintEditorBackground(QPainter& painter,
                           const QRectF& rect,
                           double step,
                           double pixelsPerUnit);

} // namespace sslm::ui
