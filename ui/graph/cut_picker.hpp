// SPDX-License-Identifier: MIT
#pragma once

// The click grammar for choosing cut joints on the graph. A valid cut set leaves a spanning
// tree, so a single toggle from one valid set (adding or removing one cut) is never valid;
// instead every change is an exchange: one cut joint is released and one tree joint of its
// loop is cut.
//
// - Click a tree joint X: X is cut instead of the cut of the shortest loop through X (the
//   first such loop on ties), in one click. The message names the alternatives when X lies on
//   several loops.
// - Click a cut joint C: C is armed ("release C"); its loop's joints become the choices. Click
//   one of them to cut it instead of C; click C again (or cancel()) to disarm, or another cut
//   joint to arm that one instead.
// - A click whose result does not compile or assemble (a joint on no loop, a joint outside the
//   armed loop) changes nothing and explains why with the compiler's own diagnostic.
//
// "Click C, then X" performs any single exchange of the spanning-tree exchange graph, which is
// connected, so every valid cut set is reachable. Qt-free.

#include <memory>
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/spec/mechanism_spec.hpp"
#include "ui/graph/cut_set_evaluation.hpp"

namespace sslm::ui {

struct CutClickOutcome {
    enum class Kind {
        Applied,  ///< a new valid cut set: `evaluation` holds its model
        Armed,    ///< a cut joint was armed; nothing changed yet
        Disarmed, ///< the armed cut was released from arming; nothing changed
        Rejected, ///< the click would give an invalid cut set; nothing changed
    };
    Kind kind = Kind::Rejected;
    std::vector<std::string> cuts; ///< the new cut set (Applied) or the one refused (Rejected)
    CutSetEvaluation evaluation;   ///< of `cuts` (Applied, Rejected)
    std::string message;           ///< one or two sentences for the user
};

class CutPicker {
public:
    /// Starts from a valid model (its spec is the one edited); disarms.
    void reset(std::shared_ptr<const Model> model);

    /// The user clicked joint `joint` (index in Model::joints, file order).
    CutClickOutcome click(int joint);
    void cancel() { m_armedCut = -1; }

    const std::shared_ptr<const Model>& model() const { return m_model; }
    /// The armed cut joint, or -1.
    int armedCut() const { return m_armedCut; }
    /// The loop closed by the armed cut, or -1.
    int armedLoop() const;
    /// Loops whose joint cycle contains `joint`, ascending.
    std::vector<int> loopsThrough(int joint) const;

private:
    CutClickOutcome exchange(int releasedCut, int newCut) const;
    CutClickOutcome clickTreeJoint(int joint);

    std::shared_ptr<const Model> m_model;
    int m_armedCut = -1;
};

} // namespace sslm::ui
