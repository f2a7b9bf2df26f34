// SPDX-License-Identifier: MIT
#include "ui/viewport/element_actors.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <vtkActor.h>
#include <vtkPolyDataMapper.h>

#include <Eigen/Geometry>

#include "core/kinematics/forward_kinematics.hpp"
#include "ui/style/palette.hpp"
#include "ui/viewport/scene_actors.hpp"
#include "ui/viewport/solid_geometry.hpp"

namespace sslm::ui {
namespace {

/// A coil's turns: about one per 2.5 coil radii of its length, within these bounds.
constexpr int kFewestCoilTurns = 5;
constexpr int kMostCoilTurns = 24;
constexpr int kCoilPointsPerTurn = 16;
/// A torque's arc: three quarters of a turn, at this many joint radii from its point.
constexpr double kTorqueSweep = 1.5 * std::numbers::pi;
constexpr double kTorqueArcRadius = 2.4;
/// The load arrows' scale fits the largest value over this window (s), sampled this often.
constexpr double kScaleWindow = 20.0;
constexpr int kScaleSamples = 800;

QString newtons(double force) {
    return QStringLiteral("%1 N").arg(force, 0, 'g', 3);
}

QString newtonMetres(double torque) {
    return QStringLiteral("%1 N·m").arg(torque, 0, 'g', 3);
}

/// The world direction of a body-frame vector of `body` at the positions in `ws`.
Eigen::Vector3d worldDirection(const Workspace& ws, int body, const Eigen::Vector3d& v_B) {
    return ws.rotation[static_cast<std::size_t>(body)] * v_B;
}

/// A coil from a to b (m, W): straight leads at both ends, a helix of `radius` between them,
/// a wire of `wire` radius.
vtkSmartPointer<vtkPolyData>
coil(const Eigen::Vector3d& a, const Eigen::Vector3d& b, double radius, double wire) {
    const double length = (b - a).norm();
    if (!(length > 0) || !std::isfinite(length)) {
        return vtkSmartPointer<vtkPolyData>::New();
    }
    const Eigen::Vector3d d = (b - a) / length;
    Eigen::Vector3d u, v;
    // in the plane u lies in it and v along z: the top view shows the coil as a wave
    perpendicularPair(d, u, v);
    const double lead = std::min(0.15 * length, 2.0 * radius);
    const Eigen::Vector3d start = a + lead * d;
    const int turns =
        std::clamp(static_cast<int>(std::lround((length - 2.0 * lead) / (2.5 * radius))),
                   kFewestCoilTurns, kMostCoilTurns);
    const double pitch = (length - 2.0 * lead) / turns;
    std::vector<Eigen::Vector3d> path{a, start};
    const int steps = turns * kCoilPointsPerTurn;
    for (int k = 1; k < steps; ++k) {
        const double turn = static_cast<double>(k) / kCoilPointsPerTurn;
        const double angle = 2.0 * std::numbers::pi * turn;
        // the radius grows from and returns to the axis over the first and last half turn
        const double taper = std::min({1.0, 2.0 * turn, 2.0 * (turns - turn)});
        path.push_back(start + turn * pitch * d +
                       taper * radius * (std::sin(angle) * u + std::cos(angle) * v));
    }
    path.push_back(b - lead * d);
    path.push_back(b);
    return sweptTube(path, wire);
}

} // namespace

ElementActors::ElementActors(SceneActors& actors,
                             const Model& model,
                             DrawnPoint drawnPoint,
                             double jointRadius,
                             double extent)
    : m_model(model), m_drawnPoint(std::move(drawnPoint)), m_size(jointRadius), m_extent(extent) {
    m_twoPoint.resize(model.twoPointElements.size());
    for (std::size_t i = 0; i < m_twoPoint.size(); ++i) {
        const bool cylinder = model.twoPointElements[i].spec.kind == TwoPointSpec::Kind::Cylinder;
        m_twoPoint[i].body =
            addActor(actors, cylinder ? viewCylinderBarrelColour() : viewSpringColour());
        if (cylinder) {
            m_twoPoint[i].rod = addActor(actors, viewCylinderRodColour());
        }
    }
    m_loads.resize(model.loads.size());
    double largestForce = 0;
    double largestTorque = 0;
    for (std::size_t i = 0; i < m_loads.size(); ++i) {
        m_loads[i].force = addActor(actors, viewLoadColour());
        m_loads[i].torqueArc = addActor(actors, viewLoadColour());
        m_loads[i].torqueHead = addActor(actors, viewLoadColour());
        // the largest values over the first kScaleWindow seconds, where runs usually stay
        for (int k = 0; k <= kScaleSamples; ++k) {
            const double t = kScaleWindow * k / kScaleSamples;
            largestForce = std::max(largestForce, std::abs(model.loads[i].force.value(t)));
            largestTorque = std::max(largestTorque, std::abs(model.loads[i].torque.value(t)));
        }
    }
    if (std::isfinite(largestForce) && largestForce > 0) {
        m_metresPerNewton = 0.2 * m_extent / largestForce;
    }
    if (std::isfinite(largestTorque) && largestTorque > 0) {
        m_metresPerNewtonMetre = kTorqueSweep / largestTorque;
    }
    for (const int j : model.limitedJoints) {
        m_stops.push_back(
            {j, addActor(actors, viewStopColour()), addActor(actors, viewStopColour())});
    }
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        if (model.joints[j].friction) {
            m_frictionJoints.push_back(static_cast<int>(j));
        }
    }
}

