// SPDX-License-Identifier: MIT
#include "app/cli/import_command.hpp"

#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/load_model.hpp"
#include "core/interop/mechanism_import.hpp"
#include "core/interop/mesh_reference.hpp"
#include "core/spec/spec_json.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm::cli {

namespace {

nlohmann::ordered_json items(const std::vector<ImportItem>& list) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const ImportItem& item : list) {
        out.push_back({{"element", item.element}, {"note", item.note}});
    }
    return out;
}

nlohmann::ordered_json vector3(const Eigen::Vector3d& v) {
    return nlohmann::ordered_json::array({v.x(), v.y(), v.z()});
}

nlohmann::ordered_json toJson(const ImportOptions& options, const ImportResult& result) {
    const MechanismSpec& spec = *result.spec;
    nlohmann::ordered_json out;
    out["file"] = options.file;
    out["format"] = modelFormatName(result.report.format);
    out["out"] = options.out;
    out["name"] = spec.name;
    out["bodies"] = spec.bodies.size();
    out["joints"] = spec.joints.size();
    out["cuts"] = spec.cuts;
    out["mapped"] = items(result.report.mapped);
    out["approximated"] = items(result.report.approximated);
    out["dropped"] = items(result.report.dropped);
    out["space"] = spec.space == MotionSpace::Planar ? "planar" : "spatial";
    if (const auto& plane = result.report.plane) {
        out["plane"] = {{"origin", vector3(plane->origin)},
                        {"normal", vector3(plane->normal)},
                        {"x_axis", vector3(plane->xAxis)},
                        {"y_axis", vector3(plane->yAxis)}};
    }
    out["visuals"] = nlohmann::ordered_json::array();
    for (const VisualShape& shape : result.report.visuals) {
        nlohmann::ordered_json v;
        v["body"] = shape.body;
        v["link"] = shape.link;
        v["kind"] = shape.kind;
        if (shape.kind == "mesh") {
            v["mesh"] = shape.meshFile;
            v["scale"] = vector3(shape.scale);
        } else if (shape.kind == "box") {
            v["size"] = vector3(shape.size);
        } else {
            v["radius"] = shape.radius;
            if (shape.kind == "cylinder" || shape.kind == "capsule") {
                v["length"] = shape.length;
            }
        }
        v["position"] = vector3(shape.position);
        v["rotation"] = nlohmann::ordered_json::array();
        for (int row = 0; row < 3; ++row) {
            v["rotation"].push_back(vector3(shape.rotation.row(row).transpose()));
        }
        out["visuals"].push_back(v);
    }
    return out;
}

} // namespace

CLI::App* addImportCommand(CLI::App& app, ImportOptions& options) {
    CLI::App* cmd = app.add_subcommand(
        "import", "Another tool's model as a mechanism file: URDF (.urdf, loops closed by URDF+ "
                  "<loop> or <constraint> elements), SDFormat (.sdf, .world: one model; a link "
                  "with several parent joints closes a loop) or MJCF (.xml, .mjcf, read by "
                  "MuJoCo 2.2, loops closed by <connect> equalities); a planar linkage drawn in "
                  "3-D becomes a planar mechanism; prints what was mapped, approximated and "
                  "dropped");
    cmd->add_option("FILE", options.file, "Model file (.urdf, .sdf, .world, .xml, .mjcf)")
        ->required();
    cmd->add_option("--out", options.out, "The mechanism file to write (.json)")->required();
    cmd->add_flag("--json", options.json, "Print the report as one JSON object instead of text");
    cmd->add_flag("--keep-spatial", options.keepSpatial,
                  "Keep a planar linkage drawn in 3-D spatial (version 2) instead of writing it "
                  "as a planar mechanism");
    return cmd;
}

int runImport(const ImportOptions& options) {
    MechanismImportOptions importOptions;
    importOptions.keepSpatial = options.keepSpatial;
    const ImportResult result = importMechanism(std::filesystem::path(options.file), importOptions);
    if (!result.ok()) {
        std::cerr << formatDiagnostics(result.diagnostics);
        if (result.diagnostics.empty()) {
            std::cerr << options.file << ": error: the file could not be imported\n";
        }
        std::cerr << "sslm import: nothing written\n";
        return kExitBadInput;
    }
    std::cerr << formatDiagnostics(result.diagnostics); // warnings of the spec's validation
    MechanismSpec spec = *result.spec;
    // the meshes' paths are absolute after the import: write them from the file's folder
    rebaseVisualFiles(spec, {}, std::filesystem::absolute(options.out).parent_path());
    if (const auto failure = saveMechanismFile(spec, options.out)) {
        std::cerr << options.out << ": error: " << *failure << '\n';
        return kExitBadInput;
    }
    if (options.json) {
        std::cout << toJson(options, result).dump(2) << '\n';
    } else {
        std::cout << reportText(result.report, *result.spec) << "wrote " << options.out << '\n';
    }
    return kExitOk;
}

} // namespace sslm::cli
