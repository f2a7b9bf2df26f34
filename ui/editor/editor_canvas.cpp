// SPDX-License-Identifier: MIT
// Over 600 lines: The 2-D canvas: tools, drag, selection and scene items act on one QGraphicsScene
// of the drawing.
#include "ui/editor/editor_canvas.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include "core/edit/joint_properties.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/editor/editor_scene.hpp"

namespace sslm::ui {

namespace {

constexpr const char* kGround = "ground";

/// Distance (px) from p to the segment a–b.
double segmentDistance(const QPointF& p, const QPointF& a, const QPointF& b) {
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    const double t =
        length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

} // namespace

EditorCanvas::EditorCanvas(QWidget* parent) : QGraphicsView(parent) {
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setDragMode(QGraphicsView::NoDrag);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    scale(1.0, -1.0); // y up
    setToolTip(tr("Select (S): click a point or link, drag a point to move it (Delete removes). "
                  "Pivot (P): click to place a ground pivot. Link (L): drag a bar. Pin (J): drag "
                  "from a point to a point of another body."));
    m_drawing = emptyDrawing({});
}

void EditorCanvas::setDocument(MechanismDocument* document) {
    if (m_document != nullptr) {
        disconnect(m_document, nullptr, this, nullptr);
    }
    m_document = document;
    if (m_document != nullptr) {
        connect(m_document, &MechanismDocument::documentReplaced, this, [this] {
            // another mechanism: nothing of the last one's poses, selection or view
            m_drawing = emptyDrawing({});
            m_knownPoses.clear();
            m_selectedPoint.reset();
            m_selectedBody.reset();
            m_fitPending = true;
            m_userZoomed = false;
        });
        connect(m_document, &MechanismDocument::specChanged, this,
                &EditorCanvas::onDocumentChanged);
        m_fitPending = true;
        onDocumentChanged();
    }
}

void EditorCanvas::setTool(Tool tool) {
    m_tool = tool;
    m_linkFrom.reset();
    if (m_rubberBand != nullptr) {
        m_rubberBand->hide();
    }
    setCursor(tool == Tool::Select ? Qt::ArrowCursor : Qt::CrossCursor);
}

void EditorCanvas::onDocumentChanged() {
    const MechanismSpec& spec = m_document->spec();
    const bool firstLook = m_drawing.spec.bodies.empty() && m_drawing.poses.empty();
    // the assembled pose when the mechanism assembles; else the last poses of the bodies kept
    // and the others placed from the joints' values (a drawing opened or recovered unfinished)
    const MechanismCheck check = checkMechanism(spec);
    for (const auto& [body, pose] : m_drawing.poses) {
        m_knownPoses[body] = pose; // kept through undo and redo, for bodies no joint places
    }
    if (check.model && check.q.size() == check.model->nv() && check.assembles) {
        m_drawing = drawingAt(spec, *check.model, check.q);
    } else {
        m_drawing = drawingFromGuess(spec, m_knownPoses);
    }
    // what the findings are about is marked
    m_highlightBodies.clear();
    m_highlightJoints.clear();
    for (const CheckFinding& finding : check.findings) {
        m_highlightBodies.insert(m_highlightBodies.end(), finding.bodies.begin(),
                                 finding.bodies.end());
        m_highlightJoints.insert(m_highlightJoints.end(), finding.joints.begin(),
                                 finding.joints.end());
    }
    m_drive.reset(); // a new document state: drive from its own pose
    m_paths.clear();
    if (m_selectedPoint && !pointInWorld(m_drawing, *m_selectedPoint)) {
        m_selectedPoint.reset();
    }
    if (m_selectedBody && m_drawing.poses.count(*m_selectedBody) == 0) {
        m_selectedBody.reset();
    }
    rebuildScene();
    // keep the drawing in sight while it grows, unless the user chose the zoom or is dragging
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    const bool outside = !visible.contains(drawingBounds());
    if (firstLook || m_fitPending || (outside && !m_userZoomed && !m_dragPoint)) {
        fit();
    }
    Q_EMIT selectionChanged();
    Q_EMIT checked(check);
}

QRectF EditorCanvas::drawingBounds() const {
    QRectF bounds;
    for (QGraphicsItem* item : scene()->items()) {
        if (item != m_rubberBand && item->isVisible() &&
            !(item->flags() & QGraphicsItem::ItemIgnoresTransformations)) {
            bounds |= item->sceneBoundingRect();
        }
    }
    return bounds;
}

void EditorCanvas::rebuildScene() {
    m_rubberBand = buildEditorScene(
        *scene(),
        {m_drawing, m_selectedPoint, m_selectedBody, m_highlightBodies, m_highlightJoints, m_paths},
        [this](const Eigen::Vector2d& w) { return viewportPoint(w); });
}

void EditorCanvas::fit() {
    m_userZoomed = false;
    QRectF bounds = drawingBounds();
    if (bounds.isEmpty()) {
        bounds = QRectF(-100, -100, 400, 300);
    }
    fitInView(bounds.adjusted(-60, -60, 60, 60), Qt::KeepAspectRatio);
    m_fitPending = !isVisible() || width() < 50;
    rebuildScene(); // the labels are placed for the new scale
}

void EditorCanvas::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    // the drawing stays fitted to the canvas as the window or the docks change its size, until
    // the user zooms
    if (m_fitPending || !m_userZoomed) {
        fit();
    }
}

QPoint EditorCanvas::viewportPoint(const Eigen::Vector2d& w) const {
    return mapFromScene(editorScenePoint(w));
}

Eigen::Vector2d EditorCanvas::worldPoint(const QPoint& viewportPoint) const {
    const QPointF p = mapToScene(viewportPoint);
    return {p.x() / kEditorSceneUnitsPerMetre, p.y() / kEditorSceneUnitsPerMetre};
}

std::optional<JointEnd> EditorCanvas::pointNear(const QPoint& at,
                                                const std::string& otherThan) const {
    std::optional<JointEnd> best;
    double bestDistance = kSnapPixels;
    const auto consider = [&](const JointEnd& ref) {
        const auto w = pointInWorld(m_drawing, ref);
        if (!w || (!otherThan.empty() && ref.body == otherThan)) {
            return;
        }
        const QPoint p = viewportPoint(*w);
        const double d = std::hypot(p.x() - at.x(), p.y() - at.y());
        if (d <= bestDistance) {
            bestDistance = d;
            best = ref;
        }
    };
    for (const BodyPoint& p : m_drawing.spec.ground.points) {
        consider({kGround, p.name});
    }
    for (const BodySpec& body : m_drawing.spec.bodies) {
        for (const BodyPoint& p : body.points) {
            consider({body.id, p.name});
        }
    }
    return best;
}

Eigen::Vector2d EditorCanvas::endPoint(const LinkEnd& end) const {
    if (const JointEnd* point = std::get_if<JointEnd>(&end)) {
        return pointInWorld(m_drawing, *point).value_or(Eigen::Vector2d::Zero());
    }
    return std::get<Eigen::Vector2d>(end);
}

std::optional<std::string> EditorCanvas::bodyNear(const QPoint& at) const {
    std::optional<std::string> nearest;
    double nearestDistance = kSnapPixels;
    for (const BodySpec& body : m_drawing.spec.bodies) {
        std::vector<QPointF> points;
        for (const BodyPoint& p : body.points) {
            if (const auto w = pointInWorld(m_drawing, {body.id, p.name})) {
                points.push_back(QPointF(viewportPoint(*w)));
            }
        }
        for (std::size_t i = 1; i < points.size(); ++i) {
            const double d = segmentDistance(QPointF(at), points.front(), points[i]);
            if (d <= nearestDistance) {
                nearestDistance = d;
                nearest = body.id;
            }
        }
    }
    return nearest;
}

std::optional<Eigen::Vector2d> EditorCanvas::onBarLine(const std::string& body,
                                                       const QPoint& at) const {
    const auto it = std::find_if(m_drawing.spec.bodies.begin(), m_drawing.spec.bodies.end(),
                                 [&](const BodySpec& b) { return b.id == body; });
    if (it == m_drawing.spec.bodies.end() || it->shape != BodyShape::Bar || it->points.size() < 2) {
        return std::nullopt;
    }
    const auto a = pointInWorld(m_drawing, {body, it->points[0].name});
    const auto b = pointInWorld(m_drawing, {body, it->points[1].name});
    if (!a || !b || (*b - *a).norm() <= 0.0) {
        return std::nullopt;
    }
    const Eigen::Vector2d along = (*b - *a).normalized();
    const Eigen::Vector2d w = *a + (worldPoint(at) - *a).dot(along) * along;
    const QPoint onLine = viewportPoint(w);
    if (std::hypot(onLine.x() - at.x(), onLine.y() - at.y()) > kOnLinePixels) {
        return std::nullopt;
    }
    return w;
}

Eigen::Vector2d EditorCanvas::snapped(const QPoint& at) const {
    Eigen::Vector2d w = worldPoint(at);
    if (m_snapToGrid) {
        // whole grid steps per metre, so that 0.3 m is stored as 0.3, not 30 × 0.01
        const double perMetre = std::round(1.0 / kGridMetres);
        w = {std::round(w.x() * perMetre) / perMetre, std::round(w.y() * perMetre) / perMetre};
    }
    return w;
}

void EditorCanvas::selectPoint(const JointEnd& point) {
    m_selectedPoint = point;
    m_selectedBody.reset();
    rebuildScene();
    Q_EMIT selectionChanged();
}

bool EditorCanvas::selectBody(const std::string& body) {
    const std::vector<BodySpec>& bodies = m_drawing.spec.bodies;
    if (std::none_of(bodies.begin(), bodies.end(),
                     [&](const BodySpec& b) { return b.id == body; })) {
        return false;
    }
    m_selectedBody = body;
    m_selectedPoint.reset();
    rebuildScene();
    Q_EMIT selectionChanged();
    return true;
}

bool EditorCanvas::edit(const std::function<EditError(Drawing&)>& change, const QString& text) {
    return apply(change, text);
}

bool EditorCanvas::apply(const std::function<EditError(Drawing&)>& edit,
                         const QString& text,
                         int mergeId) {
    if (m_document == nullptr) {
        return false;
    }
    Drawing copy = mergeId >= 0 ? m_dragStart : m_drawing;
    const EditError error = edit(copy);
    if (!error.empty()) {
        Q_EMIT message(QString::fromStdString(error));
        return false;
    }
    // the edited poses stay where the result does not assemble (a floating link, say)
    m_drawing.poses = std::move(copy.poses);
    m_document->edit(copy.spec, text, mergeId);
    return true;
}

bool EditorCanvas::moveSelectedPoint(const Eigen::Vector2d& w) {
    if (!m_selectedPoint) {
        return false;
    }
    const JointEnd point = *m_selectedPoint;
    return apply([&](Drawing& d) { return movePoint(d, point, w); },
                 tr("Move %1").arg(QString::fromStdString(point.point)));
}

bool EditorCanvas::deleteSelection() {
    if (m_selectedBody) {
        const std::string body = *m_selectedBody;
        return apply([&](Drawing& d) { return removeBody(d, body); },
                     tr("Delete %1").arg(QString::fromStdString(body)));
    }
    if (m_selectedPoint) {
        const JointEnd point = *m_selectedPoint;
        const std::vector<std::string> joints = jointsAt(m_drawing, point);
        if (joints.empty() && point.body == kGround) {
            return apply(
                [&](Drawing& d) -> EditError {
                    std::erase_if(d.spec.ground.points,
                                  [&](const BodyPoint& p) { return p.name == point.point; });
                    return {};
                },
                tr("Delete pivot %1").arg(QString::fromStdString(point.point)));
        }
        if (joints.empty()) {
            Q_EMIT message(tr("No joint at %1; select the link to delete it")
                               .arg(QString::fromStdString(point.point)));
            return false;
        }
        return apply(
            [&](Drawing& d) -> EditError {
                for (const std::string& joint : joints) {
                    if (EditError e = removeJoint(d, joint); !e.empty()) {
                        return e;
                    }
                }
                return {};
            },
            tr("Delete joint at %1").arg(QString::fromStdString(point.point)));
    }
    return false;
}

bool EditorCanvas::setSelectedBodyProperties(const BodyProperties& properties,
                                             const QString& text) {
    if (!m_selectedBody) {
        return false;
    }
    const std::string body = *m_selectedBody;
    return apply([&](Drawing& d) { return setBodyProperties(d, body, properties); },
                 text.isEmpty() ? tr("Properties of %1").arg(QString::fromStdString(body)) : text);
}

bool EditorCanvas::toggleSelectionTrace() {
    if (!m_selectedPoint) {
        return false;
    }
    const JointEnd point = *m_selectedPoint;
    bool traced = false;
    return apply([&](Drawing& d) { return toggleTrace(d, point, &traced); },
                 tr("Trace %1").arg(QString::fromStdString(point.point)));
}

bool EditorCanvas::startDrive() {
    if (m_drive) {
        return true;
    }
    const MechanismCheck check = checkMechanism(m_drawing.spec);
    if (!check.model || !check.assembles || check.q.size() != check.model->nv()) {
        Q_EMIT message(tr("Driving needs a mechanism that assembles: the Check panel says what "
                          "to fix"));
        return false;
    }
    m_drive = InputDrive::start(m_drawing, check);
    if (!m_drive) {
        Q_EMIT message(tr("Nothing to drive: make a pivot's joint the input first (select the "
                          "pivot, Make Input)"));
        return false;
    }
    return true;
}

bool EditorCanvas::driveTowards(const Eigen::Vector2d& w) {
    if (!startDrive()) {
        return false;
    }
    const InputDrive::Step step = m_drive->turnTowards(m_drawing, w);
    if (step == InputDrive::Step::AtPivot) {
        return true;
    }
    if (step == InputDrive::Step::Lost) {
        m_drive.reset();
        return false;
    }
    for (const TracedPointSpec& trace : m_drawing.spec.tracedPoints) {
        if (const auto p = pointInWorld(m_drawing, trace.at)) {
            m_paths[trace.name].push_back(*p);
        }
    }
    if (step == InputDrive::Step::Stopped) {
        Q_EMIT message(tr("Toggle position near %1 = %2°: the input cannot turn further this "
                          "way on this assembly branch")
                           .arg(QString::fromStdString(m_drive->inputName()))
                           .arg(m_drive->inputValue() * 180.0 / M_PI, 0, 'f', 1));
    }
    rebuildScene();
    return step == InputDrive::Step::Moved;
}

bool EditorCanvas::makeSelectionInput() {
    if (!m_selectedPoint) {
        return false;
    }
    for (const JointSpec& joint : m_drawing.spec.joints) {
        if ((joint.parent == *m_selectedPoint || joint.child == *m_selectedPoint) &&
            (joint.parent.body == kGround || joint.child.body == kGround)) {
            const std::string name = joint.name;
            return apply([&](Drawing& d) { return setInput(d, name); },
                         tr("Make %1 an input").arg(QString::fromStdString(name)));
        }
    }
    Q_EMIT message(tr("An input is a joint to the ground: select a ground pivot with a link"));
    return false;
}

void EditorCanvas::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QGraphicsView::mousePressEvent(event);
        return;
    }
    const QPoint at = event->position().toPoint();
    switch (m_tool) {
    case Tool::Select:
        selectAt(at);
        break;
    case Tool::GroundPivot:
        addPivotAt(at);
        break;
    case Tool::Drive:
        if (startDrive()) {
            driveTowards(worldPoint(at));
        }
        break;
    case Tool::Point:
        addPointAt(at);
        break;
    case Tool::Slider:
    case Tool::Link:
    case Tool::Pin:
        startStroke(at);
        break;
    }
    event->accept();
}

