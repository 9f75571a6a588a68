#!/bin/bash
# End-to-end tests of the real binaries under real headless compositors:
# - kiosk/*: `kiosk-shell run` on Fixtures/kiosk under weston 10 (kiosk-shell + the
#   kiosk-test-input module: touch, keys, seat capabilities, screenshots), sway 1.7 (virtual
#   pointer, wtype, grim, output resize, frame pacing and idle CPU) and cage 0.1.4 (smoke);
#   settled screens are compared with `kiosk-shell render` of the same navigation.
# - probe/*: kiosk-wayland-probe, the Wayland layer alone (its stdout lines are checked).
#
#   Tests/EndToEnd/run.sh [--only kiosk,probe,weston,sway,cage] [--keep] [--control-only] [--controls-only]
#       [--power-only] [--playlist-only] [--evening-only] [--languages-only]
#
# --only picks suites by client and/or compositor (default: all); --power-only runs only the
# display power case under sway (power-sway.sh); --playlist-only only the playlist case under
# weston (playlist.sh); --evening-only only the evening under a shifted clock (evening.sh: sway
# and libfaketime, about 75 s). kiosk-shell is built in release
# mode (frame pacing is measured on it); $KIOSK_BIN and $PROBE_BIN use other binaries.
# Runs as root (sway and cage then run as $E2E_USER, created when missing) or as a normal user.
# Prints "N passed, M failed" last; exits 1 when anything failed.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
. "$HERE/lib.sh"
. "$HERE/weston.sh"
. "$HERE/sway.sh"
. "$HERE/cage.sh"
. "$HERE/probe-weston.sh"
. "$HERE/probe-sway.sh"
. "$HERE/probe-cage.sh"
. "$HERE/kiosk-weston.sh"
. "$HERE/kiosk-sway.sh"
. "$HERE/kiosk-cage.sh"

ONLY="kiosk,probe,weston,sway,cage"
CONTROL_ONLY=0
KEEP=0
while [ $# -gt 0 ]; do
    case "$1" in
        --only) ONLY=$2; shift 2 ;;
        --keep) KEEP=1; shift ;;
        --control-only) CONTROL_ONLY=1; ONLY=kiosk,weston; shift ;;
        --controls-only) CONTROL_ONLY=2; ONLY=kiosk,weston; shift ;;
        --power-only) CONTROL_ONLY=3; ONLY=kiosk,sway; shift ;;
        --playlist-only) CONTROL_ONLY=4; ONLY=kiosk,weston; shift ;;
        --evening-only) CONTROL_ONLY=5; ONLY=kiosk,sway; shift ;;
        --languages-only) CONTROL_ONLY=6; ONLY=kiosk,weston; shift ;;
        *) log "usage: $0 [--only kiosk,probe,weston,sway,cage] [--keep] [--languages-only]"; exit 2 ;;
    esac
done
# A list naming only clients (or only compositors) means all of the other kind.
case ",$ONLY," in *,kiosk,*|*,probe,*) ;; *) ONLY="$ONLY,kiosk,probe" ;; esac
case ",$ONLY," in *,weston,*|*,sway,*|*,cage,*) ;; *) ONLY="$ONLY,weston,sway,cage" ;; esac
wants() { case ",$ONLY," in *,$1,*) case ",$ONLY," in *,$2,*) return 0 ;; esac ;; esac; return 1; }

BACKGROUND=2060A0 # the probe's background
E2E_USER=${E2E_USER:-kiosktest}
BUILD_DIR=${BUILD_DIR:-"$ROOT/.build-e2e"}
FIXTURE="$HERE/Fixtures/kiosk"
export PATH="$PATH:/usr/sbin:/sbin"
[ -x /opt/swift/usr/bin/swift ] && ! command -v swift >/dev/null && export PATH=/opt/swift/usr/bin:$PATH
# A write to a FIFO whose compositor died must fail the case, not kill the harness.
trap '' PIPE

give_up() { log "$1"; echo "0 passed, 1 failed"; exit 1; }
for tool in gcc pkg-config wayland-scanner weston sway cage grim wtype swaymsg setpriv; do
    command -v "$tool" >/dev/null || give_up "missing tool: $tool"
done
"$HERE/build-weston-module.sh" "$BUILD_DIR" >/dev/null || give_up "building the test helpers failed"
if [ -z "${KIOSK_BIN:-}" ]; then
    (cd "$ROOT" && swift build -c release --product kiosk-shell >"$BUILD_DIR/swift-build-release.log" 2>&1) ||
        give_up "swift build -c release --product kiosk-shell failed (see $BUILD_DIR/swift-build-release.log)"
    KIOSK_BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/kiosk-shell"
