// SPDX-License-Identifier: MIT
#pragma once

// What the interop tests share: a model file imported, fatal (with the diagnostics) when it
// does not work; a joint found again after a round trip; a report line's note. Examples are
// loaded by tests/core/fixtures/examples.hpp.

#include <string>
#include <vector>

#include <QtGlobal>

#include "core/interop/mechanism_import.hpp"
#include "core/spec/spec_json.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm::fixtures {

/// tests/data/interop/ (with the trailing '/').
inline const std::string kInteropData = SSLM_TEST_DATA_DIR "/interop/";

/// importMechanism of `file`: a path, or a name in tests/data/interop/.
inline ImportResult mustImport(const std::string& file, MechanismImportOptions options = {}) {
    const std::string path = !file.empty() && file.front() == '/' ? file : kInteropData + file;
    ImportResult r = importMechanism(path, options);
    if (!r.ok()) {
        qFatal("%s", formatDiagnostics(r.diagnostics).c_str());
    }
    return r;
}

/// The joint of `roundTrip` named as `original`, of the same type (fatal when it is lost or
/// changed type).
inline const JointSpec& sameJoint(const MechanismSpec& roundTrip, const JointSpec& original) {
    for (const JointSpec& joint : roundTrip.joints) {
        if (joint.name == original.name && joint.type == original.type) {
            return joint;
        }
    }
    qFatal("joint %s lost or changed type", original.name.c_str());
}

/// The note of the report line for `element` in `items`, "(none)" when there is none.
inline std::string noteOf(const std::vector<ImportItem>& items, const std::string& element) {
    for (const ImportItem& item : items) {
        if (item.element == element) {
            return item.note;
        }
    }
    return "(none)";
}

} // namespace sslm::fixtures
