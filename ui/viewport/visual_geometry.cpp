// SPDX-License-Identifier: MIT
#include "ui/viewport/visual_geometry.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <system_error>
#include <utility>

#include <vtkCellArray.h>
#include <vtkFloatArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include "core/interop/triangle_mesh.hpp"
#include "core/spatial/roll_pitch_yaw.hpp"
#include "ui/viewport/solid_geometry.hpp"

namespace sslm::ui {

namespace {

namespace fs = std::filesystem;

/// Meshes already read, by absolute path and modification time: a scene is rebuilt on every
/// cut change and edit, and a CAD part of a few MB should be read once.
class MeshCache {
public:
    std::shared_ptr<const TriangleMesh> get(const fs::path& path, std::string& error) {
        std::error_code ec;
        const auto stamp = fs::last_write_time(path, ec);
        if (ec) {
            error = path.string() + ": no such file (check the visual's \"file\", relative to "
                                    "the mechanism file's folder)";
            return nullptr;
        }
        const std::lock_guard lock(m_mutex);
        const auto found = m_meshes.find(path.string());
        if (found != m_meshes.end() && found->second.first == stamp) {
            return found->second.second;
        }
        MeshReadResult read = readMesh(path);
        if (!read.ok()) {
            error = read.error;
            return nullptr;
        }
        auto mesh = std::make_shared<const TriangleMesh>(std::move(*read.mesh));
        if (m_meshes.size() >= kMaxMeshes) {
            m_meshes.clear();
        }
        m_meshes[path.string()] = {stamp, mesh};
        return mesh;
    }

private:
    static constexpr std::size_t kMaxMeshes = 64;
    std::mutex m_mutex;
    std::map<std::string, std::pair<fs::file_time_type, std::shared_ptr<const TriangleMesh>>>
        m_meshes;
};

MeshCache& meshCache() {
    static MeshCache cache;
    return cache;
}

/// The mesh scaled, turned and moved into the body frame, one normal per triangle (CAD parts
/// have sharp edges). A mirroring scale (never: scales are positive) would need the winding
/// reversed.
vtkSmartPointer<vtkPolyData> meshPolyData(const TriangleMesh& mesh,
                                          const Eigen::Vector3d& scale,
                                          const Eigen::Matrix3d& R,
                                          const Eigen::Vector3d& p) {
    vtkNew<vtkPoints> points;
    vtkNew<vtkFloatArray> normals;
    vtkNew<vtkCellArray> polys;
    normals->SetNumberOfComponents(3);
    points->Allocate(static_cast<vtkIdType>(3 * mesh.triangles.size()));
    normals->Allocate(static_cast<vtkIdType>(9 * mesh.triangles.size()));
    std::vector<Eigen::Vector3d> placed(mesh.vertices.size());
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        placed[i] = p + R * scale.cwiseProduct(mesh.vertices[i]);
    }
    for (const auto& t : mesh.triangles) {
        const Eigen::Vector3d& a = placed[static_cast<std::size_t>(t[0])];
        const Eigen::Vector3d& b = placed[static_cast<std::size_t>(t[1])];
        const Eigen::Vector3d& c = placed[static_cast<std::size_t>(t[2])];
        const Eigen::Vector3d n = (b - a).cross(c - a);
        const double length = n.norm();
        if (!(length > 0)) {
            continue; // a degenerate triangle draws nothing
        }
        const Eigen::Vector3d unit = n / length;
        vtkIdType ids[3];
        int k = 0;
        for (const Eigen::Vector3d* v : {&a, &b, &c}) {
            ids[k++] = points->InsertNextPoint(v->x(), v->y(), v->z());
            normals->InsertNextTuple3(unit.x(), unit.y(), unit.z());
        }
        polys->InsertNextCell(3, ids);
    }
    auto data = vtkSmartPointer<vtkPolyData>::New();
    data->SetPoints(points);
    data->GetPointData()->SetNormals(normals);
    data->SetPolys(polys);
    return data;
}

} // namespace

vtkSmartPointer<vtkPolyData>
visualPolyData(const VisualSpec& visual, const QString& folder, QString* problem) {
    const Eigen::Matrix3d R = rotationFromRpy(visual.rpy);
    const Eigen::Vector3d& p = visual.position;
    switch (visual.kind) {
    case VisualKind::Box:
        return box(p, R, visual.size);
    case VisualKind::Cylinder: {
        const Eigen::Vector3d half = 0.5 * visual.length * R.col(2);
        return tube(p - half, p + half, visual.radius);
    }
    case VisualKind::Sphere:
        return ball(p, visual.radius);
    case VisualKind::Mesh:
        break;
    }
    fs::path file(visual.file);
    if (file.is_relative() && !folder.isEmpty()) {
        file = fs::path(folder.toStdString()) / file;
    }
    std::string error;
    const std::shared_ptr<const TriangleMesh> mesh = meshCache().get(file, error);
    if (!mesh) {
        if (problem != nullptr) {
            *problem = QString::fromStdString(error);
        }
        return nullptr;
    }
    return meshPolyData(*mesh, visual.scale, R, p);
}

std::vector<DrawnVisual> drawableVisuals(const std::vector<VisualSpec>& visuals,
                                         const QString& folder,
                                         QStringList& problems) {
    std::vector<DrawnVisual> drawn;
    for (const VisualSpec& visual : visuals) {
        QString problem;
        vtkSmartPointer<vtkPolyData> data = visualPolyData(visual, folder, &problem);
        if (!data) {
            if (!problems.contains(problem)) {
                problems.push_back(problem);
            }
            continue;
        }
        std::optional<QColor> colour;
        if (visual.color) {
            colour = QColor::fromRgbF(static_cast<float>(visual.color->x()),
                                      static_cast<float>(visual.color->y()),
                                      static_cast<float>(visual.color->z()));
        }
        drawn.push_back({std::move(data), colour});
    }
    return drawn;
}

Eigen::AlignedBox3d visualBounds(vtkPolyData* data) {
    Eigen::AlignedBox3d box;
    if (data == nullptr || data->GetNumberOfPoints() == 0) {
        return box;
    }
    double b[6];
    data->GetBounds(b);
    box.extend(Eigen::Vector3d(b[0], b[2], b[4]));
    box.extend(Eigen::Vector3d(b[1], b[3], b[5]));
    return box;
}

} // namespace sslm::ui
