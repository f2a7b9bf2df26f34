// SPDX-License-Identifier: MIT
#pragma once

// The columns a run's SampleStore holds for one compiled model, named like the CSV of
// core/sim/sample_csv.hpp ("q.theta1", "lambda.J8.x", "energy.total", ...) plus the magnitude
// of each cut reaction ("lambda.J8.magnitude"). Each column carries its family (what the
// series chooser groups by), a short label and its SI unit. An inverse-dynamics run has the
// columns of `sslm inverse` (τ of the driven coordinates, every joint's reaction with its
// magnitude, no damper work or velocity violation); a forced run has the forward columns and
// the deviation from the desired motion per coordinate. A spatial model's columns follow its
// CSV too: positions by positionNames() (a quaternion's four entries), reactions as force and
// moment components "reaction.J3.fx" … ".mz" with their magnitudes, traced points with z.

#include <string>
#include <vector>

#include <QString>

#include "core/inverse/inverse_run.hpp"
#include "core/model/model.hpp"
#include "core/sim/simulation.hpp"

namespace sslm::ui {

/// Groups of series, in the order the chooser lists them.
enum class SeriesFamily {
    Time,
    Position,      ///< q (rad or m)
    Rate,          ///< q̇ (rad/s or m/s)
    Acceleration,  ///< q̈ (rad/s² or m/s²)
    Reaction,      ///< λ per cut joint: x, y, magnitude (N), moment (N·m)
    Actuator,      ///< actuator joint forces (N·m or N)
    Energy,        ///< kinetic, potential, total, actuator and damper work (J)
    Violation,     ///< max |Φ| and max |J q̇|, plotted on a log axis
    CpuTime,       ///< time of the λ solve and of the whole RHS per sample (ns)
    TracedPoint,   ///< traced point coordinates (m)
    JointReaction, ///< inverse dynamics: every joint's reaction x, y, magnitude (N), moment
    Deviation,     ///< forced run: q − q_desired per coordinate (rad or m)
    Shaking,       ///< the force (N) and moment (N·m) the mechanism exerts on the ground
    /// loads' and elements' work, friction and stop work (J), end-stop forces (N·m or N),
    /// two-point elements' length (m), rate (m/s) and force (N)
    Element,
};

/// Human-readable family name ("Joint angles q", ...).
QString familyTitle(SeriesFamily family);

/// Whether a family is best shown on a logarithmic axis (strictly positive, spans decades).
bool familyIsLogarithmic(SeriesFamily family);

struct SampleColumn {
    QString name;  ///< unique key, e.g. "q.theta1"
    QString label; ///< short legend text, e.g. "θ theta1" or "J8 x"
    QString unit;  ///< SI unit, e.g. "rad/s²"
    SeriesFamily family = SeriesFamily::Time;
};

class SampleLayout {
public:
    /// The forward-dynamics columns for `model`; column 0 is t (s).
    explicit SampleLayout(const Model& model);
    /// The columns of an inverse-dynamics run driving `driven` (indices in q).
    static SampleLayout forInverse(const Model& model, const std::vector<int>& driven);
    /// The columns of a forced run on `forcedModel` (forcedSpec's): forward plus deviations.
    static SampleLayout forForced(const Model& forcedModel);

    bool isInverse() const { return m_inverse; }

    int columnCount() const { return static_cast<int>(m_columns.size()); }
    const SampleColumn& column(int index) const { return m_columns[index]; }
    const std::vector<SampleColumn>& columns() const { return m_columns; }
    /// Index of the column called `name`, or -1.
    int indexOf(const QString& name) const;

    /// Writes `sample` as one row of columnCount() values into `row`; a forced run's layout
    /// also takes the deviation q − q_desired (nv).
    void
    fillRow(const Sample& sample, double* row, const Eigen::VectorXd* deviation = nullptr) const;
    /// Writes an inverse-dynamics sample as one row (forInverse layouts).
    void fillRow(const InverseSample& sample, double* row) const;

private:
    SampleLayout() = default;
    void addColumn(const std::string& name,
                   const QString& label,
                   const QString& unit,
                   SeriesFamily family);
    void addCoordinates(const Model& model);
    void addCutReactions(const Model& model);
    /// Joint j's reaction columns, named by reactionColumns (core/model/wrench_columns.hpp), with
    /// the force's magnitude "<prefix>.magnitude" and, in space, the moment's
    /// "<prefix>.moment_magnitude": a cut's (λ, the Reaction family) or, when `cut` is false, an
    /// inverse run's joint's (the JointReaction family). Returns what each column holds, in
    /// order: a wrench entry (WrenchColumn::entry) or a magnitude (see sample_layout.cpp).
    std::vector<int> addReaction(const Model& model, int j, bool cut);
    void addTracedPoints(const Model& model);
    /// shaking.force.x, .y (.z), shaking.moment (.x, .y, .z) and shaking.force.magnitude.
    void addShaking(const Model& model);
    /// The modelling elements' columns, only where the model has them (as sample_csv.hpp).
    void addElements(const Model& model);

    std::vector<SampleColumn> m_columns;
    std::vector<int> m_cutJoints;                 ///< per cut: its joint index
    std::vector<std::vector<int>> m_cutEntries;   ///< per cut: what its columns hold
    std::vector<std::vector<int>> m_jointEntries; ///< inverse: per joint, what its columns hold
    std::vector<int> m_shakingEntries;            ///< what the shaking columns hold
    int m_nq = 0;
    int m_positions = 0;             ///< entries of q (nv plus one per quaternion)
    int m_dimension = 2;             ///< components of a traced point (Model::dimension)
    std::size_t m_actuatorCount = 0; ///< forward: tau columns, one per actuator
    bool m_loadWork = false;         ///< forward: a work.loads column
    bool m_frictionWork = false;     ///< forward: a work.friction column
    bool m_stopWork = false;         ///< forward: work.stops and a contact column per stop
    std::size_t m_stopCount = 0;     ///< forward: contact columns
    std::size_t m_elementCount = 0;  ///< forward: two-point elements, three columns each
    bool m_inverse = false;
    bool m_deviation = false;
};

} // namespace sslm::ui
