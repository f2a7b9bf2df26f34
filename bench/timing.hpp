// SPDX-License-Identifier: MIT
#pragma once

// A careful per-call timer for sub-microsecond functions: calibrate the batch size to about
// `batchSeconds`, then time `repetitions` batches and report the median and the minimum per
// call. Medians resist the other processes of a shared 2-core machine; the minimum shows the
// undisturbed cost. Wall-clock (steady_clock) time.

#include <algorithm>
#include <chrono>
#include <vector>

namespace sslm::bench {

struct PerCallTime {
    double medianNs = 0;
    double minNs = 0;
    long callsPerBatch = 0;
};

template <typename Function>
PerCallTime timePerCall(Function&& function, double batchSeconds = 0.02, int repetitions = 15) {
    using Clock = std::chrono::steady_clock;
    const auto seconds = [](Clock::duration d) {
        return std::chrono::duration<double>(d).count();
    };
    // calibration: double the batch until it takes a tenth of the target
    long batch = 1;
    for (;;) {
        const auto start = Clock::now();
        for (long i = 0; i < batch; ++i) {
            function();
        }
        const double elapsed = seconds(Clock::now() - start);
        if (elapsed > 0.1 * batchSeconds || batch > (1L << 30)) {
            batch = std::max(1L, static_cast<long>(static_cast<double>(batch) * batchSeconds /
                                                   std::max(elapsed, 1e-9)));
            break;
        }
        batch *= 2;
    }
    std::vector<double> perCall;
    for (int r = 0; r < repetitions; ++r) {
        const auto start = Clock::now();
        for (long i = 0; i < batch; ++i) {
            function();
        }
        perCall.push_back(seconds(Clock::now() - start) * 1e9 / static_cast<double>(batch));
    }
    std::sort(perCall.begin(), perCall.end());
    return {perCall[perCall.size() / 2], perCall.front(), batch};
}

} // namespace sslm::bench
