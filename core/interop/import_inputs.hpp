// SPDX-License-Identifier: MIT
#pragma once

// The inputs of an imported mechanism with loops. URDF and SDFormat name no input coordinate:
// the file's pose (every coordinate 0) is the initial state, and its inputs are chosen there as
// the automatic coordinate partition does (coordinate_partition.hpp: per loop, the
// best-conditioned dependent block), so that the imported file checks and runs as it is; the
// user changes them as for any mechanism.

#include "core/interop/import_report.hpp"

namespace sslm {

/// When `result` holds a mechanism with cut joints and no initial.independent: the inputs
/// chosen at the pose q = 0 (value 0 each; ball joints' turns are never inputs), said in the
/// report under "initial state". Left unchanged when the mechanism does not compile or no
/// partition exists there (redundant loops, a locked pose): the report says why.
void chooseInputsAtFilePose(ImportResult& result);

} // namespace sslm
