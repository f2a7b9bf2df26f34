// SPDX-License-Identifier: MIT
#include "ui/sim/sample_store.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace sslm::ui {

namespace {
std::atomic<int> g_liveStores{0};
} // namespace

SampleStore::SampleStore(int columnCount) : m_columnCount(columnCount) {
    if (columnCount <= 0) {
        throw std::invalid_argument("SampleStore: a store needs at least one column");
    }
    ++g_liveStores;
}

SampleStore::~SampleStore() {
    --g_liveStores;
}

int SampleStore::liveCount() {
    return g_liveStores.load();
}

void SampleStore::append(std::span<const double> row) {
    if (row.size() != static_cast<std::size_t>(m_columnCount)) {
        throw std::invalid_argument("SampleStore::append: row has the wrong number of values");
    }
    const std::size_t n = m_size.load(std::memory_order_relaxed);
    const std::size_t offset = n % kChunkRows;
    const std::scoped_lock lock(m_mutex);
    if (offset == 0) {
        m_chunks.push_back(std::make_unique<double[]>(kChunkRows * m_columnCount));
    }
    double* chunk = m_chunks.back().get();
    for (int c = 0; c < m_columnCount; ++c) {
        chunk[c * kChunkRows + offset] = row[c];
    }
    m_size.store(n + 1, std::memory_order_release);
}

SampleBlock SampleStore::snapshotSince(std::size_t from, std::span<const int> columns) const {
    std::vector<int> all;
    if (columns.empty()) {
        all.resize(m_columnCount);
        std::iota(all.begin(), all.end(), 0);
        columns = all;
    }
    for (int c : columns) {
        if (c < 0 || c >= m_columnCount) {
            throw std::out_of_range("SampleStore::snapshotSince: no such column");
        }
    }
    SampleBlock block;
    block.first = from;
    block.columns.resize(columns.size());
    const std::scoped_lock lock(m_mutex);
    const std::size_t end = m_size.load(std::memory_order_acquire);
    if (from >= end) {
        return block;
    }
    block.rows = end - from;
    for (std::size_t k = 0; k < columns.size(); ++k) {
        const int c = columns[k];
        std::vector<double>& out = block.columns[k];
        out.resize(block.rows);
        // copy chunk by chunk
        std::size_t row = from;
        while (row < end) {
            const std::size_t chunkIndex = row / kChunkRows;
            const std::size_t offset = row % kChunkRows;
            const std::size_t count = std::min(kChunkRows - offset, end - row);
            const double* source = m_chunks[chunkIndex].get() + c * kChunkRows + offset;
            std::copy(source, source + count, out.begin() + static_cast<long>(row - from));
            row += count;
        }
    }
    return block;
}

double SampleStore::value(std::size_t row, int column) const {
    const std::scoped_lock lock(m_mutex);
    return m_chunks[row / kChunkRows][column * kChunkRows + row % kChunkRows];
}

} // namespace sslm::ui
