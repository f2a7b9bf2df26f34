// SPDX-License-Identifier: MIT
#pragma once

// An undoable change of the cut joints made in the graph view. The first redo() only adopts the
// model the graph view already compiled; undo and later redos re-apply the cut sets through
// MechanismGraphView::applyCuts and hand the recompiled model to `adopt`.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <QUndoCommand>

#include "core/model/model.hpp"

namespace sslm::ui {

class MechanismGraphView;

class CutChangeCommand : public QUndoCommand {
public:
    using Adopt = std::function<void(std::shared_ptr<const Model>)>;

    CutChangeCommand(MechanismGraphView* graph,
                     std::vector<std::string> before,
                     std::vector<std::string> after,
                     std::shared_ptr<const Model> afterModel,
                     Adopt adopt);

    void undo() override;
    void redo() override;

private:
    void apply(const std::vector<std::string>& cuts);

    MechanismGraphView* m_graph;
    std::vector<std::string> m_before;
    std::vector<std::string> m_after;
    std::shared_ptr<const Model> m_firstModel; ///< the graph view's model, adopted once
    Adopt m_adopt;
};

} // namespace sslm::ui
