// SPDX-License-Identifier: MIT
#include "ui/viewport/spatial_scene.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkIdList.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include "core/kinematics/forward_kinematics.hpp"
#include "ui/style/palette.hpp"
#include "ui/viewport/scene_actors.hpp"
#include "ui/viewport/solid_geometry.hpp"
#include "ui/viewport/visual_geometry.hpp"

namespace sslm::ui {

namespace {

void setMatrix(vtkMatrix4x4* m, const Eigen::Matrix3d& R, const Eigen::Vector3d& p) {
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            m->SetElement(r, c, R(r, c));
        }
        m->SetElement(r, 3, p[r]);
    }
    m->Modified();
}

/// A rounded length for grid spacing: 1, 2 or 5 times a power of ten, at most `upTo`.
double niceStep(double upTo) {
    const double decade = std::pow(10.0, std::floor(std::log10(upTo)));
    for (const double step : {5.0, 2.0, 1.0}) {
        if (step * decade <= upTo) {
            return step * decade;
        }
    }
    return decade;
}

} // namespace

struct SpatialScene::BodyActors {
    vtkSmartPointer<vtkMatrix4x4> matrix = vtkSmartPointer<vtkMatrix4x4>::New();
    std::vector<vtkActor*> solids;
    std::vector<vtkActor*> visuals; ///< the file's shapes, drawn instead of solids
    std::vector<std::optional<QColor>> visualColours; ///< a visual's own colour, if any
    std::vector<Eigen::Vector3d> outline; ///< body-frame points its solids reach (bounds)
    double radius = 0;                    ///< how far the solids reach beyond them
};

struct SpatialScene::JointActors {
    std::vector<vtkActor*> glyphs;  ///< in the bodies' frames
    std::vector<vtkActor*> sleeves; ///< a prismatic or cylindrical joint's sleeve
};

SpatialScene::SpatialScene(SceneSetup setup) : SceneBase(std::move(setup)) {
    computeMetrics();
    buildActors();
}

SpatialScene::~SpatialScene() = default;

void SpatialScene::buildReactionArrows() {
    for (std::size_t j = 0; j < m_model->joints.size(); ++j) {
        m_forceArrows.push_back(addReactionArrow());
        m_momentArrows.push_back(addReactionArrow());
    }
}

void SpatialScene::computeMetrics() {
    // the assembled extent, and the shortest distance between two points of one body
    Eigen::AlignedBox3d box;
    double shortest = std::numeric_limits<double>::max();
    for (std::size_t b = 0; b < m_model->bodies.size(); ++b) {
        const auto& points = m_model->bodies[b].points;
        for (std::size_t i = 0; i < points.size(); ++i) {
            box.extend(pointPosition(m_ws, static_cast<int>(b), points[i].position3()));
            for (std::size_t k = i + 1; k < points.size() && b > 0; ++k) {
                const double d = (points[i].position3() - points[k].position3()).norm();
                if (d > 1e-9) {
                    shortest = std::min(shortest, d);
                }
            }
        }
    }
    for (std::size_t j = 0; j < m_model->joints.size(); ++j) {
        const Joint& joint = m_model->joints[j];
        box.extend(pointPosition(m_ws, joint.bodyA, joint.p_A));
    }
    SceneMetrics& m = m_metrics;
    m.navigation = Navigation::Turntable;
    m.extent = box.isEmpty() ? 1.0 : std::max(box.sizes().maxCoeff(), 1e-3);
    if (shortest == std::numeric_limits<double>::max()) {
        shortest = m.extent;
    }
    m_rodRadius = std::max(0.005 * m.extent, std::min(0.016 * m.extent, 0.12 * shortest));
    m.jointRadius = 1.9 * m_rodRadius;
    const Eigen::Vector3d g = m_model->gravity;
    m.up = g.norm() > 0 ? Eigen::Vector3d(-g.normalized()) : Eigen::Vector3d::UnitZ();
}

