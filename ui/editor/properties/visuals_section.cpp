// SPDX-License-Identifier: MIT
#include "ui/editor/properties/visuals_section.hpp"

#include <filesystem>

#include <QFileInfo>
#include <QVBoxLayout>

#include "core/interop/mass_properties.hpp"
#include "ui/editor/properties/property_fields.hpp"
#include "ui/editor/visual_table.hpp"

namespace sslm::ui {

VisualsSection::VisualsSection(QWidget* parent) : QGroupBox(tr("Visuals"), parent) {
    m_table = new VisualTable;
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    connect(m_table, &VisualTable::edited, this,
            [this](const std::vector<VisualSpec>& visuals, const QString& text) {
                Q_EMIT edited([visuals](BodySpec& b) { b.visuals = visuals; }, text);
            });
}

void VisualsSection::setSpace(const PropertiesSpace& space) {
    setToolTip(
        tr("Shapes drawn with the %1: CAD meshes and primitives").arg(space.bodyWord.toLower()));
}

void VisualsSection::showBody(const BodySpec& body) {
    m_table->showVisuals(body.visuals, bodyName(body));
}

std::optional<NamedBodyChange> VisualsSection::massFromMesh(const BodySpec* body,
                                                            int row,
                                                            double density,
                                                            const QString& documentPath,
                                                            const PropertiesSpace& space,
                                                            QString* error) {
    const auto fail = [error](const QString& why) {
        if (error != nullptr) {
            *error = why;
        }
        return std::nullopt;
    };
    if (body == nullptr) {
        return fail(tr("Choose a %1 first.").arg(space.bodyWord.toLower()));
    }
    if (row < 0 || row >= static_cast<int>(body->visuals.size()) ||
        body->visuals[static_cast<std::size_t>(row)].kind != VisualKind::Mesh) {
        return fail(tr("Choose a mesh visual of %1.").arg(bodyName(*body)));
    }
    const VisualSpec& visual = body->visuals[static_cast<std::size_t>(row)];
    // a relative file is the document's (in memory they are absolute: mechanism_loader)
    std::filesystem::path file(visual.file);
    if (file.is_relative() && !documentPath.isEmpty()) {
        file = std::filesystem::path(QFileInfo(documentPath).absolutePath().toStdString()) / file;
    }
    const MeshMassPropertiesResult props = visualMassProperties(visual, file, density);
    if (!props.ok()) {
        return fail(QString::fromStdString(props.error));
    }
    const MeshMassProperties p = *props.properties;
    const bool planar = space.dimensions == 2;
    const QString text =
        tr("Mass properties of %1 from %2 at %3 kg/m³: %4 kg")
            .arg(bodyName(*body), QFileInfo(QString::fromStdString(visual.file)).fileName(),
                 number(density), number(p.mass));
    // in the plane: the mass, the COM's x and y, and the moment about the plane's normal
    return NamedBodyChange{[p, planar](BodySpec& b) {
                               b.mass = p.mass;
                               b.com_B = p.com.head<2>();
                               if (planar) {
                                   b.inertiaCom = p.inertiaCom(2, 2);
                               } else {
                                   b.comZ_B = p.com.z();
                                   b.inertiaTensor = p.inertiaCom;
                               }
                           },
                           text};
}

} // namespace sslm::ui
