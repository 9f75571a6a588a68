#!/bin/sh
# Builds the weston 10 test-input module, the sway virtual-pointer helper and kiosk-image into BUILD_DIR
# (default: .build-e2e at the package root, outside git).
# Needs: gcc, libweston-10-dev, libwayland-dev, libwayland-bin (wayland-scanner), libcairo2-dev.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/../../.build-e2e"}
mkdir -p "$out"
gcc -std=gnu11 -Wall -Wextra -Werror -O2 -shared -fPIC -o "$out/kiosk-test-input.so" \
    "$here/weston-test-input.c" $(pkg-config --cflags --libs libweston-10 wayland-server pixman-1)
wayland-scanner client-header "$here/protocols/wlr-virtual-pointer-unstable-v1.xml" "$out/virtual-pointer-client.h"
wayland-scanner private-code "$here/protocols/wlr-virtual-pointer-unstable-v1.xml" "$out/virtual-pointer-protocol.c"
gcc -std=gnu11 -Wall -Wextra -Werror -O2 -I"$out" -o "$out/kiosk-virtual-pointer" \
    "$here/virtual-pointer.c" "$out/virtual-pointer-protocol.c" $(pkg-config --cflags --libs wayland-client) -lm
gcc -std=gnu11 -Wall -Wextra -Werror -O2 -o "$out/kiosk-image" "$here/image-tool.c" $(pkg-config --cflags --libs cairo)
echo "$out"
