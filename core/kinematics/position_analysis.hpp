// SPDX-License-Identifier: MIT
#pragma once

// Position, velocity and acceleration analysis of the closed loops: given the independent
// (input) coordinates, find the dependent ones so that Φ(q) = 0. Loops with a closed form are
// solved first, one after another as their unknowns become known (seed 004's echelon idea):
// planar loops with two unknown revolute or prismatic coordinates and a revolute or prismatic
// cut (planar_triad.hpp: RRR, RRP, RPR, PRR, … ), spatial RSSR-type loops with one base
// joint's angle or slide known (rssr_closed_form.hpp: RSSR, RSSP, PSSR, …), 6R arms with a
// spherical wrist (revolute_chain_closed_form.hpp). Each root is an assembly mode. What remains
// (coupled loops such as the 3-RRR's, the spatial ladder) is solved by damped Gauss–Newton
// with a bounded step (on the manifold in space), which keeps to the branch of its starting
// guess.

#include <functional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

struct AssemblyOptions {
    int maxIterations = 100;        ///< Newton iterations
    double tolerance = 1e-13;       ///< max |Φ| accepted (m, rad)
    double minSingularValue = 1e-9; ///< σ_min(J_dep) below which the pose is singular
    /// Solve the loops that have one in closed form; false leaves every loop to Newton.
    bool closedForm = true;
    /// Measure σ_min(J_dep) for the report (an SVD); false leaves it 0, for callers that do not
    /// read it (a pose solved in closed form then costs no iteration and no factorisation).
    bool measureConditioning = true;
};

/// How an assembly went.
struct AssemblyReport {
    bool converged = false;
    int iterations = 0;               ///< Newton iterations (0 when everything was closed form)
    double residual = 0;              ///< max |Φ| at the result (m, rad)
    double minSingularValue = 0;      ///< σ_min of J_dep = ∂Φ/∂q_dependent at the result
    std::vector<int> closedFormLoops; ///< loops solved in closed form, in solution order
    std::vector<int> newtonLoops;     ///< loops left to Newton
    /// Per loop: the closed-form mode used (its label, closed_form_solution.hpp: +1 or −1 for a
    /// two-root class, up to ±4 for the elbow arm's eight), 0 for Newton loops.
    std::vector<int> branch;
    /// Per loop: how many modes its closed-form class has (0 for Newton loops).
    std::vector<int> modeCounts;
    /// Per loop: its closed form's class ("RRR", "RPR", … for a planar triad, read from the
    /// loop's base; "RSUR", "RSSP", … read from the input; "6R, spherical wrist"), empty for a
    /// Newton loop.
    std::vector<std::string> classes;
    /// Empty on success; else what failed, naming the loop, joint and distances, with a hint.
    std::string message;
};

/// Assembly mode: per loop, the closed-form mode to take (a label: +1, −1, +2, …; see
/// closed_form_solution.hpp), or 0 for "the mode nearest the values already in q".
using AssemblyMode = std::vector<int>;

/// Assembles q in place: the coordinates listed in `independent` are held; the others are
/// solved, starting from their values in q (the guess). With an empty `mode` every closed-form
/// loop takes the branch whose angles are nearest the guess; results are wrapped to the
/// 2π-representative nearest the guess. Uses ws as scratch.
AssemblyReport assemble(const Model& model,
                        Workspace& ws,
                        Eigen::Ref<Eigen::VectorXd> q,
                        const std::vector<int>& independent,
                        const AssemblyMode& mode = {},
                        const AssemblyOptions& options = {});

/// Told by assemblyModes after each assembly it tries: how many it has tried and how many it
/// will try in all. Returning false stops the listing there.
using AssemblyModesProgress = std::function<bool(int tried, int trials)>;

/// The distinct assemblies of the mechanism for the independent values in q (the open and
/// crossed four-bar, the scraper's mirror pantograph, ...): every combination of closed-form
/// branches that closes, plus distinct Newton solutions from a spread of starting guesses.
/// Each entry is a full q (nq); the first is q's own assembly. Stopped by `progress`, it
/// returns the modes found so far.
std::vector<Eigen::VectorXd> assemblyModes(const Model& model,
                                           Workspace& ws,
                                           const Eigen::VectorXd& q,
                                           const std::vector<int>& independent,
                                           const AssemblyOptions& options = {},
                                           const AssemblyModesProgress& progress = {});

/// Dependent rates for given independent rates: J_dep q̇_dep = −J_ind q̇_ind. qd is updated in
/// place (independent entries held). Precondition: q assembled. Returns σ_min(J_dep).
double solveVelocities(const Model& model,
                       Workspace& ws,
                       const Eigen::VectorXd& q,
                       Eigen::Ref<Eigen::VectorXd> qd,
                       const std::vector<int>& independent);

/// Dependent accelerations: J_dep q̈_dep = −J_ind q̈_ind − J̇q̇. qdd is updated in place.
/// Precondition: q assembled, qd consistent.
void solveAccelerations(const Model& model,
                        Workspace& ws,
                        const Eigen::VectorXd& q,
                        const Eigen::VectorXd& qd,
                        Eigen::Ref<Eigen::VectorXd> qdd,
                        const std::vector<int>& independent);

/// Assembled initial state of the file: independent values and rates from spec.initial, the
/// others from its assembly guess. Works for any cut choice: when an input coordinate is cut in
/// `model`, the state is assembled in model.fileCutModel (the file's own cuts, compiled once
/// by compileModel) and carried over through the body poses.
struct InitialState {
    Eigen::VectorXd q;  ///< nq() (= nv for a planar model)
    Eigen::VectorXd qd; ///< nv
    AssemblyReport report;
};
InitialState assembleInitialState(const Model& model);

/// Mobility at a pose: nv − rank J (rank with a relative tolerance on the singular values),
/// and the singular values of J, largest first. Precondition: updatePositions.
struct MobilityAtPose {
    int dof = 0;
    Eigen::VectorXd singularValues;
};
MobilityAtPose mobilityAtPose(const Model& model, Workspace& ws);

/// The singular value below which J (or a block of it) counts as rank deficient: relative to
/// the largest singular value, with a floor of 1e-9. J mixes m and rad, so the threshold is
/// meant for mechanisms sized in metres (links from millimetres to tens of metres).
double rankThreshold(const Eigen::MatrixXd& J, double largestSingularValue);

/// One step of a position sweep of an input coordinate.
struct SweepSample {
    double input = 0;  ///< value of the driven coordinate (rad or m)
    Eigen::VectorXd q; ///< assembled coordinates
    bool converged = false;
    double minSingularValue = 0; ///< σ_min(J_dep): near 0 at toggle / dead-centre poses
    bool toggle = false;         ///< a toggle or dead-centre pose lies in the step ending here
};

/// Steps `input` from its value in q to each of `values` in turn, keeping the assembly branch:
/// each step is predicted along the velocity solution and corrected by Newton, and subdivided
/// when the correction is large or det J_dep changes sign, so that the solver never jumps
/// to another branch. Stops (converged = false on the last sample) when a pose cannot be
/// assembled, e.g. past a toggle position.
std::vector<SweepSample> sweepInput(const Model& model,
                                    Workspace& ws,
                                    const Eigen::VectorXd& q0,
                                    const std::vector<int>& independent,
                                    int input,
                                    const std::vector<double>& values,
                                    const AssemblyOptions& options = {});

} // namespace sslm
