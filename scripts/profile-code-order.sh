#!/usr/bin/env bash
# Writes scripts/code-order.txt: the functions a panel runs, for the linker of the packaged
# binary (scripts/build-deb.sh) to place side by side at the start of the code.
#
#   scripts/profile-code-order.sh
#
# Why: the kernel maps a binary's code 64 KB at a time around each page a process touches
# (fault-around), and the statically linked Swift runtime and Foundation put the few functions a
# kiosk uses among 17 MB of others. Unordered, 9.7 MB of code was resident after start-up for
# perhaps 2 MB used; ordered, the used code shares pages.
#
# What runs, under callgrind (every function executed counts, however briefly): `run` on the
# demo config under a headless weston (start-up, Wayland, first frames, the clock, MQTT retries,
# then swipes, a tap, a mouse drag and keys through the end-to-end tests' input module), `render`
# of every page and of a drag turning the cube, and `bench` at a small size (the compositor, all
# transitions, page drawing). Needs valgrind and what the end-to-end tests need (weston 10 and
# its development files); run it again when the code has changed a lot. A stale list costs
# memory, never correctness: functions missing from it are linked after the listed ones, names
# no longer in the binary are ignored.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null && export PATH=/opt/swift/usr/bin:$PATH
for tool in valgrind weston; do
    command -v "$tool" >/dev/null || { echo "profile-code-order: $tool is missing" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'cleanup_all 2>/dev/null || true; kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
# The packaged binary itself (unstripped), so the names are exactly the ones its link orders:
# a build linked differently specialises and merges some functions under other names.
scripts/build-deb.sh --no-lintian >/dev/null
# valgrind cannot read the Swift compiler's debug information ("possibly corrupted debuginfo"):
# a copy without it keeps the symbol table, which is all the names need.
cp .build-release/release/kiosk-shell "$work/kiosk-shell"
strip --strip-debug "$work/kiosk-shell"
callgrind() { # callgrind NAME COMMAND...: the command under callgrind, its functions into NAME.out
    local name=$1
    shift
    exec valgrind --tool=callgrind --dump-instr=no --compress-strings=no --compress-pos=no --demangle=no \
        --callgrind-out-file="$work/$name.out" "$@" >"$work/$name.log" 2>&1
}
grind() { # grind NAME COMMAND...: callgrind in the foreground; stops the script when it fails
    (callgrind "$@") || { tail -5 "$work/$1.log" >&2; echo "profile-code-order: $1 failed" >&2; exit 1; }
}

# weston with the end-to-end tests' input module (touch, pointer and keys through its FIFO), started
# and driven by the end-to-end harness's own helpers.
. Tests/EndToEnd/lib.sh
. Tests/EndToEnd/weston.sh
WORK=$work
BUILD_DIR=$work/e2e
Tests/EndToEnd/build-weston-module.sh "$BUILD_DIR" >/dev/null
WESTON_W=1920
WESTON_H=1080
weston_start weston || { echo "profile-code-order: weston did not start" >&2; exit 1; }
# SIGTERM stops it, as systemd does: it exits 0 and callgrind writes its counts.
(XDG_RUNTIME_DIR=$WESTON_RUN WAYLAND_DISPLAY=kiosk-e2e callgrind run "$work/kiosk-shell" run --config Config) &
grinder=$!
wait_for_line "$work/run.log" "ready: first frame" 120 ||
    { tail -5 "$work/run.log" >&2; echo "profile-code-order: the kiosk showed no page" >&2; exit 1; }
# What a panel's day holds: fingers turning the cube both ways and tapping, a mouse drag, keys.
swipe() { # swipe X1 X2: a finger across the middle in 20 moves, then time to settle
    weston_touch_drag 1 "$1" 540 "$2" 20
    weston_touch_up 1
    sleep 3
}
swipe 1500 300
swipe 300 1500
weston_tap 960 600
sleep 3
weston_send pointer move 1500 500
weston_send button down
for x in 1400 1200 1000 800 600; do weston_send pointer move $x 500; sleep 0.1; done
weston_send button up
sleep 3
for key in 106 105 1; do weston_key $key; sleep 2; done
sleep 10
kill -TERM $grinder
wait $grinder || { tail -5 "$work/run.log" >&2; echo "profile-code-order: run failed" >&2; exit 1; }
weston_stop_input

grind render "$work/kiosk-shell" render --config Config --all --out "$work/pages"
grind drag "$work/kiosk-shell" render --config Config --page home \
    --actions "drag 1000,400 300,400 300ms" --at 0.2 --out "$work/drag.png"
grind bench "$work/kiosk-shell" bench --config Config --size 640x360 --repetitions 1

# Functions in the order first seen (run first: what every panel executes), once each. Only
# those of the binary (the Swift runtime, Foundation's essentials and libstdc++ are linked into
# it); cairo's or libc's would only be ignored. (A function's `fn=` line follows its object's
# `ob=`; callgrind marks a function's recursion levels with 'N suffixes.)
awk '/^ob=/ { ob = $0 } /^fn=/ && ob ~ /kiosk-shell$/ {
        name = substr($0, 4); sub(/\047[0-9]+$/, "", name); print name }' \
    "$work/run.out" "$work/render.out" "$work/drag.out" "$work/bench.out" |
    awk '!seen[$0]++' >scripts/code-order.txt
echo "profile-code-order: $(wc -l <scripts/code-order.txt) functions in scripts/code-order.txt"
