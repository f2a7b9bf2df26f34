// SPDX-License-Identifier: MIT
#include "ui/editor/editor_canvas.hpp"

#include <cmath>
#include <functional>

#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>

#include <Eigen/Geometry>

#include "core/edit/joint_properties.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/workspace.hpp"
#include "ui/document/mechanism_document.hpp"
#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

constexpr double kMillimetres = 1000.0; ///< scene units per metre
constexpr const char* kGround = "ground";

QPointF scenePoint(const Eigen::Vector2d& w) {
    return {w.x() * kMillimetres, w.y() * kMillimetres};
}

/// Distance (px) from p to the segment a–b.
double segmentDistance(const QPointF& p, const QPointF& a, const QPointF& b) {
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    const double t =
        length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

/// The joints whose parent or child end is `point`.
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
    if (check.model && check.q.size() == check.model->nq() && check.assembles) {
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
    QGraphicsScene& s = *scene();
    m_rubberBand = nullptr;
    s.clear();
    const double bar = 6.0; // mm: drawn width of a bar
    const QColor link = subsystemColour(0);
    const QColor selected = cutJointColour();
    const MechanismSpec& spec = m_drawing.spec;

    // links
    for (const BodySpec& body : spec.bodies) {
        if (m_drawing.poses.count(body.id) == 0) {
            continue;
        }
        std::vector<QPointF> points;
        for (const BodyPoint& p : body.points) {
            points.push_back(scenePoint(*pointInWorld(m_drawing, {body.id, p.name})));
        }
        const bool isSelected = m_selectedBody == body.id;
        const bool flagged = std::find(m_highlightBodies.begin(), m_highlightBodies.end(),
                                       body.id) != m_highlightBodies.end();
        const QColor colour = isSelected ? selected : link;
        if (flagged && points.size() >= 2) { // a finding is about this body: an amber halo
            QPainterPath halo;
            for (std::size_t i = 1; i < points.size(); ++i) {
                halo.moveTo(points.front());
                halo.lineTo(points[i]);
            }
            s.addPath(halo, QPen(editorFindingHaloColour(), bar * 3.0, Qt::SolidLine, Qt::RoundCap,
                                 Qt::RoundJoin))
                ->setZValue(0.8);
        }
        QPainterPath path;
        if (body.shape == BodyShape::Plate && points.size() >= 3) {
            path.moveTo(points.front());
            for (std::size_t i = 1; i < points.size(); ++i) {
                path.lineTo(points[i]);
            }
            path.closeSubpath();
            auto* plate = s.addPath(path, QPen(colour.darker(120), 1.5),
                                    QColor(colour.red(), colour.green(), colour.blue(), 120));
            plate->setZValue(1);
        } else if (points.size() >= 2) {
            for (std::size_t i = 1; i < points.size(); ++i) {
                path.moveTo(points.front());
                path.lineTo(points[i]);
            }
            QPen pen(colour, bar, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
            s.addPath(path, pen)->setZValue(1);
        } else if (body.shape == BodyShape::Block) {
            const BodyPose pose = m_drawing.poses.at(body.id);
            QGraphicsRectItem* block =
                s.addRect(QRectF(-0.5 * body.blockWidth * kMillimetres,
                                 -0.5 * body.blockHeight * kMillimetres,
                                 body.blockWidth * kMillimetres, body.blockHeight * kMillimetres),
                          QPen(colour.darker(120), 1.5), colour.lighter(130));
            const Eigen::Vector2d com = pose.origin + Eigen::Rotation2Dd(pose.angle) * body.com_B;
            block->setPos(scenePoint(com));
            block->setRotation(pose.angle * 180.0 / M_PI);
            block->setZValue(1);
        }
    }

    // slider guides: a dashed line along each prismatic joint's axis through its guide point
    for (const JointSpec& joint : spec.joints) {
        if (joint.type != JointType::Prismatic) {
            continue;
        }
        const auto origin = pointInWorld(m_drawing, joint.parent);
        const auto block = pointInWorld(m_drawing, joint.child);
        const auto parentPose =
            joint.parent.body == kGround
                ? std::optional<BodyPose>(BodyPose{})
                : (m_drawing.poses.count(joint.parent.body) != 0
                       ? std::optional<BodyPose>(m_drawing.poses.at(joint.parent.body))
                       : std::nullopt);
        if (!origin || !block || !parentPose) {
            continue;
        }
        const Eigen::Vector2d axis = Eigen::Rotation2Dd(parentPose->angle) * joint.axis_P;
        const double reach = std::max(0.1, 1.5 * (*block - *origin).norm());
        s.addLine(
             QLineF(scenePoint(*origin - 0.2 * reach * axis), scenePoint(*origin + reach * axis)),
             QPen(editorGuideColour(), 2.0, Qt::DashLine))
            ->setZValue(0.6);
    }

    // ground pivots: a fixed-size symbol (px, y down) under each ground point, at any zoom
    QPainterPath pivot;
    pivot.moveTo(0, 0);
    pivot.lineTo(-8, 14);
    pivot.lineTo(8, 14);
    pivot.closeSubpath();
    pivot.moveTo(-12, 14);
    pivot.lineTo(12, 14);
    for (const BodyPoint& p : spec.ground.points) {
        auto* symbol =
            s.addPath(pivot, QPen(editorPivotEdgeColour(), 1.4), editorPivotFillColour());
        symbol->setFlag(QGraphicsItem::ItemIgnoresTransformations);
        symbol->setPos(scenePoint(p.p_B));
        symbol->setZValue(2);
    }

    // pins and free points
    const auto drawPoint = [&](const JointEnd& ref, const Eigen::Vector2d& w) {
        const bool pinned = !jointsAt(m_drawing, ref).empty();
        const bool isSelected = m_selectedPoint == ref;
        const double r = pinned ? 5.0 : 3.5;
        auto* dot = s.addEllipse(QRectF(-r, -r, 2 * r, 2 * r),
                                 QPen(isSelected ? selected : editorPointRimColour(), 1.6),
                                 isSelected ? selected.lighter(160) : editorPointFillColour());
        dot->setPos(scenePoint(w));
        dot->setZValue(3);
        dot->setFlag(QGraphicsItem::ItemIgnoresTransformations);
    };
    for (const BodyPoint& p : spec.ground.points) {
        drawPoint({kGround, p.name}, p.p_B);
    }
    for (const BodySpec& body : spec.bodies) {
        for (const BodyPoint& p : body.points) {
            if (const auto w = pointInWorld(m_drawing, {body.id, p.name})) {
                drawPoint({body.id, p.name}, *w);
            }
        }
    }
    // joint names, inputs marked; joints a finding is about ringed in amber
    struct JointLabel {
        Eigen::Vector2d at;
        QStringList names;
        bool input = false;
    };
    std::vector<JointLabel> labels; // joints at one place share a label ("J9, J10")
    for (const JointSpec& joint : spec.joints) {
        const auto w = pointInWorld(m_drawing, joint.parent);
        if (!w) {
            continue;
        }
        if (std::find(m_highlightJoints.begin(), m_highlightJoints.end(), joint.name) !=
            m_highlightJoints.end()) {
            auto* ring = s.addEllipse(QRectF(-11, -11, 22, 22), QPen(editorHighlightColour(), 3.0));
            ring->setPos(scenePoint(*w));
            ring->setFlag(QGraphicsItem::ItemIgnoresTransformations);
            ring->setZValue(3.5);
        }
        const bool input =
            std::any_of(spec.initial.independent.begin(), spec.initial.independent.end(),
                        [&](const auto& v) { return v.first == joint.coordinateName(); });
        const QPoint here = viewportPoint(*w);
        const auto same = std::find_if(labels.begin(), labels.end(), [&](const JointLabel& l) {
            return (viewportPoint(l.at) - here).manhattanLength() <= 2;
        });
        JointLabel& label =
            same != labels.end() ? *same : labels.emplace_back(JointLabel{*w, {}, false});
        label.names << QString::fromStdString(joint.name) + (input ? tr(" (input)") : QString());
        label.input = label.input || input;
    }
    // each label beside its point, on the first side where it overlaps no label placed before
    // (viewport px; the labels keep their size at any zoom)
    std::vector<QRectF> placed;
    for (const BodyPoint& p : spec.ground.points) { // the pivot symbols
        placed.emplace_back(QPointF(viewportPoint(p.p_B)) + QPointF(-12, 0), QSizeF(24, 15));
    }
    for (const JointLabel& l : labels) {
        auto* text = s.addSimpleText(l.names.join(QStringLiteral(", ")));
        text->setFlag(QGraphicsItem::ItemIgnoresTransformations);
        text->setBrush(l.input ? editorInputLabelColour() : editorLabelColour());
        text->setZValue(4);
        text->setPos(scenePoint(l.at));
        const QSizeF size = text->boundingRect().size();
        const QPointF anchor(viewportPoint(l.at));
        const QPointF sides[] = {{6, 2},
                                 {6, -size.height() - 2},
                                 {-size.width() - 6, 2},
                                 {-size.width() - 6, -size.height() - 2},
                                 {-size.width() / 2, size.height() + 4},
                                 {-size.width() / 2, -2 * size.height() - 6}};
        QPointF side = sides[0];
        for (const QPointF& candidate : sides) {
            const QRectF rect(anchor + candidate, size);
            if (std::none_of(placed.begin(), placed.end(),
                             [&](const QRectF& r) { return r.intersects(rect); })) {
                side = candidate;
                break;
            }
        }
        placed.emplace_back(anchor + side, size);
        text->setTransform(QTransform::fromTranslate(side.x(), side.y()));
    }
    // traced points: a ring on the point, and the path driven so far
    for (const TracedPointSpec& trace : spec.tracedPoints) {
        if (const auto w = pointInWorld(m_drawing, trace.at)) {
            auto* ring = s.addEllipse(QRectF(-8, -8, 16, 16), QPen(editorTraceColour(), 1.5));
            ring->setPos(scenePoint(*w));
            ring->setFlag(QGraphicsItem::ItemIgnoresTransformations);
            ring->setZValue(3);
        }
        const auto path = m_paths.find(trace.name);
        if (path != m_paths.end() && path->second.size() > 1) {
            QPainterPath curve(scenePoint(path->second.front()));
            for (const Eigen::Vector2d& w : path->second) {
                curve.lineTo(scenePoint(w));
            }
            s.addPath(curve, QPen(editorTraceColour(), 0))->setZValue(0.5);
        }
    }
    m_rubberBand = s.addLine(QLineF(), QPen(selected, 2.0, Qt::DashLine));
    m_rubberBand->setZValue(5);
    m_rubberBand->hide();
    // room around the drawing to pan and draw into
    s.setSceneRect(s.itemsBoundingRect().adjusted(-2000, -2000, 2000, 2000));
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
    return mapFromScene(scenePoint(w));
}

Eigen::Vector2d EditorCanvas::worldPoint(const QPoint& viewportPoint) const {
    const QPointF p = mapToScene(viewportPoint);
    return {p.x() / kMillimetres, p.y() / kMillimetres};
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

bool EditorCanvas::setSelectedBodyProperties(const BodyProperties& properties) {
    if (!m_selectedBody) {
        return false;
    }
    const std::string body = *m_selectedBody;
    return apply([&](Drawing& d) { return setBodyProperties(d, body, properties); },
                 tr("Properties of %1").arg(QString::fromStdString(body)));
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
    if (!check.model || !check.assembles || check.q.size() != check.model->nq()) {
        Q_EMIT message(tr("Driving needs a mechanism that assembles: the Check panel says what "
                          "to fix"));
        return false;
    }
    const Model& model = *check.model;
    // the first input that is a revolute joint on a ground pivot
    for (const int k : model.independent) {
        const Joint& joint = model.joints[static_cast<std::size_t>(
            model.coordinates[static_cast<std::size_t>(k)].joint)];
        const JointSpec& spec = model.spec.joints[static_cast<std::size_t>(joint.specIndex)];
        if (joint.type != JointType::Revolute ||
            (spec.parent.body != kGround && spec.child.body != kGround)) {
            continue;
        }
        Drive drive;
        drive.model = check.model;
        drive.q = check.q;
        drive.input = k;
        const bool groundIsParent = spec.parent.body == kGround;
        drive.pivot = groundIsParent ? spec.parent : spec.child;
        drive.body = groundIsParent ? spec.child.body : spec.parent.body;
        const auto pose = m_drawing.poses.find(drive.body);
        if (pose == m_drawing.poses.end()) {
            continue; // not drawn (yet)
        }
        const double bodyAngle = pose->second.angle;
        drive.angleOffset = check.q[k] - (groundIsParent ? bodyAngle : -bodyAngle);
        m_drive = std::move(drive);
        return true;
    }
    Q_EMIT message(tr("Nothing to drive: make a pivot's joint the input first (select the pivot, "
                      "Make Input)"));
    return false;
}

bool EditorCanvas::driveTowards(const Eigen::Vector2d& w) {
    if (!startDrive()) {
        return false;
    }
    Drive& drive = *m_drive;
    const Model& model = *drive.model;
    const Eigen::Vector2d pivot = *pointInWorld(m_drawing, drive.pivot);
    const Eigen::Vector2d d = w - pivot;
    if (d.norm() < 1e-9) {
        return true;
    }
    // the body's angle that points its first point → pointer line at w, as an input value
    const BodySpec* body = nullptr;
    for (const BodySpec& b : m_drawing.spec.bodies) {
        if (b.id == drive.body) {
            body = &b;
        }
    }
    if (body == nullptr) {
        m_drive.reset();
        return false;
    }
    const Joint& inputJoint = model.joints[static_cast<std::size_t>(
        model.coordinates[static_cast<std::size_t>(drive.input)].joint)];
    const JointSpec& spec = model.spec.joints[static_cast<std::size_t>(inputJoint.specIndex)];
    const bool groundIsParent = spec.parent.body == kGround;
    const JointEnd onBody = groundIsParent ? spec.child : spec.parent;
    // the body's far point from the pivot sets its direction in the body frame
    Eigen::Vector2d pin = Eigen::Vector2d::Zero();
    Eigen::Vector2d far = Eigen::Vector2d::UnitX();
    double longest = -1;
    for (const BodyPoint& p : body->points) {
        if (p.name == onBody.point) {
            pin = p.p_B;
        }
    }
    for (const BodyPoint& p : body->points) {
        if ((p.p_B - pin).norm() > longest) {
            longest = (p.p_B - pin).norm();
            far = p.p_B;
        }
    }
    const Eigen::Vector2d inBody = far - pin;
    const double bodyAngle = std::atan2(d.y(), d.x()) - std::atan2(inBody.y(), inBody.x());
    const double target = drive.angleOffset + (groundIsParent ? bodyAngle : -bodyAngle);
    const double current = drive.q[drive.input];
    const double value = current + std::remainder(target - current, 2.0 * M_PI);

    Workspace ws(model);
    const std::vector<SweepSample> sweep =
        sweepInput(model, ws, drive.q, model.independent, drive.input, {value});
    bool ok = !sweep.empty() && sweep.back().converged;
    // keep the last pose that closed
    for (const SweepSample& sample : sweep) {
        if (sample.converged) {
            drive.q = sample.q;
        }
    }
    const Drawing moved = drawingAt(m_drawing.spec, model, drive.q);
    m_drawing.poses = moved.poses;
    for (const TracedPointSpec& trace : m_drawing.spec.tracedPoints) {
        if (const auto p = pointInWorld(m_drawing, trace.at)) {
            m_paths[trace.name].push_back(*p);
        }
    }
    const bool toggle =
        std::any_of(sweep.begin(), sweep.end(), [](const SweepSample& s) { return s.toggle; });
    if (!ok || toggle) {
        Q_EMIT message(tr("Toggle position near %1 = %2°: the input cannot turn further this "
                          "way on this assembly branch")
                           .arg(QString::fromStdString(
                               model.coordinates[static_cast<std::size_t>(drive.input)].name))
                           .arg(drive.q[drive.input] * 180.0 / M_PI, 0, 'f', 1));
        ok = false;
    }
    rebuildScene();
    return ok;
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
        break;
    case Tool::GroundPivot: {
        const Eigen::Vector2d w = snapped(at);
        apply([&](Drawing& d) { return addGroundPivot(d, w); }, tr("Add ground pivot"));
        break;
    }
    case Tool::Drive:
        if (startDrive()) {
            driveTowards(worldPoint(at));
        }
        break;
    case Tool::Point: {
        const auto body = bodyNear(at);
        if (!body) {
            Q_EMIT message(tr("Click on a link to add a point to it"));
            break;
        }
        const std::string id = *body;
        const Eigen::Vector2d w = onBarLine(id, at).value_or(snapped(at));
        apply([&](Drawing& d) { return addPointToBody(d, id, w); },
              tr("Add a point to %1").arg(QString::fromStdString(id)));
        break;
    }
    case Tool::Slider:
    case Tool::Link:
    case Tool::Pin:
        m_linkFrom.reset();
        if (const auto point = pointNear(at)) {
            m_linkFrom = *point;
        } else if (m_tool != Tool::Pin) {
            m_linkFrom = snapped(at); // a free start: a floating link, or a guide on the ground
        }
        if (!m_linkFrom) {
            Q_EMIT message(tr("Start a pin at a point, then release on a point of another body"));
        } else if (m_rubberBand != nullptr) {
            const QPointF from = scenePoint(endPoint(*m_linkFrom));
            m_rubberBand->setLine(QLineF(from, from));
            m_rubberBand->show();
        }
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
        line.setP2(scenePoint(w));
        m_rubberBand->setLine(line);
    }
    QGraphicsView::mouseMoveEvent(event);
}

void EditorCanvas::mouseReleaseEvent(QMouseEvent* event) {
    const QPoint at = event->position().toPoint();
    if (m_linkFrom && event->button() == Qt::LeftButton) {
        const LinkEnd from = *m_linkFrom;
        const JointEnd* fromPoint = std::get_if<JointEnd>(&from);
        m_linkFrom.reset();
        if (m_rubberBand != nullptr) {
            m_rubberBand->hide();
        }
        if (m_tool == Tool::Slider) {
            const Eigen::Vector2d w = snapped(at);
            std::string id;
            if (apply([&](Drawing& d) { return addSlider(d, from, w, {}, &id); },
                      tr("Add slider"))) {
                Q_EMIT message(tr("Slider %1 added on a guide from %2; pin a link to its point P1")
                                   .arg(QString::fromStdString(id),
                                        fromPoint != nullptr
                                            ? QString::fromStdString(fromPoint->point)
                                            : tr("a new ground point")));
            }
            m_dragPoint.reset();
            QGraphicsView::mouseReleaseEvent(event);
            return;
        }
        if (m_tool == Tool::Pin) {
            const JointEnd start = *fromPoint; // a pin starts at a point
            const auto target = pointNear(at, start.body);
            std::string joint;
            if (!target) {
                Q_EMIT message(tr("Release a pin on a point of another body"));
            } else if (apply(
                           [&](Drawing& d) { return addPin(d, start, *target, &joint); },
                           tr("Pin %1 to %2")
                               .arg(QString::fromStdString(start.body + "." + start.point),
                                    QString::fromStdString(target->body + "." + target->point)))) {
                Q_EMIT message(tr("Joint %1 pins %2.%3 to %4.%5")
                                   .arg(QString::fromStdString(joint),
                                        QString::fromStdString(start.body),
                                        QString::fromStdString(start.point),
                                        QString::fromStdString(target->body),
                                        QString::fromStdString(target->point)));
            }
            m_dragPoint.reset();
            QGraphicsView::mouseReleaseEvent(event);
            return;
        }
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
    m_dragPoint.reset();
    QGraphicsView::mouseReleaseEvent(event);
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
    painter->fillRect(rect, canvasBackgroundColour());
    const double step = kGridMetres * kMillimetres; // 10 mm
    const double pixels = transform().m11() * step;
    if (pixels < 5.0) {
        return; // too dense to help
    }
    const QPen minor(editorGridMinorColour(), 0);
    const QPen major(editorGridMajorColour(), 0);
    const QPen axis(editorGridAxisColour(), 0);
    const auto first = [step](double value) {
        return std::floor(value / step) * step;
    };
    for (double x = first(rect.left()); x <= rect.right(); x += step) {
        const long index = std::lround(x / step);
        painter->setPen(index == 0 ? axis : index % 5 == 0 ? major : minor);
        painter->drawLine(QLineF(x, rect.top(), x, rect.bottom()));
    }
    for (double y = first(rect.top()); y <= rect.bottom(); y += step) {
        const long index = std::lround(y / step);
        painter->setPen(index == 0 ? axis : index % 5 == 0 ? major : minor);
        painter->drawLine(QLineF(rect.left(), y, rect.right(), y));
    }
}

} // namespace sslm::ui