void EditorCanvas::mouseMoveEvent(QMouseEvent* event) {
    const QPoint at = event->position().toPoint();
    if (m_dragPoint && (event->buttons() & Qt::LeftButton)) {
        const JointEnd point = *m_dragPoint;
        const Eigen::Vector2d w = snapped(at);
        apply([&](Drawing& d) { return movePoint(d, point, w); },
              tr("Move %1").arg(QString::fromStdString(point.point)), m_dragId);
    } else if (m_tool == Tool::Drive && m_drive && (event->buttons() & Qt::LeftButton)) {
        driveTowards(worldPoint(at));
    } else if (m_linkFrom && m_rubberBand != nullptr && (event->buttons() & Qt::LeftButton)) {
        const auto target = m_tool == Tool::Link ? pointNear(at)
                            : m_tool == Tool::Pin
                                ? pointNear(at, std::get<JointEnd>(*m_linkFrom).body)
                                : std::nullopt;
        const Eigen::Vector2d w = target ? *pointInWorld(m_drawing, *target) : snapped(at);
        QLineF line = m_rubberBand->line();
        line.setP2(editorScenePoint(w));
        m_rubberBand->setLine(line);
    }
    QGraphicsView::mouseMoveEvent(event);
}

void EditorCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (m_linkFrom && event->button() == Qt::LeftButton) {
        const LinkEnd from = *m_linkFrom;
        m_linkFrom.reset();
        if (m_rubberBand != nullptr) {
            m_rubberBand->hide();
        }
        const QPoint at = event->position().toPoint();
        if (m_tool == Tool::Slider) {
            finishSlider(from, at);
        } else if (m_tool == Tool::Pin) {
            finishPin(std::get<JointEnd>(from), at); // a pin starts at a point
        } else {
            finishLink(from, at);
        }
    }
    m_dragPoint.reset();
    QGraphicsView::mouseReleaseEvent(event);
}

