// SPDX-License-Identifier: MIT
#pragma once

// sslm._sslm.Model (a compiled mechanism) and compile(): info() and run(), the GIL released
// while they compute; the Python class sslm.Model wraps it.

#include <pybind11/pybind11.h>

namespace sslm::python {

void bindModel(pybind11::module_& m);

} // namespace sslm::python
