// SPDX-License-Identifier: MIT
// sslm: the headless command line of SSLM Studio. Exit codes: 0 ok, 2 bad input (file, cut
// set, coordinate, assembly, usage), 1 internal error.

#include <exception>
#include <iostream>
#include <string>

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
        InfoOptions info;
        KinematicsOptions kinematics;
        SimulateOptions simulation;
        InverseOptions inverse;
        EquilibriumCommandOptions equilibrium;
        ModesCommandOptions modes;
        CheckOptions check;
        GenerateOptions generate;
        StudyOptions study;
        BalanceOptions balance;
        ImportOptions importing;
        ExportOptions exporting;
        const CLI::App* infoCommand = addInfoCommand(app, info);
        const CLI::App* checkCommand = addCheckCommand(app, check);
        const CLI::App* kinematicsCommand = addKinematicsCommand(app, kinematics);
        const CLI::App* simulateCommand = addSimulateCommand(app, simulation);
        const CLI::App* inverseCommand = addInverseCommand(app, inverse);
        const CLI::App* equilibriumCommand = addEquilibriumCommand(app, equilibrium);
        const CLI::App* modesCommand = addModesCommand(app, modes);
        const CLI::App* generateCommand = addGenerateCommand(app, generate);
        const CLI::App* studyCommand = addStudyCommand(app, study);
        const CLI::App* balanceCommand = addBalanceCommand(app, balance);
        const CLI::App* importCommand = addImportCommand(app, importing);
        const CLI::App* exportCommand = addExportCommand(app, exporting);
        try {
            app.parse(argc, argv);
        } catch (const CLI::ParseError& e) {
            return app.exit(e) == 0 ? kExitOk : kExitBadInput; // --help and --version are 0
        }
        if (infoCommand->parsed()) {
            return runInfo(info);
        }
        if (checkCommand->parsed()) {
            return runCheck(check);
        }
        if (kinematicsCommand->parsed()) {
            return runKinematics(kinematics);
        }
        if (simulateCommand->parsed()) {
            return runSimulate(simulation);
        }
        if (inverseCommand->parsed()) {
            return runInverse(inverse);
        }
        if (equilibriumCommand->parsed()) {
            return runEquilibrium(equilibrium);
        }
        if (modesCommand->parsed()) {
            return runModes(modes);
        }
        if (generateCommand->parsed()) {
            return runGenerate(generate);
        }
        if (studyCommand->parsed()) {
            return runStudyCommand(study);
        }
        if (balanceCommand->parsed()) {
            return runBalance(balance);
        }
        if (importCommand->parsed()) {
            return runImport(importing);
        }
        if (exportCommand->parsed()) {
            return runExport(exporting);
        }
        return kExitInternal;
    } catch (const std::exception& e) {
        std::cerr << "sslm: internal error: " << e.what() << '\n';
    } catch (...) {
        std::cerr << "sslm: internal error: unknown exception\n";
    }
    return kExitInternal;
}
