// SPDX-License-Identifier: MIT
#pragma once

// Live validation of a mechanism as the editor holds it, possibly invalid or half drawn: what
// is wrong, which bodies and joints to highlight, and how to fix it, with the DOF by Grübler's
// count and by the rank of the loop Jacobian J at the assembled pose. It reuses validateSpec and
// compileModel's diagnostics and adds what they cannot see: topology of an invalid spec,
// assembly failures explained by the loop's link lengths, redundant loops found by the rank of
// J, toggle poses and inputs that do not match the DOF. Never throws on bad input; one call
// costs a compile, an assembly and a few small SVDs, cheap enough to run after every edit.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"
#include "core/spec/mechanism_spec.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm {

/// What a finding is about; the UI may choose an icon or a highlight style by it.
enum class FindingKind {
    InvalidValue,      ///< a value or name the file format refuses (validateSpec)
    DanglingReference, ///< a joint, trace, actuator or cut names a body, point or joint not there
    SelfJoint,         ///< a joint joins a body to itself
    Disconnected,      ///< a body has no chain of joints to the ground
    Locked,            ///< the mechanism cannot move: 0 DOF, or Grübler's count ≤ 0
    /// J loses rank at and near the assembled pose: a loop's closure equations repeat others'
    /// (parallel equal links), which SSLM cannot solve.
    RedundantConstraint,
    DoesNotAssemble, ///< a loop cannot close from the initial state
    SingularPose,    ///< the initial pose is a toggle (J_dep singular) or a change point (J there)
    CutSet,          ///< the spec's cut joints do not leave a spanning tree
    InitialState,    ///< the inputs do not match the DOF, name unknown coordinates, or are cut
};

/// What a user does about a finding, for a front end to say in its own words (the Studio names
/// its tools); CheckFinding::fix says it in the file's terms.
enum class Remedy {
    None,
    AddInputs,         ///< mark more joints as inputs (independent coordinates)
    RemoveInputs,      ///< mark fewer joints as inputs
    MoveInputsOffPose, ///< start the inputs a little away from a toggle pose
};

/// One problem, pointing at the elements to highlight.
struct CheckFinding {
    Diagnostic::Severity severity = Diagnostic::Severity::Error;
    FindingKind kind = FindingKind::InvalidValue;
    std::vector<std::string> bodies; ///< body ids to highlight ("ground" for the ground)
    std::vector<std::string> joints; ///< joint names to highlight
    /// 0-based loop of the analysed model (messages say "loop <loop + 1>"), or −1.
    int loop = -1;
    std::string where;   ///< JSON path from validateSpec/compileModel, e.g. "joints[3].child.body"
    std::string message; ///< what is wrong, one sentence
    std::string fix;     ///< how to fix it; may be empty
    Remedy remedy = Remedy::None;

    bool isError() const { return severity == Diagnostic::Severity::Error; }
};

/// The result of checkMechanism.
struct MechanismCheck {
    /// 3·bodies − 2·joints over every body and joint of the spec (each joint has 1 DOF).
    int dofGrubler = 0;
    /// nv − rank J at the assembled pose; empty unless the initial state assembles.
    std::optional<int> dofJacobian;
    /// Independent loops of the body/joint graph, joints − bodies + connected parts, counting
    /// the joints whose two ends name existing, different bodies.
    int independentLoops = 0;
    /// The initial state assembles: position analysis from spec.initial (inputs held, the
    /// assembly guess as start) closes every loop.
    bool assembles = false;
    std::vector<CheckFinding> findings; ///< spec errors first, then topology, then analysis

    /// The spec compiled with its own cuts; null when it does not compile (the analysis may
    /// still run on a variant: automatic cuts, or Grübler ≤ 0).
    std::shared_ptr<const Model> model;
    /// The assembled initial pose (model->nv(); rad or m) when `model` is set and it assembles.
    Eigen::VectorXd q;

    bool hasErrors() const;
    /// The findings of one kind, in order.
    std::vector<const CheckFinding*> findingsOf(FindingKind kind) const;
};

/// Checks a spec as the editor holds it. Never throws for bad input.
MechanismCheck checkMechanism(const MechanismSpec& spec);

} // namespace sslm
