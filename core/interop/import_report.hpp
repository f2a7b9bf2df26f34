// SPDX-License-Identifier: MIT
#pragma once

// What an import or export did with each element, so that nothing is lost silently: what it
// mapped, what it approximated, what it dropped (InteropReport, shared by the readers and the
// writers), and for an import the visual shapes it found (also written into the bodies'
// `visuals`).

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "core/interop/model_format.hpp"
#include "core/spec/mechanism_spec.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm {

/// One element of the source file and what became of it.
struct ImportItem {
    std::string element; ///< e.g. "joint elbow", "link base", "loop closure_C"
    std::string note;    ///< what it became, or why it was approximated or dropped
};

/// A visual shape of a link as the source file gives it (its VisualSpec is in the body).
struct VisualShape {
    std::string body;     ///< the body id it belongs to (after fixed joints merged links)
    std::string link;     ///< the source link
    std::string kind;     ///< "mesh", "box", "cylinder", "capsule" or "sphere"
    std::string meshFile; ///< mesh: the file as written in the source
    Eigen::Vector3d scale = Eigen::Vector3d::Ones(); ///< mesh: its scale
    Eigen::Vector3d size = Eigen::Vector3d::Zero();  ///< box: its edge lengths (m)
    double radius = 0;                               ///< cylinder, capsule, sphere (m)
    double length = 0; ///< cylinder, capsule (m; a capsule's without its caps)
    /// The shape's pose in the body frame at the mechanism's zero pose (m; rotation matrix).
    Eigen::Vector3d position = Eigen::Vector3d::Zero();
    Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
};

/// The plane of a planar mechanism recognised in a 3-D file (planar_recognition.hpp): the
/// planar file's X and Y axes in the source's world frame, X × Y = normal.
struct ImportPlane {
    Eigen::Vector3d origin = Eigen::Vector3d::Zero(); ///< in the source's world frame (m)
    Eigen::Vector3d normal = Eigen::Vector3d::UnitZ();
    Eigen::Vector3d xAxis = Eigen::Vector3d::UnitX();
    Eigen::Vector3d yAxis = Eigen::Vector3d::UnitY();
};

/// What a reader or a writer did, item by item, in one format.
struct InteropReport {
    ModelFormat format = ModelFormat::Urdf;
    std::vector<ImportItem> mapped;
    std::vector<ImportItem> approximated;
    std::vector<ImportItem> dropped;

    void map(std::string element, std::string note) {
        mapped.push_back({std::move(element), std::move(note)});
    }
    void approximate(std::string element, std::string note) {
        approximated.push_back({std::move(element), std::move(note)});
    }
    void drop(std::string element, std::string note) {
        dropped.push_back({std::move(element), std::move(note)});
    }
};

struct ImportReport : InteropReport {
    std::vector<VisualShape> visuals;
    /// Set when the 3-D file was recognised as planar and written as a planar mechanism.
    std::optional<ImportPlane> plane;
};

/// "title (n)", then "  element: note" per item, each on its own line.
void writeItems(std::ostream& out, const char* title, const std::vector<ImportItem>& items);

/// The mapped, approximated and dropped items, each list under its title (writeItems).
void writeItems(std::ostream& out, const InteropReport& report);

/// The report as text for the command line: counts, then one line per item.
std::string reportText(const ImportReport& report, const MechanismSpec& spec);

/// What a reader says by itself of the loops of the mechanism it read. Grübler's count in
/// space flags loops that leave no freedom (most often a planar linkage drawn in 3-D);
/// importMechanism asks for None, as its recogniser (recognisePlanarOrRedundant) finds the
/// redundant closure equations by rank instead.
enum class LoopNote {
    Gruebler,
    None,
};

/// Validates an imported mechanism into `diagnostics` (each located in `source`, "imported
/// mechanism: …"); true when no error stands there, so that the importer may adopt it.
bool validateImported(const MechanismSpec& spec,
                      const std::string& source,
                      Diagnostics& diagnostics);

/// The outcome of an import: the mechanism and its report, or the errors (each naming the
/// file, the line or element, and the fix) and nothing else.
struct ImportResult {
    std::optional<MechanismSpec> spec;
    ImportReport report;
    Diagnostics diagnostics; ///< errors, and warnings the spec's validation raised

    bool ok() const { return spec.has_value(); }
};

} // namespace sslm
