// SPDX-License-Identifier: MIT
#include "ui/sim/sample_layout.hpp"

#include <cmath>
#include <limits>

#include "core/kinematics/configuration.hpp"

namespace sslm::ui {

QString familyTitle(SeriesFamily family) {
    switch (family) {
    case SeriesFamily::Time:
        return QStringLiteral("Time");
    case SeriesFamily::Position:
        return QStringLiteral("Joint coordinates q");
    case SeriesFamily::Rate:
        return QStringLiteral("Joint rates q̇");
    case SeriesFamily::Acceleration:
        return QStringLiteral("Joint accelerations q̈");
    case SeriesFamily::Reaction:
        return QStringLiteral("Cut reactions λ");
    case SeriesFamily::Actuator:
        return QStringLiteral("Actuator forces τ");
    case SeriesFamily::Energy:
        return QStringLiteral("Energy");
    case SeriesFamily::Violation:
        return QStringLiteral("Constraint violation");
    case SeriesFamily::CpuTime:
        return QStringLiteral("CPU time per sample");
    case SeriesFamily::TracedPoint:
        return QStringLiteral("Traced points");
    case SeriesFamily::JointReaction:
        return QStringLiteral("Joint reactions");
    case SeriesFamily::Deviation:
        return QStringLiteral("Deviation from the desired motion");
    case SeriesFamily::Shaking:
        return QStringLiteral("Shaking force and moment");
    }
    return {};
}

bool familyIsLogarithmic(SeriesFamily family) {
    return family == SeriesFamily::Violation;
}

void SampleLayout::addColumn(const std::string& name,
                             const QString& label,
                             const QString& unit,
                             SeriesFamily family) {
    m_columns.push_back({QString::fromStdString(name), label, unit, family});
}

void SampleLayout::addCoordinates(const Model& model) {
    m_nq = model.nv();
    m_positions = model.nq();
    m_spatial = model.isSpatial();
    addColumn("t", QStringLiteral("t"), QStringLiteral("s"), SeriesFamily::Time);
    // positions: a spherical joint's quaternion (dimensionless) has four entries for its three
    // rates; every other entry is its coordinate's value
    std::vector<int> unitOf(static_cast<std::size_t>(m_positions), -1); // -1 quaternion, 0 rad, 1 m
    for (int k = 0; k < m_nq; ++k) {
        if (const int i = positionIndex(model, k); i >= 0) {
            unitOf[static_cast<std::size_t>(i)] =
                model.coordinates[static_cast<std::size_t>(k)].angular ? 0 : 1;
        }
    }
    const std::vector<std::string> positions = positionNames(model);
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const QString unit = unitOf[i] < 0
                                 ? QString()
                                 : (unitOf[i] == 0 ? QStringLiteral("rad") : QStringLiteral("m"));
        addColumn("q." + positions[i], QStringLiteral("q ") + QString::fromStdString(positions[i]),
                  unit, SeriesFamily::Position);
    }
    // generalized coordinates and their derivatives, per coordinate
    struct Derivative {
        const char* prefix;
        const char* symbol;
        const char* angularUnit;
        const char* linearUnit;
        SeriesFamily family;
    };
    for (const Derivative& d :
         {Derivative{"qd.", "q̇", "rad/s", "m/s", SeriesFamily::Rate},
          Derivative{"qdd.", "q̈", "rad/s²", "m/s²", SeriesFamily::Acceleration}}) {
        for (const Coordinate& c : model.coordinates) {
            addColumn(d.prefix + c.name,
                      QString::fromUtf8(d.symbol) + QLatin1Char(' ') +
                          QString::fromStdString(c.name),
                      QString::fromUtf8(c.angular ? d.angularUnit : d.linearUnit), d.family);
        }
    }
}

void SampleLayout::addWrench(const std::string& prefix, const QString& label, SeriesFamily family) {
    const QString newton = QStringLiteral("N");
    const QString newtonMetre = QStringLiteral("N·m");
    for (const char* axis : {"x", "y", "z"}) {
        addColumn(prefix + ".f" + axis, QStringLiteral("%1 F%2").arg(label, QLatin1String(axis)),
                  newton, family);
    }
    for (const char* axis : {"x", "y", "z"}) {
        addColumn(prefix + ".m" + axis, QStringLiteral("%1 M%2").arg(label, QLatin1String(axis)),
                  newtonMetre, family);
    }
    addColumn(prefix + ".magnitude", QStringLiteral("|F| %1").arg(label), newton, family);
    addColumn(prefix + ".moment_magnitude", QStringLiteral("|M| %1").arg(label), newtonMetre,
              family);
}