vtkActor* ElementActors::addActor(SceneActors& actors, const QColor& colour) {
    vtkActor* actor = actors.add(vtkSmartPointer<vtkPolyData>::New());
    paintActor(actor, colour, true, true);
    actor->VisibilityOff();
    m_all.push_back(actor);
    return actor;
}

bool ElementActors::isEmpty() const {
    return m_all.empty() && m_frictionJoints.empty();
}

void ElementActors::reshape(vtkActor* actor, vtkSmartPointer<vtkPolyData> data) const {
    const bool shaped = data->GetNumberOfPoints() > 0;
    static_cast<vtkPolyDataMapper*>(actor->GetMapper())->SetInputData(data);
    actor->SetVisibility(m_visible && shaped);
}

void ElementActors::setVisible(bool visible) {
    m_visible = visible;
    for (vtkActor* actor : m_all) {
        vtkPolyData* data = static_cast<vtkPolyDataMapper*>(actor->GetMapper())->GetInput();
        actor->SetVisibility(visible && data && data->GetNumberOfPoints() > 0);
    }
}

std::vector<Eigen::Vector3d> ElementActors::extentPoints() const {
    if (!m_visible) {
        return {};
    }
    Eigen::AlignedBox3d box;
    for (vtkActor* actor : m_all) {
        vtkPolyData* data = static_cast<vtkPolyDataMapper*>(actor->GetMapper())->GetInput();
        if (data && data->GetNumberOfPoints() > 0) {
            double b[6];
            data->GetBounds(b);
            box.extend(Eigen::Vector3d(b[0], b[2], b[4]));
            box.extend(Eigen::Vector3d(b[1], b[3], b[5]));
        }
    }
    if (box.isEmpty()) {
        return {};
    }
    return {box.min(), box.max()};
}

void ElementActors::place(const Workspace& ws, double t) {
    m_labels.clear();
    for (std::size_t i = 0; i < m_twoPoint.size(); ++i) {
        placeTwoPoint(ws, i);
    }
    for (std::size_t i = 0; i < m_loads.size(); ++i) {
        placeLoad(ws, t, i);
    }
    for (std::size_t i = 0; i < m_stops.size(); ++i) {
        placeStops(ws, i);
    }
    for (const int j : m_frictionJoints) {
        const Joint& joint = m_model.joints[static_cast<std::size_t>(j)];
        m_labels.push_back({m_drawnPoint(ws, joint.bodyA, joint.p_A), QStringLiteral("μ"),
                            ElementLabel::Kind::Friction});
    }
}

void ElementActors::placeTwoPoint(const Workspace& ws, std::size_t index) {
    const TwoPointElement& element = m_model.twoPointElements[index];
    TwoPointActors& actors = m_twoPoint[index];
    const Eigen::Vector3d a = m_drawnPoint(ws, element.firstBody, element.first_B);
    const Eigen::Vector3d b = m_drawnPoint(ws, element.secondBody, element.second_B);
    const double length = (b - a).norm();
    if (actors.initialLength == 0) {
        actors.initialLength = length;
    }
    if (!actors.rod) {
        reshape(actors.body, coil(a, b, 1.1 * m_size, 0.16 * m_size));
    } else if (length > 0 && std::isfinite(length)) {
        // the barrel keeps half the first length from the first point; the rod reaches into
        // it from the second point whatever the stroke
        const Eigen::Vector3d d = (b - a) / length;
        const double barrel = 0.5 * actors.initialLength;
        reshape(actors.body, tube(a, a + barrel * d, 0.9 * m_size));
        const double inside = std::min(0.42 * actors.initialLength, 0.9 * length);
        reshape(actors.rod, tube(a + inside * d, b, 0.45 * m_size));
    } else {
        reshape(actors.body, vtkSmartPointer<vtkPolyData>::New());
        reshape(actors.rod, vtkSmartPointer<vtkPolyData>::New());
    }
    if (!element.spec.name.empty()) {
        m_labels.push_back({0.5 * (a + b), QString::fromStdString(element.spec.name),
                            ElementLabel::Kind::Element});
    }
}

