// SPDX-License-Identifier: MIT
// libFuzzer target: every input is a mechanism file run through the whole path; a finding
// aborts with its description (crashes, hangs and sanitizer reports stop the fuzzer anyway).

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "tests/fuzz/mechanism_file_path.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const sslm::fuzz::PathResult result =
        sslm::fuzz::runMechanismFile(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!result.finding.empty()) {
        std::fprintf(stderr, "%s\n", sslm::fuzz::describe(result).c_str());
        std::abort();
    }
    return 0;
}
