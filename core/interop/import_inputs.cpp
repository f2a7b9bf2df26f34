// SPDX-License-Identifier: MIT
#include "core/interop/import_inputs.hpp"

#include <algorithm>

#include "core/dynamics/coordinate_partition.hpp"
#include "core/kinematics/configuration.hpp"
#include "core/kinematics/forward_kinematics.hpp"
#include "core/kinematics/loop_constraints.hpp"
#include "core/model/compile.hpp"
#include "core/model/workspace.hpp"

namespace sslm {

namespace {

void setInitialStateNote(ImportReport& report, const std::string& note) {
    const auto it =
        std::find_if(report.approximated.begin(), report.approximated.end(),
                     [](const ImportItem& item) { return item.element == "initial state"; });
    if (it != report.approximated.end()) {
        it->note = note;
    } else {
        report.approximated.push_back({"initial state", note});
    }
}

} // namespace

void chooseInputsAtFilePose(ImportResult& result) {
    if (!result.spec || result.spec->cuts.empty() || !result.spec->initial.independent.empty()) {
        return;
    }
    MechanismSpec& spec = *result.spec;
    const CompileResult compiled = compileModel(spec);
    if (!compiled.ok()) {
        return; // sslm check names the problem
    }
    const Model& model = *compiled.model;
    Workspace ws(model);
    updatePositions(model, ws, neutralPositions(model));
    const PartitionChoice choice = choosePartition(model, constraintJacobian(model, ws));
    if (!choice.ok()) {
        setInitialStateNote(result.report,
                            "the file's pose (every coordinate 0); no inputs could be chosen "
                            "there (" +
                                choice.error + "): initial.independent is left to choose");
        return;
    }
    std::string inputs;
    for (const int k : choice.partition.independent) {
        if (positionIndex(model, k) < 0) {
            continue; // a ball joint's turn: no value to set
        }
        const std::string& name = model.coordinates[k].name;
        spec.initial.independent.emplace_back(name, 0.0);
        inputs += (inputs.empty() ? "" : ", ") + name;
    }
    setInitialStateNote(result.report,
                        "the file's pose (every coordinate 0), with the input(s) " +
                            (inputs.empty() ? std::string("none") : inputs) +
                            " chosen there (the best-conditioned loops); change them as for any "
                            "mechanism");
}

} // namespace sslm
