#!/usr/bin/env bash
# Configures and builds SSLM Studio into ./build (Ninja, RelWithDebInfo). In CI (CI=true)
# compiler warnings are errors.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

warnings_as_errors=OFF
if [[ "${CI:-}" == "true" ]]; then
    warnings_as_errors=ON
fi

cmake -S . -B build -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSSLM_WARNINGS_AS_ERRORS="$warnings_as_errors"
cmake --build build --parallel "$(nproc)"
