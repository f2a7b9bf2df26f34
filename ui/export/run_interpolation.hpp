// SPDX-License-Identifier: MIT
#pragma once

// The state of a stored run at any time between its samples: q and the cut reactions
// linearly interpolated between the two samples around t (clamped to the first and last), for
// playing a run back at a frame rate of its own.

#include <cstddef>
#include <vector>

#include <Eigen/Core>

#include "core/kinematics/loop_constraints.hpp"
#include "core/model/workspace.hpp"
#include "ui/sim/simulation_run.hpp"

namespace sslm::ui {

class RunInterpolation {
public:
    /// Copies the run's time, coordinate and reaction columns as stored now.
    explicit RunInterpolation(const SimulationRun& run);

    bool isEmpty() const { return m_t.empty(); }
    double firstTime() const; ///< s; 0 when empty
    double lastTime() const;  ///< s; 0 when empty

    /// q at t (nq; rad, m, unit quaternions); empty when there are no samples.
    Eigen::VectorXd poseAt(double t) const;
    /// The stored samples' poses (nv each) with t0 < t < t1, in time order: what a trace
    /// passes through between two frames.
    std::vector<Eigen::VectorXd> posesBetween(double t0, double t1) const;
    /// The cut reactions at t (Model::cuts order; N, N·m, W) from the stored columns
    /// (reactionColumns), each at side A's joint point of the pose at t; empty when there are
    /// no samples.
    std::vector<CutReaction> reactionsAt(double t);

private:
    /// Row i and weight w such that the value at t is (1 − w)·row i + w·row i+1.
    void locate(double t, std::size_t& row, double& weight) const;
    double valueAt(const std::vector<double>& column, std::size_t row, double weight) const;

    /// One stored column of a cut's reaction: the wrench entry it holds (WrenchColumn::entry)
    /// and its values.
    struct Component {
        int entry = 0;
        std::vector<double> values;
    };
    struct CutColumns {
        std::vector<Component> components; ///< those the run stores (x, y, … or fx … mz)
        int joint = -1;                    ///< the cut joint (Model::joints)
    };

    std::shared_ptr<const Model> m_model;
    Workspace m_workspace;
    std::vector<double> m_t;
    std::vector<std::vector<double>> m_q; ///< per position entry
    std::vector<CutColumns> m_cuts;
};

} // namespace sslm::ui
