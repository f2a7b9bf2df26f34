// SPDX-License-Identifier: MIT
#pragma once

// The main() of a test file. The tests of a folder build into one program, its runner
// (tests/test_runner.cpp), which runs the test its first argument names as if that file were a
// program of its own: `sslm_core_tests tst_forward_dynamics -v2` passes `tst_forward_dynamics -v2`
// to the file's main(), so argv[0], the application's name and its settings are the file's.
// A test file keeps its code in a namespace of its name (`namespace tst_forward_dynamics`),
// since the runner compiles several of them as one source, and ends it with one of these in
// place of Qt Test's QTEST_*_MAIN.

#include <string_view>

#include <QtTest>

namespace sslm::tests {

using TestMain = int (*)(int argc, char* argv[]);

/// Registers `main` as the test named by the stem of `sourceFile` (the test's __FILE__).
/// Returns true; a second test of the same name stops the program with a message.
bool registerTestMain(std::string_view sourceFile, TestMain main);

} // namespace sslm::tests

/// Opens the definition of the test file's main(int argc, char* argv[]), registered with the
/// runner. Followed by the function's body.
#define SSLM_TEST_MAIN_FUNCTION                                                                    \
    int testMain(int argc, char* argv[]);                                                          \
    [[maybe_unused]] const bool testMainRegistered =                                               \
        ::sslm::tests::registerTestMain(__FILE__, &testMain);                                      \
    int testMain(int argc, char* argv[])

/// Runs the test object of `TestClass` after the statements that follow it (which may use argc
/// and argv), as Qt Test's QTEST_MAIN_WRAPPER does.
#define SSLM_TEST_MAIN_WITH(TestClass, ...)                                                        \
    SSLM_TEST_MAIN_FUNCTION {                                                                      \
        __VA_ARGS__                                                                                \
        TestClass test;                                                                            \
        QTEST_SET_MAIN_SOURCE_PATH                                                                 \
        return QTest::qExec(&test, argc, argv);                                                    \
    }

/// QTEST_APPLESS_MAIN: no application object.
#define SSLM_TEST_APPLESS_MAIN(TestClass) SSLM_TEST_MAIN_WITH(TestClass)

/// QTEST_GUILESS_MAIN: a QCoreApplication.
#define SSLM_TEST_GUILESS_MAIN(TestClass)                                                          \
    SSLM_TEST_MAIN_WITH(TestClass, QCoreApplication app(argc, argv);                               \
                        app.setAttribute(Qt::AA_Use96Dpi, true);)

/// QTEST_MAIN of a widgets test: a QApplication.
#define SSLM_TEST_WIDGETS_MAIN(TestClass)                                                          \
    SSLM_TEST_MAIN_WITH(TestClass, QApplication app(argc, argv);                                   \
                        app.setAttribute(Qt::AA_Use96Dpi, true);)
