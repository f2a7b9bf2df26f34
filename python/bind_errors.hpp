// SPDX-License-Identifier: MIT
#pragma once

// The module's exceptions: sslm.Error (every error of the module), sslm.ParameterError (a name
// that is not a parameter of the mechanism; also a LookupError) and sslm.InputError (a file,
// cut set, option or pose that cannot run; also a ValueError). core's std::invalid_argument
// becomes InputError, its ParameterError ParameterError.

#include <pybind11/pybind11.h>

namespace sslm::python {

void bindErrors(pybind11::module_& m);

/// Raises sslm.InputError with `message` (throws pybind11::error_already_set).
[[noreturn]] void throwInputError(const std::string& message);

} // namespace sslm::python
