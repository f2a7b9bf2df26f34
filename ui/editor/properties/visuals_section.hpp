// SPDX-License-Identifier: MIT
#pragma once

// The Properties dock's visuals of a link or body (CAD meshes and primitives drawn with it:
// attach, move, turn, scale, remove), and the mass properties of one of its closed meshes
// filled at a density: mass, centre of mass and inertia (the moment about the plane's normal,
// or the tensor in the body frame). Every change is reported as an edit of the body with what
// it changed in words, for the panel to apply as one undoable edit.

#include <optional>

#include <QGroupBox>

#include "ui/editor/properties/properties_space.hpp"

namespace sslm::ui {

class VisualTable;

/// An edit of a body and its name in the undo history.
struct NamedBodyChange {
    BodyChange change;
    QString text;
};

class VisualsSection : public QGroupBox {
    Q_OBJECT

public:
    explicit VisualsSection(QWidget* parent = nullptr);

    void setSpace(const PropertiesSpace& space);
    void showBody(const BodySpec& body);
    VisualTable* table() const { return m_table; }

    /// The edit that gives `body` (null: none chosen) the mass, centre of mass and inertia of
    /// its mesh visual at `row` filled at `density` (kg/m³), in `space`; a relative mesh file
    /// is the document's at `documentPath`. Empty with the reason (no body, not a mesh, an open
    /// mesh, …) otherwise.
    static std::optional<NamedBodyChange> massFromMesh(const BodySpec* body,
                                                       int row,
                                                       double density,
                                                       const QString& documentPath,
                                                       const PropertiesSpace& space,
                                                       QString* error);

Q_SIGNALS:
    void edited(const sslm::ui::BodyChange& change, const QString& text);

private:
    VisualTable* m_table = nullptr;
};

} // namespace sslm::ui
