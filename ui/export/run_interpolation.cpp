// SPDX-License-Identifier: MIT
#include "ui/export/run_interpolation.hpp"

#include <algorithm>

#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/kinematics/motion_space.hpp"
#include "core/model/wrench_columns.hpp"

namespace sslm::ui {

RunInterpolation::RunInterpolation(const SimulationRun& run)
    : m_model(run.model()), m_workspace(*run.model()) {
    const Model& model = *m_model;
    const SampleLayout& layout = run.layout();

    // the columns to copy: t, every position, then per cut its reaction's (reactionColumns:
    // x, y and a prismatic cut's moment in the plane, force and moment components in space)
    std::vector<int> columns{layout.indexOf(QStringLiteral("t"))};
    for (const std::string& name : positionNames(model)) {
        columns.push_back(layout.indexOf(QStringLiteral("q.") + QString::fromStdString(name)));
    }
    for (int cut : model.cuts) {
        CutColumns stored;
        stored.joint = cut;
        for (const WrenchColumn& column : reactionColumns(model, cut, /*forwardRunCut=*/true)) {
            const int index = layout.indexOf(QString::fromStdString(column.name));
            if (index >= 0) {
                columns.push_back(index);
                stored.components.push_back({column.entry, {}});
            }
        }
        m_cuts.push_back(std::move(stored));
    }
    SampleBlock block = run.samples().snapshotSince(0, columns);

    std::size_t c = 0;
    m_t = std::move(block.columns[c++]);
    for (int i = 0; i < model.nq(); ++i) {
        m_q.push_back(std::move(block.columns[c++]));
    }
    for (CutColumns& cut : m_cuts) {
        for (Component& component : cut.components) {
            component.values = std::move(block.columns[c++]);
        }
    }
}

double RunInterpolation::firstTime() const {
    return m_t.empty() ? 0.0 : m_t.front();
}

double RunInterpolation::lastTime() const {
    return m_t.empty() ? 0.0 : m_t.back();
}

void RunInterpolation::locate(double t, std::size_t& row, double& weight) const {
    row = 0;
    weight = 0;
    if (m_t.size() < 2 || !(t > m_t.front())) {
        return;
    }
    if (t >= m_t.back()) {
        row = m_t.size() - 1;
        return;
    }
    const auto after = std::upper_bound(m_t.begin(), m_t.end(), t); // first sample later than t
    row = static_cast<std::size_t>(after - m_t.begin()) - 1;
    const double span = m_t[row + 1] - m_t[row];
    weight = span > 0 ? (t - m_t[row]) / span : 0.0;
}

double
RunInterpolation::valueAt(const std::vector<double>& column, std::size_t row, double weight) const {
    if (weight == 0.0 || row + 1 >= column.size()) {
        return column[row];
    }
    return (1.0 - weight) * column[row] + weight * column[row + 1];
}

Eigen::VectorXd RunInterpolation::poseAt(double t) const {
    if (m_t.empty()) {
        return {};
    }
    std::size_t row = 0;
    double weight = 0;
    locate(t, row, weight);
    Eigen::VectorXd q(static_cast<Eigen::Index>(m_q.size()));
    for (std::size_t k = 0; k < m_q.size(); ++k) {
        q[static_cast<Eigen::Index>(k)] = valueAt(m_q[k], row, weight);
    }
    normalizePositions(*m_model, q); // a quaternion between two samples, back to unit length
    return q;
}

std::vector<Eigen::VectorXd> RunInterpolation::posesBetween(double t0, double t1) const {
    std::vector<Eigen::VectorXd> poses;
    const auto first = std::upper_bound(m_t.begin(), m_t.end(), t0);
    for (auto it = first; it != m_t.end() && *it < t1; ++it) {
        const auto row = static_cast<std::size_t>(it - m_t.begin());
        Eigen::VectorXd q(static_cast<Eigen::Index>(m_q.size()));
        for (std::size_t k = 0; k < m_q.size(); ++k) {
            q[static_cast<Eigen::Index>(k)] = m_q[k][row];
        }
        poses.push_back(std::move(q));
    }
    return poses;
}

std::vector<CutReaction> RunInterpolation::reactionsAt(double t) {
    std::vector<CutReaction> out;
    if (m_t.empty()) {
        return out;
    }
    out.resize(m_cuts.size());
    std::size_t row = 0;
    double weight = 0;
    locate(t, row, weight);
    updatePositions(*m_model, m_workspace, poseAt(t));
    for (std::size_t i = 0; i < m_cuts.size(); ++i) {
        const CutColumns& cut = m_cuts[i];
        for (const Component& component : cut.components) {
            const int e = component.entry;
            double& entry = e < 3 ? out[i].force[e] : out[i].moment[e - 3];
            entry = valueAt(component.values, row, weight);
        }
        out[i].point = reactionPoint(*m_model, m_workspace, cut.joint);
    }
    return out;
}

} // namespace sslm::ui
