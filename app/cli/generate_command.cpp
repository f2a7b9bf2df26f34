// SPDX-License-Identifier: MIT
#include "app/cli/generate_command.hpp"

#include <iostream>

#include "app/cli/load_model.hpp"
#include "core/spec/spatial_templates.hpp"
#include "core/spec/spec_json.hpp"

namespace sslm::cli {

namespace {

/// The largest ladder written: 1024 cells is 2049 bodies, far past any benchmark.
constexpr int kMaxCells = 1024;

} // namespace

CLI::App* addGenerateCommand(CLI::App& app, GenerateOptions& options) {
    CLI::App* cmd = app.add_subcommand(
        "generate",
        "Write a generated mechanism file: 'ladder', the spatial ladder of seed 003 "
        "(L loops, 2 DOF, dynamically one Hooke pendulum for every L), or "
        "'stewart', the 6-UPS Stewart-Gough platform (6 DOF), 'elbow', seed 004's 6R "
        "elbow manipulator with a spherical wrist (6 DOF, 8 assembly modes), or 'spherical', "
        "a spherical four-bar crank-rocker (1 DOF, 2 assembly modes)");
    cmd->add_option("FAMILY", options.family,
                    "What to generate: ladder | stewart | elbow | spherical")
        ->required()
        ->check(CLI::IsMember({"ladder", "stewart", "elbow", "spherical"}));
    cmd->add_option("--cells", options.cells, "Number of loops L (1 to 1024), ladder only")
        ->check(CLI::Range(1, kMaxCells));
    cmd->add_option("--out", options.out, "Write to this file instead of standard output");
    return cmd;
}

int runGenerate(const GenerateOptions& options) {
    const bool ladder = options.family == "ladder";
    if (ladder && options.cells < 1) {
        std::cerr << "sslm generate: error: a ladder needs --cells L (1 to " << kMaxCells << ")\n";
        return kExitBadInput;
    }
    if (!ladder && options.cells != 0) {
        std::cerr << "sslm generate: error: --cells is for a ladder only\n";
        return kExitBadInput;
    }
    const MechanismSpec spec = ladder                          ? spatialLadderSpec(options.cells)
                               : options.family == "stewart"   ? stewartPlatformSpec()
                               : options.family == "spherical" ? sphericalFourBarSpec()
                                                               : elbowManipulatorSpec();
    if (options.out.empty()) {
        std::cout << toJson(spec);
        return kExitOk;
    }
    if (const auto error = saveMechanismFile(spec, options.out)) {
        std::cerr << "sslm generate: error: " << *error << '\n';
        return kExitBadInput;
    }
    std::cerr << "sslm: " << spec.name << " (" << spec.bodies.size() << " bodies, "
              << spec.cuts.size() << " cut joints, "
              << (ladder                          ? 2
                  : options.family == "spherical" ? 1
                                                  : 6)
              << " DOF) written to " << options.out << '\n';
    return kExitOk;
}

} // namespace sslm::cli