void EditorCanvas::selectAt(const QPoint& at) {
    if (const auto point = pointNear(at)) {
        // a selected point can be typed in or dragged
        m_selectedPoint = point;
        m_selectedBody.reset();
        m_dragPoint = point;
        m_dragStart = m_drawing;
        ++m_dragId;
    } else if (const auto body = bodyNear(at)) {
        m_selectedBody = body;
        m_selectedPoint.reset();
    } else {
        m_selectedPoint.reset();
        m_selectedBody.reset();
    }
    rebuildScene();
    Q_EMIT selectionChanged();
}

void EditorCanvas::addPivotAt(const QPoint& at) {
    const Eigen::Vector2d w = snapped(at);
    apply([&](Drawing& d) { return addGroundPivot(d, w); }, tr("Add ground pivot"));
}

void EditorCanvas::addPointAt(const QPoint& at) {
    const auto body = bodyNear(at);
    if (!body) {
        Q_EMIT message(tr("Click on a link to add a point to it"));
        return;
    }
    const std::string id = *body;
    const Eigen::Vector2d w = onBarLine(id, at).value_or(snapped(at));
    apply([&](Drawing& d) { return addPointToBody(d, id, w); },
          tr("Add a point to %1").arg(QString::fromStdString(id)));
}

void EditorCanvas::startStroke(const QPoint& at) {
    m_linkFrom.reset();
    if (const auto point = pointNear(at)) {
        m_linkFrom = *point;
    } else if (m_tool != Tool::Pin) {
        m_linkFrom = snapped(at); // a free start: a floating link, or a guide on the ground
    }
    if (!m_linkFrom) {
        Q_EMIT message(tr("Start a pin at a point, then release on a point of another body"));
    } else if (m_rubberBand != nullptr) {
        const QPointF from = editorScenePoint(endPoint(*m_linkFrom));
        m_rubberBand->setLine(QLineF(from, from));
        m_rubberBand->show();
    }
}

