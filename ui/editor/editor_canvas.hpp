// SPDX-License-Identifier: MIT
#pragma once

// The 2-D editing canvas: the document's mechanism drawn at its assembled pose (ground pivots,
// links as bars or plates, pins), on a grid, edited with the mouse through core/edit/drawing:
//   Select: click a point or a link; drag a point to move it (the mechanism re-assembles; one
//           drag is one undo step); Delete removes the selected link or the pins at a point.
//   Pivot:  click to place a ground pivot.
//   Link:   press and drag: a bar, pinned at each end that is on an existing point, free at the
//           others (a link free at both ends floats until the Pin tool joins it).
//   Slider: press and drag: a block where released, on a straight guide from where the press
//           was (a point, fixed to its body; elsewhere a new ground point) in that direction,
//           joined by a prismatic joint.
//   Point:  click on a link to add a point there, to pin further links to; a click within
//           kOnLinePixels of a bar's line puts it on the line, one further off makes a plate.
//   Pin:    press on a point and release on a point of another body: a revolute joint joins
//           them (assembly brings them together; this closes loops between drawn links).
//   Drive:  press on the mechanism and move: the input link turns towards the pointer and the
//           rest follows by position analysis (sslm::sweepInput), keeping its assembly branch;
//           traced points draw their curves; a toggle position stops it, with a message. The
//           document is not changed.
// Positions snap to existing points within kSnapPixels, else to the grid (kGridMetres). Scene
// units are millimetres with y up.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <QGraphicsView>

#include "core/analysis/mechanism_check.hpp"
#include "core/edit/drawing.hpp"
#include "ui/editor/input_drive.hpp"

class QGraphicsLineItem;

namespace sslm::ui {

class MechanismDocument;

class EditorCanvas : public QGraphicsView {
    Q_OBJECT

public:
    enum class Tool { Select, GroundPivot, Link, Slider, Point, Pin, Drive };
    static constexpr double kGridMetres = 0.01; ///< snapping grid (m)
    static constexpr double kSnapPixels = 10.0; ///< snapping radius to existing points (px)
    /// A point added this close to a bar's line goes on the line (the bar stays a bar) (px).
    static constexpr double kOnLinePixels = 3.0;

    explicit EditorCanvas(QWidget* parent = nullptr);

    /// Edits go to `document` (its undo stack); the canvas follows its changes.
    void setDocument(MechanismDocument* document);
    /// The document edited, if any.
    MechanismDocument* document() const { return m_document; }
    void setTool(Tool tool);
    Tool tool() const { return m_tool; }
    void setSnapToGrid(bool snap) { m_snapToGrid = snap; }

    /// The drawing on screen: the document's spec at its last assembled pose.
    const Drawing& drawing() const { return m_drawing; }
    /// The selected point, if any.
    const std::optional<JointEnd>& selectedPoint() const { return m_selectedPoint; }
    /// The selected link (body id), if any.
    const std::optional<std::string>& selectedBody() const { return m_selectedBody; }
    void selectPoint(const JointEnd& point);
    /// Selects the link `body` (its id), as a click on it does; false if there is none.
    bool selectBody(const std::string& body);

    /// Applies `change` to the drawing as one undoable edit named `text`; when it returns a
    /// reason, nothing changes and the reason goes out as a message.
    bool edit(const std::function<EditError(Drawing&)>& change, const QString& text);
    /// Moves a point to w (m) as one undoable edit (the properties panel's numeric entry).
    bool moveSelectedPoint(const Eigen::Vector2d& w);
    /// Deletes the selection (Delete key); false when nothing is selected.
    bool deleteSelection();
    /// Makes the joint at the selected point that is pinned to the ground the input.
    bool makeSelectionInput();

    /// Sets the selected link's name, mass, centre of mass and inertia as one undoable edit.
    /// `text` names the undo step (default "Properties of <body>").
    bool setSelectedBodyProperties(const BodyProperties& properties, const QString& text = {});
    /// Traces the selected point, or stops tracing it.
    bool toggleSelectionTrace();

