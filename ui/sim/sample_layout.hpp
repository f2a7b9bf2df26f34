// SPDX-License-Identifier: MIT
#pragma once

// The columns a run's SampleStore holds for one compiled model, named like the CSV of
// core/sim/sample_csv.hpp ("q.theta1", "lambda.J8.x", "energy.total", ...) plus the magnitude
// of each cut reaction ("lambda.J8.magnitude"). Each column carries its family (what the
// series chooser groups by), a short label and its SI unit.

#include <string>
#include <vector>

#include <QString>

#include "core/model/model.hpp"
#include "core/sim/simulation.hpp"

namespace sslm::ui {

/// Groups of series, in the order the chooser lists them.
enum class SeriesFamily {
    Time,
    Position,     ///< q (rad or m)
    Rate,         ///< q̇ (rad/s or m/s)
    Acceleration, ///< q̈ (rad/s² or m/s²)
    Reaction,     ///< λ per cut joint: x, y, magnitude (N), moment (N·m)
    Actuator,     ///< actuator joint forces (N·m or N)
    Energy,       ///< kinetic, potential, total, actuator and damper work (J)
    Violation,    ///< max |Φ| and max |J q̇|, plotted on a log axis
    CpuTime,      ///< time of the λ solve and of the whole RHS per sample (ns)
    TracedPoint,  ///< traced point coordinates (m)
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
    /// The columns for `model`; column 0 is t (s).
    explicit SampleLayout(const Model& model);

    int columnCount() const { return static_cast<int>(m_columns.size()); }
    const SampleColumn& column(int index) const { return m_columns[index]; }
    const std::vector<SampleColumn>& columns() const { return m_columns; }
    /// Index of the column called `name`, or -1.
    int indexOf(const QString& name) const;

    /// Writes `sample` as one row of columnCount() values into `row`.
    void fillRow(const Sample& sample, double* row) const;

private:
    std::vector<SampleColumn> m_columns;
    std::vector<bool> m_prismaticCut; ///< per cut: true when it has a moment column
    int m_nq = 0;
};

} // namespace sslm::ui
