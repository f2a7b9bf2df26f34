// SPDX-License-Identifier: MIT
#pragma once

// Position analysis planned once per model and inputs (seed 004's echelon form): which loops a
// closed form solves, by which class and in which order (each loop's unknowns become known
// from the inputs and the loops before it), and which are left to Newton. The plan reads the
// model's structure alone (joint kinds, axes, which coordinates are known); an Assembler keeps
// it with the scratch a solve needs, so that a stroke of solves allocates nothing after its
// first (a loop whose geometry turns degenerate at a pose falls to Newton for that solve).

#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/kinematics/planar_triad.hpp"
#include "core/kinematics/position_analysis.hpp"
#include "core/model/model.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

/// The closed-form classes, in the order a loop is offered to them.
enum class ClosedFormClass {
    PlanarTriad,   ///< planar_triad.hpp: RRR, RRP, RPR, …
    RevoluteChain, ///< revolute_chain_closed_form.hpp: the 6R elbow arm, the spherical triad
    UpsLeg,        ///< ups_leg_closed_form.hpp
    RssrLoop,      ///< rssr_closed_form.hpp: RSSR, RSUR, RSSP, …
};

/// One loop the plan solves in closed form.
struct PlannedLoop {
    int loop = -1;
    ClosedFormClass solver = ClosedFormClass::PlanarTriad;
    TriadShape triad; ///< a planar triad's unknowns and segments (PlanarTriad only)
};

struct AssemblyPlan {
    std::vector<bool> held;              ///< per coordinate (q̇ index): an input
    std::vector<int> dependent;          ///< the other coordinates, ascending
    std::vector<PlannedLoop> closedForm; ///< in echelon (solution) order
    std::vector<int> newtonLoops;        ///< the loops no class takes, ascending
};

/// The plan for `model` with the coordinates `independent` (q̇ indices) as inputs.
AssemblyPlan planAssembly(const Model& model, const std::vector<int>& independent);

/// A class's name for `sslm info` ("planar triad", "UPS leg", …).
std::string closedFormClassName(ClosedFormClass solver);

/// Solves positions for one model and one set of inputs, again and again (a stroke, a sweep,
/// a drag): the plan is made once, and the report's storage is reused. Holds a reference to
/// the model, which must outlive it.
class Assembler {
public:
    Assembler(const Model& model, const std::vector<int>& independent);

    const AssemblyPlan& plan() const { return m_plan; }

    /// As sslm::assemble (position_analysis.hpp) with this assembler's inputs; the report is
    /// valid until the next call.
    const AssemblyReport& assemble(Workspace& ws,
                                   Eigen::Ref<Eigen::VectorXd> q,
                                   const AssemblyMode& mode = {},
                                   const AssemblyOptions& options = {});

private:
    /// Solves the planned loops in closed form; returns whether every coordinate is known.
    bool solveClosedForms(Workspace& ws, Eigen::Ref<Eigen::VectorXd> q, const AssemblyMode& mode);
    void runNewton(Workspace& ws, Eigen::Ref<Eigen::VectorXd> q, const AssemblyOptions& options);
    void explainFailure(Workspace& ws, const Eigen::Ref<const Eigen::VectorXd>& q);

    const Model& m_model;
    AssemblyPlan m_plan;
    std::vector<bool> m_known; ///< scratch: the coordinates known so far in a solve
    AssemblyReport m_report;
    double m_closedFormResidual = 0; ///< the largest closure error a closed form left
    std::string m_closedFormFailure; ///< the first loop a closed form found out of reach
    std::string m_wrongMode;         ///< a mode asked for that a loop's class does not have
};

} // namespace sslm
