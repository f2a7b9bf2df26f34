// SPDX-License-Identifier: MIT
#pragma once

// The CSV form of simulation samples, shared by `sslm simulate` and the desktop export so that
// both write the same columns:
//   t, q.<coord>…, qd.<coord>…, qdd.<coord>…,
//   lambda.<cut>.x, lambda.<cut>.y (+ lambda.<cut>.moment for a prismatic cut)…,
//   tau.<coord> for each actuated joint…,
//   energy.kinetic, energy.potential, energy.total, work.actuators, work.dampers,
//   violation.position, violation.velocity, cpu.lambda_ns, cpu.rhs_ns,
//   point.<name>.x, point.<name>.y…
// Units: SI (s, rad or m, N or N·m, J, ns). λ columns are the cut reactions of
// loop_constraints.hpp (CutReaction): the force (ground frame) that the cut's side B exerts on its
// side A.

#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/sim/simulation.hpp"

namespace sslm {

/// Appends `value` to `line` in the shortest form that reads back to the same double, with '.'
/// as the decimal point whatever the locale (the form of every CSV number SSLM writes).
void appendCsvNumber(std::string& line, double value);

/// Column names, in order.
std::vector<std::string> sampleCsvColumns(const Model& model);

/// The header line, without the newline.
std::string sampleCsvHeader(const Model& model);

/// The values of one row for `sample`, in the order of sampleCsvColumns (`values` is cleared
/// first): what the CSV row holds, as doubles.
void sampleValues(const Model& model, const Sample& sample, std::vector<double>& values);

/// Appends one row for `sample` to `line` (cleared first), without the newline; numbers in full
/// double precision with '.' as the decimal point whatever the locale.
void sampleCsvRow(const Model& model, const Sample& sample, std::string& line);

} // namespace sslm
