// SPDX-License-Identifier: MIT
#include "bench/allocation_counter.hpp"

#include <atomic>
#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define SSLM_COUNT_ALLOCATIONS 0 // ASan's malloc must stay in charge: interposing it crashes
#else
#define SSLM_COUNT_ALLOCATIONS 1
#endif

#if SSLM_COUNT_ALLOCATIONS
// glibc's own entry points, which the interposers forward to.
extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* pointer, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);
}
#endif

namespace {

std::atomic<bool> counting{false};
std::atomic<std::int64_t> allocations{0};

inline void count() {
    if (counting.load(std::memory_order_relaxed)) {
        allocations.fetch_add(1, std::memory_order_relaxed);
    }
}

} // namespace

#if SSLM_COUNT_ALLOCATIONS
extern "C" {

void* malloc(std::size_t size) {
    count();
    return __libc_malloc(size);
}

void* calloc(std::size_t n, std::size_t size) {
    count();
    return __libc_calloc(n, size);
}

void* realloc(void* pointer, std::size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void* memalign(std::size_t alignment, std::size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void* aligned_alloc(std::size_t alignment, std::size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
    count();
    void* pointer = __libc_memalign(alignment, size);
    if (pointer == nullptr) {
        return 12; // ENOMEM
    }
    *out = pointer;
    return 0;
}

} // extern "C"
#endif

namespace sslm::bench {

bool allocationCountingAvailable() {
    return SSLM_COUNT_ALLOCATIONS != 0;
}

void startCountingAllocations() {
    allocations.store(0);
    counting.store(true);
}

std::int64_t stopCountingAllocations() {
    counting.store(false);
    return allocations.load();
}

} // namespace sslm::bench
