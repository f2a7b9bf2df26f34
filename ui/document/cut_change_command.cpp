// SPDX-License-Identifier: MIT
#include "ui/document/cut_change_command.hpp"

#include <QStringList>

#include "ui/graph/mechanism_graph_view.hpp"

namespace sslm::ui {

namespace {

QString joined(const std::vector<std::string>& cuts) {
    QStringList names;
    for (const std::string& cut : cuts) {
        names << QString::fromStdString(cut);
    }
    return names.join(QStringLiteral(", "));
}

} // namespace

CutChangeCommand::CutChangeCommand(MechanismGraphView* graph,
                                   std::vector<std::string> before,
                                   std::vector<std::string> after,
                                   std::shared_ptr<const Model> afterModel,
                                   Adopt adopt)
    : m_graph(graph), m_before(std::move(before)), m_after(std::move(after)),
      m_firstModel(std::move(afterModel)), m_adopt(std::move(adopt)) {
    setText(QStringLiteral("Cut %1").arg(joined(m_after)));
}

void CutChangeCommand::undo() {
    apply(m_before);
}

void CutChangeCommand::redo() {
    if (m_firstModel) {
        m_adopt(std::exchange(m_firstModel, nullptr)); // already applied by the graph view
        return;
    }
    apply(m_after);
}

void CutChangeCommand::apply(const std::vector<std::string>& cuts) {
    if (std::shared_ptr<const Model> model = m_graph->applyCuts(cuts)) {
        m_adopt(std::move(model));
    }
}

} // namespace sslm::ui
