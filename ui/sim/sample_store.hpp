// SPDX-License-Identifier: MIT
#pragma once

// A run's samples, stored column by column in fixed-size chunks so that appending never moves
// what is already stored. One thread (the simulation worker) appends rows; any thread (the GUI)
// copies rows out. Both hold the mutex only for the copy of the rows they touch, so the GUI
// never waits for the solver, only for at most one row's append.

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace sslm::ui {

/// A copy of rows [first, first + rows) of some columns, column by column.
struct SampleBlock {
    std::size_t first = 0;
    std::size_t rows = 0;
    std::vector<std::vector<double>> columns; ///< in the order requested
};

class SampleStore {
public:
    /// Rows per chunk: 4096 rows of 8-byte values per column.
    static constexpr std::size_t kChunkRows = 4096;

    explicit SampleStore(int columnCount);
    ~SampleStore();
    SampleStore(const SampleStore&) = delete;
    SampleStore& operator=(const SampleStore&) = delete;

    int columnCount() const { return m_columnCount; }
    /// Rows stored so far; rows below this index never change.
    std::size_t size() const { return m_size.load(std::memory_order_acquire); }

    /// Appends one row of columnCount() values.
    void append(std::span<const double> row);

    /// Copies rows [from, size()) of `columns` (every column when empty).
    SampleBlock snapshotSince(std::size_t from, std::span<const int> columns = {}) const;

    /// One value; precondition: row < size().
    double value(std::size_t row, int column) const;

    /// Stores alive in the process (to check that runs are released).
    static int liveCount();

private:
    const int m_columnCount;
    mutable std::mutex m_mutex;
    /// chunk k holds rows [k·kChunkRows, (k + 1)·kChunkRows), column-major inside the chunk
    std::vector<std::unique_ptr<double[]>> m_chunks;
    std::atomic<std::size_t> m_size{0};
};

} // namespace sslm::ui
