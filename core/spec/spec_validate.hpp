// SPDX-License-Identifier: MIT
#pragma once

// Validation of a parsed Spec beyond what the file's JSON schema can check.

#include "core/spec/mechanism_spec.hpp"
#include "core/util/diagnostic.hpp"

namespace sslm {

/// Checks a parsed Spec for problems the JSON schema cannot see: unknown body or point
/// references, duplicate ids or names, non-positive mass or inertia, zero-length bars, a
/// non-unit prismatic axis, unknown coordinate names in the initial state, bad signals, loads and
/// two-point elements that do nothing or cannot act (on the ground, both ends on one body, a
/// direction that is not a unit vector, a spring of zero rest length, negative coefficients).
/// Paths are JSON paths of the element, e.g. "bodies[2].mass".
Diagnostics validateSpec(const MechanismSpec& spec);

} // namespace sslm
