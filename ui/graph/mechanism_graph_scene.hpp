// SPDX-License-Identifier: MIT
#pragma once

// The graph of one mechanism as a QGraphicsScene: a node per body (the ground on top), an
// edge per joint, laid out by layoutGraph() and routed around the other nodes. The topology
// comes from the spec and never changes with the cut choice; setModel() recolours the nodes
// by subsystem and marks the cut joints. A click on a joint is reported, not acted upon.

#include <vector>

#include <QGraphicsScene>

#include "core/model/model.hpp"
#include "core/spec/mechanism_spec.hpp"

namespace sslm::ui {

class BodyNodeItem;
class JointEdgeItem;

class MechanismGraphScene : public QGraphicsScene {
    Q_OBJECT

public:
    explicit MechanismGraphScene(QObject* parent = nullptr);

    /// Builds the nodes and edges of `spec` (node k + 1 is spec.bodies[k]).
    void setSpec(const MechanismSpec& spec);
    /// Subsystem colours and cut marks of a model compiled from the same spec.
    void setModel(const Model& model);
    /// Highlights the joints and bodies of `loop` of the current model (-1: none).
    void setHighlightedLoop(int loop);
    /// Marks the cut joint about to be released (-1: none).
    void setArmedJoint(int joint);

    int nodeCount() const { return static_cast<int>(m_nodes.size()); }
    int edgeCount() const { return static_cast<int>(m_edges.size()); }
    BodyNodeItem* node(int index) const { return m_nodes.at(index); }
    JointEdgeItem* edge(int joint) const { return m_edges.at(joint); }
    /// The edge of a joint name, or null.
    JointEdgeItem* edge(const QString& name) const;

Q_SIGNALS:
    void jointClicked(int joint);
    void backgroundClicked();

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;

private:
    JointEdgeItem* edgeAt(const QPointF& scenePos) const;
    void routeEdges(const std::vector<std::pair<int, int>>& ends,
                    const std::vector<int>& layer,
                    const std::vector<int>& rank);

    std::vector<BodyNodeItem*> m_nodes;
    std::vector<JointEdgeItem*> m_edges;
    std::vector<std::vector<int>> m_loopJoints;
    std::vector<std::vector<int>> m_loopNodes;
    int m_pressedJoint = -1;
};

} // namespace sslm::ui