void EditorCanvas::finishLink(const LinkEnd& from, const QPoint& at) {
    const JointEnd* fromPoint = std::get_if<JointEnd>(&from);
    const auto target = pointNear(at);
    LinkEnd to = snapped(at);
    if (target && !(fromPoint != nullptr && *target == *fromPoint)) {
        to = *target;
    }
    std::string id;
    if (apply([&](Drawing& d) { return addLink(d, from, to, {}, &id); }, tr("Add link"))) {
        Q_EMIT message(
            target ? tr("Link %1 added, pinned at both ends").arg(QString::fromStdString(id))
                   : tr("Link %1 added with a free end").arg(QString::fromStdString(id)));
    }
}

void EditorCanvas::finishSlider(const LinkEnd& from, const QPoint& at) {
    const JointEnd* fromPoint = std::get_if<JointEnd>(&from);
    const Eigen::Vector2d w = snapped(at);
    std::string id;
    if (apply([&](Drawing& d) { return addSlider(d, from, w, {}, &id); }, tr("Add slider"))) {
        Q_EMIT message(tr("Slider %1 added on a guide from %2; pin a link to its point P1")
                           .arg(QString::fromStdString(id),
                                fromPoint != nullptr ? QString::fromStdString(fromPoint->point)
                                                     : tr("a new ground point")));
    }
}

