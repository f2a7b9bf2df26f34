// SPDX-License-Identifier: MIT
#include "ui/editor/visual_table.hpp"

#include <cmath>
#include <numbers>
#include <utility>

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>

#include <Eigen/Geometry>

#include "core/interop/triangle_mesh.hpp"

namespace sslm::ui {

namespace {

constexpr double kDegree = std::numbers::pi / 180.0;
constexpr double kMillimetreSpan = 10.0; ///< a mesh wider than this many units is in mm
const QString kMeshFolderKey = QStringLiteral("visuals/lastMeshFolder");

/// `value` to 10 digits; round-off dust below `dust` (a turn of 4e-15° from an rpy round trip)
/// shows as 0.
QString number(double value, double dust = 0) {
    return QString::number(std::abs(value) < dust ? 0.0 : value, 'g', 10);
}

QString kindText(VisualKind kind) {
    switch (kind) {
    case VisualKind::Mesh:
        return QObject::tr("mesh");
    case VisualKind::Box:
        return QObject::tr("box");
    case VisualKind::Cylinder:
        return QObject::tr("cylinder");
    case VisualKind::Sphere:
        return QObject::tr("sphere");
    }
    return {};
}

QString shapeText(const VisualSpec& v) {
    switch (v.kind) {
    case VisualKind::Mesh:
        return QFileInfo(QString::fromStdString(v.file)).fileName();
    case VisualKind::Box:
        return QStringLiteral("%1 × %2 × %3 m")
            .arg(number(v.size.x()), number(v.size.y()), number(v.size.z()));
    case VisualKind::Cylinder:
        return QObject::tr("r %1 m, length %2 m").arg(number(v.radius), number(v.length));
    case VisualKind::Sphere:
        return QObject::tr("r %1 m").arg(number(v.radius));
    }
    return {};
}

} // namespace

void VisualTable::setMassFromMesh(MassFromMesh apply) {
    m_massFromMesh = std::move(apply);
    updateButtons();
}

void VisualTable::promptMassFromMesh(int row) {
    static const QString key = QStringLiteral("visuals/lastDensity"); // kg/m³
    if (!m_massFromMesh) {
        return;
    }
    QSettings settings;
    bool ok = false;
    const double density = QInputDialog::getDouble(
        this, tr("Mass Properties From the Mesh"),
        tr("Density of the solid (kg/m³; steel 7850, aluminium 2700, ABS 1050):"),
        settings.value(key, 7850.0).toDouble(), 1e-6, 1e6, 1, &ok);
    if (!ok) {
        return;
    }
    settings.setValue(key, density);
    QString error;
    if (!m_massFromMesh(row, density, &error)) {
        QMessageBox::warning(this, tr("Mass Properties From the Mesh"),
                             tr("%1 was not changed.\n\n%2").arg(m_body, error));
    }
}

VisualTable::VisualTable(QWidget* parent) : QWidget(parent) {
    m_table = new QTableWidget(0, ColumnCount);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setMinimumHeight(80);
    m_table->setToolTip(tr("Shapes drawn with the body (CAD meshes, primitives): position in "
                           "the body frame, roll, pitch and yaw in degrees about the body's "
                           "fixed x, y, z, a mesh's scale (0.001 for mm). Drawing only: the "
                           "body's mass properties are its own. Double-click a number to edit "
                           "it; Ctrl+Z undoes."));
    m_add = new QPushButton(tr("Add Mesh…"));
    m_add->setToolTip(tr("Attach a mesh (STL, OBJ, COLLADA, PLY, glTF) to the body, at its "
                         "frame's origin"));
    m_remove = new QPushButton(tr("Remove"));
    m_remove->setToolTip(tr("Detach the selected shape"));
    m_mass = new QPushButton(tr("Mass Properties…"));
    m_mass->setToolTip(tr("Set the body's mass, centre of mass and inertia from the selected "
                          "closed mesh filled with a uniform density"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addWidget(m_mass);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    layout->addLayout(buttons);

    connect(m_add, &QPushButton::clicked, this, &VisualTable::promptAddMesh);
    connect(m_remove, &QPushButton::clicked, this, &VisualTable::removeVisual);
    connect(m_mass, &QPushButton::clicked, this, [this] {
        const int row = m_table->currentRow();
        if (row >= 0 && row < static_cast<int>(m_visuals.size())) {
            promptMassFromMesh(row);
        }
    });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &VisualTable::updateButtons);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        const int row = item->row();
        const auto field = static_cast<Column>(item->column());
        if (row < 0 || row >= static_cast<int>(m_visuals.size()) || field < X) {
            return;
        }
        bool ok = false;
        const double value = item->text().trimmed().toDouble(&ok);
        if (ok && std::isfinite(value) && (field != Scale || value > 0)) {
            changeNumber(row, field, value);
        } else {
            rebuild(); // not a number (or a scale ≤ 0): show what it was
        }
    });
    updateButtons();
}

void VisualTable::showVisuals(const std::vector<VisualSpec>& visuals, const QString& body) {
    m_visuals = visuals;
    m_body = body;
    rebuild();
}

