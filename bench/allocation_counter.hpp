// SPDX-License-Identifier: MIT
#pragma once

// Counts heap allocations made by this process while counting is on. allocation_counter.cpp
// interposes glibc's malloc, calloc, realloc, memalign, posix_memalign and aligned_alloc, so it
// sees operator new, Eigen's aligned allocations and C libraries alike. Link the .cpp into the
// executable itself (not a static library, where the linker could drop it).

#include <cstdint>

namespace sslm::bench {

/// Starts counting from zero (this thread and all others).
void startCountingAllocations();

/// Stops counting; returns the number of allocations since startCountingAllocations().
std::int64_t stopCountingAllocations();

} // namespace sslm::bench
