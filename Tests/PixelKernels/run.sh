#!/bin/sh
# Builds Tests/PixelKernels/check.c with the pair kernels and runs it: natively, and with
# KIOSK_ARM64_SYSROOT set (the arm64 sysroot of scripts/arm64/toolchain.sh) also for aarch64
# under qemu-aarch64-static, so the NEON tier is compared with the scalar reference too.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src="$here/../../Sources/CPixelKernels"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc=${CC:-clang}
$cc -O2 -std=c11 -I"$src/include" "$here/check.c" "$src"/*.c -o "$out/check"
"$out/check"
if [ -n "${KIOSK_ARM64_SYSROOT:-}" ]; then
    $cc --target=aarch64-linux-gnu --sysroot="$KIOSK_ARM64_SYSROOT" -fuse-ld=lld -static -O2 \
        -std=c11 -I"$src/include" "$here/check.c" "$src"/*.c -o "$out/check-arm64"
    qemu-aarch64-static "$out/check-arm64"
fi
