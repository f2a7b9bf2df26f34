// SPDX-License-Identifier: MIT
#include "ui/sim/sample_layout.hpp"

#include <cmath>

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
    }
    return {};
}

bool familyIsLogarithmic(SeriesFamily family) {
    return family == SeriesFamily::Violation;
}

SampleLayout::SampleLayout(const Model& model) : m_nq(model.nq()) {
    const auto add = [this](const std::string& name, const QString& label, const QString& unit,
                            SeriesFamily family) {
        m_columns.push_back({QString::fromStdString(name), label, unit, family});
    };
    add("t", QStringLiteral("t"), QStringLiteral("s"), SeriesFamily::Time);

    // generalized coordinates and their derivatives, per coordinate
    struct Derivative {
        const char* prefix;
        const char* symbol;
        const char* angularUnit;
        const char* linearUnit;
        SeriesFamily family;
    };
    for (const Derivative& d :
         {Derivative{"q.", "q", "rad", "m", SeriesFamily::Position},
          Derivative{"qd.", "q̇", "rad/s", "m/s", SeriesFamily::Rate},
          Derivative{"qdd.", "q̈", "rad/s²", "m/s²", SeriesFamily::Acceleration}}) {
        for (const Coordinate& c : model.coordinates) {
            add(d.prefix + c.name,
                QString::fromUtf8(d.symbol) + QLatin1Char(' ') + QString::fromStdString(c.name),
                QString::fromUtf8(c.angular ? d.angularUnit : d.linearUnit), d.family);
        }
    }

    // cut reactions: force components, magnitude, and the moment of a prismatic cut
    for (int cut : model.cuts) {
        const Joint& joint = model.joints[cut];
        const QString jointName = QString::fromStdString(joint.name);
        const QString newton = QStringLiteral("N");
        add("lambda." + joint.name + ".x", QStringLiteral("λ %1 x").arg(jointName), newton,
            SeriesFamily::Reaction);
        add("lambda." + joint.name + ".y", QStringLiteral("λ %1 y").arg(jointName), newton,
            SeriesFamily::Reaction);
        add("lambda." + joint.name + ".magnitude", QStringLiteral("|λ| %1").arg(jointName), newton,
            SeriesFamily::Reaction);
        const bool prismatic = joint.type == JointType::Prismatic;
        if (prismatic) {
            add("lambda." + joint.name + ".moment", QStringLiteral("λ %1 moment").arg(jointName),
                QStringLiteral("N·m"), SeriesFamily::Reaction);
        }
        m_prismaticCut.push_back(prismatic);
    }

    for (const Actuator& actuator : model.actuators) {
        const Joint& joint = model.joints[actuator.joint];
        add("tau." + joint.coordinateName,
            QStringLiteral("τ %1").arg(QString::fromStdString(joint.coordinateName)),
            joint.type == JointType::Revolute ? QStringLiteral("N·m") : QStringLiteral("N"),
            SeriesFamily::Actuator);
    }

    const QString joule = QStringLiteral("J");
    add("energy.kinetic", QStringLiteral("kinetic"), joule, SeriesFamily::Energy);
    add("energy.potential", QStringLiteral("potential"), joule, SeriesFamily::Energy);
    add("energy.total", QStringLiteral("total"), joule, SeriesFamily::Energy);
    add("work.actuators", QStringLiteral("actuator work"), joule, SeriesFamily::Energy);
    add("work.dampers", QStringLiteral("damper work"), joule, SeriesFamily::Energy);
    add("violation.position", QStringLiteral("position max |Φ|"), QStringLiteral("m"),
        SeriesFamily::Violation);
    add("violation.velocity", QStringLiteral("velocity max |J q̇|"), QStringLiteral("m/s"),
        SeriesFamily::Violation);
    add("cpu.lambda_ns", QStringLiteral("λ solve"), QStringLiteral("ns"), SeriesFamily::CpuTime);
    add("cpu.rhs_ns", QStringLiteral("whole RHS"), QStringLiteral("ns"), SeriesFamily::CpuTime);

    for (const TracedPoint& p : model.tracedPoints) {
        const QString pointName = QString::fromStdString(p.name);
        add("point." + p.name + ".x", QStringLiteral("%1 x").arg(pointName), QStringLiteral("m"),
            SeriesFamily::TracedPoint);
        add("point." + p.name + ".y", QStringLiteral("%1 y").arg(pointName), QStringLiteral("m"),
            SeriesFamily::TracedPoint);
    }
}

int SampleLayout::indexOf(const QString& name) const {
    for (int i = 0; i < columnCount(); ++i) {
        if (m_columns[i].name == name) {
            return i;
        }
    }
    return -1;
}

void SampleLayout::fillRow(const Sample& sample, double* row) const {
    int c = 0;
    row[c++] = sample.t;
    for (const Eigen::VectorXd* v : {&sample.q, &sample.qd, &sample.qdd}) {
        for (int k = 0; k < m_nq; ++k) {
            row[c++] = (*v)[k];
        }
    }
    for (std::size_t i = 0; i < m_prismaticCut.size(); ++i) {
        const CutReaction& r = sample.reactions[i];
        row[c++] = r.force.x();
        row[c++] = r.force.y();
        row[c++] = r.force.norm();
        if (m_prismaticCut[i]) {
            row[c++] = r.moment;
        }
    }
    for (double force : sample.actuatorForces) {
        row[c++] = force;
    }
    for (double value : {sample.kineticEnergy, sample.potentialEnergy, sample.totalEnergy,
                         sample.actuatorWork, sample.damperWork, sample.positionViolation,
                         sample.velocityViolation, sample.cpuLambdaNs, sample.cpuRhsNs}) {
        row[c++] = value;
    }
    for (const Eigen::Vector2d& p : sample.points) {
        row[c++] = p.x();
        row[c++] = p.y();
    }
}

} // namespace sslm::ui
