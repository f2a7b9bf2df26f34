// SPDX-License-Identifier: MIT
#pragma once

// sslm._sslm.Study: a parameter study (core/study/study_spec.hpp) and its table
// (study_runner.hpp): rows of any subset of runs on C++ threads, the GIL released; the Python
// function sslm.study drives it on this machine or on a Dask cluster.

#include <pybind11/pybind11.h>

namespace sslm::python {

void bindStudy(pybind11::module_& m);

} // namespace sslm::python
