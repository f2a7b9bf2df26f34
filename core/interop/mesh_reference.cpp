// SPDX-License-Identifier: MIT
#include "core/interop/mesh_reference.hpp"

#include <string_view>
#include <system_error>

#include "core/interop/triangle_mesh.hpp"
#include "core/spatial/roll_pitch_yaw.hpp"

namespace sslm {
namespace {

namespace fs = std::filesystem;

constexpr int kAncestorsSearched = 8;

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

fs::path absoluteFolderOf(const fs::path& file) {
    std::error_code ec;
    const fs::path absolute = fs::absolute(file, ec);
    return (ec ? file : absolute).parent_path();
}

/// "pkg/rest" of a package:// or model:// reference looked up from `folder` upwards: a folder
/// named pkg on the way (the package holding the file), or a folder pkg beside one.
MeshReference
resolvePackage(std::string_view scheme, std::string_view rest, const fs::path& folder) {
    MeshReference out;
    const std::size_t slash = rest.find('/');
    const std::string package(rest.substr(0, slash));
    const std::string inside(slash == std::string_view::npos ? "" : rest.substr(slash + 1));
    fs::path dir = folder;
    std::error_code ec;
    for (int level = 0; level < kAncestorsSearched && !dir.empty(); ++level) {
        for (const fs::path& candidate :
             {dir.filename() == package ? dir : fs::path(), dir / package}) {
            if (!candidate.empty() && fs::is_directory(candidate, ec)) {
                out.path = (candidate / inside).lexically_normal();
                out.exists = fs::is_regular_file(out.path, ec);
                out.note = std::string(scheme) + package + " found at " + candidate.string();
                return out;
            }
        }
        if (dir == dir.parent_path()) {
            break;
        }
        dir = dir.parent_path();
    }
    out.note = std::string(scheme) + package + " not found in the file's folder or its " +
               std::to_string(kAncestorsSearched) + " ancestors";
    return out;
}

} // namespace

MeshReference resolveMeshReference(const std::string& reference, const fs::path& sourceFile) {
    const fs::path folder = absoluteFolderOf(sourceFile);
    std::string_view text = reference;
    for (const std::string_view scheme : {"package://", "model://"}) {
        if (startsWith(text, scheme)) {
            return resolvePackage(scheme, text.substr(scheme.size()), folder);
        }
    }
    if (startsWith(text, "file://")) {
        text.remove_prefix(std::string_view("file://").size());
    }
    MeshReference out;
    const fs::path written{std::string(text)};
    out.path = (written.is_absolute() ? written : folder / written).lexically_normal();
    std::error_code ec;
    out.exists = fs::is_regular_file(out.path, ec);
    out.note = out.exists ? "found at " + out.path.string() : "no file at " + out.path.string();
    return out;
}

std::string relativeMeshPath(const fs::path& file, const fs::path& folder) {
    std::error_code ec;
    const fs::path base = fs::absolute(folder, ec);
    const fs::path relative = file.lexically_relative(ec ? folder : base);
    // at most two levels up; farther away an absolute path survives moving the mechanism file
    int ups = 0;
    for (const fs::path& part : relative) {
        ups += part == "..";
    }
    if (relative.empty() || !file.is_absolute() || ups > 2) {
        return file.generic_string();
    }
    return relative.generic_string();
}

VisualSpec
visualOf(const VisualShape& shape, const fs::path& sourceFile, std::string& note, bool& drawn) {
    VisualSpec visual;
    visual.position = shape.position;
    visual.rpy = rpyFromRotation(shape.rotation);
    visual.scale = shape.scale;
    visual.size = shape.size;
    visual.radius = shape.radius;
    visual.length = shape.length;
    drawn = true;
    if (shape.kind != "mesh") {
        visual.kind = shape.kind == "box"        ? VisualKind::Box
                      : shape.kind == "cylinder" ? VisualKind::Cylinder
                                                 : VisualKind::Sphere;
        note = "a visual of " +
               std::string(shape.body == "ground" ? "the ground" : "body " + shape.body);
        return visual;
    }
    visual.kind = VisualKind::Mesh;
    const MeshReference where = resolveMeshReference(shape.meshFile, sourceFile);
    visual.file = where.path.empty() ? shape.meshFile : where.path.generic_string();
    const std::string owner = shape.body == "ground" ? "the ground" : "body " + shape.body;
    if (!where.exists) {
        drawn = false;
        note = shape.meshFile + ": " + where.note + "; kept as a visual of " + owner +
               ", not drawn until the file is there";
    } else if (!isDrawnMeshFormat(where.path)) {
        drawn = false;
        note = shape.meshFile + ": a visual of " + owner +
               ", but its format is not read (STL, OBJ and what Assimp reads: DAE, PLY, glTF, …)";
    } else {
        note = shape.meshFile + " → a visual of " + owner;
    }
    return visual;
}

void rebaseVisualFiles(MechanismSpec& spec, const fs::path& fromFolder, const fs::path& toFolder) {
    const auto rebase = [&](std::vector<VisualSpec>& visuals) {
        for (VisualSpec& v : visuals) {
            if (v.kind != VisualKind::Mesh || v.file.empty()) {
                continue;
            }
            const fs::path written(v.file);
            const fs::path absolute =
                written.is_absolute() ? written : (fromFolder / written).lexically_normal();
            if (absolute.is_absolute()) {
                v.file = toFolder.empty() ? absolute.generic_string()
                                          : relativeMeshPath(absolute, toFolder);
            }
        }
    };
    rebase(spec.ground.visuals);
    for (BodySpec& body : spec.bodies) {
        rebase(body.visuals);
    }
}

} // namespace sslm
