// SPDX-License-Identifier: MIT
#include "ui/viewport/scene.hpp"

#include "ui/viewport/planar_scene.hpp"
#include "ui/viewport/spatial_scene.hpp"

namespace sslm::ui {

std::unique_ptr<Scene> makeScene(SceneSetup setup) {
    if (setup.model->isSpatial()) {
        return std::make_unique<SpatialScene>(std::move(setup));
    }
    return std::make_unique<PlanarScene>(std::move(setup));
}

} // namespace sslm::ui