void SpatialScene::buildBodies() {
    m_bodies.resize(m_model->bodies.size());
    const SceneMetrics& m = m_metrics;
    for (std::size_t b = 1; b < m_model->bodies.size(); ++b) {
        const Body& body = m_model->bodies[b];
        BodyActors& actors = m_bodies[b];
        // the points the body joins: its named points and its joints' points
        std::vector<Eigen::Vector3d> points;
        const auto add = [&](const Eigen::Vector3d& p) {
            if (std::none_of(points.begin(), points.end(),
                             [&](const Eigen::Vector3d& q) { return (q - p).norm() < 1e-9; })) {
                points.push_back(p);
            }
        };
        for (const BodyPoint& p : body.points) {
            add(p.position3());
        }
        bool sleeve = false; // carries a prismatic or cylindrical joint's sleeve: a wider tube
        for (const Joint& joint : m_model->joints) {
            if (joint.bodyA == static_cast<int>(b)) {
                add(joint.p_A);
                sleeve = sleeve || joint.type == JointType::Prismatic ||
                         joint.type == JointType::Cylindrical;
            }
            if (joint.bodyB == static_cast<int>(b)) {
                add(joint.p_B);
            }
        }
        const double radius = sleeve ? 1.6 * m_rodRadius : m_rodRadius;
        actors.radius = radius;
        if (points.empty()) {
            points.push_back(body.com_B);
        }
        if (points.size() == 1 && (body.com_B - points.front()).norm() > 1e-9) {
            points.push_back(body.com_B); // a body hung from one point reaches to its COM
        }
        actors.outline = points;
        const int specIndex = body.specIndex;
        if (specIndex >= 0 && static_cast<std::size_t>(specIndex) < m_model->spec.bodies.size() &&
            buildVisuals(m_model->spec.bodies[static_cast<std::size_t>(specIndex)].visuals,
                         actors.matrix, actors.visuals, actors.visualColours, actors.outline)) {
            continue; // drawn by its shapes
        }
        const Eigen::Vector3d normal = planeNormal(points, 0.02 * m.extent);
        if (points.size() >= 3 && normal.norm() > 0) {
            // coplanar points (a platform, a plate): their hull as a plate
            actors.solids.push_back(
                addActor(plate(points, normal, 1.5 * radius, 1.2 * radius), actors.matrix));
        } else if (points.size() == 1) {
            actors.solids.push_back(addActor(ball(points.front(), 2.0 * radius), actors.matrix));
        } else if (points.size() == 2) {
            actors.solids.push_back(addActor(tube(points[0], points[1], radius), actors.matrix));
        } else {
            // points in space: tubes from each to their centroid, a ball at the centroid
            Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
            for (const auto& p : points) {
                centroid += p;
            }
            centroid /= static_cast<double>(points.size());
            for (const auto& p : points) {
                actors.solids.push_back(addActor(tube(p, centroid, radius), actors.matrix));
            }
            actors.solids.push_back(addActor(ball(centroid, 1.4 * radius), actors.matrix));
        }
    }
}

bool SpatialScene::buildVisuals(const std::vector<VisualSpec>& visuals,
                                vtkMatrix4x4* matrix,
                                std::vector<vtkActor*>& actors,
                                std::vector<std::optional<QColor>>& colours,
                                std::vector<Eigen::Vector3d>& outline) {
    for (DrawnVisual& visual : drawableVisuals(visuals, m_meshFolder, m_visualProblems)) {
        const Eigen::AlignedBox3d box = visualBounds(visual.data);
        if (!box.isEmpty()) {
            for (int corner = 0; corner < 8; ++corner) {
                outline.push_back(box.corner(static_cast<Eigen::AlignedBox3d::CornerType>(corner)));
            }
        }
        actors.push_back(addActor(std::move(visual.data), matrix));
        colours.push_back(visual.colour);
    }
    return !actors.empty();
}

