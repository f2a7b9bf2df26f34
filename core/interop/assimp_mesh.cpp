// SPDX-License-Identifier: MIT
#include "core/interop/assimp_mesh.hpp"

#include <map>
#include <tuple>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

namespace sslm {

bool assimpReads(const std::filesystem::path& path) {
    const std::string extension = path.extension().string();
    if (extension.empty()) {
        return false;
    }
    const Assimp::Importer importer;
    return importer.IsExtensionSupported(extension);
}

MeshReadResult readMeshWithAssimp(const std::filesystem::path& path) {
    MeshReadResult result;
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_COLLADA_IGNORE_UP_DIRECTION, true);
    // only triangles: points and lines are left out
    importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE,
                                aiPrimitiveType_POINT | aiPrimitiveType_LINE);
    const aiScene* scene =
        importer.ReadFile(path.string(), aiProcess_Triangulate | aiProcess_PreTransformVertices |
                                             aiProcess_SortByPType);
    if (scene == nullptr || (scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE) != 0) {
        result.error = path.string() +
                       ": the mesh could not be read (Assimp: " + importer.GetErrorString() +
                       "); export it as STL or OBJ";
        return result;
    }
    TriangleMesh mesh;
    std::map<std::tuple<double, double, double>, int> index;
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh& part = *scene->mMeshes[m];
        std::vector<int> merged(part.mNumVertices);
        for (unsigned v = 0; v < part.mNumVertices; ++v) {
            const aiVector3D& p = part.mVertices[v];
            const auto key = std::make_tuple(double(p.x), double(p.y), double(p.z));
            const auto [at, added] = index.emplace(key, static_cast<int>(mesh.vertices.size()));
            if (added) {
                mesh.vertices.emplace_back(p.x, p.y, p.z);
            }
            merged[v] = at->second;
        }
        for (unsigned f = 0; f < part.mNumFaces; ++f) {
            const aiFace& face = part.mFaces[f];
            if (face.mNumIndices == 3) {
                mesh.triangles.push_back(
                    {merged[face.mIndices[0]], merged[face.mIndices[1]], merged[face.mIndices[2]]});
            }
        }
    }
    if (mesh.triangles.empty()) {
        result.error = path.string() + ": the file holds no triangles; export the part's surface "
                                       "as a mesh";
        return result;
    }
    result.mesh = std::move(mesh);
    return result;
}

} // namespace sslm
