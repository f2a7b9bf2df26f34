// SPDX-License-Identifier: MIT
#include "app/cli/export_command.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "app/cli/load_model.hpp"
#include "app/cli/mechanism_file_command.hpp"
#include "core/interop/mechanism_export.hpp"
#include "core/interop/mesh_reference.hpp"
#include "core/spec/spec_json.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm::cli {

namespace {

bool samePath(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::error_code ec;
    if (std::filesystem::equivalent(a, b, ec)) {
        return true;
    }
    return std::filesystem::weakly_canonical(a, ec) == std::filesystem::weakly_canonical(b, ec);
}

} // namespace

CLI::App* addExportCommand(CLI::App& app, ExportOptions& options) {
    CLI::App* cmd = addMechanismFileCommand(
        app, "export",
        "A mechanism file in another tool's format: MJCF for MuJoCo 2.2 (--to mjcf), "
        "written at the assembled initial state with the loops closed by equality "
        "constraints; SDFormat 1.9 (--to sdf: the whole joint graph, loops "
        "included); or URDF (--to urdf: the spanning tree, the loops as URDF+ "
        "<loop> elements). Planar mechanisms are written in the x-z plane, z up. "
        "Prints what was mapped, approximated and dropped",
        options.file);
    cmd->add_option("--to", options.to, "Format: mjcf, sdf or urdf")->required();
    cmd->add_option("--out", options.out, "The file to write (e.g. model.xml); never FILE")
        ->required();
    return cmd;
}

int runExport(const ExportOptions& options) {
    const std::filesystem::path in(options.file);
    const std::filesystem::path out(options.out);
    if (samePath(in, out)) {
        std::cerr << options.out
                  << ": error: --out is the mechanism file itself (hint: write "
                     "the export to another file)\nsslm export: nothing written\n";
        return kExitBadInput;
    }
    const LoadResult loaded = loadMechanismFile(in);
    if (!loaded.ok()) {
        std::cerr << formatDiagnostics(loaded.diagnostics, options.file)
                  << "sslm export: nothing written\n";
        return kExitBadInput;
    }
    // mesh files as the mechanism writes them resolve from its folder; the export's from its own
    MechanismSpec spec = *loaded.spec;
    rebaseVisualFiles(spec, std::filesystem::absolute(in).parent_path(),
                      std::filesystem::absolute(out).parent_path());
    const ExportResult result = exportMechanism(spec, options.to);
    if (!result.ok()) {
        std::cerr << formatDiagnostics(result.diagnostics, options.file)
                  << "sslm export: nothing written\n";
        return kExitBadInput;
    }
    {
        std::ofstream file(out, std::ios::binary | std::ios::trunc);
        file << *result.text;
        if (!file) {
            std::cerr << options.out << ": error: cannot write the file\n";
            return kExitBadInput;
        }
    }
    std::cout << exportReportText(result, *loaded.spec);
    std::cout << "wrote " << options.out << '\n';
    return kExitOk;
}

} // namespace sslm::cli
