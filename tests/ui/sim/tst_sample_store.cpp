// SPDX-License-Identifier: MIT
// SampleStore, the column-chunked store a run's samples go into: rows across chunk boundaries
// come back exact, from any row and for any subset of columns in the order asked; bad rows and
// columns are refused; a reader copying while the worker appends sees a growing prefix of the
// exact rows; live stores are counted.

#include <array>
#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include <QtTest>

#include "ui/sim/sample_store.hpp"

#include "tests/test_main.hpp"

namespace tst_sample_store {

using sslm::ui::SampleBlock;
using sslm::ui::SampleStore;

namespace {

/// The value every test stores at (row, column): exact in double for the sizes used here.
double cell(std::size_t row, int column) {
    return static_cast<double>(row) * 8.0 + column + 0.25;
}

void appendRows(SampleStore& store, std::size_t from, std::size_t to) {
    std::vector<double> row(static_cast<std::size_t>(store.columnCount()));
    for (std::size_t r = from; r < to; ++r) {
        for (int c = 0; c < store.columnCount(); ++c) {
            row[static_cast<std::size_t>(c)] = cell(r, c);
        }
        store.append(row);
    }
}

} // namespace

class TestSampleStore : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rowsAcrossChunksComeBackExact() {
        SampleStore store(5);
        const std::size_t rows = 3 * SampleStore::kChunkRows + 17;
        appendRows(store, 0, rows);
        QCOMPARE(store.size(), rows);

        // from the start, from inside a chunk, from a chunk boundary, from the last row
        for (const std::size_t from : {std::size_t{0}, std::size_t{4095}, SampleStore::kChunkRows,
                                       2 * SampleStore::kChunkRows + 1, rows - 1}) {
            const SampleBlock block = store.snapshotSince(from);
            QCOMPARE(block.first, from);
            QCOMPARE(block.rows, rows - from);
            QCOMPARE(block.columns.size(), std::size_t{5});
            for (int c = 0; c < 5; ++c) {
                const std::vector<double>& column = block.columns[static_cast<std::size_t>(c)];
                QCOMPARE(column.size(), rows - from);
                for (std::size_t k = 0; k < column.size(); ++k) {
                    if (column[k] != cell(from + k, c)) {
                        QFAIL(qPrintable(QStringLiteral("row %1 column %2: %3, expected %4")
                                             .arg(from + k)
                                             .arg(c)
                                             .arg(column[k])
                                             .arg(cell(from + k, c))));
                    }
                }
            }
        }
        QCOMPARE(store.value(SampleStore::kChunkRows, 3), cell(SampleStore::kChunkRows, 3));
        QCOMPARE(store.value(rows - 1, 4), cell(rows - 1, 4));
    }

    void chosenColumnsInTheOrderAsked() {
        SampleStore store(4);
        appendRows(store, 0, 10);
        const std::array<int, 3> columns{3, 0, 3};
        const SampleBlock block = store.snapshotSince(7, columns);
        QCOMPARE(block.rows, std::size_t{3});
        QCOMPARE(block.columns.size(), std::size_t{3});
        QCOMPARE(block.columns[0], (std::vector<double>{cell(7, 3), cell(8, 3), cell(9, 3)}));
        QCOMPARE(block.columns[1], (std::vector<double>{cell(7, 0), cell(8, 0), cell(9, 0)}));
        QCOMPARE(block.columns[2], block.columns[0]);
    }

    void pastTheEndIsEmpty() {
        SampleStore store(2);
        appendRows(store, 0, 3);
        const SampleBlock block = store.snapshotSince(3);
        QCOMPARE(block.rows, std::size_t{0});
        QCOMPARE(block.columns.size(), std::size_t{2});
        QVERIFY(block.columns[0].empty());
        QCOMPARE(store.snapshotSince(50).rows, std::size_t{0});
    }

    void badRowsAndColumnsAreRefused() {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, SampleStore(0));
        SampleStore store(3);
        const std::array<double, 2> shortRow{1.0, 2.0};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, store.append(shortRow));
        QCOMPARE(store.size(), std::size_t{0});
        appendRows(store, 0, 2);
        const std::array<int, 1> noSuchColumn{3};
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, store.snapshotSince(0, noSuchColumn));
        const std::array<int, 1> negative{-1};
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, store.snapshotSince(0, negative));
    }

    void readerWhileWriterAppendsSeesExactPrefix() {
        SampleStore store(3);
        const std::size_t rows = 5 * SampleStore::kChunkRows + 123;
        std::atomic<bool> done{false};
        std::thread writer([&] {
            appendRows(store, 0, rows);
            done.store(true);
        });
        std::vector<double> seen; // column 1, concatenated from incremental copies
        std::size_t lastSize = 0;
        bool monotone = true;
        while (!done.load() || seen.size() < rows) {
            const std::array<int, 1> column{1};
            const SampleBlock block = store.snapshotSince(seen.size(), column);
            monotone = monotone && block.first + block.rows >= lastSize;
            lastSize = block.first + block.rows;
            seen.insert(seen.end(), block.columns[0].begin(), block.columns[0].end());
        }
        writer.join();
        QVERIFY(monotone);
        QCOMPARE(seen.size(), rows);
        for (std::size_t r = 0; r < rows; ++r) {
            if (seen[r] != cell(r, 1)) {
                QFAIL(qPrintable(QStringLiteral("row %1 read %2").arg(r).arg(seen[r])));
            }
        }
    }

    void liveStoresAreCounted() {
        const int before = SampleStore::liveCount();
        {
            SampleStore a(1);
            auto b = std::make_unique<SampleStore>(2);
            QCOMPARE(SampleStore::liveCount(), before + 2);
        }
        QCOMPARE(SampleStore::liveCount(), before);
    }
};

SSLM_TEST_GUILESS_MAIN(TestSampleStore)
} // namespace tst_sample_store
#include "tst_sample_store.moc"
