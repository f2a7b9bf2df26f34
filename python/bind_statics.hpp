// SPDX-License-Identifier: MIT
#pragma once

// sslm._sslm.equilibrium, .modes and .holding_curve: statics of a compiled model
// (core/statics) from its assembled initial pose, as `sslm equilibrium` and `sslm modes`
// compute them, returning the same JSON text and CSV columns (core/statics/statics_report.hpp).
// The GIL is released while they work; bad input raises sslm.InputError.

#include <pybind11/pybind11.h>

namespace sslm::python {

void bindStatics(pybind11::module_& m);

} // namespace sslm::python
