#!/usr/bin/env bash
# core/ is the Qt-free, VTK-free kernel: fails if any file under core/ includes a Qt or VTK
# header, or if core's CMake asks for Qt or VTK.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

status=0
if grep -rnE '#[[:space:]]*include[[:space:]]*[<"](Q|vtk)' core/; then
    echo "check-layering: core/ must not include Qt or VTK headers (see the lines above)" >&2
    status=1
fi
if grep -rniE 'find_package[[:space:]]*\([[:space:]]*(Qt|VTK)' --include=CMakeLists.txt core/; then
    echo "check-layering: core/ must not find_package Qt or VTK" >&2
    status=1
fi
if ((status == 0)); then
    echo "check-layering: core/ is free of Qt and VTK"
fi
exit "$status"
