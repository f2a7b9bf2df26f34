// SPDX-License-Identifier: MIT
#include "app/cli/check_command.hpp"

#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/load_model.hpp"
#include "app/cli/mechanism_file_command.hpp"
#include "core/analysis/mechanism_check.hpp"
#include "core/spec/spec_json.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm::cli {

namespace {

const char* kindName(FindingKind kind) {
    switch (kind) {
    case FindingKind::InvalidValue:
        return "invalid_value";
    case FindingKind::DanglingReference:
        return "dangling_reference";
    case FindingKind::SelfJoint:
        return "self_joint";
    case FindingKind::Disconnected:
        return "disconnected";
    case FindingKind::Locked:
        return "locked";
    case FindingKind::RedundantConstraint:
        return "redundant_constraint";
    case FindingKind::DoesNotAssemble:
        return "does_not_assemble";
    case FindingKind::SingularPose:
        return "singular_pose";
    case FindingKind::CutSet:
        return "cut_set";
    case FindingKind::InitialState:
        return "initial_state";
    }
    return "unknown";
}

int errorCount(const MechanismCheck& check) {
    int errors = 0;
    for (const CheckFinding& finding : check.findings) {
        errors += finding.isError() ? 1 : 0;
    }
    return errors;
}

/// The assembly is tried only once the values and the topology are sound.
const char* assemblyVerdict(const MechanismCheck& check) {
    if (check.assembles) {
        return "assembles";
    }
    return check.findingsOf(FindingKind::DoesNotAssemble).empty()
               ? "assembly not tried until the problems are fixed"
               : "does not assemble";
}

void printText(std::ostream& out, const std::string& file, const MechanismCheck& check) {
    const int errors = errorCount(check);
    out << file << ": "
        << (errors == 0 ? std::string("ready to simulate")
                        : std::to_string(errors) + " problem(s) to fix")
        << '\n';
    out << "DOF " << check.dofGrubler << " by Grübler's count, "
        << (check.dofJacobian ? std::to_string(*check.dofJacobian) : std::string("–"))
        << " by the rank of J · " << check.independentLoops << " independent loop(s) · "
        << assemblyVerdict(check) << '\n';
    for (const CheckFinding& finding : check.findings) {
        out << (finding.isError() ? "error: " : "warning: ") << finding.message;
        if (!finding.fix.empty()) {
            out << " (fix: " << finding.fix << ")";
        }
        if (!finding.where.empty()) {
            out << " [" << finding.where << "]";
        }
        out << '\n';
    }
}

nlohmann::ordered_json toJson(const std::string& file, const MechanismCheck& check) {
    nlohmann::ordered_json out;
    out["file"] = file;
    out["ready"] = errorCount(check) == 0;
    out["dof_grubler"] = check.dofGrubler;
    out["dof_jacobian"] =
        check.dofJacobian ? nlohmann::ordered_json(*check.dofJacobian) : nlohmann::ordered_json();
    out["independent_loops"] = check.independentLoops;
    out["assembles"] = check.assembles;
    out["findings"] = nlohmann::ordered_json::array();
    for (const CheckFinding& finding : check.findings) {
        nlohmann::ordered_json entry;
        entry["severity"] = finding.isError() ? "error" : "warning";
        entry["kind"] = kindName(finding.kind);
        entry["message"] = finding.message;
        entry["fix"] = finding.fix;
        entry["where"] = finding.where;
        entry["bodies"] = finding.bodies;
        entry["joints"] = finding.joints;
        entry["loop"] =
            finding.loop >= 0 ? nlohmann::ordered_json(finding.loop + 1) : nlohmann::ordered_json();
        out["findings"].push_back(entry);
    }
    return out;
}

} // namespace

CLI::App* addCheckCommand(CLI::App& app, CheckOptions& options) {
    CLI::App* cmd = addMechanismFileCommand(
        app, "check",
        "Every problem of a mechanism file, finished or not (the Studio's Check panel): "
        "DOF by Grübler and by the rank of J, loops, assembly, and what to fix",
        options.file);
    cmd->add_flag("--json", options.json, "Print one JSON object instead of text");
    return cmd;
}

int runCheck(const CheckOptions& options) {
    // read only: a file that does not compile yet is what this verb is for
    const LoadResult loaded = loadMechanismFile(std::filesystem::path(options.file));
    if (!loaded.ok()) {
        std::cerr << formatDiagnostics(loaded.diagnostics, options.file);
        if (loaded.diagnostics.empty()) {
            std::cerr << options.file << ": error: the file could not be read\n";
        }
        return kExitBadInput;
    }
    const MechanismCheck check = checkMechanism(*loaded.spec);
    if (options.json) {
        std::cout << toJson(options.file, check).dump(2) << '\n';
    } else {
        printText(std::cout, options.file, check);
    }
    return check.hasErrors() ? kExitBadInput : kExitOk;
}

} // namespace sslm::cli