void SampleLayout::addCutReactions(const Model& model) {
    if (model.isSpatial()) {
        // force and moment (W, about side A's joint point) that side B exerts on side A, named
        // as in `sslm simulate`, with their magnitudes
        for (int cut : model.cuts) {
            const Joint& joint = model.joints[cut];
            addWrench("reaction." + joint.name,
                      QStringLiteral("λ ") + QString::fromStdString(joint.name),
                      SeriesFamily::Reaction);
            m_cutJoints.push_back(cut);
        }
        return;
    }
    // force components, magnitude, and the moment of a prismatic cut
    for (int cut : model.cuts) {
        const Joint& joint = model.joints[cut];
        const QString jointName = QString::fromStdString(joint.name);
        const QString newton = QStringLiteral("N");
        addColumn("lambda." + joint.name + ".x", QStringLiteral("λ %1 x").arg(jointName), newton,
                  SeriesFamily::Reaction);
        addColumn("lambda." + joint.name + ".y", QStringLiteral("λ %1 y").arg(jointName), newton,
                  SeriesFamily::Reaction);
        addColumn("lambda." + joint.name + ".magnitude", QStringLiteral("|λ| %1").arg(jointName),
                  newton, SeriesFamily::Reaction);
        const bool prismatic = joint.type == JointType::Prismatic;
        if (prismatic) {
            addColumn("lambda." + joint.name + ".moment",
                      QStringLiteral("λ %1 moment").arg(jointName), QStringLiteral("N·m"),
                      SeriesFamily::Reaction);
        }
        m_prismaticCut.push_back(prismatic);
        m_cutJoints.push_back(cut);
    }
}

void SampleLayout::addTracedPoints(const Model& model) {
    for (const TracedPoint& p : model.tracedPoints) {
        const QString pointName = QString::fromStdString(p.name);
        addColumn("point." + p.name + ".x", QStringLiteral("%1 x").arg(pointName),
                  QStringLiteral("m"), SeriesFamily::TracedPoint);
        addColumn("point." + p.name + ".y", QStringLiteral("%1 y").arg(pointName),
                  QStringLiteral("m"), SeriesFamily::TracedPoint);
        if (model.isSpatial()) {
            addColumn("point." + p.name + ".z", QStringLiteral("%1 z").arg(pointName),
                      QStringLiteral("m"), SeriesFamily::TracedPoint);
        }
    }
}

void SampleLayout::addShaking(const Model& model) {
    // about the ground origin, as `sslm simulate` and `sslm inverse` name them
    const QString newton = QStringLiteral("N");
    const QString newtonMetre = QStringLiteral("N·m");
    const std::vector<const char*> axes = model.isSpatial()
                                              ? std::vector<const char*>{"x", "y", "z"}
                                              : std::vector<const char*>{"x", "y"};
    for (const char* axis : axes) {
        addColumn(std::string("shaking.force.") + axis,
                  QStringLiteral("shaking F%1").arg(QLatin1String(axis)), newton,
                  SeriesFamily::Shaking);
    }
    if (model.isSpatial()) {
        for (const char* axis : axes) {
            addColumn(std::string("shaking.moment.") + axis,
                      QStringLiteral("shaking M%1").arg(QLatin1String(axis)), newtonMetre,
                      SeriesFamily::Shaking);
        }
    } else {
        addColumn("shaking.moment", QStringLiteral("shaking M"), newtonMetre,
                  SeriesFamily::Shaking);
    }
    addColumn("shaking.force.magnitude", QStringLiteral("|shaking F|"), newton,
              SeriesFamily::Shaking);
}

namespace {

QString forceUnit(const Joint& joint) {
    return joint.type == JointType::Revolute ? QStringLiteral("N·m") : QStringLiteral("N");
}

} // namespace

SampleLayout::SampleLayout(const Model& model) {
    addCoordinates(model);
    addCutReactions(model);
    m_actuatorCount = model.actuators.size();
    for (const Actuator& actuator : model.actuators) {
        const Joint& joint = model.joints[actuator.joint];
        addColumn("tau." + joint.coordinateName,
                  QStringLiteral("τ %1").arg(QString::fromStdString(joint.coordinateName)),
                  forceUnit(joint), SeriesFamily::Actuator);
    }
    const QString joule = QStringLiteral("J");
    addColumn("energy.kinetic", QStringLiteral("kinetic"), joule, SeriesFamily::Energy);
    addColumn("energy.potential", QStringLiteral("potential"), joule, SeriesFamily::Energy);
    addColumn("energy.total", QStringLiteral("total"), joule, SeriesFamily::Energy);
    addColumn("work.actuators", QStringLiteral("actuator work"), joule, SeriesFamily::Energy);
    addColumn("work.dampers", QStringLiteral("damper work"), joule, SeriesFamily::Energy);
    addColumn("violation.position", QStringLiteral("position max |Φ|"), QStringLiteral("m"),
              SeriesFamily::Violation);
    addColumn("violation.velocity", QStringLiteral("velocity max |J q̇|"), QStringLiteral("m/s"),
              SeriesFamily::Violation);
    addColumn("cpu.lambda_ns", QStringLiteral("λ solve"), QStringLiteral("ns"),
              SeriesFamily::CpuTime);
    addColumn("cpu.rhs_ns", QStringLiteral("whole RHS"), QStringLiteral("ns"),
              SeriesFamily::CpuTime);
    addTracedPoints(model);
    addShaking(model);
}

