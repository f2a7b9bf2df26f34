#!/usr/bin/env bash
# Configures and builds SSLM Studio into ./build (Ninja, RelWithDebInfo): every target, or only
# the targets named as arguments (e.g. `./scripts/build.sh sslm-studio sslm`). In CI (CI=true)
# compiler warnings are errors. ccache is used when it is installed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

warnings_as_errors=OFF
if [[ "${CI:-}" == "true" ]]; then
    warnings_as_errors=ON
fi

launcher=()
if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

cmake -S . -B build -G Ninja "${launcher[@]}" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSSLM_WARNINGS_AS_ERRORS="$warnings_as_errors"
targets=()
if (($# > 0)); then
    targets=(--target "$@")
fi
cmake --build build --parallel "$(nproc)" "${targets[@]}"
