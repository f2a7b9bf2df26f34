// SPDX-License-Identifier: MIT
#include "bind_errors.hpp"

#include <stdexcept>
#include <string>

#include "core/study/parameter_document.hpp"

namespace py = pybind11;

namespace sslm::python {

namespace {

PyObject* g_inputError = nullptr;

} // namespace

void bindErrors(py::module_& m) {
    static py::exception<std::runtime_error> error(m, "Error", PyExc_RuntimeError);
    const py::object base = error;
    const py::object lookup = py::reinterpret_borrow<py::object>(PyExc_LookupError);
    const py::object value = py::reinterpret_borrow<py::object>(PyExc_ValueError);
    const py::object type =
        py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PyType_Type));
    const py::object parameterError =
        type("ParameterError", py::make_tuple(base, lookup),
             py::dict(py::arg("__doc__") = "A name that is not a parameter of the mechanism; the "
                                           "message lists the nearest valid names.",
                      py::arg("__module__") = "sslm"));
    const py::object inputError =
        type("InputError", py::make_tuple(base, value),
             py::dict(py::arg("__doc__") = "A mechanism, cut set, option or initial pose that "
                                           "cannot run; the message carries the core's "
                                           "diagnostics.",
                      py::arg("__module__") = "sslm"));
    error.attr("__module__") = "sslm";
    error.attr("__doc__") = "Every error of the sslm module.";
    m.attr("ParameterError") = parameterError;
    m.attr("InputError") = inputError;
    static PyObject* parameterType = parameterError.ptr();
    g_inputError = inputError.ptr();
    Py_INCREF(parameterType);
    Py_INCREF(g_inputError);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) {
                std::rethrow_exception(p);
            }
        } catch (const ParameterError& e) {
            PyErr_SetString(parameterType, e.what());
        } catch (const std::invalid_argument& e) {
            PyErr_SetString(g_inputError, e.what());
        }
    });
}

void throwInputError(const std::string& message) {
    PyErr_SetString(g_inputError, message.c_str());
    throw py::error_already_set();
}

} // namespace sslm::python
