#!/bin/bash
# Frame pacing of `kiosk-shell run` under weston 10 headless (not part of run.sh: ~30 s).
#
#   Tests/EndToEnd/pacing-weston.sh [SECONDS] [WIDTHxHEIGHT]
#
# Drags the fixture's cube back and forth for SECONDS (default 10) at WIDTHxHEIGHT (default
# 1280x800) twice: under weston's default repaint window (7 ms) and with `[core] repaint-window=15`,
# and prints the kiosk's "frames:" line and the intervals between wp_presentation timestamps of
# each run (from WAYLAND_DEBUG). Weston 10's headless backend finishes a frame 16 ms after it
# repaints (a timer) and then schedules the next repaint one nominal refresh (16.7 ms) after that
# minus the repaint window, so with nothing ever late a frame takes 16 + 16.7 - 7 = 25.7 ms
# (about 39 fps) by default and 16 + 1.7 = 17.7 ms with a 15 ms window.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/lib.sh"
. "$HERE/weston.sh"
SECONDS_TO_DRAG=${1:-10}
SIZE=${2:-1280x800}
WESTON_W=${SIZE%x*}
WESTON_H=${SIZE#*x}
BUILD_DIR=${BUILD_DIR:-"$ROOT/.build-e2e"}
FIXTURE="$HERE/Fixtures/kiosk"
"$HERE/build-weston-module.sh" "$BUILD_DIR" >/dev/null || { log "building the weston module failed"; exit 1; }
if [ -z "${KIOSK_BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product kiosk-shell >"$BUILD_DIR/swift-build-release.log" 2>&1) ||
        { log "swift build -c release failed"; exit 1; }
    KIOSK_BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/kiosk-shell"
fi
KIOSK=$KIOSK_BIN
WORK=$(mktemp -d /tmp/kiosk-pacing.XXXXXX)
trap 'cleanup_all; weston_stop_input 2>/dev/null; rm -rf "$WORK"' EXIT
trap '' PIPE

# one_run NAME WESTON_INI_TEXT
one_run() {
    printf '%s\n' "$2" >"$WORK/$1.ini"
    WESTON_ARGS="--config=$WORK/$1.ini" weston_start "$1" || { log "weston did not start"; return 1; }
    L="$WORK/$1-client.log"
    env XDG_RUNTIME_DIR="$WESTON_RUN" WAYLAND_DISPLAY=kiosk-e2e WAYLAND_DEBUG=client \
        "$KIOSK" run --config "$FIXTURE" --verbose >"$L" 2>&1 &
    pid=$!
    track $pid
    wait_for_line "$L" '^info: showing page "red"' 10 || { log "no page: $(tail -2 "$L")"; return 1; }
    y=$((WESTON_H / 2)) left=$((WESTON_W / 8)) right=$((WESTON_W * 7 / 8))
    weston_send touch down 3 $right $y
    weston_send touch frame
    # About 120 motions a second, one way per second (as the sway pacing case).
    end=$(awk -v t="$(now)" -v d="$SECONDS_TO_DRAG" 'BEGIN { printf "%.3f", t + d }')
    while less_than "$(now)" "$end"; do
        phase=$(awk -v t="$(now)" 'BEGIN { p = t - int(t / 2) * 2; if (p > 1) p = 2 - p; printf "%d", p * 1000 }')
        weston_send touch motion 3 $((right - (right - left) * phase / 1000)) $y
        weston_send touch frame
        sleep 0.008
    done
    weston_send touch up 3
    weston_send touch frame
    sleep 1
    kill -TERM $pid
    wait_for_exit $pid 3
    weston_stop_input
    stop_pid $WESTON_PID
    log "$1: $(grep '^info: frames: ' "$L")"
    # Intervals between consecutive presentation timestamps (tv_sec_lo, tv_nsec) and the refresh
    # weston reports with them.
    grep 'wp_presentation_feedback@[0-9]*.presented(' "$L" | sed 's/.*presented(\([^)]*\)).*/\1/' |
        awk -F', ' -v name="$1" '{ t = $2 + $3 / 1e9; if (n++) { d = (t - last) * 1000; if (d < 100) { h[int(d)]++; sum += d; k++ } } last = t; r = $4 / 1e6 }
            END { printf "%s: %d presented, refresh reported %.2f ms, mean interval under 100 ms %.2f ms; intervals (ms: count):", name, n, r, k ? sum / k : 0
                  for (i = 0; i < 100; i++) if (h[i]) printf " %d:%d", i, h[i]; printf "\n" }' >&2
}

one_run default-window "[core]"
one_run window-15 "[core]
repaint-window=15"