void SpatialScene::buildJoints() {
    m_joints.resize(m_model->joints.size());
    const double r = m_metrics.jointRadius;
    for (std::size_t j = 0; j < m_model->joints.size(); ++j) {
        const Joint& joint = m_model->joints[j];
        JointActors& actors = m_joints[j];
        vtkMatrix4x4* frameA = joint.bodyA > 0 ? m_bodies[joint.bodyA].matrix.Get() : nullptr;
        vtkMatrix4x4* frameB = joint.bodyB > 0 ? m_bodies[joint.bodyB].matrix.Get() : nullptr;
        const Eigen::Vector3d& p = joint.p_A;
        const Eigen::Vector3d axis = joint.axis_A.normalized();
        switch (joint.type) {
        case JointType::Revolute:
            // an axle through the joint point
            actors.glyphs.push_back(
                addActor(tube(p - 1.6 * r * axis, p + 1.6 * r * axis, r), frameA));
            break;
        case JointType::Spherical:
            actors.glyphs.push_back(addActor(ball(p, 1.15 * r), frameA));
            break;
        case JointType::Universal: {
            // the cross: the first arm fixed in A, the second in B, and the centre
            const Eigen::Vector3d second = joint.axis_B.normalized();
            actors.glyphs.push_back(
                addActor(tube(p - 1.5 * r * axis, p + 1.5 * r * axis, 0.45 * r), frameA));
            actors.glyphs.push_back(
                addActor(tube(joint.p_B - 1.5 * r * second, joint.p_B + 1.5 * r * second, 0.45 * r),
                         frameB));
            actors.glyphs.push_back(addActor(ball(p, 0.7 * r), frameA));
            break;
        }
        case JointType::Prismatic: {
            // a square sleeve along the axis on side A
            Eigen::Vector3d u, v;
            perpendicularPair(axis, u, v);
            Eigen::Matrix3d axes;
            axes << u, v, axis;
            actors.sleeves.push_back(
                addActor(box(p, axes, Eigen::Vector3d(1.7 * r, 1.7 * r, 4.0 * r)), frameA));
            break;
        }
        case JointType::Cylindrical:
            actors.sleeves.push_back(
                addActor(tube(p - 2.0 * r * axis, p + 2.0 * r * axis, 0.95 * r), frameA));
            break;
        }
    }
}

void SpatialScene::buildGround() {
    // a plinth under every distinct ground point a joint uses, below it along the up direction
    const double r = m_metrics.jointRadius;
    const Eigen::Vector3d up = m_metrics.up;
    Eigen::Vector3d u, v;
    perpendicularPair(up, u, v);
    Eigen::Matrix3d axes;
    axes << u, v, up;
    std::vector<Eigen::Vector3d> anchors;
    for (const Joint& joint : m_model->joints) {
        for (const auto& [body, point] :
             {std::pair{joint.bodyA, joint.p_A}, std::pair{joint.bodyB, joint.p_B}}) {
            const bool known = std::any_of(anchors.begin(), anchors.end(), [&](const auto& a) {
                return (a - point).norm() < 1e-9;
            });
            if (body == 0 && !known) {
                anchors.push_back(point);
            }
        }
    }
    // a mechanism that hangs from its ground points (a ladder) is mounted from above
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    int count = 0;
    for (std::size_t b = 1; b < m_bodies.size(); ++b) {
        for (const Eigen::Vector3d& p : m_bodies[b].outline) {
            centre += pointPosition(m_ws, static_cast<int>(b), p);
            ++count;
        }
    }
    centre /= std::max(count, 1);
    for (const Eigen::Vector3d& anchor : anchors) {
        const double side = (anchor - centre).dot(up) > 0 ? 1.0 : -1.0;
        const Eigen::Vector3d base = anchor + side * 2.6 * r * up;
        m_groundActors.push_back(addActor(tube(base, anchor, 0.55 * r)));
        m_groundActors.push_back(addActor(
            box(base + side * 0.3 * r * up, axes, Eigen::Vector3d(4.0 * r, 4.0 * r, 0.6 * r))));
    }
    std::vector<Eigen::Vector3d> groundOutline;
    buildVisuals(m_model->spec.ground.visuals, nullptr, m_groundVisuals, m_groundVisualColours,
                 groundOutline);
    for (const auto& actor : m_groundActors) {
        paintActor(actor, ui::viewGroundFillColour().darker(115), true, true);
    }
    for (std::size_t k = 0; k < m_groundVisuals.size(); ++k) {
        paintActor(m_groundVisuals[k],
                   m_groundVisualColours[k].value_or(ui::viewGroundFillColour().darker(108)), true,
                   true);
    }
    buildFloor();
}

void SpatialScene::buildFloor() {
    // a grid in the plane normal to "up", just below the mechanism's lowest point
    const Eigen::AlignedBox3d box = bounds();
    const Eigen::Vector3d& up = m_metrics.up;
    double lowest = std::numeric_limits<double>::max();
    for (int corner = 0; corner < 8; ++corner) {
        const Eigen::Vector3d c = box.corner(static_cast<Eigen::AlignedBox3d::CornerType>(corner));
        lowest = std::min(lowest, c.dot(up));
    }
    const Eigen::Vector3d centre = box.center();
    const Eigen::Vector3d onFloor =
        centre - (centre.dot(up) - lowest + 0.25 * m_metrics.jointRadius) * up;
    Eigen::Vector3d u, v;
    perpendicularPair(up, u, v);
    const double step = niceStep(m_metrics.extent / 6.0);
    const double half = step * std::ceil(0.6 * m_metrics.extent / step);
    // the grid's centre on a multiple of the step, so that its lines keep to round coordinates
    const Eigen::Vector3d snapped = onFloor - std::remainder(onFloor.dot(u), step) * u -
                                    std::remainder(onFloor.dot(v), step) * v;
    m_floor = addActor(gridLines(snapped, u, v, half, step));
    paintActor(m_floor, QColor(186, 192, 200), false);
    m_floor->PickableOff();
}

