// SPDX-License-Identifier: MIT
#include "ui/editor/editor_scene.hpp"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QPainter>
#include <QPainterPath>

#include <Eigen/Geometry>

#include "core/edit/joint_properties.hpp"
#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

constexpr const char* kGround = "ground";
constexpr double kBarWidth = 6.0; ///< drawn width of a bar (mm)

using ViewportPoint = std::function<QPoint(const Eigen::Vector2d&)>;

bool contains(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

/// Links as bars (a line from the first point to each other), plates or slider blocks; the
/// selected one in the selection colour, one a finding is about with an amber halo.
void addLinks(QGraphicsScene& s, const EditorSceneContent& content) {
    const Drawing& drawing = content.drawing;
    const QColor link = subsystemColour(0);
    const QColor selected = cutJointColour();
    for (const BodySpec& body : drawing.spec.bodies) {
        if (drawing.poses.count(body.id) == 0) {
            continue;
        }
        std::vector<QPointF> points;
        for (const BodyPoint& p : body.points) {
            points.push_back(editorScenePoint(*pointInWorld(drawing, {body.id, p.name})));
        }
        const QColor colour = content.selectedBody == body.id ? selected : link;
        if (contains(content.highlightBodies, body.id) && points.size() >= 2) {
            QPainterPath halo;
            for (std::size_t i = 1; i < points.size(); ++i) {
                halo.moveTo(points.front());
                halo.lineTo(points[i]);
            }
            s.addPath(halo, QPen(editorFindingHaloColour(), kBarWidth * 3.0, Qt::SolidLine,
                                 Qt::RoundCap, Qt::RoundJoin))
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
            QPen pen(colour, kBarWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
            s.addPath(path, pen)->setZValue(1);
        } else if (body.shape == BodyShape::Block) {
            const BodyPose pose = drawing.poses.at(body.id);
            const double width = body.blockWidth * kEditorSceneUnitsPerMetre;
            const double height = body.blockHeight * kEditorSceneUnitsPerMetre;
            QGraphicsRectItem* block =
                s.addRect(QRectF(-0.5 * width, -0.5 * height, width, height),
                          QPen(colour.darker(120), 1.5), colour.lighter(130));
            const Eigen::Vector2d com = pose.origin + Eigen::Rotation2Dd(pose.angle) * body.com_B;
            block->setPos(editorScenePoint(com));
            block->setRotation(pose.angle * 180.0 / M_PI);
            block->setZValue(1);
        }
    }
}

/// Slider guides: a dashed line along each prismatic joint's axis through its guide point.
void addSliderGuides(QGraphicsScene& s, const Drawing& drawing) {
    for (const JointSpec& joint : drawing.spec.joints) {
        if (joint.type != JointType::Prismatic) {
            continue;
        }
        const auto origin = pointInWorld(drawing, joint.parent);
        const auto block = pointInWorld(drawing, joint.child);
        const auto parentPose =
            joint.parent.body == kGround
                ? std::optional<BodyPose>(BodyPose{})
                : (drawing.poses.count(joint.parent.body) != 0
                       ? std::optional<BodyPose>(drawing.poses.at(joint.parent.body))
                       : std::nullopt);
        if (!origin || !block || !parentPose) {
            continue;
        }
        const Eigen::Vector2d axis = Eigen::Rotation2Dd(parentPose->angle) * joint.axis_P;
        const double reach = std::max(0.1, 1.5 * (*block - *origin).norm());
        s.addLine(QLineF(editorScenePoint(*origin - 0.2 * reach * axis),
                         editorScenePoint(*origin + reach * axis)),
                  QPen(editorGuideColour(), 2.0, Qt::DashLine))
            ->setZValue(0.6);
    }
}

/// Ground pivots: a fixed-size symbol (px, y down) under each ground point, at any zoom.
void addGroundPivots(QGraphicsScene& s, const MechanismSpec& spec) {
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
        symbol->setPos(editorScenePoint(p.p_B));
        symbol->setZValue(2);
    }
}

/// Counterweights: the centre-of-mass symbol (a disc with two opposite quarters filled) at each
/// one's centre, 7 to 13 px across with the cube root of its share of the body's mass, on a
/// thin arm from the body's own centre of mass.
void addCounterweights(QGraphicsScene& s, const Drawing& drawing) {
    const QColor ink = editorPointRimColour();
    for (const BodySpec& body : drawing.spec.bodies) {
        const auto pose = drawing.poses.find(body.id);
        if (body.counterweights.empty() || pose == drawing.poses.end()) {
            continue;
        }
        const Eigen::Rotation2Dd turn(pose->second.angle);
        const Eigen::Vector2d com = pose->second.origin + turn * body.com_B;
        for (const CounterweightSpec& w : body.counterweights) {
            const Eigen::Vector2d at = pose->second.origin + turn * w.p_B;
            s.addLine(QLineF(editorScenePoint(com), editorScenePoint(at)),
                      QPen(ink, 1.0, Qt::DotLine))
                ->setZValue(1.5);
            const double share = std::clamp(w.mass / std::max(body.mass, 1e-12), 0.0, 1.0);
            const double r = 3.5 + 3.0 * std::cbrt(share);
            QPainterPath quarters;
            const QRectF disc(-r, -r, 2 * r, 2 * r);
            quarters.moveTo(0, 0);
            quarters.arcTo(disc, 0, 90);
            quarters.closeSubpath();
            quarters.moveTo(0, 0);
            quarters.arcTo(disc, 180, 90);
            quarters.closeSubpath();
            auto* back = s.addEllipse(disc, QPen(ink, 1.4), editorPointFillColour());
            auto* front = s.addPath(quarters, Qt::NoPen, ink);
            const QString tip =
                QCoreApplication::translate("EditorScene", "Counterweight %1 on %2: %3 kg")
                    .arg(QString::fromStdString(w.name), QString::fromStdString(body.name))
                    .arg(w.mass, 0, 'g', 4);
            for (QGraphicsItem* item :
                 {static_cast<QGraphicsItem*>(back), static_cast<QGraphicsItem*>(front)}) {
                item->setPos(editorScenePoint(at));
                item->setZValue(2.5);
                item->setFlag(QGraphicsItem::ItemIgnoresTransformations);
                item->setToolTip(tip);
            }
        }
    }
}

/// Pins (larger) and free points, the selected one in the selection colour.
void addPoints(QGraphicsScene& s, const EditorSceneContent& content) {
    const Drawing& drawing = content.drawing;
    const QColor selected = cutJointColour();
    const auto addPoint = [&](const JointEnd& ref, const Eigen::Vector2d& w) {
        const bool pinned = !jointsAt(drawing, ref).empty();
        const bool isSelected = content.selectedPoint == ref;
        const double r = pinned ? 5.0 : 3.5;
        auto* dot = s.addEllipse(QRectF(-r, -r, 2 * r, 2 * r),
                                 QPen(isSelected ? selected : editorPointRimColour(), 1.6),
                                 isSelected ? selected.lighter(160) : editorPointFillColour());
        dot->setPos(editorScenePoint(w));
        dot->setZValue(3);
        dot->setFlag(QGraphicsItem::ItemIgnoresTransformations);
    };
    for (const BodyPoint& p : drawing.spec.ground.points) {
        addPoint({kGround, p.name}, p.p_B);
    }
    for (const BodySpec& body : drawing.spec.bodies) {
        for (const BodyPoint& p : body.points) {
            if (const auto w = pointInWorld(drawing, {body.id, p.name})) {
                addPoint({body.id, p.name}, *w);
            }
        }
    }
}

/// Joint names, inputs marked; joints a finding is about ringed in amber. Each label goes
/// beside its point, on the first side where it overlaps no label placed before (viewport px;
/// the labels keep their size at any zoom).
void addJointLabels(QGraphicsScene& s,
                    const EditorSceneContent& content,
                    const ViewportPoint& viewportPoint) {
    const Drawing& drawing = content.drawing;
    const MechanismSpec& spec = drawing.spec;
    struct JointLabel {
        Eigen::Vector2d at;
        QStringList names;
        bool input = false;
    };
    std::vector<JointLabel> labels; // joints at one place share a label ("J9, J10")
    for (const JointSpec& joint : spec.joints) {
        const auto w = pointInWorld(drawing, joint.parent);
        if (!w) {
            continue;
        }
        if (contains(content.highlightJoints, joint.name)) {
            auto* ring = s.addEllipse(QRectF(-11, -11, 22, 22), QPen(editorHighlightColour(), 3.0));
            ring->setPos(editorScenePoint(*w));
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
        label.names << QString::fromStdString(joint.name) +
                           (input ? QCoreApplication::translate("EditorScene", " (input)")
                                  : QString());
        label.input = label.input || input;
    }
    std::vector<QRectF> placed;
    for (const BodyPoint& p : spec.ground.points) { // the pivot symbols
        placed.emplace_back(QPointF(viewportPoint(p.p_B)) + QPointF(-12, 0), QSizeF(24, 15));
    }
    for (const JointLabel& l : labels) {
        auto* text = s.addSimpleText(l.names.join(QStringLiteral(", ")));
        text->setFlag(QGraphicsItem::ItemIgnoresTransformations);
        text->setBrush(l.input ? editorInputLabelColour() : editorLabelColour());
        text->setZValue(4);
        text->setPos(editorScenePoint(l.at));
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
}

/// Traced points: a ring on the point, and the path driven so far.
void addTraces(QGraphicsScene& s, const EditorSceneContent& content) {
    for (const TracedPointSpec& trace : content.drawing.spec.tracedPoints) {
        if (const auto w = pointInWorld(content.drawing, trace.at)) {
            auto* ring = s.addEllipse(QRectF(-8, -8, 16, 16), QPen(editorTraceColour(), 1.5));
            ring->setPos(editorScenePoint(*w));
            ring->setFlag(QGraphicsItem::ItemIgnoresTransformations);
            ring->setZValue(3);
        }
        const auto path = content.tracedPaths.find(trace.name);
        if (path != content.tracedPaths.end() && path->second.size() > 1) {
            QPainterPath curve(editorScenePoint(path->second.front()));
            for (const Eigen::Vector2d& w : path->second) {
                curve.lineTo(editorScenePoint(w));
            }
            s.addPath(curve, QPen(editorTraceColour(), 0))->setZValue(0.5);
        }
    }
}

} // namespace

QGraphicsLineItem* buildEditorScene(QGraphicsScene& scene,
                                    const EditorSceneContent& content,
                                    const ViewportPoint& viewportPoint) {
    scene.clear();
    addLinks(scene, content);
    addSliderGuides(scene, content.drawing);
    addGroundPivots(scene, content.drawing.spec);
    addCounterweights(scene, content.drawing);
    addPoints(scene, content);
    addJointLabels(scene, content, viewportPoint);
    addTraces(scene, content);
    QGraphicsLineItem* rubberBand =
        scene.addLine(QLineF(), QPen(cutJointColour(), 2.0, Qt::DashLine));
    rubberBand->setZValue(5);
    rubberBand->hide();
    // room around the drawing to pan and draw into
    scene.setSceneRect(scene.itemsBoundingRect().adjusted(-2000, -2000, 2000, 2000));
    return rubberBand;
}

void paintEditorBackground(QPainter& painter,
                           const QRectF& rect,
                           double step,
                           double pixelsPerUnit) {
    painter.fillRect(rect, canvasBackgroundColour());
    if (pixelsPerUnit * step < 5.0) {
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
        painter.setPen(index == 0 ? axis : index % 5 == 0 ? major : minor);
        painter.drawLine(QLineF(x, rect.top(), x, rect.bottom()));
    }
    for (double y = first(rect.top()); y <= rect.bottom(); y += step) {
        const long index = std::lround(y / step);
        painter.setPen(index == 0 ? axis : index % 5 == 0 ? major : minor);
        painter.drawLine(QLineF(rect.left(), y, rect.right(), y));
    }
}

} // namespace sslm::ui
