// SPDX-License-Identifier: MIT
// The program of a test folder: runs the one test its first argument names, passing it the
// arguments from there on (tests/test_main.hpp). Without a known name it lists the tests.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <string>

#include "tests/test_main.hpp"

namespace sslm::tests {
namespace {

std::map<std::string, TestMain, std::less<>>& registeredTests() {
    static std::map<std::string, TestMain, std::less<>> tests;
    return tests;
}

} // namespace

bool registerTestMain(std::string_view sourceFile, TestMain main) {
    const std::string name = std::filesystem::path(sourceFile).stem().string();
    if (!registeredTests().emplace(name, main).second) {
        std::fprintf(stderr, "two tests are named %s: rename one of the files\n", name.c_str());
        std::abort();
    }
    return true;
}

} // namespace sslm::tests

int main(int argc, char* argv[]) {
    const auto& tests = sslm::tests::registeredTests();
    const auto test = argc > 1 ? tests.find(std::string_view(argv[1])) : tests.end();
    if (test == tests.end()) {
        std::fprintf(stderr, "usage: %s <test> [Qt Test options]; the tests:\n", argv[0]);
        for (const auto& [name, testMain] : tests) {
            std::fprintf(stderr, "  %s\n", name.c_str());
        }
        return 2;
    }
    // argv[argc] is null, so the shifted vector ends as a program's does
    return test->second(argc - 1, argv + 1);
}
