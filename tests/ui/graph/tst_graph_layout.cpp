// SPDX-License-Identifier: MIT
// layoutGraph, the layered drawing of the body/joint graph: on every example the layers are the
// joint distances from the ground, the layers are rows layerGap apart, neighbours in a row keep
// their gaps (wider when joined by an edge), the reported crossings are the drawing's, and no
// reordering of the rows would cross fewer edges; the result does not depend on the run; a body
// that no joint reaches goes one row below the deepest.

#include <algorithm>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <QtTest>

#include "ui/graph/graph_layout.hpp"

#include "tests/core/fixtures/examples.hpp"
#include "tests/test_main.hpp"

namespace tst_graph_layout {

using namespace sslm;
using namespace sslm::ui;

namespace {

/// The graph the loop view draws for `file`: node 0 the ground, then the bodies in file order.
GraphLayoutInput exampleGraph(const std::string& file) {
    const MechanismSpec spec = fixtures::exampleSpec(file);
    std::map<std::string, int> node{{"ground", 0}};
    GraphLayoutInput input;
    input.nodeWidths.push_back(80);
    for (const BodySpec& body : spec.bodies) {
        node[body.id] = static_cast<int>(input.nodeWidths.size());
        input.nodeWidths.push_back(60 + 4 * static_cast<double>(body.name.size()));
    }
    for (const JointSpec& joint : spec.joints) {
        input.edges.emplace_back(node.at(joint.parent.body), node.at(joint.child.body));
    }
    return input;
}

std::vector<int> groundDistances(const GraphLayoutInput& input) {
    const int n = static_cast<int>(input.nodeWidths.size());
    std::vector<int> distance(n, -1);
    distance[0] = 0;
    std::deque<int> queue{0};
    while (!queue.empty()) {
        const int a = queue.front();
        queue.pop_front();
        for (const auto& [p, c] : input.edges) {
            for (const auto& [from, to] : {std::pair{p, c}, std::pair{c, p}}) {
                if (from == a && distance[to] < 0) {
                    distance[to] = distance[a] + 1;
                    queue.push_back(to);
                }
            }
        }
    }
    return distance;
}

/// Crossings of edges between neighbouring rows for the given x positions, plus the nodes an
/// edge within a row jumps over (the definition GraphLayout::crossings documents).
int crossingsAt(const GraphLayoutInput& input,
                const std::vector<int>& layer,
                const std::vector<double>& x) {
    int crossings = 0;
    const auto& edges = input.edges;
    for (std::size_t e = 0; e < edges.size(); ++e) {
        auto [a, b] = edges[e];
        if (layer[a] == layer[b]) {
            for (std::size_t n = 0; n < layer.size(); ++n) {
                const double lo = std::min(x[a], x[b]);
                const double hi = std::max(x[a], x[b]);
                crossings += layer[n] == layer[a] && x[n] > lo && x[n] < hi ? 1 : 0;
            }
            continue;
        }
        if (layer[a] > layer[b]) {
            std::swap(a, b);
        }
        for (std::size_t f = e + 1; f < edges.size(); ++f) {
            auto [c, d] = edges[f];
            if (layer[c] > layer[d]) {
                std::swap(c, d);
            }
            if (layer[c] == layer[a] && layer[d] == layer[b] && (x[a] - x[c]) * (x[b] - x[d]) < 0) {
                ++crossings;
            }
        }
    }
    return crossings;
}

/// The fewest crossings over every order of every row (rows here have at most 5 nodes).
int fewestCrossings(const GraphLayoutInput& input, const std::vector<int>& layer) {
    const int rows = *std::max_element(layer.begin(), layer.end()) + 1;
    std::vector<std::vector<int>> members(rows);
    for (std::size_t n = 0; n < layer.size(); ++n) {
        members[layer[n]].push_back(static_cast<int>(n));
    }
    std::vector<double> x(layer.size(), 0.0);
    int best = std::numeric_limits<int>::max();
    const std::function<void(int)> tryRow = [&](int row) {
        if (row == rows) {
            best = std::min(best, crossingsAt(input, layer, x));
            return;
        }
        std::vector<int> order = members[row];
        std::sort(order.begin(), order.end());
        do {
            for (std::size_t r = 0; r < order.size(); ++r) {
                x[order[r]] = static_cast<double>(r);
            }
            tryRow(row + 1);
        } while (std::next_permutation(order.begin(), order.end()));
    };
    tryRow(0);
    return best;
}

} // namespace

class TestGraphLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void examples_data() {
        QTest::addColumn<QString>("file");
        for (const char* file : {"carpet_scraper.json", "four_bar.json", "slider_crank.json",
                                 "three_rrr.json", "watt_six_bar.json"}) {
            QTest::newRow(file) << QString::fromLatin1(file);
        }
    }

    void examples() {
        QFETCH(QString, file);
        const GraphLayoutInput input = exampleGraph(file.toStdString());
        const GraphLayout layout = layoutGraph(input);
        const std::size_t n = input.nodeWidths.size();
        QCOMPARE(layout.centres.size(), n);
        QCOMPARE(layout.layer, groundDistances(input));

        std::set<std::pair<int, int>> joined;
        for (auto [a, b] : input.edges) {
            joined.insert({std::min(a, b), std::max(a, b)});
        }
        std::vector<double> x(n);
        for (int a = 0; a < static_cast<int>(n); ++a) {
            x[a] = layout.centres[a].x();
            QCOMPARE(layout.centres[a].y(), layout.layer[a] * input.layerGap);
            for (int b = 0; b < static_cast<int>(n); ++b) {
                if (a == b || layout.layer[a] != layout.layer[b] ||
                    layout.rank[a] + 1 != layout.rank[b]) {
                    continue;
                }
                // b is a's right-hand neighbour in the row
                const bool edge = joined.count({std::min(a, b), std::max(a, b)}) > 0;
                const double gap = (input.nodeWidths[a] + input.nodeWidths[b]) / 2 +
                                   (edge ? input.joinedGap : input.nodeGap);
                QVERIFY2(layout.centres[b].x() - layout.centres[a].x() >= gap - 1e-9,
                         qPrintable(QStringLiteral("nodes %1 and %2 are %3 px apart, need %4")
                                        .arg(a)
                                        .arg(b)
                                        .arg(layout.centres[b].x() - layout.centres[a].x())
                                        .arg(gap)));
            }
        }
        QCOMPARE(layout.crossings, crossingsAt(input, layout.layer, x));
        QCOMPARE(layout.crossings, fewestCrossings(input, layout.layer));

        const GraphLayout again = layoutGraph(input);
        QCOMPARE(again.centres, layout.centres);
    }

    void unreachableBodyGoesBelowTheDeepest() {
        GraphLayoutInput input;
        input.nodeWidths = {80, 60, 60, 60, 60};
        input.edges = {{0, 1}, {1, 2}, {0, 3}}; // node 4 has no joint
        const GraphLayout layout = layoutGraph(input);
        QCOMPARE(layout.layer, (std::vector<int>{0, 1, 2, 1, 3}));
        QCOMPARE(layout.centres[4].y(), 3 * input.layerGap);
        QCOMPARE(layout.crossings, 0);
    }
};

SSLM_TEST_GUILESS_MAIN(TestGraphLayout)
} // namespace tst_graph_layout
#include "tst_graph_layout.moc"
