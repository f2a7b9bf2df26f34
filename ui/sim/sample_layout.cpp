// SPDX-License-Identifier: MIT
#include "ui/sim/sample_layout.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/kinematics/configuration.hpp"
#include "core/model/wrench_columns.hpp"

namespace sslm::ui {

namespace {

// What a reaction or shaking column holds (the layout keeps one list per wrench, and a row
// writer reads it): a wrench entry 0–5 (WrenchColumn::entry: the force's x, y, z, then the
// moment's), or one of these magnitudes.
constexpr int kForceMagnitude = 6;  ///< |F| (N)
constexpr int kMomentMagnitude = 7; ///< |M| (N·m)

/// The axis letter of a wrench entry: x, y or z of the force (0–2) or of the moment (3–5).
QString axisName(int entry) {
    return QString(QLatin1Char("xyz"[entry % 3]));
}

} // namespace

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
    case SeriesFamily::Element:
        return QStringLiteral("Loads, springs and stops");
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
    m_dimension = model.dimension();
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

std::vector<int> SampleLayout::addReaction(const Model& model, int j, bool cut) {
    // force and moment (W, about the reaction's point) that side B exerts on side A, named as
    // in `sslm simulate` and `sslm inverse`
    const std::vector<WrenchColumn> columns = reactionColumns(model, j, /*forwardRunCut=*/cut);
    const std::string& first = columns.front().name;
    const std::string prefix = first.substr(0, first.rfind('.')); // "lambda.J8", "reaction.J3"
    const QString joint = QString::fromStdString(model.joints[static_cast<std::size_t>(j)].name);
    const QString label = cut ? QStringLiteral("λ ") + joint : joint; // "λ J8" or "J8"
    const SeriesFamily family = cut ? SeriesFamily::Reaction : SeriesFamily::JointReaction;
    std::vector<int> entries;
    const auto add = [&](const std::string& name, const QString& text, int entry) {
        const bool moment = entry == kMomentMagnitude || (entry >= 3 && entry < kForceMagnitude);
        addColumn(name, text, moment ? QStringLiteral("N·m") : QStringLiteral("N"), family);
        entries.push_back(entry);
    };
    if (model.isSpatial()) {
        // the whole wrench ("λ J3 Fx" … "λ J3 Mz"), then |F| and |M|
        for (const WrenchColumn& column : columns) {
            add(column.name,
                QStringLiteral("%1 %2%3").arg(
                    label, column.entry < 3 ? QStringLiteral("F") : QStringLiteral("M"),
                    axisName(column.entry)),
                column.entry);
        }
        add(prefix + ".magnitude", QStringLiteral("|F| %1").arg(label), kForceMagnitude);
        add(prefix + ".moment_magnitude", QStringLiteral("|M| %1").arg(label), kMomentMagnitude);
        return entries;
    }
    // the plane: the force's x and y ("λ J8 x"), its magnitude ("|λ| J8", "|R| J8"), then a
    // prismatic joint's moment about z ("λ J8 moment")
    for (const WrenchColumn& column : columns) {
        if (column.entry < 3) {
            add(column.name, QStringLiteral("%1 %2").arg(label, axisName(column.entry)),
                column.entry);
        }
    }
    add(prefix + ".magnitude",
        QStringLiteral("|%1| %2").arg(cut ? QStringLiteral("λ") : QStringLiteral("R"), joint),
        kForceMagnitude);
    for (const WrenchColumn& column : columns) {
        if (column.entry >= 3) {
            add(column.name, QStringLiteral("%1 moment").arg(label), column.entry);
        }
    }
    return entries;
}

void SampleLayout::addCutReactions(const Model& model) {
    for (int cut : model.cuts) {
        m_cutEntries.push_back(addReaction(model, cut, /*cut=*/true));
        m_cutJoints.push_back(cut);
    }
}

void SampleLayout::addTracedPoints(const Model& model) {
    for (const TracedPoint& p : model.tracedPoints) {
        const QString pointName = QString::fromStdString(p.name);
        for (int k = 0; k < model.dimension(); ++k) {
            const QString axis = axisName(k);
            addColumn("point." + p.name + "." + axis.toStdString(),
                      QStringLiteral("%1 %2").arg(pointName, axis), QStringLiteral("m"),
                      SeriesFamily::TracedPoint);
        }
    }
}

void SampleLayout::addShaking(const Model& model) {
    // about the run's moment point, as `sslm simulate` and `sslm inverse` name them; a moment
    // about one axis only (the plane's z) is labelled without its axis
    const int momentAxes = 3 - model.firstRotationAxis();
    for (const WrenchColumn& column : shakingColumns(model)) {
        const bool moment = column.entry >= 3;
        addColumn(column.name,
                  QStringLiteral("shaking %1%2")
                      .arg(moment ? QStringLiteral("M") : QStringLiteral("F"),
                           moment && momentAxes == 1 ? QString() : axisName(column.entry)),
                  moment ? QStringLiteral("N·m") : QStringLiteral("N"), SeriesFamily::Shaking);
        m_shakingEntries.push_back(column.entry);
    }
    addColumn("shaking.force.magnitude", QStringLiteral("|shaking F|"), QStringLiteral("N"),
              SeriesFamily::Shaking);
    m_shakingEntries.push_back(kForceMagnitude);
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
    addElements(model);
}

void SampleLayout::addElements(const Model& model) {
    const QString joule = QStringLiteral("J");
    m_loadWork = !model.loads.empty() || !model.twoPointElements.empty();
    if (m_loadWork) {
        addColumn("work.loads", QStringLiteral("load and element work"), joule,
                  SeriesFamily::Element);
    }
    m_frictionWork = std::any_of(model.joints.begin(), model.joints.end(),
                                 [](const Joint& j) { return j.friction.has_value(); });
    if (m_frictionWork) {
        addColumn("work.friction", QStringLiteral("friction work"), joule, SeriesFamily::Element);
    }
    m_stopWork = !model.limitedJoints.empty();
    if (m_stopWork) {
        addColumn("work.stops", QStringLiteral("end-stop work"), joule, SeriesFamily::Element);
    }
    m_stopCount = model.limitedJoints.size();
    for (const int j : model.limitedJoints) {
        const Joint& joint = model.joints[static_cast<std::size_t>(j)];
        addColumn("contact." + joint.name,
                  QStringLiteral("stop force %1").arg(QString::fromStdString(joint.name)),
                  forceUnit(joint), SeriesFamily::Element);
    }
    m_elementCount = model.twoPointElements.size();
    for (const TwoPointElement& e : model.twoPointElements) {
        const QString name = QString::fromStdString(e.spec.name);
        addColumn("element." + e.spec.name + ".length", QStringLiteral("%1 length").arg(name),
                  QStringLiteral("m"), SeriesFamily::Element);
        addColumn("element." + e.spec.name + ".rate", QStringLiteral("%1 rate").arg(name),
                  QStringLiteral("m/s"), SeriesFamily::Element);
        addColumn("element." + e.spec.name + ".force", QStringLiteral("%1 force").arg(name),
                  QStringLiteral("N"), SeriesFamily::Element);
    }
}

SampleLayout SampleLayout::forInverse(const Model& model, const std::vector<int>& driven) {
    SampleLayout layout;
    layout.m_inverse = true;
    layout.addCoordinates(model);
    if (!model.isSpatial()) {
        // the plane's cut multipliers, as forward runs store them; in space the cut joints'
        // reactions are only the joint reactions below (as `sslm inverse` writes them)
        layout.addCutReactions(model);
    }
    for (const int k : driven) {
        const Coordinate& c = model.coordinates[static_cast<std::size_t>(k)];
        layout.addColumn(
            "tau." + c.name, QStringLiteral("τ %1").arg(QString::fromStdString(c.name)),
            forceUnit(model.joints[static_cast<std::size_t>(c.joint)]), SeriesFamily::Actuator);
    }
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
    for (std::size_t j = 0; j < model.joints.size(); ++j) {
        layout.m_jointEntries.push_back(
            layout.addReaction(model, static_cast<int>(j), /*cut=*/false));
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

/// A wrench's columns: per entry of `entries`, a component of force or moment (N, N·m; W) or
/// a magnitude, as SampleLayout::addReaction and addShaking list them.
void putWrench(double*& out,
               const std::vector<int>& entries,
               const Eigen::Vector3d& force,
               const Eigen::Vector3d& moment) {
    for (const int entry : entries) {
        if (entry < 3) {
            *out++ = force[entry];
        } else if (entry < kForceMagnitude) {
            *out++ = moment[entry - 3];
        } else {
            *out++ = entry == kForceMagnitude ? force.norm() : moment.norm();
        }
    }
}

/// Each traced point's first `dimension` coordinates: x, y (and z in space), m, W.
void putPoints(double*& out, const std::vector<Eigen::Vector3d>& points, int dimension) {
    for (const Eigen::Vector3d& p : points) {
        for (int k = 0; k < dimension; ++k) {
            *out++ = p[k];
        }
    }
}

} // namespace

void SampleLayout::fillRow(const Sample& sample,
                           double* row,
                           const Eigen::VectorXd* deviation) const {
    double* out = row;
    putStates(out, sample.t, sample.q, sample.qd, sample.qdd, m_positions, m_nq);
    for (std::size_t i = 0; i < m_cutEntries.size(); ++i) {
        putWrench(out, m_cutEntries[i], sample.reactions[i].force, sample.reactions[i].moment);
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
    putPoints(out, sample.points, m_dimension);
    putWrench(out, m_shakingEntries, sample.shaking.force, sample.shaking.moment);
    // the elements' columns: as many as the layout has, whatever the sample holds
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (m_loadWork) {
        *out++ = sample.loadWork;
    }
    if (m_frictionWork) {
        *out++ = sample.frictionWork;
    }
    if (m_stopWork) {
        *out++ = sample.stopWork;
    }
    for (std::size_t k = 0; k < m_stopCount; ++k) {
        const auto index = static_cast<Eigen::Index>(k);
        *out++ = index < sample.stopForces.size() ? sample.stopForces[index] : nan;
    }
    for (std::size_t k = 0; k < m_elementCount; ++k) {
        const bool known = k < sample.elements.size();
        *out++ = known ? sample.elements[k].length : nan;
        *out++ = known ? sample.elements[k].rate : nan;
        *out++ = known ? sample.elements[k].force : nan;
    }
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
    const JointReaction none;
    const auto reactionOf = [&](std::size_t joint, const std::vector<int>& entries) {
        const JointReaction& r = joint < sample.reactions.size() ? sample.reactions[joint] : none;
        putWrench(out, entries, r.force, r.moment);
    };
    // λ as the cut joints' reactions in W, as forward runs store them (the plane's only)
    for (std::size_t i = 0; i < m_cutEntries.size(); ++i) {
        reactionOf(static_cast<std::size_t>(m_cutJoints[i]), m_cutEntries[i]);
    }
    for (const double tau : sample.tau) {
        *out++ = tau;
    }
    for (const double value :
         {sample.kineticEnergy, sample.potentialEnergy,
          sample.kineticEnergy + sample.potentialEnergy, sample.positionViolation, sample.cpuNs}) {
        *out++ = value;
    }
    putPoints(out, sample.points, m_dimension);
    putWrench(out, m_shakingEntries, sample.shaking.force, sample.shaking.moment);
    for (std::size_t j = 0; j < m_jointEntries.size(); ++j) {
        reactionOf(j, m_jointEntries[j]);
    }
}

} // namespace sslm::ui