void ElementActors::placeLoad(const Workspace& ws, double t, std::size_t index) {
    const Load& load = m_model.loads[index];
    LoadActors& actors = m_loads[index];
    const Eigen::Vector3d p = m_drawnPoint(ws, load.body, load.p_B);
    const double force = load.force.value(t);
    const double torque = load.torque.value(t);
    // a value beyond the window's largest shrinks the scale (no arrow grows past a fifth)
    if (std::isfinite(force) && force != 0 &&
        (m_metresPerNewton == 0 || std::abs(force) * m_metresPerNewton > 0.2 * m_extent)) {
        m_metresPerNewton = 0.2 * m_extent / std::abs(force);
    }
    if (std::isfinite(torque) && torque != 0 &&
        (m_metresPerNewtonMetre == 0 || std::abs(torque) * m_metresPerNewtonMetre > kTorqueSweep)) {
        m_metresPerNewtonMetre = kTorqueSweep / std::abs(torque);
    }
    const Eigen::Vector3d direction =
        load.turnsWithBody ? worldDirection(ws, load.body, load.direction) : load.direction;
    // the arrow points at the point it pushes; at least long enough to show its head
    const double length = std::max(std::abs(force) * m_metresPerNewton, 6.0 * m_size);
    const Eigen::Vector3d vector = (force < 0 ? -1.0 : 1.0) * length * direction;
    const bool pushes = std::isfinite(force) && force != 0;
    reshape(actors.force,
            pushes ? arrow(p - vector, vector, 0.3 * m_size) : vtkSmartPointer<vtkPolyData>::New());
    QStringList values;
    if (pushes) {
        values << newtons(force);
    }

    const bool turns = std::isfinite(torque) && torque != 0;
    vtkSmartPointer<vtkPolyData> arc = vtkSmartPointer<vtkPolyData>::New();
    vtkSmartPointer<vtkPolyData> head = vtkSmartPointer<vtkPolyData>::New();
    if (turns) {
        // an arc about the axis, turning the way the torque does, its head at its end
        const Eigen::Vector3d axis =
            (load.turnsWithBody ? worldDirection(ws, load.body, load.axis) : load.axis) *
            (torque < 0 ? -1.0 : 1.0);
        Eigen::Vector3d u, v;
        perpendicularPair(axis, u, v);
        const double radius = kTorqueArcRadius * m_size;
        const double sweep = std::clamp(std::abs(torque) * m_metresPerNewtonMetre,
                                        0.25 * kTorqueSweep, kTorqueSweep);
        std::vector<Eigen::Vector3d> path;
        const int steps = 36;
        for (int k = 0; k <= steps; ++k) {
            const double angle = sweep * k / steps;
            path.push_back(p + radius * (std::cos(angle) * u + std::sin(angle) * v));
        }
        arc = sweptTube(path, 0.22 * m_size);
        const Eigen::Vector3d end = path.back();
        const Eigen::Vector3d tangent = (-std::sin(sweep) * u + std::cos(sweep) * v);
        head = cone(end, end + 1.6 * m_size * tangent, 0.55 * m_size);
        values << newtonMetres(torque);
    }
    reshape(actors.torqueArc, arc);
    reshape(actors.torqueHead, head);
    if (!values.isEmpty()) {
        const QString name = QString::fromStdString(load.name);
        const QString text = values.join(QStringLiteral(", "));
        m_labels.push_back({pushes ? Eigen::Vector3d(p - vector) : p,
                            name.isEmpty() ? text : name + QStringLiteral(" · ") + text,
                            ElementLabel::Kind::Load});
    }
}

void ElementActors::placeStops(const Workspace& ws, std::size_t index) {
    StopActors& actors = m_stops[index];
    const Joint& joint = m_model.joints[static_cast<std::size_t>(actors.joint)];
    const JointLimitsSpec& limits = *joint.limits;
    const double value = jointValue(m_model, ws, actors.joint);
    const Eigen::Vector3d axis = worldDirection(ws, joint.bodyA, joint.axis_A).normalized();
    const Eigen::Vector3d pointB = m_drawnPoint(ws, joint.bodyB, joint.p_B);
    const auto mark = [&](const std::optional<double>& limit) -> vtkSmartPointer<vtkPolyData> {
        if (!limit || !std::isfinite(value)) {
            return vtkSmartPointer<vtkPolyData>::New();
        }
        if (joint.type == JointType::Prismatic) {
            // a bar across the guide where side B's point stands at the limit
            Eigen::Vector3d u, v;
            perpendicularPair(axis, u, v);
            const Eigen::Vector3d at = pointB + (*limit - value) * axis;
            return tube(at - 1.7 * m_size * u, at + 1.7 * m_size * u, 0.2 * m_size);
        }
        // a radial bar where side B's arm (towards its centre of mass) stands at the limit
        const Eigen::Vector3d centre = m_drawnPoint(ws, joint.bodyA, joint.p_A);
        Eigen::Vector3d arm =
            worldDirection(ws, joint.bodyB,
                           m_model.bodies[static_cast<std::size_t>(joint.bodyB)].com_B - joint.p_B);
        arm -= arm.dot(axis) * axis;
        if (!(arm.norm() > 1e-9 * m_extent)) {
            Eigen::Vector3d v;
            perpendicularPair(axis, arm, v);
        }
        const Eigen::Vector3d d = Eigen::AngleAxisd(*limit - value, axis) * arm.normalized();
        return tube(centre + 1.3 * m_size * d, centre + 4.5 * m_size * d, 0.24 * m_size);
    };
    reshape(actors.lower, mark(limits.lower));
    reshape(actors.upper, mark(limits.upper));
}

} // namespace sslm::ui
