#!/bin/bash
# Measures the resident memory of `kiosk-shell run` under headless weston (the test module
# drives the keys): after the first frame, after 2000 navigations (Right/Left turns of the
# fixture's cube, each drawn), and after 50 reloads (SIGHUP; every other one with an edited page).
# $NAV_GAP (default 0.1 s) is the time between key presses: shorter than a turn, so most
# turns are reversed while they move (drawn every frame), some settle.
# Prints one line per point: "rss-kib LABEL VALUE". Not part of run.sh (it takes about two
# minutes); run it after memory-related changes and quote the numbers.
#   Tests/EndToEnd/memory-weston.sh [KIOSK_BINARY]   (default: the debug build)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/lib.sh"
. "$HERE/weston.sh"
export PATH="$PATH:/usr/sbin:/sbin"
trap '' PIPE
BUILD_DIR=${BUILD_DIR:-"$ROOT/.build-e2e"}
KIOSK=${1:-"$ROOT/.build/debug/kiosk-shell"}
"$HERE/build-weston-module.sh" "$BUILD_DIR" >/dev/null || { log "building the test module failed"; exit 1; }
WORK=$(mktemp -d /tmp/kiosk-memory.XXXXXX)
chmod 0755 "$WORK"
trap 'cleanup_all; rm -rf "$WORK"' EXIT
FIXTURE="$WORK/config"
cp -r "$HERE/Fixtures/kiosk" "$FIXTURE"

rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }
report() { echo "rss-kib $1 $(rss "$PID")"; }
# settle LABEL: waits for the kiosk to come to rest, checks it is alive, reports.
settle() {
    sleep 2
    kill -0 "$PID" || { log "kiosk died: $(tail -3 "$LOG")"; exit 1; }
    report "$1"
}

weston_start memory || exit 1
LOG="$WORK/client.log"
start_kiosk "$LOG" "$WESTON_RUN" kiosk-e2e
PID=$CLIENT_PID
wait_for_line "$LOG" "^info: showing page " 30 || { log "no first page: $(tail -3 "$LOG")"; exit 1; }
sleep 1
report first-frame
for i in $(seq 1 1000); do
    weston_key 106 # Right
    sleep "${NAV_GAP:-0.1}"
    weston_key 105 # Left
    sleep "${NAV_GAP:-0.1}"
    [ "$i" = 100 ] && report after-200-navigations
done
settle after-2000-navigations
echo "pages shown: $(count_lines "$LOG" '^info: showing page ')"
for i in $(seq 1 50); do
    [ $((i % 2)) = 0 ] && printf '\n# edit %s\n' "$i" >>"$FIXTURE/pages/red.toml"
    kill -HUP "$PID"
    sleep 0.3
    [ "$i" = 5 ] && report after-5-reloads
done
settle after-50-reloads
echo "reloads logged: $(count_lines "$LOG" 'reload')"
