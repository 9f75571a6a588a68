#!/bin/bash
# Instructions per composited frame, counted, not timed: the same on a loaded machine and under
# an emulator of any speed.
#
#   scripts/arm64/count-frame.sh BINARY [SIZE] [MEASUREMENT]
#
# BINARY is a kiosk-shell for aarch64 (counted under qemu-aarch64 with the insn-count.c TCG
# plugin, libraries from the arm64 sysroot of scripts/arm64/toolchain.sh or $KIOSK_ARM64_ROOT) or
# for x86_64 (counted by callgrind). SIZE defaults to 1920x1080, MEASUREMENT to `bench`'s
# "cube 45deg" (the cube held half-way: two faces, every core); one tier's frame alone is e.g.
# "cube 30deg, 1 thread, pair layout AVX2" (or NEON, or "…, row-major loop (before)"). Each
# count is a whole `bench --only MEASUREMENT` run; two runs that differ by 10 repetitions leave
# the instructions of 10 frames (start-up, config loading, page drawing and warm-up cancel out)
# and of the 10 frame memcpys bench always adds, which two runs of the memcpy alone take away.
# Prints "frame: N instructions (ARCH, SIZE, MEASUREMENT)".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
binary=$1
size=${2:-1920x1080}
measurement=${3:-cube 45deg}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

case "$(file -b "$binary")" in
    *aarch64*)
        arch=arm64
        libs=${KIOSK_ARM64_ROOT:-$("$here/toolchain.sh" | tail -n 1)}
        gcc -shared -fPIC -O2 -fvisibility=hidden -o "$work/insn-count.so" "$here/insn-count.c"
        count() { # count MEASUREMENT REPETITIONS
            qemu-aarch64 -L "$libs" -plugin "$work/insn-count.so" -d plugin -D "$work/plugin.log" \
                "$binary" bench --config "$root/Config" --size "$size" --only "$1" --repetitions "$2" >/dev/null
            sed -n 's/^insn-count: \([0-9]*\) instructions$/\1/p' "$work/plugin.log" | tail -n 1
        } ;;
    *x86-64*)
        arch=amd64
        # Debian 12's valgrind (3.19) cannot read the DWARF 5 of a Swift 6 build and counts
        # nothing: a copy without debug information counts the same instructions.
        cp "$binary" "$work/kiosk-shell" && strip -g "$work/kiosk-shell"
        binary=$work/kiosk-shell
        count() {
            valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
                "$binary" bench --config "$root/Config" --size "$size" --only "$1" --repetitions "$2" \
                >/dev/null 2>"$work/callgrind.log"
            sed -n 's/.*refs: *\([0-9,]*\)$/\1/p' "$work/callgrind.log" | tr -d , | tail -n 1
        } ;;
    *) echo "count-frame: $binary is neither aarch64 nor x86-64" >&2; exit 2 ;;
esac

tens() { # tens MEASUREMENT: the instructions of 10 more repetitions
    local few many
    few=$(count "$1" 2)
    many=$(count "$1" 12)
    [ -n "$few" ] && [ -n "$many" ] && [ "$many" -gt "$few" ] || {
        echo "count-frame: no usable counts for '$1' ($few, $many)" >&2
        exit 1
    }
    echo $((many - few))
}
frames=$(tens "$measurement")
copies=$(tens "memcpy frame")
echo "frame: $(((frames - copies) / 10)) instructions ($arch, $size, $measurement)"
