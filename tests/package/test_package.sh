#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Debian package end to end: builds it with CPack from this build tree (seconds: it installs
# the programs already built), checks its control fields, unpacks it into a scratch root
# (dpkg -x) and runs both programs from there: `sslm --version`, `sslm info` on an installed
# example, and `sslm-studio --screenshot` of an installed example under xvfb-run.
#   test_package.sh BUILD_DIR VERSION WITH_UI(ON|OFF)
set -euo pipefail
build=$1
version=$2
with_ui=$3

fail() {
    echo "test_package: FAIL: $*" >&2
    exit 1
}
for tool in cpack dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || fail "$tool is missing (./scripts/setup-debian.sh installs it)"
done

# The scratch root lives in the build tree, not /tmp: the staged programs carry their debug
# information (sslm-studio is ~270 MB before CPack strips it) and /tmp may be a small tmpfs.
scratch=$(mktemp -d "$build/tst_package.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# the package
if ! cpack --config "$build/CPackConfig.cmake" -B "$scratch/cpack" >"$scratch/cpack.log" 2>&1; then
    cat "$scratch/cpack.log" >&2
    fail "cpack could not build the package (its output is above)"
fi
debs=("$scratch"/cpack/sslm-studio_"$version"_*.deb)
[[ -f "${debs[0]}" ]] || fail "no sslm-studio_${version}_<arch>.deb in $(ls "$scratch/cpack")"
deb=${debs[0]}
echo "test_package: built $(basename "$deb") ($(du -k "$deb" | cut -f1) kB)"

control=$(dpkg-deb -I "$deb")
echo "$control" | grep -qE '^ Package: sslm-studio$' || fail "Package is not sslm-studio"
echo "$control" | grep -qE "^ Version: ${version//./\\.}$" || fail "Version is not $version"
depends=$(echo "$control" | sed -n 's/^ Depends: //p')
echo "test_package: Depends: $depends"
[[ "$depends" == *libc6* ]] || fail "Depends lacks libc6 (dpkg-shlibdeps did not run?)"
[[ "$depends" == *libstdc++6* ]] || fail "Depends lacks libstdc++6"
if [[ "$with_ui" == ON ]]; then
    for package in libqt6widgets6 libqt6svg6 ffmpeg; do
        [[ "$depends" == *"$package"* ]] || fail "Depends lacks $package"
    done
fi

# its files, unpacked into a scratch root
root="$scratch/root"
dpkg -x "$deb" "$root"
usr="$root/usr"
expected=(bin/sslm share/sslm-studio/examples/carpet_scraper.json
          share/sslm-studio/examples/interop/four_bar.urdf
          share/sslm-studio/examples/interop/slider_crank.xml
          share/sslm-studio/examples/interop/meshes/crank.stl
          share/sslm-studio/examples/interop/meshes/base.obj
          share/doc/sslm-studio/README.md share/doc/sslm-studio/LICENSE)
if [[ "$with_ui" == ON ]]; then
    expected+=(bin/sslm-studio share/applications/sslm-studio.desktop
               share/metainfo/io.github.sslm_studio.SslmStudio.metainfo.xml
               share/icons/hicolor/scalable/apps/sslm-studio.svg)
    for size in 16 24 32 48 64 128 256 512; do
        expected+=("share/icons/hicolor/${size}x${size}/apps/sslm-studio.png")
    done
fi
for file in "${expected[@]}"; do
    [[ -s "$usr/$file" ]] || fail "the package has no /usr/$file"
done
if find "$root" -name 'tst_*' -o -name 'sslm-bench' | grep -q .; then
    fail "the package contains tests or the benchmark: $(find "$root" -name 'tst_*' -o -name 'sslm-bench')"
fi

# the programs, run from the scratch root
line=$("$usr/bin/sslm" --version)
[[ "$line" =~ ^sslm\ ${version//./\\.}\ \(commit\ ([0-9a-f]{7,}(-dirty)?|unknown)\)$ ]] ||
    fail "sslm --version printed '$line'"
echo "test_package: $line"
example="$usr/share/sslm-studio/examples/carpet_scraper.json"
info=$("$usr/bin/sslm" info "$example") || fail "sslm info $example failed"
echo "$info" | grep -qE '^DOF: 1 \(rank of J at the initial pose\), 1 \(Grübler' ||
    fail "sslm info printed no DOF line of 1: $info"

if [[ -d "$usr/lib/python3/dist-packages/sslm" ]]; then
    [[ "$depends" == *python3-numpy* ]] || fail "Depends lacks python3-numpy for the Python module"
    rows=$(PYTHONPATH="$usr/lib/python3/dist-packages" /usr/bin/python3 -c \
        "import sslm; print(sslm.load('$example').simulate(t_end=0.1).rows)") ||
        fail "the installed Python module sslm does not run"
    [[ "$rows" == 11 ]] || fail "the installed Python module simulated $rows samples, not 11"
    echo "test_package: the Python module sslm runs from the package"
fi

if [[ "$with_ui" == ON ]]; then
    command -v xvfb-run >/dev/null || fail "xvfb-run is missing (./scripts/setup-debian.sh installs it)"
    png="$scratch/screenshot.png"
    HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" \
        xvfb-run -a "$usr/bin/sslm-studio" "$example" --screenshot "$png" ||
        fail "sslm-studio --screenshot failed"
    [[ $(head -c 8 "$png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] ||
        fail "sslm-studio wrote no PNG"
    size=$(stat -c %s "$png")
    ((size > 20000)) || fail "the screenshot is only $size bytes"
    echo "test_package: sslm-studio --screenshot wrote a ${size}-byte PNG"
    desktop-file-validate "$usr/share/applications/sslm-studio.desktop" ||
        fail "desktop-file-validate refused the desktop entry"
    if command -v appstreamcli >/dev/null; then
        appstreamcli validate --no-net \
            "$usr/share/metainfo/io.github.sslm_studio.SslmStudio.metainfo.xml" ||
            fail "appstreamcli refused the metainfo"
    fi
fi
echo "test_package: PASS"
