#!/bin/bash
# Where an aarch64 kiosk-shell's instructions go in one frame: the functions with the most
# instructions per frame of a `bench` measurement, counted under qemu-aarch64 with the
# hot-blocks.c TCG plugin (counts, not time; see count-frame.sh for the whole frame).
#
#   scripts/arm64/hot-functions.sh BINARY [MEASUREMENT] [TOP]
#
# MEASUREMENT defaults to "cube 45deg"; e.g. "cube 30deg, 1 thread, pair layout NEON" or
# "cube 30deg, 1 thread, row-major loop (before)" give one tier's frame. Two runs that differ by
# 10 repetitions leave 10 frames (and 10 frame memcpys: `memcpy` in the list); each block's
# instructions are credited to the function whose symbol precedes it. Environment variables
# (KIOSK_PAIR_KERNELS, ...) reach the program. Prints "N.NN M  function" lines, largest first.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
binary=$1
measurement=${2:-cube 45deg}
top=${3:-15}
libs=${KIOSK_ARM64_ROOT:-$("$here/toolchain.sh" | tail -n 1)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -shared -fPIC -O2 -fvisibility=hidden -o "$work/hot-blocks.so" "$here/hot-blocks.c"
for repetitions in 2 12; do
    qemu-aarch64 -L "$libs" -plugin "$work/hot-blocks.so" -d plugin -D "$work/blocks-$repetitions.log" \
        "$binary" bench --config "$root/Config" --only "$measurement" --repetitions "$repetitions" \
        >/dev/null
done
# Function symbols (not the $x/$d mapping symbols), by address.
llvm-nm -C "$binary" | awk '$2 ~ /^[tT]$/ && $3 !~ /^\$[xd](\.|$)/' | sort >"$work/symbols"
python3 - "$work" "$top" <<'PY'
import bisect, collections, sys
work, top = sys.argv[1], int(sys.argv[2])
symbols = []
for line in open(f"{work}/symbols"):
    address, _, name = line.rstrip("\n").split(" ", 2)
    symbols.append((int(address, 16), name))
symbols.sort()
addresses = [a for a, _ in symbols]
def load(path):
    counts = collections.Counter()
    for line in open(path):
        if line.startswith("blk "):
            _, vaddr, instructions, executions = line.split()
            counts[int(vaddr, 16)] += int(instructions) * int(executions)
    return counts
few, many = load(f"{work}/blocks-2.log"), load(f"{work}/blocks-12.log")
# qemu-user maps a position-independent aarch64 binary at 0x5500000000.
base = 0x5500000000
per = collections.Counter()
for vaddr, count in many.items():
    offset = vaddr - base if vaddr >= base else vaddr
    i = bisect.bisect_right(addresses, offset) - 1
    name = symbols[i][1] if i >= 0 else "(outside the binary)"
    if vaddr < base:
        name = "(libraries)"
    per[name] += (count - few.get(vaddr, 0)) / 10
print(f"{sum(per.values()) / 1e6:.2f} M instructions per frame (with one frame memcpy)")
for name, count in per.most_common(top):
    print(f"{count / 1e6:7.2f} M  {name[:110]}")
PY
