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
        "generate", "Write a generated mechanism file: 'ladder', the spatial ladder of seed 003 "
                    "(L loops, 2 DOF, dynamically one Hooke pendulum for every L)");
    cmd->add_option("FAMILY", options.family, "What to generate: ladder")
        ->required()
        ->check(CLI::IsMember({"ladder"}));
    cmd->add_option("--cells", options.cells, "Number of loops L (1 to 1024)")
        ->required()
        ->check(CLI::Range(1, kMaxCells));
    cmd->add_option("--out", options.out, "Write to this file instead of standard output");
    return cmd;
}

int runGenerate(const GenerateOptions& options) {
    const MechanismSpec spec = spatialLadderSpec(options.cells);
    if (options.out.empty()) {
        std::cout << toJson(spec);
        return kExitOk;
    }
    if (const auto error = saveMechanismFile(spec, options.out)) {
        std::cerr << "sslm generate: error: " << *error << '\n';
        return kExitBadInput;
    }
    std::cerr << "sslm: " << spec.name << " (" << 2 * options.cells + 1 << " bodies, "
              << options.cells << " cut joints, 2 DOF) written to " << options.out << '\n';
    return kExitOk;
}

} // namespace sslm::cli
