#!/usr/bin/env bash
# Builds the mechanism-file fuzz target (tests/fuzz) with clang-14 + libFuzzer, ASan and UBSan
# into ./build-fuzz (core only, no UI, no Qt Test suite) and runs it on the committed corpus
# (tests/data/fuzz_corpus) with the format's dictionary (tests/fuzz/json.dict). New inputs go to
# a scratch corpus (build-fuzz/corpus), never into the committed one; crashes, hangs and
# findings are written to build-fuzz/findings/. Installs clang-14 and libFuzzer when missing.
#   scripts/fuzz.sh [--runs N] [--seconds S] [--jobs J] [--merge] [-- libFuzzer options...]
#     --runs N     stop after N executions per job (default: unlimited)
#     --seconds S  stop after S seconds per job (default 60)
#     --jobs J     J fuzzing processes in parallel (default 1)
#     --merge      afterwards, add to the committed corpus the inputs of build-fuzz/corpus
#                  that reach code it does not (-merge=1)
# The exit code is libFuzzer's: 0 when nothing was found.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

runs=-1
seconds=60
jobs=1
merge=false
extra=()
while (($#)); do
    case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --merge) merge=true; shift ;;
    --) shift; extra=("$@"); break ;;
    *) echo "fuzz.sh: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
    esac
done

if ! command -v clang++-14 >/dev/null ||
    [[ ! -f /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a ]]; then
    sudo=()
    [[ $(id -u) -ne 0 ]] && sudo=(sudo)
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q clang-14 libfuzzer-14-dev
fi

launcher=()
if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
# every object gets the fuzzer's coverage instrumentation and the sanitizers; only the target
# links libFuzzer's main (tests/fuzz/CMakeLists.txt). NDEBUG as in the product build.
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
flags+=" -fno-omit-frame-pointer"
cmake -S . -B build-fuzz -G Ninja "${launcher[@]}" \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g -DNDEBUG" \
    -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DSSLM_BUILD_UI=OFF -DBUILD_TESTING=OFF -DSSLM_BUILD_FUZZER=ON
cmake --build build-fuzz --target fuzz_mechanism_file --parallel "$(nproc)"

target=build-fuzz/tests/fuzz/fuzz_mechanism_file
corpus=tests/data/fuzz_corpus
scratch=build-fuzz/corpus
findings=build-fuzz/findings
mkdir -p "$scratch" "$findings"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

status=0
(
    cd "$findings"
    ../../"$target" -dict=../../tests/fuzz/json.dict -timeout=10 -rss_limit_mb=2048 \
        -max_len=16384 -runs="$runs" -max_total_time="$seconds" -jobs="$jobs" \
        -workers="$jobs" -print_final_stats=1 "${extra[@]}" \
        ../../"$scratch" ../../"$corpus"
) || status=$?

if $merge; then
    # adds to the committed corpus only the scratch inputs that reach new edges (counters off
    # keeps it to a few hundred files); the named seeds stay as they are
    "$target" -merge=1 -use_counters=0 -timeout=10 -max_len=16384 "$corpus" "$scratch"
    echo "fuzz.sh: $(ls "$corpus" | wc -l) files, $(du -sh --apparent-size "$corpus" | cut -f1) in $corpus"
fi
exit "$status"
