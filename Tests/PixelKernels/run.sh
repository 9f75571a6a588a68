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
# Again under AddressSanitizer and UndefinedBehaviorSanitizer: every kernel's reads and writes
# stay inside the layout, the tables and the clip (a block drawn to the stack included).
# (The linker's warnings about the sanitizers' local symbols are left out unless it fails.)
# At -O0: UndefinedBehaviorSanitizer on the optimised, unrolled tile loops took two minutes to
# compile (-O1), and the checks are of the code's meaning, not of its optimisation.
echo "under AddressSanitizer and UndefinedBehaviorSanitizer:"
if ! $cc -O0 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -std=c11 \
    -I"$src/include" "$here/check.c" "$src"/*.c -o "$out/check-sanitized" 2>"$out/cc.log"; then
    cat "$out/cc.log" >&2
    exit 1
fi
"$out/check-sanitized"
if [ -n "${KIOSK_ARM64_SYSROOT:-}" ]; then
    $cc --target=aarch64-linux-gnu --sysroot="$KIOSK_ARM64_SYSROOT" -fuse-ld=lld -static -O2 \
        -std=c11 -I"$src/include" "$here/check.c" "$src"/*.c -o "$out/check-arm64"
    qemu-aarch64-static "$out/check-arm64"
fi
# The timing tool (ab.sh) kept working: three frames of this tree's tile loop against itself
# (it fails when two builds draw different pixels). Its times mean nothing here.
echo "the timing tool, three frames (Tests/PixelKernels/ab.sh):"
REPS=3 TIER=0 sh "$here/ab.sh" . .
