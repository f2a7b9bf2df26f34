// SPDX-License-Identifier: MIT
#pragma once

// Extended URDF (Batto, de Matteis, Mansard 2025): a URDF tree and, beside it, a YAML file of
// the same name (robot.urdf, robot.yaml) that closes its loops and changes some of its joints:
//
//   closed_loop: [['fermeture1_A', 'fermeture1_B'], ...]  # frames (links or joints) held
//   type: ['6d', '3d', ...]                               # together: 6d rigidly, 3d at a point
//   name_mot: ['mot1', ...]                               # the actuated joints
//   joint_name: ['to_rotule1', ...]                       # joints whose type changes ...
//   joint_type: ['SPHERICAL', ...]                        # ... to SPHERICAL, CARDAN or FIXED
//
// readExtendedUrdfYaml() reads the keys above, as flow lists (what the authors' generator
// writes, over several lines if need be) or block lists ("- item" lines, "- - a" starting a
// nested one as PyYAML writes them); other keys are reported as dropped by the importer.
// A missing `type` means 6d for every pair, as in the authors' loader.

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/util/diagnostic.hpp"

namespace sslm {

struct ExtendedUrdf {
    std::string file;                                            ///< the YAML file, for messages
    std::vector<std::pair<std::string, std::string>> closedLoop; ///< frame pairs
    std::vector<std::string> types;                              ///< "6d" or "3d" per pair
    std::vector<std::string> motors;                             ///< name_mot
    std::vector<std::pair<std::string, std::string>> jointTypes; ///< joint → new type
    std::vector<std::string> otherKeys;                          ///< not read
};

/// The YAML beside `urdf` (same name, .yaml or .yml) when it has one of Extended URDF's keys
/// at the start of a line (closed_loop, name_mot, joint_name, joint_type); another YAML of that
/// name (controller settings, say) is not one.
std::optional<std::filesystem::path> extendedUrdfYamlOf(const std::filesystem::path& urdf);

/// Reads an Extended URDF YAML file. A malformed value, a closed_loop entry that is not a pair,
/// lists of different lengths (closed_loop and type; joint_name and joint_type) or an unknown
/// type are errors in `diagnostics` naming the file, the line and the key; then nothing is
/// returned.
std::optional<ExtendedUrdf> readExtendedUrdfYaml(const std::filesystem::path& file,
                                                 Diagnostics& diagnostics);

/// The same from text; `source` names it in messages.
std::optional<ExtendedUrdf>
parseExtendedUrdfYaml(const std::string& text, const std::string& source, Diagnostics& diagnostics);

} // namespace sslm