SampleLayout SampleLayout::forInverse(const Model& model, const std::vector<int>& driven) {
    SampleLayout layout;
    layout.m_inverse = true;
    layout.addCoordinates(model);
    if (!model.isSpatial()) {
        layout.addCutReactions(model); // spatial: the cut joints' reactions are joint reactions
    }
    for (const int k : driven) {
        const Coordinate& c = model.coordinates[static_cast<std::size_t>(k)];
        layout.addColumn(
            "tau." + c.name, QStringLiteral("τ %1").arg(QString::fromStdString(c.name)),
            forceUnit(model.joints[static_cast<std::size_t>(c.joint)]), SeriesFamily::Actuator);
    }
    layout.m_jointCount = model.joints.size();
    const QString joule = QStringLiteral("J");
    layout.addColumn("energy.kinetic", QStringLiteral("kinetic"), joule, SeriesFamily::Energy);
    layout.addColumn("energy.potential", QStringLiteral("potential"), joule, SeriesFamily::Energy);
    layout.addColumn("energy.total", QStringLiteral("total"), joule, SeriesFamily::Energy);
    layout.addColumn("violation.position", QStringLiteral("position max |Φ|"), QStringLiteral("m"),
                     SeriesFamily::Violation);
    layout.addColumn("cpu.inverse_ns", QStringLiteral("inverse dynamics"), QStringLiteral("ns"),
                     SeriesFamily::CpuTime);
    layout.addTracedPoints(model);
    layout.addShaking(model);
    for (const Joint& joint : model.joints) {
        if (model.isSpatial()) {
            layout.addWrench("reaction." + joint.name, QString::fromStdString(joint.name),
                             SeriesFamily::JointReaction);
            continue;
        }
        const QString name = QString::fromStdString(joint.name);
        const QString newton = QStringLiteral("N");
        layout.addColumn("reaction." + joint.name + ".x", QStringLiteral("%1 x").arg(name), newton,
                         SeriesFamily::JointReaction);
        layout.addColumn("reaction." + joint.name + ".y", QStringLiteral("%1 y").arg(name), newton,
                         SeriesFamily::JointReaction);
        layout.addColumn("reaction." + joint.name + ".magnitude",
                         QStringLiteral("|R| %1").arg(name), newton, SeriesFamily::JointReaction);
        const bool prismatic = joint.type == JointType::Prismatic;
        if (prismatic) {
            layout.addColumn("reaction." + joint.name + ".moment",
                             QStringLiteral("%1 moment").arg(name), QStringLiteral("N·m"),
                             SeriesFamily::JointReaction);
        }
        layout.m_prismaticJoint.push_back(prismatic);
    }
    return layout;
}

SampleLayout SampleLayout::forForced(const Model& forcedModel) {
    SampleLayout layout(forcedModel);
    layout.m_deviation = true;
    for (const Coordinate& c : forcedModel.coordinates) {
        layout.addColumn(
            "deviation." + c.name, QStringLiteral("Δ%1").arg(QString::fromStdString(c.name)),
            c.angular ? QStringLiteral("rad") : QStringLiteral("m"), SeriesFamily::Deviation);
    }
    return layout;
}

int SampleLayout::indexOf(const QString& name) const {
    for (int i = 0; i < columnCount(); ++i) {
        if (m_columns[i].name == name) {
            return i;
        }
    }
    return -1;
}

