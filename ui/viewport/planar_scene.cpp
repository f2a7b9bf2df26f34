// SPDX-License-Identifier: MIT
#include "ui/viewport/planar_scene.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

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
#include "core/kinematics/motion_space.hpp"
#include "ui/style/palette.hpp"
#include "ui/viewport/scene_actors.hpp"
#include "ui/viewport/shape_geometry.hpp"
#include "ui/viewport/visual_geometry.hpp"

namespace sslm::ui {

namespace {

const QColor kPinFill = ui::viewPinFillColour();
const QColor kPinRim = ui::viewPinRimColour();
const QColor kCutRed = ui::viewCutJointColour();
const QColor kHighlight = ui::viewHighlightColour();
const QColor kGroundFill = ui::viewGroundFillColour();
const QColor kGroundDark = ui::viewGroundEdgeColour();
const QColor kTrace = ui::traceColour();
const QColor kArrow = ui::reactionArrowColour();
const QColor kDimTarget = ui::viewDimTargetColour();

Polygon2d translated(Polygon2d polygon, const Eigen::Vector2d& by) {
    for (auto& p : polygon) {
        p += by;
    }
    return polygon;
}

/// A rectangle from a to b of the given thickness.
Polygon2d band(const Eigen::Vector2d& a, const Eigen::Vector2d& b, double thickness) {
    const Eigen::Vector2d d = (b - a).normalized();
    const Eigen::Vector2d n(-d.y(), d.x());
    const double h = 0.5 * thickness;
    return {a - h * n, b - h * n, b + h * n, a + h * n};
}

/// Slanted hatch strokes below the segment a → b (on the side of -normal).
std::vector<Polygon2d> hatch(const Eigen::Vector2d& a,
                             const Eigen::Vector2d& b,
                             const Eigen::Vector2d& normal,
                             double pitch,
                             double depth,
                             double stroke) {
    std::vector<Polygon2d> out;
    const double length = (b - a).norm();
    const Eigen::Vector2d d = (b - a) / length;
    const int count = std::max(2, static_cast<int>(length / pitch));
    for (int i = 0; i <= count; ++i) {
        const Eigen::Vector2d start = a + d * (length * i / count);
        const Eigen::Vector2d end = start - depth * normal - 0.8 * depth * d;
        out.push_back(band(start, end, stroke));
    }
    return out;
}

void setTranslation(vtkMatrix4x4* m, const Eigen::Vector2d& p) {
    m->SetElement(0, 3, p.x());
    m->SetElement(1, 3, p.y());
    m->Modified();
}

} // namespace

struct PlanarScene::BodyActors {
    vtkSmartPointer<vtkMatrix4x4> matrix = vtkSmartPointer<vtkMatrix4x4>::New();
    vtkActor* solid = nullptr;
    vtkActor* outline = nullptr;
    std::vector<vtkActor*> guides;                    ///< slider guides carried by this body
    std::vector<vtkActor*> visuals;                   ///< the file's shapes, drawn over the plate
    std::vector<std::optional<QColor>> visualColours; ///< a visual's own colour, if any
    Polygon2d shape;                                  ///< outline in the body frame
};

struct PlanarScene::JointActors {
    vtkSmartPointer<vtkMatrix4x4> matrix = vtkSmartPointer<vtkMatrix4x4>::New();
    vtkActor* pin = nullptr;
    vtkActor* rim = nullptr;
    vtkActor* centre = nullptr;
    vtkActor* halo = nullptr;
    vtkActor* highlight = nullptr;
};

PlanarScene::PlanarScene(SceneSetup setup) : SceneBase(std::move(setup)) {
    computeMetrics();
    buildActors();
}

PlanarScene::~PlanarScene() = default;

void PlanarScene::computeMetrics() {
    // sizes from the assembled extent and the shortest distance between a body's points
    double xmin = std::numeric_limits<double>::max(), xmax = -xmin, ymin = xmin, ymax = -xmin;
    double shortest = std::numeric_limits<double>::max();
    auto grow = [&](const Eigen::Vector2d& p) {
        xmin = std::min(xmin, p.x());
        xmax = std::max(xmax, p.x());
        ymin = std::min(ymin, p.y());
        ymax = std::max(ymax, p.y());
    };
    for (std::size_t b = 0; b < m_model->bodies.size(); ++b) {
        const auto& points = m_model->bodies[b].points;
        for (std::size_t i = 0; i < points.size(); ++i) {
            grow(PlanarSpace::pointPosition(m_ws, static_cast<int>(b), points[i].p_B));
            for (std::size_t k = i + 1; k < points.size(); ++k) {
                const double d = (points[i].p_B - points[k].p_B).norm();
                if (d > 1e-9 && b > 0) {
                    shortest = std::min(shortest, d);
                }
            }
        }
    }
    for (const auto& ground : m_model->spec.ground.points) {
        grow(ground.p_B);
    }
    SceneMetrics& m = m_metrics;
    Sizes& s = m_sizes;
    m.navigation = Navigation::TopView;
    m.extent = std::max({xmax - xmin, ymax - ymin, 1e-3});
    s.barWidth = std::max(0.006 * m.extent, std::min(0.024 * m.extent, 0.42 * shortest));
    s.thickness = 0.4 * s.barWidth;
    s.layerStep = 1.25 * s.thickness;
    m.jointRadius = 0.62 * s.barWidth; // the pins'
    m.markerHeight = static_cast<double>(m_model->bodies.size()) * s.layerStep + s.thickness;
}

void PlanarScene::buildReactionArrows() {
    // an arrow per joint: the cuts' reactions, or every joint's
    for (std::size_t j = 0; j < m_model->joints.size(); ++j) {
        paintActor(addReactionArrow(), kArrow, false);
    }
}

void PlanarScene::buildBodies() {
    m_bodies.resize(m_model->bodies.size());
    const double eps = 0.02 * m_sizes.thickness;
    for (std::size_t b = 1; b < m_model->bodies.size(); ++b) {
        const Body& body = m_model->bodies[b];
        BodyActors& actors = m_bodies[b];
        if (body.shape == BodyShape::Block && body.specIndex >= 0) {
            const BodySpec& spec = m_model->spec.bodies[body.specIndex];
            actors.shape = roundedRectangle(body.com_B.head<2>(), spec.blockWidth, spec.blockHeight,
                                            0.12 * std::min(spec.blockWidth, spec.blockHeight));
        } else {
            std::vector<Eigen::Vector2d> points;
            for (const auto& p : body.points) {
                points.push_back(p.p_B);
            }
            if (points.empty()) {
                points.push_back(body.com_B.head<2>());
            }
            actors.shape = roundedHull(points, 0.5 * m_sizes.barWidth);
        }
        const double z0 = static_cast<double>(b - 1) * m_sizes.layerStep;
        const double z1 = z0 + m_sizes.thickness;
        actors.solid = addActor(prism(actors.shape, z0, z1), actors.matrix);
        actors.outline = addActor(outlineLoop(actors.shape, z1 + eps), actors.matrix);
        actors.outline->GetProperty()->SetLineWidth(1.5f);
        if (body.specIndex < 0) {
            continue;
        }
        for (DrawnVisual& visual : drawableVisuals(m_model->spec.bodies[body.specIndex].visuals,
                                                   m_meshFolder, m_visualProblems)) {
            actors.visuals.push_back(addActor(std::move(visual.data), actors.matrix));
            actors.visualColours.push_back(visual.colour);
        }
    }
}

void PlanarScene::buildJoints() {
    m_joints.resize(m_model->joints.size());
    const Sizes& s = m_sizes;
    const double r = m_metrics.jointRadius;
    const double top = m_metrics.markerHeight;
    const double eps = 0.05 * s.thickness;
    for (std::size_t j = 0; j < m_model->joints.size(); ++j) {
        const Joint& joint = m_model->joints[j];
        JointActors& actors = m_joints[j];
        const bool cut = joint.isCut();
        if (joint.type == JointType::Revolute) {
            actors.pin = addActor(cylinder(r, -s.layerStep, top), actors.matrix);
            paintActor(actors.pin, kPinFill, true);
            actors.rim = addActor(ring(0.74 * r, r, top + eps), actors.matrix);
            paintActor(actors.rim, cut ? kCutRed : kPinRim, false);
            actors.centre = addActor(ring(0, 0.2 * r, top + eps), actors.matrix);
            paintActor(actors.centre, cut ? kCutRed : kPinRim, false);
        } else {
            // slider guide: rails along the axis through the parent's point, carried by the
            // parent; two rails around a block, one line otherwise
            const Body& child = m_model->bodies[joint.bodyB];
            double gap = 0;
            if (child.shape == BodyShape::Block && child.specIndex >= 0) {
                gap = 0.5 * m_model->spec.bodies[child.specIndex].blockHeight + 0.12 * s.barWidth;
            }
            const double slide = jointValue(*m_model, m_ws, static_cast<int>(j));
            const Eigen::Vector2d axis = joint.axis_A.head<2>().normalized();
            const Eigen::Vector2d normal(-axis.y(), axis.x());
            const double half = 0.35 * m_metrics.extent;
            const Eigen::Vector2d a = joint.p_A.head<2>() + (slide - half) * axis;
            const Eigen::Vector2d b = joint.p_A.head<2>() + (slide + half) * axis;
            const double stroke = 0.22 * s.barWidth;
            std::vector<Polygon2d> parts;
            for (const double side :
                 gap > 0 ? std::vector<double>{-1.0, 1.0} : std::vector<double>{0.0}) {
                const Eigen::Vector2d offset = side * (gap + 0.5 * stroke) * normal;
                parts.push_back(band(a + offset, b + offset, stroke));
            }
            const bool grounded = joint.bodyA == 0;
            if (grounded) {
                const Eigen::Vector2d lower = -(gap + stroke) * normal;
                for (auto& m_stroke :
                     hatch(a + lower, b + lower, normal, 1.2 * r, 1.1 * r, 0.35 * stroke)) {
                    parts.push_back(std::move(m_stroke));
                }
            }
            vtkActor* guide = addActor(flatPolygons(parts, -0.5 * s.layerStep),
                                       grounded ? nullptr : m_bodies[joint.bodyA].matrix.Get());
            paintActor(guide, kGroundDark, false);
            if (grounded) {
                m_groundActors.push_back(guide);
            } else {
                m_bodies[joint.bodyA].guides.push_back(guide);
            }
        }
        if (cut) {
            actors.halo = addActor(ring(1.3 * r, 1.7 * r, top + 2 * eps, 8), actors.matrix);
            paintActor(actors.halo, kCutRed, false);
        }
        actors.highlight = addActor(ring(r, 1.3 * r, top + 2 * eps), actors.matrix);
        paintActor(actors.highlight, kHighlight, false);
        actors.highlight->VisibilityOff();
    }
}

void PlanarScene::buildGround() {
    // a pivot symbol below every distinct ground point of a revolute joint
    const double r = m_metrics.jointRadius;
    const double z = -m_sizes.layerStep;
    std::vector<Eigen::Vector2d> pivots;
    for (const Joint& joint : m_model->joints) {
        if (joint.type != JointType::Revolute) {
            continue;
        }
        for (const auto& [body, point] :
             {std::pair{joint.bodyA, Eigen::Vector2d(joint.p_A.head<2>())},
              std::pair{joint.bodyB, Eigen::Vector2d(joint.p_B.head<2>())}}) {
            const bool known = std::any_of(pivots.begin(), pivots.end(), [&](const auto& p) {
                return (p - point).norm() < 1e-9;
            });
            if (body == 0 && !known) {
                pivots.push_back(point);
            }
        }
    }
    std::vector<Polygon2d> fills;
    std::vector<Polygon2d> darks;
    for (const Eigen::Vector2d& p : pivots) {
        const double h = 2.6 * r;
        const Polygon2d triangle = {p, p + Eigen::Vector2d(-1.7 * r, -h),
                                    p + Eigen::Vector2d(1.7 * r, -h)};
        fills.push_back(triangle);
        vtkActor* edge = addActor(outlineLoop(triangle, z + 0.01 * m_sizes.thickness));
        paintActor(edge, kGroundDark, false);
        edge->GetProperty()->SetLineWidth(1.5f);
        m_groundActors.push_back(edge);
        const Eigen::Vector2d left = p + Eigen::Vector2d(-2.5 * r, -h);
        const Eigen::Vector2d right = p + Eigen::Vector2d(2.5 * r, -h);
        darks.push_back(band(left, right, 0.4 * r));
        for (auto& stroke :
             hatch(left, right, Eigen::Vector2d::UnitY(), 0.9 * r, 0.9 * r, 0.22 * r)) {
            darks.push_back(translated(std::move(stroke), Eigen::Vector2d(0, -0.2 * r)));
        }
    }
    if (!pivots.empty()) {
        vtkActor* fill = addActor(flatPolygons(fills, z));
        paintActor(fill, kGroundFill, false);
        vtkActor* dark = addActor(flatPolygons(darks, z));
        paintActor(dark, kGroundDark, false);
        m_groundActors.push_back(fill);
        m_groundActors.push_back(dark);
    }
}

vtkActor* PlanarScene::addTraceMarker(const TracedPoint& point) {
    const Polygon2d dot = roundedHull({point.p_B.head<2>()}, 0.5 * m_metrics.jointRadius);
    vtkActor* marker = addActor(flatPolygons({dot}, traceHeight()), m_bodies[point.body].matrix);
    paintActor(marker, kTrace, false);
    return marker;
}

void PlanarScene::placeActors() {
    for (std::size_t b = 1; b < m_bodies.size(); ++b) {
        vtkMatrix4x4* m = m_bodies[b].matrix;
        const Eigen::Matrix3d& r = m_ws.rotation[b];
        m->SetElement(0, 0, r(0, 0));
        m->SetElement(0, 1, r(0, 1));
        m->SetElement(1, 0, r(1, 0));
        m->SetElement(1, 1, r(1, 1));
        setTranslation(m, m_ws.position[b].head<2>());
    }
    for (std::size_t j = 0; j < m_joints.size(); ++j) {
        setTranslation(m_joints[j].matrix, jointPosition(static_cast<int>(j)).head<2>());
    }
}

Eigen::Vector3d
PlanarScene::drawnPoint(const Workspace& ws, int body, const Eigen::Vector3d& p_B) const {
    const Eigen::Vector2d p = PlanarSpace::pointPosition(ws, body, p_B);
    return {p.x(), p.y(), traceHeight()};
}

Eigen::Vector3d PlanarScene::jointPosition(int joint) const {
    const Eigen::Vector3d p = jointPoint(*m_model, m_ws, joint);
    return {p.x(), p.y(), m_metrics.markerHeight};
}

void PlanarScene::setReactions(const std::vector<CutReaction>& reactions,
                               double metresPerNewton,
                               double /*metresPerNewtonMetre: no moment arrows*/) {
    const double w = m_sizes.barWidth;
    const double z = m_metrics.markerHeight + 0.3 * m_sizes.thickness;
    for (std::size_t k = 0; k < m_reactionArrows.size(); ++k) {
        vtkActor* arrow = m_reactionArrows[k];
        const double length =
            k < reactions.size() ? reactions[k].force.norm() * metresPerNewton : 0;
        if (!(length > 0.5 * w) || !std::isfinite(length)) {
            arrow->VisibilityOff();
            continue;
        }
        const Eigen::Vector2d d = reactions[k].force.head<2>().normalized();
        const Eigen::Vector2d n(-d.y(), d.x());
        const Eigen::Vector2d tail = reactions[k].point.head<2>();
        const double head = std::min(1.8 * w, 0.5 * length);
        const Eigen::Vector2d neck = tail + (length - head) * d;
        const Polygon2d shaft = band(tail, neck, 0.32 * w);
        const Polygon2d tip = {neck - 0.7 * w * n, tail + length * d, neck + 0.7 * w * n};
        static_cast<vtkPolyDataMapper*>(arrow->GetMapper())
            ->SetInputData(flatPolygons({shaft, tip}, z));
        arrow->SetVisibility(m_reactionsVisible);
    }
}

void PlanarScene::applyColours() {
    // the highlighted loop's bodies and joints keep their colours; the rest fade
    const auto [bodyInLoop, jointInLoop] = highlightedLoopMembers();
    for (std::size_t b = 1; b < m_bodies.size(); ++b) {
        QColor colour = subsystemColour(b);
        QColor edge = colour.darker(170);
        if (!bodyInLoop[b]) {
            colour = mixColours(colour, kDimTarget, 0.7);
            edge = mixColours(edge, kDimTarget, 0.7);
        }
        paintActor(m_bodies[b].solid, colour, true);
        paintActor(m_bodies[b].outline, edge, false);
        for (std::size_t k = 0; k < m_bodies[b].visuals.size(); ++k) {
            const QColor own = m_bodies[b].visualColours[k].value_or(colour);
            paintActor(m_bodies[b].visuals[k],
                       bodyInLoop[b] ? own : mixColours(own, kDimTarget, 0.7), true);
        }
        for (vtkActor* guide : m_bodies[b].guides) {
            paintActor(guide, edge, false);
        }
    }
    for (std::size_t j = 0; j < m_joints.size(); ++j) {
        JointActors& actors = m_joints[j];
        const bool dim = m_highlightedLoop >= 0 && !jointInLoop[j];
        const QColor rim = m_model->joints[j].isCut() ? kCutRed : kPinRim;
        for (vtkActor* part : {actors.rim, actors.centre, actors.halo}) {
            if (part) {
                paintActor(part, dim ? mixColours(rim, kDimTarget, 0.6) : rim, false);
            }
        }
        actors.highlight->SetVisibility(jointInLoop[j]);
    }
}

std::array<double, 4> PlanarScene::bounds() const {
    std::array<double, 4> out = {
        std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(),
        std::numeric_limits<double>::max(), -std::numeric_limits<double>::max()};
    auto grow = [&](double x, double y) {
        out[0] = std::min(out[0], x);
        out[1] = std::max(out[1], x);
        out[2] = std::min(out[2], y);
        out[3] = std::max(out[3], y);
    };
    for (std::size_t b = 1; b < m_bodies.size(); ++b) {
        for (const auto& p : m_bodies[b].shape) {
            const Eigen::Vector2d w = PlanarSpace::pointPosition(m_ws, static_cast<int>(b), p);
            grow(w.x(), w.y());
        }
    }
    for (const auto& actor : m_groundActors) {
        double box[6];
        actor->GetBounds(box);
        if (box[0] <= box[1]) {
            grow(box[0], box[2]);
            grow(box[1], box[3]);
        }
    }
    for (const Eigen::Vector3d& corner : elementExtent()) {
        grow(corner.x(), corner.y());
    }
    if (m_tracesVisible) {
        for (const TracePolyline& trace : m_traces) {
            if (trace.points->GetNumberOfPoints() > 0) {
                double box[6];
                trace.points->GetBounds(box);
                grow(box[0], box[2]);
                grow(box[1], box[3]);
            }
        }
    }
    if (out[0] > out[1]) {
        out = {-0.5, 0.5, -0.5, 0.5};
    }
    return out;
}

std::vector<Eigen::Vector3d> PlanarScene::extentPoints() const {
    const std::array<double, 4> b = bounds();
    return {Eigen::Vector3d(b[0], b[2], 0), Eigen::Vector3d(b[1], b[3], 0)};
}

} // namespace sslm::ui
