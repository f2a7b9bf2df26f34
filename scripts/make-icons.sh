#!/usr/bin/env bash
# Renders the application icon's PNG sizes from its SVG master
# (resources/icons/hicolor/scalable/apps/sslm-studio.svg) into resources/icons/hicolor/NxN/apps/,
# the layout `cmake --install` copies to share/icons/hicolor. Run it after editing the SVG and
# commit the PNGs. Needs rsvg-convert (Debian: apt-get install librsvg2-bin).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if ! command -v rsvg-convert >/dev/null; then
    echo "make-icons: rsvg-convert is missing; install it with: apt-get install librsvg2-bin" >&2
    exit 1
fi

icons=resources/icons/hicolor
master="$icons/scalable/apps/sslm-studio.svg"
for size in 16 24 32 48 64 128 256 512; do
    mkdir -p "$icons/${size}x${size}/apps"
    rsvg-convert --width "$size" --height "$size" "$master" \
        --output "$icons/${size}x${size}/apps/sslm-studio.png"
done
echo "make-icons: wrote the PNGs of $master (16 to 512 px)"
