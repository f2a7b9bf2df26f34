#!/usr/bin/env bash
# Installs the Debian 12 packages SSLM Studio builds and tests with. Packages already present
# are skipped (checked with dpkg-query), so a re-run on a set-up machine takes a second.
# Recommended packages are installed too: Qt's platform plugins (qt6-qpa-plugins) are one.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libvtk9-dev
    libeigen3-dev libboost-dev nlohmann-json3-dev libcli11-dev libnlopt-cxx-dev
    liburdfdom-dev libtinyxml2-dev libsdformat-dev libassimp-dev
    libsimbody-dev libmujoco-dev libbenchmark-dev
    xvfb xauth ffmpeg clang-format
    dpkg-dev file desktop-file-utils appstream
    python3-dev pybind11-dev python3-numpy python3-pytest python3-distributed
)

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    if [[ "$status" != "install ok installed" ]]; then
        missing+=("$package")
    fi
done

if ((${#missing[@]} == 0)); then
    echo "setup-debian: all ${#packages[@]} packages are installed"
    exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
    if ! command -v sudo >/dev/null; then
        echo "setup-debian: run as root or install sudo; missing: ${missing[*]}" >&2
        exit 1
    fi
    sudo=(sudo)
fi

echo "setup-debian: installing ${missing[*]}"
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
    "${missing[@]}"
