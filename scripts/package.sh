#!/usr/bin/env bash
# Builds the Debian package of SSLM Studio: configures and builds ./build (scripts/build.sh),
# then CPack writes build/package/sslm-studio_<version>_<arch>.deb (programs stripped, installed
# under /usr, dependencies from dpkg-shlibdeps plus ffmpeg) and prints its control fields.
# Install it with: sudo apt install ./build/package/sslm-studio_<version>_<arch>.deb
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/build.sh
rm -rf build/package
cpack --config build/CPackConfig.cmake -B build/package
deb=$(ls build/package/sslm-studio_*.deb)
dpkg-deb --info "$deb"
echo "package: $deb"
