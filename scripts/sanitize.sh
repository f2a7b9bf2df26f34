#!/usr/bin/env bash
# Builds the whole suite (core, cli, ui, tests) with AddressSanitizer and UndefinedBehavior-
# Sanitizer (GCC) into ./build-asan and runs every ctest test under them. Any report fails the
# run: UBSan aborts on the first finding (-fno-sanitize-recover), ASan always does, and
# LeakSanitizer runs at exit with scripts/lsan.supp; scripts/lsan.supp and scripts/asan.supp
# list third-party libraries only.
#   scripts/sanitize.sh [--build-only] [extra ctest arguments...]
# The exit code is ctest's (or the build's).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

build_only=false
if [[ "${1:-}" == "--build-only" ]]; then
    build_only=true
    shift
fi

./scripts/setup-debian.sh

launcher=()
if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

# -O1: the usual optimisation for sanitizer builds (fast enough for the 600 s test timeout,
# readable stacks); NDEBUG as in the product build, so the checks see the code users run
sanitize="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
cmake -S . -B build-asan -G Ninja "${launcher[@]}" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g -DNDEBUG" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g -DNDEBUG" \
    -DCMAKE_C_FLAGS="$sanitize" \
    -DCMAKE_CXX_FLAGS="$sanitize" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DSSLM_BUILD_PYTHON=OFF # an instrumented module in an uninstrumented python3 cannot load
cmake --build build-asan --parallel "$(nproc)"
if $build_only; then
    exit 0
fi

# the tests run with dlclose() a no-op (scripts/keep_libraries_loaded.c), so that LeakSanitizer
# still sees the libraries loaded at run time (Mesa's driver) when it looks at exit; preloaded
# before libasan, hence verify_asan_link_order=0
keep_loaded="$PWD/build-asan/keep_libraries_loaded.so"
"${CC:-cc}" -shared -fPIC -O1 -o "$keep_loaded" scripts/keep_libraries_loaded.c
export LD_PRELOAD="$keep_loaded${LD_PRELOAD:+:$LD_PRELOAD}"

# intercept_tls_get_addr=0: this runtime (GCC 12, glibc 2.36) records bogus dynamic-TLS ranges
# for the libraries Qt loads at run time (one read 0x7ce1-0x1800008de3), and LeakSanitizer's
# scan of them crashed about one UI test in twelve ("Tracer caught signal 11"); untracked, those
# ranges are not scanned. That only takes roots away, so it can add leak reports, never hide one.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:suppressions=$PWD/scripts/asan.supp:verify_asan_link_order=0:intercept_tls_get_addr=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
# the allocation counter (bench/allocation_counter.cpp) steps aside under ASan, which owns
# malloc: the tests that count allocations still run their evaluations here and skip the count
ctest --test-dir build-asan --output-on-failure -j2 "$@"