namespace {

// Row writers: each puts its values at `out` and moves it past them.

void putStates(double*& out,
               double t,
               const Eigen::VectorXd& q,
               const Eigen::VectorXd& qd,
               const Eigen::VectorXd& qdd,
               int positions,
               int nv) {
    *out++ = t;
    for (int i = 0; i < positions; ++i) {
        *out++ = q[i];
    }
    for (const Eigen::VectorXd* v : {&qd, &qdd}) {
        for (int k = 0; k < nv; ++k) {
            *out++ = (*v)[k];
        }
    }
}

/// A spatial reaction's force and moment components (N, N·m; W) and their magnitudes.
void putWrench(double*& out, const Eigen::Vector3d& force, const Eigen::Vector3d& moment) {
    for (int k = 0; k < 3; ++k) {
        *out++ = force[k];
    }
    for (int k = 0; k < 3; ++k) {
        *out++ = moment[k];
    }
    *out++ = force.norm();
    *out++ = moment.norm();
}

/// A reaction's x, y and |F| (N, W), and its moment (N·m) for a prismatic joint.
void putReaction(double*& out, const Eigen::Vector2d& force, double moment, bool prismatic) {
    *out++ = force.x();
    *out++ = force.y();
    *out++ = force.norm();
    if (prismatic) {
        *out++ = moment;
    }
}

/// Each traced point's x, y (and z in space), m, W.
void putPoints(double*& out, const std::vector<Eigen::Vector3d>& points, bool spatial) {
    for (const Eigen::Vector3d& p : points) {
        for (int k = 0; k < (spatial ? 3 : 2); ++k) {
            *out++ = p[k];
        }
    }
}

/// The shaking wrench's force (and moment) components and the force's magnitude, as
/// SampleLayout::addShaking lists them.
void putShaking(double*& out, const ShakingWrench& shaking, bool spatial) {
    for (int k = 0; k < (spatial ? 3 : 2); ++k) {
        *out++ = shaking.force[k];
    }
    if (spatial) {
        for (int k = 0; k < 3; ++k) {
            *out++ = shaking.moment[k];
        }
    } else {
        *out++ = shaking.moment.z();
    }
    *out++ = shaking.force.norm();
}

} // namespace

void SampleLayout::fillRow(const Sample& sample,
                           double* row,
                           const Eigen::VectorXd* deviation) const {
    double* out = row;
    putStates(out, sample.t, sample.q, sample.qd, sample.qdd, m_positions, m_nq);
    if (m_spatial) {
        for (std::size_t i = 0; i < m_cutJoints.size(); ++i) {
            putWrench(out, sample.reactions[i].force, sample.reactions[i].moment);
        }
    }
    for (std::size_t i = 0; i < m_prismaticCut.size(); ++i) {
        putReaction(out, sample.reactions[i].force.head<2>(), sample.reactions[i].moment.z(),
                    m_prismaticCut[i]);
    }
    // as many as the layout has columns for, whatever the sample holds
    for (std::size_t a = 0; a < m_actuatorCount; ++a) {
        const auto index = static_cast<Eigen::Index>(a);
        *out++ = index < sample.actuatorForces.size() ? sample.actuatorForces[index]
                                                      : std::numeric_limits<double>::quiet_NaN();
    }
    for (double value : {sample.kineticEnergy, sample.potentialEnergy, sample.totalEnergy,
                         sample.actuatorWork, sample.damperWork, sample.positionViolation,
                         sample.velocityViolation, sample.cpuLambdaNs, sample.cpuRhsNs}) {
        *out++ = value;
    }
    putPoints(out, sample.points, m_spatial);
    putShaking(out, sample.shaking, m_spatial);
    if (m_deviation) {
        for (int k = 0; k < m_nq; ++k) {
            *out++ = deviation != nullptr ? (*deviation)[k] : 0.0;
        }
    }
}

void SampleLayout::fillRow(const InverseSample& sample, double* row) const {
    double* out = row;
    putStates(out, sample.t, sample.q, sample.qd, sample.qdd, m_positions, m_nq);
    // a joint's reaction in W (zero when the sample has none for it)
    const auto reactionOf = [&](std::size_t joint, bool prismatic) {
        const bool have = joint < sample.reactions.size();
        putReaction(out,
                    have ? Eigen::Vector2d(sample.reactions[joint].force.head<2>())
                         : Eigen::Vector2d::Zero(),
                    have ? sample.reactions[joint].moment.z() : 0.0, prismatic);
    };
    // λ as the cut joints' reactions in W, as forward runs store them
    for (std::size_t i = 0; i < m_prismaticCut.size(); ++i) {
        reactionOf(static_cast<std::size_t>(m_cutJoints[i]), m_prismaticCut[i]);
    }
    for (const double tau : sample.tau) {
        *out++ = tau;
    }
    for (const double value :
         {sample.kineticEnergy, sample.potentialEnergy,
          sample.kineticEnergy + sample.potentialEnergy, sample.positionViolation, sample.cpuNs}) {
        *out++ = value;
    }
    putPoints(out, sample.points, m_spatial);
    putShaking(out, sample.shaking, m_spatial);
    if (m_spatial) {
        for (std::size_t j = 0; j < m_jointCount; ++j) {
            const bool have = j < sample.reactions.size();
            putWrench(out, have ? sample.reactions[j].force : Eigen::Vector3d::Zero(),
                      have ? sample.reactions[j].moment : Eigen::Vector3d::Zero());
        }
        return;
    }
    for (std::size_t j = 0; j < m_prismaticJoint.size(); ++j) {
        reactionOf(j, m_prismaticJoint[j]);
    }
}

} // namespace sslm::ui