vtkActor* SpatialScene::addTraceMarker(const TracedPoint& point) {
    vtkActor* marker = addActor(ball(point.p_B, 0.6 * m_metrics.jointRadius),
                                point.body > 0 ? m_bodies[point.body].matrix.Get() : nullptr);
    paintActor(marker, ui::traceColour(), true, true);
    return marker;
}

void SpatialScene::placeActors() {
    for (std::size_t b = 1; b < m_bodies.size(); ++b) {
        setMatrix(m_bodies[b].matrix, m_ws.rotation[b], m_ws.position[b]);
    }
}

Eigen::Vector3d
SpatialScene::drawnPoint(const Workspace& ws, int body, const Eigen::Vector3d& p_B) const {
    return pointPosition(ws, body, p_B);
}

Eigen::Vector3d SpatialScene::jointPosition(int joint) const {
    const Joint& j = m_model->joints[static_cast<std::size_t>(joint)];
    return pointPosition(m_ws, j.bodyA, j.p_A);
}

void SpatialScene::setReactions(const std::vector<CutReaction>& reactions,
                                double metresPerNewton,
                                double metresPerNewtonMetre) {
    const double radius = 0.55 * m_rodRadius;
    for (std::size_t k = 0; k < m_forceArrows.size(); ++k) {
        vtkActor* force = m_forceArrows[k];
        vtkActor* moment = m_momentArrows[k];
        vtkSmartPointer<vtkPolyData> forceData = vtkSmartPointer<vtkPolyData>::New();
        vtkSmartPointer<vtkPolyData> momentData = vtkSmartPointer<vtkPolyData>::New();
        if (k < reactions.size()) {
            const CutReaction& w = reactions[k];
            const Eigen::Vector3d f = w.force * metresPerNewton;
            const Eigen::Vector3d m = w.moment * metresPerNewtonMetre;
            if (f.allFinite() && f.norm() > 2.0 * radius) {
                forceData = arrow(w.point, f, radius);
            }
            if (m.allFinite() && m.norm() > 2.0 * radius) {
                // a moment: a double-headed arrow along its axis (right-hand rule)
                momentData = arrow(w.point, m, 0.8 * radius, 2);
            }
        }
        static_cast<vtkPolyDataMapper*>(force->GetMapper())->SetInputData(forceData);
        static_cast<vtkPolyDataMapper*>(moment->GetMapper())->SetInputData(momentData);
        force->SetVisibility(m_reactionsVisible && forceData->GetNumberOfPoints() > 0);
        moment->SetVisibility(m_reactionsVisible && momentData->GetNumberOfPoints() > 0);
    }
}

void SpatialScene::setFloorVisible(bool visible) {
    m_floor->SetVisibility(visible);
}

void SpatialScene::applyColours() {
    const QColor dimTarget = ui::viewDimTargetColour();
    const auto [bodyInLoop, jointInLoop] = highlightedLoopMembers();
    for (std::size_t b = 1; b < m_bodies.size(); ++b) {
        QColor colour = subsystemColour(b);
        if (!bodyInLoop[b]) {
            colour = mixColours(colour, dimTarget, 0.7);
        }
        for (vtkActor* solid : m_bodies[b].solids) {
            paintActor(solid, colour, true, true);
        }
        const BodyActors& actors = m_bodies[b];
        for (std::size_t k = 0; k < actors.visuals.size(); ++k) {
            QColor own = actors.visualColours[k].value_or(colour);
            if (actors.visualColours[k] && !bodyInLoop[b]) {
                own = mixColours(own, dimTarget, 0.7);
            }
            paintActor(actors.visuals[k], own, true, true);
        }
    }
    for (std::size_t j = 0; j < m_joints.size(); ++j) {
        const bool cut = m_model->joints[j].isCut();
        QColor colour = cut ? ui::viewCutJointColour() : QColor(214, 218, 224);
        if (jointInLoop[j] && !cut) {
            colour = ui::viewHighlightColour();
        } else if (m_highlightedLoop >= 0 && !jointInLoop[j]) {
            colour = mixColours(colour, dimTarget, 0.6);
        }
        for (vtkActor* glyph : m_joints[j].glyphs) {
            paintActor(glyph, colour, true, true);
        }
        for (vtkActor* sleeve : m_joints[j].sleeves) {
            paintActor(sleeve, cut ? colour : colour.darker(125), true, true);
        }
    }
    const QColor force = ui::reactionArrowColour();
    const QColor moment(123, 31, 162);
    for (std::size_t k = 0; k < m_forceArrows.size(); ++k) {
        paintActor(m_forceArrows[k], force, true, true);
        paintActor(m_momentArrows[k], moment, true, true);
    }
}

