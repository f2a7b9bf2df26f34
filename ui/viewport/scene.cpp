// SPDX-License-Identifier: MIT
#include "ui/viewport/scene.hpp"

#include "ui/viewport/planar_scene.hpp"
#include "ui/viewport/spatial_scene.hpp"

namespace sslm::ui {

std::unique_ptr<Scene> makeScene(vtkRenderer* renderer,
                                 std::shared_ptr<const Model> model,
                                 const Eigen::VectorXd& q,
                                 std::vector<QColor> colours,
                                 const QString& meshFolder) {
    if (model->isSpatial()) {
        return std::make_unique<SpatialScene>(renderer, std::move(model), q, std::move(colours),
                                              meshFolder);
    }
    return std::make_unique<PlanarScene>(renderer, std::move(model), q, std::move(colours),
                                         meshFolder);
}

} // namespace sslm::ui
