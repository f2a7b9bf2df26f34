// SPDX-License-Identifier: MIT
// sslm: the headless command line of SSLM Studio. Exit codes: 0 ok, 2 bad input (file, cut
// set, coordinate, assembly, usage), 1 internal error.

#include <exception>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/cli/balance_command.hpp"
#include "app/cli/check_command.hpp"
#include "app/cli/equilibrium_command.hpp"
#include "app/cli/export_command.hpp"
#include "app/cli/generate_command.hpp"
#include "app/cli/import_command.hpp"
#include "app/cli/info_command.hpp"
#include "app/cli/inverse_command.hpp"
#include "app/cli/kinematics_command.hpp"
#include "app/cli/load_model.hpp"
#include "app/cli/modes_command.hpp"
#include "app/cli/simulate_command.hpp"
#include "app/cli/study_command.hpp"
#include "core/util/build_info.hpp"

namespace {

/// A verb of the command line: its subcommand, and the run of its options once parsed.
struct Verb {
    const CLI::App* command = nullptr;
    std::function<int()> run;
};

/// Adds the verb that `add` defines (its subcommand, filling a fresh Options) and `run` runs.
template <class Options>
void addVerb(std::vector<Verb>& verbs,
             CLI::App& app,
             CLI::App* (*add)(CLI::App&, Options&),
             int (*run)(const Options&)) {
    auto options = std::make_shared<Options>();
    const CLI::App* command = add(app, *options);
    verbs.push_back({command, [options, run] {
                         return run(*options);
                     }});
}

} // namespace

int main(int argc, char** argv) {
    using namespace sslm::cli;
    try {
        CLI::App app{"SSLM Studio: multi-closed-loop mechanisms by the subsystem-level "
                     "Lagrange multiplier method",
                     "sslm"};
        app.set_version_flag("--version", "sslm " + std::string(sslm::build::version()) +
                                              " (commit " + std::string(sslm::build::commit()) +
                                              ")");
        app.require_subcommand(1);
        std::vector<Verb> verbs;
        addVerb(verbs, app, addInfoCommand, runInfo);
        addVerb(verbs, app, addCheckCommand, runCheck);
        addVerb(verbs, app, addKinematicsCommand, runKinematics);
        addVerb(verbs, app, addSimulateCommand, runSimulate);
        addVerb(verbs, app, addInverseCommand, runInverse);
        addVerb(verbs, app, addEquilibriumCommand, runEquilibrium);
        addVerb(verbs, app, addModesCommand, runModes);
        addVerb(verbs, app, addGenerateCommand, runGenerate);
        addVerb(verbs, app, addStudyCommand, runStudyCommand);
        addVerb(verbs, app, addBalanceCommand, runBalance);
        addVerb(verbs, app, addImportCommand, runImport);
        addVerb(verbs, app, addExportCommand, runExport);
        try {
            app.parse(argc, argv);
        } catch (const CLI::ParseError& e) {
            return app.exit(e) == 0 ? kExitOk : kExitBadInput; // --help and --version are 0
        }
        for (const Verb& verb : verbs) {
            if (verb.command->parsed()) {
                return verb.run();
            }
        }
        return kExitInternal;
    } catch (const std::exception& e) {
        std::cerr << "sslm: internal error: " << e.what() << '\n';
    } catch (...) {
        std::cerr << "sslm: internal error: unknown exception\n";
    }
    return kExitInternal;
}