std::vector<Eigen::Vector3d> SpatialScene::extentPoints() const {
    std::vector<Eigen::Vector3d> points;
    for (std::size_t b = 1; b < m_bodies.size(); ++b) {
        for (const Eigen::Vector3d& p : m_bodies[b].outline) {
            points.push_back(pointPosition(m_ws, static_cast<int>(b), p));
        }
    }
    for (const auto& actor : m_groundVisuals) {
        double b[6];
        actor->GetBounds(b);
        if (b[0] <= b[1]) {
            const Eigen::AlignedBox3d box(Eigen::Vector3d(b[0], b[2], b[4]),
                                          Eigen::Vector3d(b[1], b[3], b[5]));
            for (int corner = 0; corner < 8; ++corner) {
                points.push_back(box.corner(static_cast<Eigen::AlignedBox3d::CornerType>(corner)));
            }
        }
    }
    for (const auto& actor : m_groundActors) {
        double b[6];
        actor->GetBounds(b);
        if (b[0] <= b[1]) {
            points.emplace_back(0.5 * (b[0] + b[1]), 0.5 * (b[2] + b[3]), 0.5 * (b[4] + b[5]));
        }
    }
    for (const Eigen::Vector3d& corner : elementExtent()) {
        points.push_back(corner);
    }
    if (m_tracesVisible) {
        for (const TracePolyline& trace : m_traces) {
            const vtkIdType n = trace.points->GetNumberOfPoints();
            const vtkIdType stride = std::max<vtkIdType>(1, n / 2000);
            for (vtkIdType i = 0; i < n; i += stride) {
                double x[3];
                trace.points->GetPoint(i, x);
                points.emplace_back(x[0], x[1], x[2]);
            }
        }
    }
    return points;
}

Eigen::AlignedBox3d SpatialScene::bounds() const {
    Eigen::AlignedBox3d box;
    for (std::size_t b = 1; b < m_bodies.size(); ++b) {
        const BodyActors& actors = m_bodies[b];
        const Eigen::Vector3d reach = Eigen::Vector3d::Constant(2.0 * actors.radius);
        for (const Eigen::Vector3d& p : actors.outline) {
            const Eigen::Vector3d w = pointPosition(m_ws, static_cast<int>(b), p);
            box.extend(w - reach);
            box.extend(w + reach);
        }
    }
    for (vtkActor* actor : m_groundVisuals) {
        double b[6];
        actor->GetBounds(b);
        if (b[0] <= b[1]) {
            box.extend(Eigen::Vector3d(b[0], b[2], b[4]));
            box.extend(Eigen::Vector3d(b[1], b[3], b[5]));
        }
    }
    for (const auto& actor : m_groundActors) {
        double b[6];
        actor->GetBounds(b);
        if (b[0] <= b[1]) {
            box.extend(Eigen::Vector3d(b[0], b[2], b[4]));
            box.extend(Eigen::Vector3d(b[1], b[3], b[5]));
        }
    }
    if (m_tracesVisible) {
        for (const TracePolyline& trace : m_traces) {
            if (trace.points->GetNumberOfPoints() > 0) {
                double b[6];
                trace.points->GetBounds(b);
                box.extend(Eigen::Vector3d(b[0], b[2], b[4]));
                box.extend(Eigen::Vector3d(b[1], b[3], b[5]));
            }
        }
    }
    if (box.isEmpty()) {
        box.extend(Eigen::Vector3d::Constant(-0.5));
        box.extend(Eigen::Vector3d::Constant(0.5));
    }
    return box;
}

} // namespace sslm::ui
