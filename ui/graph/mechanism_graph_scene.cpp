// SPDX-License-Identifier: MIT
#include "ui/graph/mechanism_graph_scene.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <QGraphicsSceneMouseEvent>

#include "core/model/spherical_loops.hpp"
#include "core/spec/joint_kinds.hpp"
#include "ui/graph/body_node_item.hpp"
#include "ui/graph/graph_layout.hpp"
#include "ui/graph/joint_edge_item.hpp"
#include "ui/style/palette.hpp"

namespace sslm::ui {

namespace {

constexpr int kCurveSamples = 48;
constexpr double kClearance = 10;      // px kept between an edge and the boxes it passes
constexpr double kGroundOverhang = 40; // px of the ground bar beyond its outermost pivots
constexpr double kBendStep = 16;       // px

QPointF quadratic(const QPointF& a, const QPointF& control, const QPointF& b, double t) {
    const double u = 1 - t;
    return u * u * a + 2 * u * t * control + t * t * b;
}

/// Samples of the curve a → b through `control` that lie outside both end boxes, with the
/// end points moved onto the boxes' borders by bisection.
QPolygonF clippedCurve(const QPointF& a,
                       const QPointF& control,
                       const QPointF& b,
                       const QRectF& boxA,
                       const QRectF& boxB) {
    const auto firstOutside = [&](double inside, double outside, const QRectF& box) {
        for (int i = 0; i < 30; ++i) {
            const double mid = (inside + outside) / 2;
            (box.contains(quadratic(a, control, b, mid)) ? inside : outside) = mid;
        }
        return outside;
    };
    double t0 = 0;
    while (t0 < 1 && boxA.contains(quadratic(a, control, b, t0))) {
        t0 += 1.0 / kCurveSamples;
    }
    double t1 = 1;
    while (t1 > t0 && boxB.contains(quadratic(a, control, b, t1))) {
        t1 -= 1.0 / kCurveSamples;
    }
    t0 = t0 > 0 ? firstOutside(t0 - 1.0 / kCurveSamples, t0, boxA) : 0;
    t1 = t1 < 1 ? firstOutside(t1 + 1.0 / kCurveSamples, t1, boxB) : 1;
    QPolygonF route;
    for (int i = 0; i <= kCurveSamples; ++i) {
        route << quadratic(a, control, b, t0 + (t1 - t0) * i / kCurveSamples);
    }
    return route;
}

bool curveHitsBox(const QPointF& a, const QPointF& control, const QPointF& b, const QRectF& box) {
    for (int i = 1; i < kCurveSamples; ++i) {
        if (box.contains(quadratic(a, control, b, double(i) / kCurveSamples))) {
            return true;
        }
    }
    return false;
}

QString jointToolTip(const JointSpec& joint, MotionSpace space, int rows) {
    if (space == MotionSpace::Spatial) {
        return QStringLiteral("%1 — %2 joint, %3 – %4: as a cut joint it closes its loop with %5 "
                              "equations")
            .arg(QString::fromStdString(joint.name), QString::fromLatin1(jointTypeWord(joint.type)),
                 QString::fromStdString(joint.parent.body),
                 QString::fromStdString(joint.child.body))
            .arg(rows);
    }
    return QStringLiteral("%1 — %2 joint, %3 – %4")
        .arg(QString::fromStdString(joint.name),
             joint.type == JointType::Prismatic ? QStringLiteral("prismatic")
                                                : QStringLiteral("revolute"),
             QString::fromStdString(joint.parent.body), QString::fromStdString(joint.child.body));
}

} // namespace

MechanismGraphScene::MechanismGraphScene(QObject* parent) : QGraphicsScene(parent) {}

void MechanismGraphScene::setSpec(const MechanismSpec& spec) {
    clear();
    m_nodes.clear();
    m_edges.clear();
    m_loopJoints.clear();
    m_loopNodes.clear();
    m_pressedJoint = -1;

    QFont nodeFont = font();
    nodeFont.setBold(true);
    std::map<std::string, int> nodeOfBody{{kGroundId, 0}};
    std::vector<QString> labels{QString::fromStdString(spec.ground.name)};
    std::vector<QString> tips{QStringLiteral("%1 (fixed)").arg(labels[0])};
    for (std::size_t k = 0; k < spec.bodies.size(); ++k) {
        const BodySpec& body = spec.bodies[k];
        nodeOfBody[body.id] = static_cast<int>(k) + 1;
        labels.push_back(QString::fromStdString(body.name.empty() ? body.id : body.name));
        tips.push_back(QStringLiteral("%1 (id %2), %3 kg")
                           .arg(labels.back(), QString::fromStdString(body.id))
                           .arg(body.mass));
    }

    GraphLayoutInput input;
    for (const QString& label : labels) {
        input.nodeWidths.push_back(BodyNodeItem::boxSize(label, nodeFont).width());
    }
    std::vector<std::pair<int, int>> ends;
    for (const JointSpec& joint : spec.joints) {
        const auto a = nodeOfBody.find(joint.parent.body);
        const auto b = nodeOfBody.find(joint.child.body);
        ends.emplace_back(a == nodeOfBody.end() ? 0 : a->second,
                          b == nodeOfBody.end() ? 0 : b->second);
    }
    input.edges = ends;
    const GraphLayout layout = layoutGraph(input);

    for (std::size_t n = 0; n < labels.size(); ++n) {
        auto* item = new BodyNodeItem(static_cast<int>(n), labels[n], tips[n], nodeFont);
        item->setPos(layout.centres[n]);
        addItem(item);
        m_nodes.push_back(item);
    }
    // the ground as a bar over its pivots, so that its joints drop straight to their bodies
    double left = layout.centres[0].x();
    double right = left;
    for (const auto& [a, b] : ends) {
        if ((a == 0) != (b == 0)) {
            const int other = a == 0 ? b : a;
            left = std::min(left, layout.centres[other].x());
            right = std::max(right, layout.centres[other].x());
        }
    }
    m_nodes[0]->setWidth(right - left + 2 * kGroundOverhang);
    m_nodes[0]->setX((left + right) / 2);

    // the loop equations each joint gives as a cut: 3 for a ball, 4, 5, or 2 for a revolute of
    // a spherical loop (its axis rows)
    const std::vector<int> rowsOf = rowsAsCut(spec);
    for (std::size_t j = 0; j < spec.joints.size(); ++j) {
        const JointSpec& joint = spec.joints[j];
        const int rows = rowsOf[j];
        auto* item = new JointEdgeItem(static_cast<int>(j), QString::fromStdString(joint.name),
                                       joint.type == JointType::Prismatic,
                                       jointToolTip(joint, spec.space, rows), font());
        if (spec.space == MotionSpace::Spatial) {
            item->setCaption(QString::number(rows));
        }
        addItem(item);
        m_edges.push_back(item);
    }
    routeEdges(ends, layout.layer, layout.rank);
    setSceneRect(itemsBoundingRect().adjusted(-24, -24, 24, 24));
}

void MechanismGraphScene::routeEdges(const std::vector<std::pair<int, int>>& ends,
                                     const std::vector<int>& layer,
                                     const std::vector<int>& rank) {
    // parallel joints between the same two bodies fan out
    std::map<std::pair<int, int>, std::vector<int>> parallel;
    for (std::size_t j = 0; j < ends.size(); ++j) {
        const auto [a, b] = ends[j];
        parallel[{std::min(a, b), std::max(a, b)}].push_back(static_cast<int>(j));
    }
    const QRectF ground = m_nodes[0]->sceneBox();
    for (std::size_t j = 0; j < ends.size(); ++j) {
        const auto [a, b] = ends[j];
        // a joint to the ground leaves the bar right above (or below) its body
        const auto anchor = [&](int node, int other) {
            QPointF at = m_nodes[node]->pos();
            if (node == 0 && other != 0) {
                at.setX(std::clamp(m_nodes[other]->pos().x(), ground.left() + kGroundOverhang / 2,
                                   ground.right() - kGroundOverhang / 2));
            }
            return at;
        };
        const QPointF pa = anchor(a, b);
        const QPointF pb = anchor(b, a);
        const QPointF mid = (pa + pb) / 2;
        QPointF normal(-(pb - pa).y(), (pb - pa).x());
        const double length = std::hypot(normal.x(), normal.y());
        normal = length > 0 ? normal / length : QPointF(0, 1);
        if (normal.y() < 0 || (normal.y() == 0 && normal.x() < 0)) {
            normal = -normal; // bend downwards / rightwards by default
        }

        const std::vector<int>& siblings = parallel[{std::min(a, b), std::max(a, b)}];
        const int position = static_cast<int>(std::find(siblings.begin(), siblings.end(), int(j)) -
                                              siblings.begin());
        double base = (position - (static_cast<int>(siblings.size()) - 1) / 2.0) * 36.0;
        if (layer[a] == layer[b] && std::abs(rank[a] - rank[b]) > 1) {
            base += 40 + 14 * std::abs(rank[a] - rank[b]); // arc under the nodes between
        }
        const auto blocked = [&](double bend) {
            const QPointF control = mid + 2 * bend * normal;
            for (std::size_t n = 0; n < m_nodes.size(); ++n) {
                if (int(n) != a && int(n) != b &&
                    curveHitsBox(pa, control, pb,
                                 m_nodes[n]->sceneBox().adjusted(-kClearance, -kClearance,
                                                                 kClearance, kClearance))) {
                    return true;
                }
            }
            return false;
        };
        // the smallest extra bend, either way, that clears every other box
        double bend = base;
        for (int step = 1; step <= 24 && blocked(bend); ++step) {
            const double offset = ((step + 1) / 2) * kBendStep * (step % 2 == 1 ? 1 : -1);
            bend = base + offset;
        }
        const QPointF control = mid + 2 * bend * normal;
        m_edges[j]->setRoute(
            clippedCurve(pa, control, pb, m_nodes[a]->sceneBox(), m_nodes[b]->sceneBox()));
    }
}

void MechanismGraphScene::setModel(const Model& model) {
    for (BodyNodeItem* node : m_nodes) {
        if (!node->isGround()) {
            node->setFill(graphNodeFillColour());
        }
    }
    for (const Body& body : model.bodies) {
        if (body.specIndex >= 0 && body.specIndex + 1 < nodeCount()) {
            m_nodes[body.specIndex + 1]->setFill(subsystemColour(body.subsystem));
        }
    }
    for (const Joint& joint : model.joints) {
        if (joint.specIndex >= 0 && joint.specIndex < edgeCount()) {
            m_edges[joint.specIndex]->setCut(joint.isCut());
        }
    }
    // loop membership in scene indices
    m_loopJoints.assign(model.nLoops(), {});
    m_loopNodes.assign(model.nLoops(), {});
    for (int i = 0; i < model.nLoops(); ++i) {
        for (int j : model.loops[i].joints) {
            const Joint& joint = model.joints[j];
            m_loopJoints[i].push_back(joint.specIndex);
            for (int body : {joint.bodyA, joint.bodyB}) {
                m_loopNodes[i].push_back(model.bodies[body].specIndex + 1);
            }
        }
    }
    setHighlightedLoop(-1);
    setArmedJoint(-1);
}

void MechanismGraphScene::setHighlightedLoop(int loop) {
    for (JointEdgeItem* edge : m_edges) {
        edge->setHighlighted(false);
    }
    for (BodyNodeItem* node : m_nodes) {
        node->setHighlighted(false);
    }
    if (loop < 0 || loop >= static_cast<int>(m_loopJoints.size())) {
        return;
    }
    for (int j : m_loopJoints[loop]) {
        m_edges[j]->setHighlighted(true);
    }
    for (int n : m_loopNodes[loop]) {
        m_nodes[n]->setHighlighted(true);
    }
}

void MechanismGraphScene::setArmedJoint(int joint) {
    for (JointEdgeItem* edge : m_edges) {
        edge->setArmed(edge->joint() == joint);
    }
}

JointEdgeItem* MechanismGraphScene::edge(const QString& name) const {
    for (JointEdgeItem* edge : m_edges) {
        if (edge->name() == name) {
            return edge;
        }
    }
    return nullptr;
}

JointEdgeItem* MechanismGraphScene::edgeAt(const QPointF& scenePos) const {
    for (QGraphicsItem* item : items(scenePos)) {
        if (auto* edge = dynamic_cast<JointEdgeItem*>(item)) {
            return edge;
        }
    }
    return nullptr;
}

void MechanismGraphScene::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QGraphicsScene::mousePressEvent(event);
        return;
    }
    const JointEdgeItem* edge = edgeAt(event->scenePos());
    m_pressedJoint = edge ? edge->joint() : -1;
    event->accept();
}

void MechanismGraphScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QGraphicsScene::mouseReleaseEvent(event);
        return;
    }
    const JointEdgeItem* edge = edgeAt(event->scenePos());
    const int released = edge ? edge->joint() : -1;
    const int pressed = m_pressedJoint;
    m_pressedJoint = -1;
    event->accept();
    if (released >= 0 && released == pressed) {
        Q_EMIT jointClicked(released);
    } else if (released < 0 && pressed < 0) {
        Q_EMIT backgroundClicked();
    }
}

} // namespace sslm::ui
