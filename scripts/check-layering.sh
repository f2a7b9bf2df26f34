#!/usr/bin/env bash
# core/ is the Qt-free, VTK-free kernel, built in floors. Fails if any file under core/ includes
# a Qt or VTK header, if core's CMake asks for Qt or VTK, or if a file includes a core folder on
# a higher floor than its own (or a folder that has no floor yet).
#
# The floors of core/, lowest first; a file in one folder may include its own folder and the
# folders below it, never the ones above (core/README.md says what each folder holds):
#   util → spatial → spec → motion → topology → model → kinematics → dynamics → inverse → sim
#   → statics → analysis → edit → study → balance → interop
# interop/ (model files from and to other tools: URDF, meshes) is the top floor; it is a library
# target of its own, sslm_interop, which sslm_core never links.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

floors=(util spatial spec motion topology model kinematics dynamics inverse sim statics analysis
    edit study balance interop)
declare -A floorOf
for i in "${!floors[@]}"; do
    floorOf[${floors[$i]}]=$i
done

status=0
if grep -rnE '#[[:space:]]*include[[:space:]]*[<"](Q|vtk)' core/; then
    echo "check-layering: core/ must not include Qt or VTK headers (see the lines above)" >&2
    status=1
fi
if grep -rniE 'find_package[[:space:]]*\([[:space:]]*(Qt|VTK)' --include=CMakeLists.txt core/; then
    echo "check-layering: core/ must not find_package Qt or VTK" >&2
    status=1
fi

# every source folder of core/ has a floor
for dir in core/*/; do
    folder=$(basename "$dir")
    if [[ -z "${floorOf[$folder]+set}" ]]; then
        echo "check-layering: core/$folder/ has no floor: add it to the list in $0" \
            "and to core/README.md" >&2
        status=1
    fi
done

# every include of a core header goes down or sideways, never up
while IFS= read -r line; do
    # line: core/<folder>/<file>:<n>:#include "core/<included>/<header>"
    file=${line%%:*}
    folder=${file#core/}
    folder=${folder%%/*}
    included=$(sed -E 's|.*#[[:space:]]*include[[:space:]]*"core/([^/"]+)/.*|\1|' <<<"$line")
    if [[ -z "${floorOf[$folder]+set}" ]]; then
        continue # reported above
    fi
    if [[ -z "${floorOf[$included]+set}" ]]; then
        echo "$line" >&2
        echo "check-layering: core/$included/ is not a folder with a floor" >&2
        status=1
    elif ((floorOf[$included] > floorOf[$folder])); then
        echo "$line" >&2
        echo "check-layering: core/$folder/ (floor ${floorOf[$folder]}) must not include" \
            "core/$included/ (floor ${floorOf[$included]}, above it)" >&2
        status=1
    fi
done < <(grep -rnE '#[[:space:]]*include[[:space:]]*"core/' core/ --include='*.hpp' \
    --include='*.cpp' --include='*.h')

if ((status == 0)); then
    echo "check-layering: core/ is free of Qt and VTK, and its" \
        "${#floors[@]} folders include only their own floor and those below"
fi
exit "$status"
