#!/bin/sh
# Regenerates the committed wayland-scanner output in Sources/CWayland. The output is committed
# because a SwiftPM build-tool plugin producing C was unreliable with Swift 6.3 (see
# platform-notes.md). CI can run this and `git diff --exit-code Sources/CWayland`.
# Needs: libwayland-bin (wayland-scanner), wayland-protocols; wlroots' protocols are in protocols/.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
protocols=$(pkg-config --variable=pkgdatadir wayland-protocols 2>/dev/null || echo /usr/share/wayland-protocols)
out="$root/Sources/CWayland"

gen() { # xml name
    wayland-scanner client-header "$1" "$out/include/$2-client-protocol.h"
    wayland-scanner private-code "$1" "$out/$2-protocol.c"
}

gen "$protocols/stable/xdg-shell/xdg-shell.xml" xdg-shell
gen "$protocols/stable/presentation-time/presentation-time.xml" presentation-time
# Not in wayland-protocols: the wire format is kept in protocols/ (its header says why).
gen "$root/protocols/wlr-output-power-management-unstable-v1.xml" wlr-output-power-management-unstable-v1
echo "generated into $out with $(wayland-scanner --version 2>&1)"