void VisualTable::rebuild() {
    const QSignalBlocker blocker(m_table);
    const int selected = m_table->currentRow();
    m_table->clear();
    m_table->setHorizontalHeaderLabels({tr("kind"), tr("shape"), tr("x (m)"), tr("y (m)"),
                                        tr("z (m)"), tr("roll (°)"), tr("pitch (°)"), tr("yaw (°)"),
                                        tr("scale")});
    m_table->setRowCount(static_cast<int>(m_visuals.size()));
    for (int row = 0; row < static_cast<int>(m_visuals.size()); ++row) {
        const VisualSpec& v = m_visuals[static_cast<std::size_t>(row)];
        const auto fixed = [](const QString& text) {
            auto* item = new QTableWidgetItem(text);
            item->setFlags(item->flags() & ~Qt::ItemIsEditable);
            return item;
        };
        m_table->setItem(row, Kind, fixed(kindText(v.kind)));
        QTableWidgetItem* shape = fixed(shapeText(v));
        if (v.kind == VisualKind::Mesh) {
            shape->setToolTip(QString::fromStdString(v.file));
        }
        m_table->setItem(row, Shape, shape);
        for (int k = 0; k < 3; ++k) {
            m_table->setItem(row, X + k, new QTableWidgetItem(number(v.position[k], 1e-12)));
            m_table->setItem(row, Roll + k, new QTableWidgetItem(number(v.rpy[k] / kDegree, 1e-9)));
        }
        const bool uniform = v.scale.x() == v.scale.y() && v.scale.y() == v.scale.z();
        QTableWidgetItem* scale =
            v.kind == VisualKind::Mesh && uniform
                ? new QTableWidgetItem(number(v.scale.x()))
                : fixed(
                      v.kind == VisualKind::Mesh
                          ? QStringLiteral("%1, %2, %3")
                                .arg(number(v.scale.x()), number(v.scale.y()), number(v.scale.z()))
                          : QStringLiteral("–"));
        m_table->setItem(row, Scale, scale);
    }
    if (selected >= 0 && selected < m_table->rowCount()) {
        m_table->selectRow(selected);
    }
    updateButtons();
}

void VisualTable::updateButtons() {
    const int row = m_table->currentRow();
    const bool any =
        row >= 0 && row < static_cast<int>(m_visuals.size()) && !m_table->selectedItems().isEmpty();
    m_remove->setEnabled(any);
    m_mass->setEnabled(any && m_massFromMesh &&
                       m_visuals[static_cast<std::size_t>(row)].kind == VisualKind::Mesh);
}

void VisualTable::promptAddMesh() {
    QSettings settings;
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Attach a Mesh to %1").arg(m_body), settings.value(kMeshFolderKey).toString(),
        tr("Meshes (*.stl *.STL *.obj *.OBJ *.dae *.DAE *.ply *.PLY *.gltf *.glb *.off);;"
           "All files (*)"));
    if (file.isEmpty()) {
        return;
    }
    settings.setValue(kMeshFolderKey, QFileInfo(file).absolutePath());
    QString error;
    if (!addMesh(file, &error)) {
        QMessageBox::warning(this, tr("Cannot attach %1").arg(QFileInfo(file).fileName()),
                             tr("Nothing was attached.\n\n%1").arg(error));
    }
}

bool VisualTable::addMesh(const QString& file, QString* error) {
    const QString absolute = QFileInfo(file).absoluteFilePath();
    const MeshReadResult read = readMesh(absolute.toStdString());
    if (!read.ok()) {
        if (error != nullptr) {
            *error = QString::fromStdString(read.error);
        }
        return false;
    }
    Eigen::AlignedBox3d box;
    for (const Eigen::Vector3d& v : read.mesh->vertices) {
        box.extend(v);
    }
    VisualSpec visual;
    visual.kind = VisualKind::Mesh;
    visual.file = absolute.toStdString();
    const bool millimetres = !box.isEmpty() && box.sizes().maxCoeff() > kMillimetreSpan;
    if (millimetres) {
        visual.scale = Eigen::Vector3d::Constant(0.001);
    }
    m_visuals.push_back(visual);
    rebuild();
    m_table->selectRow(static_cast<int>(m_visuals.size()) - 1);
    Q_EMIT edited(m_visuals, tr("Mesh %1 on %2%3")
                                 .arg(QFileInfo(absolute).fileName(), m_body,
                                      millimetres ? tr(" (in mm: scale 0.001)") : QString()));
    return true;
}

void VisualTable::removeVisual() {
    const int row = m_table->currentRow();
    if (row < 0 || row >= static_cast<int>(m_visuals.size())) {
        return;
    }
    const QString what = shapeText(m_visuals[static_cast<std::size_t>(row)]);
    m_visuals.erase(m_visuals.begin() + row);
    rebuild();
    Q_EMIT edited(m_visuals, tr("Remove visual %1 from %2").arg(what, m_body));
}

void VisualTable::changeNumber(int row, Column field, double value) {
    VisualSpec& v = m_visuals[static_cast<std::size_t>(row)];
    static const char* const kNames[] = {"", "", "x", "y", "z", "roll", "pitch", "yaw", "scale"};
    QString text;
    switch (field) {
    case X:
    case Y:
    case Z:
        v.position[field - X] = value;
        text = QStringLiteral("%1 m").arg(number(value));
        break;
    case Roll:
    case Pitch:
    case Yaw:
        v.rpy[field - Roll] = value * kDegree;
        text = QStringLiteral("%1°").arg(number(value));
        break;
    case Scale:
        v.scale = Eigen::Vector3d::Constant(value);
        text = number(value);
        break;
    default:
        return;
    }
    Q_EMIT edited(
        m_visuals,
        tr("Visual %1 of %2: %3 %4").arg(row + 1).arg(m_body, QLatin1String(kNames[field]), text));
}

} // namespace sslm::ui
