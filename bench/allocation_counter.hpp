// SPDX-License-Identifier: MIT
#pragma once

// Counts heap allocations made by this process while counting is on. allocation_counter.cpp
// interposes glibc's malloc, calloc, realloc, memalign, posix_memalign and aligned_alloc, so it
// sees operator new, Eigen's aligned allocations and C libraries alike. Link the .cpp into the
// executable itself (not a static library, where the linker could drop it). Under
// AddressSanitizer, which owns malloc, it interposes nothing and counts nothing:
// allocationCountingAvailable() says so, and tests of allocations skip.

#include <cstdint>

namespace sslm::bench {

/// False in a build with AddressSanitizer, where the counter cannot see allocations.
bool allocationCountingAvailable();

/// Starts counting from zero (this thread and all others).
void startCountingAllocations();

/// Stops counting; returns the number of allocations since startCountingAllocations().
std::int64_t stopCountingAllocations();

} // namespace sslm::bench