fi
if [ -z "${PROBE_BIN:-}" ]; then
    (cd "$ROOT" && swift build --product kiosk-wayland-probe >"$BUILD_DIR/swift-build-probe.log" 2>&1) ||
        give_up "swift build --product kiosk-wayland-probe failed (see $BUILD_DIR/swift-build-probe.log)"
    PROBE_BIN="$(cd "$ROOT" && swift build --show-bin-path)/kiosk-wayland-probe"
fi
KIOSK=$KIOSK_BIN
PROBE=$PROBE_BIN
prepare_user || give_up "cannot prepare the unprivileged user"

WORK=$(mktemp -d /tmp/kiosk-e2e.XXXXXX)
chmod 0755 "$WORK" # the unprivileged user needs to reach its runtime dir inside
finish() {
    cleanup_all
    if [ $KEEP = 1 ] || [ $FAILED -gt 0 ]; then log "logs kept in $WORK"; else rm -rf "$WORK"; fi
}
trap finish EXIT
trap 'exit 1' INT TERM
log "kiosk-shell: $KIOSK"
log "probe: $PROBE"
STARTED_AT=$(now)

[ $CONTROL_ONLY = 0 ] && wants kiosk weston && kiosk_weston_cases
[ $CONTROL_ONLY = 0 ] && wants kiosk sway && kiosk_sway_cases
# Display power: the schedule's "off" through wlr-output-power-management.
[ $CONTROL_ONLY = 0 ] || [ $CONTROL_ONLY = 3 ] && wants kiosk sway && { . "$HERE/power-sway.sh"; power_sway_cases; }
# The evening under libfaketime: dim, off, a click wakes it pressing nothing, off again.
[ $CONTROL_ONLY = 0 ] || [ $CONTROL_ONLY = 5 ] && wants kiosk sway && { . "$HERE/power-sway.sh"; . "$HERE/evening.sh"; evening_cases; }
if [ $CONTROL_ONLY = 0 ]; then
    wants kiosk cage && kiosk_cage_cases
    wants probe weston && probe_weston_cases
    wants probe sway && probe_sway_cases
    wants probe cage && probe_cage_cases
    # Service behaviour (sd_notify, reload, idle, state) runs the kiosk under weston too.
    wants kiosk weston && { . "$HERE/systemd.sh"; systemd_cases; }
    # Rotated panels and calibration under weston.
    wants kiosk weston && { . "$HERE/calibrate.sh"; calibrate_cases; }
    # Live reload of [display] and [input]: a broken config fixed with a rotation, a rotation edited.
    wants kiosk weston && { . "$HERE/live-reload.sh"; live_reload_cases; }
    # The screensaver: shown after idle, ended by a tap that presses nothing.
    wants kiosk weston && { . "$HERE/screensaver.sh"; screensaver_cases; }
fi
# The playlist: turns by itself at its dwell, sleeps between turns, a tap pauses it.
[ $CONTROL_ONLY = 0 ] || [ $CONTROL_ONLY = 4 ] && wants kiosk weston && { . "$HERE/playlist.sh"; playlist_cases; }
# Languages: a picker tile re-lays out the page in place; idle returns to the default.
[ $CONTROL_ONLY = 0 ] || [ $CONTROL_ONLY = 6 ] && wants kiosk weston && { . "$HERE/languages.sh"; languages_cases; }
# The control layer: values, actions, MQTT and D-Bus with a real broker and bus daemon.
[ $CONTROL_ONLY != 2 ] && [ $CONTROL_ONLY != 3 ] && [ $CONTROL_ONLY != 4 ] && [ $CONTROL_ONLY != 5 ] && [ $CONTROL_ONLY != 6 ] && wants kiosk weston && { . "$HERE/control.sh"; control_cases; }
# Control widgets (toggle, slider) publishing and running programs with their value.
[ $CONTROL_ONLY != 4 ] && [ $CONTROL_ONLY != 5 ] && [ $CONTROL_ONLY != 6 ] && wants kiosk weston && { . "$HERE/control.sh"; . "$HERE/controls.sh"; controls_cases; }

log "end-to-end run took $(elapsed "$STARTED_AT" "$(now)") s"
[ $FAILED -gt 0 ] && log "failed:$FAILED_NAMES"
echo "$PASSED passed, $FAILED failed"
[ $FAILED -eq 0 ]