void EditorCanvas::finishPin(const JointEnd& start, const QPoint& at) {
    const auto target = pointNear(at, start.body);
    std::string joint;
    if (!target) {
        Q_EMIT message(tr("Release a pin on a point of another body"));
    } else if (apply([&](Drawing& d) { return addPin(d, start, *target, &joint); },
                     tr("Pin %1 to %2")
                         .arg(QString::fromStdString(start.body + "." + start.point),
                              QString::fromStdString(target->body + "." + target->point)))) {
        Q_EMIT message(tr("Joint %1 pins %2.%3 to %4.%5")
                           .arg(QString::fromStdString(joint), QString::fromStdString(start.body),
                                QString::fromStdString(start.point),
                                QString::fromStdString(target->body),
                                QString::fromStdString(target->point)));
    }
}

void EditorCanvas::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) {
        deleteSelection();
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Escape) {
        m_linkFrom.reset();
        m_dragPoint.reset();
        m_selectedPoint.reset();
        m_selectedBody.reset();
        rebuildScene();
        Q_EMIT selectionChanged();
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void EditorCanvas::wheelEvent(QWheelEvent* event) {
    const double factor = std::pow(1.0015, event->angleDelta().y());
    scale(factor, factor);
    m_fitPending = false;
    m_userZoomed = true;
    rebuildScene(); // the labels are placed for the new scale
    event->accept();
}

void EditorCanvas::drawBackground(QPainter* painter, const QRectF& rect) {
    paintEditorBackground(*painter, rect, kGridMetres * kEditorSceneUnitsPerMetre,
                          transform().m11());
}

} // namespace sslm::ui
