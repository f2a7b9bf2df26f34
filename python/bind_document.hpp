// SPDX-License-Identifier: MIT
#pragma once

// sslm._sslm.Document: a mechanism file's JSON document with its numbers by name
// (core/study/parameter_document.hpp); the Python class sslm.Mechanism wraps it.

#include <pybind11/pybind11.h>

namespace sslm::python {

void bindDocument(pybind11::module_& m);

} // namespace sslm::python