    /// Drive: turns the input to point at w (m) as the Drive tool does on a mouse move; false
    /// (message emitted) at a toggle or when the mechanism has no revolute input at a pivot.
    bool driveTowards(const Eigen::Vector2d& w);
    /// The traced points' paths drawn while driving (m, W), by trace name.
    const std::map<std::string, std::vector<Eigen::Vector2d>>& tracedPaths() const {
        return m_paths;
    }

    /// Where a world point (m) is on the viewport (px), and back.
    QPoint viewportPoint(const Eigen::Vector2d& w) const;
    Eigen::Vector2d worldPoint(const QPoint& viewportPoint) const;
    /// Fits the mechanism into the view.
    void fit();

Q_SIGNALS:
    void selectionChanged();
    /// The document was checked after a change (the canvas draws from the check's pose and
    /// marks the bodies and joints its findings name).
    void checked(const sslm::MechanismCheck& check);
    /// A short message for the status bar (what an edit did or why it was refused).
    void message(const QString& text);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // what a press of the left button does with each tool, and a release ends
    void selectAt(const QPoint& at);   ///< Select: a point (and a drag of it), a link or nothing
    void addPivotAt(const QPoint& at); ///< Pivot
    void addPointAt(const QPoint& at); ///< Point
    /// Link, Slider and Pin: where the stroke starts (a point; else, but for a pin, a free place).
    void startStroke(const QPoint& at);
    void finishLink(const LinkEnd& from, const QPoint& at);
    void finishSlider(const LinkEnd& from, const QPoint& at);
    void finishPin(const JointEnd& start, const QPoint& at);

    void onDocumentChanged();
    void rebuildScene();
    /// The scene rectangle of the drawing's links and pivots (mm).
    QRectF drawingBounds() const;
    /// The existing point within the snapping radius of a viewport position, if any, leaving
    /// out the points of body `otherThan`.
    std::optional<JointEnd> pointNear(const QPoint& viewportPoint,
                                      const std::string& otherThan = {}) const;
    /// The body whose drawing passes nearest, within the snapping radius, if any.
    std::optional<std::string> bodyNear(const QPoint& viewportPoint) const;
    /// Where a click within kOnLinePixels of a bar's line is on that line (m, W), if it is.
    std::optional<Eigen::Vector2d> onBarLine(const std::string& body,
                                             const QPoint& viewportPoint) const;
    Eigen::Vector2d snapped(const QPoint& viewportPoint) const;
    /// Where a link end is in W (m): an existing point's place, or the free point itself.
    Eigen::Vector2d endPoint(const LinkEnd& end) const;
    /// Applies an edit to a copy of the drawing and hands the result to the document.
    bool
    apply(const std::function<EditError(Drawing&)>& edit, const QString& text, int mergeId = -1);
    /// Starts the Drive tool on the drawing's assembled pose, if not driving yet; false (message
    /// emitted) when the mechanism does not assemble or has no input at a ground pivot.
    bool startDrive();

    MechanismDocument* m_document = nullptr;
    Drawing m_drawing;
    /// The last pose every body of this document had on screen: where a body that the
    /// joints do not place (a floating link) is drawn again after an undo or a redo.
    std::map<std::string, BodyPose> m_knownPoses;
    Tool m_tool = Tool::Select;
    bool m_snapToGrid = true;
    std::optional<JointEnd> m_selectedPoint;
    std::optional<std::string> m_selectedBody;
    // a drag in progress
    std::optional<JointEnd> m_dragPoint;
    Drawing m_dragStart; ///< the drawing when the drag began: each step edits a copy of it
    int m_dragId = 0;    ///< merge id of the drag's edits (one undo step per drag)
    std::optional<LinkEnd> m_linkFrom; ///< where a link, guide or pin drag started
    QGraphicsLineItem* m_rubberBand = nullptr;
    std::optional<InputDrive> m_drive; ///< the Drive tool while it drives
    std::map<std::string, std::vector<Eigen::Vector2d>> m_paths;
    std::vector<std::string> m_highlightBodies;
    std::vector<std::string> m_highlightJoints;
    bool m_fitPending = true;
    bool m_userZoomed = false; ///< the wheel set the zoom: no automatic refits until Fit
};

} // namespace sslm::ui
