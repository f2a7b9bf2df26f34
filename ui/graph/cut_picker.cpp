// SPDX-License-Identifier: MIT
#include "ui/graph/cut_picker.hpp"

#include <algorithm>

namespace sslm::ui {

namespace {

std::string loopLabel(int loop) {
    return "loop " + std::to_string(loop + 1);
}

} // namespace

void CutPicker::reset(std::shared_ptr<const Model> model) {
    m_model = std::move(model);
    m_armedCut = -1;
}

int CutPicker::armedLoop() const {
    return m_armedCut >= 0 ? m_model->joints[m_armedCut].cut : -1;
}

std::vector<int> CutPicker::loopsThrough(int joint) const {
    std::vector<int> loops;
    for (int i = 0; i < m_model->nLoops(); ++i) {
        const std::vector<int>& cycle = m_model->loops[i].joints;
        if (std::find(cycle.begin(), cycle.end(), joint) != cycle.end()) {
            loops.push_back(i);
        }
    }
    return loops;
}

CutClickOutcome CutPicker::exchange(int releasedCut, int newCut) const {
    const Model& model = *m_model;
    CutClickOutcome out;
    for (int joint : model.cuts) {
        out.cuts.push_back(model.joints[joint == releasedCut ? newCut : joint].name);
    }
    out.evaluation = evaluateCutSet(model.spec, out.cuts);
    const std::string& released = model.joints[releasedCut].name;
    const std::string& cut = model.joints[newCut].name;
    if (out.evaluation.ok()) {
        out.kind = CutClickOutcome::Kind::Applied;
        out.message = cut + " cut instead of " + released + " (" +
                      loopLabel(model.joints[releasedCut].cut) + ").";
    } else {
        out.kind = CutClickOutcome::Kind::Rejected;
        out.message = "Cutting " + cut + " instead of " + released + " is not possible. " +
                      out.evaluation.problem;
    }
    return out;
}

CutClickOutcome CutPicker::clickTreeJoint(int joint) {
    const Model& model = *m_model;
    const std::string& name = model.joints[joint].name;
    std::vector<int> loops = loopsThrough(joint);
    if (loops.empty()) {
        // the plain toggle, for the compiler's explanation (a body separated from the ground)
        CutClickOutcome out;
        out.cuts = cutJointNames(model);
        out.cuts.push_back(name);
        out.evaluation = evaluateCutSet(model.spec, out.cuts);
        out.kind = CutClickOutcome::Kind::Rejected;
        out.message = name + " lies on no loop, so cutting it would split the mechanism. " +
                      out.evaluation.problem;
        return out;
    }
    // the most local loop first: fewest joints, then loop order
    std::stable_sort(loops.begin(), loops.end(), [&](int a, int b) {
        return model.loops[a].joints.size() < model.loops[b].joints.size();
    });
    CutClickOutcome first;
    for (std::size_t k = 0; k < loops.size(); ++k) {
        CutClickOutcome out = exchange(model.loops[loops[k]].cutJoint, joint);
        if (out.kind == CutClickOutcome::Kind::Applied) {
            std::vector<std::string> others;
            for (std::size_t m = 0; m < loops.size(); ++m) {
                if (m != k) {
                    others.push_back(loopLabel(loops[m]) + " (cut " +
                                     model.joints[model.loops[loops[m]].cutJoint].name + ")");
                }
            }
            if (!others.empty()) {
                out.message += " " + name + " also lies on " + listNames(others) +
                               ": to release that cut instead, click it, then " + name + ".";
            }
            return out;
        }
        if (k == 0) {
            first = std::move(out);
        }
    }
    return first;
}

CutClickOutcome CutPicker::click(int joint) {
    const Model& model = *m_model;
    const Joint& clicked = model.joints.at(joint);
    if (clicked.isCut()) {
        CutClickOutcome out;
        if (m_armedCut == joint) {
            m_armedCut = -1;
            out.kind = CutClickOutcome::Kind::Disarmed;
            out.message = clicked.name + " stays cut.";
            return out;
        }
        m_armedCut = joint;
        std::vector<std::string> choices;
        for (int j : model.loops[clicked.cut].joints) {
            if (j != joint) {
                choices.push_back(model.joints[j].name);
            }
        }
        out.kind = CutClickOutcome::Kind::Armed;
        out.message = "Releasing " + clicked.name + ": click " + listNames(choices) + " (" +
                      loopLabel(clicked.cut) + ") to cut it instead, or " + clicked.name +
                      " again to keep it.";
        return out;
    }
    if (m_armedCut >= 0) {
        const int loop = model.joints[m_armedCut].cut;
        const std::vector<int>& cycle = model.loops[loop].joints;
        const bool onLoop = std::find(cycle.begin(), cycle.end(), joint) != cycle.end();
        CutClickOutcome out = exchange(m_armedCut, joint);
        if (out.kind == CutClickOutcome::Kind::Applied) {
            m_armedCut = -1;
            return out;
        }
        const std::string& armed = model.joints[m_armedCut].name;
        out.message = "Cutting " + clicked.name + " instead of " + armed + " is not possible" +
                      (onLoop ? "." : ": " + clicked.name + " is not on " + loopLabel(loop) + ".") +
                      " " + out.evaluation.problem + "\n" + armed +
                      " is still picked: click a joint of " + loopLabel(loop) + ", or " + armed +
                      " again to keep it.";
        return out;
    }
    return clickTreeJoint(joint);
}

} // namespace sslm::ui
