// SPDX-License-Identifier: MIT
// sslm._sslm: the compiled part of the Python module `sslm` (python/sslm/ is the rest).

#include "core/util/build_info.hpp"

#include "bind_document.hpp"
#include "bind_errors.hpp"
#include "bind_model.hpp"
#include "bind_statics.hpp"
#include "bind_study.hpp"
#include <pybind11/pybind11.h>

PYBIND11_MODULE(_sslm, m) {
    m.doc() = "SSLM Studio's kernel: mechanism documents, compiled models, runs and studies.";
    m.attr("__version__") = std::string(sslm::build::version());
    m.attr("commit") = std::string(sslm::build::commit());
    sslm::python::bindErrors(m);
    sslm::python::bindDocument(m);
    sslm::python::bindModel(m);
    sslm::python::bindStatics(m);
    sslm::python::bindStudy(m);
}
